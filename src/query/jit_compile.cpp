// The JSONPath JIT's compiler: which queries it compiles, what code each segment's function
// is (see jit_p.hpp; the instructions are the emitter's), and how the code runs over a text.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>
#include <optional>
#include <span>

#include "common/stack_p.hpp"
#include "engines/jit/emit/code_memory_p.hpp"
#include "engines/jit/emit/schema_emitter_p.hpp"
#include "engines/jit/statistics_p.hpp"
#include "query/jit_p.hpp"
#include "text/simd_p.hpp"

namespace jsonjit::detail::path {
namespace {

using jit::schema_emitter;
using jit::value_start;
using label = schema_emitter::label;

using native_fn = const char* (*)(native_context* context, const char* cur, std::uint64_t* evaluated) noexcept;

template <class F>
std::uint64_t address(F* function) {
  return reinterpret_cast<std::uint64_t>(function);
}

/// The text a member name is compared with in place: `"name":`, or empty where the text would
/// write the name with escapes (the helper then compares it).
std::string quoted_name(std::string_view name) {
  for (const char c : name) {
    if (c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20) return {};
  }
  std::string text;
  text.reserve(name.size() + 3);
  text += '"';
  text += name;
  text += "\":";
  return text;
}

/// Sorts run.order (the selected values' places, in the order recorded) by the node their one
/// descendant segment visited (the first of their two keys), keeping the recorded order
/// among those of one node: a radix sort of 11 bits a pass, a few passes over the values
/// instead of a comparison sort's log2(n). False where that order is not by the values'
/// offsets (the second key) after all.
bool order_by_visited(native_run& run) {
  constexpr unsigned digit_bits = 11;
  constexpr std::size_t digits = std::size_t{1} << digit_bits;
  const std::uint64_t* const keys = run.keys.data();
  std::uint64_t largest = 0;
  for (const std::uint32_t i : run.order) largest = std::max(largest, keys[2 * i]);
  run.reordered.resize(run.order.size());
  for (unsigned shift = 0;; shift += digit_bits) {
    std::array<std::uint32_t, digits + 1> starts{};
    for (const std::uint32_t i : run.order) ++starts[(keys[2 * i] >> shift & (digits - 1)) + 1];
    for (std::size_t d = 1; d <= digits; ++d) starts[d] += starts[d - 1];
    for (const std::uint32_t i : run.order) run.reordered[starts[keys[2 * i] >> shift & (digits - 1)]++] = i;
    run.order.swap(run.reordered);
    if ((largest >> shift) < digits) break;
  }
  for (std::size_t k = 1; k < run.order.size(); ++k) {
    const std::uint64_t* a = keys + 2 * run.order[k - 1];
    const std::uint64_t* b = keys + 2 * run.order[k];
    if (a[0] == b[0] && a[1] > b[1]) return false;
  }
  return true;
}

/// Puts the selected values in the RFC's order: by the nodes the descendant segments visited
/// on their way, then by their place in the text.
void order_by_keys(native_run& run) {
  const std::size_t width = run.visited.size() + 1;
  const std::uint64_t* const keys = run.keys.data();
  run.order.resize(run.selected.size());
  const auto recorded_order = [&] {
    for (std::uint32_t i = 0; i < run.order.size(); ++i) run.order[i] = i;
  };
  recorded_order();
  if (width != 2) {
    std::sort(run.order.begin(), run.order.end(), [&](std::uint32_t a, std::uint32_t b) {
      return std::lexicographical_compare(keys + a * width, keys + (a + 1) * width, keys + b * width,
                                          keys + (b + 1) * width);
    });
  } else if (!order_by_visited(run)) {  // (one descendant segment, the usual)
    recorded_order();
    std::sort(run.order.begin(), run.order.end(), [&](std::uint32_t a, std::uint32_t b) {
      const std::uint64_t* x = keys + 2 * a;
      const std::uint64_t* y = keys + 2 * b;
      return x[0] < y[0] || (x[0] == y[0] && x[1] < y[1]);
    });
  }
  run.sorted.resize(run.selected.size());
  for (std::size_t i = 0; i < run.order.size(); ++i) run.sorted[i] = run.selected[run.order[i]];
  run.selected.swap(run.sorted);
}

/// A name compared in place takes code in proportion to its length (8 bytes per compare):
/// longer ones (a 10 MB name in a query) are compared by the member helper.
constexpr std::size_t longest_in_place = 64;

/// A function per segment and per value a filter reads: more than this (a query of a
/// million `.a`) would be megabytes of code; the interpreter takes such queries.
constexpr std::size_t most_functions = 256;

/// Marks the capture nodes whose children length() counts, in the filter expression `e`.
void mark_counted(const program& p, std::uint32_t e, const native_filter& f, std::vector<capture_node>& nodes) {
  const expression& x = p.expressions[e];
  if (x.kind == expression_kind::function && x.function == function_id::length) {
    const expression& argument = p.expressions[x.children[0]];
    if (argument.kind == expression_kind::singular) nodes[f.first + f.slot_of_query[argument.query]].counted = true;
  }
  for (const std::uint32_t child : x.children) mark_counted(p, child, f, nodes);
}

/// Whether the quick form `q` holds where quick leaf i has the value of bit i of `leaves`
/// (`leaf_of`: a node's leaf number).
bool holds_for(const std::vector<quick_node>& q, std::size_t i, const std::vector<unsigned>& leaf_of,
               std::uint64_t leaves) {
  const quick_node& n = q[i];
  switch (n.what) {
    case quick_node::kind::all:
    case quick_node::kind::any: {
      const bool any = n.what == quick_node::kind::any;
      for (std::size_t c = i + 1; c < i + n.size; c += q[c].size) {
        if (holds_for(q, c, leaf_of, leaves) == any) return any;
      }
      return !any;
    }
    case quick_node::kind::negation: return !holds_for(q, i + 1, leaf_of, leaves);
    default: return (leaves >> leaf_of[i] & 1) != 0;
  }
}

/// Most leaves of a quick form decided by a table of verdicts (2^6 bits).
constexpr std::size_t most_leaves = 6;

/// Numbers the leaves of the quick form `q` (leaf_of: by node), in `leaves`; false where there
/// are more than most_leaves or one `decided` refuses.
template <class Decided>
bool number_leaves(const std::vector<quick_node>& q, std::vector<unsigned>& leaf_of, unsigned& leaves,
                   Decided decided) {
  leaf_of.assign(q.size(), 0);
  leaves = 0;
  for (std::size_t i = 0; i < q.size(); ++i) {
    const quick_node& n = q[i];
    if (n.what == quick_node::kind::all || n.what == quick_node::kind::any || n.what == quick_node::kind::negation) {
      continue;
    }
    if (!decided(n) || leaves == most_leaves) return false;
    leaf_of[i] = leaves++;
  }
  return true;
}

/// The table of the quick form `q`'s verdicts: bit w where it holds with leaf i of value bit i
/// of w.
std::uint64_t verdict_table(const std::vector<quick_node>& q, const std::vector<unsigned>& leaf_of, unsigned leaves) {
  std::uint64_t table = 0;
  for (std::uint64_t m = 0; m < (std::uint64_t{1} << leaves); ++m) {
    if (holds_for(q, 0, leaf_of, m)) table |= std::uint64_t{1} << m;
  }
  return table;
}

/// Makes the filter `f`, which reads only its candidate, decided by the candidate's length
/// where its quick form `q` tests nothing else (see native_filter::by_length).
bool decide_by_length(const std::vector<quick_node>& q, native_filter& f) {
  std::vector<unsigned> leaf_of;
  unsigned leaves = 0;
  if (!number_leaves(q, leaf_of, leaves, [](const quick_node& n) { return n.what != quick_node::kind::compare; })) {
    return false;
  }
  for (std::size_t i = 0; i < q.size(); ++i) {
    const quick_node& n = q[i];
    if (n.what == quick_node::kind::exists) {
      f.present |= std::uint64_t{1} << leaf_of[i];  // (of the candidate: it is there)
    } else if (n.what == quick_node::kind::compare_length) {
      f.length_leaves.push_back({leaf_of[i], n.op, n.literal->number});
    }
  }
  f.table = verdict_table(q, leaf_of, leaves);
  f.by_length = true;
  return true;
}

/// The lengths for which the filter `f`, decided by its candidate's length, holds: ranges
/// between the points where one of its comparisons may change (a literal's integer part and
/// the next integer), the verdict read at each range's first.
std::vector<jit::length_range> lengths_taken(const native_filter& f) {
  std::vector<std::uint64_t> points{0};
  for (const native_filter::length_leaf& l : f.length_leaves) {
    if (l.literal < 0) continue;
    const auto at = static_cast<std::uint64_t>(std::floor(l.literal));  // (below 2^53: a quick form's literal)
    points.insert(points.end(), {at, at + 1});
  }
  std::sort(points.begin(), points.end());
  points.erase(std::unique(points.begin(), points.end()), points.end());
  std::vector<jit::length_range> taken;
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (!f.holds_for_length(points[i])) continue;
    const std::uint64_t high = i + 1 < points.size() ? points[i + 1] - 1 : UINT64_MAX;
    if (!taken.empty() && taken.back().high + 1 == points[i]) {
      taken.back().high = high;
    } else {
      taken.push_back({points[i], high});
    }
  }
  return taken;
}

/// Where the filter of `s` is decided by its candidate's length and refuses some: the lengths
/// it takes, for the code to pass plain strings (and arrays) of any other.
std::optional<std::vector<jit::length_range>> refused_lengths(const native_segment& s) {
  if (s.filter == nullptr || !s.filter->by_length) return std::nullopt;
  std::vector<jit::length_range> taken = lengths_taken(*s.filter);
  if (taken.size() == 1 && taken[0].low == 0 && taken[0].high == UINT64_MAX) return std::nullopt;
  return taken;
}

/// Makes the filter `f` (expression `e`, its capture nodes in `nodes`) decided by the code
/// where its expression allows (see native_filter::native): its leaves' bits by node and by
/// kind of value, the verdict's table.
void decide_natively(const program& p, std::uint32_t e, native_filter& f, std::vector<capture_node>& nodes) {
  std::vector<scalar> literals(p.expressions.size());
  for (std::size_t x = 0; x < p.expressions.size(); ++x) {
    if (p.expressions[x].kind == expression_kind::literal) literals[x] = scalar_of(p.expressions[x].literal);
  }
  std::vector<quick_node> q;
  if (!quick_form(p, literals, e, q)) return;
  if (f.size == 1 && decide_by_length(q, f)) return;
  std::vector<unsigned> leaf_of;
  unsigned leaves = 0;
  const auto by_kind = [](const quick_node& n) {
    return n.what != quick_node::kind::compare_length &&
           !(n.what == quick_node::kind::compare && n.literal->type == json_type::string);
  };
  if (!number_leaves(q, leaf_of, leaves, by_kind)) return;
  const auto named = [&](std::uint32_t slot) { return !nodes[slot].is_index && slot != f.first; };
  int names = 0;
  for (std::uint32_t slot = f.first; slot < f.first + f.size; ++slot) names += named(slot) ? 1 : 0;
  if (names > 64) return;
  names = 0;
  for (std::uint32_t slot = f.first; slot < f.first + f.size; ++slot) {
    if (named(slot)) nodes[slot].found_bit = names++;
  }
  constexpr jit::value_start starts[] = {value_start::object,     value_start::array,       value_start::string,
                                         value_start::number,     value_start::true_value,  value_start::false_value,
                                         value_start::null};
  for (std::size_t i = 0; i < q.size(); ++i) {
    const quick_node& n = q[i];
    if (n.what != quick_node::kind::exists && n.what != quick_node::kind::compare) continue;
    const std::uint64_t bit = std::uint64_t{1} << leaf_of[i];
    capture_node& node = nodes[f.first + f.slot_of_query[n.query]];
    node.leaf_mask |= bit;
    const bool unequal = n.what == quick_node::kind::compare && n.op == comparison::not_equal;
    if (unequal) f.absent |= bit;  // (Nothing is unequal to any literal)
    for (const value_start start : starts) {
      std::uint64_t& bits = node.leaves_by_start[static_cast<std::size_t>(start)];
      if (n.what == quick_node::kind::exists) {
        bits |= bit;
        continue;
      }
      const scalar& literal = *n.literal;
      bool holds = unequal;  // (a value of another type than the literal's)
      if (literal.type == json_type::number && start == value_start::number) {
        std::uint8_t holds_at = 0;
        for (const int order : {-1, 0, 1}) {
          const bool at = comparison_holds(
              n.op, [order] { return order == 0; }, [order] { return order < 0; }, [order] { return order > 0; });
          if (at) holds_at |= static_cast<std::uint8_t>(1u << (order + 1));
        }
        node.number_leaves.push_back({leaf_of[i], n.op, literal, holds_at});
        // The same by the code, from the number's integer range [low, high]: above the
        // literal where low > L, below it where high < L, equal where low == high == L.
        const double floor = std::floor(literal.number);
        const auto at = static_cast<std::int64_t>(floor);
        const bool integral = floor == literal.number;
        const auto if_order = [&](int order) { return (holds_at >> (order + 1) & 1) != 0 ? bit : 0; };
        node.limits.push_back({at + 1, integral ? at - 1 : at, at, integral, if_order(1), if_order(-1), if_order(0)});
        continue;
      }
      const bool same_type = (literal.type == json_type::boolean &&
                              (start == value_start::true_value || start == value_start::false_value)) ||
                             (literal.type == json_type::null && start == value_start::null);
      if (same_type) {
        const bool equal = literal.type == json_type::null || (start == value_start::true_value) == literal.boolean;
        holds = comparison_holds(n.op, [equal] { return equal; }, [] { return false; }, [] { return false; });
      }
      if (holds) bits |= bit;
    }
  }
  f.table = verdict_table(q, leaf_of, leaves);
  f.native = true;
}

/// The capture nodes of the filter whose expression is `e` (one per step of its queries from
/// the candidate, shared where they begin alike), appended to `nodes` with their children's
/// slots in `children`.
native_filter capture_nodes(const program& p, std::uint32_t e, std::vector<capture_node>& nodes,
                            std::vector<std::vector<std::uint32_t>>& children) {
  native_filter f;
  f.expression = e;
  f.first = static_cast<std::uint32_t>(nodes.size());
  f.slot_of_query.assign(p.queries.size(), 0);
  const auto add = [&](capture_node n) {
    n.slot = static_cast<std::uint32_t>(nodes.size());
    nodes.push_back(std::move(n));
    children.emplace_back();
    return nodes.back().slot;
  };
  add({});
  std::vector<std::uint32_t> queries;
  filter_queries(p, e, queries);
  for (const std::uint32_t q : queries) {
    std::uint32_t at = f.first;
    for (const segment& seg : p.queries[q].segments) {
      const selector& by = seg.selectors[0];
      const bool is_index = by.kind == selector_kind::index;
      const auto same = [&](std::uint32_t c) {
        return nodes[c].is_index == is_index && (is_index ? nodes[c].index == static_cast<std::uint64_t>(by.index)
                                                          : nodes[c].name == by.name);
      };
      const auto found = std::find_if(children[at].begin(), children[at].end(), same);
      if (found != children[at].end()) {
        at = *found;
        continue;
      }
      capture_node n;
      n.is_index = is_index;
      if (is_index) {
        n.index = static_cast<std::uint64_t>(by.index);
      } else {
        n.name = by.name;
      }
      const std::uint32_t next = add(std::move(n));
      children[at].push_back(next);
      at = next;
    }
    f.slot_of_query[q] = at - f.first;
  }
  f.size = static_cast<std::uint32_t>(nodes.size()) - f.first;
  mark_counted(p, e, f, nodes);
  const auto reads_candidate = [&](std::uint32_t q) { return f.slot_of_query[q] == 0; };
  nodes[f.first].recorded = nodes[f.first].counted || std::any_of(queries.begin(), queries.end(), reads_candidate);
  decide_natively(p, e, f, nodes);
  f.on_scalar.fill(scalar_verdict::depends);
  f.on_scalar['"'] = filter_on_scalars(p, e, json_type::string);
  for (const char c : std::string_view("-0123456789")) f.on_scalar[static_cast<unsigned char>(c)] = filter_on_scalars(p, e, json_type::number);
  f.on_scalar['t'] = filter_on_scalars(p, e, json_type::boolean, true);
  f.on_scalar['f'] = filter_on_scalars(p, e, json_type::boolean, false);
  f.on_scalar['n'] = filter_on_scalars(p, e, json_type::null);
  return f;
}

class function_compiler {
 public:
  /// Names are compared in place in the segments before `fixed` (where a value's depth is
  /// its segment's: the helper need not enter its path step).
  function_compiler(schema_emitter& e, const void* const* table, std::uint32_t fixed)
      : e_(e), table_(table), fixed_(fixed) {}

