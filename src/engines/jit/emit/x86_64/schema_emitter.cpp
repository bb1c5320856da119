#include <algorithm>
#include <cstring>
#include <vector>

#include "engines/jit/emit/schema_emitter_p.hpp"
#include "engines/jit/emit/shared_routines_p.hpp"
#include "engines/jit/emit/x86_64/schema_frame_p.hpp"
#include "engines/jit/emit/x86_64/x86_function_p.hpp"
#include "engines/jit/jit_p.hpp"

namespace jsonjit::detail::jit {

using namespace schema_frame;

namespace {

constexpr std::uint32_t mask_entries = 63;  // entries the mask holds one by one

/// Compares the 64-bit `operand` with `n`: an immediate where it fits in 32 signed bits, else
/// through `scratch`.
template <class Operand>
void compare_with(x86::Assembler& a, const Operand& operand, std::uint64_t n, const x86::Gp& scratch = x86::rcx) {
  if (n <= 0x7FFF'FFFFu) {
    a.cmp(operand, asmjit::Imm(static_cast<std::int64_t>(n)));
  } else {
    a.mov(scratch, asmjit::Imm(n));
    a.cmp(operand, scratch);
  }
}

/// Jumps to `to` where `value` (not rax) lies in one of `ranges`.
void jump_if_in(x86::Assembler& a, const x86::Gp& value, std::span<const length_range> ranges, asmjit::Label to) {
  for (const length_range& r : ranges) {
    const asmjit::Label outside = a.newLabel();
    if (r.low > 0) {
      compare_with(a, value, r.low, x86::rax);
      a.jb(outside);
    }
    if (r.high != UINT64_MAX) {
      compare_with(a, value, r.high, x86::rax);
      a.ja(outside);
    }
    a.jmp(to);
    a.bind(outside);
  }
}

}  // namespace

struct schema_emitter::state : x86_function {
  state(const schema_context_layout& l, bool listing) : x86_function(listing), layout(l) {
    // Never listed in the library: the templates' 32-bit displacements (context offsets, jumps
    // back to a loop) need not be the assembler's shortest.
    copy_backward_jumps = true;
    fail = a.newLabel();
    give_up = a.newLabel();
    whitespace = a.newLabel();
    leave = a.newLabel();
    number = a.newLabel();
  }

  /// Skips whitespace and loads the next byte into eax, failing at the end of the input.
  /// Whitespace (compact JSON has none) takes a call to the shared whitespace routine.
  void load_token() { emit(x86_template::load_token, {fail, whitespace}); }

  /// The code every function shares, after the last one: the failure exit (the depth put
  /// back as the function found it, null returned), giving up, the whitespace routine (which
  /// leaves through the failure exit at the end of the input, dropping its return address)
  /// and the jump tables.
  void emit_shared_tails() {
    comment("; shared by every function: failing, giving up, whitespace");
    a.bind(give_up);
    a.mov(x86::byte_ptr(context, layout.gave_up), 1);
    a.bind(fail);
    a.mov(x86::eax, entry_depth);
    a.mov(x86::dword_ptr(context, layout.depth), x86::eax);
    a.xor_(x86::eax, x86::eax);
    epilogue();
    // Whitespace 16 bytes at a time (a line break and its indentation, or the space after a
    // colon, in one step); the last 15 bytes of the input by the reader's own function.
    const asmjit::Label vectors = a.newLabel(), tail = a.newLabel(), found = a.newLabel();
    a.bind(whitespace);
    a.bind(vectors);
    a.lea(x86::rcx, x86::ptr(cur, 16));
    a.cmp(x86::rcx, end);
    a.ja(tail);
    a.movdqu(x86::xmm0, x86::ptr(cur));
    a.movdqa(x86::xmm1, x86::xmm0);
    a.pcmpeqb(x86::xmm1, vector(' '));
    a.movdqa(x86::xmm2, x86::xmm0);
    a.pcmpeqb(x86::xmm2, vector('\n'));
    a.por(x86::xmm1, x86::xmm2);
    a.pand(x86::xmm0, vector(0xFB));  // tab (0x09) and carriage return (0x0D) differ in bit 2 only
    a.pcmpeqb(x86::xmm0, vector('\t'));
    a.por(x86::xmm1, x86::xmm0);
    a.pmovmskb(x86::ecx, x86::xmm1);
    a.xor_(x86::ecx, 0xFFFF);
    a.jnz(found);
    a.add(cur, 16);
    a.jmp(vectors);
    a.bind(found);
    a.bsf(x86::ecx, x86::ecx);
    a.add(cur, x86::rcx);
    a.movzx(x86::eax, x86::byte_ptr(cur));
    a.ret();
    a.bind(tail);
    a.sub(x86::rsp, 8);  // the stack aligned as in the function, for the helper call
    a.mov(x86::rdi, cur);
    a.mov(x86::rsi, end);
    call(&jsonjit_jit_skip_whitespace);
    a.add(x86::rsp, 8);
    a.mov(cur, x86::rax);
    a.cmp(cur, end);
    a.jae(leave);
    a.movzx(x86::eax, x86::byte_ptr(cur));
    a.ret();
    a.bind(leave);
    a.add(x86::rsp, 8);
    a.jmp(fail);
    emit_number_routine();
    for (const jump_table& t : tables) {
      a.align(asmjit::AlignMode::kData, 4);
      a.bind(t.at);
      for (asmjit::Label target : t.targets) a.embedLabelDelta(target, t.at, 4);
    }
  }

