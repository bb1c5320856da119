// Stage 1 of the structural parser (see structural_parse.cpp) on x86-64, with AVX2,
// AVX-512BW or AVX-512 VBMI2 as the CPU has them: every byte classified, 64 at a time, into bit
// masks; string interiors found from the unescaped quotes by a carry-less multiplication
// (prefix XOR); the structural positions written to the index. The AVX-512 kernels check
// UTF-8 in the same pass, on the blocks that hold non-ASCII bytes.
#include "dom/structural_index_p.hpp"

#if defined(__x86_64__)
#include <immintrin.h>

#include "dom/stage1_masks_p.hpp"
#include "text/utf8_avx512_p.hpp"
#include "text/utf8_p.hpp"

#define JSONJIT_CLMUL __attribute__((target("pclmul,popcnt")))
#define JSONJIT_AVX2 __attribute__((target("avx2,bmi,bmi2,pclmul,popcnt")))
#define JSONJIT_AVX512 __attribute__((target("avx512f,avx512bw,avx2,bmi,bmi2,pclmul,popcnt")))
#define JSONJIT_VBMI2 \
  __attribute__((target("avx512f,avx512bw,avx512vbmi2,avx2,bmi,bmi2,pclmul,popcnt")))

// The vector helpers below pass vectors only between functions that all have the same target
// (never through a lambda or other function without it, where the ABI would differ); the ABI
// note GCC prints for them does not apply.
#pragma GCC diagnostic ignored "-Wpsabi"
// GCC 12 takes the undefined pass-through vector inside the widening and extraction intrinsics
// (_mm512_undefined_epi32: their mask is all ones, it is never read) for an uninitialized
// variable, where they are inlined with the UTF-8 check.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

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

// Whitespace and operators are told by one table lookup each, indexed by the byte's low nibble
// (a byte with its top bit set looks up zero): the entry is the one byte of that nibble in the
// class, and a byte is in the class where it equals its entry. '{' '[' and '}' ']' differ only
// in bit 5, so operators are compared with the byte's bit 5 set. Two bytes meet an operator's
// entry that way and are not one: 0x0C and 0x1A, control characters, removed by their class.
// (0x80 matches no byte: an ASCII byte is below it, a byte with its top bit set looks up 0.)
// Each table is repeated in the four 16-byte lanes of a 64-byte vector, loaded as it is.
struct alignas(64) lane_table {
  char entries[64];
};
constexpr lane_table in_every_lane(const char (&entries)[17]) {
  lane_table t{};
  for (int i = 0; i < 64; ++i) t.entries[i] = entries[i % 16];
  return t;
}
constexpr lane_table whitespace_by_nibble =
    in_every_lane(" \x80\x80\x80\x80\x80\x80\x80\x80\t\n\x80\x80\r\x80\x80");
constexpr lane_table operator_by_nibble =
    in_every_lane("\0\0\0\0\0\0\0\0\0\0:{,}\0\0");

JSONJIT_AVX2 inline __m256i table_of(const lane_table& t) noexcept {
  return _mm256_load_si256(reinterpret_cast<const __m256i*>(t.entries));
}

JSONJIT_AVX2 inline block classify_avx2(const char* p) noexcept {
  const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32));
  const __m256i whitespace = table_of(whitespace_by_nibble), operators = table_of(operator_by_nibble);
  const __m256i bit5 = _mm256_set1_epi8(0x20);
  // Bytes 0x00..0x1F: max(byte, 0x1F) == 0x1F.
  const __m256i limit = _mm256_set1_epi8(0x1F);
  block b;
  b.control = mask(_mm256_cmpeq_epi8(_mm256_max_epu8(lo, limit), limit),
                   _mm256_cmpeq_epi8(_mm256_max_epu8(hi, limit), limit));
  b.quote = equal_to(lo, hi, '"');
  b.backslash = equal_to(lo, hi, '\\');
  b.whitespace = mask(_mm256_cmpeq_epi8(_mm256_shuffle_epi8(whitespace, lo), lo),
                      _mm256_cmpeq_epi8(_mm256_shuffle_epi8(whitespace, hi), hi));
  b.op = mask(_mm256_cmpeq_epi8(_mm256_shuffle_epi8(operators, lo), _mm256_or_si256(lo, bit5)),
              _mm256_cmpeq_epi8(_mm256_shuffle_epi8(operators, hi), _mm256_or_si256(hi, bit5))) &
         ~b.control;
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

