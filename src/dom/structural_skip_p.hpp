// A text indexed by stage 1 piece by piece as it is skipped through, its containers checked
// one at a time along the index, without tokens and without building anything: what
// JSONPath's compiled queries skip large values with (values the query selects nothing in).
// Private to the library.
#pragma once

#include <cstdint>
#include <string_view>

#include "dom/structural_index_p.hpp"

namespace jsonjit::detail {

class indexed_text {
 public:
  /// Starts on `json`, whose first byte is a value's (so not inside a string): nothing is
  /// indexed yet. False where the processor has no stage 1 or the text is too large for one
  /// index (4 GiB): the caller then skips another way.
  bool start(std::string_view json);

  /// The end of the object or array whose first byte is at `p` (at or after the text's first
  /// byte), checked as the document parser checks it: its grammar, its strings' escapes and
  /// UTF-8, its numbers converting as the document converts them (with or without their text
  /// kept). Null where it is not valid, or nests deeper than `max_depth` (the container itself
  /// at depth 1) or 1024 levels. The text is indexed as far as the container goes (in 16 KiB
  /// pieces).
  const char* skip_container(const char* p, int max_depth, bool preserve_number_text) noexcept;

  /// Whether `p` is in what is indexed already (else starting again there costs less than
  /// indexing everything in between).
  bool indexes(const char* p) const noexcept { return json_ != nullptr && json_ <= p && p < json_ + indexed_; }
  /// Forgets the text (it may go away).
  void forget() noexcept { json_ = nullptr; }

  /// Gives back very large indexes' memory (else kept for the next text).
  void trim() { buffer_.trim(); }

 private:
  /// Indexes the next piece of the text; false where none is left, or it is not JSON.
  bool extend() noexcept;

  index_buffer buffer_;
  structural_index index_{};  // its count and state: of everything indexed so far
  const char* json_ = nullptr;
  std::uint32_t size_ = 0;
  std::uint32_t indexed_ = 0;    // bytes indexed (whole blocks, but at the end)
  std::uint32_t validated_ = 0;  // bytes whose UTF-8 a validator checked (whole characters)
  std::uint32_t next_ = 0;       // the first position not yet passed by a skip
};

}  // namespace jsonjit::detail
