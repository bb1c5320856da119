// Stage 1 of the structural parser (see structural_parse.cpp) on AArch64 with NEON (every
// AArch64 CPU has it): every byte of a 64-byte block classified in four 16-byte vectors, each
// comparison narrowed into a bit mask; string interiors found from the unescaped quotes by a
// carry-less multiplication (PMULL) where the CPU has it, else by six shifts.
#include "dom/structural_index_p.hpp"

#if defined(__aarch64__)
#include <arm_neon.h>
#include <asm/hwcap.h>
#include <sys/auxv.h>

#include <cstdlib>
#include <string_view>

#include "dom/stage1_masks_p.hpp"
#include "text/utf8_p.hpp"

#define JSONJIT_PMULL __attribute__((target("+crypto")))

namespace jsonjit::detail {
namespace {

using stage1::block;

/// The 64 comparison results (0x00 or 0xFF per byte) of four vectors as a bit mask: each byte
/// keeps its bit's weight, and three rounds of pairwise additions sum every 8 bytes into one.
inline std::uint64_t bits_of(uint8x16_t m0, uint8x16_t m1, uint8x16_t m2, uint8x16_t m3) noexcept {
  const uint8x16_t weights = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
  const uint8x16_t s0 = vpaddq_u8(vandq_u8(m0, weights), vandq_u8(m1, weights));
  const uint8x16_t s1 = vpaddq_u8(vandq_u8(m2, weights), vandq_u8(m3, weights));
  const uint8x16_t s = vpaddq_u8(s0, s1);
  return vgetq_lane_u64(vreinterpretq_u64_u8(vpaddq_u8(s, s)), 0);
}

struct block_vectors {
  uint8x16_t v[4];
};

/// The mask of `test` applied to each of the block's vectors.
template <class Test>
inline std::uint64_t mask(const block_vectors& b, Test test) noexcept {
  return bits_of(test(b.v[0]), test(b.v[1]), test(b.v[2]), test(b.v[3]));
}

inline block classify_neon(const char* p) noexcept {
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(p);
  const block_vectors b{{vld1q_u8(bytes), vld1q_u8(bytes + 16), vld1q_u8(bytes + 32), vld1q_u8(bytes + 48)}};
  const auto is = [](std::uint8_t c) { return [c](uint8x16_t v) { return vceqq_u8(v, vdupq_n_u8(c)); }; };
  block out;
  out.quote = mask(b, is('"'));
  out.backslash = mask(b, is('\\'));
  out.whitespace = mask(b, [](uint8x16_t v) {
    return vorrq_u8(vorrq_u8(vceqq_u8(v, vdupq_n_u8(' ')), vceqq_u8(v, vdupq_n_u8('\n'))),
                    vorrq_u8(vceqq_u8(v, vdupq_n_u8('\r')), vceqq_u8(v, vdupq_n_u8('\t'))));
  });
  out.op = mask(b, [](uint8x16_t v) {
    // '{' '[' and '}' ']' differ only in bit 5.
    const uint8x16_t v5 = vorrq_u8(v, vdupq_n_u8(0x20));
    return vorrq_u8(vorrq_u8(vceqq_u8(v5, vdupq_n_u8('{')), vceqq_u8(v5, vdupq_n_u8('}'))),
                    vorrq_u8(vceqq_u8(v, vdupq_n_u8(',')), vceqq_u8(v, vdupq_n_u8(':'))));
  });
  out.control = mask(b, [](uint8x16_t v) { return vcleq_u8(v, vdupq_n_u8(0x1F)); });
  out.non_ascii = mask(b, [](uint8x16_t v) { return vcgeq_u8(v, vdupq_n_u8(0x80)); });
  return out;
}

/// Appends the positions of the set bits of `bits`, plus `base`, to `out`; writes up to three
/// entries past the end (the index has room).
inline std::uint32_t* flatten(std::uint32_t* out, std::uint32_t base, std::uint64_t bits) noexcept {
  const int count = __builtin_popcountll(bits);
  std::uint32_t* const end = out + count;
  while (bits != 0) {
    for (int k = 0; k < 4; ++k) {
      out[k] = base + static_cast<std::uint32_t>(__builtin_ctzll(bits));
      bits &= bits - 1;
    }
    out += 4;
  }
  return end;
}

/// Bit i = XOR of bits 0..i: one carry-less multiplication by all ones.
JSONJIT_PMULL inline std::uint64_t prefix_xor_pmull(std::uint64_t bits) noexcept {
  return static_cast<std::uint64_t>(vmull_p64(bits, ~std::uint64_t{0}));
}

/// The same by doubling shifts, where the CPU has no PMULL.
inline std::uint64_t prefix_xor_shifts(std::uint64_t bits) noexcept {
  for (int shift = 1; shift < 64; shift *= 2) bits ^= bits << shift;
  return bits;
}

JSONJIT_PMULL void index_pmull(const char* json, std::uint32_t size, structural_index& index) noexcept {
  JSONJIT_STAGE1_LOOP(classify_neon, flatten, prefix_xor_pmull, stage1::utf8_checked_after);
}

void index_neon(const char* json, std::uint32_t size, structural_index& index) noexcept {
  JSONJIT_STAGE1_LOOP(classify_neon, flatten, prefix_xor_shifts, stage1::utf8_checked_after);
}

#undef JSONJIT_STAGE1_LOOP
#undef JSONJIT_STAGE1_BLOCK

}  // namespace

std::vector<named_stage1> every_stage1() {
  // JSONJIT_CPU=baseline: as on a CPU without PMULL (how the tests cover those where it runs).
  const char* cpu = std::getenv("JSONJIT_CPU");
  const bool baseline = cpu != nullptr && std::string_view(cpu) == "baseline";
  std::vector<named_stage1> kernels;
  if (!baseline && (getauxval(AT_HWCAP) & HWCAP_PMULL) != 0) kernels.push_back({"pmull", {&index_pmull, &is_valid_utf8_neon}});
  kernels.push_back({"neon", {&index_neon, &is_valid_utf8_neon}});
  return kernels;
}

}  // namespace jsonjit::detail
#endif
