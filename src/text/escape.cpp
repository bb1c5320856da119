#include "text/escape_p.hpp"

#include <array>
#include <cstdint>
#include <cstring>

#include "text/simd_p.hpp"
#include "text/utf8_p.hpp"

namespace jsonjit::detail {
namespace {

// Per byte: 0 = copy as is; 1 = escape (short form or \u00XX); 2 = non-ASCII (decode first).
using escape_table = std::array<std::uint8_t, 256>;

constexpr escape_table make_table(escape_mode mode) {
  escape_table table{};
  for (std::size_t c = 0; c < 0x20; ++c) table[c] = 1;
  for (std::size_t c = 0x80; c < 0x100; ++c) table[c] = 2;
  table['"'] = 1;
  table['\\'] = 1;
  if (mode == escape_mode::html_safe) {
    for (char c : {'&', '\'', '+', '<', '>', '`', '\x7F'}) table[static_cast<unsigned char>(c)] = 1;
  }
  return table;
}

constexpr escape_table html_safe_table = make_table(escape_mode::html_safe);
constexpr escape_table relaxed_table = make_table(escape_mode::relaxed);

constexpr char hex_upper[] = "0123456789ABCDEF";

char* write_u_escape(char* out, std::uint32_t unit) noexcept {
  out[0] = '\\';
  out[1] = 'u';
  out[2] = hex_upper[(unit >> 12) & 0xF];
  out[3] = hex_upper[(unit >> 8) & 0xF];
  out[4] = hex_upper[(unit >> 4) & 0xF];
  out[5] = hex_upper[unit & 0xF];
  return out + 6;
}

// An ASCII character's escape, in the first `length` of eight bytes: stored with one move.
struct ascii_escape {
  char text[7];
  std::uint8_t length;
};
using ascii_escapes = std::array<ascii_escape, 128>;

constexpr ascii_escapes make_ascii_escapes(escape_mode mode) {
  ascii_escapes escapes{};
  for (std::size_t c = 0; c < 128; ++c) {
    char short_form = 0;
    switch (c) {
      case '\n': short_form = 'n'; break;
      case '\r': short_form = 'r'; break;
      case '\t': short_form = 't'; break;
      case '\b': short_form = 'b'; break;
      case '\f': short_form = 'f'; break;
      case '\\': short_form = '\\'; break;
      // The default encoder writes `"` as \u0022 (System.Text.Json's choice); relaxed as \".
      case '"': short_form = mode == escape_mode::relaxed ? '"' : 0; break;
      default: break;
    }
    ascii_escape& e = escapes[c];
    e.text[0] = '\\';
    if (short_form != 0) {
      e.text[1] = short_form;
      e.length = 2;
    } else {
      const char u[] = {'u', '0', '0', hex_upper[c >> 4], hex_upper[c & 0xF]};
      for (std::size_t i = 0; i < 5; ++i) e.text[1 + i] = u[i];
      e.length = 6;
    }
  }
  return escapes;
}

constexpr ascii_escapes html_safe_escapes = make_ascii_escapes(escape_mode::html_safe);
constexpr ascii_escapes relaxed_escapes = make_ascii_escapes(escape_mode::relaxed);

template <escape_mode mode>
char* escape_block_in(const char*& in, const char* block_end, const char* end, char* out,
                      bool replace_invalid) noexcept {
  const escape_table& table = mode == escape_mode::html_safe ? html_safe_table : relaxed_table;
  const char* p = in;
  while (p < block_end) {
#if JSONJIT_VEC16
    // Up to 16 bytes at a time, never past block_end (the room is counted up to it). A block
    // whose bytes to escape are all ASCII is finished here from its copy on the stack (so
    // that each piece between escapes is one 16-byte move, never read past the input); one
    // with non-ASCII text goes to the scalar code below from its first byte to escape.
    while (p < block_end) {
      const auto left = static_cast<std::size_t>(end - p);
      if (left < 4) break;
      const std::size_t take = std::min<std::size_t>(16, static_cast<std::size_t>(block_end - p));
      alignas(16) char block[32];
      vec16::vec v;
      if (left >= 16) {
        v = vec16::load(p);
      } else {
        vec16::store(block, vec16::zero());
        copy_short(block, p, left);
        v = vec16::load(block);
      }
      const unsigned wanted = take == 16 ? 0xFFFFu : (1u << take) - 1;
      unsigned mask = vec16::bits(special_bytes<mode>(v)) & wanted;
      vec16::store(out, v);
      if (mask == 0) {
        p += take;
        out += take;
        continue;
      }
      if ((vec16::bits(v) & mask) != 0) {
        const auto clean = static_cast<std::size_t>(__builtin_ctz(mask));
        p += clean;
        out += clean;
        break;
      }
      const ascii_escapes& escapes = mode == escape_mode::html_safe ? html_safe_escapes : relaxed_escapes;
      vec16::store(block, v);
      vec16::store(block + 16, vec16::zero());
      std::size_t from = 0;  // the block's next byte to copy
      do {
        const auto at = static_cast<std::size_t>(__builtin_ctz(mask));
        mask &= mask - 1;
        // The piece before it (a move of 16 covers it; what lies past is overwritten), then
        // the escape's eight bytes, of which its length are kept.
        vec16::store(out, vec16::load(block + from));
        out += at - from;
        std::memcpy(out, &escapes[static_cast<unsigned char>(block[at])], 8);
        out += escapes[static_cast<unsigned char>(block[at])].length;
        from = at + 1;
      } while (mask != 0);
      vec16::store(out, vec16::load(block + from));
      out += take - from;
      p += take;
    }
    if (p >= block_end) break;
#endif
    // Scalar run: what the 16-byte loop cannot take (short strings, tails).
    while (p < block_end && table[static_cast<unsigned char>(*p)] == 0) *out++ = *p++;
    if (p >= block_end) break;
    const auto c = static_cast<unsigned char>(*p);
    const std::uint8_t kind = table[c];
    if (kind == 1) {
      // Eight bytes stored where at most six are kept: the room reserved per input byte and
      // the 16 bytes past it cover the rest.
      const ascii_escape& e = (mode == escape_mode::html_safe ? html_safe_escapes : relaxed_escapes)[c];
      std::memcpy(out, &e, 8);
      out += e.length;
      ++p;
      continue;
    }
    const utf8_sequence seq =
        decode_utf8(reinterpret_cast<const unsigned char*>(p), reinterpret_cast<const unsigned char*>(end));
    if (seq.length <= 0) {
      if (!replace_invalid) {
        in = p;
        return nullptr;
      }
      p += seq.length < 0 ? end - p : seq.invalid_length;
      if (mode == escape_mode::html_safe) {
        out = write_u_escape(out, 0xFFFD);
      } else {
        std::memcpy(out, "\xEF\xBF\xBD", 3);
        out += 3;
      }
      continue;
    }
    // Valid non-ASCII text: handle whole sequences while it lasts.
    const auto* at = reinterpret_cast<const unsigned char*>(p);
    const auto* const stop = reinterpret_cast<const unsigned char*>(end);
    const auto* const until = reinterpret_cast<const unsigned char*>(block_end);
    if constexpr (mode == escape_mode::relaxed) {
      int length = seq.length;
      do {
        if (stop - at >= 4) {  // a fixed 4-byte move (the output always has room)
          std::memcpy(out, at, 4);
        } else {
          std::memcpy(out, at, static_cast<std::size_t>(length));
        }
        out += length;
        at += length;
        if (at >= until || *at < 0x80) break;
        length = valid_utf8_length(at, stop);
      } while (length > 0);
      p = reinterpret_cast<const char*>(at);
      continue;
    }
    utf8_sequence next = seq;
    do {
      if (next.code_point < 0x10000) {  // \uXXXX per UTF-16 code unit
        out = write_u_escape(out, next.code_point);
      } else {
        const std::uint32_t v = next.code_point - 0x10000;
        out = write_u_escape(out, 0xD800 + (v >> 10));
        out = write_u_escape(out, 0xDC00 + (v & 0x3FF));
      }
      at += next.length;
      if (at >= until || *at < 0x80) break;
      next = decode_utf8(at, stop);
    } while (next.length > 0);
    p = reinterpret_cast<const char*>(at);
  }
  in = p;
  return out;
}

}  // namespace

char* escape_block(const char*& in, const char* block_end, const char* end, char* out, escape_mode mode,
                   bool replace_invalid) noexcept {
  if (mode == escape_mode::html_safe) {
    return escape_block_in<escape_mode::html_safe>(in, block_end, end, out, replace_invalid);
  }
  return escape_block_in<escape_mode::relaxed>(in, block_end, end, out, replace_invalid);
}

}  // namespace jsonjit::detail
