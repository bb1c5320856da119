// The schema JIT's compiler: which programs it compiles, and what code each subschema's
// function is (in the order of jit_p.hpp's account; the instructions are the emitter's).
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <chrono>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/stack_p.hpp"
#include "engines/jit/emit/code_memory_p.hpp"
#include "engines/jit/emit/schema_emitter_p.hpp"
#include "engines/jit/statistics_p.hpp"
#include "schema/checks_p.hpp"
#include "schema/jit_p.hpp"
#include "schema/jit_plan_p.hpp"
#include "text/simd_p.hpp"

namespace jsonjit::detail::schema {
namespace {

using jit::schema_emitter;
using jit::value_start;
using label = schema_emitter::label;

/// Why the JIT leaves `program` to the interpreter; an empty `why` when it compiles it.
native_validator::refusal refusal_of(const schema_program& program, const jit_plan& plan) {
  if (program.annotations) return {"annotations are collected by the interpreter", {}, {}};
  const reader_options& r = program.reader;
  if (r.comments != comment_handling::disallow || r.allow_trailing_commas || r.allow_multiple_values) {
    return {"the JIT reads strict JSON only (no comments, trailing commas or multiple values)", {}, {}};
  }
  for (const schema_node& n : program.nodes) {
    const auto at = [&](std::string keyword, std::string_view detail = {}) {
      return native_validator::refusal{keyword + " at " + n.location + std::string(detail), n.location, keyword};
    };
    if (n.watched_names.size() > 64) return at("required", " (more than 64 required or dependent names)");
    // The evaluated mask holds the first 63 items one by one.
    if (plan.tracking[static_cast<std::size_t>(&n - program.nodes.data())] != 0 && n.prefix_items.size() > 63) {
      return at(n.dialect == draft::draft2020_12 ? "prefixItems" : "items",
                " (more than 63, where an unevaluatedItems asks which items were evaluated)");
    }
  }
  if (!plan.unsupported.empty()) {
    return {(program.dialect == draft::draft2019_09 ? "$recursiveRef: " : "$dynamicRef: ") + plan.unsupported, {}, {}};
  }
  if (applies_itself(program)) {
    return {"a $dynamicRef or $recursiveRef applies its schema to the same value without end", {}, {}};
  }
  return {};
}

/// More subschemas than this that look into containers and must all pass on one value (a
/// `$ref` and an `allOf`'s): the code scans the value once for each where the interpreter
/// reads it once, and gains nothing (measured, not derived: on the 2020-12 meta-schema's
/// allOf of 7 vocabularies the code took 0.9–1.5x the interpreter's time over three runs).
constexpr std::size_t max_rescanning_subschemas = 3;

/// Whether the code is expected to be faster than the interpreter (see native_validator::compile).
bool pays_off(const schema_program& program, const jit_plan& plan) {
  const auto looks_inside = [&](std::uint32_t node) {
    const schema_node& n = program.nodes[ref_resolved(program, node)];
    return n.has_object_keywords() || n.has_array_keywords();
  };
  for (std::uint32_t i = 0; i < program.nodes.size(); ++i) {
    const schema_node& n = program.nodes[i];
    std::size_t rescanning = 0;
    if (!plan.fused[i].empty()) {
      // It reads objects once; arrays each branch still scans.
      for (const std::uint32_t b : plan.fused[i]) rescanning += b != i && program.nodes[b].has_array_keywords();
    } else {
      if (n.ref) rescanning += looks_inside(n.ref.target);
      for (const edge& e : n.all_of) rescanning += looks_inside(e.target);
    }
    if (rescanning > max_rescanning_subschemas) return false;
  }
  return true;
}

/// The text a member name is matched by: `"name":`, or empty where the instance would write
/// the name with escapes (it is then always looked up).
std::string quoted_name(std::string_view name) {
  for (const char c : name) {
    if (c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20) return {};
  }
  std::string text;  // (appended: GCC 12 warns, wrongly, of overlapping copies in `"\"" + name`)
  text.reserve(name.size() + 3);
  text += '"';
  text += name;
  text += "\":";
  return text;
}

template <class F>
std::uint64_t address(F* function) {
  return reinterpret_cast<std::uint64_t>(function);
}

class function_compiler {
 public:
  function_compiler(schema_emitter& e, const schema_program& p, const jit_plan& plan, const void* const* table,
                    std::vector<std::unique_ptr<fused_object>>& fused)
      : e_(e), p_(p), plan_(plan), table_(table), fused_(fused) {}

