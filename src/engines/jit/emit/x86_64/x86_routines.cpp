// The shared routines' instructions (see x86_routines_p.hpp), assembled by
// x86_prebuilt_generator when jsonjit is built: this file is part of that program only.
#include "engines/jit/emit/x86_64/x86_routines_p.hpp"

#include <cstddef>

#include "engines/jit/emit/x86_64/x86_function_p.hpp"
#include "engines/jit/jit_p.hpp"

namespace jsonjit::detail::jit {
namespace {

constexpr std::int32_t write_end_offset = static_cast<std::int32_t>(offsetof(write_context, end));

/// Emits the routines into one block of code; their labels say where each starts.
class routine_emitter {
 public:
  routine_emitter(bool ssse3, const std::array<std::uint64_t, routine_helper_count>& helpers)
      : f_(false), ssse3_(ssse3), helpers_(helpers) {}

  assembled_routines assemble() {
    const asmjit::Label write_html = write_string(escape_mode::html_safe);
    const asmjit::Label write_relaxed = write_string(escape_mode::relaxed);
    const asmjit::Label scan = string_scan();
    assembled_routines r;
    r.bytes = f_.position_independent_bytes();
    const auto offset = [&](asmjit::Label l) { return static_cast<std::uint32_t>(f_.code.labelOffsetFromBase(l)); };
    r.entries.write_string[static_cast<int>(escape_mode::html_safe)] = offset(write_html);
    r.entries.write_string[static_cast<int>(escape_mode::relaxed)] = offset(write_relaxed);
    r.entries.string_scan = offset(scan);
    return r;
  }

 private:
  /// Bit i of eax set where byte i of xmm0 needs escaping in `mode` when written (clobbers
  /// xmm1, xmm2 and r10).
  void escape_check(escape_mode mode) {
    if (mode == escape_mode::html_safe && ssse3_) {
      html_safe_bytes(x86::xmm0);
    } else {
      special_bytes(x86::xmm0, mode);
    }
  }

  /// escape_p.hpp's special_bytes<html_safe> by two table lookups (pshufb) instead of seven
  /// compares: a byte is special where the classes of its low and its high nibble share a
  /// bit; non-ASCII bytes (pshufb's index out of range) by their sign bits.
  void html_safe_bytes(const x86::Xmm& text) {
    auto& a = f_.a;
    // Class bits: 1 every byte of rows 0 and 1 (controls); 2 ", &, ', + (row 2); 4 <, > (row
    // 3); 8 \ (row 5); 16 ` (row 6); 32 DEL (row 7).
    static constexpr std::array<std::uint8_t, 16> by_high = {1, 1, 2, 4, 0, 8, 16, 32, 0, 0, 0, 0, 0, 0, 0, 0};
    static constexpr std::array<std::uint8_t, 16> by_low = [] {
      std::array<std::uint8_t, 16> t{};
      for (auto& c : t) c = 1;
      for (std::size_t low : {2u, 6u, 7u, 11u}) t[low] |= 2;
      for (std::size_t low : {12u, 14u}) t[low] |= 4;
      t[0xC] |= 8;
      t[0x0] |= 16;
      t[0xF] |= 32;
      return t;
    }();
    a.movdqa(x86::xmm2, text);
    a.psrlw(x86::xmm2, 4);
    a.pand(x86::xmm2, f_.vector(0x0F));
    a.movdqa(x86::xmm1, f_.vector(by_high));
    a.pshufb(x86::xmm1, x86::xmm2);
    a.movdqa(x86::xmm2, f_.vector(by_low));
    a.pshufb(x86::xmm2, text);  // the low nibble indexes; non-ASCII bytes give 0
    a.pand(x86::xmm1, x86::xmm2);
    a.paddusb(x86::xmm1, f_.vector(0x7F));  // any class bit left sets the sign bit
    a.pmovmskb(x86::eax, x86::xmm1);
    a.pmovmskb(x86::r10d, text);  // non-ASCII
    a.or_(x86::eax, x86::r10d);
  }

