// The JIT's entry points in a library without a code generator (built with JSONJIT_JIT=OFF, or
// for a processor jsonjit has none for): every type and schema is refused with one reason, so
// engine::automatic runs the interpreter and engine::jit reports not_compiled saying why.
#include <memory>
#include <string_view>

#include <jsonjit/jit.hpp>

#include "engines/jit/jit_p.hpp"
#include "schema/jit_p.hpp"

namespace jsonjit::detail::jit {
namespace {
constexpr std::string_view no_code_generator = "no code generator for this processor";
}

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

namespace jsonjit::detail::schema {

std::shared_ptr<const native_validator> native_validator::compile(const schema_program&, refusal& refused,
                                                                  bool only_if_faster) {
  // engine::automatic takes the interpreter without a word, as for a schema the code would
  // not be faster for.
  if (!only_if_faster) refused.why = jit::no_code_generator;
  return nullptr;
}

// Never reached (compile makes no validator), but schema::validate names it.
bool native_validator::shows_valid(std::string_view) const noexcept { return false; }

}  // namespace jsonjit::detail::schema

bool jsonjit::jit_available() noexcept { return false; }