  /// The function of the value the capture node `n` stands for.
  void capture(const capture_node& n) {
    if (n.filter->native) {
      decided_capture(n);
      return;
    }
    e_.begin_function();
    bool names = false, indexes = false;
    for (const capture_node* c : n.children) (c->is_index ? indexes : names) = true;
    // (A container whose children nothing looks for or counts is skipped whole.)
    const bool objects = names || n.counted, arrays = indexes || n.counted;
    std::array<label, 7> targets;
    const label other = e_.new_label(), object = e_.new_label(), array = e_.new_label();
    const label number = e_.new_label(), string = e_.new_label(), scalar_read = e_.new_label();
    targets.fill(other);
    if (objects) targets[static_cast<std::size_t>(value_start::object)] = object;
    if (arrays) targets[static_cast<std::size_t>(value_start::array)] = array;
    targets[static_cast<std::size_t>(value_start::number)] = number;
    targets[static_cast<std::size_t>(value_start::string)] = string;
    e_.dispatch(targets);
    e_.bind(other);
    e_.value_helper(address(&jsonjit_path_skip), nullptr);
    e_.bind(scalar_read);
    if (n.recorded) e_.check_helper(address(&jsonjit_path_capture), &n);
    e_.return_position();
    e_.bind(number);
    e_.skip_narrow_number(other);
    e_.jump(scalar_read);
    e_.bind(string);
    if (n.recorded) {
      e_.plain_string(other, 0, UINT64_MAX, address(&jsonjit_path_capture_string), &n);
    } else {
      e_.plain_string(other);
    }
    e_.return_position();
    if (objects) {
      e_.bind(object);
      close(n, members_of(n));
    }
    if (arrays) {
      e_.bind(array);
      close(n, elements_of(n));
    }
  }

