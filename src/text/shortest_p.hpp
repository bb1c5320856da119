// Shortest round-trip decimal of a double: Raffaello Giulietti's Schubfach algorithm
// ("The Schubfach way to render doubles", 2020), written from the paper. Private.
#pragma once

#include <cstdint>

namespace jsonjit::detail {

/// value = significand * 10^exponent, with the fewest significant digits that read back as the
/// same double (the closest such when several exist; ties to an even digit). Trailing zeros of
/// the significand are removed.
struct decimal {
  std::uint64_t significand;
  int exponent;
};

/// For positive normal doubles (not subnormal, not zero, finite). Subnormals are left to
/// std::to_chars: with few significand bits their rounding interval can hold a decimal
/// several digits shorter, beyond the one-digit step this algorithm takes.
decimal shortest_decimal(double value) noexcept;

}  // namespace jsonjit::detail
