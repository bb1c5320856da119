// The x86-64 code templates, analysed when jsonjit was built (x86_templates_p.hpp): each,
// copied and filled in as generated functions do, gives the bytes the assembler writes for the
// same values and labels.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

#include "engines/jit/emit/x86_64/x86_function_p.hpp"
#include "engines/jit/emit/x86_64/x86_templates_p.hpp"

namespace jsonjit::detail::jit {
namespace {

/// A value a template's value of `width` bytes may take (see template_shape::widths).
std::int64_t value_of_width(std::uint8_t width, std::mt19937_64& random) {
  if (width == 1) {
    const auto v = static_cast<std::int64_t>(random() % 255) - 128;  // -128 ... 126
    return v >= 0 ? v + 1 : v;                                       // never 0
  }
  if (width == 4) return static_cast<std::int32_t>(random());
  std::uint64_t v;
  do v = random(); while (!needs_64_bits(v));
  return static_cast<std::int64_t>(v);
}

TEST(JitTemplates, CopiesGiveTheAssemblersBytes) {
  std::mt19937_64 random(26);
  for (std::size_t id = 0; id < x86_template_count; ++id) {
    const template_shape& shape = shape_of(static_cast<x86_template>(id));
    const code_template& t = template_of(static_cast<x86_template>(id));
    ASSERT_EQ(t.value_at.size(), shape.value_count) << shape.name;
    for (int round = 0; round < 50; ++round) {
      std::vector<std::int64_t> values;
      for (std::size_t i = 0; i < shape.value_count; ++i) values.push_back(value_of_width(shape.widths[i], random));
      // The assembler's bytes, its labels bound after the code at distances of up to 4 KiB.
      asmjit::CodeHolder code;
      code.init(asmjit::Environment::host());
      x86::Assembler a(&code);
      std::vector<asmjit::Label> labels;
      for (std::uint32_t i = 0; i < shape.label_count; ++i) labels.push_back(a.newLabel());
      shape.write(a, labels.data(), values.data());
      const std::size_t size = a.offset();
      std::vector<std::size_t> label_offsets;
      for (const asmjit::Label& label : labels) {
        const std::vector<std::uint8_t> padding(random() % 4096, 0x90);
        a.embed(padding.data(), padding.size());
        label_offsets.push_back(a.offset());
        a.bind(label);
      }
      ASSERT_EQ(code.flatten(), asmjit::kErrorOk);
      ASSERT_EQ(code.resolveUnresolvedLinks(), asmjit::kErrorOk);
      const std::uint8_t* assembled = code.textSection()->buffer().data();
      // The copy, filled in.
      ASSERT_EQ(t.bytes.size(), size) << shape.name;
      std::vector<std::uint8_t> copied(t.bytes.begin(), t.bytes.end());
      for (std::size_t i = 0; i < shape.value_count; ++i) {
        std::memcpy(&copied[t.value_at[i]], &values[i], shape.widths[i]);
      }
      for (const code_template::displacement& d : t.displacements) {
        const auto displacement = static_cast<std::int32_t>(static_cast<std::int64_t>(label_offsets[d.label]) -
                                                            static_cast<std::int64_t>(d.at + d.next));
        std::memcpy(&copied[d.at], &displacement, 4);
      }
      ASSERT_EQ(std::memcmp(copied.data(), assembled, size), 0) << shape.name << ", round " << round;
    }
  }
}

}  // namespace
}  // namespace jsonjit::detail::jit