  /// A capture node's object: its members scanned, those its children name given to their
  /// functions; ends at the label returned, with the object still to close.
  label members_of(const capture_node& n) {
    std::vector<jit::named_member> known;
    for (const capture_node* c : n.children) {
      if (!c->is_index && jit::compared_in_place(c->name)) known.push_back({c->name, 0, {c->function}});
    }
    const label closed = e_.new_label(), loop = e_.new_label();
    e_.open_container('}', closed);
    e_.bind(loop);
    e_.count_entry();
    e_.member_by_name(address(&jsonjit_path_capture_value), address(&jsonjit_path_capture_member), &n, known);
    e_.next_entry('}', loop, closed);
    return closed;
  }

  /// The same for an array: its elements, those its children index given to their functions.
  label elements_of(const capture_node& n) {
    const label closed = e_.new_label(), loop = e_.new_label();
    e_.open_container(']', closed);
    if (const std::vector<const capture_node*> by_index = unrolled_indexes(n); !by_index.empty()) {
      // The elements up to the last index read, one after the other: each found index's
      // value given to its node's function directly, the others skipped; then the rest.
      for (const capture_node* c : by_index) {
        e_.count_entry();
        if (c != nullptr) {
          e_.apply_here(c->function);
        } else {
          e_.value_helper(address(&jsonjit_path_skip), nullptr);
        }
        const label next = e_.new_label();
        e_.next_entry(']', next, closed);
        e_.bind(next);
      }
      e_.bind(loop);
      e_.count_entry();
      e_.value_helper(address(&jsonjit_path_skip), nullptr);
    } else {
      e_.bind(loop);
      e_.count_entry();
      e_.member_helper(address(&jsonjit_path_capture_element), &n, 0);
    }
    e_.next_entry(']', loop, closed);
    return closed;
  }

