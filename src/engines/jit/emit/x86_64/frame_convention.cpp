#include "engines/jit/emit/frame_convention_p.hpp"

#include <elf.h>

namespace jsonjit::detail::jit {

const frame_convention& host_frame_convention() noexcept {
  // On entry the call has pushed the return address: CFA = rsp + 8 (DW_CFA_def_cfa r7, 8),
  // the return address (register 16) at CFA - 8 (DW_CFA_offset r16, 1).
  static constexpr std::uint8_t entry[] = {0x0c, 7, 8, 0x80 | 16, 1};
  static constexpr frame_convention x86_64{EM_X86_64, 16, entry};
  return x86_64;
}

}  // namespace jsonjit::detail::jit
