// Stage 1 of the structural parser: the index of structural positions. Private to the library.
#pragma once

#include <cstdint>

namespace jsonjit::detail {

/// What stage 1 leaves behind besides the positions.
struct stage1_state {
  std::uint64_t escape_carry = 0;  // 1 if the next block's first byte is escaped
  std::uint64_t in_string = 0;     // all ones inside a string at the end of the last block
  std::uint64_t scalar_carry = 0;  // 1 if the last block ended inside a number or literal
  std::uint64_t bad = 0;           // control characters in strings
  std::uint64_t non_ascii = 0;     // any byte >= 0x80
};

/// Stage 1's output. `positions` and `backslashes` are provided by the caller: room for one
/// position per input byte plus 17, and one mask per 64 input bytes plus one.
struct structural_index {
  std::uint32_t* positions;    // every structural position, then the input size as a sentinel
  std::uint32_t count;         // without the sentinel
  std::uint64_t* backslashes;  // the backslash mask of every 64-byte block
  stage1_state state;
};

enum class instruction_set { none, avx2, avx512 };

/// What this CPU offers: AVX-512 (F, BW), else AVX2 (with BMI2, PCLMUL), else none.
instruction_set best_instruction_set() noexcept;

/// Indexes `json`: operators outside strings, every unescaped quote, and the first byte of every
/// number or literal. Needs the instruction set named.
void index_avx2(const char* json, std::uint32_t size, structural_index& index) noexcept;
void index_avx512(const char* json, std::uint32_t size, structural_index& index) noexcept;

}  // namespace jsonjit::detail
