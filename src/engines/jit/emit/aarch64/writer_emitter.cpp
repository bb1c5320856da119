// The writer emitter (writer_emitter_p.hpp) for AArch64: the object in x19, the position in
// x20, the end in x21, the context in x22, the current element in x23 (a64_function_p.hpp);
// x0–x15 are scratch between calls.
#include <array>
#include <cstddef>
#include <cstring>
#include <vector>

#include "engines/jit/emit/aarch64/a64_function_p.hpp"
#include "engines/jit/emit/shared_routines_p.hpp"
#include "engines/jit/emit/writer_emitter_p.hpp"

namespace jsonjit::detail::jit {
namespace {

// The stack slots: the open sequence's end and begin, whether the object has a member yet,
// and the first_item flag a visited container found (or the variant's index).
constexpr a64::Mem sequence_end = a64_function::stack_slot(0);
constexpr a64::Mem sequence_begin = a64_function::stack_slot(1);
constexpr a64::Mem written = a64_function::stack_slot(2);  // a byte: something written
constexpr std::int64_t written_offset = 64 + 8 * 2;     // (its address, for helpers)
constexpr a64::Mem saved = a64_function::stack_slot(3);

constexpr std::int32_t cur_offset = static_cast<std::int32_t>(offsetof(write_context, cur));
constexpr std::int32_t end_offset = static_cast<std::int32_t>(offsetof(write_context, end));
constexpr std::int32_t depth_offset = static_cast<std::int32_t>(offsetof(write_context, depth));
constexpr std::int32_t stack_floor_offset = static_cast<std::int32_t>(offsetof(write_context, stack_floor));
constexpr std::int32_t first_item_offset = static_cast<std::int32_t>(offsetof(write_context, first_item));
constexpr std::int32_t max_depth_offset =
    static_cast<std::int32_t>(offsetof(write_context, settings) + offsetof(writer_options, max_depth));

}  // namespace

struct writer_emitter::state : a64_function {
  state(function_shape what, const writer_options& writing, bool listing)
      : a64_function(listing), shape(what), settings(writing) {
    prologue();
    a.mov(context, a64::x0);
    if (shape == function_shape::element_visitor) {
      a.mov(element, a64::x1);
    } else if (shape == function_shape::entry_visitor) {
      a.mov(object_reg, a64::x1);  // the key
      a.mov(element, a64::x2);     // the value
    } else {
      a.mov(object_reg, a64::x1);
    }
    a.ldp(cur, end, a64::ptr(context, cur_offset));
    static_assert(end_offset == cur_offset + 8);
    fail = a.newLabel();
    if (shape == function_shape::object) open_level();
  }

  void open_level() { a64_function::open_level(depth_offset, max_depth_offset, stack_floor_offset, fail); }
  void close_level() { a64_function::close_level(depth_offset); }

  void take_position() { a64_function::take_position(fail); }
  void reload_end() { a.ldr(end, a64::ptr(context, end_offset)); }
  void store_position() { a.str(cur, a64::ptr(context, cur_offset)); }
  /// Fails unless the bool a call returned (w0's low byte) is true.
  void check_bool() {
    a.tst(a64::w0, 0xFF);
    a.b_eq(fail);
  }

  /// Calls `helper(context, position, what, argument)` (with `pass_written`, also the address
  /// of the written flag), which returns the new position or null, and reloads the end (the
  /// output may have grown).
  template <class Helper>
  void position_helper(Helper* helper, const void* what, argument value, bool pass_written = false) {
    if (pass_written) {
      call(helper, {argument::of(context), argument::of(cur), argument::constant(what), value,
                    argument::address(a64::sp, written_offset)});
    } else {
      call(helper, {argument::of(context), argument::of(cur), argument::constant(what), value});
    }
    take_position();
    reload_end();
  }
  /// Calls `helper(context, position, address of the value)`, likewise.
  template <class Helper>
  void value_helper(Helper* helper, argument value) {
    call(helper, {argument::of(context), argument::of(cur), value});
    take_position();
    reload_end();
  }

