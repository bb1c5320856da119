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

}  // namespace jsonjit::detail
