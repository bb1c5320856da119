// The JSONPath interpreter, the reference semantics (RFC 9535 §2.3-2.5): segments applied to
// the node list one after the other; a descendant segment visits each node before its
// descendants, arrays in order, without recursion over the value; a filter is evaluated on
// each child. One template over the views of documents (element) and nodes (const node*).
#include <jsonjit/path.hpp>

#include <algorithm>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "query/compare_p.hpp"
#include "query/evaluate_p.hpp"
#include "query/jit_p.hpp"
#include "query/parse_p.hpp"

namespace jsonjit {
namespace {

using detail::path::code_points;
using detail::path::comparison;
using detail::path::scalar;
using detail::path::scalar_of;
using detail::path::expression;
using detail::path::expression_kind;
using detail::path::function_id;
using detail::path::program;
using detail::path::query;
using detail::path::segment;
using detail::path::selector;
using detail::path::selector_kind;

// --- the two kinds of views ------------------------------------------------------------------

json_type type_of(const element& v) noexcept { return v.type(); }
json_type type_of(const node* v) noexcept { return v->type(); }
std::size_t size_of(const element& v) noexcept { return v.size(); }
std::size_t size_of(const node* v) noexcept { return v->size(); }

template <class F>
void each_element(const element& v, F&& f) {
  std::size_t i = 0;
  for (const element e : v.elements()) f(i++, e);
}
template <class F>
void each_element(const node* v, F&& f) {
  std::size_t i = 0;
  for (const node& e : v->elements()) f(i++, &e);
}
template <class F>
void each_member(const element& v, F&& f) {
  for (const member m : v.members()) f(m.name, m.value);
}
template <class F>
void each_member(const node* v, F&& f) {
  for (const auto m : v->members()) f(std::string_view(m.name), &m.value);
}

std::optional<element> member_named(const element& v, std::string_view name) noexcept { return v.find(name); }
std::optional<const node*> member_named(const node* v, std::string_view name) {
  const node* found = v->find(name);
  if (found == nullptr) return std::nullopt;
  return found;
}
element element_at(const element& v, std::size_t i) noexcept { return v[i]; }
const node* element_at(const node* v, std::size_t i) noexcept { return &(*v)[i]; }

bool deep_equal(const element& a, const element& b) { return a == b; }
bool deep_equal(const node* a, const node* b) { return *a == *b; }

}  // namespace

/// Evaluates a program over views of type Value (a friend of the node list it fills).
template <class Value>
class path_evaluator {
 public:
  path_evaluator(const program& p, Value root) : program_(p), root_(root) {}

  /// Fills `out`, emptied first (its memory kept).
  parse_error run(basic_node_list<Value>& out) {
    out_ = &out;
    out.values_.clear();
    out.at_.clear();
    out.steps_.resize(1);
    std::vector<item> current{{root_, 0}};
    std::vector<item> next;
    for (const segment& s : program_.queries[0].segments) {
      next.clear();
      apply(s, current, next, true);
      current.swap(next);
      if (error_) return error_;
    }
    out.values_.reserve(current.size());
    out.at_.reserve(current.size());
    for (const item& i : current) {
      out.values_.push_back(i.value);
      out.at_.push_back(i.step);
    }
    return {};
  }

 private:
  struct item {
    Value value;
    std::uint32_t step;  // in the node list's steps (0 where paths are not kept)
  };

  /// An operand of a comparison or a value argument: nothing, a value in the input, a
  /// literal of the query, or a number a function computed.
  struct operand {
    enum class kind : std::uint8_t { nothing, value, literal, number } what = kind::nothing;
    Value value{};
    const node* literal = nullptr;
    std::int64_t number = 0;
  };

  // --- segments and selectors ----------------------------------------------------------------

  std::uint32_t step(const item& from, bool paths, std::string_view name, std::size_t index, bool is_index) {
    if (!paths) return 0;
    out_->steps_.push_back({from.step, is_index, index, name});
    return static_cast<std::uint32_t>(out_->steps_.size() - 1);
  }

