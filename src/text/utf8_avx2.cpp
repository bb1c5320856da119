// UTF-8 validation 32 bytes at a time with AVX2, by the rules of utf8_rules_p.hpp: the same
// method as the AVX-512 validator's, for the CPUs whose document parser runs the AVX2 stage 1.
// Blocks without a non-ASCII byte are only checked for a character the block before left
// unfinished.
#if defined(__x86_64__)
#include <immintrin.h>

#include <cstring>

#include "text/utf8_p.hpp"
#include "text/utf8_rules_p.hpp"

#define JSONJIT_AVX2 __attribute__((target("avx2,bmi,bmi2,popcnt")))

namespace jsonjit::detail {
namespace {

JSONJIT_AVX2 inline __m256i table(const utf8_rules::nibble_table& t) noexcept {
  return _mm256_load_si256(reinterpret_cast<const __m256i*>(t.errors));
}

JSONJIT_AVX2 inline __m256i high_nibbles(__m256i v) noexcept {
  return _mm256_and_si256(_mm256_srli_epi16(v, 4), _mm256_set1_epi8(0x0F));
}

/// The bytes of the 32 bytes `c` that break a rule (non-zero), given the 32 bytes before them:
/// utf8_avx512::errors on 32 bytes (a function per instruction set: the target attribute is
/// the function's, and a template cannot take it).
JSONJIT_AVX2 inline __m256i errors(__m256i c, __m256i before) noexcept {
  // The lane before each of c's lanes (before's high one for the low one), for alignr.
  const __m256i lanes = _mm256_permute2x128_si256(before, c, 0x21);
  const __m256i prev1 = _mm256_alignr_epi8(c, lanes, 15);
  const __m256i prev2 = _mm256_alignr_epi8(c, lanes, 14);
  const __m256i prev3 = _mm256_alignr_epi8(c, lanes, 13);
  const __m256i pair = _mm256_and_si256(
      _mm256_and_si256(
          _mm256_shuffle_epi8(table(utf8_rules::first_high), high_nibbles(prev1)),
          _mm256_shuffle_epi8(table(utf8_rules::first_low), _mm256_and_si256(prev1, _mm256_set1_epi8(0x0F)))),
      _mm256_shuffle_epi8(table(utf8_rules::second_high), high_nibbles(c)));
  const __m256i continues = _mm256_and_si256(
      _mm256_or_si256(_mm256_subs_epu8(prev2, _mm256_set1_epi8(static_cast<char>(0xE0 - 0x80))),
                      _mm256_subs_epu8(prev3, _mm256_set1_epi8(static_cast<char>(0xF0 - 0x80)))),
      _mm256_set1_epi8(static_cast<char>(0x80)));
  return _mm256_xor_si256(pair, continues);
}

/// The bytes of `c` that start a character the 32 bytes do not finish.
JSONJIT_AVX2 inline __m256i unfinished(__m256i c) noexcept {
  const __m256i largest = _mm256_set_epi64x(static_cast<long long>(0xBFDFEFFFFFFFFFFF), -1, -1, -1);
  return _mm256_subs_epu8(c, largest);
}

}  // namespace

JSONJIT_AVX2 bool is_valid_utf8_avx2(const char* p, const char* end) noexcept {
  const auto size = static_cast<std::size_t>(end - p);
  __m256i previous = _mm256_setzero_si256(), unfinished_before = previous, found = previous;
  auto check = [&](__m256i block) __attribute__((always_inline, target("avx2"))) {
    if (_mm256_movemask_epi8(block) == 0) {
      found = _mm256_or_si256(found, unfinished_before);
      previous = unfinished_before = _mm256_setzero_si256();
    } else {
      found = _mm256_or_si256(found, errors(block, previous));
      unfinished_before = unfinished(block);
      previous = block;
    }
  };
  std::size_t i = 0;
  for (; i + 32 <= size; i += 32) check(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i)));
  if (i < size) {
    // The tail through a zero-padded copy.
    alignas(32) char tail[32] = {};
    std::memcpy(tail, p + i, size - i);
    check(_mm256_load_si256(reinterpret_cast<const __m256i*>(tail)));
  }
  found = _mm256_or_si256(found, unfinished_before);
  return _mm256_testz_si256(found, found) != 0;
}

}  // namespace jsonjit::detail
#endif
