#include "schema/ecma_regex_p.hpp"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <algorithm>
#include <cstdio>
#include <utility>
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

namespace {

/// ECMA-262's \S as ranges, for a class: the code points outside ecma_space_class_body.
constexpr std::string_view ecma_non_space_class_body =
    R"(\x{0}-\x{8}\x{E}-\x{1F}\x{21}-\x{9F}\x{A1}-\x{167F}\x{1681}-\x{1FFF}\x{200B}-\x{2027}\x{202A}-\x{202E})"
    R"(\x{2030}-\x{205E}\x{2060}-\x{2FFF}\x{3001}-\x{FEFE}\x{FF00}-\x{10FFFF})";

bool is_ascii_letter(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }
bool is_octal(char c) noexcept { return c >= '0' && c <= '7'; }

/// The code point of the UTF-8 sequence at p[i] (the pattern came from JSON text: valid
/// UTF-8), i moved to its last byte.
unsigned decode_utf8(std::string_view p, std::size_t& i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(k < p.size() ? p[k] : 0); };
  const unsigned lead = byte(i);
  const int length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
  unsigned cp = length == 1 ? lead : lead & (0x7Fu >> length);
  for (int k = 1; k < length; ++k) cp = (cp << 6) | (byte(i + static_cast<std::size_t>(k)) & 0x3Fu);
  i += static_cast<std::size_t>(length - 1);
  return cp;
}

/// What came last outside a class: what a quantifier after it would repeat.
enum class last_item : std::uint8_t {
  nothing,     // the start, "(" or "|": nothing to repeat
  atom,        // a character, class, group or back-reference
  assertion,   // ^, $, \b, \B, a lookbehind: not repeatable
  lookahead,   // repeatable in Annex B only
  quantifier,  // a quantifier (its lazy "?" read with it): another is an error
};

enum class group_kind : std::uint8_t { capturing, non_capturing, lookahead, lookbehind };

/// One class atom: a code point, or a set (a class escape) written in PCRE2's syntax.
struct class_atom {
  unsigned cp = 0;
  std::string set;
};

/// Reads an ECMA-262 pattern with the `u` flag's syntax, or without it with Annex B's
/// additions (identity escapes of any character, legacy octal escapes, "\c" and braces that
/// stand for themselves, quantified lookaheads, class escapes as range ends), and writes it in
/// PCRE2's syntax with ECMA-262's meaning.
class ecma_translator {
 public:
  ecma_translator(std::string_view pattern, bool annex_b) : p_(pattern), annex_b_(annex_b) { count_groups(); }

  translated_pattern run() {
    for (i_ = 0; i_ < p_.size() && t_.why.empty(); ++i_) item();
    if (!t_.why.empty()) return t_;
    if (!groups_.empty()) {
      fail(p_.size(), "a group is not closed");
      return t_;
    }
    t_.ok = true;
    t_.cost = cost_.total();
    return t_;
  }

 private:
  // ---- outside classes ----

  void item() {
    const char c = p_[i_];
    switch (c) {
      case '\\': return escape();
      case '[': return character_class();
      case '(': return open_group();
      case ')': return close_group();
      case '|':
        cost_.alternative();
        out_ += c;
        last_ = last_item::nothing;
        return;
      case '*': case '+': case '?':
        if (!quantifiable()) return;
        out_ += c;
        return lazy();
      case '{': return brace();
      case '}': case ']':
        if (!annex_b_) return void(fail(i_, std::string("a lone ") + c));
        return atom(std::string("\\") + c);
      case '^': case '$':
        out_ += c;
        last_ = last_item::assertion;
        return;
      case '.':
        return atom("[^\\n\\r\\x{2028}\\x{2029}]");  // ECMA-262's four line terminators
      default: {
        const std::size_t from = i_;
        decode_utf8(p_, i_);
        return atom(std::string(p_.substr(from, i_ + 1 - from)));
      }
    }
  }

  void atom(std::string_view pcre2) {
    out_ += pcre2;
    cost_.atom();
    last_ = last_item::atom;
  }

  bool quantifiable() {
    if (last_ == last_item::atom || (last_ == last_item::lookahead && annex_b_)) {
      last_ = last_item::quantifier;
      return true;
    }
    fail(i_, "nothing to repeat");
    return false;
  }

  void lazy() {
    if (i_ + 1 < p_.size() && p_[i_ + 1] == '?') out_ += p_[++i_];
  }

