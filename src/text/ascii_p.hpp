// ASCII letter case: names converted without a locale (naming policies). Private.
#pragma once

namespace jsonjit::detail {

constexpr bool is_ascii_upper(char c) noexcept { return c >= 'A' && c <= 'Z'; }
constexpr bool is_ascii_lower(char c) noexcept { return c >= 'a' && c <= 'z'; }
constexpr char to_ascii_lower(char c) noexcept { return is_ascii_upper(c) ? static_cast<char>(c - 'A' + 'a') : c; }
constexpr char to_ascii_upper(char c) noexcept { return is_ascii_lower(c) ? static_cast<char>(c - 'a' + 'A') : c; }

}  // namespace jsonjit::detail
