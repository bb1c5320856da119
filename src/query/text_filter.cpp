// Filter expressions decided over text (see text_filter_p.hpp).
#include "query/text_filter_p.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <utility>

#include "dom/tape_builder_p.hpp"
#include "text/number_scan_p.hpp"
#include "text/simd_p.hpp"
#include "text/unescape_p.hpp"

namespace jsonjit::detail::path {

void filter_queries(const program& p, std::uint32_t e, std::vector<std::uint32_t>& out) {
  const expression& x = p.expressions[e];
  if (x.kind == expression_kind::exists || x.kind == expression_kind::singular || x.kind == expression_kind::nodes) {
    out.push_back(x.query);
  }
  for (const std::uint32_t child : x.children) filter_queries(p, child, out);
}

std::string_view uncapturable(const query& q) noexcept {
  if (!q.relative) return "a filter query on the root ($)";
  if (!q.singular()) return "a filter query that may select several nodes";
  for (const segment& s : q.segments) {
    if (s.selectors[0].kind == selector_kind::index && s.selectors[0].index < 0) return "a negative index in a filter query";
  }
  return {};
}

namespace {

/// A comparable of a filter on a scalar candidate of one kind, as far as the kind tells:
/// Nothing, or a value of a known type whose value may be known.
struct abstract_value {
  bool nothing = false;
  bool known = false;
  scalar value;  // its type always; the rest where known
};

struct scalar_kind {
  json_type type;
  bool boolean;
};

scalar_verdict either(scalar_verdict a, scalar_verdict b) noexcept {  // a || b
  if (a == scalar_verdict::holds || b == scalar_verdict::holds) return scalar_verdict::holds;
  return a == scalar_verdict::fails && b == scalar_verdict::fails ? scalar_verdict::fails : scalar_verdict::depends;
}
scalar_verdict negation(scalar_verdict a) noexcept {
  if (a == scalar_verdict::depends) return a;
  return a == scalar_verdict::holds ? scalar_verdict::fails : scalar_verdict::holds;
}
scalar_verdict verdict_of(bool b) noexcept { return b ? scalar_verdict::holds : scalar_verdict::fails; }

abstract_value abstract_of(const program& p, std::uint32_t e, const scalar_kind& k) {
  const expression& x = p.expressions[e];
  abstract_value v;
  const auto from_query = [&](std::uint32_t q) {
    if (!p.queries[q].segments.empty()) {
      v.nothing = true;
    } else {
      v.value.type = k.type;
      v.value.boolean = k.boolean;
      v.known = k.type != json_type::number && k.type != json_type::string;
    }
    return v;
  };
  switch (x.kind) {
    case expression_kind::literal:
      v.known = true;
      v.value = scalar_of(x.literal);
      return v;
    case expression_kind::singular: return from_query(x.query);
    case expression_kind::function: break;
    default: v.nothing = true; return v;
  }
  switch (x.function) {
    case function_id::length: {
      const abstract_value a = abstract_of(p, x.children[0], k);
      if (a.nothing || a.value.type != json_type::string) {
        v.nothing = true;
      } else if (a.known) {
        v.known = true;
        v.value = integer_scalar(static_cast<std::int64_t>(code_points(a.value.text)));
      } else {
        v.value.type = json_type::number;
      }
      return v;
    }
    case function_id::count:
      v.known = true;
      v.value = integer_scalar(p.queries[p.expressions[x.children[0]].query].segments.empty() ? 1 : 0);
      return v;
    case function_id::value: return from_query(p.expressions[x.children[0]].query);
    default: v.nothing = true; return v;
  }
}

scalar_verdict equal_verdict(const abstract_value& a, const abstract_value& b) {
  if (a.nothing || b.nothing) return verdict_of(a.nothing && b.nothing);
  if (a.value.type != b.value.type) return scalar_verdict::fails;
  if (!a.known || !b.known) return scalar_verdict::depends;
  return verdict_of(scalars_equal(a.value, b.value));
}

scalar_verdict less_verdict(const abstract_value& a, const abstract_value& b) {
  if (a.nothing || b.nothing || a.value.type != b.value.type) return scalar_verdict::fails;
  if (a.value.type != json_type::number && a.value.type != json_type::string) return scalar_verdict::fails;
  if (!a.known || !b.known) return scalar_verdict::depends;
  return verdict_of(scalars_less(a.value, b.value));
}

scalar_verdict verdict_on(const program& p, std::uint32_t e, const scalar_kind& k) {
  const expression& x = p.expressions[e];
  switch (x.kind) {
    case expression_kind::logical_or:
    case expression_kind::logical_and: {
      const bool is_or = x.kind == expression_kind::logical_or;
      scalar_verdict v = verdict_of(!is_or);
      for (const std::uint32_t child : x.children) {
        const scalar_verdict c = verdict_on(p, child, k);
        v = is_or ? either(v, c) : negation(either(negation(v), negation(c)));
      }
      return v;
    }
    case expression_kind::logical_not: return negation(verdict_on(p, x.children[0], k));
    case expression_kind::exists: return verdict_of(p.queries[x.query].segments.empty());
    case expression_kind::compare: {
      const abstract_value a = abstract_of(p, x.children[0], k), b = abstract_of(p, x.children[1], k);
      const scalar_verdict equal = equal_verdict(a, b);
      switch (x.op) {
        case comparison::equal: return equal;
        case comparison::not_equal: return negation(equal);
        case comparison::less: return less_verdict(a, b);
        case comparison::less_equal: return either(less_verdict(a, b), equal);
        case comparison::greater: return less_verdict(b, a);
        case comparison::greater_equal: return either(less_verdict(b, a), equal);
      }
      return scalar_verdict::depends;
    }
    case expression_kind::function: {  // match() or search(): false unless both are strings
      const abstract_value a = abstract_of(p, x.children[0], k), b = abstract_of(p, x.children[1], k);
      const bool strings = !a.nothing && !b.nothing && a.value.type == json_type::string && b.value.type == json_type::string;
      return strings ? scalar_verdict::depends : scalar_verdict::fails;
    }
    default: return scalar_verdict::depends;
  }
}

}  // namespace

scalar_verdict filter_on_scalars(const program& p, std::uint32_t e, json_type type, bool boolean) {
  return verdict_on(p, e, scalar_kind{type, boolean});
}

namespace {

/// Whether the rest of a number's text after its integer part, [p, end), has an exponent: an
/// 'e' or 'E' (the text is JSON: no other letter).
bool has_exponent(const char* p, const char* end, const char* text_end) noexcept {
  if (*p != '.') return true;
#if JSONJIT_VEC16
  if (end - p <= 16 && text_end - p >= 16) {  // (most: one vector)
    using namespace vec16;
    const byte_mask e = mask_of(equal(bit_or(load(p), splat(0x20)), splat('e')));
    return e != 0 && first_byte(e) < end - p;
  }
#endif
  return skip_digits(p + 1, text_end) != end;
}

}  // namespace

bool integer_range(const char* number, const char* end, const char* text_end, std::int64_t& low,
                   std::int64_t& high) noexcept {
  const bool negative = *number == '-';
  const char* const digits = number + (negative ? 1 : 0);
  std::uint64_t integer = 0;
  const char* point = nullptr;
  std::uint64_t word = 0;
  if (text_end - digits >= 8 && (std::memcpy(&word, digits, 8), not_digit_bytes(word) != 0)) {
    // (Most: fewer than eight digits, read in one word.)
    const int count = __builtin_ctzll(not_digit_bytes(word)) / 8;
    integer = digits_value((word - 0x3030303030303030) << (8 * (8 - count)));
    point = digits + count;
  } else {
    point = read_digits(digits, text_end, integer);
    if (point - digits > 15) return false;
  }
  const bool exact = point == end;  // no fraction, no exponent
  if (!exact && has_exponent(point, end, text_end)) return false;
  const auto i = static_cast<std::int64_t>(integer);
  low = negative ? -i - (exact ? 0 : 1) : i;
  high = negative ? -i : i + (exact ? 0 : 1);
  return true;
}

int order_in_range(std::int64_t low, std::int64_t high, double limit) noexcept {
  // (Integers below 2^53 convert to doubles exactly.)
  if (limit < static_cast<double>(low)) return 1;
  if (limit > static_cast<double>(high)) return -1;
  return low == high ? 0 : 2;
}

namespace {

constexpr double exact_integers = 9007199254740992.0;  // 2^53: doubles below it hold every integer

/// Whether `op` holds between two numbers the first of which is `order` (-1, 0, 1) to the second.
bool order_holds(comparison op, int order) noexcept {
  return comparison_holds(
      op, [order] { return order == 0; }, [order] { return order < 0; }, [order] { return order > 0; });
}

}  // namespace

text_filter::text_filter(const program& p)
    : program_(p), literals_(p.expressions.size()), number_comparisons_(p.expressions.size()) {
  for (std::size_t e = 0; e < p.expressions.size(); ++e) {
    if (p.expressions[e].kind == expression_kind::literal) literals_[e] = scalar_of(p.expressions[e].literal);
  }
  quick_of_.assign(p.expressions.size(), UINT32_MAX);
  for (const query& q : p.queries) {
    for (const segment& s : q.segments) {
      for (const selector& by : s.selectors) {
        if (by.kind != selector_kind::filter || quick_of_[by.filter] != UINT32_MAX) continue;
        const auto first = static_cast<std::uint32_t>(quick_nodes_.size());
        if (quick_form(p, literals_, by.filter, quick_nodes_)) quick_of_[by.filter] = first;
      }
    }
  }
  for (std::size_t e = 0; e < p.expressions.size(); ++e) {
    const expression& x = p.expressions[e];
    if (x.kind != expression_kind::compare) continue;
    for (const bool literal_first : {false, true}) {
      const std::uint32_t query = x.children[literal_first ? 1 : 0], literal = x.children[literal_first ? 0 : 1];
      const scalar& l = literals_[literal];
      if (p.expressions[query].kind == expression_kind::singular &&
          p.expressions[literal].kind == expression_kind::literal && l.type == json_type::number &&
          std::fabs(l.number) < exact_integers) {
        number_comparisons_[e] = {p.expressions[query].query, l.number, literal_first, true};
      }
    }
  }
}

namespace {

bool add_quick(const program& p, const std::vector<scalar>& literals, std::uint32_t e, std::vector<quick_node>& out) {
  const expression& x = p.expressions[e];
  const auto at = static_cast<std::uint32_t>(out.size());
  out.emplace_back();
  switch (x.kind) {
    case expression_kind::logical_or:
    case expression_kind::logical_and:
    case expression_kind::logical_not:
      out[at].what = x.kind == expression_kind::logical_or    ? quick_node::kind::any
                              : x.kind == expression_kind::logical_and ? quick_node::kind::all
                                                                       : quick_node::kind::negation;
      for (const std::uint32_t child : x.children) {
        if (!add_quick(p, literals, child, out)) return false;
      }
      break;
    case expression_kind::exists: out[at].query = x.query; break;
    case expression_kind::compare: {
      // The query's value first: `3 < @.a` is `@.a > 3`.
      const bool literal_first = p.expressions[x.children[0]].kind == expression_kind::literal;
      const expression* compared = &p.expressions[x.children[literal_first ? 1 : 0]];
      const std::uint32_t literal = x.children[literal_first ? 0 : 1];
      const scalar& l = literals[literal];
      const bool length = compared->kind == expression_kind::function && compared->function == function_id::length;
      if (length) {
        compared = &p.expressions[compared->children[0]];
        if (l.type != json_type::number) return false;
      }
      if (compared->kind != expression_kind::singular || p.expressions[literal].kind != expression_kind::literal ||
          (l.type == json_type::number && !(std::fabs(l.number) < exact_integers))) {
        return false;
      }
      static constexpr comparison mirrored[] = {comparison::equal,         comparison::not_equal,
                                                comparison::greater,       comparison::greater_equal,
                                                comparison::less,          comparison::less_equal};
      quick_node& n = out[at];
      n.what = length ? quick_node::kind::compare_length : quick_node::kind::compare;
      n.op = literal_first ? mirrored[static_cast<std::size_t>(x.op)] : x.op;
      n.query = compared->query;
      n.literal = &l;
      break;
    }
    default: return false;
  }
  out[at].size = static_cast<std::uint32_t>(out.size()) - at;
  return true;
}

}  // namespace

bool quick_form(const program& p, const std::vector<scalar>& literals, std::uint32_t e, std::vector<quick_node>& out) {
  const std::size_t first = out.size();
  if (add_quick(p, literals, e, out)) return true;
  out.resize(first);
  return false;
}

text_filter::quick_verdict text_filter::quick(const quick_node* n) {
  const auto verdict = [](bool b) { return b ? quick_verdict::holds : quick_verdict::fails; };
  switch (n->what) {
    case quick_node::kind::all:
    case quick_node::kind::any: {
      // Where one child decides (false under &&, true under ||), the others' values do not
      // matter: nothing here has effects.
      const quick_verdict deciding = n->what == quick_node::kind::any ? quick_verdict::holds : quick_verdict::fails;
      bool undecided = false;
      for (const quick_node *c = n + 1, *end = n + n->size; c < end; c += c->size) {
        const quick_verdict v = c->size == 1 ? leaf(*c) : quick(c);
        if (v == deciding) return v;
        undecided = undecided || v == quick_verdict::undecided;
      }
      if (undecided) return quick_verdict::undecided;
      return deciding == quick_verdict::holds ? quick_verdict::fails : quick_verdict::holds;
    }
    case quick_node::kind::negation: {
      const quick_verdict v = quick(n + 1);
      return v == quick_verdict::undecided ? v : verdict(v == quick_verdict::fails);
    }
    default: return leaf(*n);
  }
}

text_filter::quick_verdict text_filter::leaf(const quick_node& n) {
  switch (n.what) {
    case quick_node::kind::exists: return captured(n.query) != nullptr ? quick_verdict::holds : quick_verdict::fails;
    case quick_node::kind::compare: return compared(n);
    case quick_node::kind::compare_length: return compared_length(n);
    default: return quick_verdict::undecided;
  }
}

/// A comparison with a literal from the captured text: values of different types (Nothing
/// too) are unequal and unordered; numbers ordered from their integer part where that tells;
/// strings without escapes by their bytes (UTF-8's order is the code points').
text_filter::quick_verdict text_filter::compared(const quick_node& n) {
  const auto verdict = [](bool b) { return b ? quick_verdict::holds : quick_verdict::fails; };
  const captured_value* v = captured(n.query);
  const char first = v != nullptr ? json_[v->begin] : '\0';
  const scalar& l = *n.literal;
  switch (l.type) {
    case json_type::number: {
      if (first != '-' && (first < '0' || first > '9')) break;
      const int order = order_of_captured(*v, l.number);
      return order == 2 ? quick_verdict::undecided : verdict(order_holds(n.op, order));
    }
    case json_type::string: {
      if (first != '"') break;
      if (!v->plain) return quick_verdict::undecided;
      const int order = json_.substr(v->begin + 1, v->end - v->begin - 2).compare(l.text);
      return verdict(order_holds(n.op, order < 0 ? -1 : order > 0 ? 1 : 0));
    }
    case json_type::boolean:
      if (first != 't' && first != 'f') break;
      return verdict(comparison_holds(
          n.op, [&] { return (first == 't') == l.boolean; }, [] { return false; }, [] { return false; }));
    case json_type::null:
      if (first != 'n') break;
      return verdict(comparison_holds(n.op, [] { return true; }, [] { return false; }, [] { return false; }));
    default: return quick_verdict::undecided;
  }
  return verdict(n.op == comparison::not_equal);
}

/// length() of a captured value compared with a number literal: a container's children, a
/// string's code points (those of its text where it has no escapes); Nothing for anything else.
text_filter::quick_verdict text_filter::compared_length(const quick_node& n) {
  const captured_value* v = captured(n.query);
  const char first = v != nullptr ? json_[v->begin] : '\0';
  std::uint64_t length = 0;
  if (first == '[' || first == '{') {
    length = v->size;
  } else if (first == '"') {
    const std::string_view inside = json_.substr(v->begin + 1, v->end - v->begin - 2);
    if (v->plain) {
      length = inside.size();
    } else if (inside.find('\\') == std::string_view::npos) {  // (its UTF-8 is checked)
      length = code_points(inside);
    } else {
      return quick_verdict::undecided;
    }
  } else {
    return n.op == comparison::not_equal ? quick_verdict::holds : quick_verdict::fails;
  }
  const double limit = n.literal->number, value = static_cast<double>(length);
  const bool holds = comparison_holds(
      n.op, [&] { return value == limit; }, [&] { return value < limit; }, [&] { return value > limit; });
  return holds ? quick_verdict::holds : quick_verdict::fails;
}

void text_filter::start(std::string_view json, const document_options& options) noexcept {
  json_ = json;
  options_ = options;
  gave_up_ = false;
}

const captured_value* text_filter::captured(std::uint32_t query) const noexcept {
  const captured_value& v = captured_[slot_of_query_[query]];
  return v.found ? &v : nullptr;
}

bool text_filter::holds(std::uint32_t e, const captured_value* captured, const std::uint32_t* slot_of_query) {
  captured_ = captured;
  slot_of_query_ = slot_of_query;
  if (const std::uint32_t first = quick_of_[e]; first != UINT32_MAX) {
    const quick_verdict v = quick(&quick_nodes_[first]);
    if (v != quick_verdict::undecided) return v == quick_verdict::holds;
  }
  return decide(e);
}

bool text_filter::decide(std::uint32_t e) {
  const expression& x = program_.expressions[e];
  switch (x.kind) {
    case expression_kind::logical_or:
      return std::any_of(x.children.begin(), x.children.end(), [&](std::uint32_t child) { return decide(child); });
    case expression_kind::logical_and:
      return std::all_of(x.children.begin(), x.children.end(), [&](std::uint32_t child) { return decide(child); });
    case expression_kind::logical_not: return !decide(x.children[0]);
    case expression_kind::compare: {
      if (const number_comparison& c = number_comparisons_[e]; c.present) {
        const captured_value* v = captured(c.query);
        if (v == nullptr) return x.op == comparison::not_equal;  // Nothing against a number
        if (const int order = order_of_captured(*v, c.literal); order != 2) {
          return order_holds(x.op, c.literal_first ? -order : order);
        }
      }
      const operand a = value_of(x.children[0]), b = value_of(x.children[1]);
      return comparison_holds(
          x.op, [&] { return equal(a, b); }, [&] { return less(a, b); }, [&] { return less(b, a); });
    }
    case expression_kind::exists: return captured(x.query) != nullptr;
    case expression_kind::function: {  // match() or search()
      const scalar subject = scalar_of_operand(value_of(x.children[0]), unescaped_a_);
      const scalar pattern = scalar_of_operand(value_of(x.children[1]), unescaped_b_);
      switch (regex_function(program_, x, subject, pattern)) {
        case schema::regex_match::found: return true;
        case schema::regex_match::not_found: return false;
        case schema::regex_match::too_costly: gave_up_ = true; return false;  // the document says which
      }
      return false;
    }
    default: return false;
  }
}

text_filter::operand text_filter::value_of(std::uint32_t e) {
  const expression& x = program_.expressions[e];
  operand o;
  switch (x.kind) {
    case expression_kind::literal:
      o.what = operand::kind::literal;
      o.literal = &literals_[e];
      return o;
    case expression_kind::singular:
      if (const captured_value* v = captured(x.query)) {
        o.what = operand::kind::captured;
        o.value = v;
      }
      return o;
    case expression_kind::function: break;
    default: return o;
  }
  switch (x.function) {
    case function_id::length: {
      const operand arg = value_of(x.children[0]);
      if (arg.what == operand::kind::captured) {
        const char first = json_[arg.value->begin];
        if (first == '[' || first == '{') {
          o.what = operand::kind::number;
          o.number = arg.value->size;
          return o;
        }
        if (first != '"') return o;  // (no need to read a number or a literal)
        if (arg.value->plain) {
          o.what = operand::kind::number;
          o.number = static_cast<std::int64_t>(arg.value->end - arg.value->begin - 2);
          return o;
        }
      }
      if (arg.what != operand::kind::captured && arg.what != operand::kind::literal) return o;
      const scalar s = scalar_of_operand(arg, unescaped_a_);
      if (s.type != json_type::string) return o;
      o.what = operand::kind::number;
      o.number = static_cast<std::int64_t>(code_points(s.text));
      return o;
    }
    case function_id::count:
      o.what = operand::kind::number;
      o.number = captured(program_.expressions[x.children[0]].query) != nullptr ? 1 : 0;
      return o;
    case function_id::value:
      if (const captured_value* v = captured(program_.expressions[x.children[0]].query)) {
        o.what = operand::kind::captured;
        o.value = v;
      }
      return o;
    default: return o;
  }
}

scalar text_filter::scalar_of_operand(const operand& o, std::string& unescaped) {
  switch (o.what) {
    case operand::kind::captured: return scalar_of_text(*o.value, unescaped);
    case operand::kind::literal: return *o.literal;
    case operand::kind::number: return integer_scalar(o.number);
    case operand::kind::nothing: break;
  }
  return {};
}

/// A captured value read as the document reads it.
scalar text_filter::scalar_of_text(const captured_value& v, std::string& unescaped) {
  const std::string_view text = json_.substr(v.begin, v.end - v.begin);
  scalar s;
  switch (text[0]) {
    case '"': {
      s.type = json_type::string;
      const std::string_view inside = text.substr(1, text.size() - 2);
      if (v.plain || inside.find('\\') == std::string_view::npos) {
        s.text = inside;
        break;
      }
      unescaped.resize(inside.size());
      const char* end = unescape(inside.data(), inside.data() + inside.size(), unescaped.data());
      s.text = std::string_view(unescaped.data(), static_cast<std::size_t>(end - unescaped.data()));
      break;
    }
    case '{': s.type = json_type::object; break;
    case '[': s.type = json_type::array; break;
    case 't':
      s.type = json_type::boolean;
      s.boolean = true;
      break;
    case 'f': s.type = json_type::boolean; break;
    case 'n': s.type = json_type::null; break;
    default: return number_scalar(text, options_.preserve_number_text);
  }
  return s;
}

scalar number_scalar(std::string_view text, bool preserve_number_text) {
  scalar s;
  s.type = json_type::number;
  tape_number n{};
  convert_number(text, n, preserve_number_text);  // (it converted when it was read)
  if (n.tag == tape_tag::int64) {
    s.is_int64 = true;
    s.int64 = static_cast<std::int64_t>(n.bits);
    s.number = static_cast<double>(s.int64);
  } else if (n.tag == tape_tag::uint64) {
    s.is_uint64 = true;
    s.uint64 = n.bits;
    s.number = static_cast<double>(s.uint64);
  } else {
    const double d = std::bit_cast<double>(n.bits);
    s.number = std::isinf(d) ? 0 : d;  // (get_double() refuses one kept beyond double's range)
  }
  return s;
}

int text_filter::known_order(const operand& a, const operand& b) const noexcept {
  const auto limit = [](const operand& o, double& value) {
    if (o.what == operand::kind::number) {
      value = static_cast<double>(o.number);
    } else if (o.what == operand::kind::literal && o.literal->type == json_type::number) {
      value = o.literal->number;
    } else {
      return false;
    }
    return std::fabs(value) < exact_integers;
  };
  double value = 0;
  if (a.what == operand::kind::captured && limit(b, value)) return order_of_captured(*a.value, value);
  if (b.what == operand::kind::captured && limit(a, value)) {
    const int order = order_of_captured(*b.value, value);
    return order == 2 ? 2 : -order;
  }
  return 2;
}

int text_filter::order_of_captured(const captured_value& v, double limit) const noexcept {
  const char first = json_[v.begin];
  if (first != '-' && (first < '0' || first > '9')) return 2;
  std::int64_t low = 0, high = 0;
  return integer_range(json_.data() + v.begin, json_.data() + v.end, json_.data() + json_.size(), low, high)
             ? order_in_range(low, high, limit)
             : 2;
}

bool text_filter::equal(const operand& a, const operand& b) {
  const bool a_nothing = a.what == operand::kind::nothing, b_nothing = b.what == operand::kind::nothing;
  if (a_nothing || b_nothing) return a_nothing && b_nothing;
  if (const int order = known_order(a, b); order != 2) return order == 0;
  if (a.what == operand::kind::captured && b.what == operand::kind::captured) {
    const char first = json_[a.value->begin];
    if (first == '[' || first == '{') {
      const char other = json_[b.value->begin];
      return (other == '[' || other == '{') && containers_equal(*a.value, *b.value);
    }
  }
  return scalars_equal(scalar_of_operand(a, unescaped_a_), scalar_of_operand(b, unescaped_b_));
}

/// Two containers compared deeply, as the document compares them: the same bytes are the same
/// value; others are read into documents.
bool text_filter::containers_equal(const captured_value& a, const captured_value& b) {
  const std::string_view x = json_.substr(a.begin, a.end - a.begin), y = json_.substr(b.begin, b.end - b.begin);
  if (x == y) return true;
  const result<document, parse_error> left = document::parse(x, options_), right = document::parse(y, options_);
  if (!left || !right) {
    gave_up_ = true;  // (what the scan passed the document reads too: not expected)
    return false;
  }
  return left->root() == right->root();
}

bool text_filter::less(const operand& a, const operand& b) {
  if (a.what == operand::kind::nothing || b.what == operand::kind::nothing) return false;
  if (const int order = known_order(a, b); order != 2) return order < 0;
  return scalars_less(scalar_of_operand(a, unescaped_a_), scalar_of_operand(b, unescaped_b_));
}

}  // namespace jsonjit::detail::path
