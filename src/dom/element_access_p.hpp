// An element's place on its document's tape, for the library's own code. Private.
#pragma once

#include <cstdint>

#include <jsonjit/document.hpp>

namespace jsonjit::detail {

struct element_access {
  /// The tape word the element's value starts at.
  static std::uint32_t word(const element& e) noexcept { return e.index_; }
};

}  // namespace jsonjit::detail