  /// The function of a capture node whose filter the code decides: its value scanned by kind
  /// (containers into its children's functions where it has some, else skipped), then its
  /// leaves set for that kind (a number's compared with number literals by
  /// jsonjit_path_number_leaves). The candidate's starts the leaves and the names found.
  void decided_capture(const capture_node& n) {
    constexpr auto leaves = static_cast<std::int32_t>(offsetof(native_context, leaves));
    constexpr auto found = static_cast<std::int32_t>(offsetof(native_context, found));
    const native_filter& f = *n.filter;
    e_.begin_function();
    if (&n == f.candidate) {
      e_.update_word(leaves, ~std::uint64_t{0}, f.absent);
      e_.update_word(found, ~std::uint64_t{0}, 0);
    }
    // (A name found twice: the document's lookup decides.)
    if (n.found_bit >= 0) e_.set_bit_once(found, static_cast<unsigned>(n.found_bit));
    bool names = false, indexes = false;
    for (const capture_node* c : n.children) (c->is_index ? indexes : names) = true;
    std::array<label, 7> targets;
    for (label& l : targets) l = e_.new_label();
    e_.dispatch(targets);
    const auto set_leaves = [&](value_start start) {
      if (n.leaf_mask != 0) e_.update_word(leaves, n.leaf_mask, n.leaves_by_start[static_cast<std::size_t>(start)]);
      e_.return_position();
    };
    const auto at = [&](value_start start) { e_.bind(targets[static_cast<std::size_t>(start)]); };
    const auto container = [&](value_start start, bool children, label (function_compiler::*scan)(const capture_node&)) {
      at(start);
      if (children) {
        e_.bind((this->*scan)(n));
        e_.close_container();
      } else {
        e_.value_helper(address(&jsonjit_path_skip), nullptr);
      }
      set_leaves(start);
    };
    container(value_start::object, names, &function_compiler::members_of);
    container(value_start::array, indexes, &function_compiler::elements_of);
    at(value_start::string);
    const label escaped = e_.new_label(), string_read = e_.new_label();
    e_.plain_string(escaped);
    e_.bind(string_read);
    set_leaves(value_start::string);
    e_.bind(escaped);
    e_.value_helper(address(&jsonjit_path_skip), nullptr);
    e_.jump(string_read);
    at(value_start::number);
    const label wide = e_.new_label(), number_read = e_.new_label(), converted = e_.new_label();
    e_.skip_narrow_number(wide);
    e_.bind(number_read);
    if (n.number_leaves.empty()) {
      set_leaves(value_start::number);
    } else {
      // Compared by its integer part where that tells; else by the helper, as the document
      // converts it.
      const std::uint64_t others = n.leaves_by_start[static_cast<std::size_t>(value_start::number)];
      e_.number_bits(n.limits, leaves, n.leaf_mask, others, converted);
      e_.return_position();
      e_.bind(converted);
      e_.check_helper(address(&jsonjit_path_number_leaves), &n);
      e_.return_position();
    }
    e_.bind(wide);
    e_.value_helper(address(&jsonjit_path_skip), nullptr);
    e_.jump(n.number_leaves.empty() ? number_read : converted);
    constexpr std::pair<value_start, std::string_view> words[] = {
        {value_start::true_value, "true"}, {value_start::false_value, "false"}, {value_start::null, "null"}};
    for (const auto& [start, word] : words) {
      at(start);
      e_.literal(word);
      set_leaves(start);
    }
  }

