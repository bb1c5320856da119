#include "text/shortest_p.hpp"

#include <cstring>

#include "text/pow10_table_p.hpp"

namespace jsonjit::detail {
namespace {

constexpr std::uint64_t c_min = 1ull << 52;  // the hidden bit

// floor(e * log10(2)), floor(e * log10(2) + log10(3/4)), floor(e * log2(10)) for the exponent
// ranges used here (checked exhaustively by scripts/gen_pow10_table.py's companion test).
constexpr int floor_log10_pow2(int e) noexcept {
  return static_cast<int>((e * 661971961083LL) >> 41);
}
constexpr int floor_log10_three_quarters_pow2(int e) noexcept {
  return static_cast<int>((e * 661971961083LL - 274743187321LL) >> 41);
}
constexpr int floor_log2_pow10(int e) noexcept {
  return static_cast<int>((e * 913124641741LL) >> 38);
}

__extension__ typedef unsigned __int128 uint128;  // GCC and clang on 64-bit targets

inline std::uint64_t multiply_high(std::uint64_t a, std::uint64_t b) noexcept {
  return static_cast<std::uint64_t>((static_cast<uint128>(a) * b) >> 64);
}

// floor(g * cp / 2^127) with the lowest bit set if anything was cut off ("round to odd"),
// which keeps the later comparisons exact.
inline std::uint64_t round_to_odd(const pow10_entry& g, std::uint64_t cp) noexcept {
  constexpr std::uint64_t mask63 = (1ull << 63) - 1;
  const std::uint64_t x1 = multiply_high(g.g0, cp);
  const uint128 y = static_cast<uint128>(g.g1) * cp;
  const auto y0 = static_cast<std::uint64_t>(y), y1 = static_cast<std::uint64_t>(y >> 64);
  const std::uint64_t z = (y0 >> 1) + x1;
  const std::uint64_t high = y1 + (z >> 63);
  return high | (((z & mask63) + mask63) >> 63);
}

// v = c * 2^q. Out of line: to_decimal_by_one_product decides all but the rare exact ties,
// and its registers are then free of this one's.
[[gnu::noinline]] decimal to_decimal(int q, std::uint64_t c) noexcept {
  const std::uint64_t odd = c & 1;  // an odd significand's rounding interval is open
  const std::uint64_t cb = c << 2;
  const std::uint64_t cb_right = cb + 2;
  std::uint64_t cb_left;
  int k;
  if (c != c_min) {
    cb_left = cb - 2;
    k = floor_log10_pow2(q);
  } else {  // at a power of two the interval below is half as wide
    cb_left = cb - 1;
    k = floor_log10_three_quarters_pow2(q);
  }
  const int h = q + floor_log2_pow10(-k) + 2;
  const pow10_entry& g = pow10_table[k - pow10_k_min];
  const std::uint64_t vb = round_to_odd(g, cb << h);
  const std::uint64_t vb_left = round_to_odd(g, cb_left << h);
  const std::uint64_t vb_right = round_to_odd(g, cb_right << h);

  const std::uint64_t s = vb >> 2;
  if (s >= 100) {
    // Try one digit fewer: the multiples of ten around s.
    const std::uint64_t s_div10 = multiply_high(s, 115292150460684698ull << 4);  // s / 10
    const std::uint64_t s10 = 10 * s_div10;
    const std::uint64_t t10 = s10 + 10;
    const bool s10_in = vb_left + odd <= s10 << 2;
    const bool t10_in = (t10 << 2) + odd <= vb_right;
    if (s10_in != t10_in) return {s10_in ? s_div10 : s_div10 + 1, k + 1};  // one digit fewer
  }
  const std::uint64_t t = s + 1;
  const bool s_in = vb_left + odd <= s << 2;
  const bool t_in = (t << 2) + odd <= vb_right;
  if (s_in != t_in) return {s_in ? s : t, k};
  // Both (or neither) are in: take the closer one, an even one on a tie.
  const auto distance = static_cast<std::int64_t>(vb - ((s + t) << 1));
  return {distance < 0 || (distance == 0 && (s & 1) == 0) ? s : t, k};
}

// The same decisions from one product instead of three, for c != c_min. x = c * 2^q * 10^-k is
// computed as a 64.64 fixed-point number (s its integer part) and the rounding interval's
// half-width w = 2^(q-1) * 10^-k from the table entry alone; the interval [x - w, x + w]
// (open for odd c) then holds a multiple of ten (one digit fewer) or, failing that, the
// integer nearest to x (w >= 1/2). The comparisons are made in units of 2^-60, each side
// within 2 units of the exact value; where one falls within the guard band of its boundary
// (exact ties, which decimal data does produce) this gives up and to_decimal decides.
bool to_decimal_by_one_product(int q, std::uint64_t c, decimal& out) noexcept {
  const int k = floor_log10_pow2(q);
  const int h = q + floor_log2_pow10(-k) + 2;  // 2..5 for every normal double
  const pow10_entry& g = pow10_table[k - pow10_k_min];
  const std::uint64_t cp = c << h;  // x * 2^64 = g * cp / 2^63
  const uint128 x = static_cast<uint128>(g.g1) * cp + multiply_high(g.g0, cp << 1);
  const auto s = static_cast<std::uint64_t>(x >> 64);
  const std::uint64_t fraction = static_cast<std::uint64_t>(x) >> 4;  // of x, in 2^-60
  const std::uint64_t w = g.g1 >> (5 - h);                            // in 2^-60
  constexpr std::uint64_t guard = 8;
  constexpr std::uint64_t ten = 10ull << 60, half = 1ull << 59;

  const std::uint64_t s_div10 = multiply_high(s, 115292150460684698ull << 4);  // s / 10
  const std::uint64_t below = ((s - 10 * s_div10) << 60) + fraction;  // x - (s rounded down to ten)
  const std::uint64_t above = ten - below;                              // (that + 10) - x
  // Beyond the guard band the ends' being open or closed makes no difference.
  const std::uint64_t surely_in = w - guard, maybe_in = w + guard;
  if (below < surely_in) {
    out = {s_div10, k + 1};
  } else if (above < surely_in) {
    out = {s_div10 + 1, k + 1};
  } else if (below <= maybe_in || above <= maybe_in || fraction - (half - guard) <= 2 * guard) {
    return false;
  } else {
    out = {fraction < half ? s : s + 1, k};
  }
  return true;
}

decimal without_trailing_zeros(decimal d) noexcept {
  while (d.significand % 10 == 0) {
    d.significand /= 10;
    ++d.exponent;
  }
  return d;
}

}  // namespace

decimal shortest_decimal(double value) noexcept {
  std::uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  const int minus_q = 1075 - static_cast<int>((bits >> 52) & 0x7FF);
  const std::uint64_t c = c_min | (bits & (c_min - 1));
  if (minus_q > 0 && minus_q < 53) {  // an integer below 2^53 is its own shortest form
    const std::uint64_t integer = c >> minus_q;
    if ((integer << minus_q) == c) return without_trailing_zeros({integer, 0});
  }
  decimal d;
  if (c == c_min || !to_decimal_by_one_product(-minus_q, c, d)) d = to_decimal(-minus_q, c);
  return without_trailing_zeros(d);
}

}  // namespace jsonjit::detail
