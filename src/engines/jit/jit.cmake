# The JIT: which code generator the library has, chosen by the processor it is built for.
#   JSONJIT_CODE_GENERATOR  x86_64 | aarch64 | none (the interpreter runs everything;
#                           engine::jit is refused with "no code generator for this processor")
# JSONJIT_JIT=OFF builds no code generator on any processor, and needs no asmjit.
option(JSONJIT_JIT "Build the JIT's code generator for the target processor (needs asmjit)" ON)
if(NOT JSONJIT_JIT)
  set(JSONJIT_CODE_GENERATOR none)
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  set(JSONJIT_CODE_GENERATOR x86_64)
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|ARM64)$")
  set(JSONJIT_CODE_GENERATOR aarch64)
else()
  set(JSONJIT_CODE_GENERATOR none)
endif()
set(JSONJIT_CODE_GENERATOR ${JSONJIT_CODE_GENERATOR} PARENT_SCOPE)
message(STATUS "jsonjit: code generator for ${CMAKE_SYSTEM_PROCESSOR}: ${JSONJIT_CODE_GENERATOR}")

if(JSONJIT_CODE_GENERATOR STREQUAL "none")
  target_sources(jsonjit PRIVATE engines/jit/no_code_generator.cpp schema/no_code_generator.cpp
    query/no_code_generator.cpp)
  return()
endif()

# What every code generator shares: the compilers that decide what the code does (typed
# writers and readers, schema validators, JSONPath queries), the helpers generated code calls, executable memory
# and the debuggers' view of it.
target_sources(jsonjit PRIVATE
  engines/jit/compile_write.cpp
  engines/jit/write_helpers.cpp
  engines/jit/compile_read.cpp
  engines/jit/read_constructed.cpp
  engines/jit/read_helpers.cpp
  engines/jit/listing.cpp
  engines/jit/layout.cpp
  engines/jit/options_code.cpp
  engines/jit/emit/code_memory.cpp
  engines/jit/emit/debug_registry.cpp
  schema/jit_compile.cpp
  schema/jit_helpers.cpp
  schema/jit_plan.cpp
  query/jit_compile.cpp
  query/jit_helpers.cpp)
target_compile_definitions(jsonjit PRIVATE JSONJIT_CODE_GENERATOR_${JSONJIT_CODE_GENERATOR}=1)
# asmjit (the assembler) is used by src/engines/jit/emit/ only. Debian ships it as a static
# archive, so a consumer of the static jsonjit links it too: the package config finds it. That
# archive is not position-independent, so a shared jsonjit compiles asmjit's sources
# (JSONJIT_ASMJIT_SOURCE_DIR: Debian's source package of the same version, unpacked by
# scripts/install-deps.sh) with -fPIC into itself, its symbols kept inside (src/jsonjit.map).
set(JSONJIT_ASMJIT_SOURCE_DIR "" CACHE PATH "asmjit's sources, for a shared jsonjit (BUILD_SHARED_LIBS=ON)")
if(BUILD_SHARED_LIBS)
  if(NOT EXISTS "${JSONJIT_ASMJIT_SOURCE_DIR}/CMakeLists.txt")
    message(FATAL_ERROR "A shared jsonjit with a code generator needs asmjit's sources compiled with -fPIC: "
      "set JSONJIT_ASMJIT_SOURCE_DIR to them (scripts/install-deps.sh test unpacks Debian's into "
      "/usr/local/src/jsonjit/asmjit), or build without the JIT (-DJSONJIT_JIT=OFF).")
  endif()
  set(ASMJIT_STATIC ON CACHE BOOL "" FORCE)
  set(ASMJIT_NO_INSTALL ON CACHE BOOL "" FORCE)
  add_subdirectory(${JSONJIT_ASMJIT_SOURCE_DIR} ${CMAKE_BINARY_DIR}/asmjit EXCLUDE_FROM_ALL SYSTEM)
  set_target_properties(asmjit PROPERTIES POSITION_INDEPENDENT_CODE ON CXX_VISIBILITY_PRESET hidden)
  target_link_libraries(jsonjit PRIVATE asmjit::asmjit)
else()
  find_package(asmjit CONFIG REQUIRED)
  target_link_libraries(jsonjit PRIVATE asmjit::asmjit)
endif()

if(JSONJIT_CODE_GENERATOR STREQUAL "x86_64")
  set(_emit engines/jit/emit/x86_64)
  target_sources(jsonjit PRIVATE
    ${_emit}/x86_function.cpp
    engines/jit/emit/place_assembled.cpp
    ${_emit}/x86_templates.cpp
    ${CMAKE_CURRENT_BINARY_DIR}/${_emit}/x86_prebuilt_data.cpp
    ${_emit}/writer_emitter.cpp
    ${_emit}/reader_emitter.cpp
    ${_emit}/schema_emitter.cpp
    ${_emit}/shared_routines.cpp
    ${_emit}/frame_convention.cpp)
  # The code templates' analysis and the shared routines' code (x86_templates_p.hpp,
  # x86_routines_p.hpp), made by a program of the build so that no process assembles them at
  # run time. (Cross-compiled, CMake runs it through CMAKE_CROSSCOMPILING_EMULATOR.)
  add_executable(jsonjit_x86_prebuilt_generator
    ${_emit}/x86_prebuilt_generator.cpp
    ${_emit}/x86_template_analysis.cpp
    ${_emit}/x86_templates.cpp
    ${_emit}/x86_routines.cpp
    ${_emit}/x86_function.cpp
    ${_emit}/frame_convention.cpp
    engines/jit/emit/code_memory.cpp
    engines/jit/emit/debug_registry.cpp
    engines/jit/emit/place_assembled.cpp)
  target_include_directories(jsonjit_x86_prebuilt_generator PRIVATE ${PROJECT_SOURCE_DIR}/include ${CMAKE_CURRENT_SOURCE_DIR})
  target_compile_features(jsonjit_x86_prebuilt_generator PRIVATE cxx_std_20)
  target_link_libraries(jsonjit_x86_prebuilt_generator PRIVATE jsonjit_warnings asmjit::asmjit)
  add_custom_command(
    OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/${_emit}/x86_prebuilt_data.cpp
    COMMAND jsonjit_x86_prebuilt_generator ${CMAKE_CURRENT_BINARY_DIR}/${_emit}/x86_prebuilt_data.cpp
    DEPENDS jsonjit_x86_prebuilt_generator
    COMMENT "Assembling the JIT's x86-64 code templates and shared routines")
elseif(JSONJIT_CODE_GENERATOR STREQUAL "aarch64")
  # No templates: AArch64 instructions are assembled as the functions are (measured in
  # docs/ARCHITECTURE.md); the shared routines on first use.
  set(_emit engines/jit/emit/aarch64)
  target_sources(jsonjit PRIVATE
    ${_emit}/a64_function.cpp
    engines/jit/emit/place_assembled.cpp
    ${_emit}/writer_emitter.cpp
    ${_emit}/reader_emitter.cpp
    ${_emit}/schema_emitter.cpp
    ${_emit}/shared_routines.cpp
    ${_emit}/frame_convention.cpp)
endif()
