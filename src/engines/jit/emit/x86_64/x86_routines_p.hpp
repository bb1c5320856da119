// The shared routines' x86-64 code (shared_routines_p.hpp says what each does), assembled when
// jsonjit is built by x86_prebuilt_generator — for processors with SSSE3 and for those without
// — and placed once per process from those bytes, the helpers' addresses filled in. Private to
// src/engines/jit/emit/.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace jsonjit::detail::jit {

/// The library functions the routines call (by absolute address, in 8-byte immediates).
enum class routine_helper : std::uint8_t { string, string_tail };
inline constexpr std::size_t routine_helper_count = 2;

/// Where each routine starts in the block, by shared_routines' names.
struct routine_entries {
  std::uint32_t write_string[2];  ///< by escape_mode
  std::uint32_t string_scan;
};

/// The block as x86_prebuilt_generator made it.
struct x86_routines {
  std::span<const std::uint8_t> bytes;
  /// An 8-byte helper address at `at`.
  struct helper_slot {
    std::uint32_t at;
    routine_helper helper;
  };
  std::span<const helper_slot> helpers;
  routine_entries entries;
};

/// The prebuilt block for processors with SSSE3 or without (SSE2 only).
const x86_routines& prebuilt_routines(bool ssse3) noexcept;

/// (x86_prebuilt_generator) Assembles the block with these helper addresses (by
/// routine_helper; each must take a 64-bit immediate). Empty bytes if it does not run
/// wherever it is placed.
struct assembled_routines {
  std::vector<std::uint8_t> bytes;
  routine_entries entries;
};
assembled_routines assemble_routines(bool ssse3, const std::array<std::uint64_t, routine_helper_count>& helpers);

}  // namespace jsonjit::detail::jit
