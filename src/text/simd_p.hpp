// Small SIMD building blocks (SSE2, the x86-64 baseline; scalar elsewhere). Each function
// scans 16 bytes at a time and never reads past `end`.
#pragma once

#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#define JSONJIT_SSE2 1
#endif

namespace jsonjit::detail {

/// The first byte in [p, end) that is >= 0x80, or end.
inline const char* skip_ascii(const char* p, const char* end) noexcept {
#if JSONJIT_SSE2
  while (end - p >= 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(v));
    if (mask != 0) return p + __builtin_ctz(mask);
    p += 16;
  }
#endif
  while (p < end && static_cast<unsigned char>(*p) < 0x80) ++p;
  return p;
}

}  // namespace jsonjit::detail
