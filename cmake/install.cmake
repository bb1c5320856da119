# `cmake --install` yields a package that `find_package(jsonjit CONFIG REQUIRED)` finds, a
# pkg-config file for builds without CMake, and the license.
include(CMakePackageConfigHelpers)

install(TARGETS jsonjit EXPORT jsonjit-targets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY include/jsonjit DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT jsonjit-targets
  NAMESPACE jsonjit::
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/jsonjit)

# A static jsonjit with a code generator needs Debian's asmjit at the consumer's link; a shared
# one contains its own.
if(JSONJIT_CODE_GENERATOR STREQUAL "none" OR BUILD_SHARED_LIBS)
  set(JSONJIT_PACKAGE_NEEDS_ASMJIT OFF)
  set(JSONJIT_PC_ASMJIT "")
else()
  set(JSONJIT_PACKAGE_NEEDS_ASMJIT ON)
  set(JSONJIT_PC_ASMJIT "-lasmjit ")
endif()

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
# What a consumer's link needs besides jsonjit: everything for the static library; for the
# shared one, nothing (it brings its dependencies) but with --static.
set(_jsonjit_pc_deps "${JSONJIT_PC_ASMJIT}-lpcre2-8 -lidn2 -pthread -lrt")
if(BUILD_SHARED_LIBS)
  set(JSONJIT_PC_LIBS "-L\${libdir} -ljsonjit")
  set(JSONJIT_PC_LIBS_PRIVATE "${_jsonjit_pc_deps}")
else()
  set(JSONJIT_PC_LIBS "-L\${libdir} -ljsonjit ${_jsonjit_pc_deps}")
  set(JSONJIT_PC_LIBS_PRIVATE "")
endif()
configure_file(cmake/jsonjit.pc.in ${PROJECT_BINARY_DIR}/jsonjit.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/jsonjit.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
install(FILES LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR})
