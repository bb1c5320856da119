// UTF-8 validation 64 bytes at a time with AVX-512BW (the rules: utf8_avx512_p.hpp). Blocks
// without a non-ASCII byte are only checked for a character the block before left unfinished.
#if defined(__x86_64__)
#include <immintrin.h>

#include <cstring>

#include "text/utf8_avx512_p.hpp"
#include "text/utf8_p.hpp"

#define JSONJIT_AVX512 JSONJIT_UTF8_AVX512

namespace jsonjit::detail {

JSONJIT_AVX512 bool is_valid_utf8_avx512(const char* p, const char* end) noexcept {
  const auto size = static_cast<std::size_t>(end - p);
  utf8_avx512::checker check(_mm512_setzero_si512());
  std::size_t i = 0;
  for (; i + 64 <= size; i += 64) {
    const __m512i block = _mm512_loadu_si512(p + i);
    if (_mm512_movepi8_mask(block) == 0) {
      check.ascii_block();
    } else {
      check.block(block);
    }
  }
  if (i < size) {
    // The tail through a zero-padded copy.
    alignas(64) char tail[64] = {};
    std::memcpy(tail, p + i, size - i);
    check.block(_mm512_load_si512(tail));
  }
  return !check.failed_at_end();
}

}  // namespace jsonjit::detail
#endif
