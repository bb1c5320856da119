// Base64 for the peers that have none (RapidJSON, nlohmann, the hand-written code).
#include <array>

#include "peers.hpp"

namespace jsonjit::bench::typed {

namespace {
constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr auto values = [] {
  std::array<int, 256> t{};
  for (int& v : t) v = -1;
  for (int i = 0; i < 64; ++i) t[static_cast<unsigned char>(alphabet[i])] = i;
  return t;
}();
}  // namespace

char* write_base64(char* out, const std::uint8_t* in, std::size_t size) {
  std::size_t i = 0;
  for (; i + 3 <= size; i += 3) {
    const unsigned v = unsigned{in[i]} << 16 | unsigned{in[i + 1]} << 8 | in[i + 2];
    *out++ = alphabet[v >> 18];
    *out++ = alphabet[v >> 12 & 63];
    *out++ = alphabet[v >> 6 & 63];
    *out++ = alphabet[v & 63];
  }
  if (i < size) {
    const bool two = i + 1 < size;
    const unsigned v = unsigned{in[i]} << 16 | (two ? unsigned{in[i + 1]} << 8 : 0u);
    *out++ = alphabet[v >> 18];
    *out++ = alphabet[v >> 12 & 63];
    *out++ = two ? alphabet[v >> 6 & 63] : '=';
    *out++ = '=';
  }
  return out;
}

bool decode_base64(std::string_view text, std::vector<std::uint8_t>& out) {
  if (text.size() % 4 != 0) return false;
  out.clear();
  out.reserve(text.size() / 4 * 3);
  for (std::size_t i = 0; i < text.size(); i += 4) {
    int v[4];
    for (int k = 0; k < 4; ++k) v[k] = text[i + k] == '=' ? 0 : values[static_cast<unsigned char>(text[i + k])];
    if (v[0] < 0 || v[1] < 0 || v[2] < 0 || v[3] < 0) return false;
    const unsigned bits = static_cast<unsigned>(v[0] << 18 | v[1] << 12 | v[2] << 6 | v[3]);
    out.push_back(static_cast<std::uint8_t>(bits >> 16));
    if (text[i + 2] != '=') out.push_back(static_cast<std::uint8_t>(bits >> 8));
    if (text[i + 3] != '=') out.push_back(static_cast<std::uint8_t>(bits));
  }
  return true;
}

}  // namespace jsonjit::bench::typed
