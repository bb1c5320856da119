// One bit per nesting level (object or array), for the reader and the writer. The first 64
// levels live inline, so ordinary documents never allocate.
#pragma once

#include <cstdint>
#include <vector>

#include <jsonjit/detail/export.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit::detail {

class bit_stack {
 public:
  /// Sets the bit of level `depth` (0-based).
  [[gnu::always_inline]] void set(std::uint32_t depth, bool bit) {
    std::uint64_t& word = word_for(depth, true);
    const std::uint64_t mask = std::uint64_t{1} << (depth % 64);
    word = bit ? (word | mask) : (word & ~mask);
  }
  [[gnu::always_inline]] bool get(std::uint32_t depth) const {
    const std::uint64_t word = depth < 64 ? inline_ : more_[depth / 64 - 1];
    return (word >> (depth % 64)) & 1;
  }

 private:
  std::uint64_t& word_for(std::uint32_t depth, bool grow) {
    if (depth < 64) return inline_;
    const std::size_t index = depth / 64 - 1;
    if (grow && index >= more_.size()) more_.resize(index + 1);
    return more_[index];
  }
  std::uint64_t inline_ = 0;
  std::vector<std::uint64_t> more_;
};

}  // namespace jsonjit::detail
JSONJIT_EXPORT_END