  /// The function of native_segment::refused_arrays, at an array: its elements passed where
  /// the filter refuses them whatever they are (as the segment's function passes them), then
  /// the array where the filter refuses its length (a name selector: where they are scalars);
  /// at anything else, the array's start.
  void refused_arrays(const native_segment& s) {
    constexpr auto candidate = static_cast<std::int32_t>(offsetof(native_context, candidate));
    const std::optional<std::vector<jit::length_range>> taken = refused_lengths(s);
    e_.begin_function();
    const label closed = e_.new_label(), loop = e_.new_label(), next = e_.new_label(), other = e_.new_label();
    e_.store_position(candidate);
    e_.open_container(']', closed);
    e_.bind(loop);
    if (taken) {
      e_.count_entry();
      skip_scalars(refused_scalars(*s.filter), next, &*taken);
    } else {
      skip_scalars(every_scalar, next);  // (a name selector: scalars hold no member)
    }
    e_.jump(other);
    e_.bind(next);
    e_.next_entry(']', loop, closed);
    e_.bind(closed);
    e_.close_container();
    if (taken) e_.jump_if_entries_in(*taken, other);
    e_.return_position();
    e_.bind(other);
    e_.return_position_at(candidate);
  }

  /// The children of `n` by index, up to the last (null: none there), where its children are
  /// indexes below `longest_unrolled`; else empty (the element helper finds them).
  static std::vector<const capture_node*> unrolled_indexes(const capture_node& n) {
    constexpr std::uint64_t longest_unrolled = 16;
    std::vector<const capture_node*> by_index;
    for (const capture_node* c : n.children) {
      if (!c->is_index || c->index >= longest_unrolled) return {};
      if (c->index >= by_index.size()) by_index.resize(c->index + 1, nullptr);
      by_index[c->index] = c;
    }
    return by_index;
  }

  /// The function of the values after `s.depth` segments.
  void compile(const native_segment& s) {
    e_.begin_function();
    if (s.by == nullptr) {
      e_.value_helper(address(&jsonjit_path_select), &s);
      e_.return_position();
      return;
    }
    const bool objects = s.descendant || s.by->kind == selector_kind::name || s.by->kind == selector_kind::wildcard ||
                         s.by->kind == selector_kind::filter;
    const bool arrays = s.descendant || s.by->kind != selector_kind::name;
    std::array<label, 7> targets;
    const label other = e_.new_label(), object = e_.new_label(), array = e_.new_label();
    targets.fill(other);
    if (objects) targets[static_cast<std::size_t>(value_start::object)] = object;
    if (arrays) targets[static_cast<std::size_t>(value_start::array)] = array;
    e_.dispatch(targets);
    e_.bind(other);
    e_.value_helper(address(&jsonjit_path_skip), nullptr);
    e_.return_position();
    if (objects) {
      e_.bind(object);
      members(s);
    }
    if (arrays) {
      e_.bind(array);
      elements(s);
    }
  }

 private:
  const void* const* next(const native_segment& s) const { return table_ + s.depth + 1; }

  /// A capture node's container closed at `closed`: recorded with its children counted.
  void close(const capture_node& n, label closed) {
    e_.bind(closed);
    e_.close_container();
    if (n.recorded) e_.check_counted(address(&jsonjit_path_capture_counted), &n);
    e_.return_position();
  }

