// Writing a document's tape (see include/jsonjit/detail/tape.hpp), shared by the two parsers:
// the reader-driven one (document_parse.cpp, the reference) and the structural-index one
// (structural_parse.cpp). Private to the library.
#pragma once

#include <jsonjit/document.hpp>

#include <emmintrin.h>

#include <algorithm>
#include <cstring>

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "text/unescape_p.hpp"

namespace jsonjit {

class tape_builder {
 public:
  static constexpr std::uint32_t no_container = 0xFFFFFFFF;

  tape_builder(document& doc, const document_options& options) : doc_(doc), options_(options) {}

  /// Reserves what parsing `input` can need, so that nothing below checks for room.
  void reserve(std::string_view input);
  /// Gives back spare capacity when it is more than a quarter of what is held.
  void shrink_to_fit();

  /// A string value; `escaped`: `text` is valid JSON string text with escapes to decode.
  void string(std::string_view text, bool escaped) {
    ++count_;
    put_string(detail::tape_tag::string, text, escaped);
  }
  /// A property name (not counted: members are counted by their values).
  void name(std::string_view text, bool escaped) { put_string(detail::tape_tag::property_name, text, escaped); }
  /// A number from valid JSON number text; fails only with number_out_of_range.
  error_code number(std::string_view text);
  /// A number already converted: `tag` int64, uint64 or double_value, `bits` its value,
  /// `integer_syntax` for doubles written as integers; `text` as written.
  void number(detail::tape_tag tag, std::uint64_t bits, bool integer_syntax, std::string_view text);
  void literal(detail::tape_tag tag) {
    ++count_;
    tape()[size_++] = static_cast<std::uint64_t>(tag);
  }
  void open(detail::tape_tag start_tag);
  void close(detail::tape_tag end_tag);
  /// The innermost open container's start tag (start_array or start_object); needs one open.
  detail::tape_tag innermost() const noexcept { return detail::tape::tag(tape()[current_]); }
  bool any_open() const noexcept { return current_ != no_container; }

  /// Whether the property name just stored repeats one of the current object's; `depth` is
  /// the number of containers open (the object included).
  bool repeats_name(std::uint32_t depth);
  /// Forgets the names seen by the object that closes, `depth` containers deep (outside it).
  void forget_names(std::uint32_t depth) {
    if (depth < names_by_depth_.size()) names_by_depth_[depth].clear();
  }
  /// The text of the property name just stored.
  std::string_view last_name() const noexcept;

  /// Completes the document.
  void finish() noexcept;
  /// The error, with the JSON path of where the parse stopped (into the value being read
  /// unless the error names a property); the document is left empty.
  parse_error fail(const error_info& where, std::string name = {});

 private:
  void put_string(detail::tape_tag tag, std::string_view text, bool escaped);
  std::string path_of_open(bool into_value) const;
  std::uint64_t* tape() const noexcept { return doc_.tape_.get(); }
  char* strings() const noexcept { return doc_.strings_.get(); }

  document& doc_;
  const document_options& options_;
  std::uint32_t size_ = 0;                // tape words written
  char* text_ = nullptr;                  // the end of the strings written
  const char* input_end_ = nullptr;       // strings far enough from it are copied in blocks
  std::uint32_t current_ = no_container;  // the innermost open container's start word
  std::uint32_t count_ = 0;               // its elements or members so far (may exceed max_count)
  std::vector<std::unordered_set<std::string_view>> names_by_depth_;  // duplicates: reject
};

// The per-token steps are inline: both parsers call them for every token.

inline void tape_builder::put_string(detail::tape_tag tag, std::string_view text, bool escaped) {
  char* const bytes = text_ + sizeof(std::uint32_t);
  char* end = bytes + text.size();
  if (escaped) {
    end = detail::unescape(text.data(), text.data() + text.size(), bytes);
  } else if (text.data() + text.size() + 16 <= input_end_) {
    // Whole 16-byte blocks (the strings buffer has room for the overrun): no call for the
    // many short strings.
    for (std::size_t i = 0; i < text.size(); i += 16) {
      _mm_storeu_si128(reinterpret_cast<__m128i*>(bytes + i),
                       _mm_loadu_si128(reinterpret_cast<const __m128i*>(text.data() + i)));
    }
  } else {
    std::memcpy(bytes, text.data(), text.size());
  }
  const auto size = static_cast<std::uint32_t>(end - bytes);
  std::memcpy(text_, &size, sizeof size);
  const auto offset = static_cast<std::uint64_t>(text_ - strings());
  tape()[size_++] = static_cast<std::uint64_t>(tag) | (escaped ? 0 : detail::tape::plain) |
                    (offset << detail::tape::offset_shift);
  text_ = end;
}

inline void tape_builder::number(detail::tape_tag tag, std::uint64_t bits, bool integer_syntax, std::string_view text) {
  std::uint64_t word = static_cast<std::uint64_t>(tag) | (integer_syntax ? detail::tape::integer_syntax : 0);
  if (options_.preserve_number_text) {
    // Offset + 1, so that 0 means "no text".
    const auto offset = static_cast<std::uint64_t>(text_ - strings());
    const auto size = static_cast<std::uint32_t>(text.size());
    std::memcpy(text_, &size, sizeof size);
    std::memcpy(text_ + sizeof size, text.data(), text.size());
    text_ += sizeof size + text.size();
    word |= (offset + 1) << detail::tape::offset_shift;
  }
  tape()[size_] = word;
  tape()[size_ + 1] = bits;
  size_ += 2;
  ++count_;
}

inline void tape_builder::open(detail::tape_tag tag) {
  // While open, the start word links to the enclosing container's start word, whose count
  // is saved in its own word until this one closes.
  ++count_;
  if (current_ != no_container) {
    std::uint64_t& parent = tape()[current_];
    parent = (parent & ~(std::uint64_t{detail::tape::max_count} << 8)) | (detail::tape::saturated(count_) << 8);
  }
  tape()[size_] = static_cast<std::uint64_t>(tag) | (std::uint64_t{current_} << 32);
  current_ = size_++;
  count_ = 0;
}

inline void tape_builder::close(detail::tape_tag tag) {
  const std::uint32_t start = current_;
  const auto parent = static_cast<std::uint32_t>(tape()[start] >> 32);
  const detail::tape_tag start_tag = tag == detail::tape_tag::end_array ? detail::tape_tag::start_array : detail::tape_tag::start_object;
  tape()[start] =
      static_cast<std::uint64_t>(start_tag) | (detail::tape::saturated(count_) << 8) | (std::uint64_t{size_} << 32);
  tape()[size_++] = static_cast<std::uint64_t>(tag) | (std::uint64_t{start} << 8);
  current_ = parent;
  count_ = parent == no_container ? 0 : detail::tape::count(tape()[parent]);
}

}  // namespace jsonjit
