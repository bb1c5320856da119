#include "schema/evaluator_p.hpp"

#include <jsonjit/pointer.hpp>

#include <algorithm>
#include <memory>

#include "common/stack_p.hpp"
#include "schema/access_p.hpp"
#include "schema/canonical_p.hpp"
#include "schema/checks_p.hpp"
#include "schema/jit_p.hpp"
#include "schema/sources_p.hpp"

// How validation runs. Each instance value has a frame: the evaluations of the schema nodes
// that apply to it. A frame starts from roots (the nodes the enclosing value's keywords apply
// to this value: `properties`, `items`, ...), each expanded depth first into the nodes
// applied in place (`allOf`, `$ref`, `if`, ...), so every evaluation's subtree is a
// contiguous range. The value's tokens are then read once: scalars checked, each member or
// item given the frame of its own roots and read recursively, its results delivered back.
// When the value ends, the frame is combined from its last evaluation to its first — children
// before parents — which decides `anyOf`, `oneOf`, `not`, `if`, and `unevaluated*` (from the
// annotations of the valid evaluations under each).
//
// Two modes. Collecting errors, every evaluation runs to its end, and errors are kept per
// evaluation until an applicator's outcome drops them (an `anyOf` that passed). Deciding only
// (the flag), an evaluation that fails is dead: its subtree stops (no member or item is given
// to it), its failure reaches the parents it decides (`$ref`, `allOf`, `properties`, ...), and
// reading stops when the schema's root is dead. validate() decides first and collects errors
// only for an instance found invalid, so that a valid instance never pays for errors of
// `oneOf` branches that did not match.

namespace jsonjit::detail::schema {
namespace {

enum class link : std::uint8_t {
  root,
  all_of,
  any_of,
  one_of,
  not_schema,
  if_schema,
  then_schema,
  else_schema,
  ref,
  dependent,
  applies,      // properties, patternProperties, additionalProperties, prefixItems, items
  unevaluated,  // decided when the enclosing value ends
  contains,
  property_names,
};

/// A child of this kind failing makes its parent fail.
bool failure_reaches_parent(link kind) noexcept {
  return kind == link::ref || kind == link::all_of || kind == link::applies || kind == link::property_names;
}

struct evaluation {
  std::uint32_t node;
  std::int32_t parent;  // in place, in the same frame; -1 for a frame's root
  std::uint32_t outer;  // a root's evaluation in the enclosing value's frame
  link kind;
  const edge* via;  // the edge followed here (null for the schema's root)
  std::uint32_t dependent = 0;  // `dependent`: the index in the parent's dependent_schemas
  std::uint32_t end = 0;        // one past the last evaluation of its subtree
  std::uint32_t scope = 0;      // its anchored scope (see anchored scopes below), with dynamic references
  bool valid = true;
  bool applied = true;  // false for a `then`/`else` not taken, a dependentSchemas whose property is absent
  std::uint64_t seen = 0;  // the node's watched names met in this object (bit i: watched_names[i])
  std::uint32_t next_declared = 0;  // in the node's declared_order: the property expected next
  std::uint64_t contains_count = 0;
  std::vector<validation_error> errors;
  std::vector<validation_annotation> annotations;  // kept while valid, when asked for
};

/// `evaluation` evaluated the member or item `ordinal` (an annotation for unevaluated*).
struct mark {
  std::uint32_t evaluation;
  std::uint32_t ordinal;
};

/// An unevaluated* subschema's result on one member or item, kept until the container ends.
struct speculative {
  std::uint32_t evaluation;
  std::uint32_t ordinal;
  bool valid;
  std::vector<validation_error> errors;
  std::vector<validation_annotation> annotations;
};

/// A subschema applied by `outer` whose result is that of the frame's root `root` (the same
/// subschema, applied by another evaluation of the enclosing value).
struct sharer {
  link kind;
  std::uint32_t outer;
  std::uint32_t root;
};

struct frame {
  std::vector<evaluation> evaluations;
  std::vector<sharer> sharers;
  std::vector<mark> marks;
  std::vector<speculative> unevaluated;
  std::vector<std::string> names;       // the property names, for nodes watching more than 64
  // The canonical texts of the items, or of the members' names and values, one after the
  // other in `texts` (one buffer that keeps its capacity), and where each is.
  std::string texts;
  std::vector<std::pair<std::size_t, std::size_t>> spans;  // (offset, size) in `texts`
  std::vector<std::string_view> views;                    // of `spans`, once `texts` is complete
  std::vector<std::pair<std::string_view, std::string_view>> member_views;
  std::vector<char> evaluated;         // per member or item, while deciding unevaluated*
  std::vector<std::uint32_t> order;    // the items sorted, while deciding uniqueItems
  std::string canonical;  // the value's canonical text, where asked for
  text_position position;
  std::uint32_t count = 0;  // members or items
  token_type kind = token_type::none;
  bool tracks_annotations = false;

  /// For a new value. (The lists only some values use are cleared where they are filled:
  /// a frame is reset for every member and item.)
  void reset() {
    evaluations.clear();
    sharers.clear();
    canonical.clear();
    count = 0;
    tracks_annotations = false;
  }
  void start_container() {
    marks.clear();
    unevaluated.clear();
    names.clear();
    texts.clear();
    spans.clear();
  }
};

/// A member or item's subschema, gathered before its value is read.
struct candidate {
  std::uint32_t node;
  std::uint32_t outer;  // the evaluation of the enclosing value that applies it
  link kind;
  const edge* via;
};

/// One resource of an anchored scope: the resources with a `$dynamicAnchor` or
/// `$recursiveAnchor` on an evaluation's path, each once where it was met first from the
/// schema's root, are a chain of these from the innermost out (0: the empty scope). A
/// dynamic reference resolves to the outermost of them that binds it.
struct scope_link {
  std::uint32_t outer;     // the rest of the scope
  std::uint32_t resource;  // the innermost resource
};

/// A frame's root as add_distinct_scoped_roots compares it.
struct scoped_root {
  std::uint32_t node;   // the node it stands for
  std::uint32_t scope;  // its anchored scope
  std::uint32_t root;   // its evaluation in the frame
};

struct path_segment {
  std::string name;
  std::uint64_t index = 0;
  bool is_index = false;
};

/// What a validation reuses from one to the next on its thread, so that validating a valid
/// instance allocates nothing once the buffers have grown to the instances' shape.
/// An evaluation whose in-place children are being added: `next` is the position of the next
/// in-place edge of its node (see in_place_edge).
struct expansion {
  std::uint32_t index;
  std::uint32_t next;
};

struct scratch {
  std::vector<std::unique_ptr<frame>> frames;  // by depth; each kept where it is as more are added
  std::vector<expansion> expanding;
  std::vector<std::uint32_t> on_path;  // by node: how often it is on the in-place path being expanded (0 between)
  std::vector<path_segment> path;
  std::vector<candidate> candidates;
  std::vector<scoped_root> scoped_roots;  // add_distinct_scoped_roots's
  std::vector<scope_link> scopes;         // the anchored scopes of one validation
  std::string text;  // unescaped strings
  bool in_use = false;
};

/// The thread's scratch, or a fresh one if a validation is already using it (a resolver or a
/// format check that validates, say).
class scratch_lease {
 public:
  scratch_lease() : s_(shared().in_use ? own_.emplace() : shared()) { s_.in_use = true; }
  ~scratch_lease() { s_.in_use = false; }
  scratch_lease(const scratch_lease&) = delete;
  scratch_lease& operator=(const scratch_lease&) = delete;
  scratch& operator*() noexcept { return s_; }

