// The schema emitter (schema_emitter_p.hpp) for AArch64: the value's start in x19, the
// position in x20, the end of the input in x21, the context in x22, the entries counted in
// x23 (a64_function_p.hpp); a subschema's function is called with the context in x0, the
// position in x1 and the caller's evaluated mask in x2; a value's first byte, once loaded, in w0.
#include <algorithm>
#include <cstring>
#include <vector>

#include "engines/jit/emit/aarch64/a64_function_p.hpp"
#include "engines/jit/emit/schema_emitter_p.hpp"
#include "engines/jit/emit/shared_routines_p.hpp"
#include "engines/jit/jit_p.hpp"

namespace jsonjit::detail::jit {
namespace {

constexpr a64::Gp start_reg = object_reg;  // the value's start
constexpr a64::Gp entries_reg = element;   // members or items counted
/// The stack slots, by index (a64_function::stack_slot; helpers get their addresses).
enum slot : int {
  seen_slot,          // bit i: watched name i was met
  counter_slot,
  next_tried_slot,    // the declared property to try next
  entry_depth_slot,   // the context's depth when the function began
  evaluated_slot,     // a tracking function's mask of entries evaluated
  callers_mask_slot,  // a tracking function's: where its mask goes
  // The same two slots in a function that does not track: the member name being looked up.
  name_start_slot = evaluated_slot,
  name_size_slot = callers_mask_slot,
};
a64::Mem slot_at(slot s) { return a64_function::stack_slot(s); }
argument address_of(slot s) { return argument::address(a64::sp, 64 + 8 * s); }
constexpr std::uint32_t mask_entries = 63;  // entries the mask holds one by one

}  // namespace

struct schema_emitter::state : a64_function {
  state(const schema_context_layout& l, bool listing) : a64_function(listing), layout(l) {
    fail_exit = a.newLabel();
    give_up_exit = a.newLabel();
    whitespace = a.newLabel();
    number = a.newLabel();
  }

  /// Skips whitespace and loads the next byte into w0, failing at the end of the input.
  /// Whitespace (compact JSON has none) takes a call to the shared whitespace routine.
  void load_token() {
    const asmjit::Label loaded = a.newLabel();
    a.cmp(cur, end);
    a.b_hs(fail);
    a.ldrb(a64::w0, a64::ptr(cur));
    a.cmp(a64::w0, ' ');
    a.b_hi(loaded);
    a.bl(whitespace);
    a.bind(loaded);
  }

  /// The code every function shares, after the last one: the failure exit (the depth put
  /// back as the function found it, null returned), giving up, the whitespace and number
  /// routines (called with bl; they leave through the failure exit, their caller's frame
  /// being the one on the stack) and the jump tables.
  void emit_shared_tails() {
    comment("; shared by every function: failing, giving up, whitespace");
    fail = fail_exit;
    give_up = give_up_exit;
    a.bind(give_up);
    a.mov(a64::w9, 1);
    a.strb(a64::w9, at(context, layout.gave_up, 1));
    a.bind(fail);
    a.ldr(a64::x9, slot_at(entry_depth_slot));
    a.str(a64::w9, at(context, layout.depth, 4));
    a.mov(a64::x0, 0);
    epilogue();
    // Whitespace 16 bytes at a time (a line break and its indentation, or the space after a
    // colon, in one step); the last 15 bytes of the input by the reader's own function.
    const asmjit::Label vectors = a.newLabel(), tail = a.newLabel(), found = a.newLabel();
    const a64::Vec space = a64::v16, line_feed = a64::v17, tab_or_return = a64::v18, tab = a64::v19;
    a.bind(whitespace);
    a.movi(space.b16(), ' ');
    a.movi(line_feed.b16(), '\n');
    a.movi(tab_or_return.b16(), 0xFB);  // tab (0x09) and carriage return (0x0D) differ in bit 2 only
    a.movi(tab.b16(), '\t');
    a.bind(vectors);
    a.add(a64::x9, cur, 16);
    a.cmp(a64::x9, end);
    a.b_hi(tail);
    a.ldr(a64::q0, a64::ptr(cur));
    a.cmeq(a64::v1.b16(), a64::v0.b16(), space.b16());
    a.cmeq(a64::v2.b16(), a64::v0.b16(), line_feed.b16());
    a.orr(a64::v1.b16(), a64::v1.b16(), a64::v2.b16());
    a.and_(a64::v0.b16(), a64::v0.b16(), tab_or_return.b16());
    a.cmeq(a64::v0.b16(), a64::v0.b16(), tab.b16());
    a.orr(a64::v1.b16(), a64::v1.b16(), a64::v0.b16());
    a.mvn(a64::v1.b16(), a64::v1.b16());  // the bytes that are not whitespace
    a.shrn(a64::v1.b8(), a64::v1.h8(), 4);
    a.fmov(a64::x9, a64::d1);
    a.cbnz(a64::x9, found);
    a.add(cur, cur, 16);
    a.b(vectors);
    a.bind(found);
    a.rbit(a64::x9, a64::x9);
    a.clz(a64::x9, a64::x9);
    a.add(cur, cur, a64::x9, asmjit::arm::lsr(2));
    a.ldrb(a64::w0, a64::ptr(cur));
    a.ret(a64::x30);
    a.bind(tail);
    a.stp(a64::x29, a64::x30, a64::ptr_pre(a64::sp, -16));  // the link register, for the call
    call(&jsonjit_jit_skip_whitespace, {argument::of(cur), argument::of(end)});
    a.ldp(a64::x29, a64::x30, a64::ptr_post(a64::sp, 16));
    a.mov(cur, a64::x0);
    a.cmp(cur, end);
    a.b_hs(fail);
    a.ldrb(a64::w0, a64::ptr(cur));
    a.ret(a64::x30);
    emit_number_routine();
    place_tables();
  }

