// UTF-8 validation 64 bytes at a time with AVX-512BW. Every rule of RFC 3629 is a comparison
// of a byte with the one to three bytes before it, so each block is loaded four times, shifted
// by 0..3 bytes, and all rules are evaluated as bit masks:
//   - a byte is a continuation (10xxxxxx) exactly when one of the three bytes before it starts
//     a sequence that long: the byte before is C0..FF, or the one two back is E0..FF, or the one
//     three back is F0..FF (this alone fixes every sequence's length);
//   - C0, C1 and F5..FF never occur (overlong two-byte forms, beyond U+10FFFF);
//   - after E0 comes A0..BF (no overlong three-byte forms), after ED 80..9F (no surrogates),
//     after F0 90..BF (no overlong four-byte forms), after F4 80..8F (nothing above U+10FFFF).
// The input is read through a zero-padded copy at both ends, so a sequence cut by the end is
// an error too.
#if defined(__x86_64__)
#include <immintrin.h>

#include <cstring>

#include "text/utf8_p.hpp"

#define JSONJIT_AVX512 __attribute__((target("avx512f,avx512bw,bmi,bmi2,popcnt")))

namespace jsonjit::detail {
namespace {

JSONJIT_AVX512 inline __m512i set(int byte) noexcept {
  return _mm512_set1_epi8(static_cast<char>(byte));
}

/// The rule violations in the 64 bytes at `p`; p[-3..-1] must be readable.
JSONJIT_AVX512 inline std::uint64_t errors_at(const char* p) noexcept {
  const __m512i c = _mm512_loadu_si512(p);
  const __m512i p1 = _mm512_loadu_si512(p - 1);
  const __m512i p2 = _mm512_loadu_si512(p - 2);
  const __m512i p3 = _mm512_loadu_si512(p - 3);
  const std::uint64_t continuation =
      _mm512_cmpge_epu8_mask(c, set(0x80)) & _mm512_cmplt_epu8_mask(c, set(0xC0));
  const std::uint64_t expected = _mm512_cmpge_epu8_mask(p1, set(0xC0)) |
                                 _mm512_cmpge_epu8_mask(p2, set(0xE0)) |
                                 _mm512_cmpge_epu8_mask(p3, set(0xF0));
  const std::uint64_t never = _mm512_cmpeq_epi8_mask(_mm512_and_si512(c, set(0xFE)), set(0xC0)) |
                              _mm512_cmpge_epu8_mask(c, set(0xF5));
  const std::uint64_t second_byte =
      (_mm512_cmpeq_epi8_mask(p1, set(0xE0)) & _mm512_cmplt_epu8_mask(c, set(0xA0))) |
      (_mm512_cmpeq_epi8_mask(p1, set(0xED)) & _mm512_cmpgt_epu8_mask(c, set(0x9F))) |
      (_mm512_cmpeq_epi8_mask(p1, set(0xF0)) & _mm512_cmplt_epu8_mask(c, set(0x90))) |
      (_mm512_cmpeq_epi8_mask(p1, set(0xF4)) & _mm512_cmpgt_epu8_mask(c, set(0x8F)));
  return (continuation ^ expected) | never | second_byte;
}

/// Whether the 64 bytes at `p` and the three before are all ASCII (nothing to check).
JSONJIT_AVX512 inline bool ascii_at(const char* p) noexcept {
  return (_mm512_movepi8_mask(_mm512_loadu_si512(p)) | _mm512_movepi8_mask(_mm512_loadu_si512(p - 3))) == 0;
}

}  // namespace

JSONJIT_AVX512 bool is_valid_utf8_avx512(const char* p, const char* end) noexcept {
  const auto size = static_cast<std::size_t>(end - p);
  // The first block and the tail go through padded copies; whole blocks in between are read in
  // place (their three previous bytes are input).
  alignas(64) char head[3 + 64 + 64] = {};
  const std::size_t head_size = size < 64 ? size : 64;
  std::memcpy(head + 3, p, head_size);
  std::uint64_t errors = errors_at(head + 3);
  if (size <= 64) return (errors | errors_at(head + 3 + 64)) == 0;  // the zeros after the end too
  std::size_t i = 64;
  for (; i + 64 <= size; i += 64) {
    if (!ascii_at(p + i)) errors |= errors_at(p + i);
  }
  alignas(64) char tail[3 + 64 + 64] = {};
  std::memcpy(tail, p + i - 3, 3 + (size - i));
  errors |= errors_at(tail + 3) | errors_at(tail + 3 + 64);
  return errors == 0;
}

}  // namespace jsonjit::detail
#endif
