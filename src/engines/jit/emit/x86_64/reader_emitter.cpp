#include <algorithm>
#include <cstddef>
#include <cstring>
#include <vector>

#include "engines/jit/emit/reader_emitter_p.hpp"
#include "engines/jit/emit/shared_routines_p.hpp"
#include "engines/jit/emit/x86_64/x86_function_p.hpp"

namespace jsonjit::detail::jit {
namespace {

constexpr x86::Mem seen = stack_slot(0);  // bit i: property i was read
constexpr x86::Mem elements_left = stack_slot(1);  // of a fixed-size sequence

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

}  // namespace

struct reader_emitter::state : x86_function {
  state(function_shape what, bool listing) : x86_function(listing) {
    fail = a.newLabel();
    prologue();
    a.mov(context, x86::rdi);
    a.mov(object_reg, x86::rsi);
    a.mov(cur, x86::rdx);
    a.mov(end, x86::qword_ptr(context, end_offset));
    if (what == function_shape::object || what == function_shape::object_rest) {
      a.mov(seen, asmjit::Imm(0));
      open_level();
      if (what == function_shape::object) expect('{');
    }
  }

  /// Skips whitespace and loads the next byte into eax (gives up at the end of the input).
  /// Whitespace (compact JSON has none) takes a call to the function's whitespace routine.
  void load_token() {
    if (!whitespace.isValid()) whitespace = a.newLabel();
    emit(x86_template::load_token, {fail, whitespace});
  }
  /// The whitespace routine, called within the function: skips the whitespace at the
  /// position and loads the byte after it into eax; at the end of the input it leaves through
  /// the function's failure exit, dropping its return address.
  void emit_whitespace() {
    if (!whitespace.isValid()) return;
    comment("; whitespace, out of the straight line (compact JSON has none)");
    a.bind(whitespace);
    a.sub(x86::rsp, 8);  // the stack aligned as in the function, for the helper call
    a.mov(x86::rdi, cur);
    a.mov(x86::rsi, end);
    call(&jsonjit_jit_skip_whitespace);
    a.add(x86::rsp, 8);
    a.mov(cur, x86::rax);
    a.cmp(cur, end);
    a.jae(leave_label());
    a.movzx(x86::eax, x86::byte_ptr(cur));
    a.ret();
  }
  /// Where the function's routines leave through its failure exit, dropping their return
  /// address (made on first use, bound by emit_leave).
  asmjit::Label leave_label() {
    if (!leave.isValid()) leave = a.newLabel();
    return leave;
  }
  void emit_leave() {
    if (!leave.isValid()) return;
    a.bind(leave);
    a.add(x86::rsp, 8);
    a.jmp(fail);
  }
  /// With the value's first byte in eax (load_token): a plain string's length in rcx and its
  /// first 16 bytes in xmm0 (shared_routines::string_scan); anything else jumps to
  /// `otherwise` with the position unchanged.
  void scan_plain_string(asmjit::Label otherwise) {
    call_routine(shared.string_scan);  // rcx: its length, or negative
    a.test(x86::rcx, x86::rcx);
    a.js(otherwise);
  }
  /// Calls the function's routine `routine` (emitted by emit_string_routines: the label made
  /// here on first use).
  void call_local(asmjit::Label& routine) {
    if (!routine.isValid()) routine = a.newLabel();
    a.call(routine);
  }
  /// The routines string() calls on its cold paths, which leave through the failure exit as
  /// the whitespace routine does: `assign_string`, a plain string (length in rcx) too long for
  /// the target's (rdx) own buffer; `read_string`, any other value into the string at rdx.
  void emit_string_routines() {
    if (!assign_string.isValid() && !read_string.isValid()) return;
    comment("; strings that are not short and plain, out of the straight line");
    const asmjit::Label failed = leave_label();
    auto take_position_or_leave = [&] {
      a.add(x86::rsp, 8);
      a.test(x86::rax, x86::rax);
      a.jz(failed);
      a.mov(cur, x86::rax);
      a.ret();
    };
    if (assign_string.isValid()) {
      a.bind(assign_string);
      a.sub(x86::rsp, 8);  // the stack aligned as in the function, for the helper call
      a.mov(x86::rdi, x86::rdx);
      a.lea(x86::rsi, x86::ptr(cur, 1));
      a.mov(x86::rdx, x86::rcx);
      call(&jsonjit_jit_assign_string);
      take_position_or_leave();
    }
    if (read_string.isValid()) {
      a.bind(read_string);
      a.sub(x86::rsp, 8);
      a.mov(x86::rdi, cur);
      a.mov(x86::rsi, end);
      call(&jsonjit_jit_read_string);
      take_position_or_leave();
    }
  }
  /// The next byte after whitespace must be `c`: consumed.
  void expect(char c) {
    load_token();
    a.cmp(x86::eax, c);
    a.jne(fail);
    a.inc(cur);
  }
  /// Gives up unless at least `n` bytes are left (rcx holds how many).
  void need(std::size_t n) {
    a.mov(x86::rcx, end);
    a.sub(x86::rcx, cur);
    a.cmp(x86::rcx, asmjit::Imm(static_cast<std::int64_t>(n)));
    a.jb(fail);
  }
  void open_level() { x86_function::open_level(depth_offset, max_depth_offset, stack_floor_offset, fail); }
  void close_level() { x86_function::close_level(depth_offset); }
  /// The container at `offset` of the object: `open`, one level deeper, `clear` called, then
  /// (unless `close` follows) the loop label for its entries.
  template <class Clear>
  void open_container(char open, char close, std::ptrdiff_t offset, Clear* clear) {
    loop = a.newLabel();
    done = a.newLabel();
    expect(open);
    open_level();
    a.lea(x86::rdi, at(value_base::object, offset));
    call(clear);
    load_token();
    a.cmp(x86::eax, close);
    a.je(done);
    a.bind(loop);
  }
  /// After an entry: `,` goes round the loop again, `close` ends the container.
  void close_container(char close) {
    const asmjit::Label not_comma = a.newLabel();
    load_token();
    a.cmp(x86::eax, ',');
    a.jne(not_comma);
    a.inc(cur);
    a.jmp(loop);
    a.bind(not_comma);
    a.cmp(x86::eax, close);
    a.jne(fail);
    a.bind(done);
    a.inc(cur);
    close_level();
  }
  /// At a value: `helper(context, position, what, address of target)`, which returns the new
  /// position or null.
  template <class Helper>
  void context_helper(Helper* helper, const void* what, const x86::Mem& target) {
    load_token();
    a.mov(x86::rdi, context);
    a.mov(x86::rsi, cur);
    a.mov(x86::rdx, asmjit::Imm(reinterpret_cast<std::uint64_t>(what)));
    a.lea(x86::rcx, target);
    call(helper);
    take_position();
  }
  /// After a helper that returns the new position or null.
  void take_position() { x86_function::take_position(fail); }

