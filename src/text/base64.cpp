#include "text/base64_p.hpp"

#include <array>

namespace jsonjit::detail {

char* encode_base64(const unsigned char* in, std::size_t size, char* out) noexcept {
  static constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::size_t i = 0;
  for (; i + 3 <= size; i += 3) {
    const unsigned v = (unsigned{in[i]} << 16) | (unsigned{in[i + 1]} << 8) | in[i + 2];
    *out++ = alphabet[v >> 18];
    *out++ = alphabet[(v >> 12) & 63];
    *out++ = alphabet[(v >> 6) & 63];
    *out++ = alphabet[v & 63];
  }
  if (i < size) {
    const bool two = i + 1 < size;
    const unsigned v = (unsigned{in[i]} << 16) | (two ? unsigned{in[i + 1]} << 8 : 0u);
    *out++ = alphabet[v >> 18];
    *out++ = alphabet[(v >> 12) & 63];
    *out++ = two ? alphabet[(v >> 6) & 63] : '=';
    *out++ = '=';
  }
  return out;
}

namespace {
// 0..63 for the alphabet, 64 for '=', 255 for anything else.
constexpr auto base64_values = [] {
  std::array<unsigned char, 256> t{};
  for (auto& v : t) v = 255;
  constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (unsigned i = 0; i < 64; ++i) t[static_cast<unsigned char>(alphabet[i])] = static_cast<unsigned char>(i);
  t['='] = 64;
  return t;
}();
}  // namespace

bool decode_base64(const char* in, std::size_t size, unsigned char* out) noexcept {
  if (size % 4 != 0) return false;
  for (std::size_t i = 0; i < size; i += 4) {
    unsigned v[4];
    for (int k = 0; k < 4; ++k) v[k] = base64_values[static_cast<unsigned char>(in[i + static_cast<std::size_t>(k)])];
    const bool last = i + 4 == size;
    const int padding = last ? (v[3] == 64) + (v[2] == 64) : 0;
    // '=' only at the end: xx==, xxx=; never in the first two places.
    if (v[0] > 63 || v[1] > 63 || (v[2] == 64 && v[3] != 64) || (!last && (v[2] > 63 || v[3] > 63)) ||
        v[2] == 255 || v[3] == 255) {
      return false;
    }
    const unsigned bits = (v[0] << 18) | (v[1] << 12) | ((v[2] & 63) << 6) | (v[3] & 63);
    // Canonical encodings only: the bits a padded quantum does not use must be zero.
    if ((padding == 2 && (bits & 0xFFFF) != 0) || (padding == 1 && (bits & 0xFF) != 0)) return false;
    *out++ = static_cast<unsigned char>(bits >> 16);
    if (padding < 2) *out++ = static_cast<unsigned char>(bits >> 8);
    if (padding < 1) *out++ = static_cast<unsigned char>(bits);
  }
  return true;
}

}  // namespace jsonjit::detail