  /// The number routine (write_number_routine), leaving through the failure exit.
  void emit_number_routine() {
    comment("; numbers: the grammar, runs of digits eight at a time (without a call to C++)");
    a.bind(number);
    emit(x86_template::number_routine, {leave});
  }

  /// The next function's entry (aligned, kept in `entries`) and frame.
  void start_function(bool tracks) {
    const asmjit::Label entry = a.newLabel();
    a.align(asmjit::AlignMode::kCode, 16);
    a.bind(entry);
    entries.push_back(entry);
    prologue();
    tracking = tracks;
  }

  /// member_by_name's names compared in place: by the length in rcx (a jump table), then
  /// their bytes after the quote at the position; a name found has its colon consumed, its
  /// seen bits set and its value given to its functions (each non-empty `slots`), then goes
  /// to `done`; any other to `unknown` with the position and rcx unchanged.
  void known_names(std::span<const named_member> known, asmjit::Label unknown, asmjit::Label done) {
    std::size_t longest = 0;
    for (const named_member& m : known) longest = std::max(longest, m.text.size());
    const std::size_t table = tables.size();
    tables.push_back({a.newLabel(), std::vector<asmjit::Label>(longest + 1, unknown)});
    a.cmp(x86::rcx, static_cast<std::int32_t>(longest));
    a.ja(unknown);
    a.lea(x86::rdx, x86::ptr(tables[table].at));
    a.movsxd(x86::rax, x86::dword_ptr(x86::rdx, x86::rcx, 2));
    a.add(x86::rax, x86::rdx);
    a.jmp(x86::rax);
    std::vector<asmjit::Label> found(known.size());
    for (std::size_t length = 0; length <= longest; ++length) {
      bool any = false;
      for (std::size_t k = 0; k < known.size(); ++k) {
        if (known[k].text.size() != length) continue;
        if (!any) {
          tables[table].targets[length] = a.newLabel();
          a.bind(tables[table].targets[length]);
          any = true;
        }
        found[k] = a.newLabel();
        const asmjit::Label next = a.newLabel();
        compare_name(known[k].text, next);
        a.jmp(found[k]);
        a.bind(next);
      }
      if (any) a.jmp(unknown);
    }
    for (std::size_t k = 0; k < known.size(); ++k) {
      const named_member& m = known[k];
      a.bind(found[k]);
      advance(static_cast<std::int64_t>(m.text.size()) + 2);
      load_token();
      a.cmp(x86::eax, ':');
      a.jne(fail);
      a.inc(cur);
      load_token();
      if (m.seen != 0) {
        a.mov(x86::rax, asmjit::Imm(m.seen));
        a.or_(seen, x86::rax);
      }
      // Every function from the value's start (kept in a slot where there are more than one);
      // the first one's end is the value's.
      if (m.slots.size() > 1) a.mov(name_start, cur);
      for (std::size_t j = 0; j < m.slots.size(); ++j) {
        a.mov(x86::rdi, context);
        if (j == 0) {
          a.mov(x86::rsi, cur);
        } else {
          a.mov(x86::rsi, name_start);
        }
        if (tracks(m.slots[j])) load_mask_argument(false);
        a.mov(x86::rax, asmjit::Imm(reinterpret_cast<std::uint64_t>(m.slots[j])));
        a.call(x86::qword_ptr(x86::rax));
        a.test(x86::rax, x86::rax);
        a.jz(fail);
        if (j == 0) a.mov(cur, x86::rax);
      }
      a.jmp(done);
    }
  }