 private:
  static scratch& shared() {
    thread_local scratch s;
    return s;
  }
  std::optional<scratch> own_;
  scratch& s_;
};

/// How many evaluations (subschemas applied to values) one validation may make: this many,
/// plus evaluations_per_value for each value read so far. A schema whose applicators nest over
/// the instance's nesting (`anyOf` of two `items` referring to the root) applies 2^n
/// subschemas at depth n; the budget stops it after time and memory linear in the input. The
/// schemas of the test suite, the meta-schemas and the benchmarks' stay far below it.
constexpr std::uint64_t evaluations_to_start = 1 << 18;
constexpr std::uint64_t evaluations_per_value = 256;
/// The errors kept hold at most about this much text (locations and messages): past it, as
/// past max_errors, one last error says that more were not kept. A hostile schema's chain of
/// 100,000 in-place applicators fails at every level with a location as long as the chain:
/// unbounded, that is quadratic time and memory.
constexpr std::size_t error_text_budget = std::size_t{16} << 20;

/// How reading a value ended.
enum class read_result : std::uint8_t {
  done,     // the value is read, its frame combined
  failed,   // the input is not JSON (or deeper than the limit)
  decided,  // deciding only: the schema's root failed, nothing more needs reading
};

template <class Source>
class evaluator {
 public:
  evaluator(const schema_program& program, Source& source, scratch& s, bool collect, int max_depth)
      : p_(program),
        src_(source),
        frames_(s.frames),
        expanding_(s.expanding),
        on_path_(s.on_path),
        path_(s.path),
        candidates_(s.candidates),
        scoped_roots_(s.scoped_roots),
        scopes_(s.scopes),
        collect_(collect),
        annotate_(collect && program.annotations),
        max_depth_(max_depth) {}

  /// Whether the last run() stopped at the evaluation budget.
  bool stopped_by_budget() const noexcept { return over_budget_; }

  validation run() {
    std::vector<validation_error> errors;
    std::vector<validation_annotation> annotations;
    bool valid = false;
    if (!src_.next()) {
      input_failed(errors);
    } else {
      frame& f = frame_at(0);
      f.reset();
      scopes_.assign(1, scope_link{0, no_node});  // the empty scope
      add_root(f, 0, p_.root, 0, link::root, nullptr);
      values_read_ = 1;
      const read_result r = value(0, false);
      if (r == read_result::failed && over_budget_) {
        errors.assign(1, std::move(budget_spent_));
      } else if (r == read_result::failed) {
        input_failed(errors);
      } else if (r == read_result::done && (src_.next() || src_.error())) {
        input_failed(errors);  // more than one value, or an error after it
      } else {
        valid = f.evaluations[0].valid;
        errors = std::move(f.evaluations[0].errors);
        annotations = std::move(f.evaluations[0].annotations);
        if (!valid && errors_dropped_) errors.push_back(errors_not_kept(f.position));
      }
      f.reset();  // no error outlives its validation in the thread's scratch
    }
    if (!collect_ || valid) errors.clear();
    if (!valid) annotations.clear();
    return schema_access::make_validation(valid, std::move(errors), std::move(annotations));
  }

 private:
  frame& frame_at(std::size_t depth) {
    while (frames_.size() <= depth) frames_.push_back(std::make_unique<frame>());
    return *frames_[depth];
  }

  void input_failed(std::vector<validation_error>& errors) {
    validation_error e;
    const error_info& info = src_.error();
    e.instance_location = instance_location();
    if (info) {
      e.message = "not JSON: " + message(info);
      e.position = {info.line, info.column, info.offset};
    } else {
      e.message = stack_exhausted_ ? "not validated: " + std::string(message(error_code::stack_exhausted))
                                   : "not JSON: deeper than the depth limit";
      e.position = too_deep_at_;
    }
    errors.assign(1, std::move(e));
  }

  /// The one error of a validation stopped by the budget, at the value it would have read next.
  validation_error make_budget_spent(const text_position& position) const {
    validation_error e;
    e.instance_location = instance_location();
    e.message = "validation stopped: the schema applied more than " + std::to_string(evaluation_budget()) +
                " subschemas to the " + std::to_string(values_read_) + " values read (at most " +
                std::to_string(evaluations_to_start) + " plus " + std::to_string(evaluations_per_value) +
                " per value)";
    e.position = position;
    return e;
  }

  // ---- locations and errors ----

  /// The last error of a validation that failed in more ways than max_errors: an applicator
  /// nested n deep over a value nested as deep can fail in 2^n ways, and recording each would
  /// take exponential time and memory.
  validation_error errors_not_kept(const text_position& root) const {
    validation_error e;
    e.message = error_text_ > error_text_budget
                    ? "more errors were found than the " + std::to_string(error_text_budget >> 20) +
                          " MiB of error text recorded; the rest were not recorded"
                    : "more errors than the " + std::to_string(p_.max_errors) +
                          " recorded were found (schema_options::max_errors); the rest were not recorded";
    e.position = root;
    return e;
  }

  std::string instance_location() const {
    std::string out;
    for (std::size_t i = 0; i < path_depth_; ++i) {
      const path_segment& s = path_[i];
      if (s.is_index) {
        out += '/';
        out += std::to_string(s.index);
      } else {
        json_pointer::append_escaped(out, s.name);
      }
    }
    return out;
  }

  /// From the evaluation `index` at `depth` to the one that applied it: its in-place parent,
  /// or the enclosing value's evaluation for a frame's root. False at the schema's root.
  bool step_out(std::size_t& depth, std::uint32_t& index) const {
    const evaluation& e = frames_[depth]->evaluations[index];
    if (e.parent >= 0) {
      index = static_cast<std::uint32_t>(e.parent);
      return true;
    }
    if (depth == 0) return false;
    index = e.outer;
    --depth;
    return true;
  }

  std::string keyword_location(std::size_t depth, std::uint32_t index, std::string_view keyword) const {
    std::vector<const std::string*> steps;
    for (;;) {
      const evaluation& e = frames_[depth]->evaluations[index];
      if (e.via != nullptr) steps.push_back(&e.via->step);
      if (!step_out(depth, index)) break;
    }
    std::string out;
    for (auto it = steps.rbegin(); it != steps.rend(); ++it) out += **it;
    if (!keyword.empty()) json_pointer::append_escaped(out, keyword);
    return out;
  }

