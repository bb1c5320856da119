// The fixed instruction sequences that generated x86-64 functions copy instead of assembling
// (see code_template): each written once as assembler calls (x86_templates.cpp), analysed at
// build time by x86_prebuilt_generator into the bytes functions copy and where the values and
// the displacements to labels go (the generated x86_prebuilt_data.cpp). Private to
// src/engines/jit/emit/.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include <asmjit/x86.h>

namespace jsonjit::detail::jit {

enum class x86_template : std::uint8_t {
  call,             ///< the function at values[0] (8)
  advance,          ///< the position moved values[0] (1) bytes on
  take_position,    ///< rax as the new position, or to labels[0] if null
  load_token,       ///< whitespace skipped, the next byte in eax (reader)
  next_member,      ///< a comma and the token after it (reader)
  read_string,      ///< a short plain string stored in place (reader)
  name_room,        ///< values[0] (1) bytes left at the position (reader)
  compare8,         ///< 8 bytes of a name compared (reader)
  compare8_at,      ///< the same values[1] (1) bytes on
  compare4_pair,    ///< two 4-byte parts of a name compared (reader)
  room_check,       ///< room for values[0] (1) bytes (writer)
  store8,           ///< 8 bytes stored at the position (writer)
  store8_at,        ///< the same values[1] (1) bytes on
  store4,           ///< 4 bytes stored at the position (writer)
  store4_at,        ///< the same values[1] (1) bytes on
  checked_routine,  ///< a shared routine called, to labels[0] on failure (writer)
  grow,             ///< the output grown by rdx bytes through the helper at values[0] (writer)
  // Schema validators and JSONPath queries (schema_emitter; values[...] are context offsets
  // where the comments say so):
  entry,            ///< a function's start after its prologue: context, position, limits
  open_container,   ///< one more level open, its first token loaded
  next_entry,       ///< a comma and the token after it, or the closing bracket
  dispatch,         ///< to one of seven labels by the value's first byte
  apply_here,       ///< the function in a table slot called on the value at the position
  member_scan,      ///< a member's name scanned by the shared routine
  member_name,      ///< a scanned plain name kept and passed with its colon
  named_value,      ///< a member's value given to a helper with its kept name
  member_helper,    ///< the member at the position given to a helper
  value_helper,     ///< the value at the position given to a helper
  check_helper,     ///< the value from its start to the position checked by a helper
  skip_helper,      ///< the value at the position given to a helper, with null
  number_routine,   ///< a number's grammar checked and passed (the functions' shared routine)
  narrow_number,    ///< a number passed where it is narrow
  string_scan,      ///< a string's length where it is plain
  string_helper,    ///< a plain string given to a helper
  close_container,  ///< the closing bracket passed, one level less open
};
inline constexpr std::size_t x86_template_count = static_cast<std::size_t>(x86_template::close_container) + 1;

/// Writes a template's instructions: `labels` are where it jumps (bound after it, but for
/// x86_function::copy_backward_jumps), `values` are immediates and displacements of the
/// template's widths.
using template_writer = void (*)(asmjit::x86::Assembler& a, const asmjit::Label* labels, const std::int64_t* values);

/// What a template is, before analysis.
struct template_shape {
  std::string_view name;
  template_writer write;
  std::uint32_t label_count;
  /// The width in bytes (1, 4 or 8) of each value: the instruction forms must not depend on
  /// the value (1: a small_value(), which the assembler encodes as 8 bits; 4: any 32-bit
  /// value — a displacement among them, which the copy holds in 32 bits where the assembler
  /// would write 8 for a small one: the same instruction, 3 bytes longer; 8: a value the
  /// assembler moves with a 64-bit immediate, see needs_64_bits()).
  std::array<std::uint8_t, 4> widths;
  std::uint8_t value_count;
};

/// A template as functions copy it: its bytes with stand-ins, and where to fill in what
/// they use instead. (The assembler's encoder costs about 200 instructions of compile time
/// per instruction; a copy, a few.)
struct code_template {
  std::span<const std::uint8_t> bytes;
  /// A 32-bit displacement to label `label` at `at`, relative to `at + next` (the end of the
  /// instruction).
  struct displacement {
    std::uint32_t label, at, next;
  };
  std::span<const displacement> displacements;
  std::span<const std::uint32_t> value_at;  ///< per value, where its lowest byte is
};

const template_shape& shape_of(x86_template t) noexcept;
/// The analysis of shape_of(t), made when jsonjit was built.
const code_template& template_of(x86_template t) noexcept;

// The writers, for the emitters' sequences whose values do not fit the templates' widths.
void write_call(asmjit::x86::Assembler& a, const asmjit::Label* labels, const std::int64_t* values);
void write_advance(asmjit::x86::Assembler& a, const asmjit::Label* labels, const std::int64_t* values);
void write_name_room(asmjit::x86::Assembler& a, const asmjit::Label* labels, const std::int64_t* values);
void write_compare8_at(asmjit::x86::Assembler& a, const asmjit::Label* labels, const std::int64_t* values);
void write_compare4_pair(asmjit::x86::Assembler& a, const asmjit::Label* labels, const std::int64_t* values);
void write_room_check(asmjit::x86::Assembler& a, const asmjit::Label* labels, const std::int64_t* values);
void write_store8_at(asmjit::x86::Assembler& a, const asmjit::Label* labels, const std::int64_t* values);
void write_store4_at(asmjit::x86::Assembler& a, const asmjit::Label* labels, const std::int64_t* values);
void write_grow(asmjit::x86::Assembler& a, const asmjit::Label* labels, const std::int64_t* values);

}  // namespace jsonjit::detail::jit
