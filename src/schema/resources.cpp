#include "schema/resources_p.hpp"

#include <jsonjit/pointer.hpp>

#include "schema/uri_p.hpp"

namespace jsonjit::detail::schema {
namespace {

bool at_least(draft d, draft since) noexcept {
  return static_cast<int>(d) >= static_cast<int>(since);
}

/// The keywords whose value is one subschema, in `d`.
bool holds_a_schema(std::string_view keyword, draft d) {
  if (keyword == "additionalItems" || keyword == "additionalProperties" || keyword == "not") return true;
  if (keyword == "contains" || keyword == "propertyNames") return at_least(d, draft::draft6);
  if (keyword == "if" || keyword == "then" || keyword == "else") return at_least(d, draft::draft7);
  if (keyword == "unevaluatedItems" || keyword == "unevaluatedProperties" || keyword == "contentSchema") {
    return at_least(d, draft::draft2019_09);
  }
  return false;
}

/// The keywords whose value is an array of subschemas, in `d`.
bool holds_schemas(std::string_view keyword, draft d) {
  if (keyword == "allOf" || keyword == "anyOf" || keyword == "oneOf") return true;
  return keyword == "prefixItems" && d == draft::draft2020_12;
}

/// The keywords whose value maps names to subschemas, in `d`.
bool maps_schemas(std::string_view keyword, draft d) {
  if (keyword == "properties" || keyword == "patternProperties" || keyword == "definitions") return true;
  if (keyword == "$defs" || keyword == "dependentSchemas") return at_least(d, draft::draft2019_09);
  return false;
}

}  // namespace

void resource_index::add(const element& root, std::string_view uri, draft dialect) {
  // The URI the document was retrieved by names its root, whatever its "$id" says.
  ++documents_;
  claim(std::string(uri), std::string());
  scopes enclosing{{std::string(uri), std::string()}};
  walk(root, std::string(uri), dialect, enclosing);
}

void resource_index::claim(const std::string& resource, const std::string& document_pointer,
                           std::string_view keyword) {
  const auto [it, added] = places_.try_emplace(resource, documents_, document_pointer);
  if (!added && it->second != std::pair(documents_, document_pointer)) add_conflict(resource, document_pointer, keyword);
}

void resource_index::add_conflict(const std::string& uri, const std::string& document_pointer, std::string_view keyword) {
  std::string at = document_pointer;
  if (!keyword.empty()) json_pointer::append_escaped(at, keyword);
  conflicts_.push_back({uri, documents_ - 1, std::move(at)});
}

void resource_index::add_anchor(const std::string& key, const element& schema, const std::string& base,
                                const std::string& pointer, draft dialect, const std::string& document_pointer,
                                std::string_view keyword) {
  const auto it = by_uri_.find(key);
  if (it != by_uri_.end() && (it->second.base_uri != base || it->second.pointer != pointer)) {
    add_conflict(key, document_pointer, keyword);
    return;
  }
  add_identifier(key, schema, base, pointer, dialect);
}

void resource_index::add_identifier(const std::string& key, const element& schema, const std::string& base,
                                    const std::string& pointer, draft dialect) {
  // The first one stays: a URI that two schemas claim is the schema author's error, which
  // the compiler reports (here the index only answers).
  by_uri_.try_emplace(key, subschema{schema, base, pointer, dialect});
}

void resource_index::walk(const element& schema, std::string base, draft dialect, scopes& enclosing) {
  if (!schema.is_object() && !schema.is_bool()) return;
  if (schema.is_object()) {
    if (const std::optional<element> declared = schema.find("$schema"); declared && declared->is_string()) {
      if (const std::optional<draft> named = draft_named_by(*declared->get_string())) dialect = *named;
    }
    // Before 2019-09, "$ref" makes every other keyword of its object ignored, "$id" included.
    const bool ref_hides_siblings =
        !at_least(dialect, draft::draft2019_09) && schema.find("$ref").has_value();
    const std::optional<element> id =
        ref_hides_siblings ? std::nullopt : schema.find(dialect == draft::draft4 ? "id" : "$id");
    if (id && id->is_string()) {
      const uri_reference resolved =
          resolve(uri_reference::parse(base), uri_reference::parse(*id->get_string()));
      const std::string resource = normalized(resolved.without_fragment());
      const std::string_view id_keyword = dialect == draft::draft4 ? "id" : "$id";
      if (resource != base) {  // a new resource ("#foo" alone names an anchor in the same one)
        claim(resource, enclosing.front().second, id_keyword);
        base = resource;
        enclosing.emplace_back(base, std::string());
      } else if (!enclosing.back().second.empty() && !id->get_string()->starts_with("#")) {
        // The enclosing resource's own URI, declared again by one of its subschemas.
        add_conflict(resource, enclosing.front().second, id_keyword);
      }
      // Before 2019-09 a fragment in "$id" is a plain-name anchor.
      if (!at_least(dialect, draft::draft2019_09) && resolved.fragment && !resolved.fragment->empty() &&
          (*resolved.fragment)[0] != '/') {
        add_anchor(base + "#" + *resolved.fragment, schema, base, enclosing.back().second, dialect,
                   enclosing.front().second, id_keyword);
      }
    }
    if (at_least(dialect, draft::draft2019_09)) {
      if (const std::optional<element> anchor = schema.find("$anchor"); anchor && anchor->is_string()) {
        add_anchor(base + "#" + std::string(*anchor->get_string()), schema, base, enclosing.back().second, dialect,
                   enclosing.front().second, "$anchor");
      }
      if (const std::optional<element> anchor = schema.find("$dynamicAnchor");
          anchor && anchor->is_string() && dialect == draft::draft2020_12) {
        const std::string key = base + "#" + std::string(*anchor->get_string());
        // It is a plain anchor too.
        add_anchor(key, schema, base, enclosing.back().second, dialect, enclosing.front().second, "$dynamicAnchor");
        dynamic_anchors_.emplace(key, true);
      }
    }
  }
  // This subschema by a pointer from every resource that encloses it.
  for (const auto& [resource, pointer] : enclosing) {
    add_identifier(pointer.empty() ? resource : resource + "#" + pointer, schema, base, enclosing.back().second,
                   dialect);
  }
  if (!schema.is_object()) return;
  // Into the subschemas, with each enclosing resource's pointer extended.
  const auto descend = [&](const element& child, std::initializer_list<std::string_view> tokens) {
    scopes inner = enclosing;
    for (auto& scope : inner) {
      for (std::string_view token : tokens) json_pointer::append_escaped(scope.second, token);
    }
    walk(child, base, dialect, inner);
  };
  for (const member& m : schema.members()) {
    const std::string_view keyword = m.name;
    if (holds_a_schema(keyword, dialect)) {
      descend(m.value, {keyword});
    } else if (keyword == "items") {
      if (m.value.is_array() && dialect != draft::draft2020_12) {
        std::size_t i = 0;
        for (const element& item : m.value.elements()) descend(item, {keyword, std::to_string(i++)});
      } else {
        descend(m.value, {keyword});
      }
    } else if (holds_schemas(keyword, dialect) && m.value.is_array()) {
      std::size_t i = 0;
      for (const element& item : m.value.elements()) descend(item, {keyword, std::to_string(i++)});
    } else if ((maps_schemas(keyword, dialect) ||
                keyword == "dependencies") &&
               m.value.is_object()) {
      // ("dependencies" maps to schemas or to arrays of names: only the schemas. 2019-09 split
      // it into dependentSchemas and dependentRequired; it is still read there, for
      // compatibility.)
      for (const member& entry : m.value.members()) descend(entry.value, {keyword, entry.name});
    }
  }
}

const subschema* resource_index::find(std::string_view uri) const {
  const uri_reference reference = uri_reference::parse(uri);
  const std::string resource = normalized(reference.without_fragment());
  const auto lookup = [&](const std::string& key) -> const subschema* {
    const auto it = by_uri_.find(key);
    return it == by_uri_.end() ? nullptr : &it->second;
  };
  if (!reference.fragment || reference.fragment->empty()) return lookup(resource);
  const std::string& fragment = *reference.fragment;
  if (fragment[0] != '/') return lookup(resource + "#" + fragment);  // an anchor
  const auto pointer = json_pointer::parse_fragment(fragment);
  if (!pointer) return nullptr;
  const std::string pointer_text = pointer->to_string();
  if (const subschema* found = lookup(resource + "#" + pointer_text)) return found;
  // Not a place the walk took for a schema: resolved in the resource's document.
  const subschema* root = lookup(resource);
  if (root == nullptr) return nullptr;
  const std::optional<element> target = pointer->find(root->schema);
  if (!target) return nullptr;
  return &found_elsewhere_.emplace_back(subschema{*target, root->base_uri, pointer_text, root->dialect});
}

const subschema* resource_index::at(std::string_view base_uri, std::string_view pointer) const {
  std::string key(base_uri);
  if (!pointer.empty()) (key += '#') += pointer;
  const auto it = by_uri_.find(key);
  return it == by_uri_.end() ? nullptr : &it->second;
}

std::vector<std::string> resource_index::dynamic_anchors(std::string_view base_uri) const {
  std::vector<std::string> names;
  const std::string prefix = std::string(base_uri) + "#";
  for (auto it = dynamic_anchors_.lower_bound(prefix); it != dynamic_anchors_.end() && it->first.starts_with(prefix); ++it) {
    names.push_back(it->first.substr(prefix.size()));
  }
  return names;
}

bool resource_index::has_dynamic_anchor(std::string_view base_uri, std::string_view name) const {
  return dynamic_anchors_.count(std::string(base_uri) + "#" + std::string(name)) != 0;
}

}  // namespace jsonjit::detail::schema
