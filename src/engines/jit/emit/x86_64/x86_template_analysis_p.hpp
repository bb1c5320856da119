// Finding where a template's values and label displacements go (see code_template), run by
// x86_prebuilt_generator when jsonjit is built. Private to src/engines/jit/emit/.
#pragma once

#include <cstdint>
#include <vector>

#include "engines/jit/emit/x86_64/x86_templates_p.hpp"

namespace jsonjit::detail::jit {

struct analysed_template {
  bool usable = false;
  std::vector<std::uint8_t> bytes;
  std::vector<code_template::displacement> displacements;
  std::vector<std::uint32_t> value_at;
};

/// Assembles `shape` with stand-ins for its values and labels, then again with each value
/// changed and each label bound further on: the bytes that change are where they go. Not
/// usable where a stand-in is not found in its place (the template's instruction forms then
/// depend on its values).
analysed_template analyse(const template_shape& shape);

}  // namespace jsonjit::detail::jit
