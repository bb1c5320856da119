// The reference parser's loop (the token reader validates, a tape_builder writes the tape),
// with a hook that sees where each value is in the text: document parsing passes one that does
// nothing; JSONPath over text records each value's bytes (src/query/text_select.cpp). Private.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <jsonjit/document.hpp>
#include <jsonjit/reader.hpp>

#include "dom/tape_builder_p.hpp"

namespace jsonjit::detail {

/// The hook document parsing uses: nothing recorded.
struct no_value_spans {
  /// A value starts at the tape word `word`, at byte `offset` of the text.
  void begin(std::uint32_t /*word*/, std::uint64_t /*offset*/) noexcept {}
  /// The value that started at tape word `word` ends before byte `end`.
  void end(std::uint32_t /*word*/, std::uint64_t /*end*/) noexcept {}
};

template <class Spans>
parse_error parse_with_reader(tape_builder& out, std::string_view json, const document_options& options, Spans& spans) {
  reader_options reading;
  reading.comments = options.skip_comments ? comment_handling::skip : comment_handling::disallow;
  reading.allow_trailing_commas = options.allow_trailing_commas;
  reading.max_depth = options.max_depth;
  reader r(json, reading);
  const bool reject_duplicates = options.duplicates == duplicate_properties::reject;
  // A scalar's bytes: the token, with the quotes of a string.
  auto scalar = [&](std::uint32_t word, std::size_t quotes) {
    spans.begin(word, r.token_offset());
    spans.end(word, r.token_offset() + r.value().size() + quotes);
  };
  while (r.read()) {
    const std::uint32_t word = out.writer().size;
    switch (r.token()) {
      case token_type::start_object:
        spans.begin(word, r.token_offset());
        out.open(tape_tag::start_object);
        break;
      case token_type::start_array:
        spans.begin(word, r.token_offset());
        out.open(tape_tag::start_array);
        break;
      case token_type::end_object:
        if (reject_duplicates) out.forget_names(static_cast<std::uint32_t>(r.depth()));
        spans.end(out.writer().current, r.token_offset() + 1);
        out.close(tape_tag::end_object);
        break;
      case token_type::end_array:
        spans.end(out.writer().current, r.token_offset() + 1);
        out.close(tape_tag::end_array);
        break;
      case token_type::property_name:
        out.name(r.value(), r.value_is_escaped());
        if (reject_duplicates && out.repeats_name(static_cast<std::uint32_t>(r.depth()))) {
          return out.fail({error_code::duplicate_property_name, r.token_offset(), r.token_line(), r.token_column(), false},
                          std::string(out.last_name()));
        }
        break;
      case token_type::string:
        scalar(word, 2);
        out.string(r.value(), r.value_is_escaped());
        break;
      case token_type::number:
        scalar(word, 0);
        if (const error_code e = out.number(r.value()); e != error_code::none) {
          return out.fail({e, r.token_offset(), r.token_line(), r.token_column(), false});
        }
        break;
      case token_type::true_value:
        scalar(word, 0);
        out.literal(tape_tag::true_value);
        break;
      case token_type::false_value:
        scalar(word, 0);
        out.literal(tape_tag::false_value);
        break;
      case token_type::null:
        scalar(word, 0);
        out.literal(tape_tag::null_value);
        break;
      case token_type::comment:
      case token_type::none: break;  // comments are skipped, never returned
    }
  }
  if (r.error()) return out.fail(r.error());
  out.finish();
  return {};
}

}  // namespace jsonjit::detail
