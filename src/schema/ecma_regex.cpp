#include "schema/ecma_regex_p.hpp"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace jsonjit::detail::schema {
namespace {

// ECMA-262's WhiteSpace and LineTerminator (§12.2, §12.3), which its \s matches; PCRE2's \s
// without Unicode properties matches ASCII whitespace only (and with them \d and \w would
// stop being ASCII, as ECMA-262 keeps them).
constexpr std::string_view ecma_space_class_body =
    R"(\t\n\x{0B}\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF})";

bool is_hex(char c) noexcept {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

unsigned hex_value(std::string_view digits) {
  unsigned v = 0;
  for (char c : digits) v = v * 16 + static_cast<unsigned>(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
  return v;
}

std::string code_point_escape(unsigned cp) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "\\x{%X}", cp);
  return buffer;
}

/// ECMA-262's names of General_Category values (its long names and aliases) to the short ones
/// PCRE2 10.42 knows.
constexpr std::pair<std::string_view, std::string_view> general_categories[] = {
    {"Other", "C"}, {"Control", "Cc"}, {"cntrl", "Cc"}, {"Format", "Cf"}, {"Unassigned", "Cn"},
    {"Private_Use", "Co"}, {"Surrogate", "Cs"}, {"Letter", "L"}, {"Cased_Letter", "L&"}, {"LC", "L&"},
    {"Lowercase_Letter", "Ll"}, {"Modifier_Letter", "Lm"}, {"Other_Letter", "Lo"}, {"Titlecase_Letter", "Lt"},
    {"Uppercase_Letter", "Lu"}, {"Mark", "M"}, {"Combining_Mark", "M"}, {"Spacing_Mark", "Mc"},
    {"Enclosing_Mark", "Me"}, {"Nonspacing_Mark", "Mn"}, {"Number", "N"}, {"Decimal_Number", "Nd"},
    {"digit", "Nd"}, {"Letter_Number", "Nl"}, {"Other_Number", "No"}, {"Punctuation", "P"}, {"punct", "P"},
    {"Connector_Punctuation", "Pc"}, {"Dash_Punctuation", "Pd"}, {"Close_Punctuation", "Pe"},
    {"Final_Punctuation", "Pf"}, {"Initial_Punctuation", "Pi"}, {"Other_Punctuation", "Po"},
    {"Open_Punctuation", "Ps"}, {"Symbol", "S"}, {"Currency_Symbol", "Sc"}, {"Modifier_Symbol", "Sk"},
    {"Math_Symbol", "Sm"}, {"Other_Symbol", "So"}, {"Separator", "Z"}, {"Line_Separator", "Zl"},
    {"Paragraph_Separator", "Zp"}, {"Space_Separator", "Zs"},
};

/// `\p{…}`'s contents in PCRE2's spelling: General_Category values by short name, scripts
/// ("Script=Greek", "sc=Greek") by name; anything else as written (PCRE2 refuses what it does
/// not know, which makes the pattern a compile error rather than a different pattern).
std::string pcre2_property(std::string_view property) {
  std::string_view value = property;
  if (const std::size_t eq = property.find('='); eq != std::string_view::npos) {
    const std::string_view key = property.substr(0, eq);
    value = property.substr(eq + 1);
    if (key == "Script_Extensions" || key == "scx") return "scx:" + std::string(value);
    if (key != "General_Category" && key != "gc") return std::string(value);
  }
  for (const auto& [name, short_name] : general_categories) {
    if (name == value) return std::string(short_name);
  }
  return std::string(value);
}

/// ECMA-262's syntax characters and "/": the only identity escapes the `u` flag allows.
bool is_syntax_character(char c) noexcept {
  return std::string_view(R"(^$\.*+?()[]{}|/)").find(c) != std::string_view::npos;
}

}  // namespace

