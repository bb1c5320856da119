#include "text/number_parse_p.hpp"

#include <fast_float/fast_float.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "text/decimal_to_binary_p.hpp"

namespace jsonjit::detail {
namespace {

// Whether a number out of double's range overflowed (too large) rather than underflowed (too
// close to zero): the sign of its decimal magnitude, i.e. the position of its
// first significant digit relative to the point, plus the exponent (saturated).
bool overflowed(std::string_view text) noexcept {
  std::size_t i = text[0] == '-' ? 1 : 0;
  bool seen_significant = false;
  std::int64_t integer_digits = 0, leading_fraction_zeros = 0;
  for (; i < text.size() && text[i] != '.' && text[i] != 'e' && text[i] != 'E'; ++i) {
    if (text[i] != '0') seen_significant = true;
    if (seen_significant) ++integer_digits;
  }
  if (i < text.size() && text[i] == '.') {
    for (++i; i < text.size() && text[i] != 'e' && text[i] != 'E'; ++i) {
      if (!seen_significant && text[i] == '0') ++leading_fraction_zeros;
      if (text[i] != '0') seen_significant = true;
    }
  }
  std::int64_t magnitude = integer_digits > 0 ? integer_digits : -leading_fraction_zeros;
  if (i < text.size()) {  // the exponent
    ++i;
    const bool negative = text[i] == '-';
    if (text[i] == '+' || text[i] == '-') ++i;
    std::int64_t e = 0;
    for (; i < text.size(); ++i) {
      if (e < 1'000'000'000) e = e * 10 + (text[i] - '0');
    }
    magnitude += negative ? -e : e;
  }
  return magnitude > 0;
}

}  // namespace

template <class F>
error_code parse_binary(std::string_view text, F& value) noexcept {
  // fast_float (Lemire's algorithm, exact like std::from_chars and about twice as fast here)
  // gives infinity on overflow and a signed zero on underflow.
  const auto r = fast_float::from_chars(text.data(), text.data() + text.size(), value);
  if (std::isinf(value) || r.ec == std::errc::result_out_of_range) {
    if (overflowed(text)) return error_code::number_out_of_range;
    value = text[0] == '-' ? F(-0.0) : F(0.0);
  }
  return error_code::none;
}

template <class F>
bool decimal_to_binary(std::uint64_t w, std::int64_t q, bool negative, F& value) noexcept {
  static_assert(std::is_same_v<F, double>, "floats are specialized below");
  return double_from_parts(w, q, negative, value);
}

namespace {

/// Whether rounding `d`, the double nearest a decimal, to float gives the float nearest the
/// decimal. Rounding is monotonic, so it does unless `d` lies exactly halfway between two
/// floats (the first rounding may have made the tie: 16777217.000000001 becomes 2^24 + 1,
/// then 2^24), or outside float's normal range (subnormals round at another bit; past
/// FLT_MAX the decimal decides between FLT_MAX and overflow).
bool float_of_double_is_exact(double d) noexcept {
  const double magnitude = std::fabs(d);
  if (!(magnitude >= std::numeric_limits<float>::min() && magnitude <= std::numeric_limits<float>::max())) {
    return magnitude == 0;
  }
  constexpr std::uint64_t below_float = (std::uint64_t{1} << 29) - 1;  // the 29 bits a float drops
  return (std::bit_cast<std::uint64_t>(d) & below_float) != (std::uint64_t{1} << 28);
}

}  // namespace

// Floats go through the double conversion (its fast paths take the common 8 to 17 digits
// that float's own would not), and are converted from the text exactly only where the
// double could have rounded twice.
template <>
error_code parse_binary<float>(std::string_view text, float& value) noexcept {
  double d = 0;
  if (parse_binary<double>(text, d) == error_code::none && float_of_double_is_exact(d)) {
    value = static_cast<float>(d);
    return error_code::none;
  }
  const auto r = fast_float::from_chars(text.data(), text.data() + text.size(), value);
  if (std::isinf(value) || r.ec == std::errc::result_out_of_range) {
    if (overflowed(text)) return error_code::number_out_of_range;
    value = text[0] == '-' ? -0.0f : 0.0f;
  }
  return error_code::none;
}

template <>
bool decimal_to_binary<float>(std::uint64_t w, std::int64_t q, bool negative, float& value) noexcept {
  double d = 0;
  if (!decimal_to_binary<double>(w, q, negative, d) || !float_of_double_is_exact(d)) return false;
  value = static_cast<float>(d);
  return true;
}

template error_code parse_binary<double>(std::string_view, double&) noexcept;
template bool decimal_to_binary<double>(std::uint64_t, std::int64_t, bool, double&) noexcept;

}  // namespace jsonjit::detail
