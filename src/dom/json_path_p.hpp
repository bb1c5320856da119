// JSON paths ("$.store.book[0]['first name']") for errors and path queries. Private.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace jsonjit::detail {

/// Appends ".name" where name is an identifier, else "['name']" with ' and \ escaped.
void append_path_name(std::string& path, std::string_view name);
/// Appends "[index]".
void append_path_index(std::string& path, std::size_t index);

}  // namespace jsonjit::detail