  /// The jump tables not placed yet, here.
  void place_tables() {
    for (; tables_placed < tables.size(); ++tables_placed) {
      const jump_table& t = tables[tables_placed];
      a.align(asmjit::AlignMode::kData, 4);
      a.bind(t.at);
      for (asmjit::Label target : t.targets) a.embedLabelDelta(target, t.at, 4);
    }
  }

  /// Conditional branches, `adr` and literal loads reach 1 MiB, and a schema's functions
  /// share one piece of code that may be longer (ten thousand subschemas): between functions,
  /// every `island_spacing` bytes, an island holds what they reach that way — the failure
  /// exits (as branches to the shared ones, which reach 128 MiB), then the jump tables and
  /// constants of the functions before it. No function is then farther from its island than
  /// island_spacing plus its own length.
  static constexpr std::size_t island_spacing = 256 * 1024;
  void place_island_if_due() {
    if (fail.isValid() && a.offset() - island_at < island_spacing) return;
    comment("; island: the failure exits within reach, then jump tables and constants");
    place_tables();
    place_constants();
    fail = a.newLabel();
    a.bind(fail);
    a.b(fail_exit);
    give_up = a.newLabel();
    a.bind(give_up);
    a.b(give_up_exit);
    island_at = a.offset();
  }

  /// The number routine: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? from the position,
  /// which it moves past the number; anything else leaves through the failure exit. (What
  /// follows the number is its container's to check: "01" is "0" and then a stray digit.)
  /// w1 = 2 where it has an exponent, else 1 where it has a fraction, else 0. Clobbers w0,
  /// x12 and x13.
  void emit_number_routine() {
    comment("; numbers: the grammar, runs of digits eight at a time (without a call to C++)");
    const asmjit::Label integer = a.newLabel(), fraction = a.newLabel(), exponent = a.newLabel(),
                        sign_done = a.newLabel(), exponent_digits = a.newLabel(), done = a.newLabel();
    // A digit at the position (else to `otherwise`); w0 its value.
    const auto digit_or = [&](asmjit::Label otherwise) {
      a.cmp(cur, end);
      a.b_hs(otherwise);
      a.ldrb(a64::w0, a64::ptr(cur));
      a.sub(a64::w0, a64::w0, '0');
      a.cmp(a64::w0, 9);
      a.b_hi(otherwise);
    };
    const auto more_digits = [&](asmjit::Label after) {  // [0-9]* then to `after`
      const asmjit::Label loop = a.newLabel(), eight = a.newLabel(), bytewise = a.newLabel();
      // Eight bytes at a time where there are eight: a byte b is a digit where b and b + 6
      // both have 3 as their high nibble; the first byte that is not is found by its bit. (A
      // carry out of b + 6 only reaches the bytes after a byte that is not a digit.)
      a.bind(loop);
      a.add(a64::x12, cur, 8);
      a.cmp(a64::x12, end);
      a.b_hi(bytewise);
      a.ldr(a64::x12, a64::ptr(cur));
      load_constant(a64::x13, 0x0606060606060606);
      a.add(a64::x13, a64::x12, a64::x13);
      a.and_(a64::x12, a64::x12, 0xF0F0F0F0F0F0F0F0);
      a.and_(a64::x13, a64::x13, 0xF0F0F0F0F0F0F0F0);
      a.orr(a64::x12, a64::x12, a64::x13, asmjit::arm::lsr(4));
      a.eor(a64::x12, a64::x12, 0x3333333333333333);
      a.cbz(a64::x12, eight);
      a.rbit(a64::x12, a64::x12);
      a.clz(a64::x12, a64::x12);
      a.add(cur, cur, a64::x12, asmjit::arm::lsr(3));
      a.b(after);
      a.bind(eight);
      a.add(cur, cur, 8);
      a.b(loop);
      a.bind(bytewise);
      digit_or(after);
      a.add(cur, cur, 1);
      a.b(bytewise);
    };
    a.bind(number);
    a.mov(a64::w1, 0);
    a.ldrb(a64::w0, a64::ptr(cur));
    a.cmp(a64::w0, '-');
    a.b_ne(integer);
    a.add(cur, cur, 1);
    a.bind(integer);
    digit_or(fail);
    a.add(cur, cur, 1);
    a.cbz(a64::w0, fraction);  // a leading 0 stands alone
    more_digits(fraction);
    a.bind(fraction);
    a.cmp(cur, end);
    a.b_hs(done);
    a.ldrb(a64::w0, a64::ptr(cur));
    a.cmp(a64::w0, '.');
    a.b_ne(exponent);
    a.mov(a64::w1, 1);
    a.add(cur, cur, 1);
    digit_or(fail);
    a.add(cur, cur, 1);
    more_digits(exponent);
    a.bind(exponent);
    a.cmp(cur, end);
    a.b_hs(done);
    a.ldrb(a64::w0, a64::ptr(cur));
    a.orr(a64::w0, a64::w0, 0x20);
    a.cmp(a64::w0, 'e');
    a.b_ne(done);
    a.mov(a64::w1, 2);
    a.add(cur, cur, 1);
    a.cmp(cur, end);
    a.b_hs(fail);
    a.ldrb(a64::w0, a64::ptr(cur));
    a.cmp(a64::w0, '+');
    a.b_eq(sign_done);
    a.cmp(a64::w0, '-');
    a.b_ne(exponent_digits);
    a.bind(sign_done);
    a.add(cur, cur, 1);
    a.bind(exponent_digits);
    digit_or(fail);
    a.add(cur, cur, 1);
    more_digits(done);
    a.bind(done);
    a.ret(a64::x30);
  }