  void compile(std::uint32_t index) {
    const schema_node& n = p_.nodes[index];
    if (!plan_.fused[index].empty()) return compile_fused(n, plan_.fused[index]);
    tracking_ = plan_.tracking[index] != 0;
    e_.comment("; " + n.location);
    e_.begin_function(tracking_);
    if (n.is_false) {
      e_.fail();
      return;
    }
    // A subschema that only applies others in place, one of which must pass (its $ref, allOf,
    // anyOf or oneOf), need not scan the value itself: the one that passed did, and its end
    // is the value's.
    const bool own_checks = n.types != 0 || n.needs_text || n.has_object_keywords() || n.has_array_keywords() ||
                            n.checks_strings || n.checks_numbers;
    const bool one_passes = n.ref || n.dynamic_ref || !n.all_of.empty() || !n.any_of.empty() || !n.one_of.empty();
    keep_end_ = !own_checks && one_passes;
    in_place(n);
    if (keep_end_) {
      e_.return_position();
      bind_failures();
      return;
    }
    by_kind(n, true);
    bind_failures();
  }

 private:
  /// A function that reads an object once for `branches` (jit_plan::fused): each member goes
  /// to every branch's subschemas for it (one helper call), the object's own checks of every
  /// branch follow. Any other value is checked as the branches' own functions do: the
  /// subschemas applied in place called, then the node's own checks.
  void compile_fused(const schema_node& n, const std::vector<std::uint32_t>& branches) {
    tracking_ = false;
    keep_end_ = false;
    e_.comment("; " + n.location + " (objects read once for " + std::to_string(branches.size()) + " subschemas)");
    e_.begin_function(false);
    bool objects = true;
    for (const std::uint32_t b : branches) {
      const std::uint8_t types = p_.nodes[b].types;
      if (types != 0 && (types & type_object) == 0) objects = false;
    }
    const label object = e_.new_label(), other = e_.new_label();
    std::array<label, 7> first;
    first.fill(other);
    first[static_cast<std::size_t>(value_start::object)] = objects ? object : schema_emitter::no_label;
    e_.dispatch(first);
    e_.bind(other);
    in_place(n);
    by_kind(n, false);
    if (objects) {
      e_.bind(object);
      fused_object_scan(branches);
    }
    bind_failures();
  }