  /// Deciding only: the evaluation `index` failed, so its subtree is dead, and so is each
  /// parent its failure decides.
  void kill(std::size_t depth, std::uint32_t index) {
    // [killed_from, killed_to): the subtree marked last in this frame, inside the parent's
    // (marked once, so a chain of n parents costs n, not n^2).
    std::uint32_t killed_from = 0, killed_to = 0;
    for (;;) {
      frame& f = *frames_[depth];
      evaluation& e = f.evaluations[index];
      const std::uint32_t end = e.end != 0 ? e.end : index + 1;  // (still expanding: itself)
      for (std::uint32_t d = index; d < std::min(end, killed_from); ++d) f.evaluations[d].valid = false;
      for (std::uint32_t d = std::max(index, killed_to); d < end; ++d) f.evaluations[d].valid = false;
      killed_from = index;
      killed_to = end;
      if (!failure_reaches_parent(e.kind)) return;
      if (e.parent >= 0) {
        index = static_cast<std::uint32_t>(e.parent);
      } else if (e.kind == link::applies || e.kind == link::property_names) {
        index = e.outer;
        --depth;
        killed_from = killed_to = 0;
      } else {
        return;
      }
      if (!frames_[depth]->evaluations[index].valid) return;  // dead already
    }
  }

  bool root_dead() const { return !collect_ && !frames_[0]->evaluations[0].valid; }

  /// Records that the evaluation `index` fails at `keyword` (empty for a false schema).
  /// True when it kept an error for it: collecting, and fewer than max_errors kept so far.
  bool fail(std::size_t depth, std::uint32_t index, std::string_view keyword, const auto& message) {
    frame& f = *frames_[depth];
    if (!collect_) {
      if (f.evaluations[index].valid) kill(depth, index);
      return false;
    }
    f.evaluations[index].valid = false;
    if (errors_made_ == p_.max_errors || error_text_ > error_text_budget) {
      errors_dropped_ = true;
      return false;
    }
    ++errors_made_;
    validation_error e;
    e.instance_location = instance_location();
    e.keyword_location = keyword_location(depth, index, keyword);
    e.absolute_keyword_location = p_.nodes[f.evaluations[index].node].location;
    if (!keyword.empty()) json_pointer::append_escaped(e.absolute_keyword_location, keyword);
    e.message = message();
    error_text_ += e.instance_location.size() + e.keyword_location.size() + e.message.size();
    e.position = f.position;
    f.evaluations[index].errors.push_back(std::move(e));
    return true;
  }

  /// fail(), with the errors of the in-place children of `index` of kind `causes` (those that
  /// failed) after the keyword's own.
  void fail_with_causes(std::size_t depth, std::uint32_t index, std::string_view keyword, const auto& message,
                        link causes) {
    const bool recorded = fail(depth, index, keyword, message);
    if (!collect_) return;
    frame& f = *frames_[depth];
    std::vector<validation_error>& to = f.evaluations[index].errors;
    const std::size_t at = to.size() - 1;
    for (std::uint32_t c = index + 1; c < f.evaluations[index].end; c = f.evaluations[c].end) {
      if (f.evaluations[c].kind == causes && !f.evaluations[c].valid) move_all(f.evaluations[c].errors, to);
    }
    if (recorded) to[at].causes = to.size() - 1 - at;  // (past max_errors, the causes stay without it)
  }

