// What every generated x86-64 function shares, whatever it does: the assembler, the frame
// (rbx and r12–r15 saved, 16 bytes of stack slots, calls 16-byte aligned), calls to helpers
// at absolute addresses, and placing the finished code in executable memory. Private to
// src/engines/jit/emit/ (the only place that sees asmjit).
#pragma once

#include <cstdint>

#include <asmjit/x86.h>

#include "engines/jit/emit/code_memory_p.hpp"

namespace jsonjit::detail::jit {

namespace x86 = asmjit::x86;

struct x86_function {
  x86_function();

  /// Saves the callee-saved registers the convention uses and opens the two stack slots.
  void prologue();
  void epilogue();
  /// Calls `function` (an absolute address: generated code may lie anywhere).
  void call(std::uint64_t function);
  template <class F>
  void call(F* function) {
    call(reinterpret_cast<std::uint64_t>(function));
  }
  /// Resolves the labels and places the code in `memory` (a null entry if that fails).
  placed_code place(code_memory& memory);

  asmjit::CodeHolder code;
  x86::Assembler a;
};

/// The stack slots the prologue opens (below the saved registers).
/// (constexpr: file-scope constants built from it must not wait for dynamic initialization,
/// since types may be compiled while static objects of other files are constructed.)
constexpr x86::Mem stack_slot(int index) { return x86::qword_ptr(x86::rsp, index * 8); }

}  // namespace jsonjit::detail::jit
