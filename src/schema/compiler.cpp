#include "schema/compiler_p.hpp"

#include <jsonjit/pointer.hpp>

#include <algorithm>
#include <deque>
#include <map>
#include <mutex>

#include "schema/canonical_p.hpp"
#include "schema/evaluator_p.hpp"
#include "schema/jit_p.hpp"
#include "schema/locate_p.hpp"
#include "schema/registry_p.hpp"
#include "schema/uri_p.hpp"

namespace jsonjit::detail::schema {
namespace {

bool at_least(draft d, draft since) noexcept { return static_cast<int>(d) >= static_cast<int>(since); }

/// What a meta-schema's `$vocabulary` turns on (2019-09 and later); every vocabulary of the
/// draft when the meta-schema is one of the drafts'.
struct vocabularies {
  bool validation = true;
  bool format_assertion = false;
};

/// The offending value of a schema that cannot be compiled, by resource and pointer.
struct failure {
  error_code code;
  std::string detail;
  std::string base_uri;
  std::string pointer;
};

std::optional<std::uint64_t> non_negative_integer(const element& value) {
  if (!value.is_number()) return std::nullopt;
  const std::optional<exact_decimal> d = exact_decimal::parse(value.number_text());
  if (!d || d->negative || !d->is_integer()) return std::nullopt;
  if (d->is_zero()) return 0;
  // Beyond 19 digits the bound is above any count an instance has.
  if (static_cast<std::int64_t>(d->digits().size()) + d->exponent > 19) return UINT64_MAX;
  std::uint64_t v = std::stoull(std::string(d->digits()));
  for (std::int64_t i = 0; i < d->exponent; ++i) {
    if (v > UINT64_MAX / 10) return UINT64_MAX;
    v *= 10;
  }
  return v;
}

std::optional<exact_decimal> number_of(const element& value) {
  if (!value.is_number()) return std::nullopt;
  return exact_decimal::parse(value.number_text());
}

std::uint8_t type_named(std::string_view name) {
  if (name == "null") return type_null;
  if (name == "boolean") return type_boolean;
  if (name == "object") return type_object;
  if (name == "array") return type_array;
  if (name == "number") return type_number;
  if (name == "string") return type_string;
  if (name == "integer") return type_integer;
  return 0;
}

std::string step_of(std::initializer_list<std::string_view> tokens) {
  std::string step;
  for (std::string_view t : tokens) json_pointer::append_escaped(step, t);
  return step;
}

/// Whether `keyword` is the only member of `schema` that validates (the others identify,
/// define or annotate): a reference alone, which its target can stand in for.
bool validates_only_by(const element& schema, std::string_view keyword) {
  static constexpr std::string_view inert[] = {"$comment", "$schema", "$id", "$anchor", "$defs",
                                               "definitions", "title", "description", "examples"};
  return std::all_of(schema.members().begin(), schema.members().end(), [&](const member& m) {
    return m.name == keyword || std::find(std::begin(inert), std::end(inert), m.name) != std::end(inert);
  });
}

/// The precomputed parts of a decoded node: watched names and what its keywords look at.
void summarize(schema_node& n) {
  std::vector<std::string>& w = n.watched_names;
  w = n.required;
  for (const dependent_names& d : n.dependent_required) {
    w.push_back(d.name);
    w.insert(w.end(), d.required.begin(), d.required.end());
  }
  for (const dependent_schema& d : n.dependent_schemas) w.push_back(d.name);
  std::sort(w.begin(), w.end());
  w.erase(std::unique(w.begin(), w.end()), w.end());
  const auto index_of = [&](const std::string& name) {
    return static_cast<std::uint32_t>(std::lower_bound(w.begin(), w.end(), name) - w.begin());
  };
  for (const std::string& name : n.required) n.required_indices.push_back(index_of(name));
  for (dependent_names& d : n.dependent_required) {
    d.name_index = index_of(d.name);
    for (const std::string& name : d.required) d.required_indices.push_back(index_of(name));
  }
  for (dependent_schema& d : n.dependent_schemas) d.name_index = index_of(d.name);
  for (named_edge& p : n.properties) {
    if (const std::uint32_t i = index_of(p.name); i < w.size() && w[i] == p.name) p.watched = i;
  }
  n.checks_numbers = n.minimum || n.maximum || n.exclusive_minimum || n.exclusive_maximum || n.multiple_of;
  n.checks_strings = n.min_length || n.max_length || n.pattern || n.format != format_kind::none || n.content_base64 ||
                     n.content_json;
  n.checks_objects = n.has_object_keywords();
  n.checks_arrays = n.has_array_keywords();
  n.needs_text = n.const_value || !n.enum_values.empty();
  n.applies_in_place = n.ref || n.dynamic_ref || !n.all_of.empty() || !n.any_of.empty() || !n.one_of.empty() ||
                       n.not_schema || n.if_schema || !n.dependent_schemas.empty();
}

class compiler {
 public:
  explicit compiler(const schema_options& options) : options_(options), registry_(options) {}

