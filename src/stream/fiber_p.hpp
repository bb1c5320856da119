// A fiber: a function running on a stack of its own that can stop in the middle (suspend) and
// continue later exactly there (resume), from any thread. This is how a serialization stops
// when the caller's buffer is full and how a deserialization waits for the next piece: the
// writer, the reader, both engines and every converter run unchanged on the fiber's stack, and
// the one place that waits (an output's make_room, an input's refill) suspends it. Resuming
// costs one stack switch, whatever the nesting. Private to the library.
#pragma once

#include <cstddef>
#include <exception>
#include <utility>

namespace jsonjit::detail {

class fiber {
 public:
  using entry_fn = void (*)(void* argument);

  /// A fiber that will run `entry(argument)` on its first resume(). The stack comes from a
  /// process-wide pool (reserved address space with a guard page; only the pages used are
  /// memory). `entry` must not throw, and must return only once it is done for good.
  fiber(entry_fn entry, void* argument);
  /// The fiber must have finished (or never started): a suspended fiber still has frames on
  /// its stack, which only its own code can unwind.
  ~fiber();
  fiber(const fiber&) = delete;
  fiber& operator=(const fiber&) = delete;

  /// Runs the fiber until it suspends or its entry returns. Not from inside the fiber.
  void resume();
  /// From inside the fiber: back to the resume() that ran it.
  void suspend();
  bool started() const noexcept { return started_; }
  bool finished() const noexcept { return finished_; }

 private:
  static void start(fiber* self) noexcept;

  entry_fn entry_;
  void* argument_;
  void* stack_ = nullptr;        // the pooled stack's lowest address (its guard page)
  void* fiber_sp_ = nullptr;     // the fiber's saved context while it is not running
  void* caller_sp_ = nullptr;    // the resumer's saved context while the fiber runs
  bool started_ = false;
  bool finished_ = false;
  // Sanitizer bookkeeping (unused in other builds).
  void* fake_stack_ = nullptr;
  const void* caller_stack_bottom_ = nullptr;
  std::size_t caller_stack_size_ = 0;
  void* tsan_fiber_ = nullptr;
  void* tsan_caller_ = nullptr;
};

/// Runs `body` on a fiber, keeping an exception it throws in `carried` (nothing may unwind
/// past a fiber's first frame); rethrow_carried raises it where the fiber was resumed.
template <class Body>
void run_carrying(Body&& body, std::exception_ptr& carried) noexcept {
#if defined(__cpp_exceptions)
  try {
    body();
  } catch (...) {
    carried = std::current_exception();
  }
#else
  (void)carried;
  body();
#endif
}
inline void rethrow_carried(std::exception_ptr& carried) {
  if (carried) std::rethrow_exception(std::exchange(carried, nullptr));
}


}  // namespace jsonjit::detail