  /// x0: the indentation of the nesting at run time plus `level`, in characters.
  void indentation_size(int level) {
    a.ldr(a64::w0, at(context, depth_offset, 4));
    if (level != 0) add(a64::w0, a64::w0, level);
    move(a64::x1, static_cast<std::uint64_t>(settings.indent_size));
    a.mul(a64::x0, a64::x0, a64::x1);
  }
  std::size_t line_break_size() const { return settings.line_ending == newline::crlf ? 2 : 1; }

  /// The function's line routine, emitted at its end: writes the line break and x0 characters
  /// of indentation at the position, in 16-byte stores (16 bytes of slack reserved); clobbers
  /// x1, x2 and v1. Called within the function (bl: the function's own return address is in
  /// its frame).
  void emit_line() {
    if (!line_routine.isValid()) return;
    comment("; line break and indentation (x0 characters)");
    a.bind(line_routine);
    if (line_break_size() == 2) {
      move(a64::w2, bytes_of<std::uint16_t>("\r\n", 0));
      a.strh(a64::w2, a64::ptr(cur));
    } else {
      a.mov(a64::w2, '\n');
      a.strb(a64::w2, a64::ptr(cur));
    }
    a.add(cur, cur, static_cast<std::int64_t>(line_break_size()));
    a.add(a64::x1, cur, a64::x0);
    a.movi(a64::v1.b16(), static_cast<std::uint8_t>(settings.indent_char));
    const asmjit::Label fill = a.newLabel();
    a.bind(fill);
    a.str(a64::q1, a64::ptr_post(cur, 16));
    a.cmp(cur, a64::x1);
    a.b_lo(fill);
    a.mov(cur, a64::x1);
    a.ret(a64::x30);
  }

  /// Growth out of the straight line: `n` bytes more room (0: as many as x0 says), then back.
  struct cold_reserve {
    asmjit::Label start, back;
    std::size_t n;
  };

