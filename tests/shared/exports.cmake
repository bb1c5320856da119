# What libjsonjit.so shows the dynamic linker: its SONAME carries the minor version (before 1.0
# a minor version may change the ABI); it exports the public API, and neither the assembler
# inside it (asmjit) nor the library's private functions.
# Usage: cmake -D LIBRARY=path/to/libjsonjit.so -D SONAME=libjsonjit.so.0.1 -P exports.cmake
execute_process(COMMAND readelf -d ${LIBRARY} OUTPUT_VARIABLE dynamic RESULT_VARIABLE status)
if(NOT status EQUAL 0 OR NOT dynamic MATCHES "Library soname: \\[${SONAME}\\]")
  message(FATAL_ERROR "no SONAME ${SONAME}:\n${dynamic}")
endif()
execute_process(COMMAND nm -D --defined-only -C ${LIBRARY} OUTPUT_VARIABLE symbols RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "nm -D ${LIBRARY} failed")
endif()
# Public: declared in include/jsonjit/.
foreach(wanted "jsonjit::version_string()" "jsonjit::schema::compile(" "jsonjit::document::parse(")
  string(FIND "${symbols}" "${wanted}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "libjsonjit.so does not export ${wanted}")
  endif()
endforeach()
# GDB's JIT interface, for it and for other JITs in the program to share.
foreach(wanted "__jit_debug_register_code" "__jit_debug_descriptor")
  if(NOT symbols MATCHES "${wanted}\n")
    message(FATAL_ERROR "libjsonjit.so does not export ${wanted}")
  endif()
endforeach()
# The C++ library's template instantiations the library's code made (a consumer makes its own).
if(symbols MATCHES "\n[0-9a-f]+ [A-Za-z] (std|__gnu_cxx)::")
  message(FATAL_ERROR "libjsonjit.so exports the C++ library's instantiations, such as ${CMAKE_MATCH_0}")
endif()
# Private: asmjit, the code generators, the schema compiler's internals.
foreach(unwanted "asmjit::" "jsonjit::detail::jit::writer_for(" "jsonjit::detail::jit::code_memory::"
                 "jsonjit::detail::schema::native_validator::compile(")
  string(FIND "${symbols}" "${unwanted}" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "libjsonjit.so exports ${unwanted}")
  endif()
endforeach()
string(REGEX MATCHALL "\n" lines "${symbols}")
list(LENGTH lines count)
message(STATUS "libjsonjit.so exports ${count} symbols")
