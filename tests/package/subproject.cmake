# Configures, builds and runs tests/package/subproject with jsonjit as a subproject
# (HOW: add_subdirectory or fetchcontent).
file(REMOVE_RECURSE ${WORK_DIR})

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "failed: ${ARGN}\n${out}\n${err}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

run(${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${WORK_DIR} -G Ninja
    -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DJSONJIT_HOW=${HOW} -DJSONJIT_SOURCE_DIR=${SOURCE_DIR})
run(${CMAKE_COMMAND} --build ${WORK_DIR})
run(${WORK_DIR}/consumer)
if(NOT last_output STREQUAL "{\"consumer\":[1,true]}\n")
  message(FATAL_ERROR "consumer printed: ${last_output}")
endif()
