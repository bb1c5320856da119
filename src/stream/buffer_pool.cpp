// The buffer pool: one free list per power-of-two size, under one lock, the lists intrusive (a
// free buffer's first bytes point to the next one); in front of the shared pool's lists, a
// few buffers per size kept by each thread, taken and given back without the lock.
#include <jsonjit/stream.hpp>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstring>
#include <mutex>
#include <new>

namespace jsonjit {

namespace {
constexpr int smallest_class = 8;  // 256 bytes
constexpr int class_count = 24;    // up to 2 GiB; larger buffers are not kept

/// The size class of a buffer of `size` bytes (or class_count when too large to keep).
int class_of(std::size_t size) noexcept {
  const auto bits = static_cast<int>(std::bit_width(std::max<std::size_t>(size, 1) - 1));
  return std::max(bits, smallest_class) - smallest_class;
}
std::size_t size_of(int size_class) noexcept { return std::size_t{1} << (size_class + smallest_class); }
}  // namespace

struct buffer_pool::state {
  std::mutex mutex;
  char* free[class_count] = {};  // each free buffer starts with the pointer to the next
  std::atomic<std::size_t> in_use{0}, high_water{0}, allocated{0};

  void count_out(std::size_t size) noexcept {
    const std::size_t now = in_use.fetch_add(size, std::memory_order_relaxed) + size;
    std::size_t high = high_water.load(std::memory_order_relaxed);
    while (now > high && !high_water.compare_exchange_weak(high, now, std::memory_order_relaxed)) {
    }
  }
};

buffer_pool::buffer_pool() : state_(new state) {}

buffer_pool::~buffer_pool() {
  for (char* buffer : state_->free) {
    while (buffer != nullptr) {
      char* next;
      std::memcpy(&next, buffer, sizeof next);
      ::operator delete(buffer);
      buffer = next;
    }
  }
  delete state_;
}

namespace {
buffer_pool* shared_pool() noexcept;
}

namespace detail {
struct buffer_pool_access {
  /// A buffer a thread kept (already counted as given back) into the shared pool's lists.
  static void give_back(std::span<char> buffer) noexcept;
};
}  // namespace detail

namespace {
buffer_pool* shared_pool() noexcept {
  static buffer_pool* pool = new buffer_pool;  // never destroyed: buffers may be released during exit
  return pool;
}

/// Each thread keeps a few buffers of each size of the shared pool at hand, so that taking and
/// giving back the buffer of an operation costs no lock; they go back to the pool when the
/// thread ends.
class thread_cache {
 public:
  static constexpr int kept = 2;
  char* take(int size_class) noexcept {
    int& n = counts_[size_class];
    return n > 0 ? slots_[size_class][--n] : nullptr;
  }
  bool keep(int size_class, char* buffer) noexcept {
    int& n = counts_[size_class];
    if (n == kept) return false;
    slots_[size_class][n++] = buffer;
    return true;
  }
  ~thread_cache() {
    for (int c = 0; c < class_count; ++c) {
      for (int i = 0; i < counts_[c]; ++i) detail::buffer_pool_access::give_back({slots_[c][i], size_of(c)});
    }
  }

 private:
  char* slots_[class_count][kept] = {};
  int counts_[class_count] = {};
};
thread_local thread_cache cache;
}  // namespace

void detail::buffer_pool_access::give_back(std::span<char> buffer) noexcept {
  shared_pool()->release(buffer, false);
}

buffer_pool& buffer_pool::shared() noexcept {
  return *shared_pool();
}

std::span<char> buffer_pool::acquire(std::size_t size) noexcept {
  const int size_class = class_of(size);
  const std::size_t rounded = size_class < class_count ? size_of(size_class) : size;
  char* buffer = nullptr;
  if (size_class < class_count && this == shared_pool()) buffer = cache.take(size_class);
  if (buffer == nullptr && size_class < class_count) {
    std::lock_guard<std::mutex> lock(state_->mutex);
    buffer = state_->free[size_class];
    if (buffer != nullptr) std::memcpy(&state_->free[size_class], buffer, sizeof buffer);
  }
  if (buffer == nullptr) {
    buffer = static_cast<char*>(::operator new(rounded, std::nothrow));
    if (buffer == nullptr) return {};
    state_->allocated.fetch_add(rounded, std::memory_order_relaxed);
  }
  state_->count_out(rounded);
  return {buffer, rounded};
}

void buffer_pool::release(std::span<char> buffer) noexcept {
  release(buffer, true);
}

void buffer_pool::release(std::span<char> buffer, bool counted) noexcept {
  if (buffer.empty()) return;
  const int size_class = class_of(buffer.size());
  if (counted) {
    state_->in_use.fetch_sub(size_class < class_count ? size_of(size_class) : buffer.size(), std::memory_order_relaxed);
    if (size_class < class_count && this == shared_pool() && cache.keep(size_class, buffer.data())) return;
  }
  if (size_class < class_count) {
    std::lock_guard<std::mutex> lock(state_->mutex);
    std::memcpy(buffer.data(), &state_->free[size_class], sizeof(char*));
    state_->free[size_class] = buffer.data();
    return;
  }
  ::operator delete(buffer.data());
}

buffer_pool::usage buffer_pool::stats() const noexcept {
  return {state_->in_use.load(std::memory_order_relaxed), state_->high_water.load(std::memory_order_relaxed),
          state_->allocated.load(std::memory_order_relaxed)};
}

void buffer_pool::reset_high_water() noexcept {
  state_->high_water.store(state_->in_use.load(std::memory_order_relaxed), std::memory_order_relaxed);
}

pooled_buffer::pooled_buffer(std::size_t size, buffer_pool& pool) noexcept
    : bytes_(pool.acquire(size)), pool_(&pool) {}

bool pooled_buffer::grow(std::size_t size, std::size_t kept) noexcept {
  buffer_pool& pool = pool_ != nullptr ? *pool_ : buffer_pool::shared();
  const std::span<char> bigger = pool.acquire(size);
  if (bigger.empty()) return false;
  if (kept != 0) std::memcpy(bigger.data(), bytes_.data(), kept);
  if (!bytes_.empty()) pool_->release(bytes_);
  bytes_ = bigger;
  pool_ = &pool;
  return true;
}

}  // namespace jsonjit
