// The templates' instructions (see x86_templates_p.hpp). This file is compiled into the
// library, where functions with a listing assemble them, and into x86_prebuilt_generator,
// which analyses them when jsonjit is built: it depends on asmjit and headers only.
#include "engines/jit/emit/x86_64/x86_templates_p.hpp"

#include <cstddef>

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
};
static_assert(std::size(shapes) == x86_template_count);

}  // namespace

const template_shape& shape_of(x86_template t) noexcept { return shapes[static_cast<std::size_t>(t)]; }

}  // namespace jsonjit::detail::jit