  void brace() {
    const std::size_t brace_at = i_;
    std::size_t j = i_ + 1, low = 0, high = 0;
    const auto number = [&](std::size_t& n) {
      const std::size_t from = j;
      for (; j < p_.size() && is_digit(p_[j]); ++j) n = std::min<std::size_t>(n * 10 + static_cast<std::size_t>(p_[j] - '0'), 1u << 30);
      return j > from;
    };
    bool counted = number(low);
    high = low;
    if (counted && j < p_.size() && p_[j] == ',') {
      ++j;
      high = SIZE_MAX;
      if (std::size_t h = 0; number(h)) high = h;
    }
    counted = counted && j < p_.size() && p_[j] == '}';
    if (!counted) {
      if (!annex_b_) return void(fail(i_, "a lone {"));
      return atom("\\{");
    }
    if (high < low) return void(fail(i_, "the numbers of a quantifier {m,n} are out of order"));
    if (!quantifiable()) return;
    cost_.counted_repeat(p_, i_);
    out_ += p_.substr(brace_at, i_ + 1 - brace_at);
    lazy();
  }

  void open_group() {
    const std::string_view rest = p_.substr(i_ + 1);
    group_kind kind = group_kind::capturing;
    std::size_t prefix = 1;  // "("
    if (rest.starts_with("?")) {
      // ECMA-262's groups: (?:…), lookarounds, (?<name>…). Not PCRE2's others: inline flags,
      // comments, Python's (?P…), atomic groups, conditionals.
      const bool named = rest.size() > 2 && rest[1] == '<' && rest[2] != '=' && rest[2] != '!';
      if (rest.starts_with("?:")) {
        kind = group_kind::non_capturing, prefix = 3;
      } else if (rest.starts_with("?=") || rest.starts_with("?!")) {
        kind = group_kind::lookahead, prefix = 3;
      } else if (rest.starts_with("?<=") || rest.starts_with("?<!")) {
        kind = group_kind::lookbehind, prefix = 4;
      } else if (named && rest.find('>') != std::string_view::npos) {
        prefix = rest.find('>') + 2;
      } else {
        return void(fail(i_, "(? followed by what ECMA-262 does not define"));
      }
    }
    out_ += p_.substr(i_, prefix);
    i_ += prefix - 1;
    groups_.push_back(kind);
    cost_.open_group();
    last_ = last_item::nothing;
  }

  void close_group() {
    if (groups_.empty()) return void(fail(i_, "a ) without its ("));
    const group_kind kind = groups_.back();
    groups_.pop_back();
    cost_.close_group();
    out_ += ')';
    last_ = kind == group_kind::lookahead    ? last_item::lookahead
            : kind == group_kind::lookbehind ? last_item::assertion
                                             : last_item::atom;
  }

