// Scanning JSON values checked as the reader checks them, without reading them into anything:
// what the typed reader's helpers and the schema validator's helpers skip values with. Private.
#pragma once

namespace jsonjit::detail::jit {

/// The closing quote of the string whose text starts at `p` (after its opening quote), or null
/// when the text is invalid by the reader's rules (escapes, control characters, UTF-8).
/// `escaped` is set when the text has escapes.
const char* string_end(const char* p, const char* end, bool& escaped) noexcept;

/// The end of the string, number or literal at `p` (checked as the reader checks it), or null
/// for anything else.
const char* skip_scalar(const char* p, const char* end) noexcept;

/// The end of the object or array at `p` (its `{` or `[`) checked as the reader checks strict
/// JSON, without tokens: null where the text is not JSON or nests deeper than `max_depth`
/// (the container itself is at depth 1), or more than 1024 deep. `wide` is set where a number
/// has an exponent or more than 308 bytes (one the reader counts as wide: the document may
/// refuse it).
const char* skip_container(const char* p, const char* end, int max_depth, bool& wide) noexcept;

/// Where the value of the member whose name starts at `p` (its opening quote) starts, past the
/// colon and whitespace, or null where the text is not a member; `close` is the name's closing
/// quote, `escaped` set where the name has escapes.
const char* member_value_start(const char* p, const char* end, const char*& close, bool& escaped) noexcept;

}  // namespace jsonjit::detail::jit