  void members(const native_segment& s) {
    const label closed = e_.new_label(), loop = e_.new_label(), miss = e_.new_label();
    if (s.descendant) e_.value_helper(address(&jsonjit_path_visit), &s);
    e_.open_container('}', closed);
    e_.bind(loop);
    const bool in_place = s.by->kind == selector_kind::name && s.depth < fixed_ && s.by->name.size() <= longest_in_place;
    const std::string text = in_place ? quoted_name(s.by->name) : std::string();
    if (!text.empty()) {
      // The selected name as written without escapes: compared in place, its value given to
      // the next function directly. Seen twice, the document's lookup (the last) decides.
      const label first = e_.new_label();
      e_.match_name(text, miss);
      e_.jump_unless_seen(0, first);
      e_.fail();
      e_.bind(first);
      e_.mark_seen(0);
      e_.apply_here(next(s));
      e_.next_entry('}', loop, closed);
    }
    e_.bind(miss);
    if (counts(s)) e_.count_entry();
    // (A plain name found by vector compares, its value given to the helper; others at the name.)
    const scalar_kinds refused = s.filter != nullptr ? refused_scalars(*s.filter) : scalar_kinds{};
    const std::optional<std::vector<jit::length_range>> lengths = refused_lengths(s);
    // (A name selector's arrays are passed in the element's loop only: here the name may take one.)
    const void* const* const arrays = s.filter != nullptr ? s.refused_arrays : nullptr;
    if (lengths || arrays != nullptr || std::any_of(refused.begin(), refused.end(), [](bool k) { return k; })) {
      // The values the filter refuses passed here, without the helper.
      const label other = e_.new_label(), next = e_.new_label();
      e_.member_name(other);
      skip_scalars(refused, next, lengths ? &*lengths : nullptr, arrays);
      e_.named_value(address(&jsonjit_path_member_value), &s);
      e_.jump(next);
      e_.bind(other);
      e_.member_helper(address(&jsonjit_path_member), &s, 0);
      e_.bind(next);
    } else {
      e_.member_by_name(address(&jsonjit_path_member_value), address(&jsonjit_path_member), &s);
    }
    e_.next_entry('}', loop, closed);
    close_visited(s, closed);
  }

  /// Elements go through the member helper's call too: the seen slot, cleared where the
  /// array opens, counts them.
  void elements(const native_segment& s) {
    const label closed = e_.new_label(), loop = e_.new_label();
    if (s.descendant) e_.value_helper(address(&jsonjit_path_visit), &s);
    e_.open_container(']', closed);
    e_.bind(loop);
    if (counts(s)) e_.count_entry();
    if (s.filter != nullptr && s.filter->native) {
      decided_elements(s);
      e_.next_entry(']', loop, closed);
    } else {
      // (A name selector under a descendant segment selects no element, and visits only
      // containers.)
      const scalar_kinds skipped_kinds = s.filter != nullptr             ? refused_scalars(*s.filter)
                                         : s.by->kind == selector_kind::name ? every_scalar
                                                                              : scalar_kinds{};
      const std::optional<std::vector<jit::length_range>> lengths = refused_lengths(s);
      const label skipped = e_.new_label();
      const bool skips = skip_scalars(skipped_kinds, skipped, lengths ? &*lengths : nullptr, s.refused_arrays);
      e_.member_helper(address(&jsonjit_path_element), &s, 0);
      e_.next_entry(']', loop, closed);
      if (skips) {
        e_.bind(skipped);
        e_.count_seen();  // (as the element helper counts)
        e_.next_entry(']', loop, closed);
      }
    }
    close_visited(s, closed);
  }

  /// The elements of an array the code decides a filter on: each candidate scanned by the
  /// filter's functions where it is not a scalar refused whatever its value, its verdict
  /// read from the leaves they set; a refused one passed, a taken one given from its start
  /// to the helper (which gives it to the next segment's function).
  void decided_elements(const native_segment& s) {
    constexpr auto candidate = static_cast<std::int32_t>(offsetof(native_context, candidate));
    constexpr auto candidate_end = static_cast<std::int32_t>(offsetof(native_context, candidate_end));
    constexpr auto leaves = static_cast<std::int32_t>(offsetof(native_context, leaves));
    const native_filter& f = *s.filter;
    const label next = e_.new_label();
    e_.count_seen();  // (the element's index, for the helper)
    skip_scalars(refused_scalars(f), next);
    e_.store_position(candidate);
    e_.apply_here(f.candidate->function);
    e_.jump_unless_table_bit(leaves, f.table, next);
    e_.store_position(candidate_end);
    e_.load_position(candidate);
    e_.member_helper(address(&jsonjit_path_taken), &s, 0);
    e_.bind(next);
  }

  /// The kinds of scalar (by value_start) skipped at an element.
  using scalar_kinds = std::array<bool, 7>;
  static constexpr scalar_kinds every_scalar = {false, false, true, true, true, true, true};

  /// The scalars the filter `f` refuses whatever their value (a number where it asks for a
  /// length).
  static scalar_kinds refused_scalars(const native_filter& f) {
    scalar_kinds kinds{};
    constexpr std::pair<value_start, char> firsts[] = {{value_start::string, '"'},     {value_start::number, '0'},
                                                       {value_start::true_value, 't'}, {value_start::false_value, 'f'},
                                                       {value_start::null, 'n'}};
    for (const auto& [start, first] : firsts) kinds[static_cast<std::size_t>(start)] = f.on(first) == scalar_verdict::fails;
    return kinds;
  }

