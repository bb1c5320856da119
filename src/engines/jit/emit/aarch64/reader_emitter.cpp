// The reader emitter (reader_emitter_p.hpp) for AArch64: the object in x19, the position in
// x20, the end of the input in x21, the context in x22, the current element in x23
// (a64_function_p.hpp); a value's first byte, once loaded, in w0.
#include <algorithm>
#include <cstddef>
#include <vector>

#include "engines/jit/emit/aarch64/a64_function_p.hpp"
#include "engines/jit/emit/reader_emitter_p.hpp"
#include "engines/jit/emit/shared_routines_p.hpp"

namespace jsonjit::detail::jit {
namespace {

constexpr a64::Mem seen = a64_function::stack_slot(0);           // bit i: property i was read
constexpr std::int64_t seen_offset = 64;                     // (its address, for helpers)
constexpr a64::Mem elements_left = a64_function::stack_slot(1);  // of a fixed-size sequence

constexpr std::int32_t end_offset = static_cast<std::int32_t>(offsetof(read_context, end));
constexpr std::int32_t depth_offset = static_cast<std::int32_t>(offsetof(read_context, depth));
constexpr std::int32_t stack_floor_offset = static_cast<std::int32_t>(offsetof(read_context, stack_floor));
constexpr std::int32_t max_depth_offset =
    static_cast<std::int32_t>(offsetof(read_context, reading) + offsetof(reader_options, max_depth));

using helper_fn = const char* (*)(const char*, const char*, void*) noexcept;

helper_fn helper_of(scalar_helper helper) {
  switch (helper) {
    case scalar_helper::int8: return &jsonjit_jit_read_int8;
    case scalar_helper::int16: return &jsonjit_jit_read_int16;
    case scalar_helper::int32: return &jsonjit_jit_read_int32;
    case scalar_helper::int64: return &jsonjit_jit_read_int64;
    case scalar_helper::uint8: return &jsonjit_jit_read_uint8;
    case scalar_helper::uint16: return &jsonjit_jit_read_uint16;
    case scalar_helper::uint32: return &jsonjit_jit_read_uint32;
    case scalar_helper::uint64: return &jsonjit_jit_read_uint64;
    case scalar_helper::float32: return &jsonjit_jit_read_float32;
    case scalar_helper::float64: return &jsonjit_jit_read_float64;
  }
  return nullptr;
}

argument value_at(value_base base, std::ptrdiff_t offset) { return argument::address(base_reg(base), offset); }

// The registers of a string read: the target std::string (shared_routines::string_scan keeps
// x4 to x7), and what the scan gives: the string's length (or -1) and its first 16 bytes.
constexpr a64::Gp string_target = a64::x4;
constexpr a64::Gp scanned_length = a64::x1;

}  // namespace

struct reader_emitter::state : a64_function {
  state(function_shape what, bool listing) : a64_function(listing) {
    fail = a.newLabel();
    prologue();
    a.mov(context, a64::x0);
    a.mov(object_reg, a64::x1);
    a.mov(cur, a64::x2);
    a.ldr(end, at(context, end_offset, 8));
    if (what == function_shape::object || what == function_shape::object_rest) {
      a.str(a64::xzr, seen);
      open_level();
      if (what == function_shape::object) expect('{');
    }
  }