  void apply(const segment& s, const std::vector<item>& input, std::vector<item>& output, bool paths) {
    for (const item& i : input) {
      if (!s.descendant) {
        select(s, i, output, paths);
        continue;
      }
      // The node and its descendants, each before its own descendants, arrays in order.
      std::vector<item> pending{i};
      std::vector<item> children;
      while (!pending.empty() && !error_) {
        const item at = pending.back();
        pending.pop_back();
        select(s, at, output, paths);
        children.clear();
        each_child(at, paths, [&](const item& child) { children.push_back(child); }, true);
        pending.insert(pending.end(), children.rbegin(), children.rend());
      }
    }
  }

  /// f(child) for each child of `at`; with `non_empty_only`, for arrays and objects that have
  /// children only (a descendant segment's walk: no step is recorded for the others).
  template <class F>
  void each_child(const item& at, bool paths, F&& f, bool non_empty_only = false) {
    const json_type t = type_of(at.value);
    if (t == json_type::array) {
      each_element(at.value, [&](std::size_t index, const Value& v) {
        if (!non_empty_only || size_of(v) > 0) f(item{v, step(at, paths, {}, index, true)});
      });
    } else if (t == json_type::object) {
      each_member(at.value, [&](std::string_view name, const Value& v) {
        if (!non_empty_only || size_of(v) > 0) f(item{v, step(at, paths, name, 0, false)});
      });
    }
  }

  void select(const segment& s, const item& at, std::vector<item>& output, bool paths) {
    const json_type t = type_of(at.value);
    for (const selector& sel : s.selectors) {
      switch (sel.kind) {
        case selector_kind::name:
          if (t == json_type::object) {
            if (auto child = member_named(at.value, sel.name)) {
              output.push_back({*child, step(at, paths, sel.name, 0, false)});
            }
          }
          break;
        case selector_kind::wildcard: each_child(at, paths, [&](const item& child) { output.push_back(child); }); break;
        case selector_kind::index:
          if (t == json_type::array) {
            const auto size = static_cast<std::int64_t>(size_of(at.value));
            const std::int64_t i = sel.index < 0 ? size + sel.index : sel.index;
            if (i >= 0 && i < size) {
              const auto index = static_cast<std::size_t>(i);
              output.push_back({element_at(at.value, index), step(at, paths, {}, index, true)});
            }
          }
          break;
        case selector_kind::slice:
          if (t == json_type::array) slice(sel, at, output, paths);
          break;
        case selector_kind::filter:
          each_child(at, paths, [&](const item& child) {
            if (!error_ && holds(sel.filter, child.value)) output.push_back(child);
          });
          break;
      }
    }
  }

  /// §2.3.4.2.2: the slice's bounds normalized and clamped, then the indexes stepped through.
  void slice(const selector& sel, const item& at, std::vector<item>& output, bool paths) {
    const auto length = static_cast<std::int64_t>(size_of(at.value));
    const std::int64_t step_by = sel.step;
    if (step_by == 0 || length == 0) return;
    auto normalize = [length](std::int64_t i) { return i >= 0 ? i : length + i; };
    std::vector<Value> elements;  // by index (a document's elements are reached in order only)
    elements.reserve(static_cast<std::size_t>(length));
    each_element(at.value, [&](std::size_t, const Value& v) { elements.push_back(v); });
    auto take = [&](std::int64_t i) {
      const auto index = static_cast<std::size_t>(i);
      output.push_back({elements[index], step(at, paths, {}, index, true)});
    };
    if (step_by > 0) {
      const std::int64_t lower = std::clamp<std::int64_t>(sel.has_start ? normalize(sel.start) : 0, 0, length);
      const std::int64_t upper = std::clamp<std::int64_t>(sel.has_end ? normalize(sel.end) : length, 0, length);
      for (std::int64_t i = lower; i < upper; i += step_by) take(i);
    } else {
      const std::int64_t upper = std::clamp<std::int64_t>(sel.has_start ? normalize(sel.start) : length - 1, -1, length - 1);
      const std::int64_t lower = std::clamp<std::int64_t>(sel.has_end ? normalize(sel.end) : -length - 1, -1, length - 1);
      for (std::int64_t i = upper; lower < i; i += step_by) take(i);
    }
  }