  function_shape shape;
  writer_options settings;
  /// The routines the function calls; without them (no executable memory) it is never placed.
  const shared_routines& shared = routines();
  asmjit::Label fail;
  asmjit::Label line_routine;
  std::vector<cold_reserve> cold;
  asmjit::Label loop, done;  // the open sequence or optional
  asmjit::Label unless;      // after a property that may be left out
  asmjit::Label next_alternative;
  std::size_t stride = 0;    // the open sequence's
};

namespace {
argument value_at(value_base base, std::ptrdiff_t offset) { return argument::address(base_reg(base), offset); }
}  // namespace

writer_emitter::writer_emitter(function_shape what, const writer_options& settings, bool listing)
    : state_(std::make_unique<state>(what, settings, listing)) {}
writer_emitter::~writer_emitter() = default;

void writer_emitter::open_level() { state_->open_level(); }
void writer_emitter::close_level() { state_->close_level(); }

void writer_emitter::reserve(std::size_t n) {
  state& s = *state_;
  auto& a = s.a;
  state::cold_reserve c{a.newLabel(), a.newLabel(), n};
  a.sub(a64::x9, end, cur);
  s.compare(a64::x9, static_cast<std::int64_t>(n));
  a.b_lo(c.start);
  a.bind(c.back);
  s.cold.push_back(c);
}

void writer_emitter::bytes(std::string_view text) {
  state& s = *state_;
  auto& a = s.a;
  std::size_t at = 0;
  // 16 bytes at a time from the function's constant pool; then an 8-, 4-, 2- and 1-byte piece.
  for (; text.size() - at >= 16; at += 16) {
    std::array<std::uint8_t, 16> chunk;
    std::memcpy(chunk.data(), text.data() + at, 16);
    s.load_vector(a64::v0, chunk);
    a.str(a64::q0, s.at(cur, static_cast<std::int64_t>(at), 16));
  }
  if (text.size() - at >= 8) {
    s.load_constant(a64::x9, bytes_of<std::uint64_t>(text, at));
    a.str(a64::x9, s.at(cur, static_cast<std::int64_t>(at), 8));
    at += 8;
  }
  if (text.size() - at >= 4) {
    s.move(a64::w9, bytes_of<std::uint32_t>(text, at));
    a.str(a64::w9, s.at(cur, static_cast<std::int64_t>(at), 4));
    at += 4;
  }
  if (text.size() - at >= 2) {
    s.move(a64::w9, bytes_of<std::uint16_t>(text, at));
    a.strh(a64::w9, s.at(cur, static_cast<std::int64_t>(at), 2));
    at += 2;
  }
  if (text.size() - at == 1) {
    s.move(a64::w9, static_cast<std::uint8_t>(text[at]));
    a.strb(a64::w9, s.at(cur, static_cast<std::int64_t>(at), 1));
  }
  s.advance(static_cast<std::int64_t>(text.size()));
}

void writer_emitter::boolean(std::ptrdiff_t offset, value_base base) {
  state& s = *state_;
  auto& a = s.a;
  // Both spellings stored, the position moved by 4 or 5: `true` then its garbage fifth byte
  // (room reserved), or `false`.
  s.move(a64::w10, bytes_of<std::uint32_t>("true", 0));
  s.move(a64::w11, bytes_of<std::uint32_t>("fals", 0));
  a.ldrb(a64::w9, s.at(base_reg(base), offset, 1));
  a.cmp(a64::w9, 0);
  a.csel(a64::w10, a64::w11, a64::w10, asmjit::Imm(asmjit::arm::CondCode::kEQ));
  a.str(a64::w10, a64::ptr(cur));
  a.mov(a64::w11, 'e');
  a.strb(a64::w11, a64::ptr(cur, 4));
  a.mov(a64::x10, 4);
  a.cinc(a64::x10, a64::x10, asmjit::Imm(asmjit::arm::CondCode::kEQ));  // 5 for `false`
  a.add(cur, cur, a64::x10);
}

void writer_emitter::integer(std::ptrdiff_t offset, unsigned size, bool is_signed, bool quoted,
                             value_base base) {
  state& s = *state_;
  auto& a = s.a;
  if (quoted) bytes("\"");
  const a64::Mem from = s.at(base_reg(base), offset, size);
  switch (size) {
    case 1: is_signed ? a.ldrsb(a64::x1, from) : a.ldrb(a64::w1, from); break;
    case 2: is_signed ? a.ldrsh(a64::x1, from) : a.ldrh(a64::w1, from); break;
    case 4: is_signed ? a.ldrsw(a64::x1, from) : a.ldr(a64::w1, from); break;
    default: a.ldr(a64::x1, from); break;
  }
  a.mov(a64::x0, cur);
  if (is_signed) {
    s.call(&jsonjit_jit_int64);
  } else {
    s.call(&jsonjit_jit_uint64);
  }
  a.mov(cur, a64::x0);
  if (quoted) bytes("\"");
}

void writer_emitter::string(std::ptrdiff_t offset, value_base base, escape_mode mode, bool inline_short) {
  state& s = *state_;
  if (!inline_short) return s.value_helper(&jsonjit_jit_string, value_at(base, offset));
  s.call(s.shared.write_string[static_cast<int>(mode)], {value_at(base, offset)});
  s.a.cbz(a64::w0, s.fail);
}

void writer_emitter::text(std::ptrdiff_t offset, const converter_descriptor* converter, value_base base) {
  state_->position_helper(&jsonjit_jit_text, converter, value_at(base, offset));
}

void writer_emitter::converted(std::ptrdiff_t offset, const converter_descriptor* converter, value_base base) {
  state_->position_helper(&jsonjit_jit_converter, converter, value_at(base, offset));
}

void writer_emitter::floating(std::ptrdiff_t offset, bool is_double, bool quoted, value_base base) {
  state& s = *state_;
  const std::initializer_list<argument> arguments = {argument::of(context), argument::of(cur), value_at(base, offset),
                                                     argument::constant(quoted ? 1 : 0)};
  if (is_double) {
    s.call(&jsonjit_jit_float64, arguments);
  } else {
    s.call(&jsonjit_jit_float32, arguments);
  }
  s.take_position();
}

void writer_emitter::enumeration(std::ptrdiff_t offset, const type_info* type, value_base base) {
  state_->position_helper(&jsonjit_jit_enum, type, value_at(base, offset));
}

void writer_emitter::base64(std::ptrdiff_t offset, const type_info* type, value_base base) {
  state_->position_helper(&jsonjit_jit_bytes, type, value_at(base, offset));
}

void writer_emitter::string_view(std::ptrdiff_t offset, value_base base) {
  state_->value_helper(&jsonjit_jit_string_view, value_at(base, offset));
}

void writer_emitter::character(std::ptrdiff_t offset, value_base base) {
  state_->value_helper(&jsonjit_jit_character, value_at(base, offset));
}

void writer_emitter::interpreted_value(std::ptrdiff_t offset, const type_info* type, value_base base) {
  state_->position_helper(&jsonjit_jit_interpreted_value, type, value_at(base, offset));
}

void writer_emitter::getter(const property_info* property) {
  state_->position_helper(&jsonjit_jit_getter, property, argument::of(object_reg));
}

void writer_emitter::interpreted_member(const property_info* property) {
  state_->position_helper(&jsonjit_jit_write_member, property, argument::of(object_reg), true);
}

void writer_emitter::extension_members(const type_info* type) {
  state_->position_helper(&jsonjit_jit_write_extension, type, argument::of(object_reg), true);
}

void writer_emitter::compiled_value(std::ptrdiff_t offset, const write_fn* slot, value_base base, bool may_be_empty) {
  state& s = *state_;
  auto& a = s.a;
  s.store_position();
  s.move(a64::x9, reinterpret_cast<std::uint64_t>(slot));
  a.ldr(a64::x9, a64::ptr(a64::x9));
  if (may_be_empty) a.cbz(a64::x9, s.fail);
  s.call_register(a64::x9, {argument::of(context), value_at(base, offset)});
  s.check_bool();
  a.ldp(cur, end, a64::ptr(context, cur_offset));
}

void writer_emitter::begin_sequence(std::ptrdiff_t offset, const sequence_ops* ops, std::size_t element_room) {
  state& s = *state_;
  auto& a = s.a;
  s.loop = a.newLabel();
  s.done = a.newLabel();
  const asmjit::Label no_comma = a.newLabel();
  s.call(ops->data, {argument::address(object_reg, offset)});
  a.mov(element, a64::x0);
  a.str(a64::x0, sequence_begin);
  s.call(ops->size, {argument::address(object_reg, offset)});
  s.move(a64::x9, ops->stride);
  a.madd(a64::x0, a64::x0, a64::x9, element);
  a.str(a64::x0, sequence_end);
  s.open_level();
  reserve(1);
  bytes("[");
  a.bind(s.loop);
  a.ldr(a64::x9, sequence_end);
  a.cmp(element, a64::x9);
  a.b_hs(s.done);
  if (s.settings.indented) {
    reserve_line(0, 1 + element_room);
  } else {
    reserve(1 + element_room);
  }
  a.ldr(a64::x9, sequence_begin);
  a.cmp(element, a64::x9);
  a.b_eq(no_comma);
  a.mov(a64::w9, ',');
  a.strb(a64::w9, a64::ptr_post(cur, 1));
  a.bind(no_comma);
  if (s.settings.indented) line(0);
  s.stride = ops->stride;
}

void writer_emitter::end_sequence() {
  state& s = *state_;
  auto& a = s.a;
  s.add(element, element, static_cast<std::int64_t>(s.stride));
  a.b(s.loop);
  a.bind(s.done);
  if (s.settings.indented) {
    const asmjit::Label empty = a.newLabel();  // `[]`: no line inside
    a.ldp(a64::x9, a64::x10, sequence_end);    // the end and the begin
    a.cmp(a64::x9, a64::x10);
    a.b_eq(empty);
    reserve_line(-1, 0);
    line(-1);
    a.bind(empty);
  }
  reserve(1);
  bytes("]");
  s.close_level();
}

void writer_emitter::begin_visit(std::ptrdiff_t offset, const void* for_each, const void* visitor, char open) {
  state& s = *state_;
  auto& a = s.a;
  s.open_level();
  reserve(1);
  bytes(std::string_view(&open, 1));
  a.ldrb(a64::w9, s.at(context, first_item_offset, 1));
  a.str(a64::x9, saved);
  a.mov(a64::w9, 1);
  a.strb(a64::w9, s.at(context, first_item_offset, 1));
  s.store_position();
  s.call(reinterpret_cast<std::uint64_t>(for_each),
         {argument::address(object_reg, offset), argument::constant(visitor), argument::of(context)});
  s.check_bool();
  a.ldp(cur, end, a64::ptr(context, cur_offset));
}

void writer_emitter::end_visit(char close) {
  state& s = *state_;
  auto& a = s.a;
  if (s.settings.indented) {
    const asmjit::Label empty = a.newLabel();  // `[]`, `{}`: no line inside
    a.ldrb(a64::w9, s.at(context, first_item_offset, 1));
    a.cbnz(a64::w9, empty);
    reserve_line(-1, 0);
    line(-1);
    a.bind(empty);
  }
  reserve(1);
  bytes(std::string_view(&close, 1));
  a.ldr(a64::x9, saved);
  a.strb(a64::w9, s.at(context, first_item_offset, 1));
  s.close_level();
}

void writer_emitter::begin_item(std::size_t room) {
  state& s = *state_;
  auto& a = s.a;
  if (s.settings.indented) {
    reserve_line(0, 1 + room);
  } else {
    reserve(1 + room);
  }
  const asmjit::Label first = a.newLabel(), after = a.newLabel();
  a.ldrb(a64::w9, s.at(context, first_item_offset, 1));
  a.cbnz(a64::w9, first);
  a.mov(a64::w9, ',');
  a.strb(a64::w9, a64::ptr_post(cur, 1));
  a.b(after);
  a.bind(first);
  a.strb(a64::wzr, s.at(context, first_item_offset, 1));
  a.bind(after);
  if (s.settings.indented) line(0);
}

void writer_emitter::begin_variant(std::ptrdiff_t offset, const variant_ops* ops, std::size_t alternatives) {
  state& s = *state_;
  auto& a = s.a;
  s.done = a.newLabel();
  s.next_alternative = a.newLabel();
  s.call(ops->index, {argument::address(object_reg, offset)});
  a.str(a64::x0, saved);
  s.compare(a64::x0, static_cast<std::int64_t>(alternatives));
  a.b_hs(s.next_alternative);  // holds none: `null`, at the end
  s.call(ops->get, {argument::address(object_reg, offset)});
  a.mov(element, a64::x0);
}

void writer_emitter::alternative(std::size_t index) {
  state& s = *state_;
  auto& a = s.a;
  if (index != 0) {
    a.b(s.done);
    a.bind(s.next_alternative);
    s.next_alternative = a.newLabel();
  }
  a.ldr(a64::x9, saved);
  s.compare(a64::x9, static_cast<std::int64_t>(index));
  a.b_ne(s.next_alternative);
}

void writer_emitter::end_variant() {
  state& s = *state_;
  s.a.b(s.done);
  s.a.bind(s.next_alternative);
  reserve(4);
  bytes("null");
  s.a.bind(s.done);
}

void writer_emitter::begin_nullable(std::ptrdiff_t offset, const nullable_ops* ops) {
  state& s = *state_;
  auto& a = s.a;
  s.done = a.newLabel();
  const asmjit::Label has_value = a.newLabel();
  s.call(ops->get, {argument::address(object_reg, offset)});
  a.cbnz(a64::x0, has_value);
  reserve(4);
  bytes("null");
  a.b(s.done);
  a.bind(has_value);
  a.mov(element, a64::x0);
}

void writer_emitter::end_nullable() { state_->a.bind(state_->done); }

void writer_emitter::clear_written() { state_->a.strb(a64::wzr, written); }

void writer_emitter::mark_written() {
  auto& a = state_->a;
  a.mov(a64::w9, 1);
  a.strb(a64::w9, written);
}

void writer_emitter::comma_if_written() {
  auto& a = state_->a;
  const asmjit::Label nothing = a.newLabel();
  a.ldrb(a64::w9, written);
  a.cbz(a64::w9, nothing);
  a.mov(a64::w9, ',');
  a.strb(a64::w9, a64::ptr_post(cur, 1));
  a.bind(nothing);
}

void writer_emitter::begin_unless_null(std::ptrdiff_t offset, const nullable_ops* ops) {
  state& s = *state_;
  s.unless = s.a.newLabel();
  s.call(ops->get, {argument::address(object_reg, offset)});
  s.a.cbz(a64::x0, s.unless);
}

void writer_emitter::begin_unless_default(std::ptrdiff_t offset, bool (*is_default)(const void*)) {
  state& s = *state_;
  s.unless = s.a.newLabel();
  s.call(is_default, {argument::address(object_reg, offset)});
  s.a.tst(a64::w0, 0xFF);
  s.a.b_ne(s.unless);
}

void writer_emitter::begin_if_written() {
  state& s = *state_;
  s.unless = s.a.newLabel();
  s.a.ldrb(a64::w9, written);
  s.a.cbz(a64::w9, s.unless);
}

void writer_emitter::end_unless() { state_->a.bind(state_->unless); }

void writer_emitter::reserve_line(int level, std::size_t then) {
  state& s = *state_;
  auto& a = s.a;
  const asmjit::Label check = a.newLabel(), grow = a.newLabel();
  a.bind(check);
  s.indentation_size(level);
  s.add(a64::x0, a64::x0, static_cast<std::int64_t>(s.line_break_size() + 16 + then));
  a.sub(a64::x9, end, cur);
  a.cmp(a64::x9, a64::x0);
  a.b_lo(grow);
  s.cold.push_back({grow, check, 0});  // back to the check: the size is computed again
}

void writer_emitter::line(int level) {
  state& s = *state_;
  if (!s.line_routine.isValid()) s.line_routine = s.a.newLabel();
  s.indentation_size(level);
  s.a.bl(s.line_routine);
}

void writer_emitter::comment(std::string_view text) { state_->comment(text); }
std::string writer_emitter::listing() const { return state_->listing(); }

placed_code writer_emitter::finish(code_memory& memory, std::string_view name) {
  state& s = *state_;
  auto& a = s.a;
  if (s.shape == function_shape::object) s.close_level();
  s.store_position();
  a.mov(a64::w0, 1);
  s.epilogue();
  // Growth, out of the straight line: the helper moves what was written and reports the new
  // room, or null when the output failed.
  for (const state::cold_reserve& c : s.cold) {
    a.bind(c.start);
    if (c.n != 0) {
      s.move(a64::x2, c.n);
    } else {
      a.mov(a64::x2, a64::x0);
    }
    s.call(&jsonjit_jit_reserve, {argument::of(context), argument::of(cur)});
    s.take_position();
    s.reload_end();
    a.b(c.back);
  }
  a.bind(s.fail);
  a.mov(a64::w0, 0);
  s.epilogue();
  s.emit_line();
  if (!s.shared.available) return {};
  return s.place(memory, name);
}

}  // namespace jsonjit::detail::jit
