#include "schema/exact_decimal_p.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

// unsigned __int128 (GCC and Clang on 64-bit targets) for remainders of 18-digit divisors.
#pragma GCC diagnostic ignored "-Wpedantic"

namespace jsonjit::detail::schema {
namespace {

constexpr std::int64_t exponent_bound = 1'000'000'000'000'000;

bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

/// The position of the most significant digit (value's magnitude in [10^m, 10^(m+1))).
std::int64_t magnitude(const exact_decimal& d) noexcept {
  return d.exponent + static_cast<std::int64_t>(d.digits().size()) - 1;
}

int compare_magnitudes(const exact_decimal& a, const exact_decimal& b) noexcept {
  if (a.is_zero() || b.is_zero()) return static_cast<int>(!a.is_zero()) - static_cast<int>(!b.is_zero());
  if (const std::int64_t ma = magnitude(a), mb = magnitude(b); ma != mb) return ma < mb ? -1 : 1;
  // Same leading position: digit by digit, then the longer (no trailing zeros) is larger.
  const int c = a.digits().compare(b.digits());
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

/// 10^k mod m by squaring (m < 10^18, so products fit in 128 bits).
std::uint64_t pow10_mod(std::uint64_t k, std::uint64_t m) {
  unsigned __int128 result = 1 % m, base = 10 % m;
  while (k != 0) {
    if ((k & 1) != 0) result = result * base % m;
    base = base * base % m;
    k >>= 1;
  }
  return static_cast<std::uint64_t>(result);
}

/// Big remainders, for divisors of more than 18 digits: the remainder kept as decimal
/// digits (most significant first), one digit of the dividend shifted in at a time.
class big_remainder {
 public:
  explicit big_remainder(std::string_view divisor) {
    for (char c : divisor) divisor_.push_back(static_cast<unsigned char>(c - '0'));
  }
  void shift_in(unsigned char digit) {
    remainder_.push_back(digit);
    if (remainder_.size() > 1 && remainder_.front() == 0) remainder_.erase(remainder_.begin());
    while (!less_than_divisor()) subtract_divisor();
  }
  bool is_zero() const noexcept {
    return std::all_of(remainder_.begin(), remainder_.end(), [](unsigned char d) { return d == 0; });
  }

 private:
  bool less_than_divisor() const noexcept {
    if (remainder_.size() != divisor_.size()) return remainder_.size() < divisor_.size();
    return remainder_ < divisor_;
  }
  void subtract_divisor() {
    // remainder_ >= divisor_, both without leading zeros (the remainder's length >= the divisor's).
    int borrow = 0;
    for (std::size_t i = 0; i < remainder_.size(); ++i) {
      const std::size_t r = remainder_.size() - 1 - i;
      int d = remainder_[r] - borrow - (i < divisor_.size() ? divisor_[divisor_.size() - 1 - i] : 0);
      borrow = d < 0;
      remainder_[r] = static_cast<unsigned char>(d + 10 * borrow);
    }
    while (remainder_.size() > 1 && remainder_.front() == 0) remainder_.erase(remainder_.begin());
  }
  std::vector<unsigned char> divisor_, remainder_;
};

}  // namespace

exact_decimal& exact_decimal::operator=(const exact_decimal& other) {
  if (this == &other) return *this;
  negative = other.negative;
  exponent = other.exponent;
  size_ = other.size_;
  if (size_ <= inline_capacity) {
    std::copy_n(other.inline_, size_, inline_);
  } else {
    heap_ = other.heap_;
  }
  return *this;
}

bool exact_decimal::assign(std::string_view text) {
  negative = false;
  std::size_t i = 0;
  if (i < text.size() && text[i] == '-') {
    negative = true;
    ++i;
  }
  const std::size_t integer_start = i;
  while (i < text.size() && is_digit(text[i])) ++i;
  if (i == integer_start) return false;
  const std::string_view integer_part = text.substr(integer_start, i - integer_start);
  std::string_view fraction_part;
  if (i < text.size() && text[i] == '.') {
    const std::size_t fraction_start = ++i;
    while (i < text.size() && is_digit(text[i])) ++i;
    if (i == fraction_start) return false;
    fraction_part = text.substr(fraction_start, i - fraction_start);
  }
  std::int64_t e = -static_cast<std::int64_t>(fraction_part.size());
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    bool negative_exponent = false;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative_exponent = text[i++] == '-';
    const std::size_t exponent_start = i;
    std::int64_t written = 0;
    while (i < text.size() && is_digit(text[i])) {
      written = std::min<std::int64_t>(written * 10 + (text[i++] - '0'), exponent_bound);
    }
    if (i == exponent_start) return false;
    e += negative_exponent ? -written : written;
  }
  if (i != text.size()) return false;
  // The significant digits: integer_part then fraction_part, less the zeros that lead or trail
  // (each trailing zero dropped raises the exponent).
  std::string_view lead = integer_part, tail = fraction_part;
  const auto drop_leading = [](std::string_view& digits) {
    digits.remove_prefix(std::min(digits.find_first_not_of('0'), digits.size()));
  };
  const auto drop_trailing = [&e](std::string_view& digits) {
    const std::size_t kept = digits.find_last_not_of('0') + 1;  // (npos + 1 is 0)
    e += static_cast<std::int64_t>(digits.size() - kept);
    digits = digits.substr(0, kept);
  };
  drop_leading(lead);
  if (lead.empty()) drop_leading(tail);
  drop_trailing(tail);
  if (tail.empty()) drop_trailing(lead);
  if (lead.empty() && tail.empty()) {  // zero
    negative = false;
    exponent = 0;
    size_ = 0;
    return true;
  }
  exponent = std::clamp(e, -exponent_bound, exponent_bound);
  size_ = lead.size() + tail.size();
  char* out = inline_;
  if (size_ > inline_capacity) {
    heap_.resize(size_);
    out = heap_.data();
  }
  if (!lead.empty()) std::memcpy(out, lead.data(), lead.size());
  if (!tail.empty()) std::memcpy(out + lead.size(), tail.data(), tail.size());  // (its data may be null)
  return true;
}

int compare(const exact_decimal& a, const exact_decimal& b) noexcept {
  const int sign_a = a.is_zero() ? 0 : a.negative ? -1 : 1;
  const int sign_b = b.is_zero() ? 0 : b.negative ? -1 : 1;
  if (sign_a != sign_b) return sign_a < sign_b ? -1 : 1;
  const int m = compare_magnitudes(a, b);
  return sign_a < 0 ? -m : m;
}

divisibility divides(const exact_decimal& divisor, const exact_decimal& value) {
  if (value.is_zero()) return divisibility::multiple;
  if (divisor.is_zero()) return divisibility::not_multiple;
  // value / divisor = (a / b) × 10^k. Neither significand ends in zero, so for k < 0 the
  // quotient is never an integer; for k >= 0 it is when b divides a × 10^k.
  const std::int64_t k = value.exponent - divisor.exponent;
  if (k < 0) return divisibility::not_multiple;
  if (divisor.digits().size() <= 18) {
    std::uint64_t b = 0;
    for (char c : divisor.digits()) b = b * 10 + static_cast<unsigned>(c - '0');
    unsigned __int128 r = 0;
    for (char c : value.digits()) r = (r * 10 + static_cast<unsigned>(c - '0')) % b;
    r = r * pow10_mod(static_cast<std::uint64_t>(k), b) % b;
    return r == 0 ? divisibility::multiple : divisibility::not_multiple;
  }
  if (k > 1'000'000) return divisibility::undecided;
  big_remainder r(divisor.digits());
  for (char c : value.digits()) r.shift_in(static_cast<unsigned char>(c - '0'));
  for (std::int64_t i = 0; i < k; ++i) r.shift_in(0);
  return r.is_zero() ? divisibility::multiple : divisibility::not_multiple;
}

}  // namespace jsonjit::detail::schema