  /// Jumps to `miss` unless the bytes after the quote at the position are `text` (the length
  /// is already known to match).
  void compare_name(std::string_view text, asmjit::Label miss) {
    const auto n = static_cast<std::int32_t>(text.size());
    if (n >= 8) {
      for (std::size_t i = 0;; i += 8) {
        const std::size_t from = i + 8 <= text.size() ? i : text.size() - 8;
        a.mov(x86::rax, asmjit::Imm(bytes_of<std::uint64_t>(text, from)));
        a.cmp(x86::qword_ptr(cur, static_cast<std::int32_t>(from) + 1), x86::rax);
        a.jne(miss);
        if (from + 8 >= text.size()) break;
      }
    } else if (n >= 4) {
      a.cmp(x86::dword_ptr(cur, 1), asmjit::Imm(bytes_of<std::int32_t>(text, 0)));
      a.jne(miss);
      a.cmp(x86::dword_ptr(cur, n - 3), asmjit::Imm(bytes_of<std::int32_t>(text, text.size() - 4)));
      a.jne(miss);
    } else if (n >= 2) {
      a.cmp(x86::word_ptr(cur, 1), asmjit::Imm(bytes_of<std::int16_t>(text, 0)));
      a.jne(miss);
      a.cmp(x86::word_ptr(cur, n - 1), asmjit::Imm(bytes_of<std::int16_t>(text, text.size() - 2)));
      a.jne(miss);
    } else if (n == 1) {
      a.cmp(x86::byte_ptr(cur, 1), static_cast<std::uint8_t>(text[0]));
      a.jne(miss);
    }
  }

  /// Where a call's callee reports what it evaluated (see the header): this function's mask
  /// for a subschema applied in place by a tracking function, else the context's discard.
  void load_mask_argument(bool in_place) {
    if (in_place && tracking) {
      a.lea(x86::rdx, evaluated);
    } else {
      a.lea(x86::rdx, x86::ptr(context, layout.discard));
    }
  }

  /// Whether the function in `slot` may read rdx.
  bool tracks(const void* const* slot) const {
    if (tracking_table == nullptr) return true;
    const auto index = static_cast<std::size_t>(slot - tracking_table);
    return index >= tracking_by_index.size() || tracking_by_index[index] != 0;
  }

  void call_function_in(const void* const* slot, const x86::Gp& position, bool in_place) {
    a.mov(x86::rdi, context);
    a.mov(x86::rsi, position);
    if (tracks(slot)) load_mask_argument(in_place);
    a.mov(x86::rax, asmjit::Imm(reinterpret_cast<std::uint64_t>(slot)));
    a.call(x86::qword_ptr(x86::rax));
  }

  x86::Mem binding(std::uint32_t index) const {
    return x86::qword_ptr(context, layout.bindings + static_cast<std::int32_t>(index * 8));
  }

  void count_result() {
    a.test(x86::rax, x86::rax);
    a.setnz(x86::cl);
    a.movzx(x86::ecx, x86::cl);
    a.add(counter, x86::rcx);
  }