  void fused_object_scan(const std::vector<std::uint32_t>& branches) {
    auto f = std::make_unique<fused_object>();
    std::optional<std::uint64_t> min_properties, max_properties;
    std::vector<std::string> watched;
    for (std::uint32_t bit = 0; bit < branches.size(); ++bit) {
      const schema_node& b = p_.nodes[branches[bit]];
      for (const named_edge& p : b.properties) {
        fused_object::name_entry& e = f->add(p.name);
        e.targets.push_back(p.to.target);
        e.branches |= std::uint64_t{1} << bit;
      }
      if (!b.pattern_properties.empty() || b.additional_properties || b.property_names) f->others.push_back({&b, bit});
      watched.insert(watched.end(), b.watched_names.begin(), b.watched_names.end());
      if (b.min_properties) min_properties = std::max(min_properties.value_or(0), *b.min_properties);
      if (b.max_properties) max_properties = std::min(max_properties.value_or(UINT64_MAX), *b.max_properties);
    }
    std::sort(watched.begin(), watched.end());
    watched.erase(std::unique(watched.begin(), watched.end()), watched.end());
    for (std::size_t i = 0; i < watched.size(); ++i) f->add(watched[i]).seen = std::uint64_t{1} << i;
    f->index();
    // A branch's watched name i as a bit of the merged seen mask.
    const auto bit_of = [&](const schema_node& b, std::uint32_t i) {
      const auto w = std::lower_bound(watched.begin(), watched.end(), b.watched_names[i]);
      return std::uint64_t{1} << (w - watched.begin());
    };
    const label closed = e_.new_label(), loop = e_.new_label();
    e_.open_container('}', closed);
    e_.bind(loop);
    e_.count_entry();
    // Where no branch matches names by pattern, applies additionalProperties or checks names,
    // the declared names are compared in place and their values given to their functions.
    std::vector<jit::named_member> known;
    if (f->others.empty()) {
      for (const fused_object::name_entry& entry : f->entries()) {
        if (entry.targets.empty() || !jit::compared_in_place(entry.name)) continue;
        jit::named_member& m = known.emplace_back();
        m.text = entry.name;
        m.seen = entry.seen;
        for (const std::uint32_t target : entry.targets) m.slots.push_back(slot(target));
      }
    }
    e_.member_by_name(address(&jsonjit_schema_fused_value), address(&jsonjit_schema_fused_member), f.get(), known);
    e_.next_entry('}', loop, closed);
    e_.bind(closed);
    e_.close_container();
    if (min_properties) e_.fail_if_entries_below(*min_properties);
    if (max_properties) e_.fail_if_entries_above(*max_properties);
    std::uint64_t required = 0;
    for (const std::uint32_t b : branches) {
      for (const std::uint32_t i : p_.nodes[b].required_indices) required |= bit_of(p_.nodes[b], i);
    }
    if (required != 0) e_.fail_unless_seen(required);
    for (const std::uint32_t b : branches) {
      const schema_node& branch = p_.nodes[b];
      for (const dependent_names& d : branch.dependent_required) {
        std::uint64_t mask = 0;
        for (const std::uint32_t i : d.required_indices) mask |= bit_of(branch, i);
        if (mask == 0) continue;
        const label absent = e_.new_label();
        e_.jump_unless_seen(static_cast<unsigned>(std::countr_zero(bit_of(branch, d.name_index))), absent);
        e_.fail_unless_seen(mask);
        e_.bind(absent);
      }
      if (branch.needs_text) e_.check_helper(address(&jsonjit_schema_enumerated), &branch);
    }
    e_.return_position();
    fused_.push_back(std::move(f));
  }

  /// The value's own checks, by the kind its first byte starts (objects only where `objects`).
  void by_kind(const schema_node& n, bool objects) {
    std::array<label, 7> targets;
    targets.fill(schema_emitter::no_label);
    const auto allows = [&](std::uint8_t bits) {
      if (bits == type_object && !objects) return false;
      return n.types == 0 || (n.types & bits) != 0;
    };
    const auto target = [&](value_start kind, std::uint8_t bits) {
      if (allows(bits)) targets[static_cast<std::size_t>(kind)] = e_.new_label();
    };
    target(value_start::object, type_object);
    target(value_start::array, type_array);
    target(value_start::string, type_string);
    target(value_start::number, type_number | type_integer);
    target(value_start::true_value, type_boolean);
    target(value_start::false_value, type_boolean);
    target(value_start::null, type_null);
    e_.dispatch(targets);
    const auto at = [&](value_start kind) { return targets[static_cast<std::size_t>(kind)]; };
    if (at(value_start::object) != schema_emitter::no_label) {
      e_.bind(at(value_start::object));
      object(n);
    }
    if (at(value_start::array) != schema_emitter::no_label) {
      e_.bind(at(value_start::array));
      array(n);
    }
    if (at(value_start::string) != schema_emitter::no_label) {
      e_.bind(at(value_start::string));
      string(n);
    }
    if (at(value_start::number) != schema_emitter::no_label) {
      e_.bind(at(value_start::number));
      const bool integer_only = (n.types & (type_integer | type_number)) == type_integer;
      if (n.checks_numbers || n.needs_text) {
        e_.value_helper(address(&jsonjit_schema_number), &n);
      } else if (integer_only) {
        // Written as an integer, it is one; "1.0" or "1e2" are decided by the helper (as the
        // draft says: by value since draft-06).
        const label decimal = e_.new_label(), done = e_.new_label();
        e_.skip_integer(decimal);
        e_.jump(done);
        e_.bind(decimal);
        e_.value_helper(address(&jsonjit_schema_number), &n);
        e_.bind(done);
      } else {
        e_.skip_number();
      }
      e_.return_position();
    }
    literal(n, at(value_start::true_value), "true", "t");
    literal(n, at(value_start::false_value), "false", "f");
    literal(n, at(value_start::null), "null", "n");
  }

