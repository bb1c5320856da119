// The JSONPath JIT's entry point in a library without a code generator (see
// src/engines/jit/no_code_generator.cpp): every query is refused with the same reason, so
// engine::automatic selects by the interpreter and engine::jit reports why.
#include <memory>
#include <string>

#include "engines/jit/jit_p.hpp"
#include "query/jit_p.hpp"

namespace jsonjit::detail::path {

native_query::refusal native_query::refusal_of(const program&) { return {std::string(jit::no_code_generator), 0}; }

std::shared_ptr<const native_query> native_query::compile(const program& p, refusal& refused) {
  refused = refusal_of(p);
  return nullptr;
}

// Never reached (compile makes no query), but path_selector names it.
bool native_query::run(std::string_view, const document_options&, native_run&, std::vector<path_step>&) const {
  return false;
}

}  // namespace jsonjit::detail::path
