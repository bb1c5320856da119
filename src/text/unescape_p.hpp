// Escapes in JSON strings: characters, checking whole escapes, decoding validated ones. Private
// to the library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "text/utf8_p.hpp"
#include "text/vec16_p.hpp"

namespace jsonjit::detail {

constexpr bool is_digit(char c) noexcept {
  return static_cast<unsigned char>(c - '0') < 10;
}

constexpr int hex_value(char c) noexcept {
  if (is_digit(c)) return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/// The four hex digits at `p` (all present) as a number; -1 if one is not hex.
inline int read_hex4(const char* p) noexcept {
  const int a = hex_value(p[0]), b = hex_value(p[1]), c = hex_value(p[2]), d = hex_value(p[3]);
  if ((a | b | c | d) < 0) return -1;
  return (a << 12) | (b << 8) | (c << 4) | d;
}

/// The escapes written as a backslash and one character: \" \\ \/ \b \f \n \r \t.
constexpr bool is_short_escape(char c) noexcept {
  switch (c) {
    case '"':
    case '\\':
    case '/':
    case 'b':
    case 'f':
    case 'n':
    case 'r':
    case 't': return true;
    default: return false;
  }
}

/// The length of the valid escape at `p` (p[0] == '\\', and p + 1 < end): 2, 6, or 12 for a
/// surrogate pair; 0 if it is invalid or cut by `end`. For callers that only need to know
/// whether an escape is valid (the reader reports which error and where itself).
inline std::size_t valid_escape_length(const char* p, const char* end) noexcept {
  if (is_short_escape(p[1])) return 2;
  if (p[1] != 'u' || end - p < 6) return 0;
  const int unit = read_hex4(p + 2);
  if (unit < 0xD800 || unit > 0xDFFF) return unit < 0 ? 0 : 6;
  if (unit >= 0xDC00 || end - p < 12 || p[6] != '\\' || p[7] != 'u') return 0;  // a lone surrogate
  const int low = read_hex4(p + 8);
  return low >= 0xDC00 && low <= 0xDFFF ? 12 : 0;
}

/// Whether the escapes of string text [p, end) are valid (surrogates paired).
inline bool valid_escapes(const char* p, const char* end) noexcept {
  // A backslash is never last: it would have escaped the closing quote.
  while ((p = static_cast<const char*>(std::memchr(p, '\\', static_cast<std::size_t>(end - p)))) != nullptr) {
    const std::size_t length = valid_escape_length(p, end);
    if (length == 0) return false;
    p += length;
  }
  return true;
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
      auto cp = static_cast<std::uint32_t>(read_hex4(p + 2));
      std::size_t used = 6;
      if (cp >= 0xD800 && cp <= 0xDBFF) {  // validated: a low surrogate escape follows
        cp = 0x10000 + ((cp - 0xD800) << 10) + (static_cast<std::uint32_t>(read_hex4(p + 8)) - 0xDC00);
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

#if JSONJIT_VEC16
/// Unescapes string text [p, end) into `out` as unescape does, checking each escape on the
/// way (the one pass over escaped strings of the document parser); null if one is invalid.
/// Copies 16 bytes at a time without a call: up to 16 bytes past `end` are read, and up to 15
/// past the output's end written.
inline char* unescape_checked(const char* p, const char* end, char* out) noexcept {
  const vec16::vec backslash = vec16::splat('\\');
  while (true) {
    const vec16::vec block = vec16::load(p);
    vec16::store(out, block);
    const vec16::byte_mask found = vec16::mask_of(vec16::equal(block, backslash));
    const auto run = static_cast<std::size_t>(found == 0 ? 16 : vec16::first_byte(found));
    if (run >= static_cast<std::size_t>(end - p)) return out + (end - p);
    p += run;
    out += run;
    if (found == 0) continue;
    const std::size_t length = valid_escape_length(p, end);
    if (length == 0) return nullptr;
    int written = 0;
    decode_escape(p, out, written);
    p += length;
    out += written;
  }
}
#endif

}  // namespace jsonjit::detail