// AVX-512 (F and BW): one 64-byte vector, the lookups and comparisons straight into mask
// registers, and the positions written by compressing a vector of sixteen positions per sixteen
// bits.

JSONJIT_AVX512 inline std::uint64_t eq(__m512i x, char c) noexcept {
  return _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8(c));
}

JSONJIT_AVX512 inline __m512i table_of_512(const lane_table& t) noexcept {
  return _mm512_load_si512(t.entries);
}

JSONJIT_AVX512 inline block classify_avx512(const char* p) noexcept {
  const __m512i v = _mm512_loadu_si512(p);
  block b;
  b.control = _mm512_cmple_epu8_mask(v, _mm512_set1_epi8(0x1F));
  b.whitespace = _mm512_cmpeq_epi8_mask(_mm512_shuffle_epi8(table_of_512(whitespace_by_nibble), v), v);
  b.op = _mm512_mask_cmpeq_epi8_mask(~b.control, _mm512_shuffle_epi8(table_of_512(operator_by_nibble), v),
                                     _mm512_or_si512(v, _mm512_set1_epi8(0x20)));
  b.quote = eq(v, '"');
  b.backslash = eq(v, '\\');
  b.non_ascii = _mm512_movepi8_mask(v);
  return b;
}

/// The AVX-512 kernels' UTF-8 check, block by block in the stage-1 loop (a block without a
/// non-ASCII byte costs a test of its mask); it starts after the last bytes the state saw (a
/// text indexed in pieces), and an error makes the state bad.
struct utf8_checked_in_pass {
  utf8_avx512::checker check;

  JSONJIT_AVX512 explicit utf8_checked_in_pass(const stage1_state& state) noexcept
      : check(_mm512_set1_epi32(static_cast<int>(state.last_bytes))) {}
  JSONJIT_AVX512 void block(const char* p, const block& b) noexcept {
    if (b.non_ascii == 0) {
      check.ascii_block();
    } else {
      check.block(_mm512_loadu_si512(p));
    }
  }
  JSONJIT_AVX512 void finish(stage1_state& state) const noexcept {
    if (check.failed()) state.bad |= 1;
  }
};

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

// AVX-512 VBMI2 (Ice Lake, Zen 4 and later): the positions compressed as bytes (one
// instruction for the block) then widened.

struct alignas(64) byte_numbers {
  unsigned char bytes[64];
};
constexpr byte_numbers make_byte_numbers() {
  byte_numbers n{};
  for (int i = 0; i < 64; ++i) n.bytes[i] = static_cast<unsigned char>(i);
  return n;
}
constexpr byte_numbers block_offsets = make_byte_numbers();

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
  JSONJIT_STAGE1_LOOP(classify_avx2, flatten_avx2, prefix_xor, stage1::utf8_checked_after);
}

JSONJIT_AVX512 void index_avx512(const char* json, std::uint32_t size, structural_index& index) noexcept {
  JSONJIT_STAGE1_LOOP(classify_avx512, flatten_avx512, prefix_xor, utf8_checked_in_pass);
}

JSONJIT_VBMI2 void index_vbmi2(const char* json, std::uint32_t size, structural_index& index) noexcept {
  JSONJIT_STAGE1_LOOP(classify_avx512, flatten_vbmi2, prefix_xor, utf8_checked_in_pass);
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
    if (__builtin_cpu_supports("avx512vbmi2")) {
      kernels.push_back({"avx512vbmi2", {&index_vbmi2, &is_valid_utf8_avx512, true}});
    }
    kernels.push_back({"avx512bw", {&index_avx512, &is_valid_utf8_avx512, true}});
  }
  kernels.push_back({"avx2", {&index_avx2, &is_valid_utf8_avx2}});
  return kernels;
}

}  // namespace jsonjit::detail
#endif
