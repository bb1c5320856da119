// Reading a JSONPath query (RFC 9535) into a program. Private.
#pragma once

#include <string_view>

#include <jsonjit/error.hpp>

#include "query/program_p.hpp"

namespace jsonjit::detail::path {

/// The program of `text`, or invalid_query with the byte offset (and column) of what is
/// wrong and, in the error's name, why.
result<program, parse_error> parse(std::string_view text);

}  // namespace jsonjit::detail::path
