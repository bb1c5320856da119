// String escaping for the writer: System.Text.Json's default (HTML-safe) encoder and a
// relaxed one. Private to the library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include <jsonjit/writer.hpp>

#include "text/simd_p.hpp"

namespace jsonjit::detail {

/// The most output bytes one input byte can become (a control character as \u00XX).
inline constexpr std::size_t max_escape_expansion = 6;
/// How far past `block_end` the escaper may read to finish a UTF-8 sequence.
inline constexpr std::size_t max_sequence_overrun = 3;

/// Escapes input from `in` until at least `block_end` (a UTF-8 sequence that starts before
/// `block_end` is finished, reading up to `end`). `out` needs room for
/// max_escape_expansion * (block_end - in + max_sequence_overrun) + 16 bytes.
/// Returns the new output position and advances `in`; returns nullptr on invalid UTF-8
/// when `replace_invalid` is false (then `in` points at the offending byte).
char* escape_block(const char*& in, const char* block_end, const char* end, char* out, escape_mode mode,
                   bool replace_invalid) noexcept;

#if JSONJIT_VEC16
// 0xFF where a byte of `v` needs the slow path in `mode`.
template <escape_mode mode>
inline vec16::vec special_bytes(vec16::vec v) noexcept {
  using namespace vec16;
  // Signed compare: catches controls (0x00..0x1F) and every non-ASCII byte (negative).
  vec m = less_signed(v, splat(0x20));
  m = bit_or(m, equal(v, splat('"')));
  m = bit_or(m, equal(v, splat('\\')));
  if constexpr (mode == escape_mode::html_safe) {
    // & (0x26) and ' (0x27) differ in bit 0; < (0x3C) and > (0x3E) in bit 1.
    m = bit_or(m, equal(bit_and(v, splat(0xFE)), splat(0x26)));
    m = bit_or(m, equal(bit_and(v, splat(0xFD)), splat(0x3C)));
    m = bit_or(m, equal(v, splat('+')));
    m = bit_or(m, equal(v, splat('`')));
    m = bit_or(m, equal(v, splat(0x7F)));
  }
  return m;
}

inline std::uint64_t load64(const char* p) noexcept {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}
inline std::uint32_t load32(const char* p) noexcept {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

// The n (4..15) bytes at p in a vector, some repeated; nothing outside them is read.
inline vec16::vec load_short(const char* p, std::size_t n) noexcept {
  if (n >= 8) return vec16::from_words(load64(p), load64(p + n - 8));
  const std::uint64_t head = load32(p), tail = load32(p + n - 4);
  return vec16::from_words(head | tail << 32, head | tail << 32);
}

// Copies n (4..15) bytes with two overlapping moves.
inline void copy_short(char* out, const char* p, std::size_t n) noexcept {
  if (n >= 8) {
    const std::uint64_t head = load64(p), tail = load64(p + n - 8);
    std::memcpy(out, &head, 8);
    std::memcpy(out + n - 8, &tail, 8);
  } else {
    const std::uint32_t head = load32(p), tail = load32(p + n - 4);
    std::memcpy(out, &head, 4);
    std::memcpy(out + n - 4, &tail, 4);
  }
}
#endif

/// Writes `"text"` when text is short (up to 32 bytes) and needs no escaping in `mode`, in one
/// or two vector checks and two moves; returns the end, or nullptr (nothing written)
/// otherwise. `out` needs 34 bytes of room.
inline char* quote_if_short_and_clean(char* out, std::string_view text, escape_mode mode) noexcept {
#if JSONJIT_VEC16
  const std::size_t n = text.size();
  if (n > 32) return nullptr;
  const auto special = [mode](vec16::vec v) {
    return mode == escape_mode::html_safe ? special_bytes<escape_mode::html_safe>(v)
                                          : special_bytes<escape_mode::relaxed>(v);
  };
  if (n < 4) {
    // Up to three bytes (map keys, small numbers as text): the first, middle and last byte
    // cover them all, checked in one vector and stored one by one.
    if (n != 0) {
      const char first = text[0], middle = text[n / 2], last = text[n - 1];
      const std::uint32_t l = static_cast<unsigned char>(last);
      const std::uint32_t word = static_cast<unsigned char>(first) | static_cast<unsigned char>(middle) << 8 | l << 16 | l << 24;
      if (vec16::mask_of(special(vec16::splat32(word))) != 0) return nullptr;
      out[1] = first;
      out[1 + n / 2] = middle;
      out[n] = last;
    }
    out[0] = '"';
  } else if (n < 16) {
    if (vec16::mask_of(special(load_short(text.data(), n))) != 0) return nullptr;
    out[0] = '"';
    copy_short(out + 1, text.data(), n);
  } else {
    // The first and the last 16 bytes, overlapping when shorter than 32.
    const vec16::vec head = vec16::load(text.data()), tail = vec16::load(text.data() + n - 16);
    if (vec16::mask_of(vec16::bit_or(special(head), special(tail))) != 0) return nullptr;
    out[0] = '"';
    vec16::store(out + 1, head);
    vec16::store(out + 1 + n - 16, tail);
  }
  out[n + 1] = '"';
  return out + n + 2;
#else
  (void)out, (void)text, (void)mode;
  return nullptr;
#endif
}

/// Writes `text` escaped and then its closing quote at `p` in `out`'s window (the opening
/// quote is already written), where writer::escaped_room(text.size()) bytes of room are
/// reserved; further pieces of a long string reserve their own room from `out` (which then
/// holds the bytes before the returned position). Returns the end, or nullptr with `failure`
/// set (invalid_utf8, or sink_failed when `out` fails).
inline char* write_escaped_rest(output& out, char* p, std::string_view text, escape_mode mode,
                                bool replace_invalid, error_code& failure) noexcept {
  constexpr std::size_t piece = writer::escape_piece;
  static_assert(writer::escaped_room(piece) >=
                max_escape_expansion * (piece + max_sequence_overrun) + 16 + 2);
  const char* in = text.data();
  const char* const end = in + text.size();
  if (text.size() <= piece) {  // the common case: one piece, in the room the caller reserved
    p = escape_block(in, end, end, p, mode, replace_invalid);
    if (p == nullptr) {
      failure = error_code::invalid_utf8;
      return nullptr;
    }
    *p++ = '"';
    return p;
  }
  for (;;) {
    const char* block_end =
        in + (static_cast<std::size_t>(end - in) < piece ? static_cast<std::size_t>(end - in) : piece);
    p = escape_block(in, block_end, end, p, mode, replace_invalid);
    if (p == nullptr) {
      failure = error_code::invalid_utf8;
      return nullptr;
    }
    if (in >= end) break;
    out.advance_to(p);
    if (!out.reserve(writer::escaped_room(piece) + 2)) {
      failure = error_code::sink_failed;
      return nullptr;
    }
    p = out.pos();
  }
  *p++ = '"';
  return p;
}

/// Writes `"text"` escaped at `p` as write_escaped_rest does. What the writer and the JIT's
/// string helpers write; inline, so each is one frame around escape_block.
inline char* write_quoted_escaped(output& out, char* p, std::string_view text, escape_mode mode,
                                  bool replace_invalid, error_code& failure) noexcept {
  if (char* done = quote_if_short_and_clean(p, text, mode)) return done;
  *p++ = '"';
  return write_escaped_rest(out, p, text, mode, replace_invalid, failure);
}

}  // namespace jsonjit::detail
