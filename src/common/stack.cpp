#include "common/stack_p.hpp"

#include <pthread.h>

#include <algorithm>
#include <cstddef>

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

}  // namespace

void find_stack_floors() noexcept {
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
