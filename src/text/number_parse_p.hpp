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

/// The nearest F (double or float) to valid JSON number text, rounded once from the text (a
/// float read through a double would round twice); fails with number_out_of_range on
/// overflow (1e400), gives ±0 on underflow.
template <class F>
error_code parse_binary(std::string_view text, F& value) noexcept;

/// The nearest F to ±w * 10^q, where w holds every significant digit, if that is quick to
/// decide (almost always); false otherwise (overflow included): then parse the text.
template <class F>
bool decimal_to_binary(std::uint64_t w, std::int64_t q, bool negative, F& value) noexcept;

// Floats are specialized: through the double conversion where that rounds once.
template <>
error_code parse_binary<float>(std::string_view text, float& value) noexcept;
template <>
bool decimal_to_binary<float>(std::uint64_t w, std::int64_t q, bool negative, float& value) noexcept;

}  // namespace jsonjit::detail