  template <class T>
  static void move_all(std::vector<T>& from, std::vector<T>& to) {
    if (from.empty()) return;
    if (to.empty()) {
      to.swap(from);
    } else {
      to.insert(to.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
    }
    from.clear();
  }

  // ---- expansion ----

  std::uint64_t evaluation_budget() const { return evaluations_to_start + evaluations_per_value * values_read_; }

  /// Counts one more evaluation; false (and reading stops at the next value) past the budget.
  bool within_budget() {
    over_budget_ = over_budget_ || ++evaluations_made_ > evaluation_budget();
    return !over_budget_;
  }

  void add_root(frame& f, std::size_t depth, std::uint32_t node, std::uint32_t outer, link kind, const edge* via) {
    const auto index = static_cast<std::uint32_t>(f.evaluations.size());
    evaluation& e = f.evaluations.emplace_back();
    e.node = node;
    e.parent = -1;
    e.outer = outer;
    e.kind = kind;
    e.via = via;
    if (p_.reads_dynamic_scope) {
      e.scope = scope_within(depth == 0 ? 0 : frames_[depth - 1]->evaluations[outer].scope, p_.nodes[node].resource);
    }
    if (within_budget()) expand(f, depth, index);
    f.evaluations[index].end = static_cast<std::uint32_t>(f.evaluations.size());
  }

  /// A `$dynamicRef`'s or `$recursiveRef`'s target from the evaluation `index`: the outermost
  /// resource of the dynamic scope (the resources on the evaluation path) that has the anchor.
  std::uint32_t dynamic_target(std::size_t depth, std::uint32_t index, const schema_node& n) const {
    if (n.dynamic == dynamic_kind::none) return n.dynamic_ref.target;
    return scoped_target(frames_[depth]->evaluations[index].scope, n);
  }

  /// The outermost binding of the dynamic reference `n` in the anchored scope `scope`, or its
  /// static target.
  std::uint32_t scoped_target(std::uint32_t scope, const schema_node& n) const {
    std::uint32_t target = n.dynamic_ref.target;
    for (; scope != 0; scope = scopes_[scope].outer) {  // from the innermost out: the last found
      if (const std::uint32_t bound = binding(scopes_[scope].resource, n); bound != no_node) target = bound;
    }
    return target;
  }

  /// The anchored scope `scope` with `resource` inside it: the same scope where the resource
  /// binds nothing or is in it already (met further out), else one more link.
  std::uint32_t scope_within(std::uint32_t scope, std::uint32_t resource) {
    const schema_resource& r = p_.resources[resource];
    if (!r.recursive_anchor && r.dynamic_anchors.empty()) return scope;
    for (std::uint32_t s = scope; s != 0; s = scopes_[s].outer) {
      if (scopes_[s].resource == resource) return scope;
    }
    const scope_link& last = scopes_.back();  // (add_distinct_scoped_roots made it just now)
    if (last.outer == scope && last.resource == resource) return static_cast<std::uint32_t>(scopes_.size() - 1);
    scopes_.push_back({scope, resource});
    return static_cast<std::uint32_t>(scopes_.size() - 1);
  }

  /// Whether two anchored scopes hold the same resources in the same order.
  bool same_scope(std::uint32_t a, std::uint32_t b) const {
    for (; a != b; a = scopes_[a].outer, b = scopes_[b].outer) {
      if (a == 0 || b == 0 || scopes_[a].resource != scopes_[b].resource) return false;
    }
    return true;
  }

  /// What `resource` binds the dynamic reference `n` to (its `$dynamicAnchor` of that name, or
  /// with a `$recursiveAnchor` its root), or no_node.
  std::uint32_t binding(std::uint32_t resource, const schema_node& n) const {
    const schema_resource& r = p_.resources[resource];
    if (n.dynamic == dynamic_kind::recursive) return r.recursive_anchor ? r.root : no_node;
    for (const auto& [name, anchored] : r.dynamic_anchors) {
      if (name == n.dynamic_anchor) return anchored;
    }
    return no_node;
  }

  /// The in-place edge at `position` of the evaluation `index`'s node, in the order the
  /// keywords apply (the reference, the dynamic one, allOf, anyOf, oneOf, not, if/then/else,
  /// dependentSchemas); false past the last. `to.node` is no_node for an edge the node lacks.
  struct in_place_child {
    std::uint32_t node = no_node;
    link kind = link::ref;
    const edge* via = nullptr;
    std::uint32_t dependent = 0;
  };
  bool in_place_edge(std::size_t depth, std::uint32_t index, const schema_node& n, std::uint32_t position,
                     in_place_child& to) const {
    const auto take = [&](const edge& e, link kind) {
      to = {e ? e.target : no_node, kind, &e, 0};
      return true;
    };
    if (position == 0) return take(n.ref, link::ref);
    if (position == 1) {
      to = {n.dynamic_ref ? dynamic_target(depth, index, n) : no_node, link::ref, &n.dynamic_ref, 0};
      return true;
    }
    std::size_t k = position - 2;
    for (const auto& [list, kind] : {std::pair{&n.all_of, link::all_of}, std::pair{&n.any_of, link::any_of},
                                     std::pair{&n.one_of, link::one_of}}) {
      if (k < list->size()) return take((*list)[k], kind);
      k -= list->size();
    }
    if (k == 0) return take(n.not_schema, link::not_schema);
    if (k == 1) return n.if_schema ? take(n.if_schema, link::if_schema) : take(edge{}, link::if_schema);
    if (k == 2) return n.if_schema ? take(n.then_schema, link::then_schema) : take(edge{}, link::then_schema);
    if (k == 3) return n.if_schema ? take(n.else_schema, link::else_schema) : take(edge{}, link::else_schema);
    k -= 4;
    if (k >= n.dependent_schemas.size()) return false;
    to = {n.dependent_schemas[k].to.target, link::dependent, &n.dependent_schemas[k].to, static_cast<std::uint32_t>(k)};
    return true;
  }

  /// Adds the in-place subtree of the evaluation `index` (just added) in preorder, each
  /// evaluation with its `end`. Iterative, with the path on the scratch's stack: a chain of
  /// references as long as the schema takes no machine stack.
  void expand(frame& f, std::size_t depth, std::uint32_t index) {
    // A subschema that applies none in place (most) is done at once: it is on no path.
    const auto enter = [&](std::uint32_t at) {
      const schema_node& n = p_.nodes[f.evaluations[at].node];
      if (n.unevaluated_properties || n.unevaluated_items) f.tracks_annotations = true;
      if (!n.applies_in_place) {
        f.evaluations[at].end = at + 1;
        return false;
      }
      ++on_path_[f.evaluations[at].node];
      expanding_.push_back({at, 0});
      return true;
    };
    if (on_path_.size() < p_.nodes.size()) on_path_.resize(p_.nodes.size());
    const std::size_t base = expanding_.size();
    if (!enter(index)) return;
    while (expanding_.size() > base) {
      const std::uint32_t parent = expanding_.back().index;
      const std::uint32_t position = expanding_.back().next;
      const schema_node& n = p_.nodes[f.evaluations[parent].node];
      in_place_child c;
      if (!in_place_edge(depth, parent, n, position, c)) {
        f.evaluations[parent].end = static_cast<std::uint32_t>(f.evaluations.size());
        --on_path_[f.evaluations[parent].node];
        expanding_.pop_back();
        continue;
      }
      ++expanding_.back().next;
      if (c.node == no_node) continue;
      if (c.kind == link::ref && on_path_[c.node] != 0) {
        // The same node again in its own in-place chain: it would apply itself forever.
        fail(depth, parent, c.via->step.substr(1),
             [] { return std::string("the schema applies itself to this value without end"); });
        continue;
      }
      if (!within_budget()) continue;
      const auto child = static_cast<std::uint32_t>(f.evaluations.size());
      evaluation& e = f.evaluations.emplace_back();
      e.node = c.node;
      e.parent = static_cast<std::int32_t>(parent);
      e.outer = 0;
      e.kind = c.kind;
      e.via = c.via;
      e.dependent = c.dependent;
      if (p_.reads_dynamic_scope) e.scope = scope_within(f.evaluations[parent].scope, p_.nodes[c.node].resource);
      enter(child);
    }
  }

  // ---- reading a value ----

  /// Whether a container at `depth` is past max_depth or past what the thread's stack holds
  /// (each level recurses).
  bool too_deep(std::size_t depth) {
    const bool past_limit = static_cast<int>(depth) >= max_depth_;
    stack_exhausted_ = !past_limit && stack_exhausted();
    if (!past_limit && !stack_exhausted_) return false;
    too_deep_at_ = frames_[depth]->position;  // (only on failure: this is on every container's path)
    return true;
  }

  /// Reads the value whose first token is current, against the frame at `depth` (its roots
  /// added); ends on the value's last token.
  read_result value(std::size_t depth, bool want_text) {
    frame& f = *frames_[depth];
    f.position = src_.position();
    f.kind = src_.token();
    if (over_budget_) {
      budget_spent_ = make_budget_spent(f.position);
      return read_result::failed;
    }
    bool need_text = want_text;
    for (const evaluation& e : f.evaluations) need_text = need_text || p_.nodes[e.node].needs_text;
    read_result r = read_result::done;
    switch (f.kind) {
      case token_type::start_object:
        if (too_deep(depth)) return read_result::failed;
        check_start(depth, type_object);
        r = object(depth, need_text);
        break;
      case token_type::start_array:
        if (too_deep(depth)) return read_result::failed;
        check_start(depth, type_array);
        r = array(depth, need_text);
        break;
      case token_type::string:
      case token_type::number:
      case token_type::true_value:
      case token_type::false_value:
      case token_type::null:
        scalar(depth, f.kind, src_.text(), need_text);
        break;
      default:
        return read_result::failed;
    }
    if (r != read_result::done) return r;
    finish(depth);
    return root_dead() ? read_result::decided : read_result::done;
  }


  void annotate(std::size_t depth, std::uint32_t i, const schema_node& n) {
    for (const annotation_keyword& a : n.annotations) {
      validation_annotation& unit = frames_[depth]->evaluations[i].annotations.emplace_back();
      unit.instance_location = instance_location();
      unit.keyword_location = keyword_location(depth, i, a.keyword);
      unit.absolute_keyword_location = n.location;
      json_pointer::append_escaped(unit.absolute_keyword_location, a.keyword);
      unit.value = a.value;
    }
  }

  /// The checks of an object or array's start, for every evaluation of the frame.
  void check_start(std::size_t depth, std::uint8_t instance_type) {
    frame& f = *frames_[depth];
    for (std::uint32_t i = 0; i < f.evaluations.size(); ++i) {
      const schema_node& n = p_.nodes[f.evaluations[i].node];
      if (annotate_) annotate(depth, i, n);
      check_type(n, instance_type, [&](std::string_view keyword, const auto& message) { fail(depth, i, keyword, message); });
    }
  }

  void scalar(std::size_t depth, token_type kind, std::string_view text, bool need_text) {
    frame& f = *frames_[depth];
    scalar_facts facts{kind, text, number_};
    for (std::uint32_t i = 0; i < f.evaluations.size(); ++i) {
      if (!(f.evaluations[i].valid | collect_)) continue;
      const schema_node& n = p_.nodes[f.evaluations[i].node];
      if (annotate_) annotate(depth, i, n);
      check_scalar(n, facts, [&](std::string_view keyword, const auto& message) { fail(depth, i, keyword, message); });
    }
    if (need_text) append_canonical_scalar(f.canonical, facts);
  }
  path_segment& push_segment() {
    if (path_depth_ == path_.size()) path_.emplace_back();
    return path_[path_depth_++];
  }

  /// Skips the value whose first token is current (nothing applies to it).
  bool skip_value() {
    const token_type t = src_.token();
    return (t != token_type::start_object && t != token_type::start_array) || src_.skip();
  }

  /// Whether the evaluation `i` of an object has met the watched name `index`.
  bool has_seen(const frame& f, std::uint32_t i, const schema_node& n, std::uint32_t index) const {
    if (n.watched_names.size() <= 64) return (f.evaluations[i].seen >> index & 1) != 0;
    return std::binary_search(f.names.begin(), f.names.end(), n.watched_names[index]);
  }

  read_result object(std::size_t depth, bool want_text) {
    frame& f = *frames_[depth];
    f.start_container();
    bool many_watched = false;
    for (const evaluation& e : f.evaluations) many_watched = many_watched || p_.nodes[e.node].watched_names.size() > 64;
    std::uint32_t k = 0;
    for (;; ++k) {
      if (!src_.next()) return read_result::failed;
      if (src_.token() == token_type::end_object) break;
      path_segment& segment = push_segment();
      segment.is_index = false;
      std::string_view name = src_.text();  // valid until the next token is read
      // The name is kept for error locations, canonical texts and long watch lists; deciding,
      // it is needed only until its value's first token.
      if (collect_ || want_text || many_watched) {
        segment.name.assign(name);
        name = segment.name;
      }
      if (many_watched) f.names.emplace_back(name);
      const text_position name_position = src_.position();
      for (std::uint32_t i = 0; i < f.evaluations.size(); ++i) {
        const schema_node& n = p_.nodes[f.evaluations[i].node];
        if (n.property_names && (f.evaluations[i].valid | collect_)) property_name(depth, i, n, name, name_position, k);
      }
      candidates_.clear();
      for (std::uint32_t i = 0; i < f.evaluations.size(); ++i) {
        const schema_node& n = p_.nodes[f.evaluations[i].node];
        if (!n.checks_objects || !(f.evaluations[i].valid | collect_)) continue;
        bool matched = false;
        if (const named_edge* p = find_property(f.evaluations[i], n, name)) {
          if (p->watched != UINT32_MAX && n.watched_names.size() <= 64) f.evaluations[i].seen |= std::uint64_t{1} << p->watched;
          candidates_.push_back({p->to.target, i, link::applies, &p->to});
          matched = true;
        } else if (!n.watched_names.empty() && n.watched_names.size() <= 64) {
          const auto w = std::lower_bound(n.watched_names.begin(), n.watched_names.end(), name);
          if (w != n.watched_names.end() && *w == name) f.evaluations[i].seen |= std::uint64_t{1} << (w - n.watched_names.begin());
        }
        for (const pattern_edge& p : n.pattern_properties) {
          const regex_match m = p.regex->search(name);
          if (m == regex_match::found) {
            candidates_.push_back({p.to.target, i, link::applies, &p.to});
            matched = true;
          } else if (m == regex_match::too_costly) {
            fail(depth, i, "patternProperties",
                 [&] { return "matching the pattern " + p.regex->pattern() + " took beyond the match limit"; });
          }
        }
        if (!matched && n.additional_properties) {
          candidates_.push_back({n.additional_properties.target, i, link::applies, &n.additional_properties});
        }
        if (n.unevaluated_properties) {
          candidates_.push_back({n.unevaluated_properties.target, i, link::unevaluated, &n.unevaluated_properties});
        }
      }
      if (root_dead()) return read_result::decided;
      if (!src_.next()) return read_result::failed;
      if (const read_result r = member_value(depth, k, want_text); r != read_result::done) return r;
      if (want_text) {
        keep_text(f, [&](std::string& out) { append_canonical_string(out, path_[path_depth_ - 1].name); });
        keep_text(f, [&](std::string& out) { out += frames_[depth + 1]->canonical; });
      }
      --path_depth_;
    }
    f.count = k;
    if (want_text) {
      f.member_views.clear();
      for (std::size_t m = 0; m + 1 < f.spans.size(); m += 2) {
        f.member_views.emplace_back(text_of(f, m), text_of(f, m + 1));
      }
      append_canonical_object(f.canonical, f.member_views);
    }
    if (many_watched) std::sort(f.names.begin(), f.names.end());
    for (std::uint32_t i = 0; i < f.evaluations.size(); ++i) {
      const schema_node& n = p_.nodes[f.evaluations[i].node];
      if (!n.checks_objects || !(f.evaluations[i].valid | collect_)) continue;
      for (std::size_t r = 0; r < n.required.size(); ++r) {
        if (!has_seen(f, i, n, n.required_indices[r])) {
          fail(depth, i, "required", [&] { return "missing required property \"" + n.required[r] + "\""; });
        }
      }
      for (const dependent_names& d : n.dependent_required) {
        if (!has_seen(f, i, n, d.name_index)) continue;
        for (std::size_t r = 0; r < d.required.size(); ++r) {
          if (!has_seen(f, i, n, d.required_indices[r])) {
            fail(depth, i, d.keyword, [&] {
              return "missing property \"" + d.required[r] + "\", required where \"" + d.name + "\" is present";
            });
          }
        }
      }
      check_count(k, n.min_properties, n.max_properties,
                  counted{"minProperties", "maxProperties", "the object", "properties"},
                  [&](std::string_view keyword, const auto& message) { fail(depth, i, keyword, message); });
    }
    return read_result::done;
  }

  /// The `properties` entry of `name`: the one declared after the last found first, then by
  /// binary search.
  static const named_edge* find_property(evaluation& e, const schema_node& n, std::string_view name) {
    if (n.properties.empty()) return nullptr;
    if (e.next_declared < n.declared_order.size()) {
      const named_edge& expected = n.properties[n.declared_order[e.next_declared]];
      if (expected.name == name) {
        ++e.next_declared;
        return &expected;
      }
    }
    const auto found = std::lower_bound(n.properties.begin(), n.properties.end(), name,
                                        [](const named_edge& p, std::string_view v) { return std::string_view(p.name) < v; });
    if (found == n.properties.end() || found->name != name) return nullptr;
    const auto sorted_index = static_cast<std::uint32_t>(found - n.properties.begin());
    e.next_declared = n.declared_position[sorted_index] + 1;
    return &*found;
  }

  /// propertyNames: the name validated as a string (errors at the object's location).
  void property_name(std::size_t depth, std::uint32_t i, const schema_node& n, std::string_view name,
                     const text_position& position, std::uint32_t ordinal) {
    frame& c = frame_at(depth + 1);
    c.reset();
    c.position = position;
    c.kind = token_type::string;
    --path_depth_;  // the name is not a place in the instance
    add_root(c, depth + 1, n.property_names.target, i, link::property_names, &n.property_names);
    bool need_text = false;
    for (const evaluation& e : c.evaluations) need_text = need_text || p_.nodes[e.node].needs_text;
    scalar(depth + 1, token_type::string, name, need_text);
    finish(depth + 1);
    deliver(depth, ordinal);
    c.reset();
    ++path_depth_;
  }

  read_result array(std::size_t depth, bool want_text) {
    frame& f = *frames_[depth];
    f.start_container();
    bool unique = false;
    for (const evaluation& e : f.evaluations) unique = unique || p_.nodes[e.node].unique_items;
    const bool item_text = want_text || unique;
    std::uint32_t k = 0;
    for (;; ++k) {
      if (!src_.next()) return read_result::failed;
      if (src_.token() == token_type::end_array) break;
      path_segment& segment = push_segment();
      segment.is_index = true;
      segment.index = k;
      candidates_.clear();
      for (std::uint32_t i = 0; i < f.evaluations.size(); ++i) {
        const schema_node& n = p_.nodes[f.evaluations[i].node];
        if (!n.checks_arrays || !(f.evaluations[i].valid | collect_)) continue;
        if (k < n.prefix_items.size()) {
          candidates_.push_back({n.prefix_items[k].target, i, link::applies, &n.prefix_items[k]});
        } else if (n.items) {
          candidates_.push_back({n.items.target, i, link::applies, &n.items});
        }
        if (n.contains) candidates_.push_back({n.contains.target, i, link::contains, &n.contains});
        if (n.unevaluated_items) candidates_.push_back({n.unevaluated_items.target, i, link::unevaluated, &n.unevaluated_items});
      }
      if (const read_result r = member_value(depth, k, item_text); r != read_result::done) return r;
      if (item_text) keep_text(f, [&](std::string& out) { out += frames_[depth + 1]->canonical; });
      --path_depth_;
    }
    f.count = k;
    if (item_text) {
      f.views.clear();
      for (std::size_t i = 0; i < f.spans.size(); ++i) f.views.push_back(text_of(f, i));
    }
    if (want_text) append_canonical_array(f.canonical, f.views);
    for (std::uint32_t i = 0; i < f.evaluations.size(); ++i) {
      const schema_node& n = p_.nodes[f.evaluations[i].node];
      if (!n.checks_arrays || !(f.evaluations[i].valid | collect_)) continue;
      check_count(k, n.min_items, n.max_items, counted{"minItems", "maxItems", "the array", "items"},
                  [&](std::string_view keyword, const auto& message) { fail(depth, i, keyword, message); });
      if (n.unique_items) check_unique(depth, i);
      if (n.contains) {
        const std::uint64_t found = f.evaluations[i].contains_count;
        if (found < n.min_contains) {
          fail(depth, i, n.min_contains == 1 ? "contains" : "minContains", [&] {
            return found == 0 ? std::string("no item matches the contains schema")
                              : std::to_string(found) + " items match the contains schema, fewer than " +
                                    std::to_string(n.min_contains);
          });
        }
        if (n.max_contains && found > *n.max_contains) {
          fail(depth, i, "maxContains", [&] {
            return std::to_string(found) + " items match the contains schema, more than " + std::to_string(*n.max_contains);
          });
        }
      }
    }
    return read_result::done;
  }

  /// Appends a canonical text to the frame's texts (what `write` writes), remembering where.
  template <class Write>
  static void keep_text(frame& f, const Write& write) {
    const std::size_t at = f.texts.size();
    write(f.texts);
    f.spans.emplace_back(at, f.texts.size() - at);
  }
  static std::string_view text_of(const frame& f, std::size_t span) {
    return std::string_view(f.texts).substr(f.spans[span].first, f.spans[span].second);
  }

  void check_unique(std::size_t depth, std::uint32_t i) {
    frame& f = *frames_[depth];
    std::vector<std::uint32_t>& order = f.order;
    const std::vector<std::string_view>& items = f.views;
    order.resize(items.size());
    for (std::uint32_t k = 0; k < order.size(); ++k) order[k] = k;
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
      return items[a] != items[b] ? items[a] < items[b] : a < b;
    });
    for (std::size_t k = 1; k < order.size(); ++k) {
      if (items[order[k - 1]] == items[order[k]]) {
        fail(depth, i, "uniqueItems", [&] {
          return "items " + std::to_string(order[k - 1]) + " and " + std::to_string(order[k]) + " are equal";
        });
        return;
      }
    }
  }

