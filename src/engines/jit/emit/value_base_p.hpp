// What both emitters' value operations take their offsets from. Part of the emitter module's
// interface to the compilers (no assembler types).
#pragma once

#include <cstdint>

namespace jsonjit::detail::jit {

/// Where a value's offset is taken from: the object being written or read, or the current
/// element of a sequence (or the value of an optional or map entry) that the emitter opened.
enum class value_base : std::uint8_t { object, element };

}  // namespace jsonjit::detail::jit
