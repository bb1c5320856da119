// A compiled schema: one node per subschema, each keyword decoded into what validation needs
// (numbers as exact decimals, patterns compiled, `enum` and `const` as canonical texts),
// every `$ref` bound to its node at compile time. Immutable once built: the interpreter
// (evaluator.cpp) walks it, from any number of threads. Private to the library.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <jsonjit/schema.hpp>

#include "schema/ecma_regex_p.hpp"
#include "schema/exact_decimal_p.hpp"
#include "schema/formats_p.hpp"
#include "schema/metaschemas_p.hpp"

namespace jsonjit::detail::schema {

class native_validator;  // jit_p.hpp

inline constexpr std::uint32_t no_node = UINT32_MAX;

/// The bits of `type`.
enum type_bit : std::uint8_t {
  type_null = 1,
  type_boolean = 2,
  type_object = 4,
  type_array = 8,
  type_number = 16,
  type_string = 32,
  type_integer = 64,  // a number without fractional part (any number when type_number is set)
};

/// A subschema a keyword applies, and the step its keyword location takes
/// ("/properties/a~1b", "/allOf/2", "/$ref").
struct edge {
  std::uint32_t target = no_node;
  std::string step;
  explicit operator bool() const noexcept { return target != no_node; }
};

struct named_edge {
  std::string name;
  edge to;
  std::uint32_t watched = UINT32_MAX;  // properties: the name's index in watched_names, if there
};

struct pattern_edge {
  std::shared_ptr<const ecma_regex> regex;
  edge to;
};

/// dependentRequired's (draft-07's array `dependencies`): where `name` is present, so must
/// `required` be.
struct dependent_names {
  std::string name;
  std::vector<std::string> required;
  std::string_view keyword;  // "dependentRequired" or "dependencies"
  std::uint32_t name_index = 0;                 // in watched_names
  std::vector<std::uint32_t> required_indices;  // in watched_names
};

/// dependentSchemas' (draft-07's schema `dependencies`): where `name` is present, `to` applies.
struct dependent_schema {
  std::string name;
  edge to;
  std::string_view keyword;
  std::uint32_t name_index = 0;  // in watched_names
};

/// What a `$dynamicRef` (2020-12) or `$recursiveRef` (2019-09) does besides its static target.
enum class dynamic_kind : std::uint8_t {
  none,       // resolved statically only (a $dynamicRef whose target is not a $dynamicAnchor)
  anchor,     // the outermost resource of the dynamic scope with `$dynamicAnchor: name`
  recursive,  // the outermost resource of the dynamic scope with `$recursiveAnchor: true`
};

/// A keyword whose value is an annotation where its schema applies (`title`, `readOnly`, ...).
struct annotation_keyword {
  std::string keyword;
  std::string value;  // JSON text
};

struct schema_node {
  std::string location;  // absolute URI of the subschema: "base#/json/pointer"
  std::uint32_t resource = 0;
  draft dialect = draft::draft2020_12;

  // A boolean schema (true or false), or `{}`.
  bool is_false = false;

  std::uint8_t types = 0;  // type_bit set; 0 when there is no "type"
  std::optional<std::string> const_value;  // canonical text (canonical_p.hpp)
  std::vector<std::string> enum_values;    // canonical texts, sorted

  std::optional<exact_decimal> minimum, maximum, exclusive_minimum, exclusive_maximum, multiple_of;
  std::optional<std::uint64_t> min_length, max_length;
  std::shared_ptr<const ecma_regex> pattern;
  format_kind format = format_kind::none;  // only when asserted
  // Draft-07's content keywords, which it lets validators assert (later drafts make them
  // annotations only): the string is Base64, and/or its (decoded) content is JSON.
  bool content_base64 = false;
  bool content_json = false;

  std::vector<named_edge> properties;  // sorted by name
  // `properties` as the schema declares them (indices into it), and each one's place in that
  // order: instances mostly list members in the schema's order, so the next declared one is
  // tried first.
  std::vector<std::uint32_t> declared_order, declared_position;
  std::vector<pattern_edge> pattern_properties;
  edge additional_properties, property_names, unevaluated_properties;
  std::vector<std::string> required;
  std::vector<dependent_names> dependent_required;
  std::vector<dependent_schema> dependent_schemas;
  std::optional<std::uint64_t> min_properties, max_properties;

  std::vector<edge> prefix_items;  // 2020-12's prefixItems; before, `items` as an array
  edge items;                      // the items after the prefix (`additionalItems` before 2020-12)
  edge contains;
  std::uint64_t min_contains = 1;
  std::optional<std::uint64_t> max_contains;
  std::optional<std::uint64_t> min_items, max_items;
  bool unique_items = false;
  edge unevaluated_items;

