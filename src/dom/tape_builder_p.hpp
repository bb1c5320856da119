// Writing a document's tape (see include/jsonjit/detail/tape.hpp), shared by the two parsers:
// the reader-driven one (document_parse.cpp, the reference) and the structural-index one
// (structural_parse.cpp). Private to the library.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include <jsonjit/document.hpp>

#include "text/unescape_p.hpp"
#include "text/vec16_p.hpp"

namespace jsonjit {

/// A number's tape form: its tag (int64, uint64, double_value), its bits, and whether a double
/// was written as an integer.
struct tape_number {
  detail::tape_tag tag;
  std::uint64_t bits;
  bool integer_syntax;
};

/// The conversion of valid JSON number text; fails only with number_out_of_range, unless
/// `keep_beyond_double` (where the text is kept): then such a number is an infinite double,
/// which get_double() reports as number_out_of_range.
error_code convert_number(std::string_view text, tape_number& number, bool keep_beyond_double) noexcept;

/// Where the next tape word and string bytes go, and the open containers. Small and copyable:
/// a parser keeps a local copy in registers while it stores bytes through char pointers (which
/// could alias anything in memory) and hands it back at the end.
struct tape_writer {
  static constexpr std::uint32_t no_container = 0xFFFFFFFF;

  std::uint64_t* tape = nullptr;
  char* strings = nullptr;
  char* text = nullptr;                  // the end of the strings written
  const char* input_end = nullptr;       // strings far enough from it are copied in blocks
  std::uint32_t size = 0;                // tape words written
  std::uint32_t current = no_container;  // the innermost open container's start word
  std::uint32_t count = 0;               // its elements or members so far (may exceed max_count)
  bool preserve_number_text = false;

  /// A string value; `escaped`: `source` is valid JSON string text with escapes to decode.
  void string(std::string_view source, bool escaped) {
    ++count;
    put_string(detail::tape_tag::string, source, escaped);
  }
  /// A property name (not counted: members are counted by their values).
  void name(std::string_view source, bool escaped) {
    put_string(detail::tape_tag::property_name, source, escaped);
  }
  /// A string value or property name whose escapes nobody checked yet (the structural
  /// parser's): checked here, where the input allows in the pass that decodes them; false if
  /// one is invalid. Not inlined: it would crowd the parser's loop, which other strings need.
  __attribute__((noinline)) bool unchecked_escaped_string(std::string_view source, bool is_name) {
#if JSONJIT_VEC16
    if (source.data() + source.size() + 16 <= input_end) {
      char* const bytes = text + sizeof(std::uint32_t);
      char* const end = detail::unescape_checked(source.data(), source.data() + source.size(), bytes);
      if (end == nullptr) return false;
      count += is_name ? 0 : 1;
      end_string(is_name ? detail::tape_tag::property_name : detail::tape_tag::string, end, true);
      return true;
    }
#endif
    if (!detail::valid_escapes(source.data(), source.data() + source.size())) return false;
    if (is_name) {
      name(source, true);
    } else {
      string(source, true);
    }
    return true;
  }
  /// A number and its source text (stored too where options ask to preserve it).
  void number(const tape_number& n, std::string_view source);
  void literal(detail::tape_tag tag) {
    ++count;
    tape[size++] = static_cast<std::uint64_t>(tag);
  }
  void open(detail::tape_tag start_tag);
  void close(detail::tape_tag end_tag);
  /// The innermost open container's start tag (start_array or start_object); needs one open.
  detail::tape_tag innermost() const noexcept { return detail::tape::tag(tape[current]); }

 private:
  void put_string(detail::tape_tag tag, std::string_view source, bool escaped);
  /// Completes the string whose bytes were written at text + 4 up to `end`.
  void end_string(detail::tape_tag tag, char* end, bool escaped);
};

/// Builds a document's tape: reserves its memory, writes tokens through a tape_writer, and
/// completes the document or turns an error into a parse_error with its JSON path.
class tape_builder {
 public:
  tape_builder(document& doc, const document_options& options) : doc_(doc), options_(options) {}

  /// Reserves what parsing `input` can need, so that nothing below checks for room.
  void reserve(std::string_view input);
  /// The same for the structural parser, once stage 1 has found `structurals` positions in
  /// `input`: each yields at most two tape words, and a string's two quotes at most four bytes
  /// beyond its text (its length) — far less than `input` can need in general (about a third
  /// of it for canada.json, whose every byte could otherwise be a token).
  void reserve_indexed(std::string_view input, std::uint32_t structurals);
  /// Gives back spare capacity when it is more than a quarter of what is held.
  void shrink_to_fit();

