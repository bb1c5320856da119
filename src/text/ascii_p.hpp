// ASCII letter case: names compared or converted without a locale (naming policies,
// case-insensitive property names, enum names). Private.
#pragma once

#include <string>
#include <string_view>

namespace jsonjit::detail {

constexpr bool is_ascii_upper(char c) noexcept { return c >= 'A' && c <= 'Z'; }
constexpr bool is_ascii_lower(char c) noexcept { return c >= 'a' && c <= 'z'; }
constexpr char to_ascii_lower(char c) noexcept { return is_ascii_upper(c) ? static_cast<char>(c - 'A' + 'a') : c; }
constexpr char to_ascii_upper(char c) noexcept { return is_ascii_lower(c) ? static_cast<char>(c - 'a' + 'A') : c; }

/// Lower-cases the ASCII letters of `s` in place; other bytes stay.
inline void lower_ascii(std::string& s) noexcept {
  for (char& c : s) c = to_ascii_lower(c);
}

constexpr bool equals_ignoring_ascii_case(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (to_ascii_lower(a[i]) != to_ascii_lower(b[i])) return false;
  }
  return true;
}

}  // namespace jsonjit::detail
