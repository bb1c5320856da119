// Stage 1 of the structural parser (see structural_parse.cpp) on x86-64, with AVX2,
// AVX-512BW or AVX-512 VBMI2 as the CPU has them: every byte classified, 64 at a time, into bit
// masks; string interiors found from the unescaped quotes by a carry-less multiplication
// (prefix XOR); the structural positions written to the index.
#include "dom/structural_index_p.hpp"

#if defined(__x86_64__)
#include <immintrin.h>

#include "dom/stage1_masks_p.hpp"
#include "text/utf8_p.hpp"

#define JSONJIT_CLMUL __attribute__((target("pclmul,popcnt")))
#define JSONJIT_AVX2 __attribute__((target("avx2,bmi,bmi2,pclmul,popcnt")))
#define JSONJIT_AVX512 __attribute__((target("avx512f,avx512bw,avx2,bmi,bmi2,pclmul,popcnt")))
#define JSONJIT_VBMI2 \
  __attribute__((target("avx512f,avx512bw,avx512vbmi,avx512vbmi2,avx2,bmi,bmi2,pclmul,popcnt")))

// The vector helpers below pass vectors only between functions that all have the same target
// (never through a lambda or other function without it, where the ABI would differ); the ABI
// note GCC prints for them does not apply.
#pragma GCC diagnostic ignored "-Wpsabi"

namespace jsonjit::detail {
namespace {

using stage1::block;

// AVX2: two 32-byte halves, each comparison turned into a bit mask.

JSONJIT_AVX2 inline std::uint64_t mask(__m256i lo, __m256i hi) noexcept {
  return static_cast<std::uint32_t>(_mm256_movemask_epi8(lo)) |
         (static_cast<std::uint64_t>(static_cast<std::uint32_t>(_mm256_movemask_epi8(hi))) << 32);
}

JSONJIT_AVX2 inline std::uint64_t equal_to(__m256i lo, __m256i hi, char c) noexcept {
  const __m256i v = _mm256_set1_epi8(c);
  return mask(_mm256_cmpeq_epi8(lo, v), _mm256_cmpeq_epi8(hi, v));
}

JSONJIT_AVX2 inline block classify_avx2(const char* p) noexcept {
  const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32));
  // '{' '[' and '}' ']' differ only in bit 5.
  const __m256i bit5 = _mm256_set1_epi8(0x20);
  const __m256i lo5 = _mm256_or_si256(lo, bit5), hi5 = _mm256_or_si256(hi, bit5);
  const __m256i open = _mm256_set1_epi8('{'), close = _mm256_set1_epi8('}');
  const std::uint64_t brackets =
      mask(_mm256_or_si256(_mm256_cmpeq_epi8(lo5, open), _mm256_cmpeq_epi8(lo5, close)),
           _mm256_or_si256(_mm256_cmpeq_epi8(hi5, open), _mm256_cmpeq_epi8(hi5, close)));
  // Bytes 0x00..0x1F: max(byte, 0x1F) == 0x1F.
  const __m256i limit = _mm256_set1_epi8(0x1F);
  const std::uint64_t control = mask(_mm256_cmpeq_epi8(_mm256_max_epu8(lo, limit), limit),
                                     _mm256_cmpeq_epi8(_mm256_max_epu8(hi, limit), limit));
  block b;
  b.quote = equal_to(lo, hi, '"');
  b.backslash = equal_to(lo, hi, '\\');
  b.whitespace =
      equal_to(lo, hi, ' ') | equal_to(lo, hi, '\n') | equal_to(lo, hi, '\r') | equal_to(lo, hi, '\t');
  b.op = brackets | equal_to(lo, hi, ',') | equal_to(lo, hi, ':');
  b.control = control;
  b.non_ascii = mask(lo, hi);
  return b;
}

