// A number's parts (read by number_scan_p.hpp) turned into a double, inline where documents
// are parsed: a call for every number cost the document parser 5% on canada.json. Private to
// the library.
#pragma once

#include <cstdint>

#include <fast_float/fast_float.h>

namespace jsonjit::detail {

/// The double nearest to ±w * 10^q, where w holds every significant digit, if that is quick to
/// decide (almost always); false otherwise (overflow included): then parse the text.
inline bool double_from_parts(std::uint64_t w, std::int64_t q, bool negative, double& value) noexcept {
  using format = fast_float::binary_format<double>;
  // Clinger's fast path: w and 10^|q| are exact, so one rounding gives the answer.
  if (q >= format::min_exponent_fast_path() && q <= format::max_exponent_fast_path() &&
      w <= format::max_mantissa_fast_path()) {
    double d = static_cast<double>(w);
    d = q < 0 ? d / format::exact_power_of_ten(-q) : d * format::exact_power_of_ten(q);
    value = negative ? -d : d;
    return true;
  }
  // Eisel and Lemire's algorithm (fast_float's implementation); a negative power means it could
  // not decide, the largest one is an overflow.
  const fast_float::adjusted_mantissa am = fast_float::compute_float<format>(q, w);
  if (am.power2 < 0 || am.power2 == format::infinite_power()) return false;
  fast_float::to_float(negative, am, value);
  return true;
}

}  // namespace jsonjit::detail
