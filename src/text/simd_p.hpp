// Small SIMD building blocks (SSE2, the x86-64 baseline; scalar elsewhere). Each function
// scans 16 bytes at a time and never reads past `end`.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#define JSONJIT_SSE2 1
#endif

namespace jsonjit::detail {

/// The first byte in [p, end) that is >= 0x80, or end.
inline const char* skip_ascii(const char* p, const char* end) noexcept {
#if JSONJIT_SSE2
  while (end - p >= 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(v));
    if (mask != 0) return p + __builtin_ctz(mask);
    p += 16;
  }
#endif
  while (p < end && static_cast<unsigned char>(*p) < 0x80) ++p;
  return p;
}

/// The first byte in [p, end) that is not ' ', or end.
[[gnu::always_inline]] inline const char* skip_spaces(const char* p, const char* end) noexcept {
#if JSONJIT_SSE2
  const __m128i space = _mm_set1_epi8(' ');
  while (end - p >= 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const unsigned other = ~static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, space))) & 0xFFFFu;
    if (other != 0) return p + __builtin_ctz(other);
    p += 16;
  }
#endif
  while (p < end && *p == ' ') ++p;
  return p;
}

/// The first byte in [p, end) that is not JSON whitespace (space, tab, line feed, carriage
/// return), or end: sixteen bytes at a time, so that a line break and its indentation take
/// one or two steps.
[[gnu::always_inline]] inline const char* skip_whitespace(const char* p, const char* end) noexcept {
#if JSONJIT_SSE2
  while (end - p >= 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    // Tab (0x09) and carriage return (0x0D) differ in bit 2 only: one compare for both.
    const __m128i blank = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))),
        _mm_cmpeq_epi8(_mm_and_si128(v, _mm_set1_epi8(char(0xFB))), _mm_set1_epi8('\t')));
    const unsigned other = ~static_cast<unsigned>(_mm_movemask_epi8(blank)) & 0xFFFFu;
    if (other != 0) return p + __builtin_ctz(other);
    p += 16;
  }
#endif
  while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) ++p;
  return p;
}

/// The first byte in [p, end) that is not a decimal digit, or end. Sixteen bytes at a time
/// (a whole fraction of a typical double in one step), then eight, then one.
[[gnu::always_inline]] inline const char* skip_digits(const char* p, const char* end) noexcept {
#if JSONJIT_SSE2
  while (end - p >= 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    // Signed compares: bytes >= 0x80 are negative, so below '0'.
    const __m128i outside =
        _mm_or_si128(_mm_cmplt_epi8(v, _mm_set1_epi8('0')), _mm_cmpgt_epi8(v, _mm_set1_epi8('9')));
    const auto mask = static_cast<unsigned>(_mm_movemask_epi8(outside));
    if (mask != 0) return p + __builtin_ctz(mask);
    p += 16;
  }
#endif
  static_assert(std::endian::native == std::endian::little, "the SWAR step reads a little-endian word");
  while (end - p >= 8) {
    std::uint64_t word;
    std::memcpy(&word, p, 8);
    // A byte is a digit iff its high nibble is 3 and adding 6 does not carry into it.
    const std::uint64_t not_digit =
        ((word & 0xF0F0F0F0F0F0F0F0ull) ^ 0x3030303030303030ull) |
        (((word + 0x0606060606060606ull) & 0xF0F0F0F0F0F0F0F0ull) ^ 0x3030303030303030ull);
    if (not_digit != 0) return p + (__builtin_ctzll(not_digit) >> 3);
    p += 8;
  }
  while (p < end && static_cast<unsigned char>(*p - '0') < 10) ++p;
  return p;
}

/// The first byte of [p, end) that a string scan must look at: '"', '\\', a control
/// character or a non-ASCII byte; or end.
inline const char* find_string_special(const char* p, const char* end) noexcept {
#if JSONJIT_SSE2
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i space = _mm_set1_epi8(0x20);
  while (end - p >= 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    // Signed compare: controls and bytes >= 0x80 (negative) both count as "below space".
    const __m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
                                   _mm_cmplt_epi8(v, space));
    const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(m));
    if (mask != 0) return p + __builtin_ctz(mask);
    p += 16;
  }
#endif
  while (p < end) {
    const auto c = static_cast<unsigned char>(*p);
    if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80) return p;
    ++p;
  }
  return p;
}

