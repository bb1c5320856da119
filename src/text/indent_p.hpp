// Indented output's line breaks, written alike by the writer and by the JIT's helpers that
// write without one (maps).
#pragma once

#include <cstddef>
#include <cstring>

#include <jsonjit/writer.hpp>

namespace jsonjit::detail {

/// The room a line break and the indentation of `depth` levels take.
inline std::size_t line_room(const writer_options& options, std::size_t depth) noexcept {
  return 2 + depth * options.indent_size;
}

/// Writes a line break and the indentation of `depth` levels at `p` (line_room reserved);
/// returns the end.
inline char* write_line(char* p, const writer_options& options, std::size_t depth) noexcept {
  if (options.line_ending == newline::crlf) *p++ = '\r';
  *p++ = '\n';
  const std::size_t count = depth * options.indent_size;
  std::memset(p, options.indent_char, count);
  return p + count;
}

}  // namespace jsonjit::detail
