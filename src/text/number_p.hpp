// Number formatting in System.Text.Json's text forms. Private to the library.
#pragma once

#include <cstdint>

namespace jsonjit::detail {

/// Room any formatter below needs.
inline constexpr int max_number_chars = 48;

char* format_uint64(char* out, std::uint64_t value) noexcept;
char* format_int64(char* out, std::int64_t value) noexcept;

/// Shortest round-trip text of a finite double in .NET's "R" form: fixed notation when the
/// decimal exponent e satisfies -5 < e < max(digits, 17), else `d.dddE+XX` (sign always, at
/// least two exponent digits); integral values have no ".0"; negative zero is "-0".
char* format_double(char* out, double value) noexcept;
/// The same for float (the exponent threshold is max(digits, 9)).
char* format_float(char* out, float value) noexcept;

}  // namespace jsonjit::detail
