// The typed JIT's entry points in a library without a code generator (built with
// JSONJIT_JIT=OFF, or for a processor jsonjit has none for): every type is refused with one
// reason (src/schema/no_code_generator.cpp does the same for schemas), so engine::automatic
// runs the interpreter and engine::jit reports not_compiled saying why.
#include <string_view>

#include <jsonjit/jit.hpp>

#include "engines/jit/jit_p.hpp"

namespace jsonjit::detail::jit {

write_fn writer_for(const type_info&, std::string_view& why) {
  why = no_code_generator;
  return nullptr;
}

read_fn reader_for(const type_info&, std::string_view& why) {
  why = no_code_generator;
  return nullptr;
}

}  // namespace jsonjit::detail::jit

// Never reached (no compiled reader exists to fill its frame), but the front door names it.
const char* jsonjit_jit_read_constructed(jsonjit::detail::jit::read_context*, void*, const char*,
                                         const jsonjit::detail::jit::constructed_reader*, bool) noexcept {
  return nullptr;
}

bool jsonjit::jit_available() noexcept { return false; }
