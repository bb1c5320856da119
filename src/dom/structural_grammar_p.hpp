// What both passes over a structural index check (the document parser's stage 2, and the
// skip that checks a value without building anything): delimiters, literals, escapes, and
// reading the index. Private to the library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "text/unescape_p.hpp"

namespace jsonjit::detail {

inline bool is_delimiter(char c) noexcept {
  switch (c) {
    case ' ':
    case '\t':
    case '\n':
    case '\r':
    case ',':
    case ':':
    case ']':
    case '}':
    case '[':
    case '{': return true;
    default: return false;
  }
}

/// Whether the literal `word` (true, false or null) is at `p`, ended by a delimiter or the end
/// of the input. Its last four bytes are one load and compare (memcmp was a call); the first
/// byte of "false" is what chose this literal.
template <std::size_t N>
inline bool literal_at(const char* p, const char* end, const char (&word)[N]) noexcept {
  constexpr std::size_t size = N - 1;
  if (static_cast<std::size_t>(end - p) < size) return false;
  std::uint32_t text, expected;
  std::memcpy(&text, p + size - 4, 4);
  std::memcpy(&expected, word + size - 4, 4);
  return text == expected && (p + size == end || is_delimiter(p[size]));
}

/// The index of `positions` holds every structural position, then `size` (the end) as a
/// sentinel; stage 2 reads a position's byte through here so the sentinel reads as '\0'.
struct cursor {
  const char* json;
  std::uint32_t size;
  const std::uint32_t* at;
  char byte() const noexcept { return *at < size ? json[*at] : '\0'; }
};

/// Whether bytes [first, last) hold a backslash, from stage 1's masks.
inline bool has_backslash(const std::uint64_t* backslashes, std::uint32_t first,
                          std::uint32_t last) noexcept {
  if (first == last) return false;
  const std::uint32_t first_block = first / 64, last_block = (last - 1) / 64;
  std::uint64_t bits = backslashes[first_block] & (~std::uint64_t{0} << (first % 64));
  for (std::uint32_t k = first_block + 1; k <= last_block; ++k) {
    if (bits != 0) return true;
    bits = backslashes[k];
  }
  return (bits & (~std::uint64_t{0} >> (63 - (last - 1) % 64))) != 0;
}

}  // namespace jsonjit::detail
