// The shared routines (shared_routines_p.hpp) in AArch64 code, assembled on first use with NEON
// (every AArch64 processor has it, so there is one version). Their registers:
//   write_string[mode]  the std::string at x0 quoted and escaped at the position (x20), the end
//                       (x21) reloaded if it grew; w0 = 0 on failure, else 1.
//   string_scan         with a value's first byte at the position and in w0 — when it is a
//                       string's opening quote and 17 bytes are there — the 16 after the quote
//                       in v0 and, in x1, the length of the string if its closing quote is the
//                       first byte a string scan must look at; else x1 = -1.
// They clobber the caller-saved registers (x0–x15, v0–v7, v16–v31) and x30, as a call may.
#include "engines/jit/emit/shared_routines_p.hpp"

#include <array>
#include <cstddef>

#include "engines/jit/emit/aarch64/a64_function_p.hpp"
#include "engines/jit/emit/code_memory_p.hpp"
#include "engines/jit/jit_p.hpp"

namespace jsonjit::detail::jit {
namespace {

constexpr std::int32_t write_end_offset = static_cast<std::int32_t>(offsetof(write_context, end));

class routine_emitter {
 public:
  routine_emitter() : f_(false) {}

  bool place(shared_routines& r) {
    const asmjit::Label write_html = write_string(escape_mode::html_safe);
    const asmjit::Label write_relaxed = write_string(escape_mode::relaxed);
    const asmjit::Label scan = string_scan();
    static code_memory* const memory = new code_memory;  // lives as long as the process
    const placed_code code = f_.place(*memory, "jsonjit::shared_routines");
    if (code.entry == nullptr) return false;
    const auto address = [&](asmjit::Label l) {
      return reinterpret_cast<std::uint64_t>(code.entry) + f_.code.labelOffsetFromBase(l);
    };
    r.write_string[static_cast<int>(escape_mode::html_safe)] = address(write_html);
    r.write_string[static_cast<int>(escape_mode::relaxed)] = address(write_relaxed);
    r.string_scan = address(scan);
    return true;
  }

 private:
  // The vectors' constants, loaded once per call of a routine: splats of 0x20, '"', '\\' and
  // 0x0F, and the two class tables of html_safe_bytes.
  const a64::Vec space = a64::v16, quote = a64::v17, backslash = a64::v18, low_nibble = a64::v19,
                 by_high = a64::v20, by_low = a64::v21;

  void load_constants(escape_mode mode) {
    auto& a = f_.a;
    a.movi(space.b16(), 0x20);
    a.movi(quote.b16(), '"');
    a.movi(backslash.b16(), '\\');
    if (mode != escape_mode::html_safe) return;
    // Class bits: 1 every byte of rows 0 and 1 (controls); 2 ", &, ', + (row 2); 4 <, > (row
    // 3); 8 \ (row 5); 16 ` (row 6); 32 DEL (row 7).
    static constexpr std::array<std::uint8_t, 16> high = {1, 1, 2, 4, 0, 8, 16, 32, 0, 0, 0, 0, 0, 0, 0, 0};
    static constexpr std::array<std::uint8_t, 16> low = [] {
      std::array<std::uint8_t, 16> t{};
      for (auto& c : t) c = 1;
      for (std::size_t i : {2u, 6u, 7u, 11u}) t[i] |= 2;
      for (std::size_t i : {12u, 14u}) t[i] |= 4;
      t[0xC] |= 8;
      t[0x0] |= 16;
      t[0xF] |= 32;
      return t;
    }();
    a.movi(low_nibble.b16(), 0x0F);
    f_.load_vector(by_high, high);
    f_.load_vector(by_low, low);
  }

  /// `mask`: 4 bits per byte of `text` (byte i at bits 4i to 4i+3), set where it needs
  /// escaping in `mode` (escape_p.hpp's special_bytes; relaxed: the bytes a string scan must
  /// look at). Clobbers v1 and v2.
  void special_bytes(const a64::Vec& text, escape_mode mode, const a64::Gp& mask) {
    auto& a = f_.a;
    const a64::Vec found = a64::v1, t = a64::v2;
    if (mode == escape_mode::html_safe) {
      // A byte is special where the classes of its low and its high nibble share a bit (two
      // table lookups instead of seven compares); non-ASCII bytes by their sign.
      a.ushr(t.b16(), text.b16(), 4);
      a.tbl(found.b16(), by_high.b16(), t.b16());
      a.and_(t.b16(), text.b16(), low_nibble.b16());
      a.tbl(t.b16(), by_low.b16(), t.b16());
      a.cmtst(found.b16(), found.b16(), t.b16());
      a.cmlt(t.b16(), text.b16(), 0);
      a.orr(found.b16(), found.b16(), t.b16());
    } else {
      a.cmgt(found.b16(), space.b16(), text.b16());  // controls and non-ASCII: one signed compare
      a.cmeq(t.b16(), text.b16(), quote.b16());
      a.orr(found.b16(), found.b16(), t.b16());
      a.cmeq(t.b16(), text.b16(), backslash.b16());
      a.orr(found.b16(), found.b16(), t.b16());
    }
    a.shrn(found.b8(), found.h8(), 4);
    a.fmov(mask, found.d());
  }

