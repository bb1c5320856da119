// Where `$ref` can point: every schema resource of a set of schema documents (a document, and
// each subschema with an `$id`), every subschema by a JSON Pointer from each resource that
// contains it, and every anchor — as the specification identifies them (2020-12 core §8.2,
// draft-07 core §8.2). Private to the library.
#pragma once

#include <deque>
#include <map>
#include <optional>
#include <unordered_map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <jsonjit/document.hpp>

#include "schema/metaschemas_p.hpp"

namespace jsonjit::detail::schema {

/// A schema where a URI points: the schema (an object or a boolean), the URI of the resource
/// it belongs to (its base URI: normalized, without fragment), the JSON Pointer from that
/// resource's root to it, and its draft. `base_uri` and `pointer` together name it canonically
/// (the same subschema reached through any URI has the same two).
struct subschema {
  element schema;
  std::string base_uri;
  std::string pointer;
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

  /// Where the resource `base_uri` is: the number of its document (in the order add() was
  /// called, from 0) and the JSON Pointer from that document's root; null if none is known.
  std::optional<std::pair<std::size_t, std::string>> place_of(std::string_view base_uri) const {
    const auto it = places_.find(base_uri);
    if (it == places_.end()) return std::nullopt;
    return std::pair(it->second.first - 1, it->second.second);
  }

  /// A URI that two different schemas claim (a resource's `$id`, in two documents or two places
  /// in one; an anchor twice in one resource), and where the second claim is: the number of its
  /// document and the JSON Pointer to the keyword there.
  struct conflict {
    std::string uri;
    std::size_t document;
    std::string pointer;
  };
  const std::vector<conflict>& conflicts() const noexcept { return conflicts_; }

  /// The subschema `uri` names (absolute: a resource, a resource and a JSON Pointer fragment
  /// (percent-encoded, as in a `$ref`), or a resource and an anchor); null when none does.
  /// The pointer stays valid as long as the index.
  /// A pointer that reaches a value the walk did not take for a schema (inside an unknown
  /// keyword) is resolved in the resource's document and takes the resource's base URI.
  const subschema* find(std::string_view uri) const;

  /// The subschema at `pointer` (a JSON Pointer, not percent-encoded) from the root of the
  /// resource `base_uri`; null when the walk took no schema there.
  const subschema* at(std::string_view base_uri, std::string_view pointer) const;

  /// Whether `name` is a `$dynamicAnchor` of the resource `base_uri` (2020-12).
  bool has_dynamic_anchor(std::string_view base_uri, std::string_view name) const;
  /// The names of the resource's `$dynamicAnchor`s.
  std::vector<std::string> dynamic_anchors(std::string_view base_uri) const;

 private:
  /// The resources enclosing the subschema being walked: each one's URI, and the JSON Pointer
  /// from its root to the subschema.
  using scopes = std::vector<std::pair<std::string, std::string>>;
  void walk(const element& schema, std::string base, draft dialect, scopes& enclosing);
  void add_identifier(const std::string& key, const element& schema, const std::string& base,
                      const std::string& pointer, draft dialect);
  /// add_identifier for an anchor, declared by `keyword` of the subschema at `document_pointer`:
  /// a second subschema with the same anchor in the resource is a conflict.
  void add_anchor(const std::string& key, const element& schema, const std::string& base, const std::string& pointer,
                  draft dialect, const std::string& document_pointer, std::string_view keyword);
  /// Records that `resource` is the subschema at `document_pointer` of the document being
  /// added (declared by `keyword` there, if any).
  void claim(const std::string& resource, const std::string& document_pointer, std::string_view keyword = {});
  void add_conflict(const std::string& uri, const std::string& document_pointer, std::string_view keyword);

  struct text_hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
  };
  // "resource", "resource#/json/pointer" and "resource#anchor", to the subschema.
  std::unordered_map<std::string, subschema, text_hash, std::equal_to<>> by_uri_;
  // Subschemas found by pointers into what the walk did not take for schemas (kept here, so
  // that find() can return them like the others).
  mutable std::deque<subschema> found_elsewhere_;
  std::map<std::string, bool, std::less<>> dynamic_anchors_;  // "resource#name"
  // Each resource's place: the number of the document that holds it, and the pointer there.
  std::map<std::string, std::pair<std::size_t, std::string>, std::less<>> places_;
  std::size_t documents_ = 0;
  std::vector<conflict> conflicts_;
};

}  // namespace jsonjit::detail::schema
