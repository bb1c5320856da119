// How deep recursion may go on this thread: the engines that recurse per nesting level (the
// typed interpreter, the schema evaluator) and the code the JITs generate stop with
// error_code::stack_exhausted before the thread's stack runs out, whatever max_depth allows.
// Private to the library.
#pragma once

#include <cstddef>
#include <cstdint>

namespace jsonjit::detail {

struct stack_floors {
  /// The lowest address the interpreters' recursion may reach: the thread's real stack (as
  /// pthread_getattr_np reports it) less a reserve for what runs below the last check (a
  /// helper, the C library, a signal handler).
  std::uintptr_t interpreted;
  /// Generated code uses at most an eighth of the stack: its levels take a few words each,
  /// so a value it builds could otherwise nest deeper than the value's own recursive
  /// destructor (five frames a level in a debug build, larger under sanitizers), or the
  /// interpreter that replays the input after it, could go. (An interpreter's level takes
  /// more stack than a destructor's.)
  std::uintptr_t generated;
};

/// The floors of the stack running now: the thread's, or the fiber's it is switched to. Zero
/// until first asked for: constant-initialized, so that reading them is one thread-local load
/// (every serialize call reads them).
inline thread_local stack_floors running_stack{};
/// Sets running_stack to the thread's own floors.
void find_stack_floors() noexcept;

inline const stack_floors& stack_floor() noexcept {
  if (running_stack.interpreted == 0) [[unlikely]] find_stack_floors();
  return running_stack;
}

/// Makes the stack [low, low + size) the one running (a fiber's, switched to next); returns
/// the floors to give back to restore_stack once the switch comes back.
stack_floors use_stack(std::uintptr_t low, std::size_t size) noexcept;
void restore_stack(const stack_floors& floors) noexcept;

/// Whether the caller's frame is below the interpreters' floor: recursing further could
/// overflow.
inline bool stack_exhausted() noexcept {
  return reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0)) < stack_floor().interpreted;
}

}  // namespace jsonjit::detail