  /// The results of the child frame's roots, to the evaluations of the frame at `depth` that
  /// applied them to member or item `ordinal`.
  void deliver(std::size_t depth, std::uint32_t ordinal) {
    frame& c = *frames_[depth + 1];
    for (std::uint32_t r = 0; r < c.evaluations.size(); r = c.evaluations[r].end) {
      evaluation& root = c.evaluations[r];
      deliver_one(depth, root.kind, root.outer, ordinal, root.valid, &root);
    }
    for (const sharer& s : c.sharers) deliver_one(depth, s.kind, s.outer, ordinal, c.evaluations[s.root].valid, nullptr);
  }

  /// One result (of `root`, or of a scalar checked without a frame when it is null) to the
  /// evaluation `outer` of the frame at `depth`.
  void deliver_one(std::size_t depth, link kind, std::uint32_t outer_index, std::uint32_t ordinal, bool valid,
                   evaluation* root) {
    frame& f = *frames_[depth];
    evaluation& outer = f.evaluations[outer_index];
    switch (kind) {
      case link::applies:
      case link::property_names:
        if (!valid) {
          if (collect_) {
            outer.valid = false;
            if (root != nullptr) move_all(root->errors, outer.errors);
          } else if (outer.valid) {
            kill(depth, outer_index);
          }
        } else if (annotate_ && root != nullptr) {
          move_all(root->annotations, outer.annotations);
        }
        if (f.tracks_annotations && kind == link::applies) f.marks.push_back({outer_index, ordinal});
        break;
      case link::unevaluated:
        if (root != nullptr) {
          f.unevaluated.push_back({outer_index, ordinal, valid, std::move(root->errors), std::move(root->annotations)});
        } else {
          f.unevaluated.push_back({outer_index, ordinal, valid, {}, {}});
        }
        break;
      case link::contains:
        if (valid) {
          ++outer.contains_count;
          if (annotate_ && root != nullptr) move_all(root->annotations, outer.annotations);
          if (f.tracks_annotations && p_.nodes[outer.node].dialect == draft::draft2020_12) {
            f.marks.push_back({outer_index, ordinal});
          }
        }
        break;
      default: break;
    }
  }

