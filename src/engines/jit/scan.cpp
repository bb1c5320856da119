#include "engines/jit/scan_p.hpp"

#include <cstdint>
#include <cstring>
#include <string_view>

#include "text/ascii_p.hpp"
#include "text/number_scan_p.hpp"
#include "text/simd_p.hpp"
#include "text/unescape_p.hpp"
#include "text/utf8_p.hpp"

namespace jsonjit::detail::jit {

const char* string_end(const char* p, const char* end, bool& escaped) noexcept {
  for (;;) {
    p = find_string_special(p, end);
    if (p == end) return nullptr;
    const auto c = static_cast<unsigned char>(*p);
    if (c == '"') return p;
    if (c == '\\') {
      const std::size_t length = end - p >= 2 ? valid_escape_length(p, end) : 0;
      if (length == 0) return nullptr;
      escaped = true;
      p += length;
      continue;
    }
    if (c < 0x80) return nullptr;  // a control character
    // Non-ASCII: 16 bytes at a time while they last, then sequence by sequence.
    p = skip_utf8_string_text(p, end);
    if (p == nullptr) return nullptr;
    while (p < end && static_cast<unsigned char>(*p) >= 0x80) {
      const int length =
          valid_utf8_length(reinterpret_cast<const unsigned char*>(p), reinterpret_cast<const unsigned char*>(end));
      if (length <= 0) return nullptr;
      p += length;
    }
  }
}

const char* skip_scalar(const char* p, const char* end) noexcept {
  auto literal = [&](std::string_view word) {
    return static_cast<std::size_t>(end - p) >= word.size() && std::memcmp(p, word.data(), word.size()) == 0
               ? p + word.size()
               : nullptr;
  };
  bool escaped = false;
  switch (*p) {
    case '"': {
      const char* const close = string_end(p + 1, end, escaped);
      return close != nullptr ? close + 1 : nullptr;
    }
    case 't': return literal("true");
    case 'f': return literal("false");
    case 'n': return literal("null");
    default: return *p == '-' || is_digit(*p) ? number_end(p, end) : nullptr;
  }
}

namespace {

/// The first byte at or after `p` that is not whitespace, or end: one compare where none is
/// there (compact text), else sixteen bytes at a time.
[[gnu::always_inline]] inline const char* next_token(const char* p, const char* end) noexcept {
  return p < end && static_cast<unsigned char>(*p) > ' ' ? p : skip_whitespace(p, end);
}

}  // namespace

const char* skip_container(const char* p, const char* end, int max_depth, bool& wide) noexcept {
  constexpr int deepest = 1024;
  std::uint64_t objects[deepest / 64];  // bit d: the container at depth d + 1 is an object
  int depth = 0;
  bool object = false;
open:
  if (depth == deepest || depth == max_depth) return nullptr;
  object = *p == '{';
  if (object) {
    objects[depth / 64] |= std::uint64_t{1} << (depth % 64);
  } else {
    objects[depth / 64] &= ~(std::uint64_t{1} << (depth % 64));
  }
  ++depth;
  p = next_token(p + 1, end);
  if (p == end) return nullptr;
  if (*p == (object ? '}' : ']')) goto close;
  if (!object) goto value;
name:
  {
    if (*p != '"') return nullptr;
    bool escaped = false;
    p = string_end(p + 1, end, escaped);
    if (p == nullptr) return nullptr;
    p = next_token(p + 1, end);
    if (p == end || *p != ':') return nullptr;
    p = next_token(p + 1, end);
    if (p == end) return nullptr;
  }
value:
  switch (*p) {
    case '{':
    case '[': goto open;
    case '"': {
      bool escaped = false;
      p = string_end(p + 1, end, escaped);
      if (p == nullptr) return nullptr;
      ++p;
      break;
    }
    case 't':
    case 'f':
    case 'n':
      p = skip_scalar(p, end);
      if (p == nullptr) return nullptr;
      break;
    default:
      p = number_end(p, end, wide);
      if (p == nullptr) return nullptr;
  }
after_value:
  p = next_token(p, end);
  if (p == end) return nullptr;
  if (*p == ',') {
    p = next_token(p + 1, end);
    if (p == end) return nullptr;
    if (object) goto name;
    goto value;
  }
  if (*p != (object ? '}' : ']')) return nullptr;
close:
  ++p;
  if (--depth == 0) return p;
  object = (objects[(depth - 1) / 64] >> ((depth - 1) % 64) & 1) != 0;
  goto after_value;
}

const char* member_value_start(const char* p, const char* end, const char*& close, bool& escaped) noexcept {
  if (p == end || *p != '"') return nullptr;
  close = string_end(p + 1, end, escaped);
  if (close == nullptr) return nullptr;
  const char* value = skip_whitespace(close + 1, end);
  if (value == end || *value != ':') return nullptr;
  value = skip_whitespace(value + 1, end);
  return value != end ? value : nullptr;
}

}  // namespace jsonjit::detail::jit