  /// Skips whitespace and loads the next byte into w0 (gives up at the end of the input).
  /// Whitespace (compact JSON has none) takes a call to the function's whitespace routine.
  void load_token() {
    if (!whitespace.isValid()) whitespace = a.newLabel();
    const asmjit::Label back = a.newLabel();
    a.cmp(cur, end);
    a.b_hs(fail);
    a.ldrb(a64::w0, a64::ptr(cur));
    a.cmp(a64::w0, ' ');
    a.b_hi(back);
    a.bl(whitespace);
    a.bind(back);
  }
  /// The start of a routine of the function (called with bl) that calls a helper: the link
  /// register saved. end_routine_call restores it; the routine may then leave through the
  /// function's failure exit (its frame is the function's again).
  void begin_routine_call() {
    a.stp(a64::x29, a64::x30, a64::ptr_pre(a64::sp, -16));
    a.mov(a64::x29, a64::sp);
  }
  void end_routine_call() { a.ldp(a64::x29, a64::x30, a64::ptr_post(a64::sp, 16)); }
  /// The whitespace routine: skips the whitespace at the position and loads the byte after it
  /// into w0; at the end of the input it leaves through the failure exit.
  void emit_whitespace() {
    if (!whitespace.isValid()) return;
    comment("; whitespace, out of the straight line (compact JSON has none)");
    a.bind(whitespace);
    begin_routine_call();
    call(&jsonjit_jit_skip_whitespace, {argument::of(cur), argument::of(end)});
    end_routine_call();
    a.mov(cur, a64::x0);
    a.cmp(cur, end);
    a.b_hs(fail);
    a.ldrb(a64::w0, a64::ptr(cur));
    a.ret(a64::x30);
  }
  /// With the value's first byte in w0 (load_token): a plain string's length in x1 and its
  /// first 16 bytes in v0 (shared_routines::string_scan); anything else jumps to `otherwise`
  /// with the position unchanged.
  void scan_plain_string(asmjit::Label otherwise) {
    move(call_target, shared.string_scan);
    a.blr(call_target);
    a.cmp(scanned_length, 0);
    a.b_lt(otherwise);  // (not tbnz: it reaches 32 KiB, and a large type's function is longer)
  }
  /// The routines string() calls on its cold paths (bl), which leave through the failure exit
  /// as the whitespace routine does: `assign_string`, a plain string (length in x1) too long
  /// for the target's (x4) own buffer; `read_string`, any other value into the string at x4.
  void emit_string_routines() {
    if (!assign_string.isValid() && !read_string.isValid()) return;
    comment("; strings that are not short and plain, out of the straight line");
    auto take_position_and_return = [&] {
      end_routine_call();
      take_position();
      a.ret(a64::x30);
    };
    if (assign_string.isValid()) {
      a.bind(assign_string);
      begin_routine_call();
      a.mov(a64::x2, scanned_length);
      call(&jsonjit_jit_assign_string,
           {argument::of(string_target), argument::address(cur, 1), argument::of(a64::x2)});
      take_position_and_return();
    }
    if (read_string.isValid()) {
      a.bind(read_string);
      begin_routine_call();
      a.mov(a64::x2, string_target);
      call(&jsonjit_jit_read_string, {argument::of(cur), argument::of(end), argument::of(a64::x2)});
      take_position_and_return();
    }
  }
  /// The next byte after whitespace must be `c`: consumed.
  void expect(char c) {
    load_token();
    a.cmp(a64::w0, c);
    a.b_ne(fail);
    a.add(cur, cur, 1);
  }
  /// Gives up unless at least `n` bytes are left.
  void need(std::size_t n) {
    a.sub(a64::x1, end, cur);
    compare(a64::x1, static_cast<std::int64_t>(n));
    a.b_lo(fail);
  }
  /// Gives up unless the 4 bytes at the position are those of `text`.
  void expect_word(std::string_view text) {
    a.ldr(a64::w1, a64::ptr(cur));
    move(a64::w2, bytes_of<std::uint32_t>(text, 0));
    a.cmp(a64::w1, a64::w2);
    a.b_ne(fail);
  }
  void open_level() { a64_function::open_level(depth_offset, max_depth_offset, stack_floor_offset, fail); }
  void close_level() { a64_function::close_level(depth_offset); }
  /// The container at `offset` of the object: `open`, one level deeper, `clear` called, then
  /// (unless `close` follows) the loop label for its entries.
  template <class Clear>
  void open_container(char open, char close, std::ptrdiff_t offset, Clear* clear) {
    loop = a.newLabel();
    done = a.newLabel();
    expect(open);
    open_level();
    call(clear, {value_at(value_base::object, offset)});
    load_token();
    a.cmp(a64::w0, close);
    a.b_eq(done);
    a.bind(loop);
  }
  /// After an entry: `,` goes round the loop again, `close` ends the container.
  void close_container(char close) {
    const asmjit::Label not_comma = a.newLabel();
    load_token();
    a.cmp(a64::w0, ',');
    a.b_ne(not_comma);
    a.add(cur, cur, 1);
    a.b(loop);
    a.bind(not_comma);
    a.cmp(a64::w0, close);
    a.b_ne(fail);
    a.bind(done);
    a.add(cur, cur, 1);
    close_level();
  }
  /// At a value: `helper(context, position, what, target)`, which returns the new position or
  /// null.
  template <class Helper>
  void context_helper(Helper* helper, const void* what, argument target) {
    load_token();
    call(helper, {argument::of(context), argument::of(cur), argument::constant(what), target});
    take_position();
  }
  /// After a helper that returns the new position or null.
  void take_position() { a64_function::take_position(fail); }

