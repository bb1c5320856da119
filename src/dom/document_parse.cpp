// Parsing text into a document. The reader-driven parser here is the reference: the reader
// does all validation, so documents accept exactly what the reader accepts, with its errors.
// Where the CPU allows, a structural-index parser (structural_parse.cpp) runs first; it only
// decides valid or not, and any input it does not accept is parsed again here for the exact
// error. Both write the tape through tape_builder.
#include <jsonjit/document.hpp>

#include <limits>

#include "dom/reader_parse_p.hpp"
#include "dom/structural_parse_p.hpp"
#include "dom/tape_builder_p.hpp"
#include "text/input_p.hpp"

namespace jsonjit {

parse_error detail::parse_with_reader(tape_builder& out, std::string_view json,
                                      const document_options& options) {
  no_value_spans none;
  return parse_with_reader(out, json, options, none);
}

namespace {

parse_error parse_into(std::string_view json, const document_options& options, tape_builder& out) {
  if (json.size() > std::numeric_limits<std::uint32_t>::max() - 8) {
    return out.fail({error_code::input_too_large, 0, 1, 1, false});
  }
  if (detail::parse_structural(out, json, options)) return {};
  // (Starting over) the reference parser: where the fast one cannot run, or for the exact error.
  out.reserve(json);
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