  asmjit::Label write_string(escape_mode mode) {
    auto& a = f_.a;
    const asmjit::Label start = a.newLabel(), slow = a.newLabel(), two_vectors = a.newLabel(),
                        closing = a.newLabel(), failed = a.newLabel(), longer = a.newLabel(),
                        next_vector = a.newLabel(), escape_from = a.newLabel(), took_position = a.newLabel(),
                        escaped = a.newLabel();
    a.bind(start);
    a.mov(x86::rsi, x86::ptr(x86::rdx));     // data (libstdc++'s layout),
    a.mov(x86::rcx, x86::ptr(x86::rdx, 8));  // size
    a.cmp(x86::rcx, 31);
    a.ja(longer);
    a.mov(x86::rax, end);
    a.sub(x86::rax, cur);
    a.cmp(x86::rax, 34);  // the quotes and two vectors
    a.jb(slow);
    a.movdqu(x86::xmm0, x86::ptr(x86::rsi));  // 16 bytes: a string's storage has that many
    escape_check(mode);                       // eax: the bytes of xmm0 that need escaping
    a.cmp(x86::rcx, 16);
    a.jae(two_vectors);
    // Up to 15 bytes: only the string's own bytes count.
    a.mov(x86::r8d, 1);
    a.shl(x86::r8d, x86::cl);
    a.dec(x86::r8d);
    a.test(x86::eax, x86::r8d);
    a.jnz(escaped);
    a.mov(x86::byte_ptr(cur), '"');
    a.movdqu(x86::ptr(cur, 1), x86::xmm0);
    a.jmp(closing);
    // 16 to 31 bytes: the first and the last 16, overlapping.
    a.bind(two_vectors);
    a.mov(x86::r9d, x86::eax);
    a.movdqa(x86::xmm3, x86::xmm0);
    a.movdqu(x86::xmm0, x86::ptr(x86::rsi, x86::rcx, 0, -16));
    escape_check(mode);
    a.or_(x86::eax, x86::r9d);
    a.jnz(escaped);
    a.mov(x86::byte_ptr(cur), '"');
    a.movdqu(x86::ptr(cur, 1), x86::xmm3);
    a.movdqu(x86::ptr(cur, x86::rcx, 0, -15), x86::xmm0);
    a.bind(closing);
    a.mov(x86::byte_ptr(cur, x86::rcx, 0, 1), '"');
    a.lea(cur, x86::ptr(cur, x86::rcx, 0, 2));
    a.mov(x86::eax, 1);
    a.ret();
    // 32 bytes or more, with room for all of them clean: 16 at a time while a whole vector is
    // left (r9: how many are checked and copied), then the last 16, overlapping. From the
    // first vector with a byte to escape, the tail helper escapes the rest (it reserves the
    // room escapes take).
    a.bind(longer);
    a.mov(x86::rax, end);
    a.sub(x86::rax, cur);
    a.lea(x86::r8, x86::ptr(x86::rcx, 2));  // the quotes
    a.cmp(x86::rax, x86::r8);
    a.jb(slow);
    a.mov(x86::byte_ptr(cur), '"');
    a.xor_(x86::r9d, x86::r9d);
    a.bind(next_vector);
    a.movdqu(x86::xmm0, x86::ptr(x86::rsi, x86::r9));
    escape_check(mode);
    a.test(x86::eax, x86::eax);
    a.jnz(escape_from);
    a.movdqu(x86::ptr(cur, x86::r9, 0, 1), x86::xmm0);
    a.add(x86::r9, 16);
    a.lea(x86::rax, x86::ptr(x86::r9, 16));
    a.cmp(x86::rax, x86::rcx);
    a.jbe(next_vector);
    a.movdqu(x86::xmm0, x86::ptr(x86::rsi, x86::rcx, 0, -16));
    escape_check(mode);
    a.test(x86::eax, x86::eax);
    a.jnz(escape_from);
    a.movdqu(x86::ptr(cur, x86::rcx, 0, -15), x86::xmm0);
    a.jmp(closing);
    // A short string with a byte to escape (its room for the clean case checked): all of it
    // by the tail helper.
    a.bind(escaped);
    a.mov(x86::byte_ptr(cur), '"');
    a.xor_(x86::r9d, x86::r9d);
    a.bind(escape_from);
    a.sub(x86::rsp, 8);  // the stack realigned for the call (the return address misaligned it)
    a.mov(x86::rdi, context);
    a.lea(x86::rdx, x86::ptr(x86::rsi, x86::r9));   // the text from r9,
    a.sub(x86::rcx, x86::r9);                       // its size,
    a.lea(x86::rsi, x86::ptr(cur, x86::r9, 0, 1));  // where it goes
    f_.call(helpers_[static_cast<std::size_t>(routine_helper::string_tail)]);
    a.jmp(took_position);
    // The helper, the stack realigned for the call.
    a.bind(slow);
    a.sub(x86::rsp, 8);
    a.mov(x86::rdi, context);
    a.mov(x86::rsi, cur);
    f_.call(helpers_[static_cast<std::size_t>(routine_helper::string)]);
    a.bind(took_position);
    a.add(x86::rsp, 8);
    a.test(x86::rax, x86::rax);
    a.jz(failed);
    a.mov(cur, x86::rax);
    a.mov(end, x86::qword_ptr(context, write_end_offset));
    a.mov(x86::eax, 1);
    a.bind(failed);
    a.ret();
    return start;
  }