  // --- filter expressions --------------------------------------------------------------------

  /// A logical expression on the current node.
  bool holds(std::uint32_t e, const Value& current) {
    const expression& x = program_.expressions[e];
    switch (x.kind) {
      case expression_kind::logical_or:
        for (const std::uint32_t c : x.children) {
          if (holds(c, current)) return true;
        }
        return false;
      case expression_kind::logical_and:
        for (const std::uint32_t c : x.children) {
          if (!holds(c, current)) return false;
        }
        return true;
      case expression_kind::logical_not: return !holds(x.children[0], current);
      case expression_kind::compare:
        return compare(value_of(x.children[0], current), value_of(x.children[1], current), x.op);
      case expression_kind::exists: {
        const query& q = program_.queries[x.query];
        if (q.singular()) return singular_node(q, current).has_value();
        return !nodes_of(x.query, current).empty();
      }
      case expression_kind::function: return matches(x, current);
      default: return false;  // (the parser gives a logical expression only)
    }
  }

  /// A comparable or value argument.
  operand value_of(std::uint32_t e, const Value& current) {
    const expression& x = program_.expressions[e];
    operand o;
    switch (x.kind) {
      case expression_kind::literal:
        o.what = operand::kind::literal;
        o.literal = &x.literal;
        return o;
      case expression_kind::singular:
        if (const std::optional<Value> found = singular_node(program_.queries[x.query], current)) {
          o.what = operand::kind::value;
          o.value = *found;
        }
        return o;
      case expression_kind::function: return function_value(x, current);
      default: return o;
    }
  }

  operand function_value(const expression& x, const Value& current) {
    operand o;
    switch (x.function) {
      case function_id::length: {
        const operand arg = value_of(x.children[0], current);
        scalar s;
        std::size_t size = 0;
        if (arg.what == operand::kind::value) {
          const json_type t = type_of(arg.value);
          if (t == json_type::array || t == json_type::object) {
            o.what = operand::kind::number;
            o.number = static_cast<std::int64_t>(size_of(arg.value));
            return o;
          }
          s = scalar_of(arg.value);
        } else if (arg.what == operand::kind::literal) {
          s = scalar_of(*arg.literal);
        }
        if (s.type != json_type::string) return o;  // nothing
        size = code_points(s.text);
        o.what = operand::kind::number;
        o.number = static_cast<std::int64_t>(size);
        return o;
      }
      case function_id::count:
        o.what = operand::kind::number;
        o.number = static_cast<std::int64_t>(nodes_of(program_.expressions[x.children[0]].query, current).size());
        return o;
      case function_id::value: {
        std::vector<Value> found = nodes_of(program_.expressions[x.children[0]].query, current);
        if (found.size() == 1) {
          o.what = operand::kind::value;
          o.value = found[0];
        }
        return o;
      }
      default: return o;
    }
  }

  scalar scalar_of_operand(const operand& o) {
    if (o.what == operand::kind::value) return scalar_of(o.value);
    if (o.what == operand::kind::literal) return scalar_of(*o.literal);
    return detail::path::integer_scalar(o.number);
  }

  /// §2.3.5.2.2.
  bool compare(const operand& a, const operand& b, comparison op) {
    return detail::path::comparison_holds(
        op, [&] { return equal(a, b); }, [&] { return less(a, b); }, [&] { return less(b, a); });
  }

  bool equal(const operand& a, const operand& b) {
    const bool a_nothing = a.what == operand::kind::nothing, b_nothing = b.what == operand::kind::nothing;
    if (a_nothing || b_nothing) return a_nothing && b_nothing;
    if (a.what == operand::kind::value && b.what == operand::kind::value) {
      const json_type ta = type_of(a.value);
      if (ta == json_type::array || ta == json_type::object) return deep_equal(a.value, b.value);
    }
    return detail::path::scalars_equal(scalar_of_operand(a), scalar_of_operand(b));
  }

