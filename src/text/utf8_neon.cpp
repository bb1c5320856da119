// UTF-8 validation 64 bytes at a time with NEON: the rules of RFC 3629 as comparisons of each
// byte with the one to three bytes before it, as utf8_avx512.cpp evaluates them (see there),
// on four 16-byte vectors per block; blocks that are all ASCII are skipped after one check.
#if defined(__aarch64__)
#include <arm_neon.h>

#include <cstring>

#include "text/utf8_p.hpp"

namespace jsonjit::detail {
namespace {

inline uint8x16_t set(std::uint8_t byte) noexcept { return vdupq_n_u8(byte); }

/// The rule violations (0xFF bytes) among the 16 bytes at `p`; p[-3..-1] must be readable.
inline uint8x16_t errors_at(const std::uint8_t* p) noexcept {
  const uint8x16_t c = vld1q_u8(p);
  const uint8x16_t p1 = vld1q_u8(p - 1), p2 = vld1q_u8(p - 2), p3 = vld1q_u8(p - 3);
  const uint8x16_t continuation = vandq_u8(vcgeq_u8(c, set(0x80)), vcltq_u8(c, set(0xC0)));
  const uint8x16_t expected =
      vorrq_u8(vorrq_u8(vcgeq_u8(p1, set(0xC0)), vcgeq_u8(p2, set(0xE0))), vcgeq_u8(p3, set(0xF0)));
  const uint8x16_t never = vorrq_u8(vceqq_u8(vandq_u8(c, set(0xFE)), set(0xC0)), vcgeq_u8(c, set(0xF5)));
  const uint8x16_t second_byte =
      vorrq_u8(vorrq_u8(vandq_u8(vceqq_u8(p1, set(0xE0)), vcltq_u8(c, set(0xA0))),
                        vandq_u8(vceqq_u8(p1, set(0xED)), vcgtq_u8(c, set(0x9F)))),
               vorrq_u8(vandq_u8(vceqq_u8(p1, set(0xF0)), vcltq_u8(c, set(0x90))),
                        vandq_u8(vceqq_u8(p1, set(0xF4)), vcgtq_u8(c, set(0x8F)))));
  return vorrq_u8(vorrq_u8(veorq_u8(continuation, expected), never), second_byte);
}

inline uint8x16_t errors_in_block(const std::uint8_t* p) noexcept {
  return vorrq_u8(vorrq_u8(errors_at(p), errors_at(p + 16)), vorrq_u8(errors_at(p + 32), errors_at(p + 48)));
}

/// Whether the 64 bytes at `p` and the three before are all ASCII (nothing to check).
inline bool ascii_at(const std::uint8_t* p) noexcept {
  const uint8x16_t any = vorrq_u8(vorrq_u8(vld1q_u8(p - 3), vld1q_u8(p)),
                                  vorrq_u8(vorrq_u8(vld1q_u8(p + 16), vld1q_u8(p + 32)), vld1q_u8(p + 48)));
  return vmaxvq_u8(any) < 0x80;
}

}  // namespace

bool is_valid_utf8_neon(const char* text, const char* end) noexcept {
  const auto* p = reinterpret_cast<const std::uint8_t*>(text);
  const auto size = static_cast<std::size_t>(end - text);
  // The first block and the tail go through zero-padded copies (a sequence cut by the end is
  // an error too); whole blocks in between are read in place (their three previous bytes are
  // input).
  alignas(16) std::uint8_t head[3 + 64 + 64] = {};
  const std::size_t head_size = size < 64 ? size : 64;
  std::memcpy(head + 3, p, head_size);
  uint8x16_t errors = errors_in_block(head + 3);
  if (size <= 64) return vmaxvq_u8(vorrq_u8(errors, errors_in_block(head + 3 + 64))) == 0;
  std::size_t i = 64;
  for (; i + 64 <= size; i += 64) {
    if (!ascii_at(p + i)) errors = vorrq_u8(errors, errors_in_block(p + i));
  }
  alignas(16) std::uint8_t tail[3 + 64 + 64] = {};
  std::memcpy(tail, p + i - 3, 3 + (size - i));
  errors = vorrq_u8(errors, vorrq_u8(errors_in_block(tail + 3), errors_in_block(tail + 3 + 64)));
  return vmaxvq_u8(errors) == 0;
}

}  // namespace jsonjit::detail
#endif