  /// eax: bit i set where byte i of `text` needs escaping in `mode` (escape_p.hpp's
  /// special_bytes; relaxed: the bytes a string scan must look at, see string_scan); clobbers
  /// xmm1 and xmm2 only.
  void special_bytes(const x86::Xmm& text, escape_mode mode) {
    auto& a = f_.a;
    // Controls and non-ASCII by one signed compare, then each character.
    a.movdqa(x86::xmm1, f_.vector(0x20));
    a.pcmpgtb(x86::xmm1, text);
    auto any_equal = [&](std::uint8_t c, int and_mask) {
      a.movdqa(x86::xmm2, text);
      if (and_mask >= 0) a.pand(x86::xmm2, f_.vector(static_cast<std::uint8_t>(and_mask)));
      a.pcmpeqb(x86::xmm2, f_.vector(c));
      a.por(x86::xmm1, x86::xmm2);
    };
    any_equal('"', -1);
    any_equal('\\', -1);
    if (mode == escape_mode::html_safe) {
      any_equal(0x26, 0xFE);  // & '
      any_equal(0x3C, 0xFD);  // < >
      any_equal('+', -1);
      any_equal('`', -1);
      any_equal(0x7F, -1);
    }
    a.pmovmskb(x86::eax, x86::xmm1);
  }

  asmjit::Label string_scan() {
    auto& a = f_.a;
    const asmjit::Label start = a.newLabel(), none = a.newLabel(), longer = a.newLabel(),
                        found = a.newLabel(), next = a.newLabel();
    a.bind(start);
    a.cmp(x86::eax, '"');
    a.jne(none);
    a.mov(x86::rcx, end);
    a.sub(x86::rcx, cur);
    a.cmp(x86::rcx, 17);  // the quote and a whole vector
    a.jb(none);
    a.movdqu(x86::xmm0, x86::ptr(cur, 1));
    special_bytes(x86::xmm0, escape_mode::relaxed);
    a.test(x86::eax, x86::eax);
    a.jz(longer);
    a.bsf(x86::ecx, x86::eax);
    a.cmp(x86::byte_ptr(cur, x86::rcx, 0, 1), '"');
    a.jne(none);  // an escape, a control or non-ASCII: the helper checks them
    a.ret();
    // Longer than 15 bytes: the next vectors, while a whole one is left in the input.
    a.bind(longer);
    a.mov(x86::ecx, 16);
    a.bind(next);
    a.lea(x86::rax, x86::ptr(cur, x86::rcx, 0, 17));
    a.cmp(x86::rax, end);
    a.ja(none);
    a.movdqu(x86::xmm3, x86::ptr(cur, x86::rcx, 0, 1));
    special_bytes(x86::xmm3, escape_mode::relaxed);
    a.test(x86::eax, x86::eax);
    a.jnz(found);
    a.add(x86::rcx, 16);
    a.jmp(next);
    a.bind(found);
    a.bsf(x86::eax, x86::eax);
    a.add(x86::rcx, x86::rax);
    a.cmp(x86::byte_ptr(cur, x86::rcx, 0, 1), '"');
    a.jne(none);
    a.ret();
    a.bind(none);
    a.mov(x86::rcx, -1);
    a.ret();
    return start;
  }

  x86_function f_;
  const bool ssse3_;
  const std::array<std::uint64_t, routine_helper_count> helpers_;
};

}  // namespace

assembled_routines assemble_routines(bool ssse3, const std::array<std::uint64_t, routine_helper_count>& helpers) {
  return routine_emitter(ssse3, helpers).assemble();
}

}  // namespace jsonjit::detail::jit