  /// `index` = the first byte `mask` (special_bytes) marks.
  void first_marked(const a64::Gp& index, const a64::Gp& mask) {
    auto& a = f_.a;
    a.rbit(index, mask);
    a.clz(index, index);
    a.lsr(index, index, 2);
  }

  /// Calls the C++ helper `helper` with the arguments already in x0.., saving the link register
  /// (the routine's own return address).
  void call_out(std::uint64_t helper) {
    auto& a = f_.a;
    a.stp(a64::x29, a64::x30, a64::ptr_pre(a64::sp, -16));
    a.mov(a64::x29, a64::sp);
    f_.move(call_target, helper);
    a.blr(call_target);
    a.ldp(a64::x29, a64::x30, a64::ptr_post(a64::sp, 16));
  }

  asmjit::Label write_string(escape_mode mode) {
    auto& a = f_.a;
    const asmjit::Label start = a.newLabel(), slow = a.newLabel(), two_vectors = a.newLabel(),
                        closing = a.newLabel(), longer = a.newLabel(), next_vector = a.newLabel(),
                        escape_from = a.newLabel(), escaped = a.newLabel(), took_position = a.newLabel();
    const a64::Gp value = a64::x0, data = a64::x1, size = a64::x2, mask = a64::x3, room = a64::x4,
                  done = a64::x5, t = a64::x6;
    a.bind(start);
    a.mov(a64::x7, value);  // for the slow path
    a.ldp(data, size, a64::ptr(value));  // data and size (libstdc++'s layout)
    a.sub(room, end, cur);
    load_constants(mode);
    a.cmp(size, 31);
    a.b_hi(longer);
    a.cmp(room, 34);  // the quotes and two vectors
    a.b_lo(slow);
    a.ldr(a64::q0, a64::ptr(data));  // 16 bytes: a string's storage has that many
    special_bytes(a64::v0, mode, mask);
    a.cmp(size, 16);
    a.b_hs(two_vectors);
    // Up to 15 bytes: only the string's own bytes count.
    a.lsl(t, size, 2);
    a.mov(a64::x8, 1);
    a.lsl(a64::x8, a64::x8, t);
    a.sub(a64::x8, a64::x8, 1);
    a.tst(mask, a64::x8);
    a.b_ne(escaped);
    a.mov(a64::w8, '"');
    a.strb(a64::w8, a64::ptr(cur));
    a.stur(a64::q0, a64::ptr(cur, 1));
    a.b(closing);
    // 16 to 31 bytes: the first and the last 16, overlapping.
    a.bind(two_vectors);
    a.mov(t, mask);
    a.mov(a64::v3.b16(), a64::v0.b16());
    a.add(a64::x8, data, size);
    a.ldur(a64::q0, a64::ptr(a64::x8, -16));
    special_bytes(a64::v0, mode, mask);
    a.orr(mask, mask, t);
    a.cbnz(mask, escaped);
    a.mov(a64::w8, '"');
    a.strb(a64::w8, a64::ptr(cur));
    a.stur(a64::q3, a64::ptr(cur, 1));
    a.add(a64::x8, cur, size);
    a.stur(a64::q0, a64::ptr(a64::x8, -15));
    a.bind(closing);
    a.add(cur, cur, size);
    a.mov(a64::w8, '"');
    a.strb(a64::w8, a64::ptr(cur, 1));
    a.add(cur, cur, 2);
    a.mov(a64::w0, 1);
    a.ret(a64::x30);
    // 32 bytes or more, with room for all of them clean: 16 at a time while a whole vector is
    // left (`done`: how many are checked and copied), then the last 16, overlapping. From the
    // first vector with a byte to escape, the tail helper escapes the rest (it reserves the
    // room escapes take).
    a.bind(longer);
    a.add(t, size, 2);  // the quotes
    a.cmp(room, t);
    a.b_lo(slow);
    a.mov(a64::w8, '"');
    a.strb(a64::w8, a64::ptr(cur));
    a.mov(done, 0);
    a.bind(next_vector);
    a.ldr(a64::q0, a64::ptr(data, done));
    special_bytes(a64::v0, mode, mask);
    a.cbnz(mask, escape_from);
    a.add(a64::x8, cur, done);
    a.stur(a64::q0, a64::ptr(a64::x8, 1));
    a.add(done, done, 16);
    a.add(t, done, 16);
    a.cmp(t, size);
    a.b_ls(next_vector);
    a.add(a64::x8, data, size);
    a.ldur(a64::q0, a64::ptr(a64::x8, -16));
    special_bytes(a64::v0, mode, mask);
    a.cbnz(mask, escape_from);
    a.add(a64::x8, cur, size);
    a.stur(a64::q0, a64::ptr(a64::x8, -15));
    a.b(closing);
    // A short string with a byte to escape (its room for the clean case checked): all of it
    // by the tail helper.
    a.bind(escaped);
    a.mov(a64::w8, '"');
    a.strb(a64::w8, a64::ptr(cur));
    a.mov(done, 0);
    a.bind(escape_from);
    a.sub(a64::x3, size, done);        // its size,
    a.add(a64::x2, data, done);        // the text from `done`,
    a.add(a64::x1, cur, done);
    a.add(a64::x1, a64::x1, 1);        // where it goes
    a.mov(a64::x0, context);
    call_out(reinterpret_cast<std::uint64_t>(&jsonjit_jit_string_tail));
    a.b(took_position);
    a.bind(slow);
    a.mov(a64::x2, a64::x7);
    a.mov(a64::x1, cur);
    a.mov(a64::x0, context);
    call_out(reinterpret_cast<std::uint64_t>(&jsonjit_jit_string));
    a.bind(took_position);
    const asmjit::Label failed = a.newLabel();
    a.cbz(a64::x0, failed);
    a.mov(cur, a64::x0);
    a.ldr(end, a64::ptr(context, write_end_offset));
    a.mov(a64::w0, 1);
    a.ret(a64::x30);
    a.bind(failed);
    a.mov(a64::w0, 0);
    a.ret(a64::x30);
    return start;
  }

