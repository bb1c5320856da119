// Fibers on processors without a switch of their own (fiber_switch_p.hpp), through POSIX
// ucontext: the handle is a ucontext_t on the stack of the switch that saved it, which stays
// there while that context is suspended. swapcontext also saves and restores the signal mask,
// a system call per switch: correct everywhere, but far slower than the assembly switches.
#include <ucontext.h>

#include <cstdint>
#include <cstdlib>

#include "stream/fiber_switch_p.hpp"

extern "C" void jsonjit_fiber_switch(void** save, void* to) noexcept {
  ucontext_t here;
  *save = &here;
  if (swapcontext(&here, static_cast<ucontext_t*>(to)) != 0) std::abort();
}

namespace jsonjit::detail {
namespace {

// makecontext passes int arguments only: the pointers travel in 32-bit halves.
void enter(unsigned start_high, unsigned start_low, unsigned argument_high, unsigned argument_low) {
  const auto join = [](unsigned high, unsigned low) {
    return static_cast<std::uintptr_t>(std::uint64_t{high} << 32 | low);
  };
  auto* const start = reinterpret_cast<void (*)(void*)>(join(start_high, start_low));
  start(reinterpret_cast<void*>(join(argument_high, argument_low)));
  std::abort();  // (start never returns)
}

}  // namespace

void* first_fiber_frame(void* base, std::size_t size, void (*start)(void*), void* argument) noexcept {
  // The context itself lies at the top of the stack; the fiber runs below it.
  const auto top = reinterpret_cast<std::uintptr_t>(base) + size;
  auto* context = reinterpret_cast<ucontext_t*>((top - sizeof(ucontext_t)) & ~std::uintptr_t{15});
  if (getcontext(context) != 0) std::abort();
  context->uc_stack.ss_sp = base;
  context->uc_stack.ss_size = reinterpret_cast<std::uintptr_t>(context) - reinterpret_cast<std::uintptr_t>(base);
  context->uc_link = nullptr;
  const std::uint64_t s = reinterpret_cast<std::uintptr_t>(start), a = reinterpret_cast<std::uintptr_t>(argument);
  makecontext(context, reinterpret_cast<void (*)()>(&enter), 4, static_cast<unsigned>(s >> 32),
              static_cast<unsigned>(s), static_cast<unsigned>(a >> 32), static_cast<unsigned>(a));
  return context;
}

}  // namespace jsonjit::detail
