// Small SIMD building blocks (16-byte vectors: SSE2 on x86-64, NEON on AArch64; scalar
// elsewhere). Each function scans 16 bytes at a time and never reads past `end`.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#include "text/vec16_p.hpp"

namespace jsonjit::detail {

/// The first byte in [p, end) that is >= 0x80, or end.
inline const char* skip_ascii(const char* p, const char* end) noexcept {
#if JSONJIT_VEC16
  while (end - p >= 16) {
    const vec16::byte_mask mask = vec16::mask_of(vec16::load(p));
    if (mask != 0) return p + vec16::first_byte(mask);
    p += 16;
  }
#endif
  while (p < end && static_cast<unsigned char>(*p) < 0x80) ++p;
  return p;
}

/// The first byte in [p, end) that is not ' ', or end.
[[gnu::always_inline]] inline const char* skip_spaces(const char* p, const char* end) noexcept {
#if JSONJIT_VEC16
  const vec16::vec space = vec16::splat(' ');
  while (end - p >= 16) {
    const vec16::byte_mask other = vec16::mask_of_not(vec16::equal(vec16::load(p), space));
    if (other != 0) return p + vec16::first_byte(other);
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
#if JSONJIT_VEC16
  using namespace vec16;
  while (end - p >= 16) {
    const vec v = load(p);
    // Tab (0x09) and carriage return (0x0D) differ in bit 2 only: one compare for both.
    const vec blank = bit_or(bit_or(equal(v, splat(' ')), equal(v, splat('\n'))),
                             equal(bit_and(v, splat(0xFB)), splat('\t')));
    const byte_mask other = mask_of_not(blank);
    if (other != 0) return p + first_byte(other);
    p += 16;
  }
#endif
  while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) ++p;
  return p;
}

/// The first byte in [p, end) that is not a decimal digit, or end. Sixteen bytes at a time
/// (a whole fraction of a typical double in one step), then eight, then one.
[[gnu::always_inline]] inline const char* skip_digits(const char* p, const char* end) noexcept {
#if JSONJIT_VEC16
  using namespace vec16;
  while (end - p >= 16) {
    const vec v = load(p);
    // Signed compares: bytes >= 0x80 are negative, so below '0'.
    const byte_mask mask = mask_of(bit_or(less_signed(v, splat('0')), greater_signed(v, splat('9'))));
    if (mask != 0) return p + first_byte(mask);
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
#if JSONJIT_VEC16
  using namespace vec16;
  const vec quote = splat('"'), backslash = splat('\\'), space = splat(0x20);
  while (end - p >= 16) {
    const vec v = load(p);
    // Signed compare: controls and bytes >= 0x80 (negative) both count as "below space".
    const byte_mask mask = mask_of(bit_or(bit_or(equal(v, quote), equal(v, backslash)), less_signed(v, space)));
    if (mask != 0) return p + first_byte(mask);
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

#if JSONJIT_VEC16
namespace vec16 {
/// Bytes >= k (unsigned), as a byte mask.
inline vec at_least(vec v, int k) noexcept { return equal(max_unsigned(v, splat(k)), v); }
inline vec equal(vec v, int k) noexcept { return equal(v, splat(k)); }
}  // namespace vec16
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
#if JSONJIT_VEC16
  using namespace vec16;
  const char* const start = p;
  vec before = zero();  // the previous block (zero: nothing expected)
  while (end - p >= 16) {
    const vec c = load(p);
    const vec p1 = shifted_in<1>(before, c), p2 = shifted_in<2>(before, c), p3 = shifted_in<3>(before, c);
    const unsigned high = bits(c), lead = bits(at_least(c, 0xC0));
    const unsigned continuation = high & ~lead;
    const unsigned expected = bits(bit_or(bit_or(at_least(p1, 0xC0), at_least(p2, 0xE0)), at_least(p3, 0xF0)));
    const vec never = bit_or(equal(bit_and(c, splat(0xFE)), 0xC0), at_least(c, 0xF5));
    const vec at_least_a0 = at_least(c, 0xA0), at_least_90 = at_least(c, 0x90);
    const vec second = bit_or(bit_or(and_not(equal(p1, 0xE0), at_least_a0), bit_and(at_least_a0, equal(p1, 0xED))),
                              bit_or(and_not(equal(p1, 0xF0), at_least_90), bit_and(at_least_90, equal(p1, 0xF4))));
    const unsigned errors = (continuation ^ expected) | bits(bit_or(never, second));
    const vec control = equal(min_unsigned(c, splat(0x1F)), c);
    const unsigned special = bits(bit_or(bit_or(equal(c, '"'), equal(c, '\\')), control));
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
