# What the packaging scripts share: running a step, and checking the consumer's output.

# Runs a command; stops the script with its output if it fails. `last_output` is its standard
# output.
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "failed: ${ARGN}\n${out}\n${err}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

# Runs the consumer (tests/package/consumer/main.cpp, however it was built) and checks what it
# printed.
function(expect_consumer_output program)
  run(${program})
  if(NOT last_output STREQUAL "{\"consumer\":[1,true]}\n")
    message(FATAL_ERROR "${program} printed: ${last_output}")
  endif()
endfunction()
