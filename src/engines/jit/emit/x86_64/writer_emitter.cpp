#include <cstddef>
#include <cstring>
#include <vector>

#include "engines/jit/emit/shared_routines_p.hpp"
#include "engines/jit/emit/writer_emitter_p.hpp"
#include "engines/jit/emit/x86_64/x86_function_p.hpp"

namespace jsonjit::detail::jit {
namespace {

// The stack slots: the open sequence's end and begin, whether the object has a member yet,
// and the first_item flag a visited container found (or the variant's index).
constexpr x86::Mem sequence_end = stack_slot(0);
constexpr x86::Mem sequence_begin = stack_slot(1);
constexpr x86::Mem written = x86::byte_ptr(x86::rsp, 16);  // stack slot 2: something written
constexpr x86::Mem saved = stack_slot(3);

constexpr std::int32_t cur_offset = static_cast<std::int32_t>(offsetof(write_context, cur));
constexpr std::int32_t end_offset = static_cast<std::int32_t>(offsetof(write_context, end));
constexpr std::int32_t depth_offset = static_cast<std::int32_t>(offsetof(write_context, depth));
constexpr std::int32_t stack_floor_offset = static_cast<std::int32_t>(offsetof(write_context, stack_floor));
constexpr std::int32_t first_item_offset = static_cast<std::int32_t>(offsetof(write_context, first_item));
constexpr std::int32_t max_depth_offset =
    static_cast<std::int32_t>(offsetof(write_context, settings) + offsetof(writer_options, max_depth));

}  // namespace

struct writer_emitter::state : x86_function {
  state(function_shape what, const writer_options& writing, bool listing)
      : x86_function(listing), shape(what), settings(writing) {
    prologue();
    a.mov(context, x86::rdi);
    if (shape == function_shape::element_visitor) {
      a.mov(element, x86::rsi);
    } else if (shape == function_shape::entry_visitor) {
      a.mov(object_reg, x86::rsi);  // the key
      a.mov(element, x86::rdx);     // the value
    } else {
      a.mov(object_reg, x86::rsi);
    }
    a.mov(cur, x86::qword_ptr(context, cur_offset));
    a.mov(end, x86::qword_ptr(context, end_offset));
    fail = a.newLabel();
    if (shape == function_shape::object) open_level();
  }

  void open_level() { x86_function::open_level(depth_offset, max_depth_offset, stack_floor_offset, fail); }
  void close_level() { x86_function::close_level(depth_offset); }

  /// After a helper that returns the new position or null.
  void take_position() { x86_function::take_position(fail); }
  void reload_end() { a.mov(end, x86::qword_ptr(context, end_offset)); }
  /// Calls `helper(context, position, what, argument)` (with `pass_written`, also the address
  /// of the written flag), which returns the new position or null, and reloads the end (the
  /// output may have grown). `argument`: an address (lea) or a register.
  template <class Helper>
  void position_helper(Helper* helper, const void* what, const x86::Mem& argument,
                       bool pass_written = false) {
    a.lea(x86::rcx, argument);
    position_helper_call(helper, what, pass_written);
  }
  template <class Helper>
  void position_helper(Helper* helper, const void* what, const x86::Gp& argument, bool pass_written = false) {
    a.mov(x86::rcx, argument);
    position_helper_call(helper, what, pass_written);
  }
  template <class Helper>
  void position_helper_call(Helper* helper, const void* what, bool pass_written) {
    a.mov(x86::rdi, context);
    a.mov(x86::rsi, cur);
    a.mov(x86::rdx, asmjit::Imm(reinterpret_cast<std::uint64_t>(what)));
    if (pass_written) a.lea(x86::r8, written);
    call(helper);
    take_position();
    reload_end();
  }

  /// Calls `helper(context, position, address of the value)`, which returns the new position
  /// or null, and reloads the end (the output may have grown).
  template <class Helper>
  void value_helper(Helper* helper, const x86::Mem& value) {
    a.mov(x86::rdi, context);
    a.mov(x86::rsi, cur);
    a.lea(x86::rdx, value);
    call(helper);
    take_position();
    reload_end();
  }

  /// rax: the indentation of the nesting at run time plus `level`, in characters.
  void indentation_size(int level) {
    a.mov(x86::eax, x86::dword_ptr(context, depth_offset));
    if (level != 0) a.add(x86::eax, level);
    a.imul(x86::rax, x86::rax, settings.indent_size);
  }
  std::size_t line_break_size() const { return settings.line_ending == newline::crlf ? 2 : 1; }