  std::vector<annotation_keyword> annotations;  // only when the options collect them

  // The names whose presence `required`, dependentRequired and dependentSchemas ask about,
  // sorted and unique: an evaluation of an object marks those it meets in a bit mask (a list
  // of names when there are more than 64).
  std::vector<std::string> watched_names;
  std::vector<std::uint32_t> required_indices;

  // Which values the node's keywords look at (so that the interpreter asks once per node).
  bool checks_numbers = false;
  bool checks_strings = false;
  bool checks_objects = false;
  bool checks_arrays = false;
  bool needs_text = false;  // const or enum: the value's canonical text
  bool applies_in_place = false;  // $ref, allOf, anyOf, oneOf, not, if, dependentSchemas, ...
  // `{"$ref": ...}` and nothing else that validates: deciding, its target stands in for it.
  bool only_ref = false;

  // Applied to the same value.
  std::vector<edge> all_of, any_of, one_of;
  edge not_schema, if_schema, then_schema, else_schema;
  edge ref;
  edge dynamic_ref;  // its static target
  dynamic_kind dynamic = dynamic_kind::none;
  std::string dynamic_anchor;
  // A dynamic `{"$dynamicRef": ...}` (or `$recursiveRef`) and nothing else that validates:
  // deciding, its target along the dynamic scope stands in for it.
  bool only_dynamic_ref = false;

  bool has_object_keywords() const noexcept {
    return !properties.empty() || !pattern_properties.empty() || additional_properties || property_names ||
           unevaluated_properties || !required.empty() || !dependent_required.empty() ||
           !dependent_schemas.empty() || min_properties || max_properties;
  }
  bool has_array_keywords() const noexcept {
    return !prefix_items.empty() || items || contains || min_items || max_items || unique_items || unevaluated_items;
  }
};

/// A schema resource (a document, or a subschema with `$id`).
struct schema_resource {
  std::string uri;
  std::vector<std::pair<std::string, std::uint32_t>> dynamic_anchors;  // name → node
  bool recursive_anchor = false;  // its root has `$recursiveAnchor: true` (2019-09)
  std::uint32_t root = no_node;
};

}  // namespace jsonjit::detail::schema

namespace jsonjit::detail {

struct schema_program {
  std::vector<schema::schema_node> nodes;
  std::vector<schema::schema_resource> resources;
  std::uint32_t root = schema::no_node;
  schema::draft dialect = schema::draft::draft2020_12;
  output_format output = output_format::basic;
  bool annotations = false;
  std::size_t max_errors = schema_options().max_errors;
  /// A node's result on a value depends on the path evaluation took to it: some `$dynamicRef`
  /// or `$recursiveRef` resolves through the dynamic scope.
  bool reads_dynamic_scope = false;
  reader_options reader;
  /// The JIT's code for texts, where the engine asks for it and the JIT compiles the program.
  std::shared_ptr<const schema::native_validator> native;
};

namespace schema {

/// A node that `targets_of` (a node's index → the indices it leads to, no_node skipped) leads
/// back to, if any: depth first, without recursion (programs can be deep).
template <class Targets>
std::optional<std::uint32_t> node_on_a_cycle(std::size_t count, const Targets& targets_of) {
  enum : std::uint8_t { unseen, open, closed };
  std::vector<std::uint8_t> state(count, unseen);
  for (std::uint32_t start = 0; start < count; ++start) {
    if (state[start] != unseen) continue;
    std::vector<std::pair<std::uint32_t, std::vector<std::uint32_t>>> stack;
    stack.emplace_back(start, targets_of(start));
    state[start] = open;
    while (!stack.empty()) {
      auto& [id, targets] = stack.back();
      if (targets.empty()) {
        state[id] = closed;
        stack.pop_back();
        continue;
      }
      const std::uint32_t next = targets.back();
      targets.pop_back();
      if (next == no_node) continue;
      if (state[next] == open) return next;
      if (state[next] == unseen) {
        state[next] = open;
        stack.emplace_back(next, targets_of(next));
      }
    }
  }
  return std::nullopt;
}

/// The node that stands for `node`: a `{"$ref": ...}` alone is its target (followed up to 16
/// times: longer chains stay as they are, which is only slower).
inline std::uint32_t ref_resolved(const schema_program& program, std::uint32_t node) {
  for (int hops = 0; program.nodes[node].only_ref && hops < 16; ++hops) node = program.nodes[node].ref.target;
  return node;
}

}  // namespace schema

}  // namespace jsonjit::detail