  /// Deciding, where no result depends on the path taken: a subschema that several
  /// evaluations of the enclosing value apply to this one (two `anyOf` branches whose `items`
  /// refer to the same schema) is evaluated once, its result delivered to each (the frame's
  /// sharers). Otherwise applicators nesting along the instance apply 2^n subschemas at depth n.
  void add_distinct_roots(frame& c, std::size_t depth) {
    for (const candidate& cand : candidates_) {
      const std::uint32_t node = ref_resolved(p_, cand.node);
      std::uint32_t r = 0;
      while (r < c.evaluations.size() && ref_resolved(p_, c.evaluations[r].node) != node) r = c.evaluations[r].end;
      if (r < c.evaluations.size()) {
        c.sharers.push_back({cand.kind, cand.outer, r});
      } else {
        add_root(c, depth, cand.node, cand.outer, cand.kind, cand.via);
      }
    }
  }

  /// Reads the member or item `ordinal` of the value at `depth`, its first token current,
  /// against `candidates_`. A scalar checked by subschemas that apply nothing in place is
  /// decided without a frame of its own (deciding only: collecting needs the frame's
  /// locations for its errors).
  read_result member_value(std::size_t depth, std::uint32_t ordinal, bool want_text) {
    ++values_read_;  // (here: deciding checks some scalars without a frame, collecting does not)
    const token_type t = src_.token();
    const bool scalar_token = t != token_type::start_object && t != token_type::start_array;
    if (!collect_ && !want_text && scalar_token && !candidates_.empty()) {
      // A node that is a $ref alone is its target here (no error needs its keyword location,
      // and a scalar's checks read no dynamic scope).
      const auto resolved = [&](std::uint32_t node) { return ref_resolved(p_, node); };
      bool simple = true;
      for (const candidate& cand : candidates_) simple = simple && !p_.nodes[resolved(cand.node)].applies_in_place;
      if (simple) {
        scalar_facts facts{t, src_.text(), number_};
        std::string& canonical = frame_at(depth + 1).canonical;
        canonical.clear();
        for (const candidate& cand : candidates_) {
          const schema_node& n = p_.nodes[resolved(cand.node)];
          bool valid = true;
          check_scalar(n, facts, [&](std::string_view, const auto&) { valid = false; });
          if (valid && n.needs_text) {
            if (canonical.empty()) append_canonical_scalar(canonical, facts);
            valid = enumerated(n, canonical);
          }
          deliver_one(depth, cand.kind, cand.outer, ordinal, valid, nullptr);
        }
        return root_dead() ? read_result::decided : read_result::done;
      }
    }
    if (candidates_.empty() && !want_text) return skip_value() ? read_result::done : read_result::failed;
    frame& c = frame_at(depth + 1);
    c.reset();
    if (collect_) {
      for (const candidate& cand : candidates_) add_root(c, depth + 1, cand.node, cand.outer, cand.kind, cand.via);
    } else if (p_.reads_dynamic_scope) {
      add_distinct_scoped_roots(c, depth + 1);
    } else {
      add_distinct_roots(c, depth + 1);
    }
    if (const read_result r = value(depth + 1, want_text); r != read_result::done) return r;
    deliver(depth, ordinal);
    return root_dead() ? read_result::decided : read_result::done;
  }