  asmjit::Label fail;
  asmjit::Label whitespace;  // the whitespace routine
  asmjit::Label leave;       // the routines' way to the failure exit
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
void reader_emitter::jump(label to) { state_->a.jmp(state_->labels[to]); }

void reader_emitter::if_end_of_object(label to) {
  auto& a = state_->a;
  const asmjit::Label other = a.newLabel();
  state_->load_token();
  a.cmp(x86::eax, '}');
  a.jne(other);
  a.inc(cur);
  a.jmp(state_->labels[to]);
  a.bind(other);
}

void reader_emitter::match_name(std::string_view text, label miss) {
  state& s = *state_;
  auto& a = s.a;
  const asmjit::Label to = s.labels[miss];
  const auto n = static_cast<std::int64_t>(text.size());
  if (small_value(n)) {
    s.emit(x86_template::name_room, {to}, {n});
  } else {
    write_name_room(a, &to, &n);
  }
  // Whole words, the last one overlapping the one before: no byte past the name is read.
  if (n >= 8) {
    for (std::size_t i = 0;; i += 8) {
      const std::size_t from = i + 8 <= text.size() ? i : text.size() - 8;
      const std::uint64_t word = bytes_of<std::uint64_t>(text, from);
      const std::int64_t values[] = {static_cast<std::int64_t>(word), static_cast<std::int64_t>(from)};
      if (from == 0 && needs_64_bits(word)) {
        s.emit(x86_template::compare8, {to}, {values[0]});
      } else if (small_value(values[1]) && needs_64_bits(word)) {
        s.emit(x86_template::compare8_at, {to}, {values[0], values[1]});
      } else {
        write_compare8_at(a, &to, values);
      }
      if (from + 8 >= text.size()) break;
    }
  } else if (n >= 4) {
    const std::int64_t values[] = {bytes_of<std::int32_t>(text, 0),
                                   bytes_of<std::int32_t>(text, text.size() - 4), n - 4};
    if (small_value(values[2])) {
      s.emit(x86_template::compare4_pair, {to}, {values[0], values[1], values[2]});
    } else {
      write_compare4_pair(a, &to, values);
    }
  } else {
    a.cmp(x86::word_ptr(cur), asmjit::Imm(bytes_of<std::uint16_t>(text, 0)));
    a.jne(to);
    a.cmp(x86::word_ptr(cur, static_cast<std::int32_t>(n - 2)),
          asmjit::Imm(bytes_of<std::uint16_t>(text, text.size() - 2)));
    a.jne(to);
  }
  s.advance(n);
}

void reader_emitter::mark_seen(unsigned index, bool reject_duplicates) {
  auto& a = state_->a;
  if (reject_duplicates) {
    a.bt(seen, asmjit::Imm(index));
    a.jc(state_->fail);
  }
  a.bts(seen, asmjit::Imm(index));
}

void reader_emitter::next_member(label next, label done) {
  state& s = *state_;
  auto& a = s.a;
  // Anything but a comma goes to the object's closing tail (shared by its members).
  auto tail = std::find_if(s.closings.begin(), s.closings.end(), [&](const state::closing_tail& t) { return t.done == done; });
  if (tail == s.closings.end()) tail = s.closings.insert(s.closings.end(), {done, a.newLabel()});
  if (!s.whitespace.isValid()) s.whitespace = a.newLabel();
  s.emit(x86_template::next_member, {s.fail, s.whitespace, tail->start, s.labels[next]});
}

void reader_emitter::dispatch(const type_info* type, std::span<const label> values, label skipped) {
  auto& a = state_->a;
  a.mov(x86::rdi, context);
  a.mov(x86::rsi, cur);
  a.mov(x86::rdx, asmjit::Imm(reinterpret_cast<std::uint64_t>(type)));
  a.mov(x86::rcx, object_reg);
  a.lea(x86::r8, seen);
  state_->call(&jsonjit_jit_read_member);  // {position, index} in rax, rdx
  state_->take_position();
  a.cmp(x86::rdx, asmjit::Imm(-1));
  a.je(state_->labels[skipped]);
  for (std::size_t i = 0; i < values.size(); ++i) {
    a.cmp(x86::rdx, asmjit::Imm(static_cast<std::int64_t>(i)));
    a.je(state_->labels[values[i]]);
  }
  a.jmp(state_->fail);
}

void reader_emitter::end_object(std::uint64_t required, std::ptrdiff_t seen_to) {
  auto& a = state_->a;
  if (required != 0) {
    a.mov(x86::rax, seen);
    a.not_(x86::rax);
    a.mov(x86::rcx, asmjit::Imm(required));
    a.test(x86::rax, x86::rcx);
    a.jnz(state_->fail);
  }
  if (seen_to >= 0) {
    a.mov(x86::rax, seen);
    a.mov(at(value_base::object, seen_to), x86::rax);
  }
  state_->close_level();
  a.mov(x86::rax, cur);
  state_->epilogue();
}

void reader_emitter::boolean(std::ptrdiff_t offset, value_base base) {
  state& s = *state_;
  auto& a = s.a;
  const asmjit::Label is_false = a.newLabel(), done = a.newLabel();
  s.load_token();
  a.cmp(x86::eax, 't');
  a.jne(is_false);
  s.need(4);
  a.cmp(x86::dword_ptr(cur), asmjit::Imm(bytes_of<std::uint32_t>("true", 0)));
  a.jne(s.fail);
  a.mov(x86::byte_ptr(base_reg(base), static_cast<std::int32_t>(offset)), 1);
  a.add(cur, 4);
  a.jmp(done);
  a.bind(is_false);
  s.need(5);
  a.cmp(x86::dword_ptr(cur), asmjit::Imm(bytes_of<std::uint32_t>("fals", 0)));
  a.jne(s.fail);
  a.cmp(x86::byte_ptr(cur, 4), 'e');
  a.jne(s.fail);
  a.mov(x86::byte_ptr(base_reg(base), static_cast<std::int32_t>(offset)), 0);
  a.add(cur, 5);
  a.bind(done);
}

void reader_emitter::scalar(scalar_helper helper, std::ptrdiff_t offset, value_base base) {
  state& s = *state_;
  auto& a = s.a;
  s.load_token();
  a.mov(x86::rdi, cur);
  a.mov(x86::rsi, end);
  a.lea(x86::rdx, at(base, offset));
  s.call(helper_of(helper));
  s.take_position();
}

void reader_emitter::string(std::ptrdiff_t offset, value_base base, bool inline_short) {
  state& s = *state_;
  auto& a = s.a;
  s.load_token();
  a.lea(x86::rdx, at(base, offset));
  if (!inline_short) {
    s.call_local(s.read_string);
    return;
  }
  // Inline around the shared scan rather than a routine of its own: a call and return per
  // string made LoginViewModel's read 3–4% slower (80–83 ns against 79–89 ns in three
  // interleaved runs; noisy). What is not a short plain string calls the function's routines.
  if (!s.assign_string.isValid()) s.assign_string = a.newLabel();
  if (!s.read_string.isValid()) s.read_string = a.newLabel();
  s.emit(x86_template::read_string, {s.assign_string, s.read_string}, {static_cast<std::int64_t>(s.shared.string_scan)});
}

void reader_emitter::converted(const converter_descriptor* converter, std::ptrdiff_t offset, value_base base) {
  state& s = *state_;
  auto& a = s.a;
  if (converter->read_string == nullptr) {
    s.context_helper(&jsonjit_jit_read_converted, converter, at(base, offset));
    return;
  }
  // A converter that reads strings from their text: a plain string is found here and its
  // text handed over; anything else goes to the general helper.
  const asmjit::Label general = a.newLabel(), done = a.newLabel();
  s.load_token();
  s.scan_plain_string(general);
  a.mov(x86::rdi, context);
  a.lea(x86::rsi, x86::ptr(cur, 1));
  a.mov(x86::rdx, x86::rcx);
  a.mov(x86::rcx, asmjit::Imm(reinterpret_cast<std::uint64_t>(converter)));
  a.lea(x86::r8, at(base, offset));
  s.call(&jsonjit_jit_read_text);
  s.take_position();
  a.jmp(done);
  a.bind(general);
  s.context_helper(&jsonjit_jit_read_converted, converter, at(base, offset));
  a.bind(done);
}

void reader_emitter::interpreted(const type_info* type, std::ptrdiff_t offset, value_base base) {
  state_->context_helper(&jsonjit_jit_read_interpreted, type, at(base, offset));
}

void reader_emitter::number_or_text(const type_info* type, std::ptrdiff_t offset, value_base base) {
  state_->context_helper(&jsonjit_jit_read_number, type, at(base, offset));
}

void reader_emitter::variant(const type_info* type, std::ptrdiff_t offset, value_base base) {
  state_->context_helper(&jsonjit_jit_read_variant, type, at(base, offset));
}

void reader_emitter::enumeration(const type_info* type, std::ptrdiff_t offset, value_base base) {
  state_->context_helper(&jsonjit_jit_read_enum, type, at(base, offset));
}

void reader_emitter::base64(const type_info* type, std::ptrdiff_t offset, value_base base) {
  state_->context_helper(&jsonjit_jit_read_bytes, type, at(base, offset));
}

void reader_emitter::by_setter(const property_info* property) {
  state_->context_helper(&jsonjit_jit_read_by_setter, property, x86::ptr(object_reg));
}

void reader_emitter::skip_value() {
  state& s = *state_;
  s.load_token();
  s.a.mov(x86::rdi, context);
  s.a.mov(x86::rsi, cur);
  s.call(&jsonjit_jit_skip_value);
  s.take_position();
}

void reader_emitter::object(const read_fn* slot, std::ptrdiff_t offset, value_base base, bool may_be_empty) {
  state& s = *state_;
  auto& a = s.a;
  a.mov(x86::rdi, context);
  a.lea(x86::rsi, at(base, offset));
  a.mov(x86::rdx, cur);
  a.mov(x86::rax, asmjit::Imm(reinterpret_cast<std::uint64_t>(slot)));
  if (may_be_empty) {
    a.mov(x86::rax, x86::qword_ptr(x86::rax));
    a.test(x86::rax, x86::rax);
    a.jz(s.fail);
    a.call(x86::rax);
  } else {
    a.call(x86::qword_ptr(x86::rax));
  }
  s.take_position();
}

void reader_emitter::begin_sequence(std::ptrdiff_t offset, const sequence_ops* ops) {
  state& s = *state_;
  s.open_container('[', ']', offset, ops->clear);
  s.a.lea(x86::rdi, at(value_base::object, offset));
  s.call(ops->emplace_back);
  s.a.mov(element, x86::rax);
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
  a.mov(x86::rdi, object_reg);  // as the interpreter does: elements reset first
  s.call(ops->clear);
  a.mov(x86::rdi, object_reg);
  s.call(ops->data);
  a.mov(element, x86::rax);
  a.mov(elements_left, asmjit::Imm(static_cast<std::int64_t>(n)));
  a.bind(s.loop);
}

void reader_emitter::end_fixed() {
  state& s = *state_;
  auto& a = s.a;
  a.dec(elements_left);
  a.jz(s.done);
  array_comma();
  a.add(element, asmjit::Imm(static_cast<std::int64_t>(s.stride)));
  a.jmp(s.loop);
  a.bind(s.done);
  end_array();
}

void reader_emitter::inserted(const type_info* sequence) {
  state& s = *state_;
  s.context_helper(&jsonjit_jit_read_inserted, sequence, x86::ptr(object_reg));
}

void reader_emitter::end_value_function() {
  state_->a.mov(x86::rax, cur);
  state_->epilogue();
}

void reader_emitter::begin_map(std::ptrdiff_t offset, const type_info* map, const map_ops* ops) {
  state& s = *state_;
  auto& a = s.a;
  s.open_container('{', '}', offset, ops->clear);
  a.mov(x86::rdi, context);
  a.mov(x86::rsi, cur);
  a.mov(x86::rdx, asmjit::Imm(reinterpret_cast<std::uint64_t>(map)));
  a.lea(x86::rcx, at(value_base::object, offset));
  s.call(&jsonjit_jit_map_entry);  // {value, position} in rax, rdx
  a.test(x86::rax, x86::rax);
  a.jz(s.fail);
  a.mov(element, x86::rax);
  a.mov(cur, x86::rdx);
}

void reader_emitter::end_map() { state_->close_container('}'); }

void reader_emitter::begin_nullable(std::ptrdiff_t offset, const nullable_ops* ops) {
  state& s = *state_;
  auto& a = s.a;
  s.done = a.newLabel();
  const asmjit::Label has_value = a.newLabel();
  s.load_token();
  a.cmp(x86::eax, 'n');
  a.jne(has_value);
  s.need(4);
  a.cmp(x86::dword_ptr(cur), asmjit::Imm(bytes_of<std::uint32_t>("null", 0)));
  a.jne(s.fail);
  a.add(cur, 4);
  a.lea(x86::rdi, at(value_base::object, offset));
  s.call(ops->reset);
  a.jmp(s.done);
  a.bind(has_value);
  a.lea(x86::rdi, at(value_base::object, offset));
  s.call(ops->emplace);
  a.mov(element, x86::rax);
}

void reader_emitter::end_nullable() { state_->a.bind(state_->done); }

void reader_emitter::comment(std::string_view text) { state_->comment(text); }
std::string reader_emitter::listing() const { return state_->listing(); }

placed_code reader_emitter::finish(code_memory& memory, std::string_view name) {
  state& s = *state_;
  auto& a = s.a;
  a.bind(s.fail);
  a.xor_(x86::eax, x86::eax);
  s.epilogue();
  for (const state::closing_tail& t : s.closings) {
    a.bind(t.start);
    a.cmp(x86::eax, '}');
    a.jne(s.fail);
    a.inc(cur);
    a.jmp(s.labels[t.done]);
  }
  s.emit_whitespace();
  s.emit_string_routines();
  s.emit_leave();
  if (!s.shared.available) return {};
  return s.place(memory, name);
}

}  // namespace jsonjit::detail::jit

namespace jsonjit::detail::jit {

placed_code place_constructed_entry(code_memory& memory, std::string_view name,
                                    const constructed_reader* reader, std::string* listing) {
  // A tail call: the arguments (context, object, position) stay where the caller put them.
  x86_function f(listing != nullptr);
  f.comment("; built by its constructor: members into a frame, then the object");
  f.a.mov(x86::rcx, asmjit::Imm(reinterpret_cast<std::uint64_t>(reader)));
  f.a.xor_(x86::r8d, x86::r8d);
  f.a.mov(x86::rax, asmjit::Imm(reinterpret_cast<std::uint64_t>(&jsonjit_jit_read_constructed)));
  f.a.jmp(x86::rax);
  if (listing != nullptr) *listing = f.listing();
  return f.place(memory, name);
}

}  // namespace jsonjit::detail::jit
