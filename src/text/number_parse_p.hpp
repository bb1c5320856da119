// Converting number text the reader has already validated. Private to the library.
#pragma once

#include <cstdint>
#include <string_view>

#include <jsonjit/error.hpp>

namespace jsonjit::detail {

/// The sign and magnitude of valid JSON number text that must be an integer: fails with
/// number_not_integer for a fraction or exponent, number_out_of_range beyond 64 bits.
inline error_code integer_magnitude(std::string_view text, bool& negative,
                                    std::uint64_t& magnitude) noexcept {
  const char* p = text.data();
  const char* const end = p + text.size();
  negative = *p == '-';
  p += negative;
  std::uint64_t v = 0;
  const char* const digits = p;
  for (; p < end && static_cast<unsigned char>(*p - '0') < 10; ++p) {
    const auto digit = static_cast<std::uint64_t>(*p - '0');
    // 19 digits always fit; beyond that check each step.
    if (p - digits >= 19 && (v > (UINT64_MAX - digit) / 10)) {
      while (p < end && static_cast<unsigned char>(*p - '0') < 10) ++p;
      return p == end ? error_code::number_out_of_range : error_code::number_not_integer;
    }
    v = v * 10 + digit;
  }
  if (p != end) return error_code::number_not_integer;  // a fraction or an exponent
  magnitude = v;
  return error_code::none;
}

/// The nearest double to valid JSON number text; fails with number_out_of_range on overflow
/// (1e400), gives ±0 on underflow.
error_code parse_double(std::string_view text, double& value) noexcept;
/// The nearest float, likewise (rounded once, from the text: not through a double).
error_code parse_float(std::string_view text, float& value) noexcept;

/// The nearest double to ±w * 10^q, where w holds every significant digit, if that is quick to
/// decide (almost always); false otherwise (overflow included): then parse the text.
bool decimal_to_double(std::uint64_t w, std::int64_t q, bool negative, double& value) noexcept;
bool decimal_to_float(std::uint64_t w, std::int64_t q, bool negative, float& value) noexcept;

/// parse_double or parse_float, chosen by the target's type.
inline error_code parse_binary_float(std::string_view text, double& value) noexcept {
  return parse_double(text, value);
}
inline error_code parse_binary_float(std::string_view text, float& value) noexcept {
  return parse_float(text, value);
}
inline bool decimal_to_binary_float(std::uint64_t w, std::int64_t q, bool negative, double& value) noexcept {
  return decimal_to_double(w, q, negative, value);
}
inline bool decimal_to_binary_float(std::uint64_t w, std::int64_t q, bool negative, float& value) noexcept {
  return decimal_to_float(w, q, negative, value);
}

}  // namespace jsonjit::detail
