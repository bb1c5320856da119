#include "common/stack_p.hpp"

#include <pthread.h>
#include <sys/auxv.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstring>

namespace jsonjit::detail {
namespace {

/// Room kept below the interpreters' floor: what runs between two checks (one nesting
/// level's frames, a helper, the allocator, PCRE2) with sanitizers' larger frames, and signal
/// handlers.
constexpr std::size_t reserve = std::size_t{256} << 10;

stack_floors floors_of(std::uintptr_t bottom, std::size_t size) noexcept {
  // A small stack keeps half of itself free rather than the whole reserve.
  return {bottom + std::min(reserve, size / 2), bottom + size - size / 8};
}

/// The main thread's stack, without what pthread_getattr_np does for it: read the whole of
/// /proc/self/maps (120 µs, most of the first JIT use in a process). Its top: exec copies
/// the program's file name (AT_EXECFN) to the very top of the stack first. Its size:
/// RLIMIT_STACK, 8 MiB where unlimited (the stack may grow further, but that is not known
/// without the maps). False where this is not the main thread or the layout is not that.
bool main_thread_stack(std::uintptr_t& low, std::size_t& size) noexcept {
  if (getpid() != gettid()) return false;
  const auto file_name = reinterpret_cast<const char*>(getauxval(AT_EXECFN));
  rlimit limit{};
  if (file_name == nullptr || getrlimit(RLIMIT_STACK, &limit) != 0) return false;
  const std::uintptr_t page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  const std::uintptr_t top = (reinterpret_cast<std::uintptr_t>(file_name) + std::strlen(file_name) + page) & ~(page - 1);
  const auto here = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
  size = limit.rlim_cur == RLIM_INFINITY ? std::size_t{8} << 20 : static_cast<std::size_t>(limit.rlim_cur);
  if (here >= top || top - here >= size) return false;  // not on that stack
  low = top - size;
  return true;
}

}  // namespace

void find_stack_floors() noexcept {
  std::uintptr_t main_low = 0;
  std::size_t main_size = 0;
  if (main_thread_stack(main_low, main_size)) {
    running_stack = floors_of(main_low, main_size);
    return;
  }
  pthread_attr_t attr;
  void* low = nullptr;
  std::size_t size = 0;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    const bool got = pthread_attr_getstack(&attr, &low, &size) == 0;
    pthread_attr_destroy(&attr);
    if (got && size != 0) {
      running_stack = floors_of(reinterpret_cast<std::uintptr_t>(low), size);
      return;
    }
  }
  // Unknown: allow below the first caller what the smallest stack a thread commonly gets
  // (musl's 128 KiB) leaves.
  const auto here = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
  constexpr std::uintptr_t assumed = std::uintptr_t{64} << 10;
  running_stack = floors_of(here > assumed ? here - assumed : 1, assumed);
}

stack_floors use_stack(std::uintptr_t low, std::size_t size) noexcept {
  const stack_floors before = running_stack;  // (zero if never asked for: found again later)
  running_stack = floors_of(low, size);
  return before;
}

void restore_stack(const stack_floors& floors) noexcept { running_stack = floors; }

}  // namespace jsonjit::detail
