// Standard Base64 (RFC 4648 §4, with '=' padding). Private to the library.
#pragma once

#include <cstddef>
#include <cstdint>

namespace jsonjit::detail {

constexpr std::size_t base64_encoded_size(std::size_t bytes) noexcept {
  return (bytes + 2) / 3 * 4;
}

/// Encodes [in, in + size) and returns the end of the output (base64_encoded_size(size) bytes).
char* encode_base64(const unsigned char* in, std::size_t size, char* out) noexcept;

/// The decoded size of `size` Base64 characters if they can be valid (a multiple of 4), else -1.
constexpr std::ptrdiff_t base64_decoded_size(const char* in, std::size_t size) noexcept {
  if (size % 4 != 0) return -1;
  std::ptrdiff_t n = static_cast<std::ptrdiff_t>(size / 4 * 3);
  if (size > 0 && in[size - 1] == '=') --n;
  if (size > 1 && in[size - 2] == '=') --n;
  return n;
}
/// Decodes strict standard Base64 (padding required, no whitespace, unused bits zero) into
/// `out` (base64_decoded_size bytes). False on any invalid character or padding.
bool decode_base64(const char* in, std::size_t size, unsigned char* out) noexcept;

}  // namespace jsonjit::detail