/// Appends the positions of the set bits of `bits`, plus `base`, to `out`; writes up to three
/// entries past the end (the index has room).
JSONJIT_AVX2 inline std::uint32_t* flatten_avx2(std::uint32_t* out, std::uint32_t base,
                                                std::uint64_t bits) noexcept {
  const int count = __builtin_popcountll(bits);
  std::uint32_t* const end = out + count;
  while (bits != 0) {
    for (int k = 0; k < 4; ++k) {
      out[k] = base + static_cast<std::uint32_t>(_tzcnt_u64(bits));
      bits = _blsr_u64(bits);
    }
    out += 4;
  }
  return end;
}

// AVX-512 (F and BW): one 64-byte vector, comparisons straight into mask registers, and the
// positions written by compressing a vector of sixteen positions per sixteen bits.

JSONJIT_AVX512 inline std::uint64_t eq(__m512i x, char c) noexcept {
  return _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8(c));
}

JSONJIT_AVX512 inline block classify_avx512(const char* p) noexcept {
  const __m512i v = _mm512_loadu_si512(p);
  const __m512i v5 = _mm512_or_si512(v, _mm512_set1_epi8(0x20));
  block b;
  b.quote = eq(v, '"');
  b.backslash = eq(v, '\\');
  b.whitespace = eq(v, ' ') | eq(v, '\n') | eq(v, '\r') | eq(v, '\t');
  b.op = eq(v5, '{') | eq(v5, '}') | eq(v, ',') | eq(v, ':');
  b.control = _mm512_cmple_epu8_mask(v, _mm512_set1_epi8(0x1F));
  b.non_ascii = _mm512_movepi8_mask(v);
  return b;
}

/// Appends the positions of the set bits of `bits`, plus `base`, to `out`; writes up to
/// sixteen entries past the end (the index has room).
JSONJIT_AVX512 inline std::uint32_t* flatten_avx512(std::uint32_t* out, std::uint32_t base,
                                                    std::uint64_t bits) noexcept {
  const __m512i lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  __m512i positions = _mm512_add_epi32(lanes, _mm512_set1_epi32(static_cast<int>(base)));
  const __m512i sixteen = _mm512_set1_epi32(16);
  for (int k = 0; k < 4; ++k) {
    const auto part = static_cast<__mmask16>(bits >> (16 * k));
    _mm512_storeu_si512(out, _mm512_maskz_compress_epi32(part, positions));
    out += __builtin_popcount(part);
    positions = _mm512_add_epi32(positions, sixteen);
  }
  return out;
}

// AVX-512 VBMI and VBMI2 (Ice Lake, Zen 4 and later): each byte's classes looked up in one
// 128-byte table (a byte permutation across two vectors) instead of ten comparisons, and the
// positions compressed as bytes (one instruction for the block) then widened.

/// Bits of a byte's class in `byte_classes`.
enum : unsigned char { whitespace_class = 1, operator_class = 2, quote_class = 4, backslash_class = 8, control_class = 16 };

struct alignas(64) class_table {
  unsigned char bytes[128];
};

constexpr class_table make_byte_classes() {
  class_table t{};
  for (int c = 0; c < 0x20; ++c) t.bytes[c] = control_class;
  for (const char c : {' ', '\n', '\r', '\t'}) t.bytes[static_cast<unsigned char>(c)] |= whitespace_class;
  for (const char c : {'{', '}', '[', ']', ',', ':'}) t.bytes[static_cast<unsigned char>(c)] = operator_class;
  t.bytes[static_cast<unsigned char>('"')] = quote_class;
  t.bytes[static_cast<unsigned char>('\\')] = backslash_class;
  return t;
}
constexpr class_table byte_classes = make_byte_classes();  // (for ASCII bytes)

struct alignas(64) byte_numbers {
  unsigned char bytes[64];
};
constexpr byte_numbers make_byte_numbers() {
  byte_numbers n{};
  for (int i = 0; i < 64; ++i) n.bytes[i] = static_cast<unsigned char>(i);
  return n;
}
constexpr byte_numbers block_offsets = make_byte_numbers();

