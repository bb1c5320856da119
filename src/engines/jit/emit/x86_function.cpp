#include "engines/jit/emit/x86_function_p.hpp"

#include <algorithm>
#include <cstring>

namespace jsonjit::detail::jit {

namespace {

/// The stand-in for a value of `width` bytes (`changed`: another one, differing in the
/// lowest byte): values in range for the width, wider than the widths below it.
std::int64_t stand_in(std::uint8_t width, std::size_t index, bool changed) {
  const auto i = static_cast<std::int64_t>(index) * 2 + (changed ? 1 : 0);
  switch (width) {
    case 1: return 0x10 + i;
    case 4: return 0x3C96E110 + i;
    default: return 0x5A3C96E1'0B0D0F10 + i;
  }
}

/// How much further assemble() binds the label whose displacements are looked for: a shift
/// that changes the lowest byte of every displacement to it.
constexpr std::size_t label_shift = 64;

/// The bytes `write` assembles with stand-ins: value `changed_value` changed, every label
/// bound right after the code except labels from `moved` on, bound label_shift bytes further;
/// the code's size in `code_size`.
std::vector<std::uint8_t> assemble(const code_template& t, std::size_t changed_value, std::uint32_t moved,
                                   std::size_t& code_size) {
  // One code holder per thread, reset between assemblies: setting one up costs more than
  // assembling a template (the first JIT use in a process assembles every template it needs
  // several times over).
  thread_local asmjit::CodeHolder code;
  code.reset(asmjit::ResetPolicy::kSoft);
  code.init(asmjit::Environment::host());
  x86::Assembler as(&code);
  std::vector<asmjit::Label> targets;
  for (std::uint32_t i = 0; i < t.label_count; ++i) targets.push_back(as.newLabel());
  std::vector<std::int64_t> values;
  for (std::size_t i = 0; i < t.widths.size(); ++i)
    values.push_back(stand_in(t.widths[i], i, i == changed_value));
  t.write(as, targets.data(), values.data());
  code_size = as.offset();
  for (std::uint32_t i = 0; i < t.label_count; ++i) {
    if (i == moved) {
      static constexpr std::uint8_t padding[label_shift] = {};
      as.embed(padding, sizeof padding);
    }
    as.bind(targets[i]);
  }
  const asmjit::CodeBuffer& buffer = code.textSection()->buffer();
  return {buffer.data(), buffer.data() + code_size};
}

// The templates of x86_function (see code_template).
void write_take_position(x86::Assembler& as, const asmjit::Label* targets, const std::int64_t*) {
  as.test(x86::rax, x86::rax);
  as.jz(targets[0]);
  as.mov(cur, x86::rax);
}
void write_advance(x86::Assembler& as, const asmjit::Label*, const std::int64_t* values) {
  as.add(cur, asmjit::Imm(values[0]));
}
void write_call(x86::Assembler& as, const asmjit::Label*, const std::int64_t* values) {
  as.mov(x86::rax, asmjit::Imm(values[0]));
  as.call(x86::rax);
}

}  // namespace

code_template::code_template(writer w, std::uint32_t labels, std::initializer_list<std::uint8_t> value_widths)
    : write(w), label_count(labels), widths(value_widths) {
  const std::size_t none = widths.size();
  std::size_t size = 0;
  bytes = assemble(*this, none, labels, size);
  auto differs = [&](const std::vector<std::uint8_t>& other, std::size_t at) {
    return other[at] != bytes[at] &&
           std::none_of(displacements.begin(), displacements.end(),
                        [&](const displacement& d) { return at >= d.at && at < d.at + 4; });
  };
  // Each value: the first byte that changes with it (its lowest), holding the stand-in.
  for (std::size_t i = 0; i < widths.size(); ++i) {
    std::size_t changed_size = 0;
    const std::vector<std::uint8_t> changed = assemble(*this, i, labels, changed_size);
    if (changed_size != size) return;
    std::size_t at = 0;
    while (at < size && changed[at] == bytes[at]) ++at;
    const std::int64_t value = stand_in(widths[i], i, false);
    if (at + widths[i] > size || std::memcmp(&bytes[at], &value, widths[i]) != 0) return;
    value_at.push_back(static_cast<std::uint32_t>(at));
  }
  // Label l's displacements: where the bytes change when labels l... are bound further
  // (those of labels after l, found first, passed over).
  for (std::uint32_t l = labels; l-- > 0;) {
    std::size_t moved_size = 0;
    const std::vector<std::uint8_t> moved = assemble(*this, none, l, moved_size);
    if (moved_size != size) return;
    const std::size_t before = displacements.size();
    for (std::size_t at = 0; at < size; ++at) {
      if (!differs(moved, at)) continue;
      if (at + 4 > size) return;
      std::int32_t value;
      std::memcpy(&value, &bytes[at], 4);
      // Bound right after the code: the displacement is the distance from the end of its
      // instruction to there.
      const std::int64_t next = static_cast<std::int64_t>(size) - value - static_cast<std::int64_t>(at);
      if (next < 4 || next > 16) return;
      displacements.push_back({l, static_cast<std::uint32_t>(at), static_cast<std::uint32_t>(next)});
      at += 3;
    }
    if (displacements.size() == before) return;
  }
  usable = true;
}

x86_function::x86_function(bool listing) {
  code.init(asmjit::Environment::host());
  if (listing) {
    logger.addFlags(asmjit::FormatFlags::kMachineCode | asmjit::FormatFlags::kHexOffsets | asmjit::FormatFlags::kHexImms);
    code.setLogger(&logger);
  }
  code.attach(&a);
}

void x86_function::comment(std::string_view text) {
  if (code.logger() != nullptr) a.comment(text.data(), text.size());
}

std::string x86_function::listing() const { return std::string(logger.data(), logger.dataSize()); }

namespace {
/// The bytes of a sequence x86_function assembles and the unwind description it adds.
struct frame_code {
  std::vector<std::uint8_t> bytes, unwind;
};
frame_code assembled_once(void (x86_function::*assemble)()) {
  x86_function f(false);
  (f.*assemble)();
  const asmjit::CodeBuffer& buffer = f.code.textSection()->buffer();
  return {{buffer.data(), buffer.data() + buffer.size()}, f.unwind};
}
/// The sequence `assemble` writes, copied from `once` (assembled where there is a listing).
void copy_or_assemble(x86_function& f, void (x86_function::*assemble)(), const frame_code& once) {
  if (f.code.logger() != nullptr) {
    (f.*assemble)();
    return;
  }
  f.a.embed(once.bytes.data(), once.bytes.size());
  f.unwind.insert(f.unwind.end(), once.unwind.begin(), once.unwind.end());
}
}  // namespace

// The frame's code is the same in every function: copied from one assembly (see code_template).
void x86_function::prologue() {
  static const frame_code once = assembled_once(&x86_function::assemble_prologue);
  copy_or_assemble(*this, &x86_function::assemble_prologue, once);
}

void x86_function::epilogue() {
  static const frame_code once = assembled_once(&x86_function::assemble_epilogue);
  copy_or_assemble(*this, &x86_function::assemble_epilogue, once);
}

void x86_function::assemble_prologue() {
  // Five pushes and 48 bytes (six slots) keep the stack 16-byte aligned for calls. Each step is described
  // for unwinders (DWARF call frame instructions: after it, where the frame's base — the
  // caller's stack pointer — is relative to rsp, and where the register was saved).
  constexpr std::uint8_t advance_loc = 0x40, offset = 0x80, def_cfa_offset = 0x0e;
  std::size_t described = a.offset();
  auto step = [&](std::uint8_t cfa_offset, int dwarf_register) {
    unwind.push_back(static_cast<std::uint8_t>(advance_loc | (a.offset() - described)));
    described = a.offset();
    unwind.push_back(def_cfa_offset);
    unwind.push_back(cfa_offset);  // < 128: one ULEB128 byte
    if (dwarf_register >= 0) {
      unwind.push_back(static_cast<std::uint8_t>(offset | dwarf_register));
      unwind.push_back(static_cast<std::uint8_t>(cfa_offset / 8));  // saved at CFA - cfa_offset
    }
  };
  a.push(x86::rbx);
  step(16, 3);
  a.push(x86::r12);
  step(24, 12);
  a.push(x86::r13);
  step(32, 13);
  a.push(x86::r14);
  step(40, 14);
  a.push(x86::r15);
  step(48, 15);
  a.sub(x86::rsp, 48);
  step(96, -1);
}

void x86_function::assemble_epilogue() {
  a.add(x86::rsp, 48);
  a.pop(x86::r15);
  a.pop(x86::r14);
  a.pop(x86::r13);
  a.pop(x86::r12);
  a.pop(x86::rbx);
  a.ret();
}

void x86_function::open_level(std::int32_t depth, std::int32_t max_depth, std::int32_t stack_floor,
                              asmjit::Label fail) {
  a.mov(x86::eax, x86::dword_ptr(context, depth));
  a.inc(x86::eax);
  a.cmp(x86::eax, x86::dword_ptr(context, max_depth));
  a.jg(fail);
  a.cmp(x86::rsp, x86::qword_ptr(context, stack_floor));
  a.jb(fail);
  a.mov(x86::dword_ptr(context, depth), x86::eax);
}

void x86_function::close_level(std::int32_t depth) { a.dec(x86::dword_ptr(context, depth)); }

x86::Mem x86_function::vector(std::uint8_t byte) {
  std::array<std::uint8_t, 16> repeated;
  repeated.fill(byte);
  return vector(repeated);
}

x86::Mem x86_function::vector(const std::array<std::uint8_t, 16>& bytes) {
  if (!constants.isValid()) constants = a.newLabel();
  std::size_t index = 0;
  while (index < constant_bytes.size() && constant_bytes[index] != bytes) ++index;
  if (index == constant_bytes.size()) constant_bytes.push_back(bytes);
  return x86::ptr(constants, static_cast<std::int32_t>(16 * index));
}

void x86_function::place_constants() {
  if (!constants.isValid()) return;
  a.align(asmjit::AlignMode::kData, 16);  // as SSE memory operands need
  a.bind(constants);
  for (const std::array<std::uint8_t, 16>& bytes : constant_bytes) a.embed(bytes.data(), bytes.size());
}

void x86_function::call(std::uint64_t function) {
  static const code_template sequence(&write_call, 0, {8});
  const auto address = static_cast<std::int64_t>(function);
  if (needs_64_bits(function)) {
    emit(sequence, {}, {address});
  } else {
    write_call(a, nullptr, &address);  // a shorter immediate (a program not built as PIE)
  }
}

void x86_function::advance(std::int64_t n) {
  static const code_template sequence(&write_advance, 0, {1});
  if (small_value(n)) {
    emit(sequence, {}, {n});
  } else {
    write_advance(a, nullptr, &n);
  }
}

void x86_function::take_position(asmjit::Label fail) {
  static const code_template sequence(&write_take_position, 1);
  emit(sequence, {fail});
}

void x86_function::emit(const code_template& t, std::initializer_list<asmjit::Label> labels,
                        std::initializer_list<std::int64_t> values) {
  // The assembler writes it where it makes the listing, and where it may jump back to a
  // label already bound (with a shorter jump than the template's).
  if (code.logger() != nullptr || !t.usable ||
      std::any_of(labels.begin(), labels.end(), [&](asmjit::Label l) { return code.isLabelBound(l); })) {
    t.write(a, labels.begin(), values.begin());
    return;
  }
  const std::size_t start = a.offset();
  a.embed(t.bytes.data(), t.bytes.size());
  std::uint8_t* const placed = code.textSection()->buffer().data() + start;
  for (std::size_t i = 0; i < t.widths.size(); ++i) {
    std::memcpy(placed + t.value_at[i], values.begin() + i, t.widths[i]);  // little-endian: its low bytes
  }
  for (const code_template::displacement& d : t.displacements) {
    pending.push_back({labels.begin()[d.label], start + d.at, start + d.at + d.next});
  }
}

void x86_function::call_routine(std::uint64_t routine) {
  a.mov(x86::r11, asmjit::Imm(routine));
  a.call(x86::r11);
}

placed_code x86_function::place(code_memory& memory, std::string_view name) {
  place_constants();
  std::uint8_t* const text = code.textSection()->buffer().data();
  for (const pending_displacement& d : pending) {
    if (!code.isLabelBound(d.label)) return {};
    const auto value = static_cast<std::int32_t>(static_cast<std::int64_t>(code.labelOffset(d.label)) -
                                                 static_cast<std::int64_t>(d.next));
    std::memcpy(text + d.at, &value, 4);
  }
  if (code.flatten() != asmjit::kErrorOk || code.resolveUnresolvedLinks() != asmjit::kErrorOk) return {};
  struct fill_state {
    asmjit::CodeHolder* code;
    std::size_t size;
    bool ok;
  } fill{&code, code.codeSize(), true};
  placed_code placed = memory.place(
      fill.size,
      [](void* filling, void* writable, std::uintptr_t executable) {
        auto& f = *static_cast<fill_state*>(filling);
        f.ok = f.code->relocateToBase(executable) == asmjit::kErrorOk;
        f.code->copyFlattenedData(writable, f.size, asmjit::CopySectionFlags::kPadSectionBuffer);
      },
      &fill, name, unwind);
  if (placed.entry != nullptr && !fill.ok) {
    memory.release(placed);
    return {};
  }
  return placed;
}

}  // namespace jsonjit::detail::jit