  schema_context_layout layout;
  bool tracking = false;  // the function being emitted tracks evaluation
  const void* const* tracking_table = nullptr;
  std::vector<char> tracking_by_index;
  asmjit::Label fail, give_up, whitespace, leave, number;
  std::vector<asmjit::Label> labels;
  std::vector<asmjit::Label> entries;  // of the functions, in order
  struct jump_table {
    asmjit::Label at;
    std::vector<asmjit::Label> targets;
  };
  std::vector<jump_table> tables;
  const shared_routines& shared = routines();
};

schema_emitter::schema_emitter(const schema_context_layout& layout, bool listing)
    : state_(std::make_unique<state>(layout, listing)) {}
schema_emitter::~schema_emitter() = default;

void schema_emitter::tracking_functions(const void* const* table, std::vector<char> tracking) {
  state_->tracking_table = table;
  state_->tracking_by_index = std::move(tracking);
}

schema_emitter::label schema_emitter::new_label() {
  state_->labels.push_back(state_->a.newLabel());
  return static_cast<label>(state_->labels.size() - 1);
}
void schema_emitter::bind(label at) { state_->a.bind(state_->labels[at]); }
void schema_emitter::jump(label to) { state_->a.jmp(state_->labels[to]); }
void schema_emitter::fail() { state_->a.jmp(state_->fail); }
void schema_emitter::comment(std::string_view text) { state_->comment(text); }

void schema_emitter::begin_function(bool tracking) {
  state& s = *state_;
  auto& a = s.a;
  s.start_function(tracking);
  if (tracking) {
    a.mov(callers_mask, x86::rdx);
    a.mov(evaluated, asmjit::Imm(0));
  }
  s.emit(x86_template::entry, {s.give_up, s.fail, s.whitespace},
         {s.layout.end, s.layout.depth, s.layout.budget, s.layout.stack_floor});
}

void schema_emitter::scope_entry(std::span<const anchor_binding> anchors, const void* const* body) {
  state& s = *state_;
  auto& a = s.a;
  s.start_function(false);
  a.mov(context, x86::rdi);
  // The bindings as found, in the stack slots (six: the compiler binds no more per resource).
  for (std::size_t k = 0; k < anchors.size(); ++k) {
    const asmjit::Label bound = a.newLabel();
    a.mov(x86::rax, s.binding(anchors[k].index));
    a.mov(stack_slot(static_cast<int>(k)), x86::rax);
    a.test(x86::rax, x86::rax);
    a.jnz(bound);  // an outer resource has the anchor: it stays the target
    a.mov(x86::rax, asmjit::Imm(reinterpret_cast<std::uint64_t>(anchors[k].slot)));
    a.mov(s.binding(anchors[k].index), x86::rax);
    a.bind(bound);
  }
  a.mov(x86::rax, asmjit::Imm(reinterpret_cast<std::uint64_t>(body)));
  a.call(x86::qword_ptr(x86::rax));  // rdi, rsi and rdx as this function was given them
  for (std::size_t k = 0; k < anchors.size(); ++k) {
    a.mov(x86::rcx, stack_slot(static_cast<int>(k)));
    a.mov(s.binding(anchors[k].index), x86::rcx);
  }
  s.epilogue();
}

void schema_emitter::return_position() {
  state& s = *state_;
  auto& a = s.a;
  if (s.tracking) {
    a.mov(x86::rax, evaluated);
    a.mov(x86::rcx, callers_mask);
    a.or_(x86::qword_ptr(x86::rcx), x86::rax);
  }
  a.mov(x86::rax, cur);
  s.epilogue();
}

void schema_emitter::apply(const void* const* slot) { state_->call_function_in(slot, start_reg, true); }

void schema_emitter::apply_dynamic(std::uint32_t index, const void* const* static_slot) {
  state& s = *state_;
  auto& a = s.a;
  const asmjit::Label bound = a.newLabel();
  a.mov(x86::rax, s.binding(index));
  a.test(x86::rax, x86::rax);
  a.jnz(bound);
  a.mov(x86::rax, asmjit::Imm(reinterpret_cast<std::uint64_t>(static_slot)));
  a.bind(bound);
  a.mov(x86::rdi, context);
  a.mov(x86::rsi, start_reg);
  s.load_mask_argument(true);
  a.call(x86::qword_ptr(x86::rax));
}
void schema_emitter::keep_end_if_passed() {
  state_->a.test(x86::rax, x86::rax);
  state_->a.cmovnz(cur, x86::rax);
}
void schema_emitter::jump_if_passed(label to) {
  state_->a.test(x86::rax, x86::rax);
  state_->a.jnz(state_->labels[to]);
}
void schema_emitter::jump_if_failed(label to) {
  state_->a.test(x86::rax, x86::rax);
  state_->a.jz(state_->labels[to]);
}
void schema_emitter::clear_counter() { state_->a.mov(counter, asmjit::Imm(0)); }
void schema_emitter::count_if_passed() { state_->count_result(); }
void schema_emitter::jump_if_counter_below(std::uint64_t n, label to) {
  compare_with(state_->a, counter, n);
  state_->a.jb(state_->labels[to]);
}
void schema_emitter::jump_if_counter_above(std::uint64_t n, label to) {
  compare_with(state_->a, counter, n);
  state_->a.ja(state_->labels[to]);
}
void schema_emitter::jump_if_counter_not(std::uint64_t n, label to) {
  compare_with(state_->a, counter, n);
  state_->a.jne(state_->labels[to]);
}

void schema_emitter::dispatch(std::span<const label, 7> targets) {
  state& s = *state_;
  const auto target = [&](std::size_t kind) { return targets[kind] == no_label ? s.fail : s.labels[targets[kind]]; };
  s.emit(x86_template::dispatch,
         {target(0), target(1), target(2), target(3), target(4), target(5), target(6), s.fail});
}

void schema_emitter::literal(std::string_view word) {
  state& s = *state_;
  auto& a = s.a;
  a.mov(x86::rcx, end);
  a.sub(x86::rcx, cur);
  a.cmp(x86::rcx, static_cast<std::int64_t>(word.size()));
  a.jb(s.fail);
  a.cmp(x86::dword_ptr(cur), asmjit::Imm(bytes_of<std::int32_t>(word, 0)));
  a.jne(s.fail);
  if (word.size() == 5) {
    a.cmp(x86::byte_ptr(cur, 4), word[4]);
    a.jne(s.fail);
  }
  s.advance(static_cast<std::int64_t>(word.size()));
}

void schema_emitter::skip_number() { state_->a.call(state_->number); }

void schema_emitter::skip_narrow_number(label wide) {
  state_->emit(x86_template::narrow_number, {state_->number, state_->labels[wide]});
}

void schema_emitter::skip_integer(label otherwise) {
  auto& a = state_->a;
  a.call(state_->number);
  const asmjit::Label written_as_integer = a.newLabel();
  a.test(x86::edx, x86::edx);
  a.jz(written_as_integer);
  a.mov(cur, start_reg);
  a.jmp(state_->labels[otherwise]);
  a.bind(written_as_integer);
}

void schema_emitter::value_helper(std::uint64_t helper, const void* what) {
  if (what == nullptr) {
    state_->emit(x86_template::skip_helper, {state_->fail}, {static_cast<std::int64_t>(helper)});
  } else {
    state_->emit(x86_template::value_helper, {state_->fail},
                 {reinterpret_cast<std::int64_t>(what), static_cast<std::int64_t>(helper)});
  }
}

void schema_emitter::plain_string(label otherwise, std::uint64_t min_length, std::uint64_t max_length,
                                  std::uint64_t helper, const void* what) {
  state& s = *state_;
  auto& a = s.a;
  s.emit(x86_template::string_scan, {s.labels[otherwise]}, {static_cast<std::int64_t>(s.shared.string_scan)});
  if (min_length > 0) {
    compare_with(a, x86::rcx, min_length, x86::rax);
    a.jb(s.fail);
  }
  if (max_length != UINT64_MAX) {
    compare_with(a, x86::rcx, max_length, x86::rax);
    a.ja(s.fail);
  }
  if (helper != 0) {
    s.emit(x86_template::string_helper, {s.fail},
           {reinterpret_cast<std::int64_t>(what), static_cast<std::int64_t>(helper)});
  } else {
    a.lea(cur, x86::ptr(cur, x86::rcx, 0, 2));
  }
}

void schema_emitter::plain_string_outside(label otherwise, std::span<const length_range> ranges) {
  state& s = *state_;
  auto& a = s.a;
  s.emit(x86_template::string_scan, {s.labels[otherwise]}, {static_cast<std::int64_t>(s.shared.string_scan)});
  jump_if_in(a, x86::rcx, ranges, s.labels[otherwise]);
  a.lea(cur, x86::ptr(cur, x86::rcx, 0, 2));
}

void schema_emitter::open_container(char close, label empty) {
  state& s = *state_;
  s.emit(x86_template::open_container, {s.give_up, s.fail, s.whitespace, s.labels[empty]},
         {s.layout.depth, s.layout.max_depth, s.layout.depth, close});
}

void schema_emitter::match_name(std::string_view text, label miss) {
  state& s = *state_;
  auto& a = s.a;
  const asmjit::Label to = s.labels[miss];
  const auto n = static_cast<std::int32_t>(text.size());
  s.emit(x86_template::name_room, {to}, {n});
  // Whole words, the last one overlapping the one before: no byte past the name is read.
  if (n >= 8) {
    for (std::size_t i = 0;; i += 8) {
      const std::size_t from = i + 8 <= text.size() ? i : text.size() - 8;
      const auto word = static_cast<std::int64_t>(bytes_of<std::uint64_t>(text, from));
      if (from == 0) {
        s.emit(x86_template::compare8, {to}, {word});
      } else {
        s.emit(x86_template::compare8_at, {to}, {word, static_cast<std::int64_t>(from)});
      }
      if (from + 8 >= text.size()) break;
    }
  } else if (n >= 4) {
    s.emit(x86_template::compare4_pair, {to},
           {bytes_of<std::int32_t>(text, 0), bytes_of<std::int32_t>(text, text.size() - 4), n - 4});
  } else {  // `"":`
    a.cmp(x86::word_ptr(cur), asmjit::Imm(bytes_of<std::int16_t>(text, 0)));
    a.jne(to);
    a.cmp(x86::word_ptr(cur, n - 2), asmjit::Imm(bytes_of<std::int16_t>(text, text.size() - 2)));
    a.jne(to);
  }
  s.advance(n);
}

void schema_emitter::count_entry() { state_->a.inc(entries_reg); }
void schema_emitter::mark_seen(unsigned bit) { state_->a.bts(seen, asmjit::Imm(bit)); }
void schema_emitter::count_seen() { state_->a.inc(seen); }

void schema_emitter::apply_here(const void* const* slot) {
  state& s = *state_;
  if (s.tracks(slot)) {  // (the mask argument: the context's discard)
    s.emit(x86_template::apply_here, {s.fail}, {s.layout.discard, reinterpret_cast<std::int64_t>(slot)});
    return;
  }
  s.call_function_in(slot, cur, false);
  s.take_position(s.fail);
}

void schema_emitter::count_here(const void* const* slot) {
  state_->call_function_in(slot, cur, false);
  state_->count_result();
}

void schema_emitter::next_entry(char close, label next, label closed) {
  state& s = *state_;
  s.emit(x86_template::next_entry, {s.fail, s.whitespace, s.labels[next], s.labels[closed]}, {close});
}

void schema_emitter::member_helper(std::uint64_t helper, const void* what, std::uint32_t tried) {
  state_->emit(x86_template::member_helper, {state_->fail},
               {tried, reinterpret_cast<std::int64_t>(what), static_cast<std::int64_t>(helper)});
}

void schema_emitter::member_by_name(std::uint64_t plain, std::uint64_t general, const void* what,
                                    std::span<const named_member> known) {
  state& s = *state_;
  auto& a = s.a;
  const asmjit::Label other = a.newLabel(), done = a.newLabel(), unknown = a.newLabel();
  s.emit(x86_template::member_scan, {s.fail, other}, {static_cast<std::int64_t>(s.shared.string_scan)});
  if (!known.empty()) s.known_names(known, unknown, done);
  a.bind(unknown);
  s.emit(x86_template::member_name, {s.fail, s.whitespace});
  named_value(plain, what);
  a.jmp(done);
  a.bind(other);
  member_helper(general, what, 0);
  a.bind(done);
}

void schema_emitter::member_name(label other) {
  state& s = *state_;
  s.emit(x86_template::member_scan, {s.fail, s.labels[other]}, {static_cast<std::int64_t>(s.shared.string_scan)});
  s.emit(x86_template::member_name, {s.fail, s.whitespace});
}

void schema_emitter::named_value(std::uint64_t plain, const void* what) {
  state_->emit(x86_template::named_value, {state_->fail},
               {reinterpret_cast<std::int64_t>(what), static_cast<std::int64_t>(plain)});
}

void schema_emitter::jump_to_next(std::span<const label> targets) {
  state& s = *state_;
  auto& a = s.a;
  state::jump_table& t = s.tables.emplace_back();
  t.at = a.newLabel();
  for (label l : targets) t.targets.push_back(s.labels[l]);
  a.mov(x86::rdx, next_tried);
  a.lea(x86::rcx, x86::ptr(t.at));
  a.movsxd(x86::rax, x86::dword_ptr(x86::rcx, x86::rdx, 2));
  a.add(x86::rax, x86::rcx);
  a.jmp(x86::rax);
}

void schema_emitter::close_container() { state_->emit(x86_template::close_container, {}, {state_->layout.depth}); }

void schema_emitter::fail_if_entries_below(std::uint64_t n) {
  compare_with(state_->a, entries_reg, n);
  state_->a.jb(state_->fail);
}
void schema_emitter::fail_if_entries_above(std::uint64_t n) {
  compare_with(state_->a, entries_reg, n);
  state_->a.ja(state_->fail);
}

void schema_emitter::jump_if_entries_in(std::span<const length_range> ranges, label to) {
  jump_if_in(state_->a, entries_reg, ranges, state_->labels[to]);
}

void schema_emitter::fail_unless_seen(std::uint64_t mask) {
  auto& a = state_->a;
  a.mov(x86::rax, seen);
  a.not_(x86::rax);
  a.mov(x86::rcx, asmjit::Imm(mask));
  a.test(x86::rax, x86::rcx);
  a.jnz(state_->fail);
}

void schema_emitter::jump_unless_seen(unsigned bit, label to) {
  state_->a.bt(seen, asmjit::Imm(bit));
  state_->a.jnc(state_->labels[to]);
}

void schema_emitter::check_helper(std::uint64_t helper, const void* what) {
  state_->emit(x86_template::check_helper, {state_->fail},
               {reinterpret_cast<std::int64_t>(what), static_cast<std::int64_t>(helper)});
}

void schema_emitter::store_position(std::int32_t offset) { state_->a.mov(x86::qword_ptr(context, offset), cur); }
void schema_emitter::load_position(std::int32_t offset) { state_->a.mov(cur, x86::qword_ptr(context, offset)); }

void schema_emitter::jump_if_moved(std::int32_t offset, label to) {
  state_->a.cmp(cur, x86::qword_ptr(context, offset));
  state_->a.jne(state_->labels[to]);
}

void schema_emitter::return_position_at(std::int32_t offset) {
  state& s = *state_;
  auto& a = s.a;
  a.mov(x86::eax, entry_depth);
  a.mov(x86::dword_ptr(context, s.layout.depth), x86::eax);
  a.mov(x86::rax, x86::qword_ptr(context, offset));
  s.epilogue();
}

void schema_emitter::update_word(std::int32_t offset, std::uint64_t clear, std::uint64_t set) {
  auto& a = state_->a;
  const x86::Mem word = x86::qword_ptr(context, offset);
  if (clear == ~std::uint64_t{0}) {
    a.mov(x86::rax, asmjit::Imm(set));
    a.mov(word, x86::rax);
    return;
  }
  a.mov(x86::rax, word);
  a.mov(x86::rcx, asmjit::Imm(~clear));
  a.and_(x86::rax, x86::rcx);
  if (set != 0) {
    a.mov(x86::rcx, asmjit::Imm(set));
    a.or_(x86::rax, x86::rcx);
  }
  a.mov(word, x86::rax);
}

void schema_emitter::set_bit_once(std::int32_t offset, unsigned bit) {
  auto& a = state_->a;
  a.mov(x86::rax, x86::qword_ptr(context, offset));
  a.bts(x86::rax, asmjit::Imm(bit));
  a.jc(state_->give_up);
  a.mov(x86::qword_ptr(context, offset), x86::rax);
}

void schema_emitter::number_bits(std::span<const integer_limit> limits, std::int32_t offset, std::uint64_t clear,
                                 std::uint64_t set, label otherwise) {
  auto& a = state_->a;
  const asmjit::Label to = state_->labels[otherwise], negative = a.newLabel(), ranged = a.newLabel();
  // The integer part's digits (eight bytes read where they lie within the input).
  a.xor_(x86::eax, x86::eax);
  a.cmp(x86::byte_ptr(start_reg), '-');
  a.sete(x86::al);
  a.lea(x86::rdx, x86::ptr(start_reg, x86::rax));
  a.lea(x86::rcx, x86::ptr(x86::rdx, 8));
  a.cmp(x86::rcx, end);
  a.ja(to);
  a.mov(x86::r10, x86::qword_ptr(x86::rdx));
  // The bytes that are not digits: their high nibble is not 3, or adding 6 carries out of
  // their low nibble (a carry from one reaches only the bytes after it).
  a.mov(x86::r11, asmjit::Imm(0x0606060606060606));
  a.add(x86::r11, x86::r10);
  a.mov(x86::rcx, asmjit::Imm(0xF0F0F0F0F0F0F0F0));
  a.and_(x86::r11, x86::rcx);
  a.mov(x86::rsi, x86::r10);
  a.and_(x86::rsi, x86::rcx);
  a.mov(x86::rcx, asmjit::Imm(0x3030303030303030));
  a.xor_(x86::r11, x86::rcx);
  a.xor_(x86::rsi, x86::rcx);
  a.or_(x86::r11, x86::rsi);
  a.jz(to);  // (eight digits or more)
  a.bsf(x86::r11, x86::r11);
  a.shr(x86::r11, 3);  // the digits
  // Their value: the digits moved to the top bytes (zeros below, leading zeros of the value),
  // then pairs, quads and halves added, one multiplication each.
  a.sub(x86::r10, x86::rcx);
  a.mov(x86::ecx, 8);
  a.sub(x86::ecx, x86::r11d);
  a.shl(x86::ecx, 3);
  a.shl(x86::r10, x86::cl);
  constexpr std::pair<std::int32_t, std::uint64_t> steps[] = {
      {10, 0x00FF00FF00FF00FF}, {100, 0x0000FFFF0000FFFF}, {10000, 0x00000000FFFFFFFF}};
  int shift = 8;
  for (const auto& [factor, mask] : steps) {
    a.imul(x86::rcx, x86::r10, factor);
    a.shr(x86::r10, shift);
    a.add(x86::r10, x86::rcx);
    a.mov(x86::rcx, asmjit::Imm(mask));
    a.and_(x86::r10, x86::rcx);
    shift *= 2;
  }
  // [low, high] in r11, rdx: the integer part I, and I + 1 where a fraction follows (the
  // negative: -I - 1 and -I).
  a.add(x86::rdx, x86::r11);
  a.xor_(x86::ecx, x86::ecx);
  a.cmp(x86::rdx, cur);
  a.setne(x86::cl);
  a.test(x86::eax, x86::eax);
  a.jnz(negative);
  a.mov(x86::r11, x86::r10);
  a.lea(x86::rdx, x86::ptr(x86::r10, x86::rcx));
  a.jmp(ranged);
  a.bind(negative);
  a.mov(x86::rdx, x86::r10);
  a.neg(x86::rdx);
  a.mov(x86::r11, x86::rdx);
  a.sub(x86::r11, x86::rcx);
  a.bind(ranged);
  a.mov(x86::r10, asmjit::Imm(set));
  const auto add_bits = [&](std::uint64_t bits) {
    if (bits == 0) return;
    a.mov(x86::rax, asmjit::Imm(bits));
    a.or_(x86::r10, x86::rax);
  };
  for (const integer_limit& l : limits) {
    const asmjit::Label next = a.newLabel(), above = a.newLabel(), below = a.newLabel();
    a.mov(x86::rax, asmjit::Imm(l.above));
    a.cmp(x86::r11, x86::rax);
    a.jge(above);
    a.mov(x86::rax, asmjit::Imm(l.below));
    a.cmp(x86::rdx, x86::rax);
    a.jle(below);
    if (!l.integral) {
      a.jmp(to);
    } else {
      a.mov(x86::rax, asmjit::Imm(l.at));
      a.cmp(x86::r11, x86::rax);
      a.jne(to);
      a.cmp(x86::rdx, x86::rax);
      a.jne(to);
      add_bits(l.if_equal);
      a.jmp(next);
    }
    a.bind(above);
    add_bits(l.if_above);
    a.jmp(next);
    a.bind(below);
    add_bits(l.if_below);
    a.bind(next);
  }
  const x86::Mem word = x86::qword_ptr(context, offset);
  a.mov(x86::rax, word);
  a.mov(x86::rcx, asmjit::Imm(~clear));
  a.and_(x86::rax, x86::rcx);
  a.or_(x86::rax, x86::r10);
  a.mov(word, x86::rax);
}

void schema_emitter::jump_unless_table_bit(std::int32_t offset, std::uint64_t table, label to) {
  auto& a = state_->a;
  a.mov(x86::rax, x86::qword_ptr(context, offset));
  a.mov(x86::rcx, asmjit::Imm(table));
  a.bt(x86::rcx, x86::rax);
  a.jnc(state_->labels[to]);
}

void schema_emitter::mark_entry() {
  state& s = *state_;
  auto& a = s.a;
  a.lea(x86::rcx, x86::ptr(entries_reg, -1));
  a.cmp(x86::rcx, mask_entries);
  a.jae(s.give_up);  // the interpreter decides what the mask cannot hold
  a.mov(x86::rax, evaluated);
  a.bts(x86::rax, x86::rcx);
  a.mov(evaluated, x86::rax);
}

void schema_emitter::mark_entry_if_member_evaluated() {
  auto& a = state_->a;
  const asmjit::Label skip = a.newLabel();
  a.cmp(x86::byte_ptr(context, state_->layout.member_evaluated), 0);
  a.je(skip);
  mark_entry();
  a.bind(skip);
}

void schema_emitter::mark_entry_if_passed() {
  auto& a = state_->a;
  const asmjit::Label skip = a.newLabel();
  a.test(x86::rax, x86::rax);
  a.jz(skip);
  mark_entry();
  a.bind(skip);
}

void schema_emitter::mark_entries(std::uint64_t mask) {
  auto& a = state_->a;
  if (mask == 0) return;
  a.mov(x86::rax, asmjit::Imm(mask));
  a.or_(evaluated, x86::rax);
}

void schema_emitter::check_counted(std::uint64_t helper, const void* what) {
  state_->a.mov(x86::r8, entries_reg);  // the fifth argument; check_helper sets the others
  check_helper(helper, what);
}

void schema_emitter::check_unevaluated(std::uint64_t helper, const void* what) {
  state_->a.mov(x86::r8, evaluated);  // the fifth argument; check_helper sets the others
  check_helper(helper, what);
}

std::string schema_emitter::listing() const { return state_->listing(); }

std::vector<const void*> schema_emitter::finish(code_memory& memory, std::string_view name, placed_code& code) {
  state& s = *state_;
  s.emit_shared_tails();
  if (!s.shared.available) return {};
  // Many functions in one piece of code: no single frame description fits them all, so
  // none is given (the frame is the one every generated function has; see x86_function).
  s.unwind.clear();
  code = s.place(memory, name);
  if (code.entry == nullptr) return {};
  std::vector<const void*> entries;
  entries.reserve(s.entries.size());
  for (asmjit::Label l : s.entries) {
    entries.push_back(static_cast<const char*>(code.entry) + s.code.labelOffsetFromBase(l));
  }
  return entries;
}

}  // namespace jsonjit::detail::jit
