// Where `$ref` can point: every schema resource of a set of schema documents (a document, and
// each subschema with an `$id`), every subschema by a JSON Pointer from each resource that
// contains it, and every anchor — as the specification identifies them (2020-12 core §8.2,
// draft-07 core §8.2). Private to the library.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <jsonjit/document.hpp>

#include "schema/metaschemas_p.hpp"

namespace jsonjit::detail::schema {

/// A schema where a URI points: the schema (an object or a boolean), the URI of the resource
/// it belongs to (its base URI: normalized, without fragment) and its draft.
struct subschema {
  element schema;
  std::string base_uri;
  draft dialect;
};

class resource_index {
 public:
  /// Indexes the schema document whose root is `root` (its document must outlive the index),
  /// retrieved as `uri` (absolute, normalized, without fragment), of `dialect` unless its
  /// `$schema` names another draft. Every `$id` is resolved against the base URI in force
  /// where it stands. Only schema positions are walked (the subschemas of each draft's
  /// applicators and `$defs`/`definitions`), so an `$id` inside `enum` or `const` is data.
  void add(const element& root, std::string_view uri, draft dialect);

  /// The subschema `uri` names (absolute: a resource, a resource and a JSON Pointer fragment
  /// (percent-encoded, as in a `$ref`), or a resource and an anchor); null when none does.
  /// A pointer that reaches a value the walk did not take for a schema (inside an unknown
  /// keyword) is resolved in the resource's document and takes the resource's base URI.
  std::optional<subschema> find(std::string_view uri) const;

  /// Whether `name` is a `$dynamicAnchor` of the resource `base_uri` (2020-12).
  bool has_dynamic_anchor(std::string_view base_uri, std::string_view name) const;

 private:
  /// The resources enclosing the subschema being walked: each one's URI, and the JSON Pointer
  /// from its root to the subschema.
  using scopes = std::vector<std::pair<std::string, std::string>>;
  void walk(const element& schema, std::string base, draft dialect, scopes& enclosing);
  void add_identifier(const std::string& key, const element& schema, const std::string& base, draft dialect);

  // "resource", "resource#/json/pointer" and "resource#anchor", to the subschema.
  std::map<std::string, subschema, std::less<>> by_uri_;
  std::map<std::string, bool, std::less<>> dynamic_anchors_;  // "resource#name"
};

}  // namespace jsonjit::detail::schema
