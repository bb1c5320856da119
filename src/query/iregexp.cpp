// RFC 9485's grammar, read by recursive descent and written out for PCRE2 character by
// character: literal ASCII punctuation escaped, "." as any character but a line feed or
// carriage return. "^" and "$" outside classes are anchors, as the JSONPath compliance suite
// reads them (and ECMAScript, to which RFC 9485 §5.3 maps I-Regexp): the start and the end of
// the string.
#include "query/iregexp_p.hpp"

#include <cstdint>

namespace jsonjit::detail::path {
namespace {

class translator {
 public:
  translator(std::string_view pattern) : p_(pattern) {}

  std::optional<std::string> run(bool whole) {
    out_ = whole ? "\\A(?:" : "(?:";
    if (!alternatives(0) || at_ != p_.size()) return std::nullopt;
    out_ += whole ? ")\\z" : ")";
    return std::move(out_);
  }

 private:
  static constexpr int max_nesting = 200;  // of groups: deeper is refused, not a stack overflow

  bool more() const noexcept { return at_ < p_.size(); }
  char peek() const noexcept { return p_[at_]; }

  /// One character of the pattern (a whole UTF-8 sequence), written out: ASCII punctuation
  /// escaped so that PCRE2 reads it literally.
  void literal(std::size_t from, std::size_t to) {
    const char c = p_[from];
    const bool alphanumeric = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    if (static_cast<unsigned char>(c) < 0x80 && !alphanumeric) {
      if (c < 0x20) {  // a control character: by its code
        static constexpr char hex[] = "0123456789abcdef";
        out_ += "\\x";
        out_ += hex[(c >> 4) & 15];
        out_ += hex[c & 15];
        return;
      }
      out_ += '\\';
    }
    out_.append(p_, from, to - from);
  }
  std::size_t sequence_end(std::size_t from) const noexcept {
    const auto lead = static_cast<unsigned char>(p_[from]);
    const std::size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    return std::min(from + length, p_.size());
  }

  // i-regexp = branch *( "|" branch )
  bool alternatives(int depth) {
    if (depth > max_nesting) return false;
    if (!branch(depth)) return false;
    while (more() && peek() == '|') {
      ++at_;
      out_ += '|';
      if (!branch(depth)) return false;
    }
    return true;
  }

  // branch = *piece; piece = atom [ quantifier ]
  bool branch(int depth) {
    while (more() && peek() != '|' && peek() != ')') {
      if (!atom(depth) || !quantifier()) return false;
    }
    return true;
  }

  bool quantifier() {
    if (!more()) return true;
    const char c = peek();
    if (c == '*' || c == '+' || c == '?') {
      out_ += c;
      ++at_;
      return true;
    }
    if (c != '{') return true;
    // "{" QuantExact [ "," [ QuantExact ] ] "}"
    ++at_;
    std::uint64_t low = 0, high = 0;
    if (!number(low)) return false;
    bool range = false, bounded = true;
    if (more() && peek() == ',') {
      ++at_;
      range = true;
      bounded = more() && peek() >= '0' && peek() <= '9';
      if (bounded && !number(high)) return false;
    }
    if (!more() || peek() != '}') return false;
    ++at_;
    if (range && bounded && high < low) return false;
    constexpr std::uint64_t pcre2_limit = 65535;  // PCRE2's largest repeat count
    if (low > pcre2_limit || high > pcre2_limit) return false;
    out_ += '{' + std::to_string(low);
    if (range) out_ += ',';
    if (range && bounded) out_ += std::to_string(high);
    out_ += '}';
    return true;
  }
  bool number(std::uint64_t& value) {
    const std::size_t start = at_;
    while (more() && peek() >= '0' && peek() <= '9') {
      if (value > 1'000'000) return false;
      value = value * 10 + static_cast<std::uint64_t>(peek() - '0');
      ++at_;
    }
    return at_ > start;
  }

