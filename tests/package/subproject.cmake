# Configures, builds and runs tests/package/subproject with jsonjit as a subproject
# (HOW: add_subdirectory or fetchcontent).
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)
file(REMOVE_RECURSE ${WORK_DIR})

run(${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${WORK_DIR} -G Ninja
    -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DJSONJIT_HOW=${HOW} -DJSONJIT_SOURCE_DIR=${SOURCE_DIR})
run(${CMAKE_COMMAND} --build ${WORK_DIR})
expect_consumer_output(${WORK_DIR}/consumer)
