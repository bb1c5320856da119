// UTF-8 decoding and encoding (RFC 3629): the one place that knows which byte sequences are
// valid. Private to the library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace jsonjit::detail {

/// Outcome of decoding one sequence.
struct utf8_sequence {
  std::uint32_t code_point;  ///< valid only when length > 0
  /// > 0: length of a valid sequence; 0: invalid (see `invalid_length`);
  /// -1: the bytes before `end` are a valid but incomplete prefix (more input may complete it).
  int length;
  /// For invalid sequences: the length of the maximal invalid subpart (>= 1), which is what
  /// one U+FFFD replaces (Unicode's "substitution of maximal subparts").
  int invalid_length;
};

/// Decodes the sequence at `p` (p < end). Rejects overlong forms, surrogates (U+D800..U+DFFF)
/// and code points above U+10FFFF.
inline utf8_sequence decode_utf8(const unsigned char* p, const unsigned char* end) noexcept {
  const unsigned lead = p[0];
  if (lead < 0x80) return {lead, 1, 0};
  int length;
  unsigned low = 0x80, high = 0xBF;  // allowed range of the second byte
  std::uint32_t cp;
  if (lead < 0xC2) return {0, 0, 1};
  if (lead < 0xE0) {
    length = 2;
    cp = lead & 0x1Fu;
  } else if (lead < 0xF0) {
    length = 3;
    cp = lead & 0x0Fu;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead < 0xF5) {
    length = 4;
    cp = lead & 0x07u;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return {0, 0, 1};
  }
  for (int i = 1; i < length; ++i) {
    if (p + i >= end) return {0, -1, i};
    const unsigned byte = p[i];
    const unsigned lo = i == 1 ? low : 0x80u, hi = i == 1 ? high : 0xBFu;
    if (byte < lo || byte > hi) return {0, 0, i};
    cp = (cp << 6) | (byte & 0x3Fu);
  }
  return {cp, length, 0};
}

/// The length of the valid sequence at `p` (p < end), or decode_utf8's 0 / -1. Checks the
/// common two- and three-byte forms (most non-ASCII text) without decoding.
inline int valid_utf8_length(const unsigned char* p, const unsigned char* end) noexcept {
  const unsigned lead = p[0];
  if (end - p >= 3) {
    const bool continuation1 = (p[1] & 0xC0) == 0x80, continuation2 = (p[2] & 0xC0) == 0x80;
    // E1..EC and EE..EF take any continuation bytes (E0 and ED restrict the second one).
    if (lead - 0xE1u < 0x0Fu && lead != 0xED && continuation1 && continuation2) return 3;
    if (lead - 0xC2u < 0x1Eu && continuation1) return 2;
  }
  return decode_utf8(p, end).length;
}

/// Whether text ending in the four bytes `last_bytes` (the last in the top byte) ends inside a
/// character: a lead byte among its last three starts a sequence longer than what follows it.
/// (Whether the bytes there are valid is another check's.)
inline bool ends_inside_character(std::uint32_t last_bytes) noexcept {
  const unsigned third_last = (last_bytes >> 8) & 0xFF, second_last = (last_bytes >> 16) & 0xFF,
                 last = last_bytes >> 24;
  return last >= 0xC0 || second_last >= 0xE0 || third_last >= 0xF0;
}

/// Writes `cp` (a Unicode scalar value) as UTF-8; returns the byte count (1..4).
inline int encode_utf8(std::uint32_t cp, char* out) noexcept {
  if (cp < 0x80) {
    out[0] = static_cast<char>(cp);
    return 1;
  }
  if (cp < 0x800) {
    out[0] = static_cast<char>(0xC0 | (cp >> 6));
    out[1] = static_cast<char>(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
    out[0] = static_cast<char>(0xE0 | (cp >> 12));
    out[1] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out[2] = static_cast<char>(0x80 | (cp & 0x3F));
    return 3;
  }
  out[0] = static_cast<char>(0xF0 | (cp >> 18));
  out[1] = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
  out[2] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
  out[3] = static_cast<char>(0x80 | (cp & 0x3F));
  return 4;
}

/// The code points of the valid UTF-8 [p, end): its bytes that do not continue a sequence,
/// eight at a time (a continuation byte is 10xxxxxx: bit 7 set where bit 6 is not; the
/// word's ones summed by a multiplication, which needs no popcount instruction).
inline std::size_t utf8_code_points(const char* p, const char* end) noexcept {
  constexpr std::uint64_t high_bits = 0x8080808080808080, low_bits = 0x0101010101010101;
  std::size_t continuations = 0;
  const char* const begin = p;
  for (; end - p >= 8; p += 8) {
    std::uint64_t word;
    std::memcpy(&word, p, 8);
    continuations += static_cast<std::size_t>(((word & ~(word << 1) & high_bits) >> 7) * low_bits >> 56);
  }
  for (; p < end; ++p) continuations += (static_cast<unsigned char>(*p) & 0xC0) == 0x80 ? 1 : 0;
  return static_cast<std::size_t>(end - begin) - continuations;
}

/// True if all of [p, end) is valid UTF-8.
bool is_valid_utf8(const char* p, const char* end) noexcept;

/// is_valid_utf8 for CPUs with AVX2 (the caller checks): 32 bytes at a time by table lookups.
bool is_valid_utf8_avx2(const char* p, const char* end) noexcept;

/// is_valid_utf8 for CPUs with AVX-512BW (the caller checks); several times faster on text
/// that is mostly not ASCII.
bool is_valid_utf8_avx512(const char* p, const char* end) noexcept;

/// is_valid_utf8 for AArch64 (NEON): the same rules, 64 bytes at a time.
bool is_valid_utf8_neon(const char* p, const char* end) noexcept;

}  // namespace jsonjit::detail