  void escape() {
    if (i_ + 1 >= p_.size()) return void(fail(i_, "a backslash ends the pattern"));
    const std::size_t at = i_;
    const char e = p_[++i_];
    switch (e) {
      case 'b': case 'B':
        out_ += '\\';
        out_ += e;
        last_ = last_item::assertion;
        return;
      case 'd': case 'D': case 'w': case 'W':
        return atom(std::string("\\") + e);
      case 's':
        return atom("[" + std::string(ecma_space_class_body) + "]");
      case 'S':
        return atom("[^" + std::string(ecma_space_class_body) + "]");
      case 'k':
        if (annex_b_ && !named_groups_) return atom("k");
        if (p_.substr(i_ + 1, 1) != "<" || p_.find('>', i_) == std::string_view::npos) {
          return void(fail(at, "\\k needs a group name in <>"));
        }
        {
          const std::size_t close = p_.find('>', i_);
          out_ += "\\k";
          out_ += p_.substr(i_ + 1, close - i_);
          i_ = close;
          cost_.atom();
          last_ = last_item::atom;
        }
        return;
      case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9': {
        std::size_t j = i_, n = 0;
        for (; j < p_.size() && is_digit(p_[j]); ++j) n = std::min<std::size_t>(n * 10 + static_cast<std::size_t>(p_[j] - '0'), 1u << 30);
        if (n <= capturing_groups_) {
          // ECMA-262: a reference to a group not (yet) matched matches the empty string
          // (PCRE2_MATCH_UNSET_BACKREF).
          i_ = j - 1;
          return atom("\\g{" + std::to_string(n) + "}");
        }
        if (!annex_b_) return void(fail(at, "a back-reference to a group the pattern does not have"));
        break;  // a legacy octal escape, or 8 or 9 itself
      }
      case 'p': case 'P':
        if (annex_b_) return atom(std::string(1, e));
        break;
      case '-':
        if (!annex_b_) return void(fail(at, "\\- outside a class"));
        return atom("\\-");
      default: break;
    }
    class_atom a;
    if (!escaped_character(at, a, false)) return;
    if (a.set.empty() && a.cp >= 0xD800 && a.cp < 0xE000) return atom("(?!)");  // valid UTF-8 has none
    return atom(a.set.empty() ? code_point_escape(a.cp) : a.set);
  }

  /// The escape at p[at] (i_ at the character after the backslash) that stands for a
  /// character, or for a set (\p, in a class also \d \s \w and their complements); false,
  /// having failed, if there is none. i_ ends at the escape's last character.
  bool escaped_character(std::size_t at, class_atom& a, bool in_class) {
    const char e = p_[i_];
    switch (e) {
      case 'd': case 'D': case 'w': case 'W':
        a.set = std::string("\\") + e;
        return true;
      case 's': a.set = std::string(ecma_space_class_body); return true;
      case 'S': a.set = std::string(ecma_non_space_class_body); return true;
      case 'p': case 'P': {
        if (annex_b_) break;
        const std::size_t close = p_.find('}', i_);
        if (i_ + 1 >= p_.size() || p_[i_ + 1] != '{' || close == std::string_view::npos) {
          return fail(at, "\\p needs a property in braces"), false;
        }
        a.set = std::string("\\") + e + "{" + pcre2_property(p_.substr(i_ + 2, close - i_ - 2)) + "}";
        i_ = close;
        return true;
      }
      case 'b': a.cp = 8; return true;  // in a class (outside, an assertion)
      case 'f': a.cp = '\f'; return true;
      case 'n': a.cp = '\n'; return true;
      case 'r': a.cp = '\r'; return true;
      case 't': a.cp = '\t'; return true;
      case 'v': a.cp = 0x0B; return true;
      case 'c': {
        const char next = i_ + 1 < p_.size() ? p_[i_ + 1] : '\0';
        if (is_ascii_letter(next) || (annex_b_ && in_class && (is_digit(next) || next == '_'))) {
          a.cp = static_cast<unsigned>(next) % 32;
          ++i_;
          return true;
        }
        if (!annex_b_) return fail(at, "\\c must be followed by a letter"), false;
        a.cp = '\\';  // Annex B: the backslash itself; the "c" is read next
        --i_;
        return true;
      }
      case 'x':
        if (i_ + 2 < p_.size() && is_hex(p_[i_ + 1]) && is_hex(p_[i_ + 2])) {
          a.cp = hex_value(p_.substr(i_ + 1, 2));
          i_ += 2;
          return true;
        }
        if (!annex_b_) return fail(at, "\\x needs two hex digits"), false;
        a.cp = 'x';
        return true;
      case 'u': return unicode_escape(at, a);
      case '0':
        if (i_ + 1 >= p_.size() || !is_digit(p_[i_ + 1])) {
          a.cp = 0;
          return true;
        }
        if (!annex_b_) return fail(at, "\\0 followed by a digit"), false;
        break;
      case '-':
        if (!in_class) break;
        a.cp = '-';
        return true;
      default: break;
    }
    if (annex_b_ && is_digit(e)) {
      if (e >= '8') {
        a.cp = static_cast<unsigned>(e);
        return true;
      }
      // LegacyOctalEscape: up to three octal digits, at most \377.
      a.cp = static_cast<unsigned>(e - '0');
      const int more = e <= '3' ? 2 : 1;
      for (int k = 0; k < more && i_ + 1 < p_.size() && is_octal(p_[i_ + 1]); ++k) a.cp = a.cp * 8 + static_cast<unsigned>(p_[++i_] - '0');
      return true;
    }
    if (is_syntax_character(e)) {
      a.cp = static_cast<unsigned>(e);
      return true;
    }
    if (!annex_b_ || (e == 'k' && named_groups_)) {
      return fail(at, std::string("\\") + e + " is not an ECMA-262 escape"), false;
    }
    a.cp = decode_utf8(p_, i_);  // Annex B's identity escape: the character itself
    return true;
  }

  bool unicode_escape(std::size_t at, class_atom& a) {
    const auto four_hex_at = [&](std::size_t k) {
      return k + 4 <= p_.size() && is_hex(p_[k]) && is_hex(p_[k + 1]) && is_hex(p_[k + 2]) && is_hex(p_[k + 3]);
    };
    if (!annex_b_ && i_ + 1 < p_.size() && p_[i_ + 1] == '{') {
      const std::size_t close = p_.find('}', i_ + 2);
      if (close == std::string_view::npos || close == i_ + 2) return fail(at, "\\u{ without hex digits and }"), false;
      for (std::size_t k = i_ + 2; k < close; ++k) {
        if (!is_hex(p_[k])) return fail(k, "\\u{ needs hex digits"), false;
      }
      if (close - i_ - 2 > 6 || (a.cp = hex_value(p_.substr(i_ + 2, close - i_ - 2))) > 0x10FFFF) {
        return fail(at, "\\u{ beyond U+10FFFF"), false;
      }
      i_ = close;
      return true;
    }
    if (!four_hex_at(i_ + 1)) {
      if (!annex_b_) return fail(at, "\\u needs four hex digits"), false;
      a.cp = 'u';
      return true;
    }
    a.cp = hex_value(p_.substr(i_ + 1, 4));
    i_ += 4;
    // A surrogate pair written as two escapes is one code point.
    if (a.cp >= 0xD800 && a.cp < 0xDC00 && p_.substr(i_ + 1, 2) == "\\u" && four_hex_at(i_ + 3)) {
      const unsigned low = hex_value(p_.substr(i_ + 3, 4));
      if (low >= 0xDC00 && low < 0xE000) {
        a.cp = 0x10000 + ((a.cp - 0xD800) << 10) + (low - 0xDC00);
        i_ += 6;
      }
    }
    return true;
  }

  // ---- classes ----

  void character_class() {
    // "[]" matches nothing and "[^]" anything in ECMA-262; PCRE2 reads "]" there as a literal.
    if (p_.substr(i_, 2) == "[]") {
      ++i_;
      return atom("(?!)");
    }
    if (p_.substr(i_, 3) == "[^]") {
      i_ += 2;
      return atom("[\\s\\S]");
    }
    const std::size_t open = i_;
    std::string body = "[";
    if (i_ + 1 < p_.size() && p_[i_ + 1] == '^') body += p_[++i_];
    for (++i_; i_ < p_.size() && p_[i_] != ']'; ++i_) {
      class_atom from;
      if (!read_class_atom(from)) return;
      if (i_ + 2 < p_.size() && p_[i_ + 1] == '-' && p_[i_ + 2] != ']') {
        const std::size_t dash = ++i_;
        ++i_;
        class_atom to;
        if (!read_class_atom(to)) return;
        if (!from.set.empty() || !to.set.empty()) {
          if (!annex_b_) return void(fail(dash, "a range with a class escape at an end"));
          body += write(from) + "\\-" + write(to);  // Annex B: the dash is a character
          continue;
        }
        if (from.cp > to.cp) return void(fail(dash, "a range out of order"));
        body += write(from) + "-" + write(to);
        continue;
      }
      body += write(from);
    }
    if (i_ >= p_.size()) return void(fail(open, "a class is not closed"));
    atom(body + "]");
  }

  bool read_class_atom(class_atom& a) {
    if (p_[i_] != '\\') {
      a.cp = decode_utf8(p_, i_);
      return true;
    }
    const std::size_t at = i_;
    if (++i_ >= p_.size()) return fail(at, "a backslash ends the pattern"), false;
    const char e = p_[i_];
    if (e == 'B' || e == 'k' || (e >= '1' && e <= '9')) {
      if (!annex_b_ || (e == 'k' && named_groups_)) return fail(at, std::string("\\") + e + " in a class"), false;
    }
    if (!escaped_character(at, a, true)) return false;
    if (a.set.empty() && a.cp >= 0xD800 && a.cp < 0xE000) return fail(at, "a lone surrogate in a class"), false;
    return true;
  }

  static std::string write(const class_atom& a) { return a.set.empty() ? code_point_escape(a.cp) : a.set; }

  // ----

  /// The capturing groups and whether some are named (Annex B reads \k and \N by them).
  void count_groups() {
    bool in_class = false;
    for (std::size_t i = 0; i < p_.size(); ++i) {
      if (p_[i] == '\\') {
        ++i;
      } else if (in_class) {
        in_class = p_[i] != ']';
      } else if (p_[i] == '[') {
        in_class = true;
      } else if (p_[i] == '(') {
        const std::string_view rest = p_.substr(i + 1);
        const bool named = rest.size() > 2 && rest[0] == '?' && rest[1] == '<' && rest[2] != '=' && rest[2] != '!';
        named_groups_ = named_groups_ || named;
        if (named || !rest.starts_with("?")) ++capturing_groups_;
      }
    }
  }

  bool fail(std::size_t at, std::string why) {
    t_.ok = false;
    t_.why = std::move(why);
    t_.where = at;
    return false;
  }

  std::string_view p_;
  bool annex_b_;
  std::size_t i_ = 0;
  translated_pattern t_;
  std::string& out_ = t_.pcre2;
  pattern_cost cost_;
  last_item last_ = last_item::nothing;
  std::vector<group_kind> groups_;
  std::size_t capturing_groups_ = 0;
  bool named_groups_ = false;
};

}  // namespace

