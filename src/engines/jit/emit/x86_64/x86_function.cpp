#include "engines/jit/emit/x86_64/x86_function_p.hpp"

#include <algorithm>
#include <cassert>
#include <cstring>

#include "engines/jit/emit/place_assembled_p.hpp"

namespace jsonjit::detail::jit {

namespace {
/// Whether a template's value of `width` bytes may be `v` (see template_shape::widths).
bool fits(std::uint8_t width, std::int64_t v) {
  if (width == 1) return small_value(v);
  if (width == 4) return v == static_cast<std::int32_t>(v);
  return needs_64_bits(static_cast<std::uint64_t>(v));
}
}  // namespace

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
  const auto address = static_cast<std::int64_t>(function);
  if (needs_64_bits(function)) {
    emit(x86_template::call, {}, {address});
  } else {
    write_call(a, nullptr, &address);  // a shorter immediate (a program not built as PIE)
  }
}

void x86_function::advance(std::int64_t n) {
  if (small_value(n)) {
    emit(x86_template::advance, {}, {n});
  } else {
    write_advance(a, nullptr, &n);
  }
}

void x86_function::take_position(asmjit::Label fail) { emit(x86_template::take_position, {fail}); }

void x86_function::emit(x86_template id, std::initializer_list<asmjit::Label> labels,
                        std::initializer_list<std::int64_t> values) {
  const template_shape& shape = shape_of(id);
  assert(labels.size() == shape.label_count && values.size() == shape.value_count);
  // The assembler writes it where it makes the listing, where a value does not fit the
  // template's instruction forms (a displacement of 0, an address below 4 GiB), and where it
  // may jump back to a label already bound (with a shorter jump than the template's) unless
  // the function copies backward jumps too (see copy_backward_jumps).
  bool all_fit = true;
  for (std::size_t i = 0; i < values.size(); ++i) all_fit = all_fit && fits(shape.widths[i], values.begin()[i]);
  if (code.logger() != nullptr || !all_fit ||
      (!copy_backward_jumps &&
       std::any_of(labels.begin(), labels.end(), [&](asmjit::Label l) { return code.isLabelBound(l); }))) {
    shape.write(a, labels.begin(), values.begin());
    return;
  }
  const code_template& t = template_of(id);
  const std::size_t start = a.offset();
  a.embed(t.bytes.data(), t.bytes.size());
  std::uint8_t* const placed = code.textSection()->buffer().data() + start;
  for (std::size_t i = 0; i < shape.value_count; ++i) {
    std::memcpy(placed + t.value_at[i], values.begin() + i, shape.widths[i]);  // little-endian: its low bytes
  }
  for (const code_template::displacement& d : t.displacements) {
    pending.push_back({labels.begin()[d.label], start + d.at, start + d.at + d.next});
  }
}

void x86_function::call_routine(std::uint64_t routine) {
  a.mov(x86::r11, asmjit::Imm(routine));
  a.call(x86::r11);
}

bool x86_function::resolve() {
  place_constants();
  std::uint8_t* const text = code.textSection()->buffer().data();
  for (const pending_displacement& d : pending) {
    if (!code.isLabelBound(d.label)) return false;
    const auto value = static_cast<std::int32_t>(static_cast<std::int64_t>(code.labelOffset(d.label)) -
                                                 static_cast<std::int64_t>(d.next));
    std::memcpy(text + d.at, &value, 4);
  }
  pending.clear();
  return code.flatten() == asmjit::kErrorOk && code.resolveUnresolvedLinks() == asmjit::kErrorOk;
}

std::vector<std::uint8_t> x86_function::position_independent_bytes() {
  if (!resolve() || code.hasAddressTable() || !code.relocEntries().empty()) return {};
  std::vector<std::uint8_t> bytes(code.codeSize());
  code.copyFlattenedData(bytes.data(), bytes.size(), asmjit::CopySectionFlags::kPadSectionBuffer);
  return bytes;
}

placed_code x86_function::place(code_memory& memory, std::string_view name) {
  if (!resolve()) return {};
  return place_assembled(code, memory, name, unwind);
}

}  // namespace jsonjit::detail::jit