/// translated_pattern::cost, followed as the translation reads the pattern: per open group,
/// the cost of its finished alternatives, of its current one, and of its last atom (what a
/// quantifier repeats).
class pattern_cost {
 public:
  void atom() { add(1); }
  void open_group() { groups_.push_back({}); }
  void close_group() {
    if (groups_.size() < 2) return;  // unbalanced: PCRE2 reports it
    const group g = groups_.back();
    groups_.pop_back();
    add(g.alternatives + g.current);
  }
  void alternative() {
    group& g = groups_.back();
    g.alternatives += g.current;
    g.current = g.last = 0;
  }
  /// `{m}`, `{m,}` or `{m,n}` at p[i] (i at the brace): true, having counted it and advanced
  /// i to its closing brace; false for a brace that is not a quantifier.
  bool counted_repeat(std::string_view p, std::size_t& i) {
    std::size_t j = i + 1;
    double low = 0, high = 0;
    const auto digits = [&](double& n) {
      const std::size_t from = j;
      for (; j < p.size() && p[j] >= '0' && p[j] <= '9'; ++j) n = std::min(n * 10 + (p[j] - '0'), 1e18);
      return j > from;
    };
    if (!digits(low)) return false;
    high = low;
    if (j < p.size() && p[j] == ',') {
      ++j;
      high = 0;
      if (!digits(high)) high = low;  // {m,}: the unbounded rest is the match limit's
    }
    if (j >= p.size() || p[j] != '}') return false;
    group& g = groups_.back();
    const double repeats = std::max(high, 1.0);
    g.current += g.last * (repeats - 1);
    g.last *= repeats;
    g.current = std::min(g.current, 1e18);
    i = j;
    return true;
  }
  double total() const { return groups_.front().alternatives + groups_.front().current; }

 private:
  struct group {
    double alternatives = 0, current = 0, last = 0;
  };
  void add(double cost) {
    group& g = groups_.back();
    g.current = std::min(g.current + cost, 1e18);
    g.last = cost;
  }
  std::vector<group> groups_{group{}};
};

