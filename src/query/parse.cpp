// RFC 9535's grammar (§2 and its ABNF, Appendix A) read by recursive descent into a program,
// with the well-typedness rules of §2.4.3 checked as expressions are read. Errors give the
// byte offset in the query; nesting (filters, parentheses, function calls) is limited, so a
// hostile query meets an error, never the end of the stack.
#include "query/parse_p.hpp"

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <utility>
#include <vector>

#include "query/iregexp_p.hpp"
#include "text/utf8_p.hpp"

namespace jsonjit::detail::path {

bool query::singular() const noexcept {
  for (const segment& s : segments) {
    if (s.descendant || s.selectors.size() != 1) return false;
    const selector_kind k = s.selectors[0].kind;
    if (k != selector_kind::name && k != selector_kind::index) return false;
  }
  return true;
}

namespace {

constexpr int max_nesting = 256;                  // filters, parentheses and calls inside each other
constexpr std::int64_t max_exact = (1LL << 53) - 1;  // I-JSON's exact integers: indexes and slice bounds

/// What an operand read by parse_basic is, before it is known whether it is compared, tested
/// or passed to a function.
enum class operand_kind : std::uint8_t { logical, literal, query, function };

struct operand {
  operand_kind kind;
  std::uint32_t expression;  // logical, literal, function: the expression; query: its `nodes` expression
  bool singular = false;     // query
  value_type result = value_type::logical;  // function
  std::size_t at = 0;        // where it starts, for errors
};

class parser {
 public:
  explicit parser(std::string_view text) : text_(text) {}

  result<program, parse_error> run() {
    program_.text = std::string(text_);
    program_.queries.emplace_back();
    if (!is_valid_utf8(text_.data(), text_.data() + text_.size())) return fail(0, "the query is not valid UTF-8");
    if (!more() || peek() != '$') return fail(at_, "a query starts with '$'");
    ++at_;
    query whole;  // (the queries inside filters are added to program_.queries while it is read)
    if (!segments(whole, 0)) return error_;
    if (more()) return fail(at_, "unexpected text after the query");
    program_.queries[0] = std::move(whole);
    return std::move(program_);
  }