  asmjit::Label string_scan() {
    auto& a = f_.a;
    const asmjit::Label start = a.newLabel(), none = a.newLabel(), longer = a.newLabel(),
                        found = a.newLabel(), next = a.newLabel();
    const a64::Gp length = a64::x1, mask = a64::x2, t = a64::x3;
    a.bind(start);
    a.cmp(a64::w0, '"');
    a.b_ne(none);
    a.sub(t, end, cur);
    a.cmp(t, 17);  // the quote and a whole vector
    a.b_lo(none);
    load_constants(escape_mode::relaxed);
    a.ldur(a64::q0, a64::ptr(cur, 1));
    special_bytes(a64::v0, escape_mode::relaxed, mask);
    a.cbz(mask, longer);
    first_marked(length, mask);
    a.add(t, cur, length);
    a.ldrb(a64::w3, a64::ptr(t, 1));
    a.cmp(a64::w3, '"');
    a.b_ne(none);  // an escape, a control or non-ASCII: the helper checks them
    a.ret(a64::x30);
    // Longer than 15 bytes: the next vectors, while a whole one is left in the input.
    a.bind(longer);
    a.mov(length, 16);
    a.bind(next);
    a.add(t, cur, length);
    a.add(t, t, 17);
    a.cmp(t, end);
    a.b_hi(none);
    a.ldur(a64::q3, a64::ptr(t, -16));
    special_bytes(a64::v3, escape_mode::relaxed, mask);
    a.cbnz(mask, found);
    a.add(length, length, 16);
    a.b(next);
    a.bind(found);
    first_marked(mask, mask);
    a.add(length, length, mask);
    a.add(t, cur, length);
    a.ldrb(a64::w3, a64::ptr(t, 1));
    a.cmp(a64::w3, '"');
    a.b_ne(none);
    a.ret(a64::x30);
    a.bind(none);
    a.mov(length, -1);
    a.ret(a64::x30);
    return start;
  }

  a64_function f_;
};

}  // namespace

const shared_routines& routines() noexcept {
  static const shared_routines placed = [] {
    shared_routines r;
    r.available = routine_emitter().place(r);
    return r;
  }();
  return placed;
}

}  // namespace jsonjit::detail::jit