  /// The next function's entry (aligned, kept in `entries`) and frame.
  void start_function(bool tracks) {
    place_island_if_due();
    const asmjit::Label entry = a.newLabel();
    a.align(asmjit::AlignMode::kCode, 16);
    a.bind(entry);
    entries.push_back(entry);
    prologue();
    tracking = tracks;
  }

  /// A jump through a table of `targets` by the index in `index` (one of its entries).
  void jump_through_table(const a64::Gp& index, std::vector<asmjit::Label> targets) {
    jump_table& t = tables.emplace_back();
    t.at = a.newLabel();
    t.targets = std::move(targets);
    a.adr(a64::x9, t.at);
    a.ldrsw(a64::x10, a64::ptr(a64::x9, index, asmjit::arm::lsl(2)));
    a.add(a64::x9, a64::x9, a64::x10);
    a.br(a64::x9);
  }

  /// Jumps to `to` where `value` lies in one of `ranges`.
  void jump_if_in(const a64::Gp& value, std::span<const length_range> ranges, asmjit::Label to) {
    for (const length_range& r : ranges) {
      const asmjit::Label outside = a.newLabel();
      if (r.low > 0) {
        compare(value, static_cast<std::int64_t>(r.low));
        a.b_lo(outside);
      }
      if (r.high != UINT64_MAX) {
        compare(value, static_cast<std::int64_t>(r.high));
        a.b_hi(outside);
      }
      a.b(to);
      a.bind(outside);
    }
  }

  /// A member's name at the position: x1 its length where it is plain, else to `other`;
  /// fails where no string is there.
  void scan_member_name(asmjit::Label other) {
    a.ldrb(a64::w0, a64::ptr(cur));
    a.cmp(a64::w0, '"');
    a.b_ne(fail);
    scan_plain_string(other);
  }

  /// The plain name of x1 bytes at the position kept in the name slots, passed with its
  /// colon and the whitespace around it: the position at its value.
  void pass_member_name() {
    a.add(a64::x9, cur, 1);
    a.stp(a64::x9, a64::x1, slot_at(name_start_slot));  // the name's text and size
    static_assert(name_size_slot == name_start_slot + 1);
    a.add(cur, cur, a64::x1);
    a.add(cur, cur, 2);
    load_token();
    a.cmp(a64::w0, ':');
    a.b_ne(fail);
    a.add(cur, cur, 1);
    load_token();
  }

  /// member_by_name's names compared in place: by the length in x1 (a jump table), then
  /// their bytes after the quote at the position; a name found has its colon consumed, its
  /// seen bits set and its value given to its functions (each non-empty `slots`), then goes
  /// to `done`; any other to `unknown` with the position and x1 unchanged.
  void known_names(std::span<const named_member> known, asmjit::Label unknown, asmjit::Label done) {
    std::size_t longest = 0;
    for (const named_member& m : known) longest = std::max(longest, m.text.size());
    compare(a64::x1, static_cast<std::int64_t>(longest));
    a.b_hi(unknown);
    const std::size_t table = tables.size();
    jump_through_table(a64::x1, std::vector<asmjit::Label>(longest + 1, unknown));
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
        compare_text(cur, 1, known[k].text, next);  // (keeps x1)
        a.b(found[k]);
        a.bind(next);
      }
      if (any) a.b(unknown);
    }
    for (std::size_t k = 0; k < known.size(); ++k) {
      const named_member& m = known[k];
      a.bind(found[k]);
      advance(static_cast<std::int64_t>(m.text.size()) + 2);
      load_token();
      a.cmp(a64::w0, ':');
      a.b_ne(fail);
      a.add(cur, cur, 1);
      load_token();
      if (m.seen != 0) {
        a.ldr(a64::x9, slot_at(seen_slot));
        load_constant(a64::x10, m.seen);
        a.orr(a64::x9, a64::x9, a64::x10);
        a.str(a64::x9, slot_at(seen_slot));
      }
      // Every function from the value's start (kept in a slot where there are more than one);
      // the first one's end is the value's.
      if (m.slots.size() > 1) a.str(cur, slot_at(name_start_slot));
      for (std::size_t j = 0; j < m.slots.size(); ++j) {
        if (j == 0) {
          call_function_in(m.slots[j], cur, false);
        } else {
          a.ldr(a64::x11, slot_at(name_start_slot));
          call_function_in(m.slots[j], a64::x11, false);
        }
        a.cbz(a64::x0, fail);
        if (j == 0) a.mov(cur, a64::x0);
      }
      a.b(done);
    }
  }

  /// Where a call's callee reports what it evaluated (see the header): this function's mask
  /// for a subschema applied in place by a tracking function, else the context's discard.
  argument mask_argument(bool in_place) const {
    return in_place && tracking ? address_of(evaluated_slot) : argument::address(context, layout.discard);
  }

  /// Whether the function in `slot` may read its mask argument.
  bool tracks(const void* const* slot) const {
    if (tracking_table == nullptr) return true;
    const auto index = static_cast<std::size_t>(slot - tracking_table);
    return index >= tracking_by_index.size() || tracking_by_index[index] != 0;
  }

  /// Calls the function in `*slot` (or, with `slot` null, the one whose slot x10 holds) on the
  /// value at `position` (not an argument register, nor x10).
  void call_function_in(const void* const* slot, const a64::Gp& position, bool in_place) {
    if (slot != nullptr) move(a64::x10, reinterpret_cast<std::uint64_t>(slot));
    a.ldr(call_target, a64::ptr(a64::x10));
    if (slot == nullptr || tracks(slot)) {
      pass({argument::of(context), argument::of(position), mask_argument(in_place)});
    } else {
      pass({argument::of(context), argument::of(position)});
    }
    a.blr(call_target);
  }

  a64::Mem binding(std::uint32_t index) { return at(context, layout.bindings + std::int64_t{8} * index, 8); }

  /// The counter slot plus one where the last call passed (returned a position).
  void count_result() {
    a.ldr(a64::x9, slot_at(counter_slot));
    a.cmp(a64::x0, 0);
    a.cinc(a64::x9, a64::x9, asmjit::Imm(asmjit::arm::CondCode::kNE));
    a.str(a64::x9, slot_at(counter_slot));
  }

  /// Flags as comparing the counter with `n` sets them.
  void compare_counter(std::uint64_t n) {
    a.ldr(a64::x9, slot_at(counter_slot));
    compare(a64::x9, static_cast<std::int64_t>(n));
  }

  /// The string scan of shared_routines (with the value's first byte in w0): its length in x1,
  /// negative (to `otherwise`) where it is not a plain string.
  void scan_plain_string(asmjit::Label otherwise) {
    move(call_target, shared.string_scan);
    a.blr(call_target);
    a.cmp(a64::x1, 0);
    a.b_lt(otherwise);  // (not tbnz: it reaches 32 KiB, and `otherwise` may lie farther)
  }

  schema_context_layout layout;
  bool tracking = false;  // the function being emitted tracks evaluation
  const void* const* tracking_table = nullptr;
  std::vector<char> tracking_by_index;
  asmjit::Label fail, give_up;  // the failure exits of the nearest island
  asmjit::Label fail_exit, give_up_exit, whitespace, number;
  std::size_t island_at = 0;  // the offset after the last island
  std::vector<asmjit::Label> labels;
  std::vector<asmjit::Label> entries;  // of the functions, in order
  struct jump_table {
    asmjit::Label at;
    std::vector<asmjit::Label> targets;
  };
  std::vector<jump_table> tables;
  std::size_t tables_placed = 0;
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
void schema_emitter::jump(label to) { state_->a.b(state_->labels[to]); }
void schema_emitter::fail() { state_->a.b(state_->fail); }
void schema_emitter::comment(std::string_view text) { state_->comment(text); }

