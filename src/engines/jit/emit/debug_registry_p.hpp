// Makes generated functions visible to the tools that would otherwise see anonymous bytes:
// GDB, through its JIT interface (an in-memory ELF object per function that names it and says
// how to unwind its frame, so backtraces through generated code show names and continue into
// the caller), and perf, through /tmp/perf-PID.map (written only when the environment variable
// JSONJIT_PERF_MAP is set, as that file outlives the process). Thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

// GDB's JIT interface (GDB manual, "JIT Compilation Interface"): names and layout fixed by GDB.
extern "C" {
struct jit_code_entry {
  jit_code_entry* next_entry;
  jit_code_entry* prev_entry;
  const char* symfile_addr;  ///< an object file in memory (ours: ELF)
  std::uint64_t symfile_size;
};
struct jit_descriptor {
  std::uint32_t version;
  std::uint32_t action_flag;  ///< 0 nothing, 1 register, 2 unregister
  jit_code_entry* relevant_entry;
  jit_code_entry* first_entry;
};
extern jit_descriptor __jit_debug_descriptor;
void __jit_debug_register_code();
}

namespace jsonjit::detail::jit {

struct debug_entry;

/// Announces the function of `size` bytes at `code` as `name`. `unwind` holds the DWARF call
/// frame instructions that describe its frame from its first byte (the processor's DWARF register numbers).
/// Null if nothing was registered (out of memory: the function still runs, only unnamed).
debug_entry* register_function(const void* code, std::size_t size, std::string_view name,
                               std::span<const std::uint8_t> unwind) noexcept;
/// Withdraws it (before its memory is reused).
void unregister_function(debug_entry* entry) noexcept;

}  // namespace jsonjit::detail::jit
