// The executable memory of an options object, made by its first compilation.
#include "engines/jit/emit/code_memory_p.hpp"
#include "model/type_info_p.hpp"

namespace jsonjit::detail {

jit::code_memory& options_context::code() {
  if (code_ == nullptr) code_ = {new jit::code_memory, [](jit::code_memory* memory) { delete memory; }};
  return *code_;
}

}  // namespace jsonjit::detail