void schema_emitter::begin_function(bool tracking) {
  state& s = *state_;
  auto& a = s.a;
  s.start_function(tracking);
  if (tracking) {
    a.str(a64::x2, slot_at(callers_mask_slot));
    a.str(a64::xzr, slot_at(evaluated_slot));
  }
  a.mov(context, a64::x0);
  a.mov(cur, a64::x1);
  a.ldr(end, s.at(context, s.layout.end, 8));
  a.ldr(a64::w9, s.at(context, s.layout.depth, 4));
  a.str(a64::x9, slot_at(entry_depth_slot));
  a.ldr(a64::x9, s.at(context, s.layout.budget, 8));
  a.subs(a64::x9, a64::x9, 1);
  a.str(a64::x9, s.at(context, s.layout.budget, 8));
  a.b_mi(s.give_up);  // (signed: every call past the budget gives up, not just the first)
  a.ldr(a64::x9, s.at(context, s.layout.stack_floor, 8));
  a.mov(a64::x10, a64::sp);
  a.cmp(a64::x10, a64::x9);
  a.b_lo(s.give_up);
  s.load_token();
  a.mov(start_reg, cur);
}

void schema_emitter::scope_entry(std::span<const anchor_binding> anchors, const void* const* body) {
  state& s = *state_;
  auto& a = s.a;
  s.start_function(false);
  a.mov(context, a64::x0);
  // The bindings as found, in the stack slots (six: the compiler binds no more per resource).
  for (std::size_t k = 0; k < anchors.size(); ++k) {
    const asmjit::Label bound = a.newLabel();
    a.ldr(a64::x9, s.binding(anchors[k].index));
    a.str(a64::x9, a64_function::stack_slot(static_cast<int>(k)));
    a.cbnz(a64::x9, bound);  // an outer resource has the anchor: it stays the target
    s.move(a64::x9, reinterpret_cast<std::uint64_t>(anchors[k].slot));
    a.str(a64::x9, s.binding(anchors[k].index));
    a.bind(bound);
  }
  s.move(a64::x9, reinterpret_cast<std::uint64_t>(body));
  a.ldr(call_target, a64::ptr(a64::x9));
  a.blr(call_target);  // x0, x1 and x2 as this function was given them
  for (std::size_t k = 0; k < anchors.size(); ++k) {
    a.ldr(a64::x9, a64_function::stack_slot(static_cast<int>(k)));
    a.str(a64::x9, s.binding(anchors[k].index));
  }
  s.epilogue();
}

void schema_emitter::return_position() {
  state& s = *state_;
  auto& a = s.a;
  if (s.tracking) {
    a.ldr(a64::x9, slot_at(evaluated_slot));
    a.ldr(a64::x10, slot_at(callers_mask_slot));
    a.ldr(a64::x11, a64::ptr(a64::x10));
    a.orr(a64::x11, a64::x11, a64::x9);
    a.str(a64::x11, a64::ptr(a64::x10));
  }
  a.mov(a64::x0, cur);
  s.epilogue();
}

void schema_emitter::apply(const void* const* slot) { state_->call_function_in(slot, start_reg, true); }