  result<std::shared_ptr<schema_program>, parse_error> run(std::string_view text, bool check_metaschema);

 private:
  /// The node of `s`: an id at once, decoded later by decode_pending (a chain of references
  /// or nested subschemas as long as the schema is does not recurse).
  std::uint32_t node_for(const subschema& s);
  void decode_pending();
  void decode(const subschema& s, schema_node& n);
  std::uint32_t resource_for(const std::string& base_uri);
  vocabularies vocabularies_of(const std::string& base_uri);
  edge child(const subschema& parent, std::initializer_list<std::string_view> tokens);
  /// The node a reference names, resolved against `s`'s base URI.
  const subschema* resolve_reference(const subschema& s, std::string_view reference, std::string_view keyword);
  void fail(error_code code, std::string detail, const subschema& s, std::initializer_list<std::string_view> tokens);
  parse_error to_parse_error(const failure& f) const;
  parse_error check_against_metaschema(const element& root, std::string_view text);

  const schema_options& options_;
  registry registry_;
  std::shared_ptr<schema_program> program_ = std::make_shared<schema_program>();
  std::map<std::string, std::uint32_t, std::less<>> nodes_by_location_;
  struct undecoded {
    const subschema* s;
    std::uint32_t id;
  };
  std::deque<undecoded> undecoded_;  // first in, first decoded: the root's keywords first
  std::map<std::string, std::uint32_t, std::less<>> resources_by_uri_;
  std::map<std::string, vocabularies, std::less<>> vocabularies_by_resource_;
  std::optional<failure> failure_;
  std::optional<parse_error> document_failure_;  // a referenced document that is not JSON
};

void compiler::fail(error_code code, std::string detail, const subschema& s,
                    std::initializer_list<std::string_view> tokens) {
  if (failure_) return;  // the first one is reported
  std::string pointer = s.pointer;
  for (std::string_view t : tokens) json_pointer::append_escaped(pointer, t);
  failure_ = failure{code, std::move(detail), s.base_uri, std::move(pointer)};
}

parse_error compiler::to_parse_error(const failure& f) const {
  const auto place = registry_.index().place_of(f.base_uri);
  if (!place || place->first >= registry_.documents().size()) {
    parse_error e;
    e.info.code = f.code;
    e.name = f.detail;
    return e;
  }
  const schema_document& d = registry_.documents()[place->first];
  const auto pointer = json_pointer::parse(place->second + f.pointer);
  parse_error e = locate(d.text, pointer ? pointer->tokens() : std::span<const std::string>(), f.code);
  e.name = f.detail;
  if (place->first != 0) e.name += " (in " + d.uri + ")";
  return e;
}

vocabularies compiler::vocabularies_of(const std::string& base_uri) {
  if (const auto it = vocabularies_by_resource_.find(base_uri); it != vocabularies_by_resource_.end()) {
    return it->second;
  }
  vocabularies v;
  v.format_assertion = options_.format_assertion;
  const subschema* root = registry_.index().at(base_uri, "");
  const std::optional<element> declared = root && root->schema.is_object() ? root->schema.find("$schema") : std::nullopt;
  if (declared && declared->is_string() && !draft_named_by(*declared->get_string())) {
    parse_error ignored;
    const subschema* meta =
        registry_.find(normalized(uri_reference::parse(*declared->get_string())), root->dialect, ignored);
    const std::optional<element> declared_vocabularies =
        meta && meta->schema.is_object() ? meta->schema.find("$vocabulary") : std::nullopt;
    if (declared_vocabularies && declared_vocabularies->is_object()) {
      v.validation = false;
      for (const member& m : declared_vocabularies->members()) {
        const std::string_view name = m.name;
        const bool known_prefix = name.starts_with("https://json-schema.org/draft/2020-12/vocab/") ||
                                  name.starts_with("https://json-schema.org/draft/2019-09/vocab/");
        const std::string_view vocabulary = known_prefix ? name.substr(name.rfind('/') + 1) : std::string_view();
        if (vocabulary == "validation") v.validation = true;
        if (vocabulary == "format-assertion") v.format_assertion = true;
        const bool known = vocabulary == "core" || vocabulary == "applicator" || vocabulary == "unevaluated" ||
                           vocabulary == "validation" || vocabulary == "meta-data" || vocabulary == "format" ||
                           vocabulary == "format-annotation" || vocabulary == "format-assertion" ||
                           vocabulary == "content";
        if (!known && m.value.is_bool() && *m.value.get_bool()) {
          fail(error_code::unknown_vocabulary, std::string(name), *root, {"$schema"});
        }
      }
    }
  }
  vocabularies_by_resource_.emplace(base_uri, v);
  return v;
}

std::uint32_t compiler::resource_for(const std::string& base_uri) {
  if (const auto it = resources_by_uri_.find(base_uri); it != resources_by_uri_.end()) return it->second;
  const auto id = static_cast<std::uint32_t>(program_->resources.size());
  program_->resources.push_back(schema_resource{base_uri, {}, false, no_node});
  resources_by_uri_.emplace(base_uri, id);
  const subschema* root = registry_.index().at(base_uri, "");
  if (!root) return id;
  if (root->dialect == draft::draft2019_09 && root->schema.is_object()) {
    const std::optional<element> anchor = root->schema.find("$recursiveAnchor");
    program_->resources[id].recursive_anchor = anchor && anchor->is_bool() && *anchor->get_bool();
  }
  const std::uint32_t root_node = node_for(*root);
  program_->resources[id].root = root_node;
  for (const std::string& name : registry_.index().dynamic_anchors(base_uri)) {
    if (const subschema* target = registry_.index().find(base_uri + "#" + name)) {
      const std::uint32_t target_node = node_for(*target);
      program_->resources[id].dynamic_anchors.emplace_back(name, target_node);
    }
  }
  return id;
}

edge compiler::child(const subschema& parent, std::initializer_list<std::string_view> tokens) {
  std::string pointer = parent.pointer;
  for (std::string_view t : tokens) json_pointer::append_escaped(pointer, t);
  edge e;
  e.step = step_of(tokens);
  if (const subschema* s = registry_.index().at(parent.base_uri, pointer)) e.target = node_for(*s);
  return e;
}

const subschema* compiler::resolve_reference(const subschema& s, std::string_view reference,
                                                     std::string_view keyword) {
  const uri_reference resolved = resolve(uri_reference::parse(s.base_uri), uri_reference::parse(reference));
  std::string target = normalized(resolved.without_fragment());
  if (resolved.fragment && !resolved.fragment->empty()) (target += '#') += *resolved.fragment;
  parse_error not_json;
  const subschema* found = registry_.find(target, s.dialect, not_json);
  if (not_json && !document_failure_) document_failure_ = not_json;
  if (!found) fail(error_code::unresolved_reference, std::string(reference), s, {keyword});
  return found;
}

std::uint32_t compiler::node_for(const subschema& s) {
  std::string location = s.base_uri + "#" + s.pointer;
  if (const auto it = nodes_by_location_.find(location); it != nodes_by_location_.end()) return it->second;
  const auto id = static_cast<std::uint32_t>(program_->nodes.size());
  program_->nodes.emplace_back();
  program_->nodes.back().location = location;
  nodes_by_location_.emplace(std::move(location), id);
  undecoded_.push_back({&s, id});
  return id;
}

void compiler::decode_pending() {
  while (!undecoded_.empty()) {
    const undecoded next = undecoded_.front();
    undecoded_.pop_front();
    schema_node n;
    n.location = program_->nodes[next.id].location;
    n.dialect = next.s->dialect;
    n.resource = resource_for(next.s->base_uri);
    decode(*next.s, n);  // may add nodes (and so move the vector): `n` is moved in once complete
    summarize(n);
    program_->nodes[next.id] = std::move(n);
  }
}

void compiler::decode(const subschema& s, schema_node& n) {
  const element& schema = s.schema;
  const draft d = s.dialect;
  if (schema.is_bool()) {
    n.is_false = !*schema.get_bool();
    return;
  }
  if (!schema.is_object()) return;  // not a schema: the meta-schema check reports it
  const vocabularies vocab = vocabularies_of(s.base_uri);

  // References. Before 2019-09 a "$ref" makes its siblings ignored.
  if (const std::optional<element> ref = schema.find("$ref"); ref && ref->is_string()) {
    if (const subschema* target = resolve_reference(s, *ref->get_string(), "$ref")) {
      n.ref.target = node_for(*target);
      n.ref.step = "/$ref";
    }
    if (!at_least(d, draft::draft2019_09)) {
      n.only_ref = true;  // its siblings are ignored
      return;
    }
    n.only_ref = validates_only_by(schema, "$ref");
  }
  if (d == draft::draft2020_12) {
    if (const std::optional<element> ref = schema.find("$dynamicRef"); ref && ref->is_string()) {
      if (const subschema* target = resolve_reference(s, *ref->get_string(), "$dynamicRef")) {
        n.dynamic_ref.target = node_for(*target);
        n.dynamic_ref.step = "/$dynamicRef";
        // Dynamic only when it names a "$dynamicAnchor" of the resource it first resolves to.
        const uri_reference written = uri_reference::parse(*ref->get_string());
        if (written.fragment && !written.fragment->empty() && (*written.fragment)[0] != '/' &&
            registry_.index().has_dynamic_anchor(target->base_uri, *written.fragment)) {
          n.dynamic = dynamic_kind::anchor;
          n.dynamic_anchor = *written.fragment;
        }
      }
    }
  }
  if (d == draft::draft2019_09) {
    if (const std::optional<element> ref = schema.find("$recursiveRef"); ref && ref->is_string()) {
      if (const subschema* target = resolve_reference(s, *ref->get_string(), "$recursiveRef")) {
        n.dynamic_ref.target = node_for(*target);
        n.dynamic_ref.step = "/$recursiveRef";
        const std::uint32_t resource = resource_for(target->base_uri);
        if (program_->resources[resource].recursive_anchor) n.dynamic = dynamic_kind::recursive;
      }
    }
  }
  n.only_dynamic_ref = n.dynamic != dynamic_kind::none &&
                       validates_only_by(schema, n.dynamic == dynamic_kind::recursive ? "$recursiveRef" : "$dynamicRef");

  for (const member& m : schema.members()) {
    const std::string_view k = m.name;
    const element& v = m.value;
    // The applicators (always on: no draft's vocabulary list drops them in the suite).
    if ((k == "allOf" || k == "anyOf" || k == "oneOf") && v.is_array()) {
      std::vector<edge>& list = k == "allOf" ? n.all_of : k == "anyOf" ? n.any_of : n.one_of;
      for (std::size_t i = 0; i < v.size(); ++i) list.push_back(child(s, {k, std::to_string(i)}));
    } else if (k == "not") {
      n.not_schema = child(s, {k});
    } else if (at_least(d, draft::draft7) && (k == "if" || k == "then" || k == "else")) {
      (k == "if" ? n.if_schema : k == "then" ? n.then_schema : n.else_schema) = child(s, {k});
    } else if (k == "properties" && v.is_object()) {
      for (const member& p : v.members()) n.properties.push_back({std::string(p.name), child(s, {k, p.name})});
    } else if (k == "patternProperties" && v.is_object()) {
      for (const member& p : v.members()) {
        std::string why;
        std::size_t where = 0;
        std::shared_ptr<const ecma_regex> regex =
            ecma_regex::compile(p.name, why, where, ecma_syntax::unicode_else_annex_b, options_.regex_jit);
        if (!regex) {
          fail(error_code::invalid_regex, std::string(p.name) + ": " + why, s, {k});
          continue;
        }
        n.pattern_properties.push_back({std::move(regex), child(s, {k, p.name})});
      }
    } else if (k == "additionalProperties") {
      n.additional_properties = child(s, {k});
    } else if (k == "propertyNames" && at_least(d, draft::draft6)) {
      n.property_names = child(s, {k});
    } else if (k == "unevaluatedProperties" && at_least(d, draft::draft2019_09)) {
      n.unevaluated_properties = child(s, {k});
    } else if (k == "unevaluatedItems" && at_least(d, draft::draft2019_09)) {
      n.unevaluated_items = child(s, {k});
    } else if (k == "dependentSchemas" && at_least(d, draft::draft2019_09) && v.is_object()) {
      for (const member& p : v.members()) {
        n.dependent_schemas.push_back({std::string(p.name), child(s, {k, p.name}), "dependentSchemas", 0});
      }
    } else if (k == "dependencies" && v.is_object()) {
      // Split into dependentRequired and dependentSchemas by 2019-09, and still read there
      // (the suite's optional compatibility tests; a schema that means it has no other reading).
      for (const member& p : v.members()) {
        if (p.value.is_array()) {
          if (!vocab.validation) continue;
          dependent_names names{std::string(p.name), {}, "dependencies", 0, {}};
          for (const element& name : p.value.elements()) {
            if (name.is_string()) names.required.emplace_back(*name.get_string());
          }
          n.dependent_required.push_back(std::move(names));
        } else {
          n.dependent_schemas.push_back({std::string(p.name), child(s, {k, p.name}), "dependencies", 0});
        }
      }
    } else if (k == "prefixItems" && d == draft::draft2020_12 && v.is_array()) {
      for (std::size_t i = 0; i < v.size(); ++i) n.prefix_items.push_back(child(s, {k, std::to_string(i)}));
    } else if (k == "items") {
      if (v.is_array() && d != draft::draft2020_12) {
        for (std::size_t i = 0; i < v.size(); ++i) n.prefix_items.push_back(child(s, {k, std::to_string(i)}));
        if (const std::optional<element> additional = schema.find("additionalItems")) {
          n.items = child(s, {"additionalItems"});
        }
      } else if (!v.is_array()) {
        n.items = child(s, {k});
      }
    } else if (k == "contains" && at_least(d, draft::draft6)) {
      n.contains = child(s, {k});
    }
  }
  // Without "contains", minContains and maxContains do nothing.
  if (n.contains && at_least(d, draft::draft2019_09) && vocab.validation) {
    if (const std::optional<element> v = schema.find("minContains")) n.min_contains = non_negative_integer(*v).value_or(1);
    if (const std::optional<element> v = schema.find("maxContains")) n.max_contains = non_negative_integer(*v);
  }
  // Sorted for lookups, and remembered in the declared order (the order the instances are
  // likely to follow).
  std::vector<std::uint32_t> by_name(n.properties.size());
  for (std::uint32_t i = 0; i < by_name.size(); ++i) by_name[i] = i;
  std::sort(by_name.begin(), by_name.end(),
            [&](std::uint32_t a, std::uint32_t b) { return n.properties[a].name < n.properties[b].name; });
  std::vector<named_edge> sorted;
  n.declared_order.assign(n.properties.size(), 0);
  n.declared_position.assign(n.properties.size(), 0);
  for (std::uint32_t s_index = 0; s_index < by_name.size(); ++s_index) {
    sorted.push_back(std::move(n.properties[by_name[s_index]]));
    n.declared_order[by_name[s_index]] = s_index;
    n.declared_position[s_index] = by_name[s_index];
  }
  n.properties = std::move(sorted);

  // `format` is the format vocabulary's: asserted where the options or the meta-schema say so.
  if (const std::optional<element> v = schema.find("format"); v && v->is_string() && vocab.format_assertion) {
    n.format = format_named(*v->get_string(), d);
  }
  if (options_.annotations) {
    for (const member& m : schema.members()) {
      const std::string_view k = m.name;
      const bool meta_data = k == "title" || k == "description" || k == "default" || k == "examples" ||
                             (at_least(d, draft::draft7) && (k == "readOnly" || k == "writeOnly")) ||
                             (at_least(d, draft::draft2019_09) && k == "deprecated");
      const bool other = k == "format" || (at_least(d, draft::draft7) && (k == "contentEncoding" || k == "contentMediaType"));
      if (meta_data || other) n.annotations.push_back({std::string(k), m.value.to_json().value_or("null")});
    }
  }
  if (d == draft::draft7) {
    const std::optional<element> encoding = schema.find("contentEncoding");
    const std::optional<element> media_type = schema.find("contentMediaType");
    n.content_base64 = encoding && encoding->get_string().value_or("") == "base64";
    n.content_json = media_type && media_type->get_string().value_or("") == "application/json";
  }
  if (!vocab.validation) return;
  for (const member& m : schema.members()) {
    const std::string_view k = m.name;
    const element& v = m.value;
    if (k == "type") {
      if (v.is_string()) {
        n.types = type_named(*v.get_string());
      } else if (v.is_array()) {
        for (const element& t : v.elements()) {
          if (t.is_string()) n.types |= type_named(*t.get_string());
        }
      }
      if (n.types == 0) n.types = 0x80;  // names no type: nothing is valid (the meta-schema check says why)
    } else if (k == "enum" && v.is_array()) {
      for (const element& value : v.elements()) n.enum_values.push_back(canonical_text(value));
      std::sort(n.enum_values.begin(), n.enum_values.end());
      if (n.enum_values.empty()) n.enum_values.emplace_back();  // matches no value's text
    } else if (k == "const" && at_least(d, draft::draft6)) {
      n.const_value = canonical_text(v);
    } else if (k == "minimum") {
      n.minimum = number_of(v);
    } else if (k == "maximum") {
      n.maximum = number_of(v);
    } else if (k == "exclusiveMinimum" && at_least(d, draft::draft6)) {
      n.exclusive_minimum = number_of(v);
    } else if (k == "exclusiveMaximum" && at_least(d, draft::draft6)) {
      n.exclusive_maximum = number_of(v);
    } else if (k == "multipleOf") {
      n.multiple_of = number_of(v);
    } else if (k == "minLength") {
      n.min_length = non_negative_integer(v);
    } else if (k == "maxLength") {
      n.max_length = non_negative_integer(v);
    } else if (k == "pattern" && v.is_string()) {
      std::string why;
      std::size_t where = 0;
      n.pattern = ecma_regex::compile(*v.get_string(), why, where, ecma_syntax::unicode_else_annex_b,
                                      options_.regex_jit);
      if (!n.pattern) fail(error_code::invalid_regex, why, s, {k});
    } else if (k == "required" && v.is_array()) {
      for (const element& name : v.elements()) {
        if (name.is_string()) n.required.emplace_back(*name.get_string());
      }
    } else if (k == "dependentRequired" && at_least(d, draft::draft2019_09) && v.is_object()) {
      for (const member& p : v.members()) {
        dependent_names names{std::string(p.name), {}, "dependentRequired", 0, {}};
        if (p.value.is_array()) {
          for (const element& name : p.value.elements()) {
            if (name.is_string()) names.required.emplace_back(*name.get_string());
          }
        }
        n.dependent_required.push_back(std::move(names));
      }
    } else if (k == "minProperties") {
      n.min_properties = non_negative_integer(v);
    } else if (k == "maxProperties") {
      n.max_properties = non_negative_integer(v);
    } else if (k == "minItems") {
      n.min_items = non_negative_integer(v);
    } else if (k == "maxItems") {
      n.max_items = non_negative_integer(v);
    } else if (k == "uniqueItems") {
      n.unique_items = v.is_bool() && *v.get_bool();
    }
  }
  // Draft-04: exclusiveMaximum and exclusiveMinimum are booleans that make maximum and minimum exclusive.
  if (d == draft::draft4) {
    const auto flag = [&](std::string_view name) {
      const std::optional<element> v = schema.find(name);
      return v && v->is_bool() && *v->get_bool();
    };
    if (flag("exclusiveMaximum") && n.maximum) n.exclusive_maximum = std::exchange(n.maximum, std::nullopt);
    if (flag("exclusiveMinimum") && n.minimum) n.exclusive_minimum = std::exchange(n.minimum, std::nullopt);
  }
}

/// Resolves the dynamic references whose target is the same on every path: a dynamic
/// reference's target is the outermost resource of the dynamic scope that has the anchor, and
/// every scope starts with the root's resource and, where the root is a `$ref` alone, its
/// target's (every evaluation goes through it), and so on: the first of those resources that
/// has the anchor is the target on every path (the meta-schemas, and the schemas that refer
/// to them, are written so). Such a reference is then a static one to both engines, and the
/// interpreter evaluates a subschema that several paths apply to one value once.
void resolve_fixed_dynamic_references(schema_program& p) {
  const auto fixed_target = [&](const schema_node& n) {
    std::uint32_t node = p.root;
    for (int hops = 0; hops < 16; ++hops) {
      const schema_resource& r = p.resources[p.nodes[node].resource];
      if (n.dynamic == dynamic_kind::recursive && r.recursive_anchor) return r.root;
      if (n.dynamic == dynamic_kind::anchor) {
        for (const auto& [name, anchored] : r.dynamic_anchors) {
          if (name == n.dynamic_anchor) return anchored;
        }
      }
      if (!p.nodes[node].only_ref) break;
      node = p.nodes[node].ref.target;
    }
    return no_node;
  };
  for (schema_node& n : p.nodes) {
    if (n.dynamic == dynamic_kind::none) continue;
    if (const std::uint32_t target = fixed_target(n); target != no_node) {
      n.dynamic_ref.target = target;
      n.dynamic = dynamic_kind::none;
    }
  }
}

/// A node that applies itself to the same value through in-place applicators alone
/// (`{"$ref": "#"}`, definitions that refer to each other through `allOf`, ...), which no
/// instance could finish; null when there is none. Dynamic references that resolve by the
/// dynamic scope are left to validation, which stops them where they loop.
std::optional<std::uint32_t> node_applying_itself(const schema_program& p) {
  const auto in_place = [&](std::uint32_t id) {
    const schema_node& n = p.nodes[id];
    std::vector<std::uint32_t> targets;
    const auto add = [&](const edge& e) {
      if (e) targets.push_back(e.target);
    };
    add(n.ref);
    if (n.dynamic == dynamic_kind::none) add(n.dynamic_ref);
    for (const auto* list : {&n.all_of, &n.any_of, &n.one_of}) {
      for (const edge& e : *list) add(e);
    }
    add(n.not_schema);
    add(n.if_schema);
    add(n.then_schema);
    add(n.else_schema);
    for (const dependent_schema& d : n.dependent_schemas) add(d.to);
    return targets;
  };
  return node_on_a_cycle(p.nodes.size(), in_place);
}

/// The compiled meta-schemas of the drafts, compiled once per process, with their native code
/// (every schema compiled is checked against one).
std::shared_ptr<const schema_program> builtin_metaschema(std::string_view uri) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const schema_program>, std::less<>> compiled;
  const std::lock_guard lock(mutex);
  if (const auto it = compiled.find(uri); it != compiled.end()) return it->second;
  const std::string_view text = builtin_schema(uri);
  if (text.empty()) return nullptr;
  auto program = compile_program(text, schema_options{}, false);
  if (program) {
    native_validator::refusal refused;
    (*program)->native = native_validator::compile(**program, refused);
  }
  std::shared_ptr<const schema_program> p = program ? *program : nullptr;
  compiled.emplace(std::string(uri), p);
  return p;
}

parse_error compiler::check_against_metaschema(const element& root, std::string_view text) {
  draft d = static_cast<draft>(options_.default_draft);
  std::string meta_uri(metaschema_uri(d));
  if (const std::optional<element> declared = root.is_object() ? root.find("$schema") : std::nullopt;
      declared && declared->is_string()) {
    meta_uri = *declared->get_string();
  }
  meta_uri = normalized(uri_reference::parse(meta_uri));
  std::shared_ptr<const schema_program> meta = builtin_metaschema(meta_uri);
  if (!meta) {
    // A meta-schema of the user's: compiled with the same registry and resolver.
    const std::optional<std::string> meta_text = registry_.text_of(normalized(uri_reference::parse(meta_uri).without_fragment()));
    if (!meta_text) {
      failure f{error_code::unresolved_reference, meta_uri, registry_.documents().front().uri, ""};
      f.pointer = "/$schema";
      return to_parse_error(f);
    }
    schema_options meta_options = options_;
    meta_options.base_uri = normalized(uri_reference::parse(meta_uri).without_fragment());
    auto compiled = compile_program(*meta_text, meta_options, false);
    if (!compiled) return compiled.error();
    meta = *compiled;
  }
  // A valid schema is decided by the meta-schema's code where it has some (as schema::validate
  // does); the interpreter decides the rest, and says where a schema is invalid.
  if (meta->native && meta->native->shows_valid(text)) return {};
  const validation v = validate_element(*meta, root, output_format::basic);
  if (v.valid()) return {};
  const validation_error& first = v.errors().front();
  const auto pointer = json_pointer::parse(first.instance_location);
  parse_error e = locate(text, pointer ? pointer->tokens() : std::span<const std::string>(), error_code::invalid_schema);
  e.name = first.message + " (" + first.keyword_location + " of " + meta_uri + ")";
  return e;
}

result<std::shared_ptr<schema_program>, parse_error> compiler::run(std::string_view text,
                                                                        bool check_metaschema) {
  const std::string base = normalized(uri_reference::parse(options_.base_uri).without_fragment());
  if (parse_error e = registry_.add(base, std::string(text), static_cast<draft>(options_.default_draft))) return e;
  const subschema* root = registry_.index().at(base, "");
  if (!root) {  // not a schema at all: the walk takes only objects and booleans
    const schema_document& d = registry_.documents().front();
    parse_error e = locate(d.text, {}, error_code::invalid_schema);
    e.name = "a schema is an object or a boolean (found: " + std::string(to_string(d.parsed.root().type())) + ")";
    return e;
  }
  if (check_metaschema) {
    if (parse_error e = check_against_metaschema(root->schema, registry_.documents().front().text)) return e;
  }
  program_->root = node_for(*root);
  decode_pending();
  program_->dialect = root->dialect;
  program_->output = options_.output;
  program_->max_errors = options_.max_errors;
  program_->annotations = options_.annotations && options_.output != output_format::flag;
  program_->reader = options_.reader;
  if (failure_) return to_parse_error(*failure_);
  if (document_failure_) return *document_failure_;
  resolve_fixed_dynamic_references(*program_);
  if (const std::optional<std::uint32_t> looping = node_applying_itself(*program_)) {
    const std::string& location = program_->nodes[*looping].location;
    const std::size_t hash = location.find('#');
    return to_parse_error(failure{error_code::invalid_schema,
                                  "the schema applies itself to the same value without end (" + location + ")",
                                  location.substr(0, hash), location.substr(hash + 1)});
  }
  program_->reads_dynamic_scope = std::any_of(program_->nodes.begin(), program_->nodes.end(),
                                              [](const schema_node& n) { return n.dynamic != dynamic_kind::none; });
  if (!registry_.index().conflicts().empty()) {
    // At the keyword of the second claim.
    const resource_index::conflict& c = registry_.index().conflicts().front();
    const schema_document& d = registry_.documents()[c.document];
    const auto pointer = json_pointer::parse(c.pointer);
    parse_error e =
        locate(d.text, pointer ? pointer->tokens() : std::span<const std::string>(), error_code::duplicate_schema_uri);
    e.name = c.uri;
    if (c.document != 0) e.name += " (in " + d.uri + ")";
    return e;
  }
  return program_;
}

}  // namespace

result<std::shared_ptr<schema_program>, parse_error> compile_program(std::string_view text,
                                                                     const schema_options& options,
                                                                     bool check_metaschema) {
  compiler c(options);
  return c.run(text, check_metaschema);
}

}  // namespace jsonjit::detail::schema