  /// add_distinct_roots where results depend on the path (the schema has `$dynamicRef`s or
  /// `$recursiveRef`s): two subschemas applied to this value are one when they stand for the
  /// same node and have the same anchored scope (what every dynamic reference under them
  /// resolves by). Otherwise `anyOf` branches whose `items` are `{"$dynamicRef": "#n"}` apply
  /// 2^n subschemas at depth n, and the budget stops a valid instance.
  void add_distinct_scoped_roots(frame& c, std::size_t depth) {
    scoped_roots_.clear();
    for (const candidate& cand : candidates_) {
      const std::uint32_t scope =
          scope_within(frames_[depth - 1]->evaluations[cand.outer].scope, p_.nodes[cand.node].resource);
      std::uint32_t node = ref_resolved(p_, cand.node);
      if (const schema_node& n = p_.nodes[node]; n.only_dynamic_ref) node = ref_resolved(p_, scoped_target(scope, n));
      const auto same = std::find_if(scoped_roots_.begin(), scoped_roots_.end(), [&](const scoped_root& r) {
        return r.node == node && same_scope(r.scope, scope);
      });
      if (same != scoped_roots_.end()) {
        c.sharers.push_back({cand.kind, cand.outer, same->root});
      } else {
        scoped_roots_.push_back({node, scope, static_cast<std::uint32_t>(c.evaluations.size())});
        add_root(c, depth, cand.node, cand.outer, cand.kind, cand.via);
      }
    }
  }

  // ---- combining ----

  /// Whether the annotations of `d` reach its in-place ancestor `a`: every evaluation between
  /// is valid and applied, and none is a `not`.
  bool reaches(const frame& f, std::uint32_t d, std::uint32_t a) const {
    while (d != a) {
      const evaluation& e = f.evaluations[d];
      if (!e.valid || !e.applied || e.kind == link::not_schema) return false;
      d = static_cast<std::uint32_t>(e.parent);
    }
    return true;
  }

  void finish(std::size_t depth) {
    frame& f = *frames_[depth];
    if (!f.canonical.empty()) {
      for (std::uint32_t i = 0; i < f.evaluations.size(); ++i) {
        const schema_node& n = p_.nodes[f.evaluations[i].node];
        if (n.const_value && *n.const_value != f.canonical) {
          fail(depth, i, "const", [] { return std::string("the value is not the constant"); });
        }
        if (!n.enum_values.empty() && !std::binary_search(n.enum_values.begin(), n.enum_values.end(), f.canonical)) {
          fail(depth, i, "enum", [] { return std::string("the value is none of the enumerated values"); });
        }
      }
    }
    for (std::uint32_t i = static_cast<std::uint32_t>(f.evaluations.size()); i-- > 0;) combine(depth, i);
  }

  void combine(std::size_t depth, std::uint32_t i) {
    frame& f = *frames_[depth];
    const schema_node& n = p_.nodes[f.evaluations[i].node];
    const bool has_children = i + 1 < f.evaluations[i].end;
    if (has_children) {
      std::uint32_t any_valid = 0, one_valid = 0;
      std::uint32_t if_child = UINT32_MAX, then_child = UINT32_MAX, else_child = UINT32_MAX;
      for (std::uint32_t c = i + 1; c < f.evaluations[i].end; c = f.evaluations[c].end) {
        evaluation& child = f.evaluations[c];
        switch (child.kind) {
          case link::ref:
          case link::all_of:
            if (!child.valid) {
              f.evaluations[i].valid = false;
              move_all(child.errors, f.evaluations[i].errors);
            }
            break;
          case link::any_of: any_valid += child.valid; break;
          case link::one_of: one_valid += child.valid; break;
          case link::not_schema:
            if (child.valid) fail(depth, i, "not", [] { return std::string("the value is valid against the schema under not"); });
            break;
          case link::if_schema: if_child = c; break;
          case link::then_schema: then_child = c; break;
          case link::else_schema: else_child = c; break;
          case link::dependent: {
            const dependent_schema& d = n.dependent_schemas[child.dependent];
            if (f.kind != token_type::start_object || !has_seen(f, i, n, d.name_index)) {
              child.applied = false;
            } else if (!child.valid) {
              const bool recorded = fail(
                  depth, i, d.keyword, [&] { return "the value is invalid against the schema that \"" + d.name + "\" requires"; });
              if (recorded) f.evaluations[i].errors.back().causes = child.errors.size();
              if (collect_) move_all(child.errors, f.evaluations[i].errors);
            }
            break;
          }
          default: break;
        }
      }
      if (!n.any_of.empty() && any_valid == 0) {
        fail_with_causes(depth, i, "anyOf", [] { return std::string("the value matches none of the anyOf schemas"); },
                         link::any_of);
      }
      if (!n.one_of.empty() && one_valid != 1) {
        if (one_valid == 0) {
          fail_with_causes(depth, i, "oneOf", [] { return std::string("the value matches none of the oneOf schemas"); },
                           link::one_of);
        } else {
          fail(depth, i, "oneOf",
               [&] { return "the value matches " + std::to_string(one_valid) + " of the oneOf schemas, not one"; });
        }
      }
      if (if_child != UINT32_MAX) {
        const bool condition = f.evaluations[if_child].valid;
        const std::uint32_t taken = condition ? then_child : else_child;
        const std::uint32_t skipped = condition ? else_child : then_child;
        if (skipped != UINT32_MAX) f.evaluations[skipped].applied = false;
        if (taken != UINT32_MAX && !f.evaluations[taken].valid) {
          fail_with_causes(
              depth, i, condition ? "then" : "else",
              [&] { return std::string(condition ? "the value matches if, and not then" : "the value matches neither if nor else"); },
              condition ? link::then_schema : link::else_schema);
        }
      }
    }
    if (n.unevaluated_properties && f.kind == token_type::start_object) check_unevaluated(depth, i);
    if (n.unevaluated_items && f.kind == token_type::start_array) check_unevaluated(depth, i);
    evaluation& e = f.evaluations[i];
    if (!e.valid) {
      e.annotations.clear();
      return;
    }
    e.errors.clear();
    if (!annotate_ || !has_children) return;
    for (std::uint32_t c = i + 1; c < e.end; c = f.evaluations[c].end) {
      evaluation& child = f.evaluations[c];
      if (child.valid && child.applied && child.kind != link::not_schema) move_all(child.annotations, e.annotations);
    }
  }

