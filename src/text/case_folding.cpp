// Unicode simple case folding of UTF-8 text, for names compared case-insensitively.
#include "text/case_folding_p.hpp"

#include <algorithm>

#include "text/case_folding_table_p.hpp"

namespace jsonjit::detail {

char32_t fold_case(char32_t c) noexcept {
  if (c < 0x80) return c >= 'A' && c <= 'Z' ? c + 32 : c;
  // The last run starting at or before c.
  const auto* run = std::upper_bound(std::begin(case_folding_runs), std::end(case_folding_runs), c,
                                     [](char32_t x, const case_folding_run& r) { return x < r.first; });
  if (run == std::begin(case_folding_runs)) return c;
  --run;
  const char32_t offset = c - run->first;
  if (offset % run->stride != 0 || offset / run->stride >= run->count) return c;
  return static_cast<char32_t>(static_cast<std::int32_t>(c) + run->delta);
}

namespace {

/// The code point of the UTF-8 sequence at s[i] and its length; a byte that starts no valid
/// sequence is taken as itself (length 1), so that any bytes fold to something.
std::pair<char32_t, std::size_t> decode(std::string_view s, std::size_t i) noexcept {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned lead = byte(i);
  const std::size_t length = lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : lead < 0xF8 ? 4 : 1;
  if (length == 1 || i + length > s.size()) return {lead, 1};
  char32_t cp = lead & (0x7Fu >> length);
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return {lead, 1};
    cp = (cp << 6) | (byte(i + k) & 0x3Fu);
  }
  return {cp, length};
}

/// `cp` in UTF-8 at `out`; the number of bytes.
std::size_t encode(char32_t cp, char* out) noexcept {
  if (cp < 0x80) {
    out[0] = static_cast<char>(cp);
    return 1;
  }
  if (cp < 0x800) {
    out[0] = static_cast<char>(0xC0 | (cp >> 6));
    out[1] = static_cast<char>(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
    out[0] = static_cast<char>(0xE0 | (cp >> 12));
    out[1] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out[2] = static_cast<char>(0x80 | (cp & 0x3F));
    return 3;
  }
  out[0] = static_cast<char>(0xF0 | (cp >> 18));
  out[1] = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
  out[2] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
  out[3] = static_cast<char>(0x80 | (cp & 0x3F));
  return 4;
}

/// The folding of the code point at text[i] into `out` (at most 4 bytes); advances i.
std::size_t fold_next(std::string_view text, std::size_t& i, char* out) noexcept {
  const unsigned char c = static_cast<unsigned char>(text[i]);
  if (c < 0x80) {
    out[0] = static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
    ++i;
    return 1;
  }
  const auto [cp, length] = decode(text, i);
  const char32_t folded = length == 1 ? cp : fold_case(cp);
  i += length;
  if (folded == cp) {  // (also bytes that start no valid sequence, as they are)
    std::copy_n(text.data() + i - length, length, out);
    return length;
  }
  return encode(folded, out);
}

}  // namespace

std::size_t fold_case(std::string_view text, char* out) noexcept {
  std::size_t n = 0;
  for (std::size_t i = 0; i < text.size();) n += fold_next(text, i, out + n);
  return n;
}

void fold_case(std::string_view text, std::string& out) {
  out.resize(2 * text.size());
  out.resize(fold_case(text, out.data()));
}

bool folds_to(std::string_view text, std::string_view folded) noexcept {
  std::size_t at = 0;
  char bytes[4];
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = fold_next(text, i, bytes);
    if (folded.size() - at < n || folded.compare(at, n, bytes, n) != 0) return false;
    at += n;
  }
  return at == folded.size();
}

}  // namespace jsonjit::detail
