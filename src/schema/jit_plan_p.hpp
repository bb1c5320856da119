// What the schema JIT must know about a program beyond each subschema's keywords: where a
// dynamic reference leads (fixed, or read from the bindings of the resources entered), which
// functions enter a resource that binds a dynamic anchor, and which track the members and items
// they evaluate for an unevaluated* further out. Private.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "schema/program_p.hpp"

namespace jsonjit::detail::schema {

inline constexpr std::uint32_t no_binding = UINT32_MAX;
/// Bindings one resource's entry may set (it keeps those it found in its six stack slots).
inline constexpr std::size_t max_bound_per_entry = 6;

struct jit_plan {
  /// By node: the node whose function stands for it (a `$ref` alone is its target's, unless
  /// it enters a resource that binds an anchor).
  std::vector<std::uint32_t> resolved;
  /// By node: whether its function tracks evaluation (it is applied in place, directly or
  /// not, by a subschema with unevaluatedProperties or unevaluatedItems, or has one).
  std::vector<char> tracking;
  /// By node: the binding its `$dynamicRef` or `$recursiveRef` reads, where its target depends
  /// on the path; else no_binding (the reference is static: the compiler resolved it).
  std::vector<std::uint32_t> dynamic_binding;
  /// By node: the bindings entering it sets where unset (binding, the anchored node).
  std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> binds;
  std::size_t bindings = 0;
  /// By node: where its function reads objects once for the subschemas it and those it must
  /// pass in place (`$ref`, `allOf`, followed down) apply to the members, the branches (the
  /// node first); empty where each subschema scans the object itself.
  std::vector<std::vector<std::uint32_t>> fused;
  /// Why the JIT cannot follow the program's dynamic scope, if it cannot.
  std::string unsupported;
};

jit_plan plan_of(const schema_program& program);

/// Whether some subschema applies itself to the same value through the subschemas applied
/// in place (every target a dynamic reference can have counted).
bool applies_itself(const schema_program& program);

}  // namespace jsonjit::detail::schema
