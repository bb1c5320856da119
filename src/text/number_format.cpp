#include "text/number_p.hpp"

#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>

namespace jsonjit::detail {
namespace {

// "00" "01" ... "99": two digits per division halves the divisions.
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

// Splits to_chars' shortest scientific text ("-d.ddde+XX") into sign, digits and exponent,
// then lays it out the way .NET does. `threshold` is .NET's round-trip digit count (17 or 9).
char* format_shortest(char* out, const char* text, const char* text_end, int threshold) noexcept {
  const char* p = text;
  if (*p == '-') *out++ = *p++;
  char digits[24];
  int count = 0;
  digits[count++] = *p++;
  if (*p == '.') {
    ++p;
    while (*p != 'e') digits[count++] = *p++;
  }
  ++p;  // 'e'
  int exponent = 0;
  std::from_chars(*p == '+' ? p + 1 : p, text_end, exponent);

  const int max_digits = count > threshold ? count : threshold;
  if (exponent > -5 && exponent < max_digits) {
    if (exponent >= 0) {
      if (count <= exponent + 1) {
        std::memcpy(out, digits, static_cast<std::size_t>(count));
        out += count;
        for (int i = count; i <= exponent; ++i) *out++ = '0';
      } else {
        std::memcpy(out, digits, static_cast<std::size_t>(exponent + 1));
        out += exponent + 1;
        *out++ = '.';
        std::memcpy(out, digits + exponent + 1, static_cast<std::size_t>(count - exponent - 1));
        out += count - exponent - 1;
      }
    } else {
      *out++ = '0';
      *out++ = '.';
      for (int i = -1; i > exponent; --i) *out++ = '0';
      std::memcpy(out, digits, static_cast<std::size_t>(count));
      out += count;
    }
    return out;
  }
  *out++ = digits[0];
  if (count > 1) {
    *out++ = '.';
    std::memcpy(out, digits + 1, static_cast<std::size_t>(count - 1));
    out += count - 1;
  }
  *out++ = 'E';
  *out++ = exponent < 0 ? '-' : '+';
  const int magnitude = exponent < 0 ? -exponent : exponent;
  if (magnitude >= 100) *out++ = static_cast<char>('0' + magnitude / 100);
  std::memcpy(out, digit_pairs + 2 * (magnitude % 100), 2);
  return out + 2;
}

}  // namespace

char* format_uint64(char* out, std::uint64_t value) noexcept {
  const int n = count_digits(value);
  char* p = out + n;
  while (value >= 100) {
    const auto pair = static_cast<unsigned>(value % 100);
    value /= 100;
    p -= 2;
    std::memcpy(p, digit_pairs + 2 * pair, 2);
  }
  if (value >= 10) {
    p -= 2;
    std::memcpy(p, digit_pairs + 2 * value, 2);
  } else {
    *--p = static_cast<char>('0' + value);
  }
  return out + n;
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
  if (value == 0) {
    if (std::signbit(value)) *out++ = '-';
    *out++ = '0';
    return out;
  }
  char text[max_number_chars];
  const auto r = std::to_chars(text, text + sizeof text, value, std::chars_format::scientific);
  return format_shortest(out, text, r.ptr, 17);
}

char* format_float(char* out, float value) noexcept {
  if (value == 0) {
    if (std::signbit(value)) *out++ = '-';
    *out++ = '0';
    return out;
  }
  char text[max_number_chars];
  const auto r = std::to_chars(text, text + sizeof text, value, std::chars_format::scientific);
  return format_shortest(out, text, r.ptr, 9);
}

}  // namespace jsonjit::detail
