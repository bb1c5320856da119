// What every generated x86-64 function shares, whatever it does: the assembler, the frame
// (rbx and r12–r15 saved, six 8-byte stack slots, calls 16-byte aligned), calls to helpers
// at absolute addresses, and placing the finished code in executable memory. Private to
// src/engines/jit/emit/ (the only place that sees asmjit).
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include <asmjit/x86.h>

#include "engines/jit/emit/code_memory_p.hpp"
#include "engines/jit/emit/value_base_p.hpp"
#include "engines/jit/emit/x86_64/x86_templates_p.hpp"

namespace jsonjit::detail::jit {

namespace x86 = asmjit::x86;

/// Whether `v` is what a template's value of 1 byte takes: a displacement or immediate the
/// assembler encodes in one byte (0 it leaves out of a displacement).
constexpr bool small_value(std::int64_t v) {
  return v != 0 && v >= -128 && v <= 127;
}

/// Whether the assembler moves `v` into a 64-bit register with a 64-bit immediate (what a
/// template's value of 8 bytes takes there).
constexpr bool needs_64_bits(std::uint64_t v) {
  return v > 0xFFFF'FFFFull && static_cast<std::int64_t>(v) != static_cast<std::int32_t>(v);
}

struct x86_function {
  /// With `listing`, every instruction is also logged as text (see listing()).
  explicit x86_function(bool listing);

  /// A comment line in the listing (nothing without one).
  void comment(std::string_view text);
  /// The assembly text so far, with comments; empty without a listing.
  std::string listing() const;

  /// Saves the callee-saved registers the convention uses and opens six 8-byte stack slots.
  void prologue();
  void epilogue();
  /// What prologue() and epilogue() copy (they assemble it where there is a listing).
  void assemble_prologue();
  void assemble_epilogue();
  /// One more object or array open: increments the int32 at [context + depth], jumping to
  /// `fail` when it passes the int32 at [context + max_depth] (where a writer or reader would
  /// stop), or when the stack pointer is below the uintptr at [context + stack_floor].
  void open_level(std::int32_t depth, std::int32_t max_depth, std::int32_t stack_floor, asmjit::Label fail);
  void close_level(std::int32_t depth);
  /// Calls `function` (an absolute address: generated code may lie anywhere).
  void call(std::uint64_t function);
  template <class F>
  void call(F* function) {
    call(reinterpret_cast<std::uint64_t>(function));
  }
  /// The position (r12) moved `n` bytes on.
  void advance(std::int64_t n);
  /// After a helper call that returns the new position (r12) or null (jumps to `fail`).
  void take_position(asmjit::Label fail);
  /// The instructions of template `t` with these labels and values (see code_template): its
  /// bytes copied, or assembled where there is a listing or a value does not fit its widths.
  void emit(x86_template t, std::initializer_list<asmjit::Label> labels,
            std::initializer_list<std::int64_t> values = {});
  /// Calls a shared routine (shared_routines_p.hpp) through r11, which none takes as input.
  void call_routine(std::uint64_t routine);
  /// A 16-byte constant of `byte` repeated, in the function's constant pool (placed after its
  /// code).
  x86::Mem vector(std::uint8_t byte);
  /// A 16-byte constant of these bytes (a table for pshufb), in the same pool.
  x86::Mem vector(const std::array<std::uint8_t, 16>& bytes);

  /// Resolves the labels and places the code, then its constant pool, in `memory` as the
  /// function `name` (a null entry if that fails).
  placed_code place(code_memory& memory, std::string_view name);
  /// The code, then its constant pool, as bytes that run anywhere (empty if a label is not
  /// bound, or the code refers to an address of its own that depends on where it is placed):
  /// what x86_prebuilt_generator keeps. After it, code.labelOffsetFromBase() gives a label's
  /// place in them.
  std::vector<std::uint8_t> position_independent_bytes();

 private:
  void place_constants();
  /// The constant pool placed and every label's displacement filled in; false if a label is
  /// not bound.
  bool resolve();

 public:

  /// Whether emit() copies templates that jump back to a bound label too, with their 32-bit
  /// displacement (3 bytes longer than the assembler's short jump). Off where a function's
  /// listing must show the bytes that run (the typed writers and readers, whose listings are
  /// made with the assembler); on for functions never listed (schema validators, queries).
  bool copy_backward_jumps = false;
  asmjit::CodeHolder code;
  asmjit::StringLogger logger;
  /// DWARF call frame instructions for the frame the prologue builds (see place()).
  std::vector<std::uint8_t> unwind;
  /// Displacements emit() copied, filled in by place() once every label is bound.
  struct pending_displacement {
    asmjit::Label label;
    std::size_t at, next;
  };
  std::vector<pending_displacement> pending;
  asmjit::Label constants;                  // the pool, if a vector constant is used
  std::vector<std::array<std::uint8_t, 16>> constant_bytes;  // one 16-byte vector each
  x86::Assembler a;
};

/// The register convention of every generated function (see the emitters' headers): the
/// object in rbx, the position in r12, the end in r13, the context in r14, the current
/// element in r15 — all callee-saved, so helper calls keep them.
constexpr x86::Gp object_reg = x86::rbx;
constexpr x86::Gp cur = x86::r12;
constexpr x86::Gp end = x86::r13;
constexpr x86::Gp context = x86::r14;
constexpr x86::Gp element = x86::r15;
constexpr x86::Gp base_reg(value_base base) { return base == value_base::object ? object_reg : element; }
/// The value at `offset` from `base`.
inline x86::Mem at(value_base base, std::ptrdiff_t offset) {
  return x86::ptr(base_reg(base), static_cast<std::int32_t>(offset));
}

/// `sizeof(T)` bytes of `text` from `at`, as an immediate to store or compare.
template <class T>
T bytes_of(std::string_view text, std::size_t at) {
  T word;
  std::memcpy(&word, text.data() + at, sizeof word);
  return word;
}

/// The stack slots the prologue opens (below the saved registers).
/// (constexpr: file-scope constants built from it must not wait for dynamic initialization,
/// since types may be compiled while static objects of other files are constructed.)
constexpr x86::Mem stack_slot(int index) { return x86::qword_ptr(x86::rsp, index * 8); }

}  // namespace jsonjit::detail::jit
