// Canonical texts of JSON values, for `enum`, `const` and `uniqueItems`: two values are equal
// as JSON Schema defines equality (numbers by mathematical value, so 1 equals 1.0; objects
// whatever their members' order) exactly when their canonical texts are equal. Private.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <jsonjit/document.hpp>

#include "schema/exact_decimal_p.hpp"

namespace jsonjit::detail::schema {

// null "n", true "t", false "f", a number "d" + sign + digits + "e" + exponent, a string
// "s" + length + ":" + bytes; an array "[" + items + "]", an object "{" + its members as
// canonical name and value pairs in sorted order + "}". Every part delimits itself.
inline void append_canonical_null(std::string& out) { out += 'n'; }
inline void append_canonical_bool(std::string& out, bool value) { out += value ? 't' : 'f'; }
void append_canonical_number(std::string& out, const exact_decimal& value);
void append_canonical_string(std::string& out, std::string_view text);

/// An array's canonical text from its items' canonical texts, in order.
void append_canonical_array(std::string& out, std::span<const std::string_view> items);
/// An object's canonical text from its members (name's canonical text, value's), any order;
/// sorts `members`.
void append_canonical_object(std::string& out, std::vector<std::pair<std::string_view, std::string_view>>& members);

/// The canonical text of a value in a document parsed with preserve_number_text, appended to
/// `out` (without allocating, once the thread's buffers have grown, where `out` has room).
void append_canonical(std::string& out, const element& value);
std::string canonical_text(const element& value);

}  // namespace jsonjit::detail::schema
