// UTF-8's rules on 64 bytes at a time with AVX-512BW, shared by the validator
// (utf8_avx512.cpp) and the document parser's stage 1 (structural_index_x86_64.cpp), which
// checks its blocks as it classifies them. Private to the library.
//
// The rules are those of RFC 3629, checked by table lookups (the method of Keiser and Lemire,
// "Validating UTF-8 In Less Than One Instruction Per Byte", 2021, written here from its
// description): every error but two is a property of a pair of adjacent bytes that the first
// byte's two nibbles and the second byte's high nibble decide. Three 16-entry tables give, for
// each nibble, the set of errors it allows (one bit per kind); the bits left in the AND of the
// three lookups are the pair's errors. The other two, a continuation byte where none may be
// (after a complete sequence) and none where one must be (the third or fourth byte of a
// sequence), are found together: two continuations in a row must be exactly where the byte two
// or three back started a three- or four-byte sequence.
#pragma once

#if defined(__x86_64__)
#include <immintrin.h>

#include <cstdint>

#define JSONJIT_UTF8_AVX512 __attribute__((target("avx512f,avx512bw,bmi,bmi2,popcnt")))

namespace jsonjit::detail::utf8_avx512 {

// The kinds of error of a pair of bytes (first, second), one bit each.
enum : unsigned char {
  too_short = 1,    // a lead byte (C0..FF) not followed by a continuation byte (80..BF)
  too_long = 2,     // an ASCII byte followed by a continuation
  overlong_3 = 4,   // E0 then 80..9F
  too_large = 8,    // F4 then 90..BF, or F5..FF then 90..BF
  surrogate = 16,   // ED then A0..BF
  overlong_2 = 32,  // C0 or C1, then anything
  // F0 then 80..8F (overlong four-byte form), or F5..FF then 80..8F: one bit, as the two differ
  // only in the first byte's low nibble.
  overlong_4_or_too_large = 64,
  two_continuations = 128,  // not an error alone: see above (bit 7, as that test gives it)
};

/// A 16-entry table repeated in each 16-byte lane of a vector (loaded as it is: the broadcast
/// intrinsics make GCC 12 warn of their undefined pass-through vector).
struct alignas(64) nibble_table {
  char errors[64];
};

/// The errors a pair may have by its first byte's high nibble.
constexpr nibble_table by_first_high() {
  nibble_table t{};
  for (int n = 0; n < 16; ++n) {
    unsigned e = 0;
    if (n < 8) e |= too_long;
    if (n >= 8 && n < 12) e |= two_continuations;
    if (n >= 12) e |= too_short;
    if (n == 12) e |= overlong_2;
    if (n == 14) e |= overlong_3 | surrogate;
    if (n == 15) e |= too_large | overlong_4_or_too_large;
    for (int lane = 0; lane < 64; lane += 16) t.errors[lane + n] = static_cast<char>(e);
  }
  return t;
}

/// ... by its first byte's low nibble.
constexpr nibble_table by_first_low() {
  nibble_table t{};
  for (int n = 0; n < 16; ++n) {
    unsigned e = too_short | too_long | two_continuations;
    if (n <= 1) e |= overlong_2;  // C0, C1
    if (n == 0) e |= overlong_3 | overlong_4_or_too_large;  // E0, F0
    if (n == 13) e |= surrogate;  // ED
    if (n >= 4) e |= too_large;   // F4..FF
    if (n >= 5) e |= overlong_4_or_too_large;  // F5..FF
    for (int lane = 0; lane < 64; lane += 16) t.errors[lane + n] = static_cast<char>(e);
  }
  return t;
}

/// ... by its second byte's high nibble.
constexpr nibble_table by_second_high() {
  nibble_table t{};
  for (int n = 0; n < 16; ++n) {
    unsigned e = overlong_2;
    if (n < 8 || n >= 12) e |= too_short;
    if (n >= 8 && n < 12) e |= too_long | two_continuations;
    if (n == 8 || n == 9) e |= overlong_3;
    if (n >= 9 && n < 12) e |= too_large;
    if (n >= 10 && n < 12) e |= surrogate;
    if (n == 8) e |= overlong_4_or_too_large;
    for (int lane = 0; lane < 64; lane += 16) t.errors[lane + n] = static_cast<char>(e);
  }
  return t;
}

constexpr nibble_table first_high = by_first_high(), first_low = by_first_low(), second_high = by_second_high();

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
      _mm512_and_si512(_mm512_shuffle_epi8(table(first_high), high_nibbles(prev1)),
                       _mm512_shuffle_epi8(table(first_low), _mm512_and_si512(prev1, _mm512_set1_epi8(0x0F)))),
      _mm512_shuffle_epi8(table(second_high), high_nibbles(c)));
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
  const __m512i largest = _mm512_set_epi64(static_cast<long long>(0xBFDFEFFFFFFFFFFF), -1, -1, -1, -1, -1, -1, -1);
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
