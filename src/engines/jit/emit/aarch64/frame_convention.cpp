#include "engines/jit/emit/frame_convention_p.hpp"

#include <elf.h>

namespace jsonjit::detail::jit {

const frame_convention& host_frame_convention() noexcept {
  // On entry the return address is in the link register x30 and nothing is pushed: CFA = sp
  // (DW_CFA_def_cfa r31, 0).
  static constexpr std::uint8_t entry[] = {0x0c, 31, 0};
  static constexpr frame_convention aarch64{EM_AARCH64, 30, entry};
  return aarch64;
}

}  // namespace jsonjit::detail::jit
