# Configures, builds and runs tests/package/subproject with jsonjit as a subproject
# (HOW: add_subdirectory or fetchcontent). The two differ in how the consumer's configure step
# finds jsonjit, not in what it compiles: add_subdirectory builds the library and runs the
# consumer; fetchcontent is configured, and its build plan must hold the consumer and the
# library (compiling the same sources a second time would prove nothing more, for minutes of
# make test).
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)
file(REMOVE_RECURSE ${WORK_DIR})

run(${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${WORK_DIR} -G Ninja
    -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DJSONJIT_HOW=${HOW} -DJSONJIT_SOURCE_DIR=${SOURCE_DIR})
if(HOW STREQUAL "fetchcontent")
  # Ninja's list of what it would build: the consumer, linked against the subproject's library.
  run(ninja -C ${WORK_DIR} -t targets all)
  if(NOT last_output MATCHES "(^|\n)consumer: CXX_EXECUTABLE_LINKER" OR NOT last_output MATCHES "jsonjit-build/src/libjsonjit\\.a")
    message(FATAL_ERROR "the FetchContent build plan lacks the consumer or the library:\n${last_output}")
  endif()
  run(ninja -C ${WORK_DIR} -t inputs consumer)
  if(NOT last_output MATCHES "libjsonjit\\.a")
    message(FATAL_ERROR "the consumer does not link the subproject's library:\n${last_output}")
  endif()
  return()
endif()
run(${CMAKE_COMMAND} --build ${WORK_DIR})
expect_consumer_output(${WORK_DIR}/consumer)
