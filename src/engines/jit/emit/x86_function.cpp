#include "engines/jit/emit/x86_function_p.hpp"

#include <cstring>

namespace jsonjit::detail::jit {

x86_function::x86_function(bool listing) {
  code.init(asmjit::Environment::host());
  if (listing) {
    logger.addFlags(asmjit::FormatFlags::kMachineCode | asmjit::FormatFlags::kHexOffsets | asmjit::FormatFlags::kHexImms);
    code.setLogger(&logger);
  }
  code.attach(&a);
}

void x86_function::comment(std::string_view text) {
  if (code.logger() != nullptr) a.comment(text.data(), text.size());
}

std::string x86_function::listing() const { return std::string(logger.data(), logger.dataSize()); }

void x86_function::prologue() {
  // Five pushes and 32 bytes (four slots) keep the stack 16-byte aligned for calls. Each step is described
  // for unwinders (DWARF call frame instructions: after it, where the frame's base — the
  // caller's stack pointer — is relative to rsp, and where the register was saved).
  constexpr std::uint8_t advance_loc = 0x40, offset = 0x80, def_cfa_offset = 0x0e;
  std::size_t described = a.offset();
  auto step = [&](std::uint8_t cfa_offset, int dwarf_register) {
    unwind.push_back(static_cast<std::uint8_t>(advance_loc | (a.offset() - described)));
    described = a.offset();
    unwind.push_back(def_cfa_offset);
    unwind.push_back(cfa_offset);  // < 128: one ULEB128 byte
    if (dwarf_register >= 0) {
      unwind.push_back(static_cast<std::uint8_t>(offset | dwarf_register));
      unwind.push_back(static_cast<std::uint8_t>(cfa_offset / 8));  // saved at CFA - cfa_offset
    }
  };
  a.push(x86::rbx);
  step(16, 3);
  a.push(x86::r12);
  step(24, 12);
  a.push(x86::r13);
  step(32, 13);
  a.push(x86::r14);
  step(40, 14);
  a.push(x86::r15);
  step(48, 15);
  a.sub(x86::rsp, 32);
  step(80, -1);
}

void x86_function::epilogue() {
  a.add(x86::rsp, 32);
  a.pop(x86::r15);
  a.pop(x86::r14);
  a.pop(x86::r13);
  a.pop(x86::r12);
  a.pop(x86::rbx);
  a.ret();
}

void x86_function::open_level(std::int32_t depth, std::int32_t max_depth, asmjit::Label fail) {
  a.mov(x86::eax, x86::dword_ptr(context, depth));
  a.inc(x86::eax);
  a.cmp(x86::eax, x86::dword_ptr(context, max_depth));
  a.jg(fail);
  a.mov(x86::dword_ptr(context, depth), x86::eax);
}

void x86_function::close_level(std::int32_t depth) { a.dec(x86::dword_ptr(context, depth)); }

x86::Mem x86_function::vector(std::uint8_t byte) {
  if (!constants.isValid()) constants = a.newLabel();
  std::size_t index = 0;
  while (index < constant_bytes.size() && constant_bytes[index] != byte) ++index;
  if (index == constant_bytes.size()) constant_bytes.push_back(byte);
  return x86::ptr(constants, static_cast<std::int32_t>(16 * index));
}

void x86_function::place_constants() {
  if (!constants.isValid()) return;
  a.align(asmjit::AlignMode::kData, 16);  // as SSE memory operands need
  a.bind(constants);
  for (const std::uint8_t byte : constant_bytes) {
    std::uint8_t v[16];
    std::memset(v, byte, sizeof v);
    a.embed(v, sizeof v);
  }
}

void x86_function::call(std::uint64_t function) {
  a.mov(x86::rax, asmjit::Imm(function));
  a.call(x86::rax);
}

void x86_function::call_routine(std::uint64_t routine) {
  a.mov(x86::r11, asmjit::Imm(routine));
  a.call(x86::r11);
}

placed_code x86_function::place(code_memory& memory, std::string_view name) {
  place_constants();
  if (code.flatten() != asmjit::kErrorOk || code.resolveUnresolvedLinks() != asmjit::kErrorOk) return {};
  struct fill_state {
    asmjit::CodeHolder* code;
    std::size_t size;
    bool ok;
  } fill{&code, code.codeSize(), true};
  placed_code placed = memory.place(
      fill.size,
      [](void* filling, void* writable, std::uintptr_t executable) {
        auto& f = *static_cast<fill_state*>(filling);
        f.ok = f.code->relocateToBase(executable) == asmjit::kErrorOk;
        f.code->copyFlattenedData(writable, f.size, asmjit::CopySectionFlags::kPadSectionBuffer);
      },
      &fill, name, unwind);
  if (placed.entry != nullptr && !fill.ok) {
    memory.release(placed);
    return {};
  }
  return placed;
}

}  // namespace jsonjit::detail::jit
