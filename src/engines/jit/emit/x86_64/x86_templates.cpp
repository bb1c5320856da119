// The templates' instructions (see x86_templates_p.hpp). This file is compiled into the
// library, where functions with a listing assemble them, and into x86_prebuilt_generator,
// which analyses them when jsonjit is built: it depends on asmjit and headers only.
#include "engines/jit/emit/x86_64/x86_templates_p.hpp"

#include <cstddef>

#include "engines/jit/emit/schema_emitter_p.hpp"  // longest_narrow_number
#include "engines/jit/emit/x86_64/schema_frame_p.hpp"
#include "engines/jit/emit/x86_64/x86_function_p.hpp"
#include "engines/jit/jit_p.hpp"

namespace jsonjit::detail::jit {

// --- every function ------------------------------------------------------------------------

void write_call(x86::Assembler& as, const asmjit::Label*, const std::int64_t* values) {
  as.mov(x86::rax, asmjit::Imm(values[0]));
  as.call(x86::rax);
}
void write_advance(x86::Assembler& as, const asmjit::Label*, const std::int64_t* values) {
  as.add(cur, asmjit::Imm(values[0]));
}

namespace {

void write_take_position(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t*) {
  as.test(x86::rax, x86::rax);
  as.jz(targets[0]);
  as.mov(cur, x86::rax);
}

// --- readers -------------------------------------------------------------------------------

/// Skips whitespace and loads the next byte into eax: targets[0] at the end of the input,
/// the whitespace routine targets[1] called where there is some.
void write_load_token(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t*) {
  const asmjit::Label back = as.newLabel();
  as.cmp(cur, end);
  as.jae(targets[0]);
  as.movzx(x86::eax, x86::byte_ptr(cur));
  as.cmp(x86::eax, ' ');
  as.ja(back);
  as.call(targets[1]);
  as.bind(back);
}

/// After a member's value: a comma (anything else to targets[2]) and the token after it
/// (targets[0], [1] as in write_load_token), then on to targets[3].
void write_next_member(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t* values) {
  write_load_token(as, targets, values);
  as.cmp(x86::eax, ',');
  as.jne(targets[2]);
  as.inc(cur);
  write_load_token(as, targets, values);
  as.jmp(targets[3]);
}

/// A string value into the std::string at rdx, with its first byte in eax: one of up to 15
/// plain bytes found by the shared scan (values[0]) and stored in place; a longer plain one
/// to the function's assign routine (targets[0]); anything else to its read routine
/// (targets[1]).
void write_read_string(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t* values) {
  const asmjit::Label general = as.newLabel(), assign = as.newLabel(), done = as.newLabel();
  as.mov(x86::r11, asmjit::Imm(values[0]));
  as.call(x86::r11);  // rcx: its length, or negative
  as.test(x86::rcx, x86::rcx);
  as.js(general);
  as.cmp(x86::rcx, 15);
  as.ja(assign);
  as.lea(x86::rax, x86::ptr(x86::rdx, 16));
  as.cmp(x86::qword_ptr(x86::rdx), x86::rax);
  as.jne(assign);  // its text is on the heap: assign reuses that
  as.movdqu(x86::ptr(x86::rdx, 16), x86::xmm0);
  as.mov(x86::qword_ptr(x86::rdx, 8), x86::rcx);
  as.mov(x86::byte_ptr(x86::rdx, x86::rcx, 0, 16), 0);
  as.lea(cur, x86::ptr(cur, x86::rcx, 0, 2));
  as.jmp(done);
  as.bind(assign);  // a plain string that does not fit in place: assigned, without a second scan
  as.call(targets[0]);
  as.jmp(done);
  as.bind(general);
  as.call(targets[1]);
  as.bind(done);
}

/// The 8 bytes at the position compared with values[0] (8, not a 32-bit value), to
/// targets[0] where they differ.
void write_compare8(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t* values) {
  as.mov(x86::rax, asmjit::Imm(values[0]));
  as.cmp(x86::qword_ptr(cur), x86::rax);
  as.jne(targets[0]);
}

}  // namespace

/// Whether values[0] (1) bytes are left at the position, else to targets[0].
void write_name_room(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t* values) {
  as.lea(x86::rcx, x86::ptr(cur, static_cast<std::int32_t>(values[0])));
  as.cmp(x86::rcx, end);
  as.ja(targets[0]);
}
/// write_compare8 at values[1] (1) past the position.
void write_compare8_at(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t* values) {
  as.mov(x86::rax, asmjit::Imm(values[0]));
  as.cmp(x86::qword_ptr(cur, static_cast<std::int32_t>(values[1])), x86::rax);
  as.jne(targets[0]);
}
/// The 4 bytes at the position and at values[2] (1) past it compared with values[0] and
/// values[1] (4), to targets[0] where they differ.
void write_compare4_pair(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t* values) {
  as.cmp(x86::dword_ptr(cur), asmjit::Imm(values[0]));
  as.jne(targets[0]);
  as.cmp(x86::dword_ptr(cur, static_cast<std::int32_t>(values[2])), asmjit::Imm(values[1]));
  as.jne(targets[0]);
}

// --- writers -------------------------------------------------------------------------------

/// Room for values[0] (1) bytes at the position, else to targets[0].
void write_room_check(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t* values) {
  as.mov(x86::rax, end);
  as.sub(x86::rax, cur);
  as.cmp(x86::rax, values[0]);
  as.jb(targets[0]);
}
/// The 8 bytes values[0] (8, not a 32-bit value) at values[1] (1) past the position.
void write_store8_at(x86::Assembler& as, const asmjit::Label*, const std::int64_t* values) {
  as.mov(x86::rax, asmjit::Imm(values[0]));
  as.mov(x86::qword_ptr(cur, static_cast<std::int32_t>(values[1])), x86::rax);
}
/// The 4 bytes values[0] (4) at values[1] (1) past the position.
void write_store4_at(x86::Assembler& as, const asmjit::Label*, const std::int64_t* values) {
  as.mov(x86::dword_ptr(cur, static_cast<std::int32_t>(values[1])), asmjit::Imm(values[0]));
}
/// The growth of the output by rdx bytes through the helper at values[0] (8,
/// jsonjit_jit_reserve); to targets[0] if it failed.
void write_grow(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t* values) {
  constexpr auto end_offset = static_cast<std::int32_t>(offsetof(write_context, end));
  as.mov(x86::rdi, context);
  as.mov(x86::rsi, cur);
  as.mov(x86::rax, asmjit::Imm(values[0]));
  as.call(x86::rax);
  as.test(x86::rax, x86::rax);
  as.jz(targets[0]);
  as.mov(cur, x86::rax);
  as.mov(end, x86::qword_ptr(context, end_offset));
}

namespace {

/// The 8 bytes values[0] (8, not a 32-bit value) at the position.
void write_store8(x86::Assembler& as, const asmjit::Label*, const std::int64_t* values) {
  as.mov(x86::rax, asmjit::Imm(values[0]));
  as.mov(x86::qword_ptr(cur), x86::rax);
}
/// The 4 bytes values[0] (4) at the position.
void write_store4(x86::Assembler& as, const asmjit::Label*, const std::int64_t* values) {
  as.mov(x86::dword_ptr(cur), asmjit::Imm(values[0]));
}
/// Calls the shared routine values[0] (8), to targets[0] on failure (eax = 0).
void write_checked_routine(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t* values) {
  as.mov(x86::r11, asmjit::Imm(values[0]));
  as.call(x86::r11);
  as.test(x86::eax, x86::eax);
  as.jz(targets[0]);
}

// --- schema validators and JSONPath queries (schema_emitter) -------------------------------

using namespace schema_frame;

/// After the prologue: the context (rdi) and position (rsi) taken, the end loaded from
/// values[0] (4) in the context and the depth from values[1] (4) kept in its slot; to
/// targets[0] (giving up) once the call budget at values[2] (4) is spent or the stack is below
/// the floor at values[3] (4); then the first token (targets[1], [2] as in write_load_token)
/// and the value's start.
void write_entry(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t* values) {
  as.mov(context, x86::rdi);
  as.mov(cur, x86::rsi);
  as.mov(end, x86::qword_ptr(context, static_cast<std::int32_t>(values[0])));
  as.mov(x86::eax, x86::dword_ptr(context, static_cast<std::int32_t>(values[1])));
  as.mov(entry_depth, x86::rax);
  as.sub(x86::qword_ptr(context, static_cast<std::int32_t>(values[2])), 1);
  as.js(targets[0]);  // (signed: every call past the budget gives up, not just the first)
  as.cmp(x86::rsp, x86::qword_ptr(context, static_cast<std::int32_t>(values[3])));
  as.jb(targets[0]);
  write_load_token(as, targets + 1, nullptr);
  as.mov(start_reg, cur);
}

/// An object or array opened: the depth at values[0] (4) in the context incremented, to
/// targets[0] (giving up) where it reaches the limit at values[1] (4), stored back at values[2]
/// (the same offset); the counts cleared and the first token loaded (targets[1], [2] as in
/// write_load_token); to targets[3] where it is the closing bracket values[3] (1).
void write_open_container(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t* values) {
  // Giving up one level before the reader's limit: the interpreter reports what lies there.
  as.mov(x86::eax, x86::dword_ptr(context, static_cast<std::int32_t>(values[0])));
  as.inc(x86::eax);
  as.cmp(x86::eax, x86::dword_ptr(context, static_cast<std::int32_t>(values[1])));
  as.jge(targets[0]);
  as.mov(x86::dword_ptr(context, static_cast<std::int32_t>(values[2])), x86::eax);
  as.inc(cur);
  as.mov(seen, asmjit::Imm(0));
  as.xor_(entries_reg.r32(), entries_reg.r32());
  write_load_token(as, targets + 1, nullptr);
  as.cmp(x86::eax, asmjit::Imm(values[3]));
  as.je(targets[3]);
}

/// After an entry: a comma and the token after it, then to targets[2]; the closing bracket
/// values[0] (1) to targets[3]; anything else to targets[0] (failing; [0] and [1] as in
/// write_load_token).
void write_next_entry(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t* values) {
  const asmjit::Label not_comma = as.newLabel();
  write_load_token(as, targets, nullptr);
  as.cmp(x86::eax, ',');
  as.jne(not_comma);
  as.inc(cur);
  write_load_token(as, targets, nullptr);
  as.jmp(targets[2]);
  as.bind(not_comma);
  as.cmp(x86::eax, asmjit::Imm(values[0]));
  as.je(targets[3]);
  as.jmp(targets[0]);
}

/// To targets[k] by the first byte of the value at the position, k a value_start (object,
/// array, string, number, true, false, null); to targets[7] where none begins so.
void write_dispatch(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t*) {
  as.movzx(x86::eax, x86::byte_ptr(cur));  // (a call before took eax)
  as.cmp(x86::eax, '"');
  as.je(targets[2]);
  as.cmp(x86::eax, '{');
  as.je(targets[0]);
  as.cmp(x86::eax, '[');
  as.je(targets[1]);
  as.lea(x86::ecx, x86::ptr(x86::rax, -'0'));
  as.cmp(x86::ecx, 9);
  as.jbe(targets[3]);
  as.cmp(x86::eax, '-');
  as.je(targets[3]);
  as.cmp(x86::eax, 't');
  as.je(targets[4]);
  as.cmp(x86::eax, 'f');
  as.je(targets[5]);
  as.cmp(x86::eax, 'n');
  as.je(targets[6]);
  as.jmp(targets[7]);
}

/// The function in the table slot at values[1] (8) called on the value at the position (the
/// context's discard at values[0] (4) as its mask), its end taken as the position; to
/// targets[0] where it failed.
void write_apply_here(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t* values) {
  as.mov(x86::rdi, context);
  as.mov(x86::rsi, cur);
  as.lea(x86::rdx, x86::ptr(context, static_cast<std::int32_t>(values[0])));
  as.mov(x86::rax, asmjit::Imm(values[1]));
  as.call(x86::qword_ptr(x86::rax));
  write_take_position(as, targets, nullptr);
}

/// A member's name at the position scanned by the shared routine at values[0] (8): rcx its
/// length where it is plain, else to targets[1]; to targets[0] where no string is there.
void write_member_scan(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t* values) {
  as.movzx(x86::eax, x86::byte_ptr(cur));
  as.cmp(x86::eax, '"');
  as.jne(targets[0]);
  as.mov(x86::r11, asmjit::Imm(values[0]));
  as.call(x86::r11);  // rcx: its length, or negative
  as.test(x86::rcx, x86::rcx);
  as.js(targets[1]);
}

/// The plain name of rcx bytes at the position kept in the name slots, passed with its colon
/// and the whitespace around it: the position at its value; to targets[0] where either fails
/// ([0] and [1] as in write_load_token).
void write_member_name(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t* values) {
  as.lea(x86::rax, x86::ptr(cur, 1));
  as.mov(name_start, x86::rax);
  as.mov(name_size, x86::rcx);
  as.lea(cur, x86::ptr(cur, x86::rcx, 0, 2));
  write_load_token(as, targets, nullptr);
  as.cmp(x86::eax, ':');
  as.jne(targets[0]);
  as.inc(cur);
  write_load_token(as, targets, values);
}

/// The value at the position of the member whose name is in the name slots given to the
/// helper at values[1] (8) with values[0] (8); to targets[0] where it fails.
void write_named_value(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t* values) {
  as.mov(x86::rdi, context);
  as.mov(x86::rsi, asmjit::Imm(values[0]));
  as.mov(x86::rdx, cur);
  as.mov(x86::rcx, name_start);
  as.mov(x86::r8, name_size);
  as.lea(x86::r9, seen);
  write_call(as, nullptr, values + 1);
  write_take_position(as, targets, nullptr);
}

/// The member at the position given to the helper at values[2] (8) with values[1] (8), the
/// seen slot and the next-tried slot (set to values[0] (4)); to targets[0] where it fails.
void write_member_helper(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t* values) {
  as.mov(next_tried, asmjit::Imm(values[0]));
  as.mov(x86::rdi, context);
  as.mov(x86::rsi, asmjit::Imm(values[1]));
  as.mov(x86::rdx, cur);
  as.lea(x86::rcx, seen);
  as.lea(x86::r8, next_tried);
  write_call(as, nullptr, values + 2);
  write_take_position(as, targets, nullptr);
}

/// The value at the position given to the helper at values[1] (8) with values[0] (8); to
/// targets[0] where it fails.
void write_value_helper(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t* values) {
  as.mov(x86::rdi, context);
  as.mov(x86::rsi, cur);
  as.mov(x86::rdx, asmjit::Imm(values[0]));
  write_call(as, nullptr, values + 1);
  write_take_position(as, targets, nullptr);
}

/// The value from its start to the position checked by the helper at values[1] (8) with
/// values[0] (8); to targets[0] where it says no.
void write_check_helper(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t* values) {
  as.mov(x86::rdi, context);
  as.mov(x86::rsi, asmjit::Imm(values[0]));
  as.mov(x86::rdx, start_reg);
  as.mov(x86::rcx, cur);
  write_call(as, nullptr, values + 1);
  as.test(x86::al, x86::al);
  as.jz(targets[0]);
}

/// The number routine: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? from the position,
/// which it moves past the number; anything else to targets[0] (the failure exit). (What
/// follows the number is its container's to check: "01" is "0" and then a stray digit.)
/// edx = 2 where it has an exponent, else 1 where it has a fraction, else 0. Clobbers eax,
/// r10 and r11.
void write_number_routine(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t*) {
  const asmjit::Label integer = as.newLabel(), fraction = as.newLabel(),
                      exponent = as.newLabel(), sign_done = as.newLabel(), exponent_digits = as.newLabel(),
                      done = as.newLabel();
  // A digit at the position (else to `otherwise`); eax clobbered.
  const auto digit_or = [&](asmjit::Label otherwise) {
    as.cmp(cur, end);
    as.jae(otherwise);
    as.movzx(x86::eax, x86::byte_ptr(cur));
    as.sub(x86::eax, '0');
    as.cmp(x86::eax, 9);
    as.ja(otherwise);
  };
  const auto more_digits = [&](asmjit::Label after) {  // [0-9]* then to `after`
    const asmjit::Label loop = as.newLabel(), eight = as.newLabel(), bytewise = as.newLabel();
    // Eight bytes at a time where there are eight: a byte b is a digit where b and b + 6
    // both have 3 as their high nibble; the first byte that is not is found by its bit. (A
    // carry out of b + 6 only reaches the bytes after a byte that is not a digit.)
    as.bind(loop);
    as.lea(x86::r10, x86::ptr(cur, 8));
    as.cmp(x86::r10, end);
    as.ja(bytewise);
    as.mov(x86::r10, x86::qword_ptr(cur));
    as.mov(x86::r11, asmjit::Imm(0x0606060606060606));
    as.add(x86::r11, x86::r10);
    as.mov(x86::rax, asmjit::Imm(0xF0F0F0F0F0F0F0F0));
    as.and_(x86::r10, x86::rax);
    as.and_(x86::r11, x86::rax);
    as.shr(x86::r11, 4);
    as.or_(x86::r10, x86::r11);
    as.mov(x86::rax, asmjit::Imm(0x3333333333333333));
    as.xor_(x86::r10, x86::rax);
    as.jz(eight);
    as.bsf(x86::r10, x86::r10);
    as.shr(x86::r10, 3);
    as.add(cur, x86::r10);
    as.jmp(after);
    as.bind(eight);
    as.add(cur, 8);
    as.jmp(loop);
    as.bind(bytewise);
    digit_or(after);
    as.inc(cur);
    as.jmp(bytewise);
  };
  as.xor_(x86::edx, x86::edx);
  as.cmp(x86::byte_ptr(cur), '-');
  as.jne(integer);
  as.inc(cur);
  as.bind(integer);
  digit_or(targets[0]);
  as.inc(cur);
  as.test(x86::eax, x86::eax);
  as.jz(fraction);  // a leading 0 stands alone
  more_digits(fraction);
  as.bind(fraction);
  as.cmp(cur, end);
  as.jae(done);
  as.cmp(x86::byte_ptr(cur), '.');
  as.jne(exponent);
  as.mov(x86::edx, 1);
  as.inc(cur);
  digit_or(targets[0]);
  as.inc(cur);
  more_digits(exponent);
  as.bind(exponent);
  as.cmp(cur, end);
  as.jae(done);
  as.movzx(x86::eax, x86::byte_ptr(cur));
  as.or_(x86::eax, 0x20);
  as.cmp(x86::eax, 'e');
  as.jne(done);
  as.mov(x86::edx, 2);
  as.inc(cur);
  as.cmp(cur, end);
  as.jae(targets[0]);
  as.movzx(x86::eax, x86::byte_ptr(cur));
  as.cmp(x86::eax, '+');
  as.je(sign_done);
  as.cmp(x86::eax, '-');
  as.jne(exponent_digits);
  as.bind(sign_done);
  as.inc(cur);
  as.bind(exponent_digits);
  digit_or(targets[0]);
  as.inc(cur);
  more_digits(done);
  as.bind(done);
  as.ret();
}

/// The value at the position given to the helper at values[0] (8) with null; to targets[0]
/// where it fails.
void write_skip_helper(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t* values) {
  as.mov(x86::rdi, context);
  as.mov(x86::rsi, cur);
  as.xor_(x86::edx, x86::edx);
  write_call(as, nullptr, values);
  write_take_position(as, targets, nullptr);
}

/// A number skipped by the number routine at targets[0] where it is narrow (no exponent, at
/// most longest_narrow_number bytes); a wide one left at the position, to targets[1].
void write_narrow_number(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t*) {
  const asmjit::Label narrow = as.newLabel(), back = as.newLabel();
  as.mov(x86::rcx, cur);  // (the routine leaves rcx)
  as.call(targets[0]);
  as.cmp(x86::edx, 2);
  as.je(back);
  as.mov(x86::rax, cur);
  as.sub(x86::rax, x86::rcx);
  as.cmp(x86::rax, longest_narrow_number);
  as.jbe(narrow);
  as.bind(back);
  as.mov(cur, x86::rcx);
  as.jmp(targets[1]);
  as.bind(narrow);
}

/// The string at the position scanned by the shared routine at values[0] (8): rcx its length
/// where it is plain, else to targets[0].
void write_string_scan(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t* values) {
  as.movzx(x86::eax, x86::byte_ptr(cur));
  as.mov(x86::r11, asmjit::Imm(values[0]));
  as.call(x86::r11);  // rcx: its length, or negative
  as.test(x86::rcx, x86::rcx);
  as.js(targets[0]);
}

/// The plain string of rcx bytes at the position given to the helper at values[1] (8) with
/// values[0] (8), then passed; to targets[0] where the helper says no.
void write_string_helper(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t* values) {
  // The length kept across the call in r15, which a string's function does not count with.
  as.mov(entries_reg, x86::rcx);
  as.mov(x86::rdi, context);
  as.mov(x86::rsi, asmjit::Imm(values[0]));
  as.lea(x86::rdx, x86::ptr(cur, 1));
  write_call(as, nullptr, values + 1);
  as.test(x86::al, x86::al);
  as.jz(targets[0]);
  as.lea(cur, x86::ptr(cur, entries_reg, 0, 2));
}

/// The closing bracket at the position passed, the depth at values[0] (4) in the context
/// decremented.
void write_close_container(x86::Assembler& as, const asmjit::Label*, const std::int64_t* values) {
  as.inc(cur);
  as.dec(x86::dword_ptr(context, static_cast<std::int32_t>(values[0])));
}

// In x86_template's order.
constexpr template_shape shapes[] = {
    {"call", &write_call, 0, {8}, 1},
    {"advance", &write_advance, 0, {1}, 1},
    {"take_position", &write_take_position, 1, {}, 0},
    {"load_token", &write_load_token, 2, {}, 0},
    {"next_member", &write_next_member, 4, {}, 0},
    {"read_string", &write_read_string, 2, {8}, 1},
    {"name_room", &write_name_room, 1, {1}, 1},
    {"compare8", &write_compare8, 1, {8}, 1},
    {"compare8_at", &write_compare8_at, 1, {8, 1}, 2},
    {"compare4_pair", &write_compare4_pair, 1, {4, 4, 1}, 3},
    {"room_check", &write_room_check, 1, {1}, 1},
    {"store8", &write_store8, 0, {8}, 1},
    {"store8_at", &write_store8_at, 0, {8, 1}, 2},
    {"store4", &write_store4, 0, {4}, 1},
    {"store4_at", &write_store4_at, 0, {4, 1}, 2},
    {"checked_routine", &write_checked_routine, 1, {8}, 1},
    {"grow", &write_grow, 1, {8}, 1},
    {"entry", &write_entry, 3, {4, 4, 4, 4}, 4},
    {"open_container", &write_open_container, 4, {4, 4, 4, 1}, 4},
    {"next_entry", &write_next_entry, 4, {1}, 1},
    {"dispatch", &write_dispatch, 8, {}, 0},
    {"apply_here", &write_apply_here, 1, {4, 8}, 2},
    {"member_scan", &write_member_scan, 2, {8}, 1},
    {"member_name", &write_member_name, 2, {}, 0},
    {"named_value", &write_named_value, 1, {8, 8}, 2},
    {"member_helper", &write_member_helper, 1, {4, 8, 8}, 3},
    {"value_helper", &write_value_helper, 1, {8, 8}, 2},
    {"check_helper", &write_check_helper, 1, {8, 8}, 2},
    {"skip_helper", &write_skip_helper, 1, {8}, 1},
    {"number_routine", &write_number_routine, 1, {}, 0},
    {"narrow_number", &write_narrow_number, 2, {}, 0},
    {"string_scan", &write_string_scan, 1, {8}, 1},
    {"string_helper", &write_string_helper, 1, {8, 8}, 2},
    {"close_container", &write_close_container, 0, {4}, 1},
};
static_assert(std::size(shapes) == x86_template_count);

}  // namespace

const template_shape& shape_of(x86_template t) noexcept { return shapes[static_cast<std::size_t>(t)]; }

}  // namespace jsonjit::detail::jit