void schema_emitter::apply_dynamic(std::uint32_t index, const void* const* static_slot) {
  state& s = *state_;
  auto& a = s.a;
  const asmjit::Label bound = a.newLabel();
  a.ldr(a64::x10, s.binding(index));
  a.cbnz(a64::x10, bound);
  s.move(a64::x10, reinterpret_cast<std::uint64_t>(static_slot));
  a.bind(bound);
  s.call_function_in(nullptr, start_reg, true);
}
void schema_emitter::keep_end_if_passed() {
  state_->a.cmp(a64::x0, 0);
  state_->a.csel(cur, a64::x0, cur, asmjit::Imm(asmjit::arm::CondCode::kNE));
}
void schema_emitter::jump_if_passed(label to) { state_->a.cbnz(a64::x0, state_->labels[to]); }
void schema_emitter::jump_if_failed(label to) { state_->a.cbz(a64::x0, state_->labels[to]); }
void schema_emitter::clear_counter() { state_->a.str(a64::xzr, slot_at(counter_slot)); }
void schema_emitter::count_if_passed() { state_->count_result(); }
void schema_emitter::jump_if_counter_below(std::uint64_t n, label to) {
  state_->compare_counter(n);
  state_->a.b_lo(state_->labels[to]);
}
void schema_emitter::jump_if_counter_above(std::uint64_t n, label to) {
  state_->compare_counter(n);
  state_->a.b_hi(state_->labels[to]);
}
void schema_emitter::jump_if_counter_not(std::uint64_t n, label to) {
  state_->compare_counter(n);
  state_->a.b_ne(state_->labels[to]);
}

void schema_emitter::dispatch(std::span<const label, 7> targets) {
  state& s = *state_;
  auto& a = s.a;
  const auto target = [&](value_start kind) {
    const label l = targets[static_cast<std::size_t>(kind)];
    return l == no_label ? s.fail : s.labels[l];
  };
  a.ldrb(a64::w0, a64::ptr(cur));  // the applied subschemas' calls took w0
  a.cmp(a64::w0, '"');
  a.b_eq(target(value_start::string));
  a.cmp(a64::w0, '{');
  a.b_eq(target(value_start::object));
  a.cmp(a64::w0, '[');
  a.b_eq(target(value_start::array));
  a.sub(a64::w9, a64::w0, '0');
  a.cmp(a64::w9, 9);
  a.b_ls(target(value_start::number));
  a.cmp(a64::w0, '-');
  a.b_eq(target(value_start::number));
  a.cmp(a64::w0, 't');
  a.b_eq(target(value_start::true_value));
  a.cmp(a64::w0, 'f');
  a.b_eq(target(value_start::false_value));
  a.cmp(a64::w0, 'n');
  a.b_eq(target(value_start::null));
  a.b(s.fail);
}

void schema_emitter::literal(std::string_view word) {
  state& s = *state_;
  auto& a = s.a;
  a.sub(a64::x9, end, cur);
  s.compare(a64::x9, static_cast<std::int64_t>(word.size()));
  a.b_lo(s.fail);
  s.compare_text(cur, 0, word, s.fail);
  s.advance(static_cast<std::int64_t>(word.size()));
}

void schema_emitter::skip_number() { state_->a.bl(state_->number); }

void schema_emitter::skip_narrow_number(label wide) {
  state& s = *state_;
  auto& a = s.a;
  const asmjit::Label narrow = a.newLabel(), back = a.newLabel();
  a.mov(a64::x10, cur);  // (the routine leaves x10)
  a.bl(s.number);
  a.cmp(a64::w1, 2);
  a.b_eq(back);
  a.sub(a64::x9, cur, a64::x10);
  a.cmp(a64::x9, longest_narrow_number);
  a.b_ls(narrow);
  a.bind(back);
  a.mov(cur, a64::x10);
  a.b(s.labels[wide]);
  a.bind(narrow);
}

void schema_emitter::skip_integer(label otherwise) {
  auto& a = state_->a;
  a.bl(state_->number);
  const asmjit::Label written_as_integer = a.newLabel();
  a.cbz(a64::w1, written_as_integer);
  a.mov(cur, start_reg);
  a.b(state_->labels[otherwise]);
  a.bind(written_as_integer);
}

void schema_emitter::value_helper(std::uint64_t helper, const void* what) {
  state& s = *state_;
  s.call(helper, {argument::of(context), argument::of(cur), argument::constant(what)});
  s.take_position(s.fail);
}

void schema_emitter::plain_string(label otherwise, std::uint64_t min_length, std::uint64_t max_length,
                                  std::uint64_t helper, const void* what) {
  state& s = *state_;
  auto& a = s.a;
  a.ldrb(a64::w0, a64::ptr(cur));
  s.scan_plain_string(s.labels[otherwise]);
  if (min_length > 0) {
    s.compare(a64::x1, static_cast<std::int64_t>(min_length));  // (cmn for the top half: the same carry)
    a.b_lo(s.fail);
  }
  if (max_length != UINT64_MAX) {
    s.compare(a64::x1, static_cast<std::int64_t>(max_length));
    a.b_hi(s.fail);
  }
  if (helper != 0) {
    // The length kept across the call in x23, which a string's function does not count with.
    a.mov(entries_reg, a64::x1);
    s.call(helper, {argument::of(context), argument::constant(what), argument::address(cur, 1),
                    argument::of(entries_reg)});
    a.tst(a64::w0, 0xFF);
    a.b_eq(s.fail);
    a.add(cur, cur, entries_reg);
  } else {
    a.add(cur, cur, a64::x1);
  }
  a.add(cur, cur, 2);
}

