#include "text/number_p.hpp"

#include "text/shortest_p.hpp"

#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

namespace jsonjit::detail {
namespace {

// "00" "01" ... "99": two digits per division halves the divisions.
constexpr char digit_pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

// Lays out `count` significant digits with scientific exponent `exponent` (value =
// d.ddd * 10^exponent) the way .NET does; `threshold` is its round-trip digit count (17 or 9).
char* lay_out(char* out, const char* digits, int count, int exponent, int threshold) noexcept {
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

// Writes the digits of `value` so that they end at `end`; returns where they start.
template <class Unsigned>
char* digits_backwards(char* end, Unsigned value) noexcept {
  char* p = end;
  while (value >= 100) {
    p -= 2;
    std::memcpy(p, digit_pairs + 2 * static_cast<unsigned>(value % 100), 2);
    value /= 100;
  }
  if (value >= 10) {
    p -= 2;
    std::memcpy(p, digit_pairs + 2 * static_cast<unsigned>(value), 2);
  } else {
    *--p = static_cast<char>('0' + value);
  }
  return p;
}

// Shortest digits from std::to_chars' scientific text ("d.ddde+XX"), laid out by lay_out.
template <class Float>
char* format_with_to_chars(char* out, Float value, int threshold) noexcept {
  char text[max_number_chars];
  const char* const text_end = std::to_chars(text, text + sizeof text, value, std::chars_format::scientific).ptr;
  char digits[20];
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
  // Digits go backwards into a local buffer (no digit count needed up front), then one
  // fixed-size copy of 20 bytes (the most digits there can be; the output has room for
  // max_number_chars). Bytes copied past the digits are beyond the returned end.
  static_assert(max_number_chars >= 20);
  char buffer[40];
  char* const digits_end = buffer + 20;
  char* const start = value <= 0xFFFFFFFFu ? digits_backwards(digits_end, static_cast<std::uint32_t>(value))
                                           : digits_backwards(digits_end, value);
  std::memcpy(out, start, 20);
  return out + (digits_end - start);
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
  char buffer[24];
  char* const digits_end = buffer + sizeof buffer;
  const char* const digits = digits_backwards(digits_end, shortest.significand);
  const auto count = static_cast<int>(digits_end - digits);
  return lay_out(out, digits, count, shortest.exponent + count - 1, 17);
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
