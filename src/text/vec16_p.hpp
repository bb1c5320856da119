// One 16-byte vector and the few operations the text layer's scans are written with, per
// processor: SSE2 (the x86-64 baseline) and NEON (every AArch64 CPU) compile each operation to
// one or two instructions. Where neither exists JSONJIT_VEC16 is 0 and the callers' scalar
// code runs. Two kinds of masks of the bytes' top bits:
//   - `bits`: bit i for byte i on both, for code that combines masks bit by bit (UTF-8
//     validation, the escaper's byte-by-byte loop); on NEON it costs two sums across the
//     vector;
//   - `byte_mask` (`mask_of`, `first_byte`): only tested against zero and asked for its first
//     byte, which is what a scan does every 16 bytes: SSE2's movemask, and on NEON four bits
//     per byte from one narrowing shift.
#pragma once

#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#define JSONJIT_VEC16 1
#elif defined(__ARM_NEON)
#include <arm_neon.h>
#define JSONJIT_VEC16 1
#else
#define JSONJIT_VEC16 0
#endif

#if JSONJIT_VEC16
namespace jsonjit::detail::vec16 {

#if defined(__SSE2__)
using vec = __m128i;

inline vec load(const void* p) noexcept { return _mm_loadu_si128(static_cast<const __m128i*>(p)); }
inline void store(void* p, vec v) noexcept { _mm_storeu_si128(static_cast<__m128i*>(p), v); }
inline vec splat(int byte) noexcept { return _mm_set1_epi8(static_cast<char>(byte)); }
inline vec zero() noexcept { return _mm_setzero_si128(); }
/// The 4-byte word repeated, and two 8-byte words (low first).
inline vec splat32(std::uint32_t word) noexcept { return _mm_set1_epi32(static_cast<int>(word)); }
inline vec from_words(std::uint64_t low, std::uint64_t high) noexcept {
  return _mm_set_epi64x(static_cast<long long>(high), static_cast<long long>(low));
}
// Comparisons give 0xFF where true. "signed": the bytes as int8_t, so bytes >= 0x80 are below
// everything ASCII.
inline vec equal(vec a, vec b) noexcept { return _mm_cmpeq_epi8(a, b); }
inline vec less_signed(vec a, vec b) noexcept { return _mm_cmplt_epi8(a, b); }
inline vec greater_signed(vec a, vec b) noexcept { return _mm_cmpgt_epi8(a, b); }
inline vec min_unsigned(vec a, vec b) noexcept { return _mm_min_epu8(a, b); }
inline vec max_unsigned(vec a, vec b) noexcept { return _mm_max_epu8(a, b); }
inline vec bit_or(vec a, vec b) noexcept { return _mm_or_si128(a, b); }
inline vec bit_and(vec a, vec b) noexcept { return _mm_and_si128(a, b); }
/// a & ~b
inline vec and_not(vec a, vec b) noexcept { return _mm_andnot_si128(b, a); }
inline vec add(vec a, vec b) noexcept { return _mm_add_epi8(a, b); }
/// Each byte's high nibble.
inline vec high_nibbles(vec v) noexcept { return _mm_and_si128(_mm_srli_epi16(v, 4), _mm_set1_epi8(0x0F)); }
/// Bytes 0..7 (low) or 8..15 (high) of a and b interleaved: a0 b0 a1 b1 ...
inline vec interleave_low(vec a, vec b) noexcept { return _mm_unpacklo_epi8(a, b); }
inline vec interleave_high(vec a, vec b) noexcept { return _mm_unpackhi_epi8(a, b); }
/// The top bit of each byte: bit i for byte i.
inline unsigned bits(vec v) noexcept { return static_cast<unsigned>(_mm_movemask_epi8(v)); }
/// The bytes whose top bit is set (mask_of) or clear (mask_of_not), for finding the first.
using byte_mask = unsigned;
inline byte_mask mask_of(vec v) noexcept { return bits(v); }
inline byte_mask mask_of_not(vec v) noexcept { return ~bits(v) & 0xFFFFu; }
/// The index of the first byte in a mask that is not zero.
inline int first_byte(byte_mask m) noexcept { return __builtin_ctz(m); }
/// The 16 bytes ending `n` (1..3) bytes before `current`'s first: `before`'s last n, then
/// `current`'s first 16 - n.
template <int n>
inline vec shifted_in(vec before, vec current) noexcept {
  return _mm_or_si128(_mm_slli_si128(current, n), _mm_srli_si128(before, 16 - n));
}

#else  // NEON
using vec = uint8x16_t;

inline vec load(const void* p) noexcept { return vld1q_u8(static_cast<const std::uint8_t*>(p)); }
inline void store(void* p, vec v) noexcept { vst1q_u8(static_cast<std::uint8_t*>(p), v); }
inline vec splat(int byte) noexcept { return vdupq_n_u8(static_cast<std::uint8_t>(byte)); }
inline vec zero() noexcept { return vdupq_n_u8(0); }
inline vec splat32(std::uint32_t word) noexcept { return vreinterpretq_u8_u32(vdupq_n_u32(word)); }
inline vec from_words(std::uint64_t low, std::uint64_t high) noexcept {
  return vreinterpretq_u8_u64(vcombine_u64(vcreate_u64(low), vcreate_u64(high)));
}
inline vec equal(vec a, vec b) noexcept { return vceqq_u8(a, b); }
inline vec less_signed(vec a, vec b) noexcept { return vcltq_s8(vreinterpretq_s8_u8(a), vreinterpretq_s8_u8(b)); }
inline vec greater_signed(vec a, vec b) noexcept {
  return vcgtq_s8(vreinterpretq_s8_u8(a), vreinterpretq_s8_u8(b));
}
inline vec min_unsigned(vec a, vec b) noexcept { return vminq_u8(a, b); }
inline vec max_unsigned(vec a, vec b) noexcept { return vmaxq_u8(a, b); }
inline vec bit_or(vec a, vec b) noexcept { return vorrq_u8(a, b); }
inline vec bit_and(vec a, vec b) noexcept { return vandq_u8(a, b); }
inline vec and_not(vec a, vec b) noexcept { return vbicq_u8(a, b); }
inline vec add(vec a, vec b) noexcept { return vaddq_u8(a, b); }
inline vec high_nibbles(vec v) noexcept { return vshrq_n_u8(v, 4); }
inline vec interleave_low(vec a, vec b) noexcept { return vzip1q_u8(a, b); }
inline vec interleave_high(vec a, vec b) noexcept { return vzip2q_u8(a, b); }
inline unsigned bits(vec v) noexcept {
  // Each byte's top bit moved to its place in its half, then the halves summed across.
  static constexpr std::int8_t shifts[16] = {-7, -6, -5, -4, -3, -2, -1, 0, -7, -6, -5, -4, -3, -2, -1, 0};
  const uint8x16_t placed = vshlq_u8(vandq_u8(v, vdupq_n_u8(0x80)), vld1q_s8(shifts));
  return static_cast<unsigned>(vaddv_u8(vget_low_u8(placed))) |
         static_cast<unsigned>(vaddv_u8(vget_high_u8(placed))) << 8;
}
/// Each byte's top bit spread over the byte, then every 16-bit lane narrowed by 4: a nibble
/// per byte, all ones where the top bit was set.
using byte_mask = std::uint64_t;
inline byte_mask mask_of(vec v) noexcept {
  const uint8x16_t spread = vreinterpretq_u8_s8(vshrq_n_s8(vreinterpretq_s8_u8(v), 7));
  return vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(vreinterpretq_u16_u8(spread), 4)), 0);
}
inline byte_mask mask_of_not(vec v) noexcept { return ~mask_of(v); }
inline int first_byte(byte_mask m) noexcept { return __builtin_ctzll(m) >> 2; }
template <int n>
inline vec shifted_in(vec before, vec current) noexcept {
  return vextq_u8(before, current, 16 - n);
}
#endif

}  // namespace jsonjit::detail::vec16
#endif
