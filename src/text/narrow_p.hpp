// The 32-bit getters of the reader, element and node: a 64-bit result narrowed with a range
// check. Private.
#pragma once

#include <limits>

#include <jsonjit/error.hpp>

namespace jsonjit::detail {

/// The 64-bit getter's value narrowed to Narrow, or its error, or number_out_of_range.
template <class Narrow, class Wide>
result<Narrow> narrow(const result<Wide>& wide) noexcept {
  if (!wide) return wide.error();
  const Wide value = wide.value_or(0);
  if (value < std::numeric_limits<Narrow>::min() || value > std::numeric_limits<Narrow>::max()) {
    return error_code::number_out_of_range;
  }
  return static_cast<Narrow>(value);
}

}  // namespace jsonjit::detail
