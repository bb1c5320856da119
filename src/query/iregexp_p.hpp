// I-Regexp (RFC 9485), the regular expressions of JSONPath's match() and search(): checked and
// rewritten for PCRE2, which the schema code's ecma_regex runs (interpreted, with its match
// limits). Private.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace jsonjit::detail::path {

/// `pattern` in PCRE2's syntax (UTF mode), matching the whole subject where `whole` (match())
/// or anywhere in it (search()); nullopt where `pattern` is not an I-Regexp.
std::optional<std::string> iregexp_to_pcre2(std::string_view pattern, bool whole);

}  // namespace jsonjit::detail::path