JSONJIT_VBMI2 inline block classify_vbmi(const char* p) noexcept {
  const __m512i v = _mm512_loadu_si512(p);
  // The table's 128 entries are indexed by the low seven bits: non-ASCII bytes are masked off.
  const __m512i classes = _mm512_permutex2var_epi8(_mm512_load_si512(byte_classes.bytes), v,
                                                   _mm512_load_si512(byte_classes.bytes + 64));
  block b;
  b.non_ascii = _mm512_movepi8_mask(v);
  const __mmask64 ascii = ~b.non_ascii;
  b.quote = _mm512_mask_test_epi8_mask(ascii, classes, _mm512_set1_epi8(quote_class));
  b.backslash = _mm512_mask_test_epi8_mask(ascii, classes, _mm512_set1_epi8(backslash_class));
  b.whitespace = _mm512_mask_test_epi8_mask(ascii, classes, _mm512_set1_epi8(whitespace_class));
  b.op = _mm512_mask_test_epi8_mask(ascii, classes, _mm512_set1_epi8(operator_class));
  b.control = _mm512_mask_test_epi8_mask(ascii, classes, _mm512_set1_epi8(control_class));
  return b;
}

/// Appends the positions of the set bits of `bits`, plus `base`, to `out`; writes up to
/// fifteen entries past the end (the index has room). Only the groups of sixteen the count
/// reaches are stored: a block's usual few positions take one store.
JSONJIT_VBMI2 inline std::uint32_t* flatten_vbmi2(std::uint32_t* out, std::uint32_t base, std::uint64_t bits) noexcept {
  const __m512i packed = _mm512_maskz_compress_epi8(bits, _mm512_load_si512(block_offsets.bytes));
  const __m512i first = _mm512_set1_epi32(static_cast<int>(base));
  const int count = __builtin_popcountll(bits);
  _mm512_storeu_si512(out, _mm512_add_epi32(first, _mm512_cvtepu8_epi32(_mm512_castsi512_si128(packed))));
  if (count > 16) {
    _mm512_storeu_si512(out + 16, _mm512_add_epi32(first, _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(packed, 1))));
    if (count > 32) {
      _mm512_storeu_si512(out + 32,
                          _mm512_add_epi32(first, _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(packed, 2))));
      if (count > 48) {
        _mm512_storeu_si512(out + 48,
                            _mm512_add_epi32(first, _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(packed, 3))));
      }
    }
  }
  return out + count;
}

/// Bit i = XOR of bits 0..i, by one carry-less multiplication.
JSONJIT_CLMUL inline std::uint64_t prefix_xor(std::uint64_t bits) noexcept {
  const __m128i product =
      _mm_clmulepi64_si128(_mm_set_epi64x(0, static_cast<long long>(bits)), _mm_set1_epi8(-1), 0);
  return static_cast<std::uint64_t>(_mm_cvtsi128_si64(product));
}

JSONJIT_AVX2 void index_avx2(const char* json, std::uint32_t size, structural_index& index) noexcept {
  JSONJIT_STAGE1_LOOP(classify_avx2, flatten_avx2, prefix_xor);
}

JSONJIT_AVX512 void index_avx512(const char* json, std::uint32_t size, structural_index& index) noexcept {
  JSONJIT_STAGE1_LOOP(classify_avx512, flatten_avx512, prefix_xor);
}

JSONJIT_VBMI2 void index_vbmi2(const char* json, std::uint32_t size, structural_index& index) noexcept {
  JSONJIT_STAGE1_LOOP(classify_vbmi, flatten_vbmi2, prefix_xor);
}

#undef JSONJIT_STAGE1_LOOP
#undef JSONJIT_STAGE1_BLOCK

}  // namespace

std::vector<named_stage1> every_stage1() {
  __builtin_cpu_init();
  std::vector<named_stage1> kernels;
  if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("bmi2") ||
      !__builtin_cpu_supports("pclmul") || !__builtin_cpu_supports("popcnt")) {
    return kernels;
  }
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")) {
    if (__builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512vbmi2")) {
      kernels.push_back({"avx512vbmi2", {&index_vbmi2, &is_valid_utf8_avx512}});
    }
    kernels.push_back({"avx512bw", {&index_avx512, &is_valid_utf8_avx512}});
  }
  kernels.push_back({"avx2", {&index_avx2, &is_valid_utf8}});
  return kernels;
}

}  // namespace jsonjit::detail
#endif
