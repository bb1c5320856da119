// Parsing text into a document. The reader-driven parser here is the reference: the reader
// does all validation, so documents accept exactly what the reader accepts, with its errors.
// Where the CPU allows, a structural-index parser (structural_parse.cpp) runs first; it only
// decides valid or not, and any input it does not accept is parsed again here for the exact
// error. Both write the tape through tape_builder.
#include <jsonjit/document.hpp>
#include <jsonjit/reader.hpp>

#include <limits>

#include "dom/structural_parse_p.hpp"
#include "dom/tape_builder_p.hpp"
#include "text/input_p.hpp"

namespace jsonjit {

using detail::tape_tag;

parse_error detail::parse_with_reader(tape_builder& out, std::string_view json,
                                      const document_options& options) {
  reader_options reading;
  reading.comments = options.skip_comments ? comment_handling::skip : comment_handling::disallow;
  reading.allow_trailing_commas = options.allow_trailing_commas;
  reading.max_depth = options.max_depth;
  reader r(json, reading);
  const bool reject_duplicates = options.duplicates == duplicate_properties::reject;
  while (r.read()) {
    switch (r.token()) {
      case token_type::start_object: out.open(tape_tag::start_object); break;
      case token_type::start_array: out.open(tape_tag::start_array); break;
      case token_type::end_object:
        if (reject_duplicates) out.forget_names(static_cast<std::uint32_t>(r.depth()));
        out.close(tape_tag::end_object);
        break;
      case token_type::end_array: out.close(tape_tag::end_array); break;
      case token_type::property_name:
        out.name(r.value(), r.value_is_escaped());
        if (reject_duplicates && out.repeats_name(static_cast<std::uint32_t>(r.depth()))) {
          return out.fail({error_code::duplicate_property_name, r.token_offset(), r.token_line(),
                           r.token_column(), false},
                          std::string(out.last_name()));
        }
        break;
      case token_type::string: out.string(r.value(), r.value_is_escaped()); break;
      case token_type::number:
        if (const error_code e = out.number(r.value()); e != error_code::none) {
          return out.fail({e, r.token_offset(), r.token_line(), r.token_column(), false});
        }
        break;
      case token_type::true_value: out.literal(tape_tag::true_value); break;
      case token_type::false_value: out.literal(tape_tag::false_value); break;
      case token_type::null: out.literal(tape_tag::null_value); break;
      case token_type::comment:
      case token_type::none: break;  // comments are skipped, never returned
    }
  }
  if (r.error()) return out.fail(r.error());
  out.finish();
  return {};
}

namespace {

parse_error parse_into(std::string_view json, const document_options& options, tape_builder& out) {
  if (json.size() > std::numeric_limits<std::uint32_t>::max() - 8) {
    return out.fail({error_code::input_too_large, 0, 1, 1, false});
  }
  out.reserve(json);
  if (detail::parse_structural(out, json, options)) return {};
  out.reserve(json);  // starts over (the memory is already there): the reference parser, for the exact error
  return detail::parse_with_reader(out, json, options);
}

}  // namespace

result<document, parse_error> document::parse(std::string_view json, const document_options& options) {
  document doc;
  tape_builder out(doc, options);
  if (parse_error error = parse_into(json, options, out)) return error;
  out.shrink_to_fit();
  return doc;
}

result<document, parse_error> document::parse(input& source, const document_options& options) {
  if (!source.read_to_end()) return detail::input_failure(source);
  return parse(std::string_view(source.data(), static_cast<std::size_t>(source.end() - source.data())), options);
}

parse_error document::assign(std::string_view json, const document_options& options) {
  tape_builder out(*this, options);
  return parse_into(json, options, out);
}

}  // namespace jsonjit
