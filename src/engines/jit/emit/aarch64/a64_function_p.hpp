// What every generated AArch64 function shares, whatever it does: the assembler, the frame
// (x29/x30 and x19–x24 saved, six 8-byte stack slots), calls to helpers at absolute addresses
// with their arguments (the AAPCS64 calling convention in one place), loads, stores and
// arithmetic with any offset or immediate, and placing the finished code in executable memory.
// Private to src/engines/jit/emit/ (the only place that sees asmjit).
//
// Registers: the emitters' state lives in callee-saved registers (see below), so helper calls
// keep it. x16 holds the address of a call; x17 is the scratch register of the operations here
// that need one (an offset or immediate the instruction cannot encode): neither is used by the
// emitters for anything else.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include <asmjit/core.h>
#include <asmjit/arm/a64assembler.h>

#include "engines/jit/emit/code_memory_p.hpp"
#include "engines/jit/emit/value_base_p.hpp"

namespace jsonjit::detail::jit {

namespace a64 = asmjit::a64;

/// The register convention of every generated function (see the emitters' headers): the
/// object in x19, the position in x20, the end in x21, the context in x22, the current element
/// in x23 — all callee-saved, so helper calls keep them.
inline constexpr a64::Gp object_reg = a64::x19;
inline constexpr a64::Gp cur = a64::x20;
inline constexpr a64::Gp end = a64::x21;
inline constexpr a64::Gp context = a64::x22;
inline constexpr a64::Gp element = a64::x23;
inline constexpr a64::Gp call_target = a64::x16;
inline constexpr a64::Gp scratch = a64::x17;
inline a64::Gp base_reg(value_base base) { return base == value_base::object ? object_reg : element; }

/// An argument of a helper call: a register's value, a constant, or an address (a register
/// plus an offset).
struct argument {
  enum class kind : std::uint8_t { value, constant, address } what;
  a64::Gp reg;
  std::int64_t number;

  static argument of(const a64::Gp& r) { return {kind::value, r, 0}; }
  static argument constant(std::int64_t v) { return {kind::constant, a64::Gp(), v}; }
  template <class T>
  static argument constant(const T* p) {
    return {kind::constant, a64::Gp(), static_cast<std::int64_t>(reinterpret_cast<std::uintptr_t>(p))};
  }
  static argument address(const a64::Gp& base, std::int64_t offset) { return {kind::address, base, offset}; }
};

/// `sizeof(T)` bytes of `text` from `at`, as an immediate to store or compare.
template <class T>
T bytes_of(std::string_view text, std::size_t at) {
  T word;
  std::memcpy(&word, text.data() + at, sizeof word);
  return word;
}

struct a64_function {
  /// With `listing`, every instruction is also logged as text (see listing()).
  explicit a64_function(bool listing);

  /// A comment line in the listing (nothing without one).
  void comment(std::string_view text);
  /// The assembly text so far, with comments; empty without a listing.
  std::string listing() const;

  /// Saves the link and callee-saved registers the convention uses and opens six 8-byte stack
  /// slots; epilogue() restores them and returns.
  void prologue();
  void epilogue();
  /// Stack slot `index` (0–5).
  static constexpr a64::Mem stack_slot(int index) { return a64::ptr(a64::sp, 64 + 8 * index); }
  /// One more object or array open: increments the int32 at [context + depth], jumping to
  /// `fail` when it passes the int32 at [context + max_depth], or when the stack pointer is
  /// below the uintptr at [context + stack_floor].
  void open_level(std::int32_t depth, std::int32_t max_depth, std::int32_t stack_floor, asmjit::Label fail);
  void close_level(std::int32_t depth);

  /// Calls `function` (an absolute address: generated code may lie anywhere) with `arguments`
  /// in x0, x1, ... (a register argument must not be one of the argument registers).
  void call(std::uint64_t function, std::initializer_list<argument> arguments = {});
  template <class F>
  void call(F* function, std::initializer_list<argument> arguments = {}) {
    call(reinterpret_cast<std::uint64_t>(function), arguments);
  }
  /// Calls through the function pointer in register `target` (not an argument register).
  void call_register(const a64::Gp& target, std::initializer_list<argument> arguments = {});
  /// The arguments moved into x0, x1, ... (as call() does).
  void pass(std::initializer_list<argument> arguments);

  /// `size`-byte (1, 2, 4, 8; 16: a vector) operand at base + offset, for a load or store of
  /// that size; an offset the instruction cannot encode is added into x17 first.
  a64::Mem at(const a64::Gp& base, std::int64_t offset, unsigned size);
  /// dst = src + value (any value; x17 where it does not fit an instruction).
  void add(const a64::Gp& dst, const a64::Gp& src, std::int64_t value);
  /// Flags as `cmp reg, value` sets them (any value).
  void compare(const a64::Gp& reg, std::int64_t value);
  /// reg = value.
  void move(const a64::Gp& reg, std::uint64_t value);
  /// reg = value, by a load from the constant pool where building it takes more than two
  /// instructions (as a name's eight letters do).
  void load_constant(const a64::Gp& reg, std::uint64_t value);
  /// The position (x20) moved `n` bytes on.
  void advance(std::int64_t n) { add(cur, cur, n); }
  /// Jumps to `miss` unless the bytes at base + at are those of `text` (their room checked
  /// before); clobbers x2–x5 and x9–x12.
  void compare_text(const a64::Gp& base, std::int64_t at, std::string_view text, asmjit::Label miss);
  /// After a helper call that returns the new position (x20) or null (jumps to `fail`).
  void take_position(asmjit::Label fail);
  /// A 16-byte constant into `reg` (a table for tbl), from the function's constant pool (placed
  /// after its code).
  void load_vector(const a64::Vec& reg, const std::array<std::uint8_t, 16>& bytes);
  /// Where the 16 bytes `bytes` are in the constant pool (a literal load's operand).
  a64::Mem pooled(const std::array<std::uint8_t, 16>& bytes);
  /// The constants pooled so far placed here, where control never falls through (a literal
  /// load reaches 1 MiB: code longer than that places its pools as it goes); later ones go
  /// to a new pool.
  void place_constants();

  /// Resolves the labels and places the code, then its constant pool, in `memory` as the
  /// function `name` (a null entry if that fails, or if the assembler refused an instruction;
  /// out_of_range() tells whether a branch could not reach its target).
  placed_code place(code_memory& memory, std::string_view name);
  /// Whether a conditional branch or a literal load could not reach its target: a function
  /// larger than their 1 MiB reach (ten thousands of members), which the interpreter takes.
  bool out_of_range() const { return errors.first == asmjit::kErrorInvalidDisplacement; }

  /// Records the first error the assembler reports (an instruction it cannot encode): such a
  /// function is never placed.
  struct error_record : asmjit::ErrorHandler {
    asmjit::Error first = asmjit::kErrorOk;
    void handleError(asmjit::Error error, const char*, asmjit::BaseEmitter*) override {
      if (first == asmjit::kErrorOk) first = error;
    }
  };

  asmjit::CodeHolder code;
  asmjit::StringLogger logger;
  error_record errors;
  /// DWARF call frame instructions for the frame the prologue builds (see place()).
  std::vector<std::uint8_t> unwind;
  asmjit::Label constants;  // the pool, if a table is used
  std::vector<std::array<std::uint8_t, 16>> constant_bytes;
  a64::Assembler a;
};

}  // namespace jsonjit::detail::jit
