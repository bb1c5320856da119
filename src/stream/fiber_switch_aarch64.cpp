// Fibers on AArch64 (AAPCS64): the switch saves what the ABI says a callee keeps (x19-x28, the
// frame pointer x29, the link register x30, the low halves of v8-v15) and the floating-point
// control register (rounding and flush-to-zero modes, as the x86-64 switch keeps MXCSR) on the
// stack it leaves, and restores them from the stack it enters; the handle is the stack pointer.
// It leaves by a branch, not `ret`: it goes back to another call than the one that entered it,
// which `ret` would make the return predictor miss every time (so does the x86-64 switch).
#include <cstdint>
#include <cstring>

#include "stream/fiber_switch_p.hpp"

extern "C" {
/// Where a new fiber's first switch returns to: calls x20(x19).
void jsonjit_fiber_trampoline() noexcept;
}

// The frame (176 bytes, so sp stays 16-byte aligned): x19..x28 at 0..72, x29 and x30 at 80,
// d8..d15 at 96..152, FPCR at 160.
asm(R"(
  .text
  .globl jsonjit_fiber_switch
  .type jsonjit_fiber_switch, %function
  .p2align 4
jsonjit_fiber_switch:
  .cfi_startproc
  sub sp, sp, #176
  stp x19, x20, [sp, #0]
  stp x21, x22, [sp, #16]
  stp x23, x24, [sp, #32]
  stp x25, x26, [sp, #48]
  stp x27, x28, [sp, #64]
  stp x29, x30, [sp, #80]
  stp d8, d9, [sp, #96]
  stp d10, d11, [sp, #112]
  stp d12, d13, [sp, #128]
  stp d14, d15, [sp, #144]
  mrs x9, fpcr
  str x9, [sp, #160]
  mov x9, sp
  str x9, [x0]
  mov sp, x1
  ldr x9, [sp, #160]
  msr fpcr, x9
  ldp x19, x20, [sp, #0]
  ldp x21, x22, [sp, #16]
  ldp x23, x24, [sp, #32]
  ldp x25, x26, [sp, #48]
  ldp x27, x28, [sp, #64]
  ldp x29, x30, [sp, #80]
  ldp d8, d9, [sp, #96]
  ldp d10, d11, [sp, #112]
  ldp d12, d13, [sp, #128]
  ldp d14, d15, [sp, #144]
  add sp, sp, #176
  br x30
  .cfi_endproc
  .size jsonjit_fiber_switch, .-jsonjit_fiber_switch

  .globl jsonjit_fiber_trampoline
  .type jsonjit_fiber_trampoline, %function
  .p2align 4
jsonjit_fiber_trampoline:
  .cfi_startproc
  .cfi_undefined x30
  mov x0, x20
  blr x19
  brk #0
  .cfi_endproc
  .size jsonjit_fiber_trampoline, .-jsonjit_fiber_trampoline
)");

namespace jsonjit::detail {

void* first_fiber_frame(void* base, std::size_t size, void (*start)(void*), void* argument) noexcept {
  const auto top = reinterpret_cast<std::uintptr_t>(base) + size;
  auto* frame = reinterpret_cast<std::uint64_t*>(top - 176);
  std::memset(frame, 0, 176);
  std::uint64_t fpcr;
  asm volatile("mrs %0, fpcr" : "=r"(fpcr));
  frame[0] = reinterpret_cast<std::uint64_t>(start);     // x19
  frame[1] = reinterpret_cast<std::uint64_t>(argument);  // x20
  frame[11] = reinterpret_cast<std::uint64_t>(&jsonjit_fiber_trampoline);  // x30: where ret goes
  frame[20] = fpcr;
  return frame;
}

}  // namespace jsonjit::detail
