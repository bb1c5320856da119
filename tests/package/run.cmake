# Installs the built tree into a scratch prefix, then builds and runs a consumer of it three
# ways: with find_package(jsonjit CONFIG REQUIRED), with a version the package must refuse,
# and with plain g++ and pkg-config. The license is in the package.
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)

run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
# CMake: the version asked for is the one installed (same minor version before 1.0).
file(STRINGS ${BUILD_DIR}/jsonjit.pc version_line REGEX "^Version: ")
string(REGEX REPLACE "^Version: ([0-9]+)\\.([0-9]+)\\.([0-9]+)$" "\\1;\\2;\\3" version "${version_line}")
list(GET version 0 major)
list(GET version 1 minor)
run(${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${WORK_DIR}/build -G Ninja
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DJSONJIT_WANTED=${major}.${minor})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
expect_consumer_output(${WORK_DIR}/build/consumer)
# A newer minor version than the package's is refused at configuration.
math(EXPR newer "${minor} + 1")
execute_process(COMMAND ${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${WORK_DIR}/newer -G Ninja
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DJSONJIT_WANTED=${major}.${newer}
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(status EQUAL 0 OR NOT err MATCHES "jsonjit")
  message(FATAL_ERROR "version ${major}.${newer} was not refused:\n${out}\n${err}")
endif()

# pkg-config, for builds without CMake (a shared jsonjit is found at run time by the loader's
# path, as a system's library directory would provide it).
set(ENV{PKG_CONFIG_PATH} ${prefix}/${LIBDIR}/pkgconfig)
set(ENV{LD_LIBRARY_PATH} ${prefix}/${LIBDIR})
run(pkg-config --cflags --libs jsonjit)
string(STRIP "${last_output}" flags)
separate_arguments(flags UNIX_COMMAND "${flags}")
run(${CXX_COMPILER} -std=c++20 ${CONSUMER_DIR}/main.cpp ${flags} -o ${WORK_DIR}/pkg_config_consumer)
expect_consumer_output(${WORK_DIR}/pkg_config_consumer)
list(GET version 2 patch)
run(pkg-config --modversion jsonjit)
if(NOT last_output STREQUAL "${major}.${minor}.${patch}\n")
  message(FATAL_ERROR "pkg-config --modversion printed: ${last_output}")
endif()
# (pkgconf 1.8 cannot print the License field: the installed file is read.)
file(STRINGS ${prefix}/${LIBDIR}/pkgconfig/jsonjit.pc license_line REGEX "^License: ")
if(NOT license_line STREQUAL "License: MIT")
  message(FATAL_ERROR "jsonjit.pc's license: ${license_line}")
endif()

# The license is installed.
if(NOT EXISTS ${prefix}/${DOCDIR}/LICENSE)
  message(FATAL_ERROR "no ${prefix}/${DOCDIR}/LICENSE")
endif()
