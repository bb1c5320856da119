// Where a value of a JSON text is, for errors about schemas: a compiled schema keeps no
// positions, so the text is read again, once, when an error must say where. Private.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include <jsonjit/error.hpp>

namespace jsonjit::detail::schema {

/// The position (line, column, offset) and JSON path ("$.properties.a") of the value the JSON
/// Pointer `tokens` names in `text` (the nearest enclosing value that exists when none does),
/// as a parse_error with `code`.
parse_error locate(std::string_view text, std::span<const std::string> tokens, error_code code);

}  // namespace jsonjit::detail::schema
