# Warnings for the project's own targets (not for consumers).
add_library(jsonjit_warnings INTERFACE)
target_compile_options(jsonjit_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion -Wnon-virtual-dtor
  -Wimplicit-fallthrough)
