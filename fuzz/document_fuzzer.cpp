// Fuzz target for documents. Checks properties, not just the absence of crashes:
//  - a document accepts exactly what the reader accepts (with the same options), except
//    numbers a double cannot hold and, when rejected, duplicate names; a rejection reports the
//    reader's error at the same place;
//  - what is accepted survives writing (compact and indented) and parsing again: an equal
//    document, and the same text when written again;
//  - the structural parser and the reference parser build the same document (or both fail);
//  - a node made from a document without repeated names writes the same text (through the
//    writer's value methods, where the document writes compact output straight into the
//    output window);
//  - every value has a JSON path that leads back to it.
#include <jsonjit/document.hpp>
#include <jsonjit/node.hpp>
#include <jsonjit/reader.hpp>

#include <cstdint>
#include <string>
#include <string_view>

#include "dom/structural_parse_p.hpp"
#include "dom/tape_builder_p.hpp"
#include "property.hpp"
#include "token_log.hpp"

namespace {

using jsonjit::fuzz::fail;

jsonjit::document_options options_from(std::uint8_t flags) {
  jsonjit::document_options options;
  options.skip_comments = (flags & 1) != 0;
  options.allow_trailing_commas = (flags & 2) != 0;
  options.max_depth = (flags & 4) != 0 ? 8 : 1000;
  options.duplicates =
      (flags & 8) != 0 ? jsonjit::duplicate_properties::reject : jsonjit::duplicate_properties::allow;
  options.preserve_number_text = (flags & 16) != 0;
  return options;
}

void check_round_trip(const jsonjit::document& doc, const jsonjit::document_options& options,
                      const jsonjit::writer_options& layout) {
  const auto text = doc.root().to_json(layout);
  if (!text) fail("a parsed document could not be written");
  jsonjit::document_options again_options;
  again_options.max_depth = options.max_depth;
  again_options.preserve_number_text = options.preserve_number_text;
  const auto again = jsonjit::document::parse(*text, again_options);
  if (!again) fail("written document does not parse", *text);
  if (!(doc.root() == again->root())) fail("written document parses to a different value", *text);
  if (again->root().to_json(layout).value() != *text) fail("writing again gives other text", *text);
}

/// The document the reference (reader-driven) parser builds.
jsonjit::result<jsonjit::document, jsonjit::parse_error> parse_with_reader(
    std::string_view json, const jsonjit::document_options& options) {
  jsonjit::document doc;
  jsonjit::tape_builder out(doc, options);
  out.reserve(json);
  if (jsonjit::parse_error e = jsonjit::detail::parse_with_reader(out, json, options)) return e;
  return doc;
}

void check_paths(const jsonjit::document& doc) {
  // Every value's path leads back to it.
  std::string first = doc.path_of(doc.root());
  if (first != "$") fail("root path", first);
  std::size_t visited = 0;
  auto visit = [&](auto&& self, jsonjit::element e) -> void {
    if (++visited > 2000) return;
    if (doc.path_of(e).empty()) fail("a value without a path");
    if (e.is_array()) {
      std::size_t i = 0;
      for (jsonjit::element child : e.elements()) {
        if (!(e[i++] == child)) fail("indexing disagrees with iteration");
        self(self, child);
      }
    } else if (e.is_object()) {
      for (auto [name, value] : e.members()) self(self, value);
    }
  };
  if (doc.path_of(doc.root()) == "$") visit(visit, doc.root());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const jsonjit::document_options options = options_from(data[0]);
  const std::string json(reinterpret_cast<const char*>(data + 1), size - 1);
  const auto doc = jsonjit::document::parse(json, options);

  jsonjit::reader_options reading;
  reading.comments =
      options.skip_comments ? jsonjit::comment_handling::skip : jsonjit::comment_handling::disallow;
  reading.allow_trailing_commas = options.allow_trailing_commas;
  reading.max_depth = options.max_depth;
  const jsonjit::error_info reader_error = jsonjit::test::first_error(json, reading);
  if (!doc) {
    const jsonjit::parse_error& e = doc.error();
    const bool document_only = e.info.code == jsonjit::error_code::number_out_of_range ||
                               e.info.code == jsonjit::error_code::duplicate_property_name;
    if (!document_only && (e.info.code != reader_error.code || e.info.offset != reader_error.offset)) {
      fail("the document's error differs from the reader's", jsonjit::to_string(e));
    }
    if (document_only && reader_error && reader_error.offset < e.info.offset) {
      fail("the document reported a later error first", jsonjit::to_string(e));
    }
    if (e.path.empty() || e.path[0] != '$') fail("an error without a path", jsonjit::to_string(e));
    return 0;
  }
  if (reader_error) fail("the document accepted what the reader rejects", jsonjit::to_string(reader_error));
  const auto reference = parse_with_reader(json, options);
  if (!reference)
    fail("the reference parser rejects what document::parse accepts", jsonjit::to_string(reference.error()));

  jsonjit::writer_options compact;
  compact.escaping = jsonjit::escape_mode::relaxed;
  compact.max_depth = 1000;
  if (doc->root().to_json(compact).value() != reference->root().to_json(compact).value() ||
      !(doc->root() == reference->root())) {
    fail("the structural and the reference parser built different documents");
  }
  // (Nodes keep one value per name, so only documents without repeated names compare.)
  jsonjit::document_options unique_names = options;
  unique_names.duplicates = jsonjit::duplicate_properties::reject;
  if (!options.preserve_number_text && jsonjit::document::parse(json, unique_names).has_value() &&
      jsonjit::node::from(doc->root()).to_json(compact).value() != doc->root().to_json(compact).value()) {
    fail("a node writes the document differently");
  }
  check_round_trip(*doc, options, compact);
  jsonjit::writer_options indented;
  indented.indented = true;
  indented.max_depth = 1000;
  check_round_trip(*doc, options, indented);
  check_paths(*doc);
  return 0;
}
