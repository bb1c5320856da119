// Unicode simple case folding of UTF-8 text, for names compared case-insensitively.
#include "text/case_folding_p.hpp"

#include <algorithm>

#include "text/case_folding_table_p.hpp"
#include "text/utf8_p.hpp"

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

/// The folding of the code point at text[i] into `out` (at most 4 bytes); advances i.
std::size_t fold_next(std::string_view text, std::size_t& i, char* out) noexcept {
  const unsigned char c = static_cast<unsigned char>(text[i]);
  if (c < 0x80) {
    out[0] = static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
    ++i;
    return 1;
  }
  const auto* p = reinterpret_cast<const unsigned char*>(text.data()) + i;
  const utf8_sequence sequence = decode_utf8(p, reinterpret_cast<const unsigned char*>(text.data() + text.size()));
  // (A byte that starts no valid sequence stays as it is.)
  const std::size_t length = sequence.length > 0 ? static_cast<std::size_t>(sequence.length) : 1;
  const char32_t folded = sequence.length > 0 ? fold_case(sequence.code_point) : c;
  i += length;
  if (sequence.length <= 0 || folded == sequence.code_point) {
    std::copy_n(text.data() + i - length, length, out);
    return length;
  }
  return static_cast<std::size_t>(encode_utf8(folded, out));
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
