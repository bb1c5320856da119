// What both emitters' value operations take their offsets from. Part of the emitter module's
// interface to the compilers (no assembler types).
#pragma once

#include <cstdint>

namespace jsonjit::detail::jit {

/// Where a value's offset is taken from: the object being written or read, or the current
/// element of a sequence (or the value of an optional or map entry) that the emitter opened.
enum class value_base : std::uint8_t { object, element };

/// What a generated function writes or reads as a whole: an object (it opens the object's
/// level of nesting itself), a sequence (the level is the sequence's, opened with it), or
/// (writing) any other value, which opens the levels of what it writes as it goes. Writing
/// also has visitors: functions a container's for_each calls (sets, lists and maps, whose
/// elements are not contiguous) with the write_context as its context, to write one element
/// (`bool visit(context, element)`) or one entry (`bool visit(context, key, value)`) after a
/// comma unless it is the first.
/// Reading has `object_rest`: an object's members from after its first one (a tagged
/// variant's alternative, after the discriminator), the level and the seen mask as an
/// object's.
enum class function_shape : std::uint8_t { object, object_rest, sequence, value, element_visitor, entry_visitor };

}  // namespace jsonjit::detail::jit