  tape_writer& writer() noexcept { return w_; }
  void string(std::string_view text, bool escaped) { w_.string(text, escaped); }
  void name(std::string_view text, bool escaped) { w_.name(text, escaped); }
  /// A number from valid JSON number text; fails only with number_out_of_range.
  error_code number(std::string_view text) {
    tape_number n;
    if (const error_code e = convert_number(text, n, w_.preserve_number_text); e != error_code::none) return e;
    w_.number(n, text);
    return error_code::none;
  }
  void literal(detail::tape_tag tag) { w_.literal(tag); }
  void open(detail::tape_tag start_tag) { w_.open(start_tag); }
  void close(detail::tape_tag end_tag) { w_.close(end_tag); }

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
  /// Room for `words` tape words and `bytes` of strings (beyond what is held: the content is
  /// not kept), and a writer at their start.
  void reserve_exactly(std::string_view input, std::size_t words, std::size_t bytes);
  std::string path_of_open(bool into_value) const;

  document& doc_;
  const document_options& options_;
  tape_writer w_;
  std::vector<std::unordered_set<std::string_view>> names_by_depth_;  // duplicates: reject
};

// The per-token steps are inline: both parsers call them for every token.

// (Always inlined: both parsers call it for every string, and GCC would make it a call.)
__attribute__((always_inline)) inline void tape_writer::put_string(detail::tape_tag tag,
                                                                   std::string_view source, bool escaped) {
  char* const bytes = text + sizeof(std::uint32_t);
  char* end = bytes + source.size();
  if (escaped) {
    end = detail::unescape(source.data(), source.data() + source.size(), bytes);
#if JSONJIT_VEC16
  } else if (source.data() + source.size() + 16 <= input_end) {
    // Whole 16-byte blocks (the strings buffer has room for the overrun): no call for the
    // many short strings.
    for (std::size_t i = 0; i < source.size(); i += 16) {
      detail::vec16::store(bytes + i, detail::vec16::load(source.data() + i));
    }
#endif
  } else {
    std::memcpy(bytes, source.data(), source.size());
  }
  end_string(tag, end, escaped);
}

inline void tape_writer::end_string(detail::tape_tag tag, char* end, bool escaped) {
  char* const bytes = text + sizeof(std::uint32_t);
  const auto length = static_cast<std::uint32_t>(end - bytes);
  std::memcpy(text, &length, sizeof length);
  const auto offset = static_cast<std::uint64_t>(text - strings);
  tape[size++] = static_cast<std::uint64_t>(tag) | (escaped ? 0 : detail::tape::plain) |
                 (offset << detail::tape::offset_shift);
  text = end;
}

inline void tape_writer::number(const tape_number& n, std::string_view source) {
  std::uint64_t word =
      static_cast<std::uint64_t>(n.tag) | (n.integer_syntax ? detail::tape::integer_syntax : 0);
  if (preserve_number_text) {
    // Offset + 1, so that 0 means "no text".
    const auto offset = static_cast<std::uint64_t>(text - strings);
    const auto length = static_cast<std::uint32_t>(source.size());
    std::memcpy(text, &length, sizeof length);
    std::memcpy(text + sizeof length, source.data(), source.size());
    text += sizeof length + source.size();
    word |= (offset + 1) << detail::tape::offset_shift;
  }
  tape[size] = word;
  tape[size + 1] = n.bits;
  size += 2;
  ++count;
}

inline void tape_writer::open(detail::tape_tag tag) {
  // While open, the start word links to the enclosing container's start word, whose count
  // is saved in its own word until this one closes.
  ++count;
  if (current != no_container) {
    std::uint64_t& parent = tape[current];
    parent =
        (parent & ~(std::uint64_t{detail::tape::max_count} << 8)) | (detail::tape::saturated(count) << 8);
  }
  tape[size] = static_cast<std::uint64_t>(tag) | (std::uint64_t{current} << 32);
  current = size++;
  count = 0;
}

inline void tape_writer::close(detail::tape_tag tag) {
  const std::uint32_t start = current;
  const auto parent = static_cast<std::uint32_t>(tape[start] >> 32);
  const detail::tape_tag start_tag =
      tag == detail::tape_tag::end_array ? detail::tape_tag::start_array : detail::tape_tag::start_object;
  tape[start] = static_cast<std::uint64_t>(start_tag) | (detail::tape::saturated(count) << 8) |
                (std::uint64_t{size} << 32);
  tape[size++] = static_cast<std::uint64_t>(tag) | (std::uint64_t{start} << 8);
  current = parent;
  count = parent == no_container ? 0 : detail::tape::count(tape[parent]);
}

}  // namespace jsonjit
