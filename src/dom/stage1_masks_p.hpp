// What stage 1 makes of a 64-byte block once each processor's kernel has classified its bytes
// into bit masks (structural_index_x86_64.cpp, structural_index_aarch64.cpp): escapes, string
// interiors, structural positions, and the loop over the input. Private to the library.
#pragma once

#include <cstdint>
#include <cstring>

#include "dom/structural_index_p.hpp"

namespace jsonjit::detail::stage1 {

/// Bit i for byte i of a 64-byte block.
struct block {
  std::uint64_t quote, backslash, whitespace, op, control, non_ascii;
};

/// The bytes escaped by the runs of backslashes `runs`, and whether byte 64 is. In a run
/// starting at s, the bytes escaped are those in (s, s + length] at the parity opposite to
/// s's: shifting the runs by one gives each run's (s, s + length]; the runs starting at even
/// positions are told from the others by adding their first bits (the carry clears such a run),
/// and each kind keeps the positions of the other parity.
inline std::uint64_t escaped_by_runs(std::uint64_t runs, std::uint64_t& escapes_next) noexcept {
  constexpr std::uint64_t odd_positions = 0xAAAAAAAAAAAAAAAA;
  const std::uint64_t even_starts = runs & ~(runs << 1) & ~odd_positions;
  const std::uint64_t even_runs = runs & ~(runs + even_starts);
  const std::uint64_t odd_runs = runs ^ even_runs;
  escapes_next = odd_runs >> 63;  // (a run from an odd start through byte 63 escapes byte 64)
  return ((even_runs << 1) & odd_positions) | ((odd_runs << 1) & ~odd_positions);
}

/// The bytes escaped by a backslash: the one after each backslash that is not itself escaped.
/// `carry` says whether this block's first byte is escaped, and receives the same for the next.
/// Most blocks have no backslash; the others are computed without a branch per backslash.
inline std::uint64_t escaped_bytes(std::uint64_t backslash, std::uint64_t& carry) noexcept {
  if (backslash == 0) {
    const std::uint64_t escaped = carry;
    carry = 0;
    return escaped;
  }
  std::uint64_t next = 0;
  // (An escaped first byte escapes nothing, even a backslash.)
  const std::uint64_t escaped = escaped_by_runs(backslash & ~carry, next) | carry;
  carry = next;
  return escaped;
}

/// A block's quotes that are not escaped (string boundaries).
inline std::uint64_t unescaped_quotes(const block& b, stage1_state& s) noexcept {
  return b.quote & ~escaped_bytes(b.backslash, s.escape_carry);
}

/// The structural positions of a block: operators outside strings, every unescaped quote (a
/// string's first and last byte), and the first byte of every number or literal.
/// `quote_prefix_xor`: bit i = XOR of `quote`'s bits 0..i (1 from an opening quote up to, not
/// including, its closing quote), computed by the processor's fastest way.
inline std::uint64_t structurals(const block& b, std::uint64_t quote, std::uint64_t quote_prefix_xor,
                                 stage1_state& s) noexcept {
  const std::uint64_t in_string = quote_prefix_xor ^ s.in_string;
  s.in_string = static_cast<std::uint64_t>(static_cast<std::int64_t>(in_string) >> 63);
  s.bad |= b.control & in_string;
  s.non_ascii |= b.non_ascii;
  const std::uint64_t scalar = ~(b.whitespace | b.op | quote | in_string);
  const std::uint64_t scalar_start = scalar & ~((scalar << 1) | s.scalar_carry);
  s.scalar_carry = scalar >> 63;
  return (b.op & ~in_string) | quote | scalar_start;
}

/// The UTF-8 check of the kernels whose text a validator checks after the index: nothing.
struct utf8_checked_after {
  explicit utf8_checked_after(const stage1_state&) noexcept {}
  void block(const char*, const block&) noexcept {}
  void finish(stage1_state&) const noexcept {}
};

}  // namespace jsonjit::detail::stage1

// The stage 1 loop, expanded once per instruction set (a template cannot carry a target
// attribute): `classify(p)` gives the block at p, `flatten(out, base, bits)` appends the
// positions of the bits, `prefix_xor(bits)` gives bit i = XOR of bits 0..i, and `check_utf8`
// is the type of the UTF-8 check that goes with the loop (made from the state, told every
// block, finished into the state) or stage1::utf8_checked_after. The state starts as the
// index's (a text indexed in pieces of whole blocks carries it from one to the next) and is a
// local copy: stores through `out` could otherwise alias it and keep it in memory. The last
// partial block goes through a copy padded with spaces.
#define JSONJIT_STAGE1_BLOCK(classify, flatten, prefix_xor, at)              \
  {                                                                          \
    const stage1::block b = classify(at);                                    \
    backslashes[base / 64] = b.backslash;                                    \
    utf8.block(at, b);                                                       \
    const std::uint64_t quote = stage1::unescaped_quotes(b, state);          \
    out = flatten(out, origin + base, stage1::structurals(b, quote, prefix_xor(quote), state)); \
  }
#define JSONJIT_STAGE1_LOOP(classify, flatten, prefix_xor, check_utf8)                     \
  std::uint32_t* out = index.positions;                                                    \
  std::uint64_t* const backslashes = index.backslashes;                                    \
  stage1_state state = index.state;                                                        \
  const std::uint32_t origin = index.origin;                                               \
  check_utf8 utf8(state);                                                                  \
  std::uint32_t base = 0;                                                                  \
  for (; base + 64 <= size; base += 64) JSONJIT_STAGE1_BLOCK(classify, flatten, prefix_xor, json + base) \
  if (base < size) {                                                                       \
    char last[64];                                                                         \
    std::memset(last, ' ', sizeof last);                                                   \
    std::memcpy(last, json + base, size - base);                                           \
    JSONJIT_STAGE1_BLOCK(classify, flatten, prefix_xor, last)                              \
    std::memcpy(&state.last_bytes, last + 60, sizeof state.last_bytes);                    \
  } else if (size != 0) {                                                                  \
    std::memcpy(&state.last_bytes, json + size - 4, sizeof state.last_bytes);              \
  }                                                                                        \
  utf8.finish(state);                                                                      \
  index.state = state;                                                                     \
  index.count = static_cast<std::uint32_t>(out - index.positions);                         \
  *out = origin + size