  /// Where the function of `to`'s target is: a subschema that is a `$ref` alone is its
  /// target's (a call saved per value), as the interpreter lets it stand in.
  const void* const* slot(const edge& to) const { return slot(to.target); }
  const void* const* slot(std::uint32_t node) const { return table_ + plan_.resolved[node]; }

  /// The subschemas applied to the value itself, each scanning it again from its start.
  void in_place(const schema_node& n) {
    const auto required = [&](const edge& to) {
      e_.apply(slot(to));
      e_.jump_if_failed(fail_label());
      if (keep_end_) e_.keep_end_if_passed();
    };
    const auto count_passes = [&](const std::vector<edge>& list) {
      e_.clear_counter();
      for (const edge& to : list) {
        e_.apply(slot(to));
        if (keep_end_) e_.keep_end_if_passed();
        e_.count_if_passed();
      }
    };
    if (n.ref) required(n.ref);
    if (n.dynamic_ref) {
      const std::uint32_t binding = plan_.dynamic_binding[static_cast<std::size_t>(&n - p_.nodes.data())];
      if (binding == no_binding) {
        required(n.dynamic_ref);
      } else {
        e_.apply_dynamic(binding, slot(n.dynamic_ref.target));
        e_.jump_if_failed(fail_label());
        if (keep_end_) e_.keep_end_if_passed();
      }
    }
    for (const edge& to : n.all_of) required(to);
    if (!n.any_of.empty() && tracking_) {
      // Every branch that passes evaluates what it evaluates: none is skipped.
      count_passes(n.any_of);
      e_.jump_if_counter_below(1, fail_label());
    } else if (!n.any_of.empty()) {
      const label passed = e_.new_label();
      for (const edge& to : n.any_of) {
        e_.apply(slot(to));
        if (keep_end_) e_.keep_end_if_passed();
        e_.jump_if_passed(passed);
      }
      e_.fail();
      e_.bind(passed);
    }
    if (!n.one_of.empty()) {
      count_passes(n.one_of);
      e_.jump_if_counter_not(1, fail_label());
    }
    if (n.not_schema) {
      e_.apply(slot(n.not_schema));
      e_.jump_if_passed(fail_label());
    }
    if (n.if_schema && !n.then_schema && !n.else_schema && tracking_) {
      e_.apply(slot(n.if_schema));  // decides nothing, but what it evaluated where it passes counts
    } else if (n.if_schema && (n.then_schema || n.else_schema)) {
      const label otherwise = e_.new_label(), done = e_.new_label();
      e_.apply(slot(n.if_schema));
      e_.jump_if_failed(otherwise);
      if (n.then_schema) required(n.then_schema);
      e_.jump(done);
      e_.bind(otherwise);
      if (n.else_schema) required(n.else_schema);
      e_.bind(done);
    }
  }

  /// A label that fails the value (bound once per function, where the code jumps to it).
  label fail_label() {
    const label l = e_.new_label();
    pending_failures_.push_back(l);
    return l;
  }
  void bind_failures() {
    for (const label l : pending_failures_) {
      e_.bind(l);
      e_.fail();
    }
    pending_failures_.clear();
  }