  /// At a value: the scalars of `kinds` skipped here, then to `skipped`; the others (a string
  /// with escapes and a wide number too) fall through, the position at their start. Where
  /// `lengths` is given, a plain string of a length outside them is skipped too (whatever
  /// `kinds` says of strings). False where nothing is (no code).
  bool skip_scalars(scalar_kinds kinds, label skipped, const std::vector<jit::length_range>* lengths = nullptr,
                    const void* const* refused_arrays = nullptr) {
    constexpr std::pair<value_start, std::string_view> words[] = {
        {value_start::true_value, "true"}, {value_start::false_value, "false"}, {value_start::null, "null"}};
    if (lengths != nullptr) kinds[static_cast<std::size_t>(value_start::string)] = true;
    if (std::none_of(kinds.begin(), kinds.end(), [](bool k) { return k; }) && refused_arrays == nullptr) return false;
    std::array<label, 7> targets;
    const label helper = e_.new_label();
    targets.fill(helper);
    for (std::size_t k = 0; k < kinds.size(); ++k) {
      if (kinds[k]) targets[k] = e_.new_label();
    }
    if (refused_arrays != nullptr) targets[static_cast<std::size_t>(value_start::array)] = e_.new_label();
    e_.dispatch(targets);
    if (refused_arrays != nullptr) {
      // (An array it does not pass: the helper's, from its start.)
      e_.bind(targets[static_cast<std::size_t>(value_start::array)]);
      e_.apply_here(refused_arrays);
      e_.jump_if_moved(offsetof(native_context, candidate), skipped);
      e_.jump(helper);
    }
    for (std::size_t k = 0; k < kinds.size(); ++k) {
      if (!kinds[k]) continue;
      e_.bind(targets[k]);
      const auto start = static_cast<value_start>(k);
      if (start == value_start::string && lengths != nullptr) {
        e_.plain_string_outside(helper, *lengths);  // (one the filter takes: the helper's too)
      } else if (start == value_start::string) {
        e_.plain_string(helper);  // (a string with escapes: the helper's)
      } else if (start == value_start::number) {
        e_.skip_narrow_number(helper);  // (a wide one: the helper checks it converts)
      } else {
        for (const auto& [word_start, word] : words) {
          if (word_start == start) e_.literal(word);
        }
      }
      e_.jump(skipped);
    }
    e_.bind(helper);
    return true;
  }

  /// A descendant segment whose filter reads only the candidate itself decides a container
  /// after visiting it, from the children its visit counted (see jsonjit_path_visited).
  static bool counts(const native_segment& s) { return s.filter != nullptr && s.descendant && s.filter->size == 1; }

  void close_visited(const native_segment& s, label closed) {
    e_.bind(closed);
    e_.close_container();
    if (counts(s)) e_.check_counted(address(&jsonjit_path_visited), &s);
    e_.return_position();
  }

  schema_emitter& e_;
  const void* const* table_;
  std::uint32_t fixed_;
};

}  // namespace

native_query::refusal native_query::refusal_of(const program& p) {
  const std::vector<segment>& segments = p.queries[0].segments;
  std::size_t functions = 0;  // (not counting the last, which records)
  for (const segment& seg : segments) {
    if (++functions > most_functions) {
      return {"more than " + std::to_string(most_functions) + " functions (one per segment and per value a filter reads)",
              seg.offset};
    }
    const auto at = [&](std::string why) { return refusal{std::move(why), seg.offset}; };
    if (seg.selectors.size() != 1) return at("more than one selector in a segment (their node list is in the query's order)");
    const selector& s = seg.selectors[0];
    switch (s.kind) {
      case selector_kind::name:
      case selector_kind::wildcard: break;
      case selector_kind::index:
        if (s.index < 0) return at("a negative index (it depends on the array's length)");
        break;
      case selector_kind::slice:
        if (s.step <= 0 || (s.has_start && s.start < 0) || (s.has_end && s.end < 0)) {
          return at("a slice backwards or from the end (it depends on the array's length)");
        }
        break;
      case selector_kind::filter: {
        std::vector<std::uint32_t> queries;
        filter_queries(p, s.filter, queries);
        for (const std::uint32_t q : queries) {
          if (const std::string_view why = uncapturable(p.queries[q]); !why.empty()) return at(std::string(why));
          functions += p.queries[q].segments.size();  // (at most: their nodes are shared where they begin alike)
        }
        ++functions;  // (the candidate's)
        break;
      }
    }
  }
  return {};
}

native_query::native_query()
    : memory_(std::make_unique<jit::code_memory>()), code_(std::make_unique<jit::placed_code>()) {}

native_query::~native_query() {
  if (code_->entry != nullptr) memory_->release(*code_);
}

