// The standard library layouts generated code relies on, checked on real objects at start-up
// (once) rather than assumed.
#include <cstring>
#include <string>

#include "engines/jit/jit_p.hpp"

namespace jsonjit::detail::jit {

bool string_layout_known() noexcept {
  static const bool known = [] {
    if (sizeof(std::string) != 32) return false;
    std::string in_place = "short";
    std::string on_heap(100, 'x');
    for (const std::string* s : {&in_place, &on_heap}) {
      const char* data = nullptr;
      std::size_t size = 0;
      std::memcpy(&data, reinterpret_cast<const char*>(s), sizeof data);
      std::memcpy(&size, reinterpret_cast<const char*>(s) + 8, sizeof size);
      if (data != s->data() || size != s->size() || s->capacity() < 15) return false;
    }
    // A string's storage has room for 15 characters and the terminator even when it holds
    // fewer (in place or on the heap), so 16 bytes can be read at its data; in place, that
    // storage is the 16 bytes at offset 16.
    return std::string().capacity() == 15 && in_place.data() == reinterpret_cast<const char*>(&in_place) + 16;
  }();
  return known;
}

}  // namespace jsonjit::detail::jit