  /// A value no keyword of the subschema looks into: checked by the skip helper.
  void skip() {
    e_.value_helper(address(&jsonjit_schema_skip), nullptr);
    e_.return_position();
  }

  void object(const schema_node& n) {
    if (!n.has_object_keywords() && !n.needs_text) return skip();
    const label closed = e_.new_label();
    e_.open_container('}', closed);
    const std::uint64_t member = address(&jsonjit_schema_member);
    if (!n.properties.empty() && n.pattern_properties.empty() && !n.property_names) {
      // Members are expected in the schema's order: each declared name is compared in place
      // (no scan, no lookup); a miss, or a name after the last, goes to the helper, which says
      // which declared name to expect next.
      const std::size_t m = n.declared_order.size();
      std::vector<label> blocks(m + 1);
      for (label& b : blocks) b = e_.new_label();
      const label choose = e_.new_label();
      for (std::size_t k = 0; k <= m; ++k) {
        e_.bind(blocks[k]);
        const label miss = e_.new_label();
        if (k < m) {
          const named_edge& p = n.properties[n.declared_order[k]];
          const std::string text = quoted_name(p.name);
          if (!text.empty()) {
            e_.match_name(text, miss);
            e_.count_entry();
            if (p.watched != UINT32_MAX) e_.mark_seen(p.watched);
            e_.apply_here(slot(p.to));
            if (tracking_) e_.mark_entry();
            e_.next_entry('}', blocks[k + 1], closed);
          }
        }
        e_.bind(miss);
        e_.count_entry();
        e_.member_helper(member, &n, static_cast<std::uint32_t>(k));
        if (tracking_) e_.mark_entry_if_member_evaluated();
        e_.next_entry('}', choose, closed);
      }
      e_.bind(choose);
      e_.jump_to_next(blocks);
    } else {
      const label loop = e_.new_label();
      e_.bind(loop);
      e_.count_entry();
      if (tracking_) {
        e_.member_helper(member, &n, 0);
        e_.mark_entry_if_member_evaluated();
      } else {
        e_.member_by_name(address(&jsonjit_schema_member_value), member, &n);
      }
      e_.next_entry('}', loop, closed);
    }
    e_.bind(closed);
    e_.close_container();
    if (n.min_properties) e_.fail_if_entries_below(*n.min_properties);
    if (n.max_properties) e_.fail_if_entries_above(*n.max_properties);
    std::uint64_t required = 0;
    for (const std::uint32_t i : n.required_indices) required |= std::uint64_t{1} << i;
    if (required != 0) e_.fail_unless_seen(required);
    for (const dependent_names& d : n.dependent_required) {
      std::uint64_t mask = 0;
      for (const std::uint32_t i : d.required_indices) mask |= std::uint64_t{1} << i;
      if (mask == 0) continue;
      const label absent = e_.new_label();
      e_.jump_unless_seen(d.name_index, absent);
      e_.fail_unless_seen(mask);
      e_.bind(absent);
    }
    for (const dependent_schema& d : n.dependent_schemas) {
      const label absent = e_.new_label();
      e_.jump_unless_seen(d.name_index, absent);
      e_.apply(slot(d.to));
      e_.jump_if_failed(fail_label());
      e_.bind(absent);
    }
    if (n.needs_text) e_.check_helper(address(&jsonjit_schema_enumerated), &n);
    if (tracking_) {
      // additionalProperties evaluated every member the others did not.
      if (n.additional_properties) e_.mark_entries(~std::uint64_t{0});
      unevaluated(n, n.unevaluated_properties);
    }
    e_.return_position();
  }

  /// unevaluatedProperties or unevaluatedItems (`to`), once every other keyword of the
  /// function has marked what it evaluated: what none did, it must pass (and then has
  /// evaluated everything).
  void unevaluated(const schema_node& n, const edge& to) {
    if (!to) return;
    e_.check_unevaluated(address(&jsonjit_schema_unevaluated), &n);
    e_.mark_entries(~std::uint64_t{0});
  }

