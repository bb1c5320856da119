// JSON Pointers (RFC 6901) as JSON Schema uses them: `$ref` fragments ("#/$defs/a%25b"), the
// instance and keyword locations of errors ("/features/3/geometry"). Private to the library.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <jsonjit/document.hpp>

namespace jsonjit::detail::schema {

/// The reference tokens of `pointer` ("" has none; "/" has one, empty), "~1" and "~0"
/// unescaped; nullopt when it does not start with "/" or a "~" is not followed by 0 or 1.
std::optional<std::vector<std::string>> parse_json_pointer(std::string_view pointer);

/// A URI fragment read as a JSON Pointer (RFC 6901 §6): percent-decoded, then parsed.
std::optional<std::vector<std::string>> parse_fragment_pointer(std::string_view fragment);

/// Appends "/" and `token` escaped ("~" as "~0", "/" as "~1") to `pointer`.
void append_token(std::string& pointer, std::string_view token);

/// The pointer of `tokens`.
std::string json_pointer(std::span<const std::string> tokens);

/// The value `tokens` point at from `root`: members by name, array elements by an index
/// without leading zeros ("0", "12", never "01" or "-"); nullopt when there is none.
std::optional<element> resolve_pointer(const element& root, std::span<const std::string> tokens);

}  // namespace jsonjit::detail::schema
