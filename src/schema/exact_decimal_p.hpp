// Numbers as JSON writes them, exactly: JSON Schema compares and divides the decimal values of
// the text ("0.0075" is a multiple of "0.0001"; an integer of 60 digits is above 2^64), where
// doubles would round. Private to the library.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace jsonjit::detail::schema {

/// significand × 10^exponent, the significand's decimal digits without leading or trailing
/// zeros (empty for zero, whose sign is dropped: -0 equals 0). Up to 40 digits are held in
/// place (no allocation: every number of an instance is read this way); more on the heap.
class exact_decimal {
 public:
  exact_decimal() = default;
  exact_decimal(const exact_decimal& other) { *this = other; }
  exact_decimal& operator=(const exact_decimal& other);

  /// From a JSON number's text ("-12.5e3"); false (and the value unspecified) for anything
  /// else. Exponents beyond ±10^15 are held at that bound (such numbers still compare in the
  /// right order with every number of fewer than 10^15 digits).
  bool assign(std::string_view json_number);
  static std::optional<exact_decimal> parse(std::string_view json_number) {
    exact_decimal d;
    if (!d.assign(json_number)) return std::nullopt;
    return d;
  }

  bool negative = false;
  std::int64_t exponent = 0;
  std::string_view digits() const noexcept {
    return size_ <= inline_capacity ? std::string_view(inline_, size_) : std::string_view(heap_);
  }
  bool is_zero() const noexcept { return size_ == 0; }
  /// No fractional part ("1.0" and "1e2" are integers).
  bool is_integer() const noexcept { return size_ == 0 || exponent >= 0; }

 private:
  static constexpr std::size_t inline_capacity = 40;
  char inline_[inline_capacity];
  std::size_t size_ = 0;
  std::string heap_;
};

/// <0, 0 or >0 as a is below, equal to or above b.
int compare(const exact_decimal& a, const exact_decimal& b) noexcept;

enum class divisibility : std::uint8_t { multiple, not_multiple, undecided };

/// Whether `value` is an integer multiple of `divisor` (> 0). `undecided` only when the
/// divisor has more than 18 significant digits and the quotient's magnitude more than 10^6
/// digits: too costly to decide exactly, and reported as such rather than guessed.
divisibility divides(const exact_decimal& divisor, const exact_decimal& value);

}  // namespace jsonjit::detail::schema
