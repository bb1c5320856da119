#include "text/base64_p.hpp"

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

}  // namespace jsonjit::detail
