// Scanning JSON number text fast: its grammar checked and its parts gathered in one pass,
// eight digits at a time by whole-word arithmetic (SWAR). Shared by the document parser and
// the JIT's number helpers; decimal_to_binary (number_parse_p.hpp) turns the parts into a
// double.
#pragma once

#include <cstdint>
#include <cstring>

#include "text/simd_p.hpp"      // skip_digits
#include "text/unescape_p.hpp"  // is_digit

namespace jsonjit::detail {

/// Non-zero bytes where a byte of `v` is not a decimal digit: its high nibble is not 3, or
/// adding 6 carries out of its low nibble (a carry from a non-digit can only spoil the bytes
/// after it).
inline std::uint64_t not_digit_bytes(std::uint64_t v) noexcept {
  return ((v & 0xF0F0F0F0F0F0F0F0) ^ 0x3030303030303030) |
         (((v + 0x0606060606060606) & 0xF0F0F0F0F0F0F0F0) ^ 0x3030303030303030);
}

/// A number's parts, gathered while its grammar is checked.
struct number_parts {
  std::uint64_t significand = 0;  // the digits, without the point (valid if `exact`)
  std::int64_t exponent = 0;      // the power of ten to apply to the significand
  bool negative = false;
  bool integer = true;  // no fraction, no exponent
  bool exact = true;    // at most 19 digits: the significand holds them all
};

/// The value of eight digit values (0..9, one per byte, first digit in the lowest byte): pairs,
/// then quads, then the two halves, each one multiplication.
inline std::uint64_t digits_value(std::uint64_t t) noexcept {
  t = (t * 10 + (t >> 8)) & 0x00FF00FF00FF00FF;
  t = (t * 100 + (t >> 16)) & 0x0000FFFF0000FFFF;
  return (t * 10000 + (t >> 32)) & 0xFFFFFFFF;
}

/// Reads digits from `p` (at least one is there) into `value`, eight bytes at a time while
/// eight can be read; returns the end.
inline const char* read_digits(const char* p, const char* end, std::uint64_t& value) noexcept {
  static constexpr std::uint64_t powers_of_ten[8] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000};
  while (end - p >= 8) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    const std::uint64_t not_digit = not_digit_bytes(v);
    const std::uint64_t t = v - 0x3030303030303030;
    if (not_digit == 0) {
      value = value * 100000000 + digits_value(t);
      p += 8;
      continue;
    }
    const int count = __builtin_ctzll(not_digit) / 8;  // digits before the first other byte
    if (count > 0) {
      // The digits moved to the top bytes, zeros (leading zeros of the value) below.
      value = value * powers_of_ten[count] + digits_value(t << (8 * (8 - count)));
    }
    return p + count;
  }
  while (p < end && is_digit(*p)) value = value * 10 + static_cast<std::uint64_t>(*p++ - '0');
  return p;
}

/// The end of the JSON number text at `p` by the grammar
/// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, or null; its digits are only checked, not
/// read. `wide` is set where it has an exponent or more than 308 bytes: the only numbers that
/// may lie beyond double's range (the reader counts them as wide).
inline const char* number_end(const char* p, const char* end, bool& wide) noexcept {
  const char* const start = p;
  if (p < end && *p == '-') ++p;
  if (p == end || !is_digit(*p)) return nullptr;
  p = *p == '0' ? p + 1 : skip_digits(p, end);
  if (p < end && *p == '.') {
    const char* fraction = ++p;
    p = skip_digits(p, end);
    if (p == fraction) return nullptr;
  }
  if (p < end && (*p == 'e' || *p == 'E')) {
    ++p;
    if (p < end && (*p == '+' || *p == '-')) ++p;
    const char* exponent = p;
    p = skip_digits(p, end);
    if (p == exponent) return nullptr;
    wide = true;
  }
  if (p - start > 308) wide = true;
  return p;
}
inline const char* number_end(const char* p, const char* end) noexcept {
  bool wide = false;
  return number_end(p, end, wide);
}

