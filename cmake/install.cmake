# `cmake --install` yields a package that `find_package(jsonjit CONFIG REQUIRED)` finds, a
# pkg-config file for builds without CMake, and the license.
include(CMakePackageConfigHelpers)

install(TARGETS jsonjit EXPORT jsonjit-targets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY include/jsonjit DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT jsonjit-targets
  NAMESPACE jsonjit::
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/jsonjit)

configure_package_config_file(cmake/jsonjit-config.cmake.in
  ${PROJECT_BINARY_DIR}/jsonjit-config.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/jsonjit)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/jsonjit-config-version.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/jsonjit-config.cmake
  ${PROJECT_BINARY_DIR}/jsonjit-config-version.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/jsonjit)

# pkg-config's file finds the prefix from where it lies (relocatable: any --prefix works).
file(RELATIVE_PATH JSONJIT_PC_TO_PREFIX "/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/")
string(REGEX REPLACE "/$" "" JSONJIT_PC_TO_PREFIX "${JSONJIT_PC_TO_PREFIX}")
if(JSONJIT_CODE_GENERATOR STREQUAL "none")
  set(JSONJIT_PC_ASMJIT "")
else()
  set(JSONJIT_PC_ASMJIT "-lasmjit ")
endif()
configure_file(cmake/jsonjit.pc.in ${PROJECT_BINARY_DIR}/jsonjit.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/jsonjit.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
install(FILES LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR})
