#include "schema/jit_plan_p.hpp"

#include <algorithm>

#include "schema/jit_p.hpp"

namespace jsonjit::detail::schema {

namespace {

/// What a binding is for: every `$recursiveAnchor`, or the `$dynamicAnchor`s of one name.
struct anchor_key {
  dynamic_kind kind;
  std::string name;
  bool operator==(const anchor_key&) const = default;
};

anchor_key key_of(const schema_node& n) {
  return {n.dynamic, n.dynamic == dynamic_kind::anchor ? n.dynamic_anchor : std::string()};
}

/// The node resource `r` binds for `key`, or no_node.
std::uint32_t anchored(const schema_resource& r, const anchor_key& key) {
  if (key.kind == dynamic_kind::recursive) return r.recursive_anchor ? r.root : no_node;
  for (const auto& [name, node] : r.dynamic_anchors) {
    if (name == key.name) return node;
  }
  return no_node;
}

/// Every target `n`'s dynamic reference can have.
std::vector<std::uint32_t> dynamic_targets(const schema_program& program, const schema_node& n) {
  if (n.dynamic == dynamic_kind::none) return {n.dynamic_ref.target};
  std::vector<std::uint32_t> to{n.dynamic_ref.target};
  const anchor_key key = key_of(n);
  for (const schema_resource& r : program.resources) {
    if (const std::uint32_t a = anchored(r, key); a != no_node) to.push_back(a);
  }
  return to;
}

/// The subschemas `n` applies to the value itself.
std::vector<std::uint32_t> in_place_targets(const schema_program& program, const schema_node& n) {
  std::vector<std::uint32_t> to;
  for (const edge* e : {&n.ref, &n.not_schema, &n.if_schema, &n.then_schema, &n.else_schema}) {
    if (*e) to.push_back(e->target);
  }
  if (n.dynamic_ref) {
    for (const std::uint32_t t : dynamic_targets(program, n)) to.push_back(t);
  }
  for (const auto* list : {&n.all_of, &n.any_of, &n.one_of}) {
    for (const edge& e : *list) to.push_back(e.target);
  }
  for (const dependent_schema& d : n.dependent_schemas) to.push_back(d.to.target);
  return to;
}

/// Every subschema `n` applies, in place or to a member, an item or a name.
std::vector<std::uint32_t> all_targets(const schema_program& program, const schema_node& n) {
  std::vector<std::uint32_t> to = in_place_targets(program, n);
  for (const named_edge& p : n.properties) to.push_back(p.to.target);
  for (const pattern_edge& p : n.pattern_properties) to.push_back(p.to.target);
  for (const edge& e : n.prefix_items) to.push_back(e.target);
  for (const edge* e : {&n.additional_properties, &n.property_names, &n.unevaluated_properties, &n.items, &n.contains,
                        &n.unevaluated_items}) {
    if (*e) to.push_back(e->target);
  }
  return to;
}

bool looks_into_objects(const schema_node& n) { return n.has_object_keywords() || n.needs_text; }

/// The subschemas that must all pass on the value where `node` does, through `$ref`, `allOf`
/// and dynamic references with one target, `node` first (a `$ref` alone left out: it has
/// nothing of its own); empty where one of them applies another way (`anyOf`, `oneOf`, `not`,
/// `if`, dependentSchemas, a dynamic reference whose target depends on the path), tracks
/// evaluation or is `false`, or where fewer than two look
/// into objects (nothing to merge), or where `node` only passes the value on to one other.
constexpr std::size_t max_fused_walk = 64;

std::vector<std::uint32_t> fused_branches(const schema_program& program, const jit_plan& plan, std::uint32_t node) {
  // A subschema that only passes the value on to one other (a `$dynamicRef` alone, say) calls
  // that one, whose function reads the object: merging again here would only repeat its code.
  const schema_node& top = program.nodes[node];
  const bool own_checks = top.types != 0 || top.needs_text || top.has_object_keywords() ||
                          top.has_array_keywords() || top.checks_strings || top.checks_numbers;
  if (!own_checks && (top.ref ? 1u : 0u) + (top.dynamic_ref ? 1u : 0u) + top.all_of.size() == 1) return {};
  std::vector<std::uint32_t> branches, pending{node};
  std::vector<std::uint32_t> visited;
  std::size_t looking = 0;
  while (!pending.empty()) {
    const std::uint32_t x = pending.back();
    pending.pop_back();
    if (std::find(visited.begin(), visited.end(), x) != visited.end()) continue;
    // Fusing serves a few branches (at most 64, a bit each); a longer walk, through a chain
    // of references say, fuses nothing and would make planning quadratic in the chain.
    if (visited.size() == max_fused_walk) return {};
    visited.push_back(x);
    const schema_node& n = program.nodes[x];
    if (!n.any_of.empty() || !n.one_of.empty() || n.not_schema || n.if_schema || !n.dependent_schemas.empty() ||
        n.is_false || plan.tracking[x] != 0 || n.dynamic != dynamic_kind::none) {
      return {};
    }
    if (!n.only_ref) {
      branches.push_back(x);
      looking += looks_into_objects(n) ? 1u : 0u;
    }
    // Pushed in reverse: the branches keep the schema's order.
    for (auto e = n.all_of.rbegin(); e != n.all_of.rend(); ++e) pending.push_back(e->target);
    if (n.dynamic_ref) pending.push_back(n.dynamic_ref.target);
    if (n.ref) pending.push_back(n.ref.target);
  }
  if (looking < 2 || branches.size() > 64) return {};  // (a bit per branch in fused_object)
  std::vector<std::string> watched;
  for (const std::uint32_t b : branches) {
    const auto& w = program.nodes[b].watched_names;
    watched.insert(watched.end(), w.begin(), w.end());
  }
  std::sort(watched.begin(), watched.end());
  watched.erase(std::unique(watched.begin(), watched.end()), watched.end());
  if (watched.size() > 64) return {};
  return branches;
}

}  // namespace

jit_plan plan_of(const schema_program& program) {
  const std::size_t count = program.nodes.size();
  jit_plan plan;
  plan.tracking.assign(count, 0);
  plan.dynamic_binding.assign(count, no_binding);
  plan.binds.resize(count);

  // Tracking: from every unevaluated* along the subschemas applied in place.
  std::vector<std::uint32_t> pending;
  for (std::uint32_t i = 0; i < count; ++i) {
    const schema_node& n = program.nodes[i];
    if (n.unevaluated_properties || n.unevaluated_items) pending.push_back(i);
  }
  while (!pending.empty()) {
    const std::uint32_t i = pending.back();
    pending.pop_back();
    if (plan.tracking[i] != 0) continue;
    plan.tracking[i] = 1;
    for (const std::uint32_t t : in_place_targets(program, program.nodes[i])) {
      if (t != no_node && plan.tracking[t] == 0) pending.push_back(t);
    }
  }

  // Bindings: one per anchor that some dynamic reference reads on its path.
  std::vector<anchor_key> keys;
  for (std::uint32_t i = 0; i < count; ++i) {
    const schema_node& n = program.nodes[i];
    if (!n.dynamic_ref || n.dynamic == dynamic_kind::none) continue;
    const anchor_key key = key_of(n);
    const auto found = std::find(keys.begin(), keys.end(), key);
    plan.dynamic_binding[i] = static_cast<std::uint32_t>(found - keys.begin());
    if (found == keys.end()) keys.push_back(key);
  }
  plan.bindings = keys.size();
  if (keys.size() > max_dynamic_anchors) {
    plan.unsupported = "more than " + std::to_string(max_dynamic_anchors) + " dynamic anchors read on the path";
  }
  // A resource enters the dynamic scope where evaluation goes into it from another (the root,
  // and what a subschema of another resource applies): there its anchors are bound where no
  // resource further out bound them. Inside it, they are already.
  if (!keys.empty()) {
    std::vector<char> entered(count, 0);
    entered[program.root] = 1;
    for (const schema_node& n : program.nodes) {
      for (const std::uint32_t t : all_targets(program, n)) {
        if (t != no_node && program.nodes[t].resource != n.resource) entered[t] = 1;
      }
    }
    for (std::uint32_t i = 0; i < count; ++i) {
      if (entered[i] == 0) continue;
      const schema_resource& r = program.resources[program.nodes[i].resource];
      for (std::uint32_t k = 0; k < keys.size(); ++k) {
        if (const std::uint32_t a = anchored(r, keys[k]); a != no_node) plan.binds[i].emplace_back(k, a);
      }
      if (plan.binds[i].size() > max_bound_per_entry) {
        plan.unsupported = "a resource binding more than " + std::to_string(max_bound_per_entry) +
                           " dynamic anchors read on the path at " + program.nodes[i].location;
      }
    }
  }

  // Merged object scans: not where a binding is read (a branch's resource must be entered,
  // with its function, before what it applies to members runs).
  plan.fused.resize(count);
  if (keys.empty()) {
    for (std::uint32_t i = 0; i < count; ++i) {
      if (!program.nodes[i].only_ref && program.nodes[i].applies_in_place) plan.fused[i] = fused_branches(program, plan, i);
    }
  }

  plan.resolved.resize(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    std::uint32_t node = i;
    for (int hops = 0; program.nodes[node].only_ref && plan.binds[node].empty() && hops < 16; ++hops) {
      node = program.nodes[node].ref.target;
    }
    plan.resolved[i] = node;
  }
  return plan;
}

bool applies_itself(const schema_program& program) {
  return node_on_a_cycle(program.nodes.size(),
                         [&](std::uint32_t i) { return in_place_targets(program, program.nodes[i]); })
      .has_value();
}

}  // namespace jsonjit::detail::schema
