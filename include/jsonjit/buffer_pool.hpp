// Buffers shared by every thread, so that steady-state streaming allocates nothing: the pool
// behind every output, input, serializer, deserializer and async operation (stream.hpp).
#pragma once

#include <cstddef>
#include <new>
#include <span>
#include <utility>

#include <jsonjit/detail/export.hpp>
#include <jsonjit/error.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

namespace detail {
struct buffer_pool_access;
}  // namespace detail

/// The buffer size outputs, inputs and the async operations use unless told otherwise.
inline constexpr std::size_t default_buffer_size = 16 * 1024;

/// Buffers shared by every thread: acquire() takes one of at least the size asked (sizes are
/// powers of two from 256 bytes), release() gives it back for the next acquire(). Kept buffers
/// are never freed while the pool lives; the shared pool lives as long as the process.
class buffer_pool {
 public:
  buffer_pool();
  ~buffer_pool();
  buffer_pool(const buffer_pool&) = delete;
  buffer_pool& operator=(const buffer_pool&) = delete;

  /// The pool every output, input, serializer and deserializer uses.
  static buffer_pool& shared() noexcept;

  /// A buffer of at least `size` bytes, or an empty span when memory ran out.
  std::span<char> acquire(std::size_t size) noexcept;
  /// Gives back a buffer acquire() gave (its span, or its data with the size that was asked).
  void release(std::span<char> buffer) noexcept;

  struct usage {
    std::size_t in_use;      ///< bytes handed out and not given back
    std::size_t high_water;  ///< the most bytes in use at once (since reset_high_water)
    std::size_t allocated;   ///< bytes taken from the heap, ever
  };
  usage stats() const noexcept;
  void reset_high_water() noexcept;

 private:
  friend struct detail::buffer_pool_access;
  void release(std::span<char> buffer, bool counted) noexcept;
  struct state;
  state* state_;
};

/// A buffer from a pool, given back when destroyed. Movable.
class pooled_buffer {
 public:
  pooled_buffer() = default;
  explicit pooled_buffer(std::size_t size, buffer_pool& pool = buffer_pool::shared()) noexcept;
  // Inline: an operation's handler (and the buffer in it) moves several times per operation.
  pooled_buffer(pooled_buffer&& other) noexcept : bytes_(std::exchange(other.bytes_, {})), pool_(other.pool_) {}
  pooled_buffer& operator=(pooled_buffer&& other) noexcept {
    if (this != &other) {
      if (!bytes_.empty()) pool_->release(bytes_);
      bytes_ = std::exchange(other.bytes_, {});
      pool_ = other.pool_;
    }
    return *this;
  }
  ~pooled_buffer() {
    if (!bytes_.empty()) pool_->release(bytes_);
  }

  char* data() const noexcept { return bytes_.data(); }
  std::size_t size() const noexcept { return bytes_.size(); }
  bool empty() const noexcept { return bytes_.empty(); }
  /// A buffer of at least `size` bytes instead, its first `kept` bytes copied over. False
  /// (this buffer unchanged) when memory ran out.
  bool grow(std::size_t size, std::size_t kept) noexcept;

 private:
  std::span<char> bytes_;
  buffer_pool* pool_ = nullptr;
};

namespace detail {
/// Owns a T that lives in a pooled buffer (a movable handle to an object that cannot move).
template <class T>
class pooled_unique {
 public:
  template <class... Args>
  explicit pooled_unique(Args&&... args) : memory_(sizeof(T)) {
    if (memory_.empty()) out_of_memory();
    object_ = new (memory_.data()) T(std::forward<Args>(args)...);
  }
  pooled_unique(pooled_unique&& other) noexcept
      : memory_(std::move(other.memory_)), object_(std::exchange(other.object_, nullptr)) {}
  pooled_unique& operator=(pooled_unique&&) = delete;
  ~pooled_unique() {
    if (object_ != nullptr) object_->~T();
  }
  T* operator->() const noexcept { return object_; }
  T& operator*() const noexcept { return *object_; }

 private:
  pooled_buffer memory_;
  T* object_ = nullptr;
};
}  // namespace detail

}  // namespace jsonjit
JSONJIT_EXPORT_END