void schema_emitter::plain_string_outside(label otherwise, std::span<const length_range> ranges) {
  state& s = *state_;
  auto& a = s.a;
  a.ldrb(a64::w0, a64::ptr(cur));
  s.scan_plain_string(s.labels[otherwise]);
  s.jump_if_in(a64::x1, ranges, s.labels[otherwise]);
  a.add(cur, cur, a64::x1);
  a.add(cur, cur, 2);
}

void schema_emitter::open_container(char close, label empty) {
  state& s = *state_;
  auto& a = s.a;
  // Giving up one level before the reader's limit: the interpreter reports what lies there.
  a.ldr(a64::w9, s.at(context, s.layout.depth, 4));
  a.add(a64::w9, a64::w9, 1);
  a.ldr(a64::w10, s.at(context, s.layout.max_depth, 4));
  a.cmp(a64::w9, a64::w10);
  a.b_ge(s.give_up);
  a.str(a64::w9, s.at(context, s.layout.depth, 4));
  a.add(cur, cur, 1);
  a.str(a64::xzr, slot_at(seen_slot));
  a.mov(entries_reg, 0);
  s.load_token();
  a.cmp(a64::w0, close);
  a.b_eq(s.labels[empty]);
}

void schema_emitter::match_name(std::string_view text, label miss) {
  state& s = *state_;
  auto& a = s.a;
  const asmjit::Label to = s.labels[miss];
  const auto n = static_cast<std::int64_t>(text.size());
  s.add(a64::x9, cur, n);
  a.cmp(a64::x9, end);
  a.b_hi(to);
  s.compare_text(cur, 0, text, to);
  s.advance(n);
}

void schema_emitter::count_entry() { state_->a.add(entries_reg, entries_reg, 1); }

void schema_emitter::mark_seen(unsigned bit) {
  auto& a = state_->a;
  a.ldr(a64::x9, slot_at(seen_slot));
  a.orr(a64::x9, a64::x9, std::uint64_t{1} << bit);
  a.str(a64::x9, slot_at(seen_slot));
}

void schema_emitter::count_seen() {
  auto& a = state_->a;
  a.ldr(a64::x9, slot_at(seen_slot));
  a.add(a64::x9, a64::x9, 1);
  a.str(a64::x9, slot_at(seen_slot));
}

void schema_emitter::apply_here(const void* const* slot) {
  state_->call_function_in(slot, cur, false);
  state_->take_position(state_->fail);
}

void schema_emitter::count_here(const void* const* slot) {
  state_->call_function_in(slot, cur, false);
  state_->count_result();
}

void schema_emitter::next_entry(char close, label next, label closed) {
  state& s = *state_;
  auto& a = s.a;
  const asmjit::Label not_comma = a.newLabel();
  s.load_token();
  a.cmp(a64::w0, ',');
  a.b_ne(not_comma);
  a.add(cur, cur, 1);
  s.load_token();
  a.b(s.labels[next]);
  a.bind(not_comma);
  a.cmp(a64::w0, close);
  a.b_eq(s.labels[closed]);
  a.b(s.fail);
}

void schema_emitter::member_helper(std::uint64_t helper, const void* what, std::uint32_t tried) {
  state& s = *state_;
  s.move(a64::x9, tried);
  s.a.str(a64::x9, slot_at(next_tried_slot));
  s.call(helper, {argument::of(context), argument::constant(what), argument::of(cur), address_of(seen_slot),
                  address_of(next_tried_slot)});
  s.take_position(s.fail);
}

void schema_emitter::member_by_name(std::uint64_t plain, std::uint64_t general, const void* what,
                                    std::span<const named_member> known) {
  state& s = *state_;
  auto& a = s.a;
  const asmjit::Label other = a.newLabel(), done = a.newLabel(), unknown = a.newLabel();
  s.scan_member_name(other);
  if (!known.empty()) s.known_names(known, unknown, done);
  a.bind(unknown);
  s.pass_member_name();
  named_value(plain, what);
  a.b(done);
  a.bind(other);
  member_helper(general, what, 0);
  a.bind(done);
}

void schema_emitter::member_name(label other) {
  state& s = *state_;
  s.scan_member_name(s.labels[other]);
  s.pass_member_name();
}

void schema_emitter::named_value(std::uint64_t plain, const void* what) {
  state& s = *state_;
  s.a.ldp(a64::x3, a64::x4, slot_at(name_start_slot));
  s.call(plain, {argument::of(context), argument::constant(what), argument::of(cur), argument::of(a64::x3),
                 argument::of(a64::x4), address_of(seen_slot)});
  s.take_position(s.fail);
}

void schema_emitter::jump_to_next(std::span<const label> targets) {
  state& s = *state_;
  std::vector<asmjit::Label> to;
  for (label l : targets) to.push_back(s.labels[l]);
  s.a.ldr(a64::x11, slot_at(next_tried_slot));
  s.jump_through_table(a64::x11, std::move(to));
}

void schema_emitter::close_container() {
  state& s = *state_;
  auto& a = s.a;
  a.add(cur, cur, 1);
  a.ldr(a64::w9, s.at(context, s.layout.depth, 4));
  a.sub(a64::w9, a64::w9, 1);
  a.str(a64::w9, s.at(context, s.layout.depth, 4));
}

void schema_emitter::fail_if_entries_below(std::uint64_t n) {
  state_->compare(entries_reg, static_cast<std::int64_t>(n));
  state_->a.b_lo(state_->fail);
}
void schema_emitter::fail_if_entries_above(std::uint64_t n) {
  state_->compare(entries_reg, static_cast<std::int64_t>(n));
  state_->a.b_hi(state_->fail);
}

void schema_emitter::jump_if_entries_in(std::span<const length_range> ranges, label to) {
  state_->jump_if_in(entries_reg, ranges, state_->labels[to]);
}

