// The 32-bit getters of element and node: a 64-bit value narrowed with a range check. Private.
#pragma once

#include <limits>

#include <jsonjit/error.hpp>

namespace jsonjit::detail {

template <class Narrow, class Wide>
result<Narrow> narrow(Wide value) noexcept {
  if (value < std::numeric_limits<Narrow>::min() || value > std::numeric_limits<Narrow>::max()) {
    return error_code::number_out_of_range;
  }
  return static_cast<Narrow>(value);
}

}  // namespace jsonjit::detail
