// UTF-8's rules on 64 bytes at a time with AVX-512BW, shared by the validator
// (utf8_avx512.cpp) and the document parser's stage 1 (structural_index_x86_64.cpp), which
// checks its blocks as it classifies them (the rules: utf8_rules_p.hpp). Private to the library.
#pragma once

#if defined(__x86_64__)
#include <immintrin.h>

#include <cstdint>

#include "text/utf8_rules_p.hpp"

#define JSONJIT_UTF8_AVX512 __attribute__((target("avx512f,avx512bw,bmi,bmi2,popcnt")))

namespace jsonjit::detail::utf8_avx512 {

using utf8_rules::nibble_table;

JSONJIT_UTF8_AVX512 inline __m512i table(const nibble_table& t) noexcept {
  return _mm512_load_si512(t.errors);
}

JSONJIT_UTF8_AVX512 inline __m512i high_nibbles(__m512i v) noexcept {
  return _mm512_and_si512(_mm512_srli_epi16(v, 4), _mm512_set1_epi8(0x0F));
}

/// The bytes of the 64 bytes `c` that break a rule (non-zero), given the 64 bytes `before` them
/// (only their last three matter).
JSONJIT_UTF8_AVX512 inline __m512i errors(__m512i c, __m512i before) noexcept {
  // Each 16-byte lane of `lanes` is the lane before c's (before's last for the first), so that a
  // byte shift within lanes (alignr) takes the bytes before each lane from it.
  const __m512i lanes = _mm512_permutex2var_epi64(before, _mm512_setr_epi64(6, 7, 8, 9, 10, 11, 12, 13), c);
  const __m512i prev1 = _mm512_alignr_epi8(c, lanes, 15);
  const __m512i prev2 = _mm512_alignr_epi8(c, lanes, 14);
  const __m512i prev3 = _mm512_alignr_epi8(c, lanes, 13);
  const __m512i pair = _mm512_and_si512(
      _mm512_and_si512(
          _mm512_shuffle_epi8(table(utf8_rules::first_high), high_nibbles(prev1)),
          _mm512_shuffle_epi8(table(utf8_rules::first_low), _mm512_and_si512(prev1, _mm512_set1_epi8(0x0F)))),
      _mm512_shuffle_epi8(table(utf8_rules::second_high), high_nibbles(c)));
  // Bit 7 where the byte two back is E0..FF or the one three back F0..FF (the saturating
  // subtractions leave 80 or more exactly there).
  const __m512i continues = _mm512_and_si512(
      _mm512_or_si512(_mm512_subs_epu8(prev2, _mm512_set1_epi8(static_cast<char>(0xE0 - 0x80))),
                      _mm512_subs_epu8(prev3, _mm512_set1_epi8(static_cast<char>(0xF0 - 0x80)))),
      _mm512_set1_epi8(static_cast<char>(0x80)));
  return _mm512_xor_si512(pair, continues);
}

/// The bytes of the 64 bytes `c` that start a character they do not finish (non-zero): a lead
/// byte among the last three that needs more bytes than the block has.
JSONJIT_UTF8_AVX512 inline __m512i unfinished(__m512i c) noexcept {
  // The largest byte that finishes at each position: anything but in the last three.
  const __m512i largest =
      _mm512_set_epi64(static_cast<long long>(0xBFDFEFFFFFFFFFFF), -1, -1, -1, -1, -1, -1, -1);
  return _mm512_subs_epu8(c, largest);
}

/// UTF-8 checked block after block: `block` for each block with a non-ASCII byte,
/// `ascii_block` for the others (nothing but whether the block before finished its last
/// character to check).
struct checker {
  __m512i previous;    // the block before (its last three bytes)
  __m512i unfinished;  // its bytes that start a character it does not finish
  __m512i found;       // the errors so far

  /// After text whose last bytes are the top ones of `before` (zero at the start of a text).
  JSONJIT_UTF8_AVX512 explicit checker(__m512i before) noexcept
      : previous(before), unfinished(utf8_avx512::unfinished(before)), found(_mm512_setzero_si512()) {}

  JSONJIT_UTF8_AVX512 void block(__m512i c) noexcept {
    found = _mm512_or_si512(found, errors(c, previous));
    unfinished = utf8_avx512::unfinished(c);
    previous = c;
  }
  JSONJIT_UTF8_AVX512 void ascii_block() noexcept {
    found = _mm512_or_si512(found, unfinished);
    previous = unfinished = _mm512_setzero_si512();
  }
  /// Whether an error was found (a character the last block started may still be finished by
  /// what follows).
  JSONJIT_UTF8_AVX512 bool failed() const noexcept { return _mm512_test_epi8_mask(found, found) != 0; }
  /// Whether an error was found, or the text ends inside a character.
  JSONJIT_UTF8_AVX512 bool failed_at_end() const noexcept {
    const __m512i all = _mm512_or_si512(found, unfinished);
    return _mm512_test_epi8_mask(all, all) != 0;
  }
};

}  // namespace jsonjit::detail::utf8_avx512
#endif
