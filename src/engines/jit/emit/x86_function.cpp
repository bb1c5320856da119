#include "engines/jit/emit/x86_function_p.hpp"

namespace jsonjit::detail::jit {

x86_function::x86_function() {
  code.init(asmjit::Environment::host());
  code.attach(&a);
}

void x86_function::prologue() {
  // Five pushes and 16 bytes keep the stack 16-byte aligned for calls.
  a.push(x86::rbx);
  a.push(x86::r12);
  a.push(x86::r13);
  a.push(x86::r14);
  a.push(x86::r15);
  a.sub(x86::rsp, 16);
}

void x86_function::epilogue() {
  a.add(x86::rsp, 16);
  a.pop(x86::r15);
  a.pop(x86::r14);
  a.pop(x86::r13);
  a.pop(x86::r12);
  a.pop(x86::rbx);
  a.ret();
}

void x86_function::call(std::uint64_t function) {
  a.mov(x86::rax, asmjit::Imm(function));
  a.call(x86::rax);
}

placed_code x86_function::place(code_memory& memory) {
  if (code.flatten() != asmjit::kErrorOk || code.resolveUnresolvedLinks() != asmjit::kErrorOk) return {};
  struct fill_state {
    asmjit::CodeHolder* code;
    std::size_t size;
    bool ok;
  } fill{&code, code.codeSize(), true};
  placed_code placed = memory.place(
      fill.size,
      [](void* context, void* writable, std::uintptr_t executable) {
        auto& f = *static_cast<fill_state*>(context);
        f.ok = f.code->relocateToBase(executable) == asmjit::kErrorOk;
        f.code->copyFlattenedData(writable, f.size, asmjit::CopySectionFlags::kPadSectionBuffer);
      },
      &fill);
  if (placed.entry != nullptr && !fill.ok) {
    memory.release(placed);
    return {};
  }
  return placed;
}

}  // namespace jsonjit::detail::jit
