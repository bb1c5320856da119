# Compiles SOURCE twice with COMPILER: as it is, it must fail with an error matching each of
# the EXPECT regular expressions (';'-separated); with -DDESCRIBED, it must compile.
execute_process(COMMAND ${COMPILER} -std=c++20 -fsyntax-only -I${INCLUDE} ${SOURCE}
                RESULT_VARIABLE failed ERROR_VARIABLE errors OUTPUT_VARIABLE output)
if(NOT failed)
  message(FATAL_ERROR "${SOURCE} compiled; it must not")
endif()
foreach(expected IN LISTS EXPECT)
  if(NOT errors MATCHES "${expected}")
    message(FATAL_ERROR "the compiler's errors do not say '${expected}':\n${errors}")
  endif()
endforeach()
execute_process(COMMAND ${COMPILER} -std=c++20 -fsyntax-only -DDESCRIBED -I${INCLUDE} ${SOURCE}
                RESULT_VARIABLE failed ERROR_VARIABLE errors)
if(failed)
  message(FATAL_ERROR "${SOURCE} with DESCRIBED does not compile:\n${errors}")
endif()