  void check_unevaluated(std::size_t depth, std::uint32_t i) {
    frame& f = *frames_[depth];
    std::vector<char>& evaluated = f.evaluated;
    evaluated.assign(f.count, 0);
    const std::uint32_t end = f.evaluations[i].end;
    for (const mark& m : f.marks) {
      if (m.evaluation >= i && m.evaluation < end && reaches(f, m.evaluation, i)) evaluated[m.ordinal] = 1;
    }
    // What nothing else evaluated, this keyword did: its results count now (and its
    // annotations, for an unevaluated* further out).
    for (speculative& s : f.unevaluated) {
      if (s.evaluation != i || evaluated[s.ordinal] != 0) continue;
      f.marks.push_back({i, s.ordinal});
      if (s.valid) {
        if (annotate_) move_all(s.annotations, f.evaluations[i].annotations);
        continue;
      }
      f.evaluations[i].valid = false;
      move_all(s.errors, f.evaluations[i].errors);
    }
  }

  const schema_program& p_;
  Source& src_;
  std::vector<std::unique_ptr<frame>>& frames_;
  std::vector<expansion>& expanding_;
  std::vector<std::uint32_t>& on_path_;
  std::vector<path_segment>& path_;
  std::size_t path_depth_ = 0;
  std::vector<candidate>& candidates_;  // consumed before the value they are for is read
  std::vector<scoped_root>& scoped_roots_;
  std::vector<scope_link>& scopes_;
  exact_decimal number_;  // the current number, read exactly where a keyword needs it
  bool collect_;
  bool annotate_;
  int max_depth_;
  std::size_t errors_made_ = 0;  // kept by fail(), dropped later or not
  bool errors_dropped_ = false;  // fail() kept none past max_errors
  std::uint64_t values_read_ = 0;  // the root, and every member and item met (not those inside a skipped value)
  std::uint64_t evaluations_made_ = 0;
  std::size_t error_text_ = 0;  // in the errors kept so far
  bool stack_exhausted_ = false;
  text_position too_deep_at_{};  // the last container checked by too_deep
  bool over_budget_ = false;  // reading stops at the next value
  validation_error budget_spent_;
};

/// How deep a parsed value may be (its parse had its own limit; a node's tree has none).
constexpr int parsed_value_depth = 512;

template <class Source>
validation run(const schema_program& program, Source& source, scratch& s, bool collect, int max_depth,
               bool* stopped_by_budget = nullptr) {
  evaluator<Source> e(program, source, s, collect, max_depth);
  validation v = e.run();
  if (stopped_by_budget) *stopped_by_budget = e.stopped_by_budget();
  return v;
}

/// Decides first (no error kept, failed subschemas pruned); collects every error in a second
/// pass only for an invalid instance, or in one pass where annotations are asked for.
/// `passes_as_text` is the verdict the value's text gets where the budget stops evaluation
/// (validate_text's: the native code, when it decides "valid", is not bound by the
/// interpreter's budget), so that a document or node gets the verdict its text gets.
template <class MakeSource, class PassesAsText>
validation decide_then_explain(const schema_program& program, output_format format, int max_depth,
                               const MakeSource& make_source, const PassesAsText& passes_as_text) {
  scratch_lease lease;
  bool stopped = false;
  if (format == output_format::flag || !program.annotations) {
    auto source = make_source(*lease);
    validation decided = run(program, source, *lease, false, max_depth, &stopped);
    if (stopped && passes_as_text()) return schema_access::make_validation(true, {}, {});
    if (decided.valid() || format == output_format::flag) return decided;
  }
  auto source = make_source(*lease);
  validation explained = run(program, source, *lease, true, max_depth, &stopped);
  if (stopped && passes_as_text()) return schema_access::make_validation(true, {}, {});
  return explained;
}

/// Whether the native code finds the text of `value` valid (false without native code).
template <class Value>
bool native_code_passes(const schema_program& program, const Value& value) {
  if (!program.native) return false;
  const result<std::string> text = value.to_json();
  return text && program.native->shows_valid(*text);
}

}  // namespace

validation validate_text(const schema_program& program, std::string_view json) {
  return decide_then_explain(program, program.output, program.reader.max_depth,
                             [&](scratch& s) { return text_source(json, program.reader, s.text); },
                             [] { return false; });  // (schema::validate asked the native code first)
}

validation validate_input(const schema_program& program, input& in) {
  // An input is read once: errors are collected as it is read, if they are asked for.
  scratch_lease lease;
  text_source source(in, program.reader, (*lease).text);
  validation v = run(program, source, *lease, program.output != output_format::flag, program.reader.max_depth);
  if (in.failed() && v.errors().size() == 1) {
    schema_access::errors(v)[0].message += ": " + in.failure_reason();  // "not JSON: reading the input failed: ..."
  }
  return v;
}

validation validate_element(const schema_program& program, const element& value, output_format format) {
  return decide_then_explain(program, format, std::max(program.reader.max_depth, parsed_value_depth),
                             [&](scratch&) { return tree_source<element>(value); },
                             [&] { return native_code_passes(program, value); });
}

validation validate_node(const schema_program& program, const node& value) {
  return decide_then_explain(program, program.output, std::max(program.reader.max_depth, parsed_value_depth),
                             [&](scratch&) { return tree_source<const node*>(&value); },
                             [&] { return native_code_passes(program, value); });
}

}  // namespace jsonjit::detail::schema
