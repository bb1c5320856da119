#include "engines/jit/emit/place_assembled_p.hpp"

namespace jsonjit::detail::jit {

placed_code place_assembled(asmjit::CodeHolder& code, code_memory& memory, std::string_view name,
                            std::span<const std::uint8_t> unwind) {
  struct fill_state {
    asmjit::CodeHolder* code;
    std::size_t size;
    bool ok;
  } fill{&code, code.codeSize(), true};
  // Relocation needs the address the code runs at, which only placement knows.
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