translated_pattern translate_ecma_pattern(std::string_view pattern, ecma_syntax syntax) {
  return ecma_translator(pattern, syntax == ecma_syntax::annex_b).run();
}

std::shared_ptr<const ecma_regex> ecma_regex::compile(std::string_view pattern, std::string& why,
                                                      std::size_t& where, ecma_syntax syntax, bool jit) {
  // A simple pattern is matched without PCRE2 (PCRE2 still compiles it: it says whether the
  // pattern is valid), so machine code for it would never run.
  std::optional<simple_pattern> simple = simple_pattern::recognize(pattern);
  jit = jit && !simple;
  translated_pattern t = translate_ecma_pattern(pattern, syntax == ecma_syntax::annex_b ? syntax : ecma_syntax::unicode);
  std::shared_ptr<ecma_regex> regex = t.ok ? compile_pcre2_or_explain(t.pcre2, jit, t.why) : nullptr;
  if (!regex && syntax == ecma_syntax::unicode_else_annex_b) {
    // Written for RegExp without the `u` flag, as much of the web's patterns are.
    t = translate_ecma_pattern(pattern, ecma_syntax::annex_b);
    regex = t.ok ? compile_pcre2_or_explain(t.pcre2, jit, t.why) : nullptr;
  }
  if (!regex) {
    why = t.why;
    where = t.ok ? 0 : t.where;  // (PCRE2's offset is in the rewritten pattern)
    return nullptr;
  }
  regex->pattern_ = std::string(pattern);
  regex->simple_ = std::move(simple);
  regex->cost_ = t.cost;
  where = 0;
  return regex;
}