void schema_emitter::fail_unless_seen(std::uint64_t mask) {
  state& s = *state_;
  auto& a = s.a;
  a.ldr(a64::x9, slot_at(seen_slot));
  s.load_constant(a64::x10, mask);
  a.bic(a64::x10, a64::x10, a64::x9);  // wanted and not seen
  a.cbnz(a64::x10, s.fail);
}

void schema_emitter::jump_unless_seen(unsigned bit, label to) {
  state_->a.ldr(a64::x9, slot_at(seen_slot));
  state_->a.tst(a64::x9, std::uint64_t{1} << bit);  // (not tbz: `to` may lie beyond its 32 KiB)
  state_->a.b_eq(state_->labels[to]);
}

void schema_emitter::check_helper(std::uint64_t helper, const void* what) {
  state& s = *state_;
  s.call(helper, {argument::of(context), argument::constant(what), argument::of(start_reg), argument::of(cur)});
  s.a.tst(a64::w0, 0xFF);
  s.a.b_eq(s.fail);
}

void schema_emitter::store_position(std::int32_t offset) { state_->a.str(cur, state_->at(context, offset, 8)); }
void schema_emitter::load_position(std::int32_t offset) { state_->a.ldr(cur, state_->at(context, offset, 8)); }

void schema_emitter::jump_if_moved(std::int32_t offset, label to) {
  state& s = *state_;
  s.a.ldr(a64::x9, s.at(context, offset, 8));
  s.a.cmp(cur, a64::x9);
  s.a.b_ne(s.labels[to]);
}

void schema_emitter::return_position_at(std::int32_t offset) {
  state& s = *state_;
  auto& a = s.a;
  a.ldr(a64::x9, slot_at(entry_depth_slot));
  a.str(a64::w9, s.at(context, s.layout.depth, 4));
  a.ldr(a64::x0, s.at(context, offset, 8));
  s.epilogue();
}

void schema_emitter::update_word(std::int32_t offset, std::uint64_t clear, std::uint64_t set) {
  state& s = *state_;
  auto& a = s.a;
  if (clear == ~std::uint64_t{0}) {
    s.load_constant(a64::x9, set);
  } else {
    a.ldr(a64::x9, s.at(context, offset, 8));
    s.load_constant(a64::x10, clear);
    a.bic(a64::x9, a64::x9, a64::x10);
    if (set != 0) {
      s.load_constant(a64::x10, set);
      a.orr(a64::x9, a64::x9, a64::x10);
    }
  }
  a.str(a64::x9, s.at(context, offset, 8));
}

void schema_emitter::set_bit_once(std::int32_t offset, unsigned bit) {
  state& s = *state_;
  auto& a = s.a;
  a.ldr(a64::x9, s.at(context, offset, 8));
  a.tst(a64::x9, std::uint64_t{1} << bit);
  a.b_ne(s.give_up);
  a.orr(a64::x9, a64::x9, std::uint64_t{1} << bit);
  a.str(a64::x9, s.at(context, offset, 8));
}

void schema_emitter::number_bits(std::span<const integer_limit> limits, std::int32_t offset, std::uint64_t clear,
                                 std::uint64_t set, label otherwise) {
  state& s = *state_;
  auto& a = s.a;
  const asmjit::Label to = s.labels[otherwise], negative = a.newLabel(), ranged = a.newLabel();
  // The integer part's digits (eight bytes read where they lie within the input).
  a.ldrb(a64::w9, a64::ptr(start_reg));
  a.cmp(a64::w9, '-');
  a.cset(a64::x9, asmjit::Imm(asmjit::arm::CondCode::kEQ));
  a.add(a64::x10, start_reg, a64::x9);
  a.add(a64::x11, a64::x10, 8);
  a.cmp(a64::x11, end);
  a.b_hi(to);
  a.ldr(a64::x12, a64::ptr(a64::x10));
  // The bytes that are not digits: their high nibble is not 3, or adding 6 carries out of
  // their low nibble (a carry from one reaches only the bytes after it).
  s.load_constant(a64::x13, 0x0606060606060606);
  a.add(a64::x13, a64::x12, a64::x13);
  a.and_(a64::x14, a64::x12, 0xF0F0F0F0F0F0F0F0);
  a.and_(a64::x13, a64::x13, 0xF0F0F0F0F0F0F0F0);
  a.orr(a64::x13, a64::x14, a64::x13, asmjit::arm::lsr(4));
  a.eor(a64::x13, a64::x13, 0x3333333333333333);
  a.cbz(a64::x13, to);  // (eight digits or more)
  a.rbit(a64::x13, a64::x13);
  a.clz(a64::x13, a64::x13);
  a.lsr(a64::x13, a64::x13, 3);  // the digits
  // Their value: the digits moved to the top bytes (zeros below, leading zeros of the value),
  // then pairs, quads and halves added, one multiplication each.
  s.load_constant(a64::x14, 0x3030303030303030);
  a.sub(a64::x12, a64::x12, a64::x14);
  a.mov(a64::x14, 8);
  a.sub(a64::x14, a64::x14, a64::x13);
  a.lsl(a64::x14, a64::x14, 3);
  a.lsl(a64::x12, a64::x12, a64::x14);
  constexpr std::pair<std::uint32_t, std::uint64_t> steps[] = {
      {10, 0x00FF00FF00FF00FF}, {100, 0x0000FFFF0000FFFF}, {10000, 0x00000000FFFFFFFF}};
  std::uint32_t shift = 8;
  for (const auto& [factor, mask] : steps) {
    a.mov(a64::x15, factor);
    a.mul(a64::x14, a64::x12, a64::x15);
    a.add(a64::x12, a64::x14, a64::x12, asmjit::arm::lsr(shift));
    a.and_(a64::x12, a64::x12, mask);
    shift *= 2;
  }
  // [low, high] in x13, x14: the integer part I, and I + 1 where a fraction follows (the
  // negative: -I - 1 and -I).
  a.add(a64::x10, a64::x10, a64::x13);
  a.cmp(a64::x10, cur);
  a.cset(a64::x11, asmjit::Imm(asmjit::arm::CondCode::kNE));
  a.cbnz(a64::x9, negative);
  a.mov(a64::x13, a64::x12);
  a.add(a64::x14, a64::x12, a64::x11);
  a.b(ranged);
  a.bind(negative);
  a.neg(a64::x14, a64::x12);
  a.sub(a64::x13, a64::x14, a64::x11);
  a.bind(ranged);
  s.load_constant(a64::x12, set);
  const auto add_bits = [&](std::uint64_t bits) {
    if (bits == 0) return;
    s.load_constant(a64::x15, bits);
    a.orr(a64::x12, a64::x12, a64::x15);
  };
  for (const integer_limit& l : limits) {
    const asmjit::Label next = a.newLabel(), above = a.newLabel(), below = a.newLabel();
    s.load_constant(a64::x15, static_cast<std::uint64_t>(l.above));
    a.cmp(a64::x13, a64::x15);
    a.b_ge(above);
    s.load_constant(a64::x15, static_cast<std::uint64_t>(l.below));
    a.cmp(a64::x14, a64::x15);
    a.b_le(below);
    if (!l.integral) {
      a.b(to);
    } else {
      s.load_constant(a64::x15, static_cast<std::uint64_t>(l.at));
      a.cmp(a64::x13, a64::x15);
      a.b_ne(to);
      a.cmp(a64::x14, a64::x15);
      a.b_ne(to);
      add_bits(l.if_equal);
      a.b(next);
    }
    a.bind(above);
    add_bits(l.if_above);
    a.b(next);
    a.bind(below);
    add_bits(l.if_below);
    a.bind(next);
  }
  a.ldr(a64::x9, s.at(context, offset, 8));
  s.load_constant(a64::x10, clear);
  a.bic(a64::x9, a64::x9, a64::x10);
  a.orr(a64::x9, a64::x9, a64::x12);
  a.str(a64::x9, s.at(context, offset, 8));
}

