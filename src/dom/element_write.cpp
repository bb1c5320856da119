// Writing a document's values through the writer: one pass over the tape, no recursion (the
// tape has end words and tells names from string values). Compact output goes straight into
// the writer's output window; indented output through the writer's value methods.
#include <jsonjit/document.hpp>

#include <cstring>

#include "dom/to_json_p.hpp"
#include "text/number_p.hpp"

namespace jsonjit {

using detail::tape_tag;
namespace tape = detail::tape;

namespace {

/// Room for any token but a string: a separator and a number (or a literal or a bracket).
constexpr std::size_t token_room = 1 + detail::max_number_chars;

/// Writes the tape range [first, last) as compact JSON straight into the writer's output
/// window: separators follow from the tape, so the writer is asked for room, not per token.
void write_compact(writer& w, const std::uint64_t* words, const char* strings, std::uint32_t first,
                   std::uint32_t last) {
  writer::window room = w.begin_direct(token_room);
  if (room.pos == nullptr) return;
  char* p = room.pos;
  auto reserve = [&](std::size_t size) {
    if (static_cast<std::size_t>(room.limit - p) >= size) return true;
    room = w.direct_room(p, size);
    p = room.pos;
    return p != nullptr;
  };
  // Strings without escapes in their source need none with relaxed escaping.
  const std::uint64_t verbatim = w.options().escaping == escape_mode::relaxed ? tape::plain : 0;
  const auto depth_limit = static_cast<std::uint32_t>(w.options().max_depth - w.depth());
  std::uint32_t depth = 0;
  bool comma = false;  // a value came before: the next value or name needs a comma
  // A number kept as written (document_options::preserve_number_text); false if out of room.
  auto number_text = [&](std::uint64_t word) {
    const std::string_view text = tape::text_at(strings, tape::offset(word) - 1);
    if (!reserve(text.size())) return false;
    std::memcpy(p, text.data(), text.size());
    p += text.size();
    return true;
  };
  for (std::uint32_t i = first; i < last; ++i) {
    if (!reserve(token_room)) return;
    const std::uint64_t word = words[i];
    const tape_tag t = tape::tag(word);
    if (t < tape_tag::end_array && comma) *p++ = ',';
    switch (t) {
      case tape_tag::null_value:
        std::memcpy(p, "null", 4);
        p += 4;
        break;
      case tape_tag::false_value:
        std::memcpy(p, "false", 5);
        p += 5;
        break;
      case tape_tag::true_value:
        std::memcpy(p, "true", 4);
        p += 4;
        break;
      case tape_tag::double_value:
        ++i;
        if (tape::offset(word) != 0) {
          if (!number_text(word)) return;
          break;
        }
        p = detail::format_double(p, tape::as_double(words[i]));
        // The doubles that follow (coordinates, vectors, matrices) without the dispatch.
        while (i + 1 < last && words[i + 1] == static_cast<std::uint64_t>(tape_tag::double_value)) {
          if (!reserve(token_room)) return;
          *p++ = ',';
          p = detail::format_double(p, tape::as_double(words[i + 2]));
          i += 2;
        }
        break;
      case tape_tag::int64:
        ++i;
        if (tape::offset(word) != 0) {
          if (!number_text(word)) return;
        } else {
          p = detail::format_int64(p, static_cast<std::int64_t>(words[i]));
        }
        break;
      case tape_tag::uint64:
        ++i;
        if (tape::offset(word) != 0) {
          if (!number_text(word)) return;
        } else {
          p = detail::format_uint64(p, words[i]);
        }
        break;
      case tape_tag::string:
      case tape_tag::property_name: {
        const std::string_view text = tape::text_at(strings, tape::offset(word));
        if ((word & verbatim) != 0 && text.size() <= writer::escape_piece) {  // longer: the writer, in pieces
          if (!reserve(text.size() + 3)) return;
          *p = '"';
          std::memcpy(p + 1, text.data(), text.size());
          p += text.size() + 1;
          *p++ = '"';
        } else {
          room = w.direct_string(p, text);  // escaped, and long text in pieces
          p = room.pos;
          if (p == nullptr || !reserve(1)) return;
        }
        if (t == tape_tag::property_name) {
          *p++ = ':';
          comma = false;
          continue;
        }
        break;
      }
      case tape_tag::start_array:
      case tape_tag::start_object:
        if (++depth > depth_limit) return w.direct_fail(error_code::depth_exceeded);
        *p++ = t == tape_tag::start_array ? '[' : '{';
        comma = false;
        continue;
      case tape_tag::end_array:
      case tape_tag::end_object:
        --depth;
        *p++ = t == tape_tag::end_array ? ']' : '}';
        break;
    }
    comma = true;
  }
  w.end_direct(p);
}

}  // namespace

void element::write(writer& w) const {
  if (!exists()) return;
  const std::uint32_t last = tape::next(tape_, index_);
  if (!w.options().indented) return write_compact(w, tape_, strings_, index_, last);
  // Indented: through the writer's value methods, which lay it out.
  for (std::uint32_t i = index_; i < last; ++i) {
    const std::uint64_t word = tape_[i];
    switch (tape::tag(word)) {
      case tape_tag::null_value: w.null_value(); break;
      case tape_tag::false_value: w.bool_value(false); break;
      case tape_tag::true_value: w.bool_value(true); break;
      case tape_tag::int64:
      case tape_tag::uint64:
      case tape_tag::double_value: {
        const std::uint64_t bits = tape_[++i];
        if (tape::offset(word) != 0) {
          w.raw_value(tape::text_at(strings_, tape::offset(word) - 1), true);
        } else if (tape::tag(word) == tape_tag::int64) {
          w.number_value(static_cast<std::int64_t>(bits));
        } else if (tape::tag(word) == tape_tag::uint64) {
          w.number_value(bits);
        } else {
          w.number_value(tape::as_double(bits));
        }
        break;
      }
      case tape_tag::string: w.string_value(tape::text_at(strings_, tape::offset(word))); break;
      case tape_tag::property_name: w.property_name(tape::text_at(strings_, tape::offset(word))); break;
      case tape_tag::start_array: w.start_array(); break;
      case tape_tag::start_object: w.start_object(); break;
      case tape_tag::end_array: w.end_array(); break;
      case tape_tag::end_object: w.end_object(); break;
    }
  }
}

result<std::string> element::to_json(const writer_options& options) const {
  if (!exists()) return why_;
  return detail::to_json_text(*this, options);
}

}  // namespace jsonjit
