#include "text/number_parse_p.hpp"

#include <charconv>

namespace jsonjit::detail {
namespace {

// Whether a number that from_chars found out of range overflowed (too large) rather than
// underflowed (too close to zero): the sign of its decimal magnitude, i.e. the position of its
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

error_code parse_double(std::string_view text, double& value) noexcept {
  const auto r = std::from_chars(text.data(), text.data() + text.size(), value);
  if (r.ec == std::errc::result_out_of_range) {
    if (overflowed(text)) return error_code::number_out_of_range;
    value = text[0] == '-' ? -0.0 : 0.0;
  }
  return error_code::none;
}

}  // namespace jsonjit::detail
