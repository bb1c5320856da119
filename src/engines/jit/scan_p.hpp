// Scanning JSON values checked as the reader checks them, without reading them into anything:
// what the typed reader's helpers and the schema validator's helpers skip values with. Private.
#pragma once

namespace jsonjit::detail::jit {

/// The closing quote of the string whose text starts at `p` (after its opening quote), or null
/// when the text is invalid by the reader's rules (escapes, control characters, UTF-8).
/// `escaped` is set when the text has escapes.
const char* string_end(const char* p, const char* end, bool& escaped) noexcept;

/// JSON number text by the grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?; its end or
/// null.
const char* number_end(const char* p, const char* end) noexcept;

/// The end of the string, number or literal at `p` (checked as the reader checks it), or null
/// for anything else.
const char* skip_scalar(const char* p, const char* end) noexcept;

}  // namespace jsonjit::detail::jit