void schema_emitter::jump_unless_table_bit(std::int32_t offset, std::uint64_t table, label to) {
  state& s = *state_;
  auto& a = s.a;
  a.ldr(a64::x9, s.at(context, offset, 8));
  s.load_constant(a64::x10, table);
  a.lsr(a64::x10, a64::x10, a64::x9);
  a.tst(a64::x10, 1);
  a.b_eq(s.labels[to]);  // (not tbz: `to` may lie beyond its 32 KiB)
}

void schema_emitter::mark_entry() {
  state& s = *state_;
  auto& a = s.a;
  a.sub(a64::x9, entries_reg, 1);
  a.cmp(a64::x9, mask_entries);
  a.b_hs(s.give_up);  // the interpreter decides what the mask cannot hold
  a.ldr(a64::x10, slot_at(evaluated_slot));
  a.mov(a64::x11, 1);
  a.lsl(a64::x11, a64::x11, a64::x9);
  a.orr(a64::x10, a64::x10, a64::x11);
  a.str(a64::x10, slot_at(evaluated_slot));
}

void schema_emitter::mark_entry_if_member_evaluated() {
  state& s = *state_;
  const asmjit::Label skip = s.a.newLabel();
  s.a.ldrb(a64::w9, s.at(context, s.layout.member_evaluated, 1));
  s.a.cbz(a64::w9, skip);
  mark_entry();
  s.a.bind(skip);
}

void schema_emitter::mark_entry_if_passed() {
  auto& a = state_->a;
  const asmjit::Label skip = a.newLabel();
  a.cbz(a64::x0, skip);
  mark_entry();
  a.bind(skip);
}

void schema_emitter::mark_entries(std::uint64_t mask) {
  state& s = *state_;
  if (mask == 0) return;
  s.a.ldr(a64::x9, slot_at(evaluated_slot));
  s.load_constant(a64::x10, mask);
  s.a.orr(a64::x9, a64::x9, a64::x10);
  s.a.str(a64::x9, slot_at(evaluated_slot));
}

void schema_emitter::check_counted(std::uint64_t helper, const void* what) {
  state& s = *state_;
  s.call(helper, {argument::of(context), argument::constant(what), argument::of(start_reg), argument::of(cur),
                  argument::of(entries_reg)});
  s.a.tst(a64::w0, 0xFF);
  s.a.b_eq(s.fail);
}

void schema_emitter::check_unevaluated(std::uint64_t helper, const void* what) {
  state& s = *state_;
  s.a.ldr(a64::x4, slot_at(evaluated_slot));  // the fifth argument
  s.call(helper, {argument::of(context), argument::constant(what), argument::of(start_reg), argument::of(cur),
                  argument::of(a64::x4)});
  s.a.tst(a64::w0, 0xFF);
  s.a.b_eq(s.fail);
}

std::string schema_emitter::listing() const { return state_->listing(); }

std::vector<const void*> schema_emitter::finish(code_memory& memory, std::string_view name, placed_code& code) {
  state& s = *state_;
  s.emit_shared_tails();
  if (!s.shared.available) return {};
  // Many functions in one piece of code: no single frame description fits them all, so
  // none is given (the frame is the one every generated function has; see a64_function).
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
