// Placing the shared routines (shared_routines_p.hpp) from the block assembled when jsonjit
// was built (x86_routines_p.hpp): a copy with the helpers' addresses filled in.
#include "engines/jit/emit/shared_routines_p.hpp"

#include <cstdlib>
#include <cstring>
#include <string_view>

#include "engines/jit/emit/code_memory_p.hpp"
#include "engines/jit/emit/x86_64/x86_routines_p.hpp"
#include "engines/jit/jit_p.hpp"

namespace jsonjit::detail::jit {
namespace {

/// SSSE3 where the processor has it, unless JSONJIT_CPU=baseline asks for SSE2 code only
/// (how the tests cover what processors without it run). (libgcc's answer, found when the
/// program started: asmjit's CpuInfo::host() runs CPUID some thirty times, which a virtual
/// machine traps, about 110 µs, most of the first JIT use in a process.)
bool use_ssse3() {
  const char* cpu = std::getenv("JSONJIT_CPU");
  if (cpu != nullptr && std::string_view(cpu) == "baseline") return false;
  return __builtin_cpu_supports("ssse3");
}

std::uint64_t address_of(routine_helper helper) {
  switch (helper) {
    case routine_helper::string: return reinterpret_cast<std::uint64_t>(&jsonjit_jit_string);
    case routine_helper::string_tail: return reinterpret_cast<std::uint64_t>(&jsonjit_jit_string_tail);
  }
  return 0;
}

/// Places the block (in memory that is never given back) and fills `r`; false if no
/// executable memory could be had.
bool place(shared_routines& r) {
  const x86_routines& block = prebuilt_routines(use_ssse3());
  static code_memory* const memory = new code_memory;  // lives as long as the process
  const placed_code code = memory->place(
      block.bytes.size(),
      [](void* filling, void* writable, std::uintptr_t) {
        const auto& b = *static_cast<const x86_routines*>(filling);
        auto* const bytes = static_cast<std::uint8_t*>(writable);
        std::memcpy(bytes, b.bytes.data(), b.bytes.size());
        for (const x86_routines::helper_slot& slot : b.helpers) {
          const std::uint64_t address = address_of(slot.helper);
          std::memcpy(bytes + slot.at, &address, sizeof address);
        }
      },
      const_cast<x86_routines*>(&block), "jsonjit::shared_routines");
  if (code.entry == nullptr) return false;
  const auto address = [&](std::uint32_t offset) { return reinterpret_cast<std::uint64_t>(code.entry) + offset; };
  for (int mode = 0; mode < 2; ++mode) r.write_string[mode] = address(block.entries.write_string[mode]);
  r.string_scan = address(block.entries.string_scan);
  return true;
}

}  // namespace

const shared_routines& routines() noexcept {
  static const shared_routines placed = [] {
    shared_routines r;
    r.available = place(r);
    return r;
  }();
  return placed;
}

}  // namespace jsonjit::detail::jit