  void array(const schema_node& n) {
    if (!n.has_array_keywords() && !n.needs_text) return skip();
    const label closed = e_.new_label(), loop = e_.new_label();
    if (n.contains) e_.clear_counter();
    e_.open_container(']', closed);
    const auto item = [&](const edge* to) {
      e_.count_entry();
      if (n.contains) {
        e_.count_here(slot(n.contains));
        // 2020-12's unevaluatedItems counts the items contains matched as evaluated.
        if (tracking_ && n.dialect == draft::draft2020_12) e_.mark_entry_if_passed();
      }
      if (to != nullptr && *to) {
        e_.apply_here(slot(*to));
      } else {
        e_.value_helper(address(&jsonjit_schema_skip), nullptr);
      }
    };
    std::vector<label> prefix(n.prefix_items.size());
    for (label& l : prefix) l = e_.new_label();
    for (std::size_t k = 0; k < prefix.size(); ++k) {
      e_.bind(prefix[k]);
      item(&n.prefix_items[k]);
      e_.next_entry(']', k + 1 < prefix.size() ? prefix[k + 1] : loop, closed);
    }
    e_.bind(loop);
    item(&n.items);
    e_.next_entry(']', loop, closed);
    e_.bind(closed);
    e_.close_container();
    if (n.min_items) e_.fail_if_entries_below(*n.min_items);
    if (n.max_items) e_.fail_if_entries_above(*n.max_items);
    if (n.contains) {
      const label failed = fail_label();
      if (n.min_contains > 0) e_.jump_if_counter_below(n.min_contains, failed);
      if (n.max_contains) e_.jump_if_counter_above(*n.max_contains, failed);
    }
    if (n.unique_items) e_.check_helper(address(&jsonjit_schema_unique), &n);
    if (n.needs_text) e_.check_helper(address(&jsonjit_schema_enumerated), &n);
    if (tracking_) {
      // The prefix evaluated the items it has (refusal_of kept it within the mask), the items
      // schema every one after it.
      if (n.items) {
        e_.mark_entries(~std::uint64_t{0});
      } else if (!n.prefix_items.empty()) {
        e_.mark_entries((std::uint64_t{1} << n.prefix_items.size()) - 1);
      }
      unevaluated(n, n.unevaluated_items);
    }
    e_.return_position();
  }

  void string(const schema_node& n) {
    const label general = e_.new_label(), done = e_.new_label();
    if (n.checks_strings || n.needs_text) {
      // A plain string's length is checked in place; what else it must pass, by a helper
      // given its text (not scanned again).
      const bool lengths_only = !n.pattern && n.format == format_kind::none && !n.content_base64 &&
                                !n.content_json && !n.needs_text;
      e_.plain_string(general, n.min_length.value_or(0), n.max_length.value_or(UINT64_MAX),
                      lengths_only ? 0 : address(&jsonjit_schema_plain_string), &n);
      e_.jump(done);
      e_.bind(general);
      e_.value_helper(address(&jsonjit_schema_string), &n);
    } else {
      e_.plain_string(general);
      e_.jump(done);
      e_.bind(general);
      e_.value_helper(address(&jsonjit_schema_skip), nullptr);
    }
    e_.bind(done);
    e_.return_position();
  }

  /// true, false or null (`canonical` its canonical text), where the type allows it.
  void literal(const schema_node& n, label at, std::string_view word, std::string_view canonical) {
    if (at == schema_emitter::no_label) return;
    e_.bind(at);
    if (!enumerated(n, canonical)) {
      e_.fail();
      return;
    }
    e_.literal(word);
    e_.return_position();
  }