translated_pattern translate_ecma_pattern(std::string_view p) {
  translated_pattern t;
  std::string& out = t.pcre2;
  bool in_class = false;
  pattern_cost cost;
  const auto fail = [&](std::size_t at, std::string why) {
    t.ok = false;
    t.why = std::move(why);
    t.where = at;
    return t;
  };
  for (std::size_t i = 0; i < p.size(); ++i) {
    const char c = p[i];
    if (c == '\\') {
      if (!in_class) cost.atom();
      if (i + 1 >= p.size()) return fail(i, "a backslash ends the pattern");
      const char e = p[++i];
      switch (e) {
        case 'p':
        case 'P': {
          const std::size_t close = p.find('}', i);
          if (i + 1 >= p.size() || p[i + 1] != '{' || close == std::string_view::npos) {
            return fail(i - 1, "\\p needs a property in braces");
          }
          out += '\\';
          out += e;
          out += '{';
          out += pcre2_property(p.substr(i + 2, close - i - 2));
          out += '}';
          i = close;
          break;
        }
        case 'b':
          out += in_class ? "\\x{8}" : "\\b";  // in a class, \b is a backspace
          break;
        case 'd': case 'D': case 'w': case 'W': case 'B':
        case 'f': case 'n': case 'r': case 't': case 'v':
        case 'k':
        case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
          if (e == 'v') {
            out += "\\x{0B}";  // PCRE2's \v is a class of vertical spaces
          } else {
            out += '\\';
            out += e;
          }
          break;
        case '0':
          if (i + 1 < p.size() && p[i + 1] >= '0' && p[i + 1] <= '9') return fail(i, "\\0 followed by a digit");
          out += "\\x{0}";
          break;
        case 's':
          out += in_class ? std::string(ecma_space_class_body) : "[" + std::string(ecma_space_class_body) + "]";
          break;
        case 'S':
          if (in_class) return fail(i, "\\S inside a class is not supported");
          out += "[^" + std::string(ecma_space_class_body) + "]";
          break;
        case 'c':
          if (i + 1 >= p.size() || !((p[i + 1] >= 'a' && p[i + 1] <= 'z') || (p[i + 1] >= 'A' && p[i + 1] <= 'Z'))) {
            return fail(i, "\\c must be followed by a letter");
          }
          out += code_point_escape(static_cast<unsigned>(p[++i]) % 32);
          break;
        case 'x':
          if (i + 2 >= p.size() || !is_hex(p[i + 1]) || !is_hex(p[i + 2])) return fail(i, "\\x needs two hex digits");
          out += code_point_escape(hex_value(p.substr(i + 1, 2)));
          i += 2;
          break;
        case 'u': {
          unsigned cp = 0;
          if (i + 1 < p.size() && p[i + 1] == '{') {
            const std::size_t close = p.find('}', i + 2);
            if (close == std::string_view::npos || close == i + 2) return fail(i, "\\u{ without hex digits and }");
            for (std::size_t k = i + 2; k < close; ++k) {
              if (!is_hex(p[k])) return fail(k, "\\u{ needs hex digits");
            }
            if (close - i - 2 > 6 || (cp = hex_value(p.substr(i + 2, close - i - 2))) > 0x10FFFF) {
              return fail(i, "\\u{ beyond U+10FFFF");
            }
            i = close;
          } else {
            const auto four_hex_at = [&](std::size_t k) {
              return k + 4 <= p.size() && is_hex(p[k]) && is_hex(p[k + 1]) && is_hex(p[k + 2]) && is_hex(p[k + 3]);
            };
            if (!four_hex_at(i + 1)) return fail(i, "\\u needs four hex digits");
            cp = hex_value(p.substr(i + 1, 4));
            i += 4;
            // A surrogate pair written as two escapes is one code point.
            if (cp >= 0xD800 && cp < 0xDC00 && p.substr(i + 1, 2) == "\\u" && four_hex_at(i + 3)) {
              const unsigned low = hex_value(p.substr(i + 3, 4));
              if (low >= 0xDC00 && low < 0xE000) {
                cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                i += 6;
              }
            }
          }
          if (cp >= 0xD800 && cp < 0xE000) return fail(i, "a lone surrogate");
          out += code_point_escape(cp);
          break;
        }
        case '-':
          if (!in_class) return fail(i, "\\- outside a class");
          out += "\\-";
          break;
        default:
          if (!is_syntax_character(e)) {
            return fail(i - 1, std::string("\\") + e + " is not an ECMA-262 escape");
          }
          out += '\\';
          out += e;
      }
      continue;
    }
    if (in_class) {
      if (c == ']') {
        in_class = false;
        cost.atom();
      }
      if (c == '[') {
        out += "\\[";  // a literal in ECMA-262 (PCRE2 would read "[:" as a POSIX class)
        continue;
      }
      out += c;
      continue;
    }
    if (c == '[') {
      // "[]" matches nothing and "[^]" anything in ECMA-262; PCRE2 reads "]" there as a literal.
      if (p.substr(i, 2) == "[]") {
        out += "(?!)";
        ++i;
        cost.atom();
        continue;
      }
      if (p.substr(i, 3) == "[^]") {
        out += "[\\s\\S]";
        i += 2;
        cost.atom();
        continue;
      }
      in_class = true;
      out += c;
      if (i + 1 < p.size() && p[i + 1] == '^') out += p[++i];
      continue;
    }
    if (c == '.') {
      out += "[^\\n\\r\\x{2028}\\x{2029}]";  // ECMA-262's four line terminators
      cost.atom();
      continue;
    }
    if (const std::size_t brace = i; c == '{' && cost.counted_repeat(p, i)) {
      out += p.substr(brace, i + 1 - brace);
      continue;
    }
    if (c == '(') cost.open_group();
    if (c == ')') cost.close_group();
    if (c == '|') cost.alternative();
    if (c != '(' && c != ')' && c != '|' && c != '*' && c != '+' && c != '?' && c != '^' && c != '$') cost.atom();
    if (c == '(' && i + 1 < p.size() && p[i + 1] == '?') {
      // ECMA-262's groups: (?:…), lookarounds, (?<name>…). Not PCRE2's others: inline
      // flags, comments, Python's (?P…), atomic groups, conditionals.
      const std::string_view rest = p.substr(i + 2);
      const bool named = rest.size() > 1 && rest[0] == '<' && rest[1] != '=' && rest[1] != '!';
      if (!(rest.starts_with(":") || rest.starts_with("=") || rest.starts_with("!") || rest.starts_with("<=") ||
            rest.starts_with("<!") || named)) {
        return fail(i, "(? followed by what ECMA-262 does not define");
      }
    }
    out += c;
  }
  if (in_class) return fail(p.size(), "a class is not closed");
  t.ok = true;
  t.cost = cost.total();
  return t;
}

