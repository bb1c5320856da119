#include "engines/jit/emit/x86_64/x86_template_analysis_p.hpp"

#include <algorithm>
#include <cstring>

namespace jsonjit::detail::jit {
namespace {

namespace x86 = asmjit::x86;

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

/// The bytes `shape` assembles with stand-ins: value `changed_value` changed, every label
/// bound right after the code except labels from `moved` on, bound label_shift bytes further;
/// the code's size in `code_size`.
std::vector<std::uint8_t> assemble(const template_shape& shape, std::size_t changed_value, std::uint32_t moved,
                                   std::size_t& code_size) {
  asmjit::CodeHolder code;
  code.init(asmjit::Environment(asmjit::Arch::kX64));
  x86::Assembler as(&code);
  std::vector<asmjit::Label> targets;
  for (std::uint32_t i = 0; i < shape.label_count; ++i) targets.push_back(as.newLabel());
  std::vector<std::int64_t> values;
  for (std::size_t i = 0; i < shape.value_count; ++i)
    values.push_back(stand_in(shape.widths[i], i, i == changed_value));
  shape.write(as, targets.data(), values.data());
  code_size = as.offset();
  for (std::uint32_t i = 0; i < shape.label_count; ++i) {
    if (i == moved) {
      static constexpr std::uint8_t padding[label_shift] = {};
      as.embed(padding, sizeof padding);
    }
    as.bind(targets[i]);
  }
  const asmjit::CodeBuffer& buffer = code.textSection()->buffer();
  return {buffer.data(), buffer.data() + code_size};
}

}  // namespace

analysed_template analyse(const template_shape& shape) {
  analysed_template t;
  const std::size_t none = shape.value_count;
  const std::uint32_t labels = shape.label_count;
  std::size_t size = 0;
  t.bytes = assemble(shape, none, labels, size);
  auto differs = [&](const std::vector<std::uint8_t>& other, std::size_t at) {
    return other[at] != t.bytes[at] &&
           std::none_of(t.displacements.begin(), t.displacements.end(),
                        [&](const code_template::displacement& d) { return at >= d.at && at < d.at + 4; });
  };
  // Each value: the first byte that changes with it (its lowest), holding the stand-in.
  for (std::size_t i = 0; i < shape.value_count; ++i) {
    std::size_t changed_size = 0;
    const std::vector<std::uint8_t> changed = assemble(shape, i, labels, changed_size);
    if (changed_size != size) return t;
    std::size_t at = 0;
    while (at < size && changed[at] == t.bytes[at]) ++at;
    const std::int64_t value = stand_in(shape.widths[i], i, false);
    if (at + shape.widths[i] > size || std::memcmp(&t.bytes[at], &value, shape.widths[i]) != 0) return t;
    t.value_at.push_back(static_cast<std::uint32_t>(at));
  }
  // Label l's displacements: where the bytes change when labels l... are bound further
  // (those of labels after l, found first, passed over).
  for (std::uint32_t l = labels; l-- > 0;) {
    std::size_t moved_size = 0;
    const std::vector<std::uint8_t> moved = assemble(shape, none, l, moved_size);
    if (moved_size != size) return t;
    const std::size_t before = t.displacements.size();
    for (std::size_t at = 0; at < size; ++at) {
      if (!differs(moved, at)) continue;
      if (at + 4 > size) return t;
      std::int32_t value;
      std::memcpy(&value, &t.bytes[at], 4);
      // Bound right after the code: the displacement is the distance from the end of its
      // instruction to there.
      const std::int64_t next = static_cast<std::int64_t>(size) - value - static_cast<std::int64_t>(at);
      if (next < 4 || next > 16) return t;
      t.displacements.push_back({l, static_cast<std::uint32_t>(at), static_cast<std::uint32_t>(next)});
      at += 3;
    }
    if (t.displacements.size() == before) return t;
  }
  t.usable = true;
  return t;
}

}  // namespace jsonjit::detail::jit
