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

stack_floors find_floors() noexcept {
  pthread_attr_t attr;
  void* low = nullptr;
  std::size_t size = 0;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    const bool got = pthread_attr_getstack(&attr, &low, &size) == 0;
    pthread_attr_destroy(&attr);
    if (got && size != 0) {
      const auto bottom = reinterpret_cast<std::uintptr_t>(low);
      // A small stack keeps half of itself free rather than the whole reserve.
      return {bottom + std::min(reserve, size / 2), bottom + size - size / 8};
    }
  }
  // Unknown: allow below the first caller what the smallest stack a thread commonly gets
  // (musl's 128 KiB) leaves.
  const auto here = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
  constexpr std::uintptr_t assumed = std::uintptr_t{64} << 10;
  const std::uintptr_t floor = here > assumed ? here - assumed : 0;
  return {floor, here - assumed / 8};
}

}  // namespace

const stack_floors& stack_floor() noexcept {
  thread_local const stack_floors floors = find_floors();
  return floors;
}

}  // namespace jsonjit::detail