std::shared_ptr<const ecma_regex> ecma_regex::compile(std::string_view pattern, std::string& why, std::size_t& where) {
  const translated_pattern t = translate_ecma_pattern(pattern);
  if (!t.ok) {
    why = t.why;
    where = t.where;
    return nullptr;
  }
  std::shared_ptr<ecma_regex> regex = compile_pcre2_or_explain(t.pcre2, why);
  if (regex) {
    regex->pattern_ = std::string(pattern);
    regex->simple_ = simple_pattern::recognize(pattern);
    regex->cost_ = t.cost;
  }
  where = 0;  // PCRE2's offset is in the rewritten pattern
  return regex;
}

std::shared_ptr<ecma_regex> ecma_regex::compile_pcre2_or_explain(std::string_view pcre2_pattern, std::string& why) {
  int code = 0;
  PCRE2_SIZE offset = 0;
  pcre2_code* compiled = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pcre2_pattern.data()), pcre2_pattern.size(),
                                       PCRE2_UTF | PCRE2_DOLLAR_ENDONLY | PCRE2_NEVER_BACKSLASH_C, &code, &offset,
                                       nullptr);
  if (compiled == nullptr) {
    PCRE2_UCHAR message[256];
    pcre2_get_error_message(code, message, sizeof message);
    why = reinterpret_cast<const char*>(message);
    return nullptr;
  }
  pcre2_jit_compile(compiled, PCRE2_JIT_COMPLETE);  // without the JIT (not built in), PCRE2 interprets
  std::shared_ptr<ecma_regex> regex(new ecma_regex);
  regex->pattern_ = std::string(pcre2_pattern);
  regex->code_ = compiled;
  return regex;
}

std::shared_ptr<const ecma_regex> ecma_regex::compile_pcre2(std::string_view pcre2_pattern) {
  std::string why;
  return compile_pcre2_or_explain(pcre2_pattern, why);
}

ecma_regex::~ecma_regex() { pcre2_code_free(static_cast<pcre2_code*>(code_)); }

namespace {

/// The text's length times the pattern's cost (translated_pattern::cost) beyond which a search
/// is too costly: a pattern of a thousand characters over 10 MB of text passes.
constexpr double max_search_work = 1e10;

/// Per thread: match data (one pair suffices for a yes or no) and the match limits.
struct match_scratch {
  pcre2_match_data* data = pcre2_match_data_create(1, nullptr);
  pcre2_match_context* context = [] {
    pcre2_match_context* c = pcre2_match_context_create(nullptr);
    // Far beyond any reasonable pattern on any reasonable string, far below a hang.
    pcre2_set_match_limit(c, 10'000'000);
    pcre2_set_depth_limit(c, 100'000);
    return c;
  }();
  match_scratch() = default;
  match_scratch(const match_scratch&) = delete;
  match_scratch& operator=(const match_scratch&) = delete;
  ~match_scratch() {
    pcre2_match_data_free(data);
    pcre2_match_context_free(context);
  }
};

}  // namespace

regex_match ecma_regex::search(std::string_view text) const {
  if (simple_) return simple_->matches(text) ? regex_match::found : regex_match::not_found;
  // PCRE2's match limit counts backtracking, not the steps of a pattern that needs none: a
  // search tries each start in the text, and each try may run the whole pattern, so
  // (a{1000}){1000} on 200,000 a's takes 10^11 steps without one backtrack. Past a product of
  // the two that no reasonable pattern and text reach, it is too costly as a backtracking
  // hog is.
  if (static_cast<double>(text.size()) * cost_ > max_search_work) {
    return regex_match::too_costly;
  }
  thread_local match_scratch scratch;
  const int rc = pcre2_match(static_cast<pcre2_code*>(code_), reinterpret_cast<PCRE2_SPTR>(text.data()), text.size(),
                             0, PCRE2_NO_UTF_CHECK, scratch.data, scratch.context);
  if (rc >= 0) return regex_match::found;
  if (rc == PCRE2_ERROR_NOMATCH) return regex_match::not_found;
  return regex_match::too_costly;  // match, depth or heap limit, or the JIT's stack
}

}  // namespace jsonjit::detail::schema
