// Executable memory for the JIT's generated functions. Each function is written through a
// writable view of its pages and run through a separate executable view of the same pages (two
// mappings of one memory file), so no page is ever writable and executable at once — which also
// makes generated code work where the kernel refuses W+X mappings. Part of the emitter module:
// nothing outside src/engines/jit/emit/ sees the assembler library behind it. Each options
// object has one; the pages behind them are shared by the process. Thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

namespace jsonjit::detail::jit {

/// A function placed in executable memory.
struct placed_code {
  const void* entry = nullptr;  ///< where it runs; null when no memory could be had
  std::size_t size = 0;
};

/// Why a compiler refuses what it compiled but could not place: no executable memory (mmap or
/// memfd refused), or, on AArch64, a single function longer than its conditional branches
/// reach (1 MiB: a type or subschema with tens of thousands of members).
inline constexpr std::string_view code_not_placed =
    "its code could not be placed (no executable memory, or one function beyond the processor's branch reach)";

class code_memory {
 public:
  code_memory();
  ~code_memory();
  code_memory(const code_memory&) = delete;
  code_memory& operator=(const code_memory&) = delete;

  /// Writes a `size`-byte function: `fill(context, writable, executable_address)` writes its
  /// bytes at `writable` as code that will run at `executable_address` (so it can resolve
  /// references against its final address). Returns the function, or a null entry when the
  /// system gives no executable memory (then the interpreter runs instead). A function with a
  /// `name` is announced to debuggers and profilers (debug_registry_p.hpp), with `unwind`
  /// describing its frame, until it is released.
  placed_code place(std::size_t size, void (*fill)(void* context, void* writable, std::uintptr_t executable_address),
                    void* context, std::string_view name = {}, std::span<const std::uint8_t> unwind = {}) noexcept;

  /// Gives a function's memory back. No thread may still be running it.
  void release(const placed_code& code) noexcept;

 private:
  struct state;
  std::unique_ptr<state> state_;
};

}  // namespace jsonjit::detail::jit
