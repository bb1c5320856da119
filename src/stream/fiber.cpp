// Fibers: stacks are reserved address space from a pool, with a guard page below; the switch
// between them is the processor's (fiber_switch_p.hpp). The sanitizers are told of every switch.
#include "stream/fiber_p.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <vector>

#include "common/sanitizers_p.hpp"
#include "common/stack_p.hpp"
#include "stream/fiber_switch_p.hpp"

namespace jsonjit::detail {
namespace {

/// Address space reserved for each fiber stack, as much as a thread's (only touched pages
/// become memory); ASan's frames are several times larger.
#if defined(JSONJIT_ASAN)
constexpr std::size_t fiber_stack_size = std::size_t{64} << 20;
#else
constexpr std::size_t fiber_stack_size = std::size_t{8} << 20;
#endif

std::size_t page_size() noexcept {
  static const auto size = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return size;
}

/// Stacks kept for reuse: a finished fiber's stack goes back here (its touched pages stay
/// mapped, so the next fiber does not fault them in again).
class stack_pool {
 public:
  void* acquire() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!free_.empty()) {
        void* stack = free_.back();
        free_.pop_back();
        return stack;
      }
    }
    void* stack = mmap(nullptr, fiber_stack_size, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (stack == MAP_FAILED) return nullptr;
    // An overflow faults on the guard page instead of writing over whatever lies below.
    mprotect(stack, page_size(), PROT_NONE);
    return stack;
  }
  void release(void* stack) noexcept {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (free_.size() < kept) {
        free_.push_back(stack);
        return;
      }
    }
    munmap(stack, fiber_stack_size);
  }

 private:
  static constexpr std::size_t kept = 64;
  std::mutex mutex_;
  std::vector<void*> free_;
};

stack_pool& stacks() {
  static stack_pool* pool = new stack_pool;  // never destroyed: fibers may end during exit
  return *pool;
}

}  // namespace

fiber::fiber(entry_fn entry, void* argument) : entry_(entry), argument_(argument) {
  stack_ = stacks().acquire();
  if (stack_ == nullptr) std::abort();  // no address space left: as a thread that cannot start
  const std::size_t guard = page_size();
  fiber_sp_ = first_fiber_frame(static_cast<char*>(stack_) + guard, fiber_stack_size - guard,
                                [](void* self) { start(static_cast<fiber*>(self)); }, this);
#if defined(JSONJIT_TSAN)
  tsan_fiber_ = __tsan_create_fiber(0);
#endif
}

fiber::~fiber() {
#if defined(JSONJIT_TSAN)
  __tsan_destroy_fiber(tsan_fiber_);
#endif
#if defined(JSONJIT_ASAN)
  // The first frames of a fiber never return (fiber::start switches away for good), so their
  // redzones stay poisoned: the next fiber on this stack starts clean. Every deeper frame has
  // returned, whether the fiber finished or was stopped.
  constexpr std::size_t first_frames = 64 << 10;
  __asan_unpoison_memory_region(static_cast<char*>(stack_) + fiber_stack_size - first_frames, first_frames);
#endif
  stacks().release(stack_);
}

void fiber::start(fiber* self) noexcept {
#if defined(JSONJIT_ASAN)
  __sanitizer_finish_switch_fiber(nullptr, &self->caller_stack_bottom_, &self->caller_stack_size_);
#endif
  self->entry_(self->argument_);
  self->finished_ = true;
#if defined(JSONJIT_ASAN)
  __sanitizer_start_switch_fiber(nullptr, self->caller_stack_bottom_, self->caller_stack_size_);
#endif
#if defined(JSONJIT_TSAN)
  __tsan_switch_to_fiber(self->tsan_caller_, 0);
#endif
  void* unused;
  jsonjit_fiber_switch(&unused, self->caller_sp_);
  __builtin_unreachable();
}

void fiber::resume() {
  started_ = true;
#if defined(JSONJIT_ASAN)
  void* fake_stack = nullptr;
  const std::size_t guard = page_size();
  __sanitizer_start_switch_fiber(&fake_stack, static_cast<char*>(stack_) + guard, fiber_stack_size - guard);
#endif
#if defined(JSONJIT_TSAN)
  tsan_caller_ = __tsan_get_current_fiber();
  __tsan_switch_to_fiber(tsan_fiber_, 0);
#endif
  // The engines' recursion checks measure the fiber's stack while it runs.
  const stack_floors resumer = use_stack(reinterpret_cast<std::uintptr_t>(stack_) + page_size(),
                                         fiber_stack_size - page_size());
  jsonjit_fiber_switch(&caller_sp_, fiber_sp_);
  restore_stack(resumer);
#if defined(JSONJIT_ASAN)
  __sanitizer_finish_switch_fiber(fake_stack, nullptr, nullptr);
#endif
}

void fiber::suspend() {
#if defined(JSONJIT_ASAN)
  __sanitizer_start_switch_fiber(&fake_stack_, caller_stack_bottom_, caller_stack_size_);
#endif
#if defined(JSONJIT_TSAN)
  __tsan_switch_to_fiber(tsan_caller_, 0);
#endif
  jsonjit_fiber_switch(&fiber_sp_, caller_sp_);
#if defined(JSONJIT_ASAN)
  __sanitizer_finish_switch_fiber(fake_stack_, &caller_stack_bottom_, &caller_stack_size_);
#endif
}

}  // namespace jsonjit::detail
