// Objects whose memory comes from the buffer pool: the state a serializer or deserializer
// keeps, so that making one allocates nothing once the pool is warm. Private to the library.
#pragma once

#include <jsonjit/stream.hpp>

#include <new>
#include <utility>

namespace jsonjit::detail {

/// A T constructed in a pooled buffer, or null when memory ran out.
template <class T, class... Args>
T* pooled_new(Args&&... args) {
  static_assert(alignof(T) <= alignof(std::max_align_t));
  const std::span<char> memory = buffer_pool::shared().acquire(sizeof(T));
  if (memory.empty()) return nullptr;
  return new (memory.data()) T(std::forward<Args>(args)...);
}

template <class T>
void pooled_delete(T* object) noexcept {
  if (object == nullptr) return;
  object->~T();
  buffer_pool::shared().release({reinterpret_cast<char*>(object), sizeof(T)});
}

}  // namespace jsonjit::detail