  /// The function's line routine, emitted at its end: writes the line break and rax characters
  /// of indentation at the position, in 16-byte stores (16 bytes of slack reserved); clobbers
  /// rcx and xmm1. Called within the function.
  void emit_line() {
    if (!line_routine.isValid()) return;
    comment("; line break and indentation (rax characters)");
    a.bind(line_routine);
    if (line_break_size() == 2) {
      a.mov(x86::word_ptr(cur), asmjit::Imm(bytes_of<std::uint16_t>("\r\n", 0)));
    } else {
      a.mov(x86::byte_ptr(cur), '\n');
    }
    a.add(cur, asmjit::Imm(static_cast<std::int64_t>(line_break_size())));
    a.lea(x86::rcx, x86::ptr(cur, x86::rax));
    a.movdqa(x86::xmm1, vector(static_cast<std::uint8_t>(settings.indent_char)));
    const asmjit::Label fill = a.newLabel();
    a.bind(fill);
    a.movdqu(x86::ptr(cur), x86::xmm1);
    a.add(cur, 16);
    a.cmp(cur, x86::rcx);
    a.jb(fill);
    a.mov(cur, x86::rcx);
    a.ret();
  }

  /// Growth out of the straight line: `n` bytes more room (0: as many as rax says), then back.
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

writer_emitter::writer_emitter(function_shape what, const writer_options& settings, bool listing)
    : state_(std::make_unique<state>(what, settings, listing)) {}
writer_emitter::~writer_emitter() = default;

void writer_emitter::open_level() { state_->open_level(); }
void writer_emitter::close_level() { state_->close_level(); }

void writer_emitter::reserve(std::size_t n) {
  state& s = *state_;
  auto& a = s.a;
  state::cold_reserve c{a.newLabel(), a.newLabel(), n};
  const auto size = static_cast<std::int64_t>(n);
  if (small_value(size)) {
    s.emit(x86_template::room_check, {c.start}, {size});
  } else {
    write_room_check(a, &c.start, &size);
  }
  a.bind(c.back);
  s.cold.push_back(c);
}

void writer_emitter::bytes(std::string_view text) {
  state& s = *state_;
  auto& a = s.a;
  std::size_t at = 0;
  for (; text.size() - at >= 8; at += 8) {
    const std::uint64_t word = bytes_of<std::uint64_t>(text, at);
    const std::int64_t values[] = {static_cast<std::int64_t>(word), static_cast<std::int64_t>(at)};
    if (!needs_64_bits(word) || !(at == 0 || small_value(values[1]))) {
      write_store8_at(a, nullptr, values);
    } else if (at == 0) {
      s.emit(x86_template::store8, {}, {values[0]});
    } else {
      s.emit(x86_template::store8_at, {}, {values[0], values[1]});
    }
  }
  if (text.size() - at >= 4) {
    const std::int64_t values[] = {bytes_of<std::int32_t>(text, at), static_cast<std::int64_t>(at)};
    if (at == 0) {
      s.emit(x86_template::store4, {}, {values[0]});
    } else if (small_value(values[1])) {
      s.emit(x86_template::store4_at, {}, {values[0], values[1]});
    } else {
      write_store4_at(a, nullptr, values);
    }
    at += 4;
  }
  if (text.size() - at >= 2) {
    a.mov(x86::word_ptr(cur, static_cast<std::int32_t>(at)), asmjit::Imm(bytes_of<std::uint16_t>(text, at)));
    at += 2;
  }
  if (text.size() - at == 1) {
    a.mov(x86::byte_ptr(cur, static_cast<std::int32_t>(at)), asmjit::Imm(static_cast<std::uint8_t>(text[at])));
  }
  s.advance(static_cast<std::int64_t>(text.size()));
}

void writer_emitter::boolean(std::ptrdiff_t offset, value_base base) {
  auto& a = state_->a;
  const asmjit::Label is_false = a.newLabel(), done = a.newLabel();
  a.cmp(x86::byte_ptr(base_reg(base), static_cast<std::int32_t>(offset)), 0);
  a.je(is_false);
  a.mov(x86::dword_ptr(cur), asmjit::Imm(bytes_of<std::uint32_t>("true", 0)));
  a.add(cur, 4);
  a.jmp(done);
  a.bind(is_false);
  a.mov(x86::dword_ptr(cur), asmjit::Imm(bytes_of<std::uint32_t>("fals", 0)));
  a.mov(x86::byte_ptr(cur, 4), asmjit::Imm('e'));
  a.add(cur, 5);
  a.bind(done);
}

void writer_emitter::integer(std::ptrdiff_t offset, unsigned size, bool is_signed, bool quoted,
                             value_base base) {
  auto& a = state_->a;
  if (quoted) bytes("\"");
  const auto at = static_cast<std::int32_t>(offset);
  const x86::Gp from = base_reg(base);
  switch (size) {
    case 1:
      is_signed ? a.movsx(x86::rsi, x86::byte_ptr(from, at)) : a.movzx(x86::esi, x86::byte_ptr(from, at));
      break;
    case 2:
      is_signed ? a.movsx(x86::rsi, x86::word_ptr(from, at)) : a.movzx(x86::esi, x86::word_ptr(from, at));
      break;
    case 4:
      is_signed ? a.movsxd(x86::rsi, x86::dword_ptr(from, at)) : a.mov(x86::esi, x86::dword_ptr(from, at));
      break;
    default: a.mov(x86::rsi, x86::qword_ptr(from, at)); break;
  }
  a.mov(x86::rdi, cur);
  if (is_signed) {
    state_->call(&jsonjit_jit_int64);
  } else {
    state_->call(&jsonjit_jit_uint64);
  }
  a.mov(cur, x86::rax);
  if (quoted) bytes("\"");
}

void writer_emitter::string(std::ptrdiff_t offset, value_base base, escape_mode mode, bool inline_short) {
  state& s = *state_;
  if (!inline_short) return s.value_helper(&jsonjit_jit_string, at(base, offset));
  s.a.lea(x86::rdx, at(base, offset));
  s.emit(x86_template::checked_routine, {s.fail}, {static_cast<std::int64_t>(s.shared.write_string[static_cast<int>(mode)])});
}

void writer_emitter::text(std::ptrdiff_t offset, const converter_descriptor* converter, value_base base) {
  state_->position_helper(&jsonjit_jit_text, converter, at(base, offset));
}

void writer_emitter::converted(std::ptrdiff_t offset, const converter_descriptor* converter, value_base base) {
  state_->position_helper(&jsonjit_jit_converter, converter,
                          at(base, offset));
}

void writer_emitter::floating(std::ptrdiff_t offset, bool is_double, bool quoted, value_base base) {
  state& s = *state_;
  auto& a = s.a;
  a.mov(x86::rdi, context);
  a.mov(x86::rsi, cur);
  a.lea(x86::rdx, at(base, offset));
  a.mov(x86::ecx, quoted ? 1 : 0);
  if (is_double) {
    s.call(&jsonjit_jit_float64);
  } else {
    s.call(&jsonjit_jit_float32);
  }
  s.take_position();
}

void writer_emitter::enumeration(std::ptrdiff_t offset, const type_info* type, value_base base) {
  state_->position_helper(&jsonjit_jit_enum, type, at(base, offset));
}

void writer_emitter::base64(std::ptrdiff_t offset, const type_info* type, value_base base) {
  state_->position_helper(&jsonjit_jit_bytes, type, at(base, offset));
}

void writer_emitter::string_view(std::ptrdiff_t offset, value_base base) {
  state_->value_helper(&jsonjit_jit_string_view, at(base, offset));
}

void writer_emitter::character(std::ptrdiff_t offset, value_base base) {
  state_->value_helper(&jsonjit_jit_character, at(base, offset));
}

void writer_emitter::interpreted_value(std::ptrdiff_t offset, const type_info* type, value_base base) {
  state_->position_helper(&jsonjit_jit_interpreted_value, type,
                          at(base, offset));
}

void writer_emitter::getter(const property_info* property) {
  state_->position_helper(&jsonjit_jit_getter, property, object_reg);
}

void writer_emitter::interpreted_member(const property_info* property) {
  state_->position_helper(&jsonjit_jit_write_member, property, object_reg, true);
}

void writer_emitter::extension_members(const type_info* type) {
  state_->position_helper(&jsonjit_jit_write_extension, type, object_reg, true);
}

void writer_emitter::compiled_value(std::ptrdiff_t offset, const write_fn* slot, value_base base, bool may_be_empty) {
  auto& a = state_->a;
  a.mov(x86::qword_ptr(context, cur_offset), cur);
  a.mov(x86::rdi, context);
  a.lea(x86::rsi, at(base, offset));
  a.mov(x86::rax, asmjit::Imm(reinterpret_cast<std::uint64_t>(slot)));
  if (may_be_empty) {
    a.mov(x86::rax, x86::qword_ptr(x86::rax));
    a.test(x86::rax, x86::rax);
    a.jz(state_->fail);
    a.call(x86::rax);
  } else {
    a.call(x86::qword_ptr(x86::rax));
  }
  a.test(x86::al, x86::al);
  a.jz(state_->fail);
  a.mov(cur, x86::qword_ptr(context, cur_offset));
  state_->reload_end();
}

void writer_emitter::begin_sequence(std::ptrdiff_t offset, const sequence_ops* ops, std::size_t element_room) {
  state& s = *state_;
  auto& a = s.a;
  s.loop = a.newLabel();
  s.done = a.newLabel();
  const asmjit::Label no_comma = a.newLabel();
  const x86::Mem sequence = x86::ptr(object_reg, static_cast<std::int32_t>(offset));
  a.lea(x86::rdi, sequence);
  s.call(ops->data);
  a.mov(element, x86::rax);
  a.mov(sequence_begin, x86::rax);
  a.lea(x86::rdi, sequence);
  s.call(ops->size);
  a.imul(x86::rax, x86::rax, asmjit::Imm(static_cast<std::int64_t>(ops->stride)));
  a.add(x86::rax, element);
  a.mov(sequence_end, x86::rax);
  s.open_level();
  reserve(1);
  bytes("[");
  a.bind(s.loop);
  a.cmp(element, sequence_end);
  a.jae(s.done);
  if (s.settings.indented) {
    reserve_line(0, 1 + element_room);
  } else {
    reserve(1 + element_room);
  }
  a.cmp(element, sequence_begin);
  a.je(no_comma);
  a.mov(x86::byte_ptr(cur), asmjit::Imm(','));
  a.add(cur, 1);
  a.bind(no_comma);
  if (s.settings.indented) line(0);
  s.stride = ops->stride;
}

void writer_emitter::end_sequence() {
  state& s = *state_;
  auto& a = s.a;
  a.add(element, asmjit::Imm(static_cast<std::int64_t>(s.stride)));
  a.jmp(s.loop);
  a.bind(s.done);
  if (s.settings.indented) {
    const asmjit::Label empty = a.newLabel();  // `[]`: no line inside
    a.mov(x86::rax, sequence_begin);
    a.cmp(x86::rax, sequence_end);
    a.je(empty);
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
  a.movzx(x86::eax, x86::byte_ptr(context, first_item_offset));
  a.mov(saved, x86::rax);
  a.mov(x86::byte_ptr(context, first_item_offset), 1);
  a.mov(x86::qword_ptr(context, cur_offset), cur);
  a.lea(x86::rdi, x86::ptr(object_reg, static_cast<std::int32_t>(offset)));
  a.mov(x86::rsi, asmjit::Imm(reinterpret_cast<std::uint64_t>(visitor)));
  a.mov(x86::rdx, context);
  s.call(reinterpret_cast<std::uint64_t>(for_each));
  a.test(x86::al, x86::al);
  a.jz(s.fail);
  a.mov(cur, x86::qword_ptr(context, cur_offset));
  s.reload_end();
}

void writer_emitter::end_visit(char close) {
  state& s = *state_;
  auto& a = s.a;
  if (s.settings.indented) {
    const asmjit::Label empty = a.newLabel();  // `[]`, `{}`: no line inside
    a.cmp(x86::byte_ptr(context, first_item_offset), 0);
    a.jne(empty);
    reserve_line(-1, 0);
    line(-1);
    a.bind(empty);
  }
  reserve(1);
  bytes(std::string_view(&close, 1));
  a.mov(x86::rax, saved);
  a.mov(x86::byte_ptr(context, first_item_offset), x86::al);
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
  a.cmp(x86::byte_ptr(context, first_item_offset), 0);
  a.jne(first);
  a.mov(x86::byte_ptr(cur), asmjit::Imm(','));
  a.add(cur, 1);
  a.jmp(after);
  a.bind(first);
  a.mov(x86::byte_ptr(context, first_item_offset), 0);
  a.bind(after);
  if (s.settings.indented) line(0);
}

void writer_emitter::begin_variant(std::ptrdiff_t offset, const variant_ops* ops, std::size_t alternatives) {
  state& s = *state_;
  auto& a = s.a;
  s.done = a.newLabel();
  s.next_alternative = a.newLabel();
  const x86::Mem variant = x86::ptr(object_reg, static_cast<std::int32_t>(offset));
  a.lea(x86::rdi, variant);
  s.call(ops->index);
  a.mov(saved, x86::rax);
  a.cmp(x86::rax, asmjit::Imm(static_cast<std::int64_t>(alternatives)));
  a.jae(s.next_alternative);  // holds none: `null`, at the end
  a.lea(x86::rdi, variant);
  s.call(ops->get);
  a.mov(element, x86::rax);
}

void writer_emitter::alternative(std::size_t index) {
  state& s = *state_;
  auto& a = s.a;
  if (index != 0) {
    a.jmp(s.done);
    a.bind(s.next_alternative);
    s.next_alternative = a.newLabel();
  }
  a.cmp(saved, asmjit::Imm(static_cast<std::int64_t>(index)));
  a.jne(s.next_alternative);
}

void writer_emitter::end_variant() {
  state& s = *state_;
  s.a.jmp(s.done);
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
  a.lea(x86::rdi, x86::ptr(object_reg, static_cast<std::int32_t>(offset)));
  s.call(ops->get);
  a.test(x86::rax, x86::rax);
  a.jnz(has_value);
  reserve(4);
  bytes("null");
  a.jmp(s.done);
  a.bind(has_value);
  a.mov(element, x86::rax);
}

void writer_emitter::end_nullable() { state_->a.bind(state_->done); }

void writer_emitter::clear_written() { state_->a.mov(written, 0); }
void writer_emitter::mark_written() { state_->a.mov(written, 1); }

void writer_emitter::comma_if_written() {
  auto& a = state_->a;
  const asmjit::Label nothing = a.newLabel();
  a.cmp(written, 0);
  a.je(nothing);
  a.mov(x86::byte_ptr(cur), ',');
  a.inc(cur);
  a.bind(nothing);
}

void writer_emitter::begin_unless_null(std::ptrdiff_t offset, const nullable_ops* ops) {
  state& s = *state_;
  s.unless = s.a.newLabel();
  s.a.lea(x86::rdi, x86::ptr(object_reg, static_cast<std::int32_t>(offset)));
  s.call(ops->get);
  s.a.test(x86::rax, x86::rax);
  s.a.jz(s.unless);
}

void writer_emitter::begin_unless_default(std::ptrdiff_t offset, bool (*is_default)(const void*)) {
  state& s = *state_;
  s.unless = s.a.newLabel();
  s.a.lea(x86::rdi, x86::ptr(object_reg, static_cast<std::int32_t>(offset)));
  s.call(is_default);
  s.a.test(x86::al, x86::al);
  s.a.jnz(s.unless);
}

void writer_emitter::begin_if_written() {
  state& s = *state_;
  s.unless = s.a.newLabel();
  s.a.cmp(written, 0);
  s.a.je(s.unless);
}

void writer_emitter::end_unless() { state_->a.bind(state_->unless); }

void writer_emitter::reserve_line(int level, std::size_t then) {
  state& s = *state_;
  auto& a = s.a;
  const asmjit::Label check = a.newLabel(), grow = a.newLabel();
  a.bind(check);
  s.indentation_size(level);
  a.add(x86::rax, asmjit::Imm(static_cast<std::int64_t>(s.line_break_size() + 16 + then)));
  a.mov(x86::rcx, end);
  a.sub(x86::rcx, cur);
  a.cmp(x86::rcx, x86::rax);
  a.jb(grow);
  s.cold.push_back({grow, check, 0});  // back to the check: the size is computed again
}

void writer_emitter::line(int level) {
  state& s = *state_;
  if (!s.line_routine.isValid()) s.line_routine = s.a.newLabel();
  s.indentation_size(level);
  s.a.call(s.line_routine);
}

void writer_emitter::comment(std::string_view text) { state_->comment(text); }
std::string writer_emitter::listing() const { return state_->listing(); }

placed_code writer_emitter::finish(code_memory& memory, std::string_view name) {
  state& s = *state_;
  auto& a = s.a;
  if (s.shape == function_shape::object) s.close_level();
  a.mov(x86::qword_ptr(context, cur_offset), cur);
  a.mov(x86::eax, 1);
  s.epilogue();
  // Growth, out of the straight line: the helper moves what was written and reports the new
  // room, or null when the output failed. (Before the failure exit, which they jump forward
  // to, as templates do.)
  const auto reserve = static_cast<std::int64_t>(reinterpret_cast<std::uint64_t>(&jsonjit_jit_reserve));
  for (const state::cold_reserve& c : s.cold) {
    a.bind(c.start);
    if (c.n != 0) {
      a.mov(x86::rdx, asmjit::Imm(static_cast<std::int64_t>(c.n)));
    } else {
      a.mov(x86::rdx, x86::rax);
    }
    if (needs_64_bits(static_cast<std::uint64_t>(reserve))) {
      s.emit(x86_template::grow, {s.fail}, {reserve});
    } else {
      write_grow(a, &s.fail, &reserve);  // a shorter immediate (a program not built as PIE)
    }
    a.jmp(c.back);
  }
  a.bind(s.fail);
  a.xor_(x86::eax, x86::eax);
  s.epilogue();
  s.emit_line();
  if (!s.shared.available) return {};
  return s.place(memory, name);
}

}  // namespace jsonjit::detail::jit
