#include "engines/jit/scan_p.hpp"

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

const char* number_end(const char* p, const char* end) noexcept {
  if (p < end && *p == '-') ++p;
  if (p == end || !is_digit(*p)) return nullptr;
  p = *p == '0' ? p + 1 : skip_digits(p, end);
  if (p < end && *p == '.') {
    const char* fraction = ++p;
    p = skip_digits(p, end);
    if (p == fraction) return nullptr;
  }
  if (p < end && (*p == 'e' || *p == 'E')) {
    ++p;
    if (p < end && (*p == '+' || *p == '-')) ++p;
    const char* exponent = p;
    p = skip_digits(p, end);
    if (p == exponent) return nullptr;
  }
  return p;
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

}  // namespace jsonjit::detail::jit