  asmjit::Label fail;
  asmjit::Label whitespace;  // the whitespace routine
  asmjit::Label assign_string, read_string;  // the string routines
  /// The tail of next_member that expects `}`, one per object end it jumps to.
  struct closing_tail {
    label done;
    asmjit::Label start;
  };
  std::vector<closing_tail> closings;
  std::vector<asmjit::Label> labels;
  /// The routines the function calls; without them (no executable memory) it is never placed.
  const shared_routines& shared = routines();
  asmjit::Label loop, done;  // the open sequence, map or optional
  std::size_t stride = 0;    // the open fixed-size sequence's
};

reader_emitter::reader_emitter(function_shape what, bool listing)
    : state_(std::make_unique<state>(what, listing)) {}
reader_emitter::~reader_emitter() = default;

reader_emitter::label reader_emitter::new_label() {
  state_->labels.push_back(state_->a.newLabel());
  return static_cast<label>(state_->labels.size() - 1);
}
void reader_emitter::bind(label l) { state_->a.bind(state_->labels[l]); }
void reader_emitter::jump(label to) { state_->a.b(state_->labels[to]); }

void reader_emitter::if_end_of_object(label to) {
  auto& a = state_->a;
  const asmjit::Label other = a.newLabel();
  state_->load_token();
  a.cmp(a64::w0, '}');
  a.b_ne(other);
  a.add(cur, cur, 1);
  a.b(state_->labels[to]);
  a.bind(other);
}

void reader_emitter::match_name(std::string_view text, label miss) {
  state& s = *state_;
  auto& a = s.a;
  const asmjit::Label to = s.labels[miss];
  const auto n = static_cast<std::int64_t>(text.size());
  s.add(a64::x1, cur, n);
  a.cmp(a64::x1, end);
  a.b_hi(to);
  s.compare_text(cur, 0, text, to);
  s.advance(n);
}

void reader_emitter::mark_seen(unsigned index, bool reject_duplicates) {
  auto& a = state_->a;
  a.ldr(a64::x1, seen);
  if (reject_duplicates) {
    a.tst(a64::x1, std::uint64_t{1} << index);  // (not tbnz, which reaches 32 KiB)
    a.b_ne(state_->fail);
  }
  a.orr(a64::x1, a64::x1, std::uint64_t{1} << index);
  a.str(a64::x1, seen);
}

void reader_emitter::next_member(label next, label done) {
  state& s = *state_;
  auto& a = s.a;
  // Anything but a comma goes to the object's closing tail (shared by its members).
  auto tail = std::find_if(s.closings.begin(), s.closings.end(), [&](const state::closing_tail& t) { return t.done == done; });
  if (tail == s.closings.end()) tail = s.closings.insert(s.closings.end(), {done, a.newLabel()});
  s.load_token();
  a.cmp(a64::w0, ',');
  a.b_ne(tail->start);
  a.add(cur, cur, 1);
  s.load_token();
  a.b(s.labels[next]);
}

void reader_emitter::dispatch(const type_info* type, std::span<const label> values, label skipped) {
  state& s = *state_;
  auto& a = s.a;
  s.call(&jsonjit_jit_read_member, {argument::of(context), argument::of(cur), argument::constant(type),
                                    argument::of(object_reg), argument::address(a64::sp, seen_offset)});
  s.take_position();  // {position, index} in x0, x1
  a.cmn(a64::x1, 1);
  a.b_eq(s.labels[skipped]);
  for (std::size_t i = 0; i < values.size(); ++i) {
    s.compare(a64::x1, static_cast<std::int64_t>(i));
    a.b_eq(s.labels[values[i]]);
  }
  a.b(s.fail);
}

void reader_emitter::end_object(std::uint64_t required, std::ptrdiff_t seen_to) {
  state& s = *state_;
  auto& a = s.a;
  a.ldr(a64::x1, seen);
  if (required != 0) {
    s.move(a64::x2, required);
    a.bic(a64::x2, a64::x2, a64::x1);  // required and not seen
    a.cbnz(a64::x2, s.fail);
  }
  if (seen_to >= 0) a.str(a64::x1, s.at(object_reg, seen_to, 8));
  s.close_level();
  a.mov(a64::x0, cur);
  s.epilogue();
}

void reader_emitter::boolean(std::ptrdiff_t offset, value_base base) {
  state& s = *state_;
  auto& a = s.a;
  const asmjit::Label is_false = a.newLabel(), done = a.newLabel();
  s.load_token();
  a.cmp(a64::w0, 't');
  a.b_ne(is_false);
  s.need(4);
  s.expect_word("true");
  a.mov(a64::w1, 1);
  a.strb(a64::w1, s.at(base_reg(base), offset, 1));
  a.add(cur, cur, 4);
  a.b(done);
  a.bind(is_false);
  s.need(5);
  s.expect_word("fals");
  a.ldrb(a64::w1, a64::ptr(cur, 4));
  a.cmp(a64::w1, 'e');
  a.b_ne(s.fail);
  a.strb(a64::wzr, s.at(base_reg(base), offset, 1));
  a.add(cur, cur, 5);
  a.bind(done);
}

void reader_emitter::scalar(scalar_helper helper, std::ptrdiff_t offset, value_base base) {
  state& s = *state_;
  s.load_token();
  s.call(helper_of(helper), {argument::of(cur), argument::of(end), value_at(base, offset)});
  s.take_position();
}

void reader_emitter::string(std::ptrdiff_t offset, value_base base, bool inline_short) {
  state& s = *state_;
  auto& a = s.a;
  s.load_token();
  s.add(string_target, base_reg(base), offset);
  if (!s.read_string.isValid()) s.read_string = a.newLabel();
  if (!inline_short) {
    a.bl(s.read_string);
    return;
  }
  // Up to 15 plain bytes stored in place (the string keeps its text in its own buffer); a
  // longer plain one assigned without a second scan; anything else read by the helper.
  if (!s.assign_string.isValid()) s.assign_string = a.newLabel();
  const asmjit::Label general = a.newLabel(), assign = a.newLabel(), done = a.newLabel();
  s.scan_plain_string(general);
  a.cmp(scanned_length, 15);
  a.b_hi(assign);
  a.ldr(a64::x5, a64::ptr(string_target));
  a.add(a64::x6, string_target, 16);
  a.cmp(a64::x5, a64::x6);
  a.b_ne(assign);  // its text is on the heap: assign reuses that
  a.str(a64::q0, a64::ptr(a64::x6));
  a.str(scanned_length, a64::ptr(string_target, 8));
  a.strb(a64::wzr, a64::ptr(a64::x6, scanned_length));
  a.add(cur, cur, scanned_length);
  a.add(cur, cur, 2);
  a.b(done);
  a.bind(assign);
  a.bl(s.assign_string);
  a.b(done);
  a.bind(general);
  a.bl(s.read_string);
  a.bind(done);
}

void reader_emitter::converted(const converter_descriptor* converter, std::ptrdiff_t offset, value_base base) {
  state& s = *state_;
  auto& a = s.a;
  if (converter->read_string == nullptr) {
    s.context_helper(&jsonjit_jit_read_converted, converter, value_at(base, offset));
    return;
  }
  // A converter that reads strings from their text: a plain string is found here and its
  // text handed over; anything else goes to the general helper.
  const asmjit::Label general = a.newLabel(), done = a.newLabel();
  s.load_token();
  s.scan_plain_string(general);
  a.mov(a64::x2, scanned_length);
  s.call(&jsonjit_jit_read_text, {argument::of(context), argument::address(cur, 1), argument::of(a64::x2),
                                  argument::constant(converter), value_at(base, offset)});
  s.take_position();
  a.b(done);
  a.bind(general);
  s.context_helper(&jsonjit_jit_read_converted, converter, value_at(base, offset));
  a.bind(done);
}

void reader_emitter::interpreted(const type_info* type, std::ptrdiff_t offset, value_base base) {
  state_->context_helper(&jsonjit_jit_read_interpreted, type, value_at(base, offset));
}

void reader_emitter::number_or_text(const type_info* type, std::ptrdiff_t offset, value_base base) {
  state_->context_helper(&jsonjit_jit_read_number, type, value_at(base, offset));
}

void reader_emitter::variant(const type_info* type, std::ptrdiff_t offset, value_base base) {
  state_->context_helper(&jsonjit_jit_read_variant, type, value_at(base, offset));
}

void reader_emitter::enumeration(const type_info* type, std::ptrdiff_t offset, value_base base) {
  state_->context_helper(&jsonjit_jit_read_enum, type, value_at(base, offset));
}

void reader_emitter::base64(const type_info* type, std::ptrdiff_t offset, value_base base) {
  state_->context_helper(&jsonjit_jit_read_bytes, type, value_at(base, offset));
}

void reader_emitter::by_setter(const property_info* property) {
  state_->context_helper(&jsonjit_jit_read_by_setter, property, argument::of(object_reg));
}

void reader_emitter::skip_value() {
  state& s = *state_;
  s.load_token();
  s.call(&jsonjit_jit_skip_value, {argument::of(context), argument::of(cur)});
  s.take_position();
}

void reader_emitter::object(const read_fn* slot, std::ptrdiff_t offset, value_base base, bool may_be_empty) {
  state& s = *state_;
  auto& a = s.a;
  s.move(a64::x9, reinterpret_cast<std::uint64_t>(slot));
  a.ldr(a64::x9, a64::ptr(a64::x9));
  if (may_be_empty) a.cbz(a64::x9, s.fail);
  s.call_register(a64::x9, {argument::of(context), value_at(base, offset), argument::of(cur)});
  s.take_position();
}

void reader_emitter::begin_sequence(std::ptrdiff_t offset, const sequence_ops* ops) {
  state& s = *state_;
  s.open_container('[', ']', offset, ops->clear);
  s.call(ops->emplace_back, {value_at(value_base::object, offset)});
  s.a.mov(element, a64::x0);
}

void reader_emitter::end_sequence() { state_->close_container(']'); }

void reader_emitter::begin_array() {
  state_->expect('[');
  state_->open_level();
}

void reader_emitter::array_comma() { state_->expect(','); }

void reader_emitter::end_array() {
  state_->expect(']');
  state_->close_level();
}

void reader_emitter::begin_fixed(const sequence_ops* ops, std::size_t n) {
  state& s = *state_;
  auto& a = s.a;
  s.loop = a.newLabel();
  s.done = a.newLabel();
  s.stride = ops->stride;
  begin_array();
  s.call(ops->clear, {argument::of(object_reg)});  // as the interpreter does: elements reset first
  s.call(ops->data, {argument::of(object_reg)});
  a.mov(element, a64::x0);
  s.move(a64::x9, n);
  a.str(a64::x9, elements_left);
  a.bind(s.loop);
}

void reader_emitter::end_fixed() {
  state& s = *state_;
  auto& a = s.a;
  a.ldr(a64::x9, elements_left);
  a.subs(a64::x9, a64::x9, 1);
  a.str(a64::x9, elements_left);
  a.b_eq(s.done);
  array_comma();
  s.add(element, element, static_cast<std::int64_t>(s.stride));
  a.b(s.loop);
  a.bind(s.done);
  end_array();
}

void reader_emitter::inserted(const type_info* sequence) {
  state_->context_helper(&jsonjit_jit_read_inserted, sequence, argument::of(object_reg));
}

void reader_emitter::end_value_function() {
  state_->a.mov(a64::x0, cur);
  state_->epilogue();
}

void reader_emitter::begin_map(std::ptrdiff_t offset, const type_info* map, const map_ops* ops) {
  state& s = *state_;
  auto& a = s.a;
  s.open_container('{', '}', offset, ops->clear);
  s.call(&jsonjit_jit_map_entry, {argument::of(context), argument::of(cur), argument::constant(map),
                                  value_at(value_base::object, offset)});
  a.cbz(a64::x0, s.fail);  // {value, position} in x0, x1
  a.mov(element, a64::x0);
  a.mov(cur, a64::x1);
}

void reader_emitter::end_map() { state_->close_container('}'); }

void reader_emitter::begin_nullable(std::ptrdiff_t offset, const nullable_ops* ops) {
  state& s = *state_;
  auto& a = s.a;
  s.done = a.newLabel();
  const asmjit::Label has_value = a.newLabel();
  s.load_token();
  a.cmp(a64::w0, 'n');
  a.b_ne(has_value);
  s.need(4);
  s.expect_word("null");
  a.add(cur, cur, 4);
  s.call(ops->reset, {value_at(value_base::object, offset)});
  a.b(s.done);
  a.bind(has_value);
  s.call(ops->emplace, {value_at(value_base::object, offset)});
  a.mov(element, a64::x0);
}

void reader_emitter::end_nullable() { state_->a.bind(state_->done); }

void reader_emitter::comment(std::string_view text) { state_->comment(text); }
std::string reader_emitter::listing() const { return state_->listing(); }

placed_code reader_emitter::finish(code_memory& memory, std::string_view name) {
  state& s = *state_;
  auto& a = s.a;
  a.bind(s.fail);
  a.mov(a64::x0, 0);
  s.epilogue();
  for (const state::closing_tail& t : s.closings) {
    a.bind(t.start);
    a.cmp(a64::w0, '}');
    a.b_ne(s.fail);
    a.add(cur, cur, 1);
    a.b(s.labels[t.done]);
  }
  s.emit_whitespace();
  s.emit_string_routines();
  if (!s.shared.available) return {};
  return s.place(memory, name);
}

placed_code place_constructed_entry(code_memory& memory, std::string_view name,
                                    const constructed_reader* reader, std::string* listing) {
  // A tail call: the arguments (context, object, position) stay where the caller put them.
  a64_function f(listing != nullptr);
  f.comment("; built by its constructor: members into a frame, then the object");
  f.move(a64::x3, reinterpret_cast<std::uint64_t>(reader));
  f.a.mov(a64::w4, 0);
  f.move(call_target, reinterpret_cast<std::uint64_t>(&jsonjit_jit_read_constructed));
  f.a.br(call_target);
  if (listing != nullptr) *listing = f.listing();
  return f.place(memory, name);
}

}  // namespace jsonjit::detail::jit
