// How a call on the processor the code generator targets leaves its frame at a function's first
// instruction, for the debuggers' view of generated code (debug_registry.cpp writes it into
// the CIE of each function's unwind table). Each code generator's folder defines it. Part of the
// emitter module.
#pragma once

#include <cstdint>
#include <span>

namespace jsonjit::detail::jit {

struct frame_convention {
  std::uint16_t elf_machine;              ///< EM_X86_64, EM_AARCH64
  std::uint8_t return_address_register;   ///< its DWARF number
  /// DWARF call frame instructions: where the frame's base (CFA) and the return address are on
  /// entry (data alignment -8: register offsets count 8-byte words below the CFA).
  std::span<const std::uint8_t> initial_instructions;
};

const frame_convention& host_frame_convention() noexcept;

}  // namespace jsonjit::detail::jit
