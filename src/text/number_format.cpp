#include "text/number_p.hpp"

#include "text/shortest_p.hpp"
#include "text/vec16_p.hpp"

#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

namespace jsonjit::detail {
namespace {

static_assert(std::endian::native == std::endian::little,
              "digits are made in the byte lanes of little-endian words (x86-64, AArch64)");

// "00" "01" ... "99": the two-digit exponent of the scientific form, and small integers.
constexpr char digit_pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

constexpr std::uint64_t powers_of_10[] = {1ull,
                                          10ull,
                                          100ull,
                                          1000ull,
                                          10000ull,
                                          100000ull,
                                          1000000ull,
                                          10000000ull,
                                          100000000ull,
                                          1000000000ull,
                                          10000000000ull,
                                          100000000000ull,
                                          1000000000000ull,
                                          10000000000000ull,
                                          100000000000000ull,
                                          1000000000000000ull,
                                          10000000000000000ull,
                                          100000000000000000ull,
                                          1000000000000000000ull,
                                          10000000000000000000ull};

int count_digits(std::uint64_t v) noexcept {
  // log10 from the bit length (1233/4096 ~ log10(2)), corrected by one compare.
  const int guess = ((64 - std::countl_zero(v | 1)) * 1233) >> 12;
  return guess + ((v | 1) >= powers_of_10[guess]);
}

// Moves 24 bytes: number text is assembled with fixed-size copies into room that the writer
// reserved (max_number_chars), from digit buffers padded to match; bytes past the end of the
// number are garbage that later output overwrites.
inline void copy24(char* out, const char* in) noexcept {
  std::memcpy(out, in, 24);
}

// The scientific form's exponent: E, its sign always, at least two digits.
char* write_exponent(char* out, int exponent) noexcept {
  *out++ = 'E';
  *out++ = exponent < 0 ? '-' : '+';
  const int magnitude = exponent < 0 ? -exponent : exponent;
  if (magnitude >= 100) *out++ = static_cast<char>('0' + magnitude / 100);
  std::memcpy(out, digit_pairs + 2 * (magnitude % 100), 2);
  return out + 2;
}

// Lays out `count` significant digits with scientific exponent `exponent` (value =
// d.ddd * 10^exponent) the way .NET does; `threshold` is its round-trip digit count (17 or 9).
// `digits` must have 40 readable bytes; `out` needs max_number_chars of room.
char* lay_out(char* out, const char* digits, int count, int exponent, int threshold) noexcept {
  const int max_digits = count > threshold ? count : threshold;
  if (exponent > -5 && exponent < max_digits) {
    if (exponent < 0) {  // 0.000ddd
      std::memcpy(out, "0.0000", 6);
      out += 1 - exponent;
      copy24(out, digits);
      return out + count;
    }
    copy24(out, digits);
    if (count <= exponent + 1) {  // an integer: ddd000
      std::memset(out + count, '0', 24);
      return out + exponent + 1;
    }
    copy24(out + exponent + 2, digits + exponent + 1);  // ddd.ddd
    out[exponent + 1] = '.';
    return out + count + 1;
  }
  out[0] = digits[0];
  if (count > 1) {
    out[1] = '.';
    copy24(out + 2, digits + 1);
    out += count + 1;
  } else {
    out += 1;
  }
  return write_exponent(out, exponent);
}

// The 8 decimal digits of v < 10^8 as ASCII in one little-endian word (first digit in the
// lowest byte; leading zeros included), computed in parallel lanes: split into 4-digit
// halves, then 2-digit quarters, then digits.
inline std::uint64_t eight_digits(std::uint32_t v) noexcept {
  const std::uint64_t halves = (v / 10000) | (static_cast<std::uint64_t>(v % 10000) << 32);
  const std::uint64_t hundreds = ((halves * 10486) >> 20) & 0x0000007F0000007Full;  // x / 100
  const std::uint64_t quarters = hundreds | ((halves - hundreds * 100) << 16);
  const std::uint64_t tens = ((quarters * 103) >> 10) & 0x000F000F000F000Full;  // x / 10
  return (tens | ((quarters - tens * 10) << 8)) | 0x3030303030303030ull;
}

inline void store8(char* out, std::uint64_t word) noexcept {
  std::memcpy(out, &word, 8);
}

// Writes the 8 digits of v < 10^8, leading zeros included.
inline void write_8_digits(char* out, std::uint32_t v) noexcept {
  store8(out, eight_digits(v));
}

#if JSONJIT_VEC16
// A double's digits are made in one vector: the significand padded with zeros to 17 digits,
// its first digit by itself and the other sixteen in the vector's bytes, in order. The
// layouts are then whole-vector stores and, for a decimal point inside the digits, a blend
// of the vector with itself one byte further on.

/// The 16 digits of v < 10^16 in ASCII, the first in byte 0 (leading zeros included). Its two
/// groups of eight are split into four groups of four digits, each in two 16-bit lanes: the
/// even lane takes the group's first two digits, the odd lane its last two. In each lane:
/// x / 100 = (x * 5243) >> 19 and y / 10 = (y * 6554) >> 16 for x < 10^4, y < 100; a
/// two-digit lane y is the bytes (y / 10, y % 10): 256y - 2559 (y / 10).
inline vec16::vec sixteen_digits(std::uint64_t v) noexcept {
  const auto high = static_cast<std::uint32_t>(v / 100000000);
  const auto low = static_cast<std::uint32_t>(v % 100000000);
#if defined(__SSE2__)
  // x / 10^4 = (x * 3518437209) >> 45 for x < 10^8, in both 64-bit lanes at once.
  const __m128i eights = _mm_set_epi64x(low, high);
  const __m128i upper =
      _mm_srli_epi64(_mm_mul_epu32(eights, _mm_set1_epi32(static_cast<int>(3518437209u))), 45);
  const __m128i lower = _mm_sub_epi64(eights, _mm_mul_epu32(upper, _mm_set1_epi32(10000)));
  const __m128i groups = _mm_or_si128(upper, _mm_slli_epi64(lower, 32));  // four 32-bit lanes
  const __m128i twice = _mm_or_si128(groups, _mm_slli_epi32(groups, 16));
  const __m128i hundreds = _mm_srli_epi16(_mm_mulhi_epu16(twice, _mm_set1_epi16(5243)), 3);
  const __m128i pairs = _mm_add_epi16(_mm_mullo_epi16(hundreds, _mm_set1_epi32(static_cast<int>(0xFF9C0001))),
                                      _mm_and_si128(twice, _mm_set1_epi32(static_cast<int>(0xFFFF0000))));
  const __m128i tens = _mm_mulhi_epu16(pairs, _mm_set1_epi16(6554));
  const __m128i digits = _mm_sub_epi16(_mm_slli_epi16(pairs, 8), _mm_mullo_epi16(tens, _mm_set1_epi16(2559)));
  return _mm_or_si128(digits, _mm_set1_epi8('0'));
#else  // NEON: its multiply-high is signed and doubling, (2ab) >> 16, exact for these lanes
  const std::uint64_t groups = (high / 10000) | static_cast<std::uint64_t>(high % 10000) << 16 |
                               static_cast<std::uint64_t>(low / 10000) << 32 |
                               static_cast<std::uint64_t>(low % 10000) << 48;
  const uint16x8_t group = vreinterpretq_u16_u64(vdupq_n_u64(groups));
  const uint16x8_t twice = vzip1q_u16(group, group);
  const uint16x8_t hundreds =
      vshrq_n_u16(vreinterpretq_u16_s16(vqdmulhq_s16(vreinterpretq_s16_u16(twice), vdupq_n_s16(5243))), 4);
  const uint16x8_t pairs = vaddq_u16(vmulq_u16(hundreds, vreinterpretq_u16_u32(vdupq_n_u32(0xFF9C0001))),
                                     vandq_u16(twice, vreinterpretq_u16_u32(vdupq_n_u32(0xFFFF0000))));
  const uint16x8_t tens =
      vreinterpretq_u16_s16(vqdmulhq_s16(vreinterpretq_s16_u16(pairs), vdupq_n_s16(3277)));
  const uint16x8_t digits = vsubq_u16(vshlq_n_u16(pairs, 8), vmulq_u16(tens, vdupq_n_u16(2559)));
  return vorrq_u8(vreinterpretq_u8_u16(digits), vdupq_n_u8('0'));
#endif
}

// Windows of 16 bytes slid by the number of digits before a decimal point (0..15): all ones
// before it, all ones after it, the point itself.
alignas(64) constexpr std::uint8_t ones_then_zeros[32] = {
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
alignas(64) constexpr std::uint8_t zeros_then_ones[33] = {
    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
alignas(64) constexpr std::uint8_t point_alone[32] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, '.'};

/// `digits` with a decimal point after the first `before` (0..15) of them; the digits after
/// it move one byte on and the last falls off.
inline vec16::vec with_point(vec16::vec digits, int before) noexcept {
  using namespace vec16;
  const vec moved = shifted_in<1>(zero(), digits);
  return bit_or(bit_or(bit_and(digits, load(ones_then_zeros + 16 - before)),
                       bit_and(moved, load(zeros_then_ones + 16 - before))),
                load(point_alone + 16 - before));
}

/// format_double's layouts (those of lay_out) for a positive normal double's shortest form.
char* format_shortest(char* out, decimal shortest) noexcept {
  const int count = count_digits(shortest.significand);
  const int exponent = shortest.exponent + count - 1;  // of the first digit
  const std::uint64_t padded = shortest.significand * powers_of_10[17 - count];
  const auto first = static_cast<char>('0' + padded / 10000000000000000);
  const vec16::vec rest = sixteen_digits(padded % 10000000000000000);
  if (exponent >= 0 && exponent < 17) {
    out[0] = first;
    if (count <= exponent + 1) {  // an integer: the padding's zeros end it
      vec16::store(out + 1, rest);
      return out + exponent + 1;
    }
    vec16::store(out + 2, rest);  // for the 17th digit, which the point pushes out of the vector
    vec16::store(out + 1, with_point(rest, exponent));
    return out + count + 1;
  }
  if (exponent < 0 && exponent > -5) {  // 0.000ddd
    std::memcpy(out, "0.0000", 6);
    out += 1 - exponent;
    out[0] = first;
    vec16::store(out + 1, rest);
    return out + count;
  }
  out[0] = first;
  if (count > 1) {
    out[1] = '.';
    vec16::store(out + 2, rest);
    out += count + 1;
  } else {
    out += 1;
  }
  return write_exponent(out, exponent);
}
#else
char* format_shortest(char* out, decimal shortest) noexcept {
  // At most 17 digits: one, then two groups of eight, leading zeros skipped afterwards.
  char buffer[64];
  const std::uint64_t high = shortest.significand / 100000000;
  buffer[0] = static_cast<char>('0' + high / 100000000);
  write_8_digits(buffer + 1, static_cast<std::uint32_t>(high % 100000000));
  write_8_digits(buffer + 9, static_cast<std::uint32_t>(shortest.significand % 100000000));
  const int count = count_digits(shortest.significand);
  return lay_out(out, buffer + 17 - count, count, shortest.exponent + count - 1, 17);
}
#endif

// Shortest digits from std::to_chars' scientific text ("d.ddde+XX"), laid out by lay_out.
// (Out of line: the subnormals' and floats' way, kept out of the common path's stack frame.)
template <class Float>
[[gnu::noinline]] char* format_with_to_chars(char* out, Float value, int threshold) noexcept {
  char text[max_number_chars];
  const char* const text_end =
      std::to_chars(text, text + sizeof text, value, std::chars_format::scientific).ptr;
  char digits[64];
  int count = 0;
  const char* p = text;
  digits[count++] = *p++;
  if (*p == '.') {
    for (++p; *p != 'e'; ++p) digits[count++] = *p;
  }
  ++p;  // 'e'
  int exponent = 0;
  std::from_chars(*p == '+' ? p + 1 : p, text_end, exponent);
  return lay_out(out, digits, count, exponent, threshold);
}

}  // namespace

char* format_uint64(char* out, std::uint64_t value) noexcept {
  static_assert(max_number_chars >= 24);
  if (value < 10000) {  // the most common numbers: by digit pairs, without the general arithmetic
    const auto v = static_cast<std::uint32_t>(value);
    if (v < 10) {
      *out = static_cast<char>('0' + v);
      return out + 1;
    }
    if (v < 100) {
      std::memcpy(out, digit_pairs + 2 * v, 2);
      return out + 2;
    }
    const std::uint32_t high = v / 100;
    const std::size_t wide = v >= 1000;  // four digits, not three
    std::memcpy(out, digit_pairs + 2 * high + (1 - wide), 2);  // from three digits, only the last lands
    std::memcpy(out + wide + 1, digit_pairs + 2 * (v - 100 * high), 2);
    return out + 3 + wide;
  }
  const int count = count_digits(value);
  // Groups of eight digits made in registers and stored straight to the output; the first
  // group is shifted so that its leading zeros fall off (later stores overwrite its tail).
  if (value < 100000000) {
    store8(out, eight_digits(static_cast<std::uint32_t>(value)) >> (8 * (8 - count)));
  } else if (value < 10000000000000000) {
    const int first = count - 8;
    store8(out, eight_digits(static_cast<std::uint32_t>(value / 100000000)) >> (8 * (8 - first)));
    store8(out + first, eight_digits(static_cast<std::uint32_t>(value % 100000000)));
  } else {
    const int first = count - 16;
    const std::uint64_t low16 = value % 10000000000000000;
    store8(out, eight_digits(static_cast<std::uint32_t>(value / 10000000000000000)) >> (8 * (8 - first)));
    store8(out + first, eight_digits(static_cast<std::uint32_t>(low16 / 100000000)));
    store8(out + first + 8, eight_digits(static_cast<std::uint32_t>(low16 % 100000000)));
  }
  return out + count;
}

char* format_int64(char* out, std::int64_t value) noexcept {
  auto magnitude = static_cast<std::uint64_t>(value);
  if (value < 0) {
    *out++ = '-';
    magnitude = 0 - magnitude;  // well defined for INT64_MIN too
  }
  return format_uint64(out, magnitude);
}

char* format_double(char* out, double value) noexcept {
  static_assert(max_number_chars >= 17 + 2 + 24, "lay_out's widest copy");
  if (std::signbit(value)) {
    *out++ = '-';
    value = -value;
  }
  if (value < std::numeric_limits<double>::min()) {
    if (value == 0) {
      *out++ = '0';
      return out;
    }
    return format_with_to_chars(out, value, 17);  // subnormal
  }
  return format_shortest(out, shortest_decimal(value));
}

char* format_float(char* out, float value) noexcept {
  if (std::signbit(value)) {
    *out++ = '-';
    value = -value;
  }
  if (value == 0) {
    *out++ = '0';
    return out;
  }
  return format_with_to_chars(out, value, 9);
}

}  // namespace jsonjit::detail
