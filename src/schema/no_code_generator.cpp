// The schema JIT's entry point in a library without a code generator (see
// src/engines/jit/no_code_generator.cpp): every schema is refused with the same reason, so
// engine::automatic runs the interpreter and engine::jit reports why.
#include <memory>
#include <string_view>

#include "engines/jit/jit_p.hpp"
#include "schema/jit_p.hpp"

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