#if JSONJIT_SSE2
namespace simd {
/// Bytes >= k (unsigned), as a byte mask.
inline __m128i at_least(__m128i v, int k) noexcept {
  const __m128i bound = _mm_set1_epi8(static_cast<char>(k));
  return _mm_cmpeq_epi8(_mm_max_epu8(v, bound), v);
}
inline __m128i equal(__m128i v, int k) noexcept { return _mm_cmpeq_epi8(v, _mm_set1_epi8(static_cast<char>(k))); }
inline unsigned bits(__m128i m) noexcept { return static_cast<unsigned>(_mm_movemask_epi8(m)); }
}  // namespace simd
#endif

/// String text from `p` on (where a non-ASCII byte starts; the bytes before end a sequence),
/// 16 bytes at a time: valid UTF-8 without '"', '\\' or control characters. Returns where
/// the scan stopped, always at a sequence boundary — the first '"', '\\' or control
/// character, or, where fewer than 16 bytes remain, the start of the last sequence it read —
/// or nullptr if the UTF-8 before that is invalid. The rules of RFC 3629 compare each byte
/// with the three before it (as utf8_avx512.cpp does, 16 bytes at a time here): a byte is a
/// continuation exactly when the byte before is C0..FF, or the one two back E0..FF, or the
/// one three back F0..FF; C0, C1 and F5..FF never occur; after E0 comes A0..BF, after ED
/// 80..9F, after F0 90..BF, after F4 80..8F.
inline const char* skip_utf8_string_text(const char* p, const char* end) noexcept {
#if JSONJIT_SSE2
  const char* const start = p;
  __m128i before = _mm_setzero_si128();  // the previous block (zero: nothing expected)
  while (end - p >= 16) {
    const __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i p1 = _mm_or_si128(_mm_slli_si128(c, 1), _mm_srli_si128(before, 15));
    const __m128i p2 = _mm_or_si128(_mm_slli_si128(c, 2), _mm_srli_si128(before, 14));
    const __m128i p3 = _mm_or_si128(_mm_slli_si128(c, 3), _mm_srli_si128(before, 13));
    const unsigned high = simd::bits(c), lead = simd::bits(simd::at_least(c, 0xC0));
    const unsigned continuation = high & ~lead;
    const unsigned expected = simd::bits(_mm_or_si128(
        _mm_or_si128(simd::at_least(p1, 0xC0), simd::at_least(p2, 0xE0)), simd::at_least(p3, 0xF0)));
    const __m128i never = _mm_or_si128(simd::equal(_mm_and_si128(c, _mm_set1_epi8(static_cast<char>(0xFE))), 0xC0),
                                       simd::at_least(c, 0xF5));
    const __m128i at_least_a0 = simd::at_least(c, 0xA0), at_least_90 = simd::at_least(c, 0x90);
    const __m128i second = _mm_or_si128(
        _mm_or_si128(_mm_andnot_si128(at_least_a0, simd::equal(p1, 0xE0)), _mm_and_si128(at_least_a0, simd::equal(p1, 0xED))),
        _mm_or_si128(_mm_andnot_si128(at_least_90, simd::equal(p1, 0xF0)), _mm_and_si128(at_least_90, simd::equal(p1, 0xF4))));
    const unsigned errors = (continuation ^ expected) | simd::bits(_mm_or_si128(never, second));
    const __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(c, _mm_set1_epi8(0x1F)), c);
    const unsigned special = simd::bits(_mm_or_si128(_mm_or_si128(simd::equal(c, '"'), simd::equal(c, '\\')), control));
    if (special != 0) {
      // Up to the special byte, which must not be expected as a continuation either.
      const unsigned first = special & (0u - special);
      return (errors & (first | (first - 1))) != 0 ? nullptr : p + __builtin_ctz(special);
    }
    if (errors != 0) return nullptr;
    before = c;
    p += 16;
  }
  // Back to the start of the last sequence read (at most three bytes back; all valid).
  if (p != start) {
    int back = 0;
    while (back < 3 && p > start && (static_cast<unsigned char>(p[-1]) & 0xC0) == 0x80) --p, ++back;
    if (p > start && static_cast<unsigned char>(p[-1]) >= 0xC0) --p;
  }
#endif
  (void)end;
  return p;
}

}  // namespace jsonjit::detail
