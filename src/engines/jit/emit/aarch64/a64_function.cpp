#include "engines/jit/emit/aarch64/a64_function_p.hpp"

#include <algorithm>
#include <cassert>

#include "engines/jit/emit/place_assembled_p.hpp"

namespace jsonjit::detail::jit {

a64_function::a64_function(bool listing) {
  code.init(asmjit::Environment(asmjit::Arch::kAArch64));
  code.setErrorHandler(&errors);
  if (listing) {
    logger.addFlags(asmjit::FormatFlags::kMachineCode | asmjit::FormatFlags::kHexOffsets);
    code.setLogger(&logger);
  }
  code.attach(&a);
}

void a64_function::comment(std::string_view text) {
  if (code.logger() != nullptr) a.comment(text.data(), text.size());
}

std::string a64_function::listing() const { return std::string(logger.data(), logger.dataSize()); }

namespace {
constexpr int frame_size = 112;  // x29, x30, x19–x24, six slots
}

void a64_function::prologue() {
  // Each step is described for unwinders (DWARF call frame instructions: after it, where the
  // frame's base — the caller's stack pointer — is relative to sp, and where a register was
  // saved, in 8-byte words below that base).
  constexpr std::uint8_t advance_loc = 0x40, offset = 0x80, def_cfa_offset = 0x0e;
  std::size_t described = a.offset();
  auto advance = [&] {
    unwind.push_back(static_cast<std::uint8_t>(advance_loc | (a.offset() - described)));
    described = a.offset();
  };
  auto saved = [&](int dwarf_register, int below_base) {
    unwind.push_back(static_cast<std::uint8_t>(offset | dwarf_register));
    unwind.push_back(static_cast<std::uint8_t>(below_base / 8));
  };
  a.stp(a64::x29, a64::x30, a64::ptr_pre(a64::sp, -frame_size));
  advance();
  unwind.push_back(def_cfa_offset);
  unwind.push_back(frame_size);  // < 128: one ULEB128 byte
  saved(29, frame_size);
  saved(30, frame_size - 8);
  a.mov(a64::x29, a64::sp);
  int at = 16;
  for (const auto& [first, second] : {std::pair{a64::x19, a64::x20}, {a64::x21, a64::x22}, {a64::x23, a64::x24}}) {
    a.stp(first, second, a64::ptr(a64::sp, at));
    advance();
    saved(static_cast<int>(first.id()), frame_size - at);
    saved(static_cast<int>(second.id()), frame_size - at - 8);
    at += 16;
  }
}

void a64_function::epilogue() {
  a.ldp(a64::x23, a64::x24, a64::ptr(a64::sp, 48));
  a.ldp(a64::x21, a64::x22, a64::ptr(a64::sp, 32));
  a.ldp(a64::x19, a64::x20, a64::ptr(a64::sp, 16));
  a.ldp(a64::x29, a64::x30, a64::ptr_post(a64::sp, frame_size));
  a.ret(a64::x30);
}

void a64_function::open_level(std::int32_t depth, std::int32_t max_depth, std::int32_t stack_floor,
                              asmjit::Label fail) {
  a.ldr(a64::w9, at(context, depth, 4));
  a.add(a64::w9, a64::w9, 1);
  a.ldr(a64::w10, at(context, max_depth, 4));
  a.cmp(a64::w9, a64::w10);
  a.b_gt(fail);
  a.ldr(a64::x10, at(context, stack_floor, 8));
  a.mov(a64::x11, a64::sp);
  a.cmp(a64::x11, a64::x10);
  a.b_lo(fail);
  a.str(a64::w9, at(context, depth, 4));
}

void a64_function::close_level(std::int32_t depth) {
  a.ldr(a64::w9, at(context, depth, 4));
  a.sub(a64::w9, a64::w9, 1);
  a.str(a64::w9, at(context, depth, 4));
}

void a64_function::pass(std::initializer_list<argument> arguments) {
  unsigned index = 0;
  for (const argument& arg : arguments) {
    const a64::Gp to = a64::x(index);
    // A register argument read after an earlier argument register was written would be lost.
    assert(arg.what == argument::kind::constant || arg.reg.id() >= arguments.size() || arg.reg.id() == index);
    switch (arg.what) {
      case argument::kind::value:
        if (arg.reg.id() != to.id()) a.mov(to, arg.reg);
        break;
      case argument::kind::constant: move(to, static_cast<std::uint64_t>(arg.number)); break;
      case argument::kind::address: add(to, arg.reg, arg.number); break;
    }
    ++index;
  }
}

void a64_function::call(std::uint64_t function, std::initializer_list<argument> arguments) {
  pass(arguments);
  move(call_target, function);
  a.blr(call_target);
}

void a64_function::call_register(const a64::Gp& target, std::initializer_list<argument> arguments) {
  assert(target.id() >= arguments.size() && target.id() > 7);
  pass(arguments);
  a.blr(target);
}

a64::Mem a64_function::at(const a64::Gp& base, std::int64_t offset, unsigned size) {
  const bool scaled = offset >= 0 && offset % size == 0 && offset / size < 4096;
  const bool unscaled = offset >= -256 && offset <= 255;
  if (scaled || unscaled) return a64::ptr(base, static_cast<std::int32_t>(offset));
  assert(base.id() != scratch.id());
  add(scratch, base, offset);
  return a64::ptr(scratch);
}

namespace {
/// Whether `v` is an add/sub/cmp immediate: 12 bits, or 12 bits shifted left by 12.
bool arithmetic_immediate(std::uint64_t v) { return v < 4096 || (v % 4096 == 0 && v / 4096 < 4096); }
}  // namespace

void a64_function::add(const a64::Gp& dst, const a64::Gp& src, std::int64_t value) {
  if (value == 0) {
    if (dst.id() != src.id()) a.mov(dst, src);
  } else if (value > 0 && arithmetic_immediate(static_cast<std::uint64_t>(value))) {
    a.add(dst, src, value);
  } else if (value < 0 && arithmetic_immediate(0 - static_cast<std::uint64_t>(value))) {
    a.sub(dst, src, static_cast<std::int64_t>(0 - static_cast<std::uint64_t>(value)));
  } else {
    assert(src.id() != scratch.id());
    const a64::Gp s = dst.isGpW() ? a64::Gp(scratch.w()) : a64::Gp(scratch.x());
    move(s, static_cast<std::uint64_t>(value));
    a.add(dst, src, s);
  }
}

void a64_function::compare(const a64::Gp& reg, std::int64_t value) {
  if (value >= 0 && arithmetic_immediate(static_cast<std::uint64_t>(value))) {
    a.cmp(reg, value);
  } else if (value < 0 && arithmetic_immediate(0 - static_cast<std::uint64_t>(value))) {
    a.cmn(reg, static_cast<std::int64_t>(0 - static_cast<std::uint64_t>(value)));
  } else {
    assert(reg.id() != scratch.id());
    const a64::Gp s = reg.isGpW() ? a64::Gp(scratch.w()) : a64::Gp(scratch.x());
    move(s, static_cast<std::uint64_t>(value));
    a.cmp(reg, s);
  }
}

void a64_function::move(const a64::Gp& reg, std::uint64_t value) {
  a.mov(reg, reg.isGpW() ? asmjit::Imm(static_cast<std::uint32_t>(value)) : asmjit::Imm(value));
}

namespace {
/// Instructions move() needs for `v`: a movz, then a movk per further nonzero 16 bits.
int move_length(std::uint64_t v) {
  int halves = 0;
  for (int shift = 0; shift < 64; shift += 16) halves += ((v >> shift) & 0xFFFF) != 0;
  return halves == 0 ? 1 : halves;
}
}  // namespace

void a64_function::load_constant(const a64::Gp& reg, std::uint64_t value) {
  if (reg.isGpW() || move_length(value) <= 2) return move(reg, value);
  std::array<std::uint8_t, 16> bytes{};
  std::memcpy(bytes.data(), &value, sizeof value);
  a.ldr(reg, pooled(bytes));
}

void a64_function::compare_text(const a64::Gp& base, std::int64_t at, std::string_view text, asmjit::Label miss) {
  if (text.empty()) return;
  // Whole words, the last one overlapping the one before (no byte past the text is read),
  // compared in groups of up to four with one branch per group (cmp, then ccmp: equal so far
  // compares the next pair, else sets "not equal").
  const std::size_t size = text.size() >= 8 ? 8 : text.size() >= 4 ? 4 : text.size() >= 2 ? 2 : 1;
  struct word {
    std::int64_t at;
    std::uint64_t value;
  };
  std::vector<word> words;
  for (std::size_t i = 0;; i += size) {
    const std::size_t from = i + size <= text.size() ? i : text.size() - size;
    std::uint64_t value = 0;
    std::memcpy(&value, text.data() + from, size);  // (little-endian)
    words.push_back({at + static_cast<std::int64_t>(from), value});
    if (from + size >= text.size()) break;
  }
  // Word i of a group loaded into register 2 + i, its expected value into 9 + i.
  const auto reg = [&](std::size_t id) {
    const auto number = static_cast<std::uint32_t>(id);
    return size == 8 ? a64::Gp(a64::x(number)) : a64::Gp(a64::w(number));
  };
  for (std::size_t group = 0; group < words.size(); group += 4) {
    const std::size_t count = std::min<std::size_t>(4, words.size() - group);
    for (std::size_t i = 0; i < count; ++i) {
      const word& w = words[group + i];
      const a64::Mem from = this->at(base, w.at, static_cast<unsigned>(size));
      switch (size) {
        case 1: a.ldrb(reg(2 + i), from); break;
        case 2: a.ldrh(reg(2 + i), from); break;
        default: a.ldr(reg(2 + i), from); break;
      }
      load_constant(reg(9 + i), w.value);
    }
    for (std::size_t i = 0; i < count; ++i) {
      if (i == 0) {
        a.cmp(reg(2), reg(9));
      } else {
        a.ccmp(reg(2 + i), reg(9 + i), asmjit::Imm(0), asmjit::Imm(asmjit::arm::CondCode::kEQ));
      }
    }
    a.b_ne(miss);
  }
}

void a64_function::take_position(asmjit::Label fail) {
  a.cbz(a64::x0, fail);
  a.mov(cur, a64::x0);
}

a64::Mem a64_function::pooled(const std::array<std::uint8_t, 16>& bytes) {
  if (!constants.isValid()) constants = a.newLabel();
  std::size_t index = 0;
  while (index < constant_bytes.size() && constant_bytes[index] != bytes) ++index;
  if (index == constant_bytes.size()) constant_bytes.push_back(bytes);
  return a64::ptr(constants, static_cast<std::int32_t>(16 * index));
}

void a64_function::load_vector(const a64::Vec& reg, const std::array<std::uint8_t, 16>& bytes) {
  a.ldr(reg.q(), pooled(bytes));
}

void a64_function::place_constants() {
  if (!constants.isValid()) return;
  a.align(asmjit::AlignMode::kData, 16);
  a.bind(constants);
  for (const std::array<std::uint8_t, 16>& bytes : constant_bytes) a.embed(bytes.data(), bytes.size());
  constants = asmjit::Label();
  constant_bytes.clear();
}

placed_code a64_function::place(code_memory& memory, std::string_view name) {
  place_constants();
  // An instruction the assembler could not encode is an emitter's mistake: the tests (built
  // with assertions) stop on it rather than let the interpreter take over unnoticed. A target
  // out of reach is not: only a function too large for AArch64's branches has one.
  assert(errors.first == asmjit::kErrorOk || out_of_range());
  if (errors.first != asmjit::kErrorOk || code.flatten() != asmjit::kErrorOk ||
      code.resolveUnresolvedLinks() != asmjit::kErrorOk) {
    return {};
  }
  return place_assembled(code, memory, name, unwind);
}

}  // namespace jsonjit::detail::jit
