# Configures tests/package/subproject with jsonjit as a subproject (HOW: add_subdirectory or
# fetchcontent), checks its build plan (the consumer, linked against the subproject's library)
# and compiles the consumer against the subproject's headers. The library's sources are not
# compiled a second time: the build they would get is the one every other test builds (minutes
# of make test that would prove nothing more); linking and running a consumer are
# package_consumer's and the shared library's tests.
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)
file(REMOVE_RECURSE ${WORK_DIR})

run(${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${WORK_DIR} -G Ninja
    -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DJSONJIT_HOW=${HOW} -DJSONJIT_SOURCE_DIR=${SOURCE_DIR})
# Ninja's list of what it would build: the consumer, linked against the subproject's library.
run(ninja -C ${WORK_DIR} -t targets all)
set(targets "${last_output}")
if(NOT targets MATCHES "(^|\n)consumer: CXX_EXECUTABLE_LINKER" OR NOT targets MATCHES "/src/libjsonjit\\.a")
  message(FATAL_ERROR "the ${HOW} build plan lacks the consumer or the library:\n${targets}")
endif()
run(ninja -C ${WORK_DIR} -t inputs consumer)
if(NOT last_output MATCHES "libjsonjit\\.a")
  message(FATAL_ERROR "the consumer does not link the subproject's library:\n${last_output}")
endif()
# The consumer's object, compiled with what the subproject's target gives it (include
# directories, definitions, the C++ standard).
string(REGEX MATCH "[^\n]*consumer\\.dir/[^\n]*main\\.cpp\\.o" consumer_object "${targets}")
if(NOT consumer_object)
  message(FATAL_ERROR "no object file for the consumer in:\n${targets}")
endif()
run(ninja -C ${WORK_DIR} ${consumer_object})
