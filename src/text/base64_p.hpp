// Standard Base64 (RFC 4648 §4, with '=' padding). Private to the library.
#pragma once

#include <cstddef>

namespace jsonjit::detail {

constexpr std::size_t base64_encoded_size(std::size_t bytes) noexcept {
  return (bytes + 2) / 3 * 4;
}

/// Encodes [in, in + size) and returns the end of the output (base64_encoded_size(size) bytes).
char* encode_base64(const unsigned char* in, std::size_t size, char* out) noexcept;

}  // namespace jsonjit::detail
