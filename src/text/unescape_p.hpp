// Decoding the escapes of a string the reader has already validated. Private to the library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "text/utf8_p.hpp"

namespace jsonjit::detail {

inline std::uint32_t hex4(const char* p) noexcept {
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i) {
    const char c = p[i];
    const std::uint32_t digit =
        c <= '9' ? static_cast<std::uint32_t>(c - '0') : static_cast<std::uint32_t>((c | 0x20) - 'a' + 10);
    v = (v << 4) | digit;
  }
  return v;
}

/// Decodes the escape at `p` (which points at '\\') into UTF-8 at `out`. Returns the number
/// of input bytes used; `written` receives the output byte count (1..4).
inline std::size_t decode_escape(const char* p, char* out, int& written) noexcept {
  char simple;
  switch (p[1]) {
    case 'b': simple = '\b'; break;
    case 'f': simple = '\f'; break;
    case 'n': simple = '\n'; break;
    case 'r': simple = '\r'; break;
    case 't': simple = '\t'; break;
    case 'u': {
      std::uint32_t cp = hex4(p + 2);
      std::size_t used = 6;
      if (cp >= 0xD800 && cp <= 0xDBFF) {  // validated: a low surrogate escape follows
        cp = 0x10000 + ((cp - 0xD800) << 10) + (hex4(p + 8) - 0xDC00);
        used = 12;
      }
      written = encode_utf8(cp, out);
      return used;
    }
    default: simple = p[1]; break;  // " \ /
  }
  *out = simple;
  written = 1;
  return 2;
}

/// Unescapes the validated string text [p, end) into `out`, which has room for end - p bytes
/// (the text never grows); returns the end of the output.
inline char* unescape(const char* p, const char* end, char* out) noexcept {
  while (p < end) {
    const char* backslash = static_cast<const char*>(std::memchr(p, '\\', static_cast<std::size_t>(end - p)));
    const char* run_end = backslash != nullptr ? backslash : end;
    std::memcpy(out, p, static_cast<std::size_t>(run_end - p));
    out += run_end - p;
    p = run_end;
    if (p == end) break;
    int written = 0;
    p += decode_escape(p, out, written);
    out += written;
  }
  return out;
}

}  // namespace jsonjit::detail
