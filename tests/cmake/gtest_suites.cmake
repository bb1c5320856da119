# One ctest test per GoogleTest suite (the suite's tests in one process, `--gtest_filter=Suite.*`)
# rather than one per test as gtest_discover_tests makes them: a unit-test process starts in
# 0.25 s under ASan and 0.35 s under qemu-aarch64 (static objects, the emulator's translation),
# which over 400 tests was a third of those runs. The suites are listed after each build by
# the program itself (through the emulator where cross-compiled).
#
#   jsonjit_gtest_suites(TARGET [PREFIX P] [LABELS L...])
function(jsonjit_gtest_suites target)
  cmake_parse_arguments(arg "" "PREFIX" "LABELS" ${ARGN})
  set(listed "${CMAKE_CURRENT_BINARY_DIR}/${target}_suites.cmake")
  # (Lists stay one argument of the command.)
  string(REPLACE ";" "$<SEMICOLON>" emulator "${CMAKE_CROSSCOMPILING_EMULATOR}")
  string(REPLACE ";" "$<SEMICOLON>" labels "${arg_LABELS}")
  set(include_file "${CMAKE_CURRENT_BINARY_DIR}/${target}_suites_include.cmake")
  add_custom_command(TARGET ${target} POST_BUILD
    COMMAND ${CMAKE_COMMAND}
      "-DPROGRAM=$<TARGET_FILE:${target}>"
      "-DEMULATOR=${emulator}"
      "-DPREFIX=${arg_PREFIX}"
      "-DLABELS=${labels}"
      "-DOUTPUT=${listed}"
      -P "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/list_gtest_suites.cmake"
    BYPRODUCTS "${listed}"
    VERBATIM)
  # (ctest reads this before the program is built too: it then says so in a test that fails.)
  file(WRITE "${include_file}"
    "if(EXISTS \"${listed}\")\n"
    "  include(\"${listed}\")\n"
    "else()\n"
    "  add_test(${target}_NOT_BUILT ${target}_NOT_BUILT)\n"
    "endif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${include_file}")
endfunction()
