# Writes OUTPUT: an add_test per GoogleTest suite PROGRAM lists (see gtest_suites.cmake).
# -DPROGRAM= -DEMULATOR= (a list, may be empty) -DPREFIX= -DLABELS= (a list) -DOUTPUT=
execute_process(COMMAND ${EMULATOR} "${PROGRAM}" --gtest_list_tests
  OUTPUT_VARIABLE listing ERROR_VARIABLE errors RESULT_VARIABLE status TIMEOUT 120)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} --gtest_list_tests failed (${status}): ${errors}")
endif()
string(REPLACE ";" "\\;" listing "${listing}")
string(REPLACE "\n" ";" lines "${listing}")
set(command "")
foreach(part IN LISTS EMULATOR)
  string(APPEND command "[==[${part}]==] ")
endforeach()
string(APPEND command "[==[${PROGRAM}]==]")
set(out "")
foreach(line IN LISTS lines)
  # A suite is a line that does not start with a space: "Suite." (typed and parameterized
  # suites carry "Prefix/" and a "  # TypeParam" comment).
  if(line MATCHES "^([^ #][^ ]*)\\.")
    set(suite "${CMAKE_MATCH_1}")
    set(name "${PREFIX}${suite}")
    string(APPEND out "add_test([==[${name}]==] ${command} [==[--gtest_filter=${suite}.*]==])\n")
    string(APPEND out "set_tests_properties([==[${name}]==] PROPERTIES LABELS [==[${LABELS}]==])\n")
  endif()
endforeach()
if(out STREQUAL "")
  message(FATAL_ERROR "${PROGRAM} lists no test suites")
endif()
file(WRITE "${OUTPUT}" "${out}")
