#include "text/utf8_p.hpp"

#include "text/simd_p.hpp"

namespace jsonjit::detail {

bool is_valid_utf8(const char* p, const char* end) noexcept {
  const auto* at = reinterpret_cast<const unsigned char*>(p);
  const auto* stop = reinterpret_cast<const unsigned char*>(end);
  while (at < stop) {
    at = reinterpret_cast<const unsigned char*>(skip_ascii(reinterpret_cast<const char*>(at), end));
    if (at == stop) break;
    const int length = valid_utf8_length(at, stop);
    if (length <= 0) return false;
    at += length;
  }
  return true;
}

}  // namespace jsonjit::detail