/// read_number for any number: the grammar checked along the text, eight digits at a time.
inline const char* read_any_number(const char* p, const char* end, number_parts& n) noexcept {
  n.negative = p < end && *p == '-';
  p += n.negative;
  const char* const first_digit = p;
  if (p == end) return nullptr;
  if (*p == '0') {
    ++p;
  } else if (is_digit(*p)) {
    p = read_digits(p, end, n.significand);
  } else {
    return nullptr;
  }
  std::int64_t digits = p - first_digit;
  if (p < end && *p == '.') {
    n.integer = false;
    const char* const fraction = ++p;
    if (p == end || !is_digit(*p)) return nullptr;
    p = read_digits(p, end, n.significand);
    n.exponent = -(p - fraction);
    digits += p - fraction;
  }
  if (p < end && (*p | 0x20) == 'e') {
    n.integer = false;
    ++p;
    const bool negative_exponent = p < end && *p == '-';
    if (p < end && (*p == '+' || *p == '-')) ++p;
    if (p == end || !is_digit(*p)) return nullptr;
    std::int64_t e = 0;
    for (; p < end && is_digit(*p); ++p) {
      if (e < 100000000) e = e * 10 + (*p - '0');  // saturates far beyond any double
    }
    n.exponent += negative_exponent ? -e : e;
  }
  // Leading zeros count too ("0.001"): a few exact numbers take the slower path, never the
  // other way round.
  n.exact = digits <= 19;
  return p;
}

inline std::uint64_t digit_value(char c) noexcept {
  return static_cast<std::uint64_t>(c - '0');
}

/// Checks the JSON number at `p` and gathers its parts; returns its end, or nullptr.
///
/// The usual numbers, up to nineteen digits without an exponent, are read digit by digit but
/// for eight digits at once where an integer part (an identifier) or a fraction starts with
/// eight; the others, and anything invalid, by read_any_number. (Measured on canada.json, whose
/// numbers have two or three integer and fourteen or fifteen fraction digits, and on
/// citm_catalog.json, of nine-digit identifiers: 4% and 8% faster documents than reading every
/// part eight bytes at a time, whose partial words cost more than the few digits they hold.)
inline const char* read_number(const char* p, const char* end, number_parts& n) noexcept {
  // Reads at most 42 bytes from `p`: sign, nineteen integer digits, point, twenty fraction
  // digits, and the byte after them.
  if (end - p < 48) return read_any_number(p, end, n);
  const char* const start = p;
  const bool negative = *p == '-';
  p += negative;
  const char* const first_digit = p;
  std::uint64_t significand = 0;
  std::uint64_t word;
  std::memcpy(&word, p, 8);
  if (not_digit_bytes(word) == 0) {  // an integer part of eight digits or more (identifiers)
    significand = digits_value(word - 0x3030303030303030);
    p += 8;
    for (int k = 0; k < 11 && is_digit(*p); ++k, ++p) significand = significand * 10 + digit_value(*p);
  } else {
    for (int k = 0; k < 7 && is_digit(*p); ++k, ++p) significand = significand * 10 + digit_value(*p);
  }
  const std::int64_t integer_digits = p - first_digit;
  if (integer_digits == 0 || is_digit(*p) || (*first_digit == '0' && integer_digits > 1)) {
    return read_any_number(start, end, n);
  }
  std::int64_t fraction_digits = 0;
  if (*p == '.') {
    const char* const fraction = ++p;
    std::memcpy(&word, p, 8);
    if (not_digit_bytes(word) == 0) {
      significand = significand * 100000000 + digits_value(word - 0x3030303030303030);
      p += 8;
    }
    for (int k = 0; k < 12 && is_digit(*p); ++k, ++p) significand = significand * 10 + digit_value(*p);
    fraction_digits = p - fraction;
    // (More digits than that: the significand may have wrapped, and is not used.)
    if (fraction_digits == 0 || integer_digits + fraction_digits > 19 || is_digit(*p)) {
      return read_any_number(start, end, n);
    }
  }
  if ((*p | 0x20) == 'e') return read_any_number(start, end, n);
  n.significand = significand;
  n.exponent = -fraction_digits;
  n.negative = negative;
  n.integer = fraction_digits == 0;
  n.exact = true;
  return p;
}

}  // namespace jsonjit::detail