std::shared_ptr<ecma_regex> ecma_regex::compile_pcre2_or_explain(std::string_view pcre2_pattern, bool jit,
                                                                 std::string& why) {
  int code = 0;
  PCRE2_SIZE offset = 0;
  pcre2_code* compiled = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pcre2_pattern.data()), pcre2_pattern.size(),
                                       PCRE2_UTF | PCRE2_DOLLAR_ENDONLY | PCRE2_NEVER_BACKSLASH_C | PCRE2_MATCH_UNSET_BACKREF, &code, &offset,
                                       nullptr);
  if (compiled == nullptr) {
    PCRE2_UCHAR message[256];
    pcre2_get_error_message(code, message, sizeof message);
    why = reinterpret_cast<const char*>(message);
    return nullptr;
  }
  // Where PCRE2 has no JIT, or the system refuses it writable and executable memory, it
  // interprets: the same answers.
  if (jit) pcre2_jit_compile(compiled, PCRE2_JIT_COMPLETE);
  std::shared_ptr<ecma_regex> regex(new ecma_regex);
  regex->pattern_ = std::string(pcre2_pattern);
  regex->code_ = compiled;
  return regex;
}

std::shared_ptr<const ecma_regex> ecma_regex::compile_pcre2(std::string_view pcre2_pattern) {
  std::string why;
  return compile_pcre2_or_explain(pcre2_pattern, false, why);
}

ecma_regex::~ecma_regex() { pcre2_code_free(static_cast<pcre2_code*>(code_)); }

bool ecma_regex::runs_as_machine_code() const noexcept {
  std::size_t jit_size = 0;
  return pcre2_pattern_info(static_cast<const pcre2_code*>(code_), PCRE2_INFO_JITSIZE, &jit_size) == 0 && jit_size != 0;
}

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
