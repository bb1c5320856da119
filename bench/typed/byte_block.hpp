// Sixteen bytes at a time, for the hand-written serializer and parser: SSE2 on x86-64 (with
// SSSE3's table lookup where built with it), NEON on AArch64, so that the baseline the JIT is
// held to is vectorized on both processors as the JIT's code is. A comparison's result is
// summarized as a mask: one bit per byte on x86-64 (pmovmskb), four per byte on AArch64 (shrn
// by 4, the cheapest summary NEON has); below() and first() hide the difference.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>

#if defined(__x86_64__)
#include <emmintrin.h>
#if defined(__SSSE3__)
#include <tmmintrin.h>
#endif
#elif defined(__aarch64__)
#include <arm_neon.h>
#else
#error "the hand-written baseline is written for x86-64 and AArch64"
#endif

namespace jsonjit::bench::byte_block {

#if defined(__x86_64__)
using block = __m128i;
using mask = std::uint32_t;
inline constexpr int bits_per_byte = 1;

inline block load(const char* p) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}
inline void store(char* p, block b) {
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), b);
}
/// A comparison's result (0xFF or 0 per byte) as a mask.
inline mask to_mask(block compared) {
  return static_cast<mask>(_mm_movemask_epi8(compared));
}
inline block quote_or_backslash_bytes(block b) {
  return _mm_or_si128(_mm_cmpeq_epi8(b, _mm_set1_epi8('"')), _mm_cmpeq_epi8(b, _mm_set1_epi8('\\')));
}
#else
using block = uint8x16_t;
using mask = std::uint64_t;
inline constexpr int bits_per_byte = 4;

inline block load(const char* p) {
  return vld1q_u8(reinterpret_cast<const std::uint8_t*>(p));
}
inline void store(char* p, block b) {
  vst1q_u8(reinterpret_cast<std::uint8_t*>(p), b);
}
/// A comparison's result (0xFF or 0 per byte) as a mask.
inline mask to_mask(block compared) {
  return vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(vreinterpretq_u16_u8(compared), 4)), 0);
}
inline block quote_or_backslash_bytes(block b) {
  return vorrq_u8(vceqq_u8(b, vdupq_n_u8('"')), vceqq_u8(b, vdupq_n_u8('\\')));
}
#endif

inline mask quote_or_backslash(block b) {
  return to_mask(quote_or_backslash_bytes(b));
}

/// The bits of the first `n` (< 16) bytes.
inline mask below(std::size_t n) {
  return (mask{1} << (n * bits_per_byte)) - 1;
}
/// The index of the first byte whose bits are set in `m` (not zero).
inline std::size_t first(mask m) {
  return static_cast<std::size_t>(std::countr_zero(m)) / bits_per_byte;
}

/// The `n` (< 16) bytes at `p` in the low lanes: 16 bytes read at once where they do not cross
/// into the next page (the bytes past `n` are masked off by the caller), else copied first.
inline block load_short(const char* p, std::size_t n) {
  if ((reinterpret_cast<std::uintptr_t>(p) & 4095) <= 4096 - 16) [[likely]]
    return load(p);
  alignas(16) char copy[16];
  std::memcpy(copy, p, n);
  return load(copy);
}

/// The bytes of `v` that a string must escape: with `html_safe`, STJ's default escaping
/// (controls, " & ' + < > \ ` DEL and every non-ASCII byte); else UnsafeRelaxedJsonEscaping's
/// (controls, " and \).
template <bool html_safe>
mask escape_mask(block v) {
  // For the HTML-safe set, two table lookups by nibble instead of seven compares: a byte needs
  // escaping where the classes of its high and its low nibble share a bit: 1 controls (rows 0
  // and 1), 2 " & ' + (row 2), 4 < > (row 3), 8 \ (row 5), 16 ` (row 6), 32 DEL (row 7);
  // non-ASCII bytes by their top bits.
#if defined(__x86_64__)
  if constexpr (html_safe) {
#if defined(__SSSE3__)
    const __m128i by_high = _mm_setr_epi8(1, 1, 2, 4, 0, 8, 16, 32, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m128i by_low =
        _mm_setr_epi8(1 | 16, 1, 1 | 2, 1, 1, 1, 1 | 2, 1 | 2, 1, 1, 1, 1 | 2, 1 | 4 | 8, 1, 1 | 4, 1 | 32);
    const __m128i high = _mm_and_si128(_mm_srli_epi16(v, 4), _mm_set1_epi8(0x0F));
    const __m128i classes = _mm_and_si128(_mm_shuffle_epi8(by_high, high), _mm_shuffle_epi8(by_low, v));
    const unsigned plain =
        static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(classes, _mm_setzero_si128())));
    return (~plain & 0xFFFFu) | static_cast<unsigned>(_mm_movemask_epi8(v));
#else
    __m128i m = _mm_cmplt_epi8(v, _mm_set1_epi8(0x20));  // controls, and every non-ASCII byte (signed)
    // & (0x26) and ' (0x27) differ in bit 0; < (0x3C) and > (0x3E) in bit 1.
    m = _mm_or_si128(m, _mm_cmpeq_epi8(_mm_and_si128(v, _mm_set1_epi8(char(0xFE))), _mm_set1_epi8(0x26)));
    m = _mm_or_si128(m, _mm_cmpeq_epi8(_mm_and_si128(v, _mm_set1_epi8(char(0xFD))), _mm_set1_epi8(0x3C)));
    for (char c : {'+', '`', '\x7F'}) m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8(c)));
    return to_mask(_mm_or_si128(m, quote_or_backslash_bytes(v)));
#endif
  } else {
    const __m128i controls = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v);  // unsigned
    return to_mask(_mm_or_si128(controls, quote_or_backslash_bytes(v)));
  }
#else
  if constexpr (html_safe) {
    static constexpr std::uint8_t by_high_bytes[16] = {1, 1, 2, 4, 0, 8, 16, 32, 0, 0, 0, 0, 0, 0, 0, 0};
    static constexpr std::uint8_t by_low_bytes[16] = {1 | 16, 1, 1 | 2, 1,     1,         1, 1 | 2, 1 | 2,
                                                      1,      1, 1,     1 | 2, 1 | 4 | 8, 1, 1 | 4, 1 | 32};
    const uint8x16_t classes = vandq_u8(vqtbl1q_u8(vld1q_u8(by_high_bytes), vshrq_n_u8(v, 4)),
                                        vqtbl1q_u8(vld1q_u8(by_low_bytes), vandq_u8(v, vdupq_n_u8(0x0F))));
    const uint8x16_t any_class = vtstq_u8(classes, classes);
    return to_mask(vorrq_u8(any_class, vcgeq_u8(v, vdupq_n_u8(0x80))));
  } else {
    return to_mask(vorrq_u8(vcltq_u8(v, vdupq_n_u8(0x20)), quote_or_backslash_bytes(v)));
  }
#endif
}

}  // namespace jsonjit::bench::byte_block