  bool less(const operand& a, const operand& b) {
    if (a.what == operand::kind::nothing || b.what == operand::kind::nothing) return false;
    return detail::path::scalars_less(scalar_of_operand(a), scalar_of_operand(b));
  }

  /// match() and search(): false unless both arguments are strings and the pattern an I-Regexp.
  bool matches(const expression& x, const Value& current) {
    const scalar subject = scalar_of_operand(value_of(x.children[0], current));
    const scalar pattern = scalar_of_operand(value_of(x.children[1], current));
    switch (detail::path::regex_function(program_, x, subject, pattern)) {
      case detail::schema::regex_match::found: return true;
      case detail::schema::regex_match::not_found: return false;
      case detail::schema::regex_match::too_costly:
        if (!error_) error_ = detail::path::too_costly_error(x, subject.text.size());
        return false;
    }
    return false;
  }

  /// The node a singular query (names and indexes only) selects, walked without node lists:
  /// what a filter's comparisons and existence tests ask of each candidate.
  std::optional<Value> singular_node(const query& q, const Value& current) {
    Value at = q.relative ? current : root_;
    for (const segment& s : q.segments) {
      const selector& sel = s.selectors[0];
      const json_type t = type_of(at);
      if (sel.kind == selector_kind::name) {
        if (t != json_type::object) return std::nullopt;
        auto child = member_named(at, sel.name);
        if (!child) return std::nullopt;
        at = *child;
        continue;
      }
      if (t != json_type::array) return std::nullopt;
      const auto size = static_cast<std::int64_t>(size_of(at));
      const std::int64_t i = sel.index < 0 ? size + sel.index : sel.index;
      if (i < 0 || i >= size) return std::nullopt;
      at = element_at(at, static_cast<std::size_t>(i));
    }
    return at;
  }

  /// The nodes a query inside a filter selects from the current node (@) or the root ($).
  std::vector<Value> nodes_of(std::uint32_t q, const Value& current) {
    const query& sub = program_.queries[q];
    std::vector<item> at{{sub.relative ? current : root_, 0}};
    std::vector<item> next;
    for (const segment& s : sub.segments) {
      next.clear();
      apply(s, at, next, false);
      at.swap(next);
      if (at.empty() || error_) break;
    }
    std::vector<Value> found;
    found.reserve(at.size());
    for (const item& i : at) found.push_back(i.value);
    return found;
  }

  const program& program_;
  Value root_;
  basic_node_list<Value>* out_ = nullptr;
  parse_error error_;
};

// --- the public API ----------------------------------------------------------------------------

result<json_path, parse_error> json_path::compile(std::string_view text, const path_options& options) {
  auto parsed = detail::path::parse(text);
  if (!parsed) return parsed.error();
  auto p = std::make_shared<program>(std::move(*parsed));
  if (options.engine != engine::interpreter) {
    detail::path::native_query::refusal refused;
    p->native = detail::path::native_query::compile(*p, refused);
    if (p->native == nullptr && options.engine == engine::jit) {
      parse_error e{{error_code::not_compiled, refused.offset, 1, refused.offset + 1, false}, {}, std::move(refused.why)};
      return e;
    }
  }
  return json_path(std::move(p));
}

parse_error detail::path::select_into(const program& p, const element& root, node_list& out) {
  return path_evaluator<element>(p, root).run(out);
}

result<node_list, parse_error> json_path::select(const element& root) const {
  node_list out;
  out.query_ = program_;
  if (parse_error failed = path_evaluator<element>(*program_, root).run(out)) return failed;
  return out;
}

result<node_ref_list, parse_error> json_path::select(const node& root) const {
  node_ref_list out;
  out.query_ = program_;
  if (parse_error failed = path_evaluator<const node*>(*program_, &root).run(out)) return failed;
  return out;
}

const std::string& json_path::text() const noexcept {
  return program_->text;
}

bool json_path::compiled() const noexcept {
  return program_->native != nullptr;
}

}  // namespace jsonjit
