# `cmake --install` yields a package that `find_package(jsonjit CONFIG REQUIRED)` finds.
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
