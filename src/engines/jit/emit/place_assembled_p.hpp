// Placing what asmjit assembled in executable memory: relocated to the address it will run at,
// copied through the writable view. Shared by the backends (x86_function, a64_function).
// Private to src/engines/jit/emit/ (the only place that sees asmjit).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include <asmjit/core.h>

#include "engines/jit/emit/code_memory_p.hpp"

namespace jsonjit::detail::jit {

/// `code` (flattened, its links resolved) placed in `memory` as the function `name` with the
/// frame description `unwind`; a null entry when no memory could be had or relocation failed.
placed_code place_assembled(asmjit::CodeHolder& code, code_memory& memory, std::string_view name,
                            std::span<const std::uint8_t> unwind);

}  // namespace jsonjit::detail::jit