  schema_emitter& e_;
  const schema_program& p_;
  const jit_plan& plan_;
  const void* const* table_;
  std::vector<std::unique_ptr<fused_object>>& fused_;
  std::vector<label> pending_failures_;
  bool tracking_ = false;  // the function tracks evaluation
  bool keep_end_ = false;  // the function's position is the end a passing subschema found
};

}  // namespace

native_validator::native_validator() : memory_(std::make_unique<jit::code_memory>()), code_(std::make_unique<jit::placed_code>()) {}

native_validator::~native_validator() {
  if (code_->entry != nullptr) memory_->release(*code_);
}

std::shared_ptr<const native_validator> native_validator::compile(const schema_program& program, refusal& refused,
                                                                  bool only_if_faster) {
  const jit_plan plan = plan_of(program);
  refused = refusal_of(program, plan);
  if (!refused.why.empty() || (only_if_faster && !pays_off(program, plan))) return nullptr;
  const auto started = std::chrono::steady_clock::now();
  std::shared_ptr<native_validator> v(new native_validator);
  const std::size_t count = program.nodes.size();
  std::size_t entries_of_resources = 0;
  for (const auto& binds : plan.binds) entries_of_resources += binds.empty() ? 0u : 1u;
  // By node, then the bodies of the functions that enter a resource binding anchors.
  v->functions_.assign(count + entries_of_resources, nullptr);
  v->max_depth_ = program.reader.max_depth;
  schema_emitter e(jit::layout_of<native_context>());
  const void* const* table = v->functions_.data();
  // A scope entry passes its mask argument on to its body, whatever it tracks: those do read it.
  std::vector<char> reads_mask = plan.tracking;
  for (std::uint32_t i = 0; i < count; ++i) {
    if (!plan.binds[i].empty()) reads_mask[i] = 1;
  }
  e.tracking_functions(table, std::move(reads_mask));
  function_compiler compiler(e, program, plan, table, v->fused_);
  // A subschema that is a `$ref` alone gets no function of its own: its entry in the table is
  // its target's (every call goes through the table, so all of them reach the target).
  std::vector<std::size_t> placed;  // the table entry of each function, in the order begun
  std::size_t bodies = 0;
  for (std::uint32_t i = 0; i < count; ++i) {
    if (plan.resolved[i] != i) continue;
    if (plan.binds[i].empty()) {
      placed.push_back(i);
      compiler.compile(i);
      continue;
    }
    std::vector<jit::anchor_binding> anchors;
    for (const auto& [binding, node] : plan.binds[i]) anchors.push_back({binding, table + plan.resolved[node]});
    const std::size_t body = count + bodies++;
    placed.push_back(i);
    e.scope_entry(anchors, table + body);
    placed.push_back(body);
    compiler.compile(i);
  }
  const std::vector<const void*> entries = e.finish(*v->memory_, "jsonjit::schema", *v->code_);
  if (entries.size() != placed.size()) {
    refused = {std::string(jit::code_not_placed), {}, {}};
    return nullptr;
  }
  for (std::size_t k = 0; k < placed.size(); ++k) v->functions_[placed[k]] = entries[k];
  for (std::uint32_t i = 0; i < count; ++i) {
    std::uint32_t target = i;
    while (v->functions_[target] == nullptr) target = plan.resolved[target];  // chains end (no $ref loops)
    v->functions_[i] = v->functions_[target];
  }
  v->root_ = reinterpret_cast<native_fn>(const_cast<void*>(v->functions_[program.root]));
  jit::count_compiled(entries.size(), v->code_->size, started);
  return v;
}

bool native_validator::shows_valid(std::string_view json) const noexcept {
  const char* cur = json.data();
  const char* const end = cur + json.size();
  if (json.size() >= 3 && std::memcmp(cur, "\xEF\xBB\xBF", 3) == 0) cur += 3;  // as the reader skips it
  if (cur == end) return false;
  native_context context{end, static_cast<std::int64_t>(16 * json.size() + 1024), 0, max_depth_, false, false,
                         functions_.data(), 0, {}, detail::stack_floor().generated};
  const char* after = root_(&context, cur, &context.discard);
  if (after == nullptr || context.gave_up) return false;
  return skip_whitespace(after, end) == end;
}

}  // namespace jsonjit::detail::schema
