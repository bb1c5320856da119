// String escaping for the writer: System.Text.Json's default (HTML-safe) encoder and a
// relaxed one. Private to the library.
#pragma once

#include <cstddef>

#include <jsonjit/writer.hpp>

namespace jsonjit::detail {

/// The most output bytes one input byte can become (a control character as \u00XX).
inline constexpr std::size_t max_escape_expansion = 6;
/// How far past `block_end` the escaper may read to finish a UTF-8 sequence.
inline constexpr std::size_t max_sequence_overrun = 3;

/// Escapes input from `in` until at least `block_end` (a UTF-8 sequence that starts before
/// `block_end` is finished, reading up to `end`). `out` needs room for
/// max_escape_expansion * (block_end - in + max_sequence_overrun) + 16 bytes.
/// Returns the new output position and advances `in`; returns nullptr on invalid UTF-8
/// when `replace_invalid` is false (then `in` points at the offending byte).
char* escape_block(const char*& in, const char* block_end, const char* end, char* out,
                   escape_mode mode, bool replace_invalid) noexcept;

}  // namespace jsonjit::detail
