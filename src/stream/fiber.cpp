// Fibers on x86-64 (System V): the switch saves what the ABI says a callee keeps (rbx, rbp,
// r12-r15, the SSE and x87 control words) on the stack it leaves and restores them from the
// stack it enters. Stacks are reserved address space from a pool, with a guard page below.
#include "stream/fiber_p.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <vector>
#include <xmmintrin.h>

#include "common/stack_p.hpp"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define JSONJIT_ASAN 1
#endif
#if __has_feature(thread_sanitizer)
#define JSONJIT_TSAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define JSONJIT_ASAN 1
#endif
#if defined(__SANITIZE_THREAD__)
#define JSONJIT_TSAN 1
#endif

#if defined(JSONJIT_ASAN)
#include <sanitizer/asan_interface.h>
#endif
#if defined(JSONJIT_TSAN)
#include <sanitizer/tsan_interface.h>
#endif

#if !defined(__x86_64__)
#error "jsonjit's fibers are written for x86-64"
#endif

extern "C" {
/// Saves the running context's registers on its stack and its stack pointer at *save, then
/// continues the context whose stack pointer is `to`.
void jsonjit_fiber_switch(void** save, void* to) noexcept;
/// Where a new fiber's first switch returns to: calls r13(r12) (fiber::start(self)).
void jsonjit_fiber_trampoline() noexcept;
}

asm(R"(
  .text
  .globl jsonjit_fiber_switch
  .type jsonjit_fiber_switch, @function
  .p2align 4
jsonjit_fiber_switch:
  .cfi_startproc
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  subq $8, %rsp
  stmxcsr (%rsp)
  fnstcw 4(%rsp)
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  ldmxcsr (%rsp)
  fldcw 4(%rsp)
  addq $8, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .cfi_endproc
  .size jsonjit_fiber_switch, .-jsonjit_fiber_switch

  .globl jsonjit_fiber_trampoline
  .type jsonjit_fiber_trampoline, @function
  .p2align 4
jsonjit_fiber_trampoline:
  .cfi_startproc
  .cfi_undefined rip
  movq %r12, %rdi
  callq *%r13
  ud2
  .cfi_endproc
  .size jsonjit_fiber_trampoline, .-jsonjit_fiber_trampoline
)");

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
  const auto top = reinterpret_cast<std::uintptr_t>(stack_) + fiber_stack_size;
  // The frame jsonjit_fiber_switch pops: control words, r15, r14, r13, r12, rbx, rbp, return
  // address. After its `ret` the stack pointer is 16-byte aligned, as the trampoline's call needs.
  auto* frame = reinterpret_cast<std::uint64_t*>(top - 16 - 64);
  const std::uint32_t mxcsr = _mm_getcsr();
  const std::uint16_t fpu_control = 0x037F;  // the x87 default the ABI starts processes with
  std::memset(frame, 0, 64);
  std::memcpy(frame, &mxcsr, 4);
  std::memcpy(reinterpret_cast<char*>(frame) + 4, &fpu_control, 2);
  frame[3] = reinterpret_cast<std::uint64_t>(&fiber::start);  // r13
  frame[4] = reinterpret_cast<std::uint64_t>(this);           // r12
  frame[7] = reinterpret_cast<std::uint64_t>(&jsonjit_fiber_trampoline);
  fiber_sp_ = frame;
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
