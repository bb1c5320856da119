// The schema documents a compilation knows: the schema being compiled, the documents its
// references name (from the options' registry, the resolver, or the built-in meta-schemas),
// loaded when first named, and the index of where each URI points. Private to the library.
#pragma once

#include <deque>
#include <optional>
#include <string>
#include <string_view>

#include <jsonjit/document.hpp>
#include <jsonjit/schema.hpp>

#include "schema/resources_p.hpp"

namespace jsonjit::detail::schema {

/// A loaded schema document: where it came from, its text (for error positions) and its parse.
struct schema_document {
  std::string uri;
  std::string text;
  jsonjit::document parsed;
};

class registry {
 public:
  explicit registry(const schema_options& options) : options_(options) {}

  /// Parses and indexes `text` as the document `uri` (normalized, without fragment) of
  /// `dialect` unless its `$schema` says otherwise; the parse error when it is not JSON.
  parse_error add(std::string uri, std::string text, draft dialect);

  /// The subschema `uri` (absolute) names, loading the document it is in if no loaded one
  /// holds it (read as `referrer`'s draft where it has no `$schema`); null when nothing does.
  /// `failure` gets the parse error of a loaded document that is not JSON.
  const subschema* find(std::string_view uri, draft referrer, parse_error& failure);

  /// The text of the document `uri` names (normalized, without fragment) from the options'
  /// registry, the built-in meta-schemas or the resolver, in that order; null when none has it.
  std::optional<std::string> text_of(const std::string& uri) const;

  const resource_index& index() const noexcept { return index_; }
  /// The loaded document that holds `value`'s resource `base_uri`, or null.
  const schema_document* document_of(std::string_view base_uri) const;
  const std::deque<schema_document>& documents() const noexcept { return documents_; }

 private:
  const schema_options& options_;
  std::deque<schema_document> documents_;  // stable: the index holds elements of them
  resource_index index_;
};

/// How the schemas' documents are parsed: numbers keep their text (exact bounds and
/// `multipleOf`), deep enough for any schema a person writes.
document_options schema_document_options();

}  // namespace jsonjit::detail::schema
