// Stage 1 of the structural parser: the index of structural positions. Private to the library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "text/utf8_p.hpp"

namespace jsonjit::detail {

/// What stage 1 leaves behind besides the positions.
struct stage1_state {
  std::uint64_t escape_carry = 0;  // 1 if the next block's first byte is escaped
  std::uint64_t in_string = 0;     // all ones inside a string at the end of the last block
  std::uint64_t scalar_carry = 0;  // 1 if the last block ended inside a number or literal
  std::uint64_t bad = 0;           // control characters in strings
  std::uint64_t non_ascii = 0;     // any byte >= 0x80
  // The last four bytes indexed, which the next piece's first characters may continue (a text
  // indexed in pieces, by a kernel that checks UTF-8 as it indexes).
  std::uint32_t last_bytes = 0;
};

/// Stage 1's input and output. `positions` and `backslashes` are provided by the caller: room
/// for one position per input byte plus 17, and one mask per 64 input bytes plus one; `state`
/// is where the text before left off (zero at its start), `origin` where the input starts in it.
struct structural_index {
  std::uint32_t* positions;    // every structural position, then the input's end as a sentinel
  std::uint32_t count;         // without the sentinel
  std::uint64_t* backslashes;  // the backslash mask of every 64-byte block
  stage1_state state;
  std::uint32_t origin = 0;    // added to every position (a text indexed in pieces)
};

/// A stage 1: the indexing (operators outside strings, every unescaped quote, and the first
/// byte of every number or literal) and the UTF-8 validation that goes with it: in the same
/// pass where `checks_utf8` (invalid UTF-8 is then `bad`, but for a character cut by the end of
/// the text: ends_inside_character), else by `valid_utf8` after it.
struct stage1_kernels {
  void (*index)(const char* json, std::uint32_t size, structural_index& index) noexcept = nullptr;
  bool (*valid_utf8)(const char* p, const char* end) noexcept = nullptr;
  bool checks_utf8 = false;
};
struct named_stage1 {
  std::string_view name;  // the instruction set, as the tests say which one differs
  stage1_kernels kernels;
};

/// Whether the whole text [json, json + size), indexed by `kernels` into `index`, passed stage
/// 1: every string closed, no control character in one, valid UTF-8.
inline bool stage1_passed(const stage1_kernels& kernels, const char* json, std::uint32_t size,
                          const structural_index& index) noexcept {
  if (index.state.in_string != 0 || index.state.bad != 0) return false;
  if (kernels.checks_utf8) return !ends_inside_character(index.state.last_bytes);
  return index.state.non_ascii == 0 || kernels.valid_utf8(json, json + size);
}

/// Every stage 1 this CPU runs, best first (the tests compare them all); none where jsonjit
/// has none for the processor: the reference parser (document_parse.cpp) then parses every
/// document. One file per processor (structural_index_x86_64.cpp,
/// structural_index_aarch64.cpp) defines it.
std::vector<named_stage1> every_stage1();

/// The first of every_stage1(), all null where there is none.
inline stage1_kernels best_stage1() {
  const std::vector<named_stage1> kernels = every_stage1();
  return kernels.empty() ? stage1_kernels{} : kernels.front().kernels;
}

/// The index's memory, kept between texts (an allocation only when a larger input comes;
/// very large ones are given back after use: trim()).
struct index_buffer {
  std::unique_ptr<std::uint32_t[]> positions;
  std::unique_ptr<std::uint64_t[]> backslashes;
  std::size_t capacity = 0;  // input bytes

  structural_index reserve(std::uint32_t size) {
    if (capacity < size || !positions) {
      positions.reset();
      backslashes.reset();
      // At most one position per byte, the sentinel, and flatten's overrun.
      // (Uninitialized, as make_unique_for_overwrite would give them: libc++ 14 has not got it.)
      positions.reset(new std::uint32_t[std::size_t{size} + 1 + 16]);
      backslashes.reset(new std::uint64_t[std::size_t{size} / 64 + 1]);
      capacity = size;
    }
    return {positions.get(), 0, backslashes.get(), {}};
  }
  void trim() {
    if (capacity > (std::size_t{16} << 20)) {
      positions.reset();
      backslashes.reset();
      capacity = 0;
    }
  }
};

}  // namespace jsonjit::detail
