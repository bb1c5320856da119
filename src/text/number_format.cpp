#include "text/number_p.hpp"

#include "text/shortest_p.hpp"

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
  *out++ = 'E';
  *out++ = exponent < 0 ? '-' : '+';
  const int magnitude = exponent < 0 ? -exponent : exponent;
  if (magnitude >= 100) *out++ = static_cast<char>('0' + magnitude / 100);
  std::memcpy(out, digit_pairs + 2 * (magnitude % 100), 2);
  return out + 2;
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

// Shortest digits from std::to_chars' scientific text ("d.ddde+XX"), laid out by lay_out.
template <class Float>
char* format_with_to_chars(char* out, Float value, int threshold) noexcept {
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
  const decimal shortest = shortest_decimal(value);
  // At most 17 digits: one, then two groups of eight, leading zeros skipped afterwards.
  char buffer[64];
  const std::uint64_t high = shortest.significand / 100000000;
  buffer[0] = static_cast<char>('0' + high / 100000000);
  write_8_digits(buffer + 1, static_cast<std::uint32_t>(high % 100000000));
  write_8_digits(buffer + 9, static_cast<std::uint32_t>(shortest.significand % 100000000));
  const int count = count_digits(shortest.significand);
  return lay_out(out, buffer + 17 - count, count, shortest.exponent + count - 1, 17);
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