 private:
  // --- characters --------------------------------------------------------------------------
  bool more() const noexcept { return at_ < text_.size(); }
  char peek(std::size_t ahead = 0) const noexcept { return at_ + ahead < text_.size() ? text_[at_ + ahead] : '\0'; }
  static bool blank(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
  void skip_blanks() noexcept {
    while (more() && blank(peek())) ++at_;
  }
  static bool digit(char c) noexcept { return c >= '0' && c <= '9'; }
  static bool alpha(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
  static bool name_first(char c) noexcept { return alpha(c) || c == '_' || static_cast<unsigned char>(c) >= 0x80; }
  bool take(std::string_view token) {
    if (text_.substr(at_, token.size()) != token) return false;
    at_ += token.size();
    return true;
  }

  parse_error fail(std::size_t offset, std::string why) {
    if (!error_) {
      error_ = parse_error{error_info{error_code::invalid_query, offset, 1, offset + 1, offset >= text_.size()}, {},
                           std::move(why)};
    }
    return error_;
  }
  bool failed(std::size_t offset, std::string why) {
    fail(offset, std::move(why));
    return false;
  }

  // --- queries -----------------------------------------------------------------------------

  /// segments = *(S segment): blanks are taken only where a segment follows them.
  bool segments(query& q, int depth) {
    for (;;) {
      const std::size_t before = at_;
      skip_blanks();
      if (peek() != '[' && peek() != '.') {
        at_ = before;
        return true;
      }
      segment s;
      s.offset = static_cast<std::uint32_t>(at_);
      if (!one_segment(s, depth)) return false;
      q.segments.push_back(std::move(s));
    }
  }

  bool one_segment(segment& s, int depth) {
    if (take("..")) {
      s.descendant = true;
      if (peek() == '[') return bracketed(s, depth);
      if (peek() == '*') {
        ++at_;
        s.selectors.push_back(wildcard());
        return true;
      }
      if (name_first(peek())) return shorthand(s);
      return failed(at_, "expected '[', '*' or a member name after '..'");
    }
    if (take(".")) {
      if (peek() == '*') {
        ++at_;
        s.selectors.push_back(wildcard());
        return true;
      }
      if (name_first(peek())) return shorthand(s);
      return failed(at_, "expected '*' or a member name after '.'");
    }
    return bracketed(s, depth);
  }

  static selector wildcard() {
    selector s;
    s.kind = selector_kind::wildcard;
    return s;
  }

  /// member-name-shorthand = name-first *name-char
  bool shorthand(segment& s) {
    const std::size_t start = at_;
    while (more() && (name_first(peek()) || digit(peek()))) ++at_;
    selector n;
    n.name = std::string(text_.substr(start, at_ - start));
    s.selectors.push_back(std::move(n));
    return true;
  }

  /// bracketed-selection = "[" S selector *(S "," S selector) S "]"
  bool bracketed(segment& s, int depth) {
    ++at_;  // "["
    for (;;) {
      skip_blanks();
      selector one;
      if (!one_selector(one, depth)) return false;
      s.selectors.push_back(std::move(one));
      skip_blanks();
      if (take(",")) continue;
      if (take("]")) return true;
      return failed(at_, "expected ',' or ']' after a selector");
    }
  }

  bool one_selector(selector& s, int depth) {
    const char c = peek();
    if (c == '\'' || c == '"') {
      s.kind = selector_kind::name;
      return string_literal(s.name);
    }
    if (c == '*') {
      ++at_;
      s.kind = selector_kind::wildcard;
      return true;
    }
    if (c == '?') {
      ++at_;
      skip_blanks();
      s.kind = selector_kind::filter;
      if (depth + 1 > max_nesting) return failed(at_, "the query nests too deeply");
      const std::optional<std::uint32_t> e = logical_or(depth + 1, false);
      if (!e) return false;
      s.filter = *e;
      return true;
    }
    // index-selector = int; slice-selector = [start S] ":" S [end S] [":" [S step]]
    std::int64_t first = 0;
    const bool has_first = c == '-' || digit(c);
    if (has_first && !integer(first)) return false;
    skip_blanks_before(':');
    if (peek() != ':') {
      if (!has_first) return failed(at_, "expected a selector: a name, '*', an index, a slice or a filter");
      s.kind = selector_kind::index;
      s.index = first;
      return true;
    }
    ++at_;
    s.kind = selector_kind::slice;
    s.has_start = has_first;
    s.start = first;
    skip_blanks();
    if (peek() == '-' || digit(peek())) {
      if (!integer(s.end)) return false;
      s.has_end = true;
      skip_blanks_before(':');
    }
    if (take(":")) {
      skip_blanks();
      if (peek() == '-' || digit(peek())) {
        if (!integer(s.step)) return false;
      }
    }
    return true;
  }
  /// Blanks, taken only where `c` follows them.
  void skip_blanks_before(char c) {
    std::size_t after = at_;
    while (after < text_.size() && blank(text_[after])) ++after;
    if (after < text_.size() && text_[after] == c) at_ = after;
  }

  /// int = "0" / (["-"] DIGIT1 *DIGIT), within ±(2^53 - 1).
  bool integer(std::int64_t& value) {
    const std::size_t start = at_;
    const bool negative = take("-");
    if (!digit(peek())) return failed(at_, "expected a digit");
    if (peek() == '0' && (negative || digit(peek(1)))) return failed(start, "an integer has no leading zero (nor -0)");
    std::int64_t magnitude = 0;
    while (digit(peek())) {
      magnitude = magnitude * 10 + (peek() - '0');
      if (magnitude > max_exact) return failed(start, "the integer is beyond +/-(2^53 - 1)");
      ++at_;
    }
    value = negative ? -magnitude : magnitude;
    return true;
  }

  /// string-literal: quoted by ' or ", unescaped into `out`.
  bool string_literal(std::string& out) {
    const char quote = peek();
    const std::size_t start = at_++;
    for (;;) {
      if (!more()) return failed(start, "the string has no closing quote");
      const char c = peek();
      if (c == quote) {
        ++at_;
        return true;
      }
      if (static_cast<unsigned char>(c) < 0x20) return failed(at_, "a control character must be escaped in a string");
      if (c != '\\') {
        out += c;
        ++at_;
        continue;
      }
      const std::size_t escape = at_++;
      const char e = peek();
      ++at_;
      switch (e) {
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case '/': out += '/'; break;
        case '\\': out += '\\'; break;
        case 'u': {
          std::uint32_t code = 0;
          if (!hex4(code)) return failed(escape, "\\u needs four hex digits");
          if (code >= 0xDC00 && code <= 0xDFFF) return failed(escape, "a low surrogate without a high one");
          if (code >= 0xD800 && code <= 0xDBFF) {
            std::uint32_t low = 0;
            if (!take("\\u") || !hex4(low) || low < 0xDC00 || low > 0xDFFF) {
              return failed(escape, "a high surrogate must be followed by a low one");
            }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
          }
          char bytes[4];
          out.append(bytes, static_cast<std::size_t>(encode_utf8(code, bytes)));
          break;
        }
        default:
          if (e == quote) {
            out += e;
            break;
          }
          return failed(escape, "not an escape of a string in a query");
      }
    }
  }
  bool hex4(std::uint32_t& code) {
    for (int i = 0; i < 4; ++i) {
      const char c = peek();
      const int v = digit(c) ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : -1;
      if (v < 0) return false;
      code = code * 16 + static_cast<std::uint32_t>(v);
      ++at_;
    }
    return true;
  }
  // --- expressions -------------------------------------------------------------------------

  std::uint32_t add(expression e) {
    program_.expressions.push_back(std::move(e));
    return static_cast<std::uint32_t>(program_.expressions.size() - 1);
  }

  /// logical-or-expr = logical-and-expr *(S "||" S logical-and-expr). Where `bare`, a lone
  /// operand (a function's argument) is returned as it is, described in `lone`: the caller
  /// decides what it may be.
  std::optional<std::uint32_t> logical_or(int depth, bool bare, operand* lone = nullptr) {
    return joined(depth, bare, lone, "||", expression_kind::logical_or);
  }

  /// logical-or-expr's terms, or logical-and-expr's (basic-expr *(S "&&" S basic-expr)).
  std::optional<std::uint32_t> joined(int depth, bool bare, operand* lone, std::string_view op,
                                      expression_kind kind) {
    std::vector<std::pair<std::uint32_t, operand>> terms;
    for (;;) {
      operand what{};
      const std::optional<std::uint32_t> term = kind == expression_kind::logical_or
                                                    ? joined(depth, bare, &what, "&&", expression_kind::logical_and)
                                                    : basic(depth, bare, what);
      if (!term) return std::nullopt;
      terms.emplace_back(*term, what);
      const std::size_t before = at_;
      skip_blanks();
      if (!take(op)) {
        at_ = before;
        break;
      }
      skip_blanks();
    }
    if (terms.size() == 1) {
      if (lone != nullptr) *lone = terms[0].second;
      return terms[0].first;
    }
    expression e;
    e.kind = kind;
    for (const auto& [term, what] : terms) {
      const std::optional<std::uint32_t> test = test_of(term, what);
      if (!test) return std::nullopt;
      e.children.push_back(*test);
    }
    if (lone != nullptr) *lone = {operand_kind::logical, 0, false, value_type::logical, terms[0].second.at};
    return add(std::move(e));
  }

  /// basic-expr: a parenthesized or negated expression, a comparison or a test; where `bare`,
  /// also a lone literal, query or function call (described in `what`).
  std::optional<std::uint32_t> basic(int depth, bool bare, operand& what) {
    if (depth > max_nesting) return fail_at(at_, "the query nests too deeply");
    const std::size_t start = at_;
    if (take("!")) {
      skip_blanks();
      std::optional<std::uint32_t> inner;
      if (peek() == '(') {
        inner = parenthesized(depth);
      } else {
        operand o{};
        inner = primary(depth, o);
        if (inner) inner = test_of(*inner, o);
      }
      if (!inner) return std::nullopt;
      expression e;
      e.kind = expression_kind::logical_not;
      e.children.push_back(*inner);
      what = {operand_kind::logical, 0, false, value_type::logical, start};
      return add(std::move(e));
    }
    if (peek() == '(') {
      what = {operand_kind::logical, 0, false, value_type::logical, start};
      return parenthesized(depth);
    }
    const std::optional<std::uint32_t> left = primary(depth, what);
    if (!left) return std::nullopt;
    const std::size_t before = at_;
    skip_blanks();
    const std::optional<comparison> op = comparison_op();
    if (!op) {
      at_ = before;
      if (bare) return left;
      const std::optional<std::uint32_t> test = test_of(*left, what);
      what.kind = operand_kind::logical;
      return test;
    }
    if (!comparable(what)) return std::nullopt;
    skip_blanks();
    operand right_what{};
    const std::optional<std::uint32_t> right = primary(depth, right_what);
    if (!right || !comparable(right_what)) return std::nullopt;
    expression e;
    e.kind = expression_kind::compare;
    e.op = *op;
    e.children = {comparable_expression(*left, what), comparable_expression(*right, right_what)};
    what = {operand_kind::logical, 0, false, value_type::logical, start};
    return add(std::move(e));
  }

  std::optional<std::uint32_t> fail_at(std::size_t offset, std::string why) {
    fail(offset, std::move(why));
    return std::nullopt;
  }

  std::optional<std::uint32_t> parenthesized(int depth) {
    ++at_;  // "("
    skip_blanks();
    const std::optional<std::uint32_t> inner = logical_or(depth + 1, false);
    if (!inner) return std::nullopt;
    skip_blanks();
    if (!take(")")) return fail_at(at_, "expected ')'");
    return inner;
  }

  std::optional<comparison> comparison_op() {
    if (take("==")) return comparison::equal;
    if (take("!=")) return comparison::not_equal;
    if (take("<=")) return comparison::less_equal;
    if (take(">=")) return comparison::greater_equal;
    if (take("<")) return comparison::less;
    if (take(">")) return comparison::greater;
    return std::nullopt;
  }

  /// A literal, a query or a function call.
  std::optional<std::uint32_t> primary(int depth, operand& what) {
    const std::size_t start = at_;
    const char c = peek();
    if (c == '$' || c == '@') {
      ++at_;
      query q;
      q.relative = c == '@';
      if (!segments(q, depth)) return std::nullopt;
      const bool singular = q.singular();
      program_.queries.push_back(std::move(q));
      expression e;
      e.kind = expression_kind::nodes;
      e.type = value_type::nodes;
      e.query = static_cast<std::uint32_t>(program_.queries.size() - 1);
      what = {operand_kind::query, 0, singular, value_type::nodes, start};
      return add(std::move(e));
    }
    if (c == '\'' || c == '"') {
      std::string text;
      if (!string_literal(text)) return std::nullopt;
      return literal(node(std::move(text)), what, start);
    }
    if (c == '-' || digit(c)) return number(what);
    if (c >= 'a' && c <= 'z') {
      std::size_t end = at_;
      while (end < text_.size() && ((text_[end] >= 'a' && text_[end] <= 'z') || text_[end] == '_' || digit(text_[end]))) {
        ++end;
      }
      const std::string_view name = text_.substr(at_, end - at_);
      if (end < text_.size() && text_[end] == '(') return function(name, end, depth, what);
      at_ = end;
      if (name == "true") return literal(node(true), what, start);
      if (name == "false") return literal(node(false), what, start);
      if (name == "null") return literal(node(), what, start);
      return fail_at(start, "expected a literal, a query or a function call");
    }
    return fail_at(start, "expected a literal, a query or a function call");
  }

  std::optional<std::uint32_t> literal(node value, operand& what, std::size_t start) {
    expression e;
    e.kind = expression_kind::literal;
    e.type = value_type::value;
    e.literal = std::move(value);
    what = {operand_kind::literal, 0, false, value_type::value, start};
    return add(std::move(e));
  }

  /// number = (int / "-0") [ frac ] [ exp ]
  std::optional<std::uint32_t> number(operand& what) {
    const std::size_t start = at_;
    take("-");
    if (!digit(peek())) return fail_at(at_, "expected a digit");
    if (peek() == '0' && digit(peek(1))) return fail_at(start, "a number has no leading zero");
    while (digit(peek())) ++at_;
    bool integral = true;
    if (peek() == '.') {
      ++at_;
      if (!digit(peek())) return fail_at(at_, "expected a digit after '.'");
      while (digit(peek())) ++at_;
      integral = false;
    }
    if (peek() == 'e' || peek() == 'E') {
      ++at_;
      if (peek() == '+' || peek() == '-') ++at_;
      if (!digit(peek())) return fail_at(at_, "expected a digit in the exponent");
      while (digit(peek())) ++at_;
      integral = false;
    }
    const std::string text(text_.substr(start, at_ - start));
    if (integral && text != "-0") {
      errno = 0;
      char* end = nullptr;
      const long long v = std::strtoll(text.c_str(), &end, 10);
      if (errno == 0) return literal(node(static_cast<std::int64_t>(v)), what, start);
    }
    const double d = std::strtod(text.c_str(), nullptr);
    if (!std::isfinite(d)) return fail_at(start, "the number is beyond a double's range");
    return literal(node(d), what, start);
  }

  /// function-expr = function-name "(" S [function-argument *(S "," S function-argument)] S ")"
  std::optional<std::uint32_t> function(std::string_view name, std::size_t open, int depth, operand& what) {
    const std::size_t start = at_;
    struct signature {
      std::string_view name;
      function_id id;
      value_type result;
      std::vector<value_type> parameters;
    };
    static const signature functions[] = {
        {"length", function_id::length, value_type::value, {value_type::value}},
        {"count", function_id::count, value_type::value, {value_type::nodes}},
        {"match", function_id::match, value_type::logical, {value_type::value, value_type::value}},
        {"search", function_id::search, value_type::logical, {value_type::value, value_type::value}},
        {"value", function_id::value, value_type::value, {value_type::nodes}},
    };
    const signature* f = nullptr;
    for (const signature& s : functions) {
      if (s.name == name) f = &s;
    }
    if (f == nullptr) return fail_at(start, "no function of that name: \"" + std::string(name) + "\"");
    if (depth + 1 > max_nesting) return fail_at(start, "the query nests too deeply");
    at_ = open + 1;
    expression e;
    e.kind = expression_kind::function;
    e.function = f->id;
    e.type = f->result;
    skip_blanks();
    if (!take(")")) {
      for (;;) {
        const std::size_t argument_at = at_;
        operand arg{};
        const std::optional<std::uint32_t> value = logical_or(depth + 1, true, &arg);
        if (!value) return std::nullopt;
        if (e.children.size() == f->parameters.size()) {
          return fail_at(argument_at, std::string(name) + "() takes " + std::to_string(f->parameters.size()) +
                                          " argument" + (f->parameters.size() == 1 ? "" : "s"));
        }
        const std::optional<std::uint32_t> checked = argument(*value, arg, f->parameters[e.children.size()], argument_at);
        if (!checked) return std::nullopt;
        e.children.push_back(*checked);
        skip_blanks();
        if (take(",")) {
          skip_blanks();
          continue;
        }
        if (take(")")) break;
        return fail_at(at_, "expected ',' or ')' in the function's arguments");
      }
    }
    if (e.children.size() != f->parameters.size()) {
      return fail_at(start, std::string(name) + "() takes " + std::to_string(f->parameters.size()) + " argument" +
                                (f->parameters.size() == 1 ? "" : "s"));
    }
    // match() and search() with a literal pattern: compiled now, once.
    if ((f->id == function_id::match || f->id == function_id::search) &&
        program_.expressions[e.children[1]].kind == expression_kind::literal) {
      if (const auto pattern = program_.expressions[e.children[1]].literal.get_string()) {
        if (auto translated = iregexp_to_pcre2(*pattern, f->id == function_id::match)) {
          e.pattern = schema::ecma_regex::compile_pcre2(*translated);
        }
      }
    }
    what = {operand_kind::function, 0, false, f->result, start};
    return add(std::move(e));
  }

  /// An argument as its parameter's type takes it (§2.4.3), or an error.
  std::optional<std::uint32_t> argument(std::uint32_t value, const operand& arg, value_type parameter, std::size_t at) {
    switch (parameter) {
      case value_type::value:
        if (arg.kind == operand_kind::literal) return value;
        if (arg.kind == operand_kind::query && arg.singular) return singular_of(value);
        if (arg.kind == operand_kind::function && arg.result == value_type::value) return value;
        return fail_at(at, "the argument must be a value: a literal, a singular query or a function giving a value");
      case value_type::nodes:
        if (arg.kind == operand_kind::query) return value;
        return fail_at(at, "the argument must be a query");
      case value_type::logical:
        if (arg.kind == operand_kind::logical) return value;
        if (arg.kind == operand_kind::query) return exists_of(value);
        if (arg.kind == operand_kind::function && arg.result != value_type::value) return value;
        return fail_at(at, "the argument must be a logical expression");
    }
    return std::nullopt;
  }

  bool comparable(const operand& o) {
    if (o.kind == operand_kind::literal) return true;
    if (o.kind == operand_kind::query) {
      return o.singular || failed(o.at, "a query compared must be singular (names and indexes only)");
    }
    if (o.kind == operand_kind::function) {
      return o.result == value_type::value || failed(o.at, "a function compared must give a value");
    }
    return failed(o.at, "a logical expression cannot be compared");
  }
  std::uint32_t comparable_expression(std::uint32_t e, const operand& o) {
    return o.kind == operand_kind::query ? singular_of(e) : e;
  }
  std::uint32_t singular_of(std::uint32_t nodes) {
    program_.expressions[nodes].kind = expression_kind::singular;
    program_.expressions[nodes].type = value_type::value;
    return nodes;
  }
  std::uint32_t exists_of(std::uint32_t nodes) {
    program_.expressions[nodes].kind = expression_kind::exists;
    program_.expressions[nodes].type = value_type::logical;
    return nodes;
  }

  /// A lone operand where a test is needed: a query tests for nodes; a function must give a
  /// logical value or nodes; a literal is no test.
  std::optional<std::uint32_t> test_of(std::uint32_t e, const operand& o) {
    switch (o.kind) {
      case operand_kind::logical: return e;
      case operand_kind::query: return exists_of(e);
      case operand_kind::function:
        if (o.result == value_type::value) return fail_at(o.at, "a function whose result is a value is not a test");
        return e;
      case operand_kind::literal: return fail_at(o.at, "a literal is not a test (compare it)");
    }
    return std::nullopt;
  }
  std::string_view text_;
  std::size_t at_ = 0;
  program program_;
  parse_error error_;
};

}  // namespace

result<program, parse_error> parse(std::string_view text) {
  return parser(text).run();
}

}  // namespace jsonjit::detail::path