std::shared_ptr<const native_query> native_query::compile(const program& p, refusal& refused) {
  refused = refusal_of(p);
  if (!refused.why.empty()) return nullptr;
  const auto started = std::chrono::steady_clock::now();
  std::shared_ptr<native_query> q(new native_query);
  q->program_ = &p;
  const std::vector<segment>& segments = p.queries[0].segments;
  std::vector<std::vector<std::uint32_t>> children;  // by capture node
  for (const segment& seg : segments) {
    const selector& by = seg.selectors[0];
    if (by.kind != selector_kind::filter) continue;
    q->filters_.push_back(capture_nodes(p, by.filter, q->captures_, children));
    q->filters_.back().index = static_cast<std::uint32_t>(q->filters_.size() - 1);
  }
  q->fixed_levels_ = static_cast<std::uint32_t>(segments.size() + 1);
  for (std::uint32_t i = 0; i <= segments.size(); ++i) {
    const bool descendant = i < segments.size() && segments[i].descendant;
    if (descendant && q->descendants_ == 0) q->fixed_levels_ = i + 1;
    q->segments_.push_back({i, i < segments.size() ? &segments[i].selectors[0] : nullptr, descendant,
                            i + 1 == segments.size(), descendant ? q->descendants_++ : 0});
  }
  std::size_t next_filter = 0;
  native_segment* last_filter = nullptr;
  for (native_segment& s : q->segments_) {
    if (s.by == nullptr || s.by->kind != selector_kind::filter) continue;
    native_filter& f = q->filters_[next_filter++];
    f.candidate = &q->captures_[f.first];
    f.native = f.native && !s.descendant;
    for (capture_node& n : std::span(q->captures_).subspan(f.first, f.size)) n.filter = &f;
    s.filter = &f;
    last_filter = &s;
  }
  const auto passes_refused_arrays = [](const native_segment& s) {
    return s.descendant && (refused_lengths(s) || s.by->kind == selector_kind::name);
  };
  const auto refused_array_functions = static_cast<std::size_t>(
      std::count_if(q->segments_.begin(), q->segments_.end(), passes_refused_arrays));
  q->functions_.assign(q->segments_.size() + q->captures_.size() + refused_array_functions, nullptr);
  // Now that nothing moves: the capture nodes' and the segments' links.
  const void* const* const capture_functions = q->functions_.data() + q->segments_.size();
  for (capture_node& n : q->captures_) {
    n.function = capture_functions + n.slot;
    for (const std::uint32_t c : children[n.slot]) n.children.push_back(&q->captures_[c]);
  }
  const void* const* next_function = capture_functions + q->captures_.size();
  for (native_segment& s : q->segments_) {
    if (passes_refused_arrays(s)) s.refused_arrays = next_function++;
  }
  if (last_filter != nullptr) last_filter->replays_skips = !last_filter->next_selects;
  schema_emitter e(jit::layout_of<native_context>());
  function_compiler compiler(e, q->functions_.data(), q->fixed_levels_ - 1);
  for (const native_segment& s : q->segments_) compiler.compile(s);
  for (const capture_node& n : q->captures_) compiler.capture(n);
  for (const native_segment& s : q->segments_) {
    if (s.refused_arrays != nullptr) compiler.refused_arrays(s);
  }
  const std::vector<const void*> entries = e.finish(*q->memory_, "jsonjit::path", *q->code_);
  if (entries.size() != q->functions_.size()) {
    refused = {std::string(jit::code_not_placed), 0};
    return nullptr;
  }
  std::copy(entries.begin(), entries.end(), q->functions_.begin());  // (where the code calls through)
  jit::count_compiled(entries.size(), q->code_->size, started);
  return q;
}

bool native_query::run(std::string_view json, const document_options& options, native_run& run,
                       std::vector<path_step>& steps, bool first_only) const {
  // The code reads strict JSON; it leaves a document that rejects repeated names to the
  // interpreter (that needs every object's names remembered).
  if (options.skip_comments || options.allow_trailing_commas || options.duplicates != duplicate_properties::allow) {
    return false;
  }
  const char* cur = json.data();
  const char* const end = cur + json.size();
  if (json.size() >= 3 && std::memcmp(cur, "\xEF\xBB\xBF", 3) == 0) cur += 3;  // as the reader skips it
  if (skip_whitespace(cur, end) == end) return false;
  run.begin = json.data();
  run.preserve_number_text = options.preserve_number_text;
  run.stop_at_first = first_only && descendants_ == 0;
  run.stopped = false;
  run.steps = &steps;
  run.selected.clear();
  run.fixed_levels = fixed_levels_;
  run.entries.resize(fixed_levels_);
  for (std::uint32_t d = 0; d + 1 < fixed_levels_; ++d) {  // (a name selector's step is its name; the helpers set the others')
    const selector& by = *segments_[d].by;
    if (by.kind == selector_kind::name) run.entries[d + 1] = {by.name, 0, false, false};
  }
  run.step_of.assign(fixed_levels_, no_step);
  run.step_of[0] = 0;
  run.escaped_steps.clear();
  run.visited.assign(descendants_, 0);
  run.keys.clear();
  run.captured.resize(captures_.size());
  run.container_verdicts.assign(filters_.size() * verdicts_by_size, 0);
  if (!filters_.empty()) {
    if (run.filters == nullptr) run.filters = std::make_unique<text_filter>(*program_);
    run.filters->start(json, options);
  }
  steps.resize(1);
  constexpr std::size_t largest_indexed = std::size_t{64} << 20;  // (the index takes four bytes per byte)
  run.may_index = static_cast<std::size_t>(end - cur) <= largest_indexed;
  run.indexed.forget();
  // A descendant segment gives a container to two functions where it selects it (each scans
  // it): past a budget of calls, which nested descendant segments could make exponential, the
  // interpreter (linear) selects.
  const std::int64_t budget = descendants_ == 0 ? std::numeric_limits<std::int64_t>::max()
                                                : static_cast<std::int64_t>(16 * json.size() + 1024);
  native_context context{end,     budget, 0, options.max_depth, false, false, 0, nullptr, detail::stack_floor().generated,
                         functions_.data(), &run, nullptr, nullptr, 0, 0};
  const char* after = reinterpret_cast<native_fn>(const_cast<void*>(functions_[0]))(&context, cur, &context.discard);
  run.indexed.trim();
  if (context.gave_up) return false;
  if (run.stopped) {  // (the text after the value is not read)
    unescape_step_names(steps, run.escaped_steps, run.names);
    return true;
  }
  if (after == nullptr || skip_whitespace(after, end) != end) return false;
  if (descendants_ > 0) order_by_keys(run);
  unescape_step_names(steps, run.escaped_steps, run.names);  // (nothing moves them now)
  return true;
}

}  // namespace jsonjit::detail::path