  // atom = NormalChar / charClass / ( "(" i-regexp ")" )
  bool atom(int depth) {
    const char c = peek();
    switch (c) {
      case '(':
        ++at_;
        out_ += "(?:";
        if (!alternatives(depth + 1) || !more() || peek() != ')') return false;
        ++at_;
        out_ += ')';
        return true;
      case '.':
        ++at_;
        out_ += "[^\\n\\r]";
        return true;
      case '[': return class_expression();
      case '^':
      case '$':
        ++at_;
        out_ += c;  // (PCRE2_DOLLAR_ENDONLY: "$" is the very end)
        return true;
      case '\\': return escape(false);
      case ')': case '*': case '+': case '?': case ']': case '{': case '}': case '|': return false;
      default: {
        const std::size_t end = sequence_end(at_);
        literal(at_, end);
        at_ = end;
        return true;
      }
    }
  }

  /// An escape after "\": a single character escape or a category (\p{..}, \P{..}).
  bool escape(bool in_class) {
    (void)in_class;
    ++at_;  // the backslash
    if (!more()) return false;
    const char c = peek();
    if (c == 'p' || c == 'P') return category();
    static constexpr std::string_view single = "()*+-.?[\\]^{|}";
    if (single.find(c) != std::string_view::npos) {
      out_ += '\\';
      out_ += c;
      ++at_;
      return true;
    }
    if (c == 'n' || c == 'r' || c == 't') {
      out_ += '\\';
      out_ += c;
      ++at_;
      return true;
    }
    return false;
  }

  // "\p{" IsCategory "}" / "\P{" IsCategory "}"
  bool category() {
    const char kind = peek();
    ++at_;
    if (!more() || peek() != '{') return false;
    const std::size_t close = p_.find('}', at_);
    if (close == std::string_view::npos) return false;
    const std::string_view name = p_.substr(at_ + 1, close - at_ - 1);
    static constexpr std::string_view categories[] = {
        "L", "Ll", "Lm", "Lo", "Lt", "Lu", "M", "Mc", "Me", "Mn", "N", "Nd", "Nl", "No", "P",  "Pc", "Pd", "Pe",
        "Pf", "Pi", "Po", "Ps", "Z", "Zl", "Zp", "Zs", "S", "Sc", "Sk", "Sm", "So", "C", "Cc", "Cf", "Cn", "Co"};
    bool known = false;
    for (const std::string_view c : categories) known = known || c == name;
    if (!known) return false;
    out_ += '\\';
    out_ += kind;
    out_ += '{';
    out_ += name;
    out_ += '}';
    at_ = close + 1;
    return true;
  }

  // "[" [ "^" ] ( "-" / CCE1 ) *CCE1 [ "-" ] "]"
  bool class_expression() {
    ++at_;
    out_ += '[';
    if (more() && peek() == '^') {
      out_ += '^';
      ++at_;
    }
    bool first = true;
    for (;;) {
      if (!more()) return false;
      const char c = peek();
      if (c == ']' && !first) break;
      if (c == '-') {
        // A "-" only first, or last before "]".
        const bool last = at_ + 1 < p_.size() && p_[at_ + 1] == ']';
        if (!first && !last) return false;
        out_ += "\\-";
        ++at_;
        first = false;
        continue;
      }
      if (!class_character(true)) return false;
      if (more() && peek() == '-' && at_ + 1 < p_.size() && p_[at_ + 1] != ']') {
        ++at_;
        out_ += '-';
        if (!class_character(false)) return false;
      }
      first = false;
    }
    ++at_;
    out_ += ']';
    return true;
  }

  /// CCchar (or, where `may_be_category`, a category escape).
  bool class_character(bool may_be_category) {
    const char c = peek();
    if (c == '[' || c == ']') return false;
    if (c == '\\') {
      if (at_ + 1 < p_.size() && (p_[at_ + 1] == 'p' || p_[at_ + 1] == 'P') && !may_be_category) return false;
      return escape(true);
    }
    const std::size_t end = sequence_end(at_);
    literal(at_, end);
    at_ = end;
    return true;
  }

  std::string_view p_;
  std::size_t at_ = 0;
  std::string out_;
};

}  // namespace

std::optional<std::string> iregexp_to_pcre2(std::string_view pattern, bool whole) {
  return translator(pattern).run(whole);
}

}  // namespace jsonjit::detail::path
