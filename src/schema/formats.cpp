#include "schema/formats_p.hpp"

#include <arpa/inet.h>
#include <idn2.h>

#include <array>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "edit/pointer_p.hpp"
#include "schema/ecma_regex_p.hpp"

namespace jsonjit::detail::schema {
namespace {

bool at_least(draft d, draft since) noexcept { return static_cast<int>(d) >= static_cast<int>(since); }

bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }
bool is_alpha(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_hex(char c) noexcept { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

/// `n` digits at `s[at]` as a number, or -1.
int digits(std::string_view s, std::size_t at, std::size_t n) {
  if (at + n > s.size()) return -1;
  int v = 0;
  for (std::size_t i = at; i < at + n; ++i) {
    if (!is_digit(s[i])) return -1;
    v = v * 10 + (s[i] - '0');
  }
  return v;
}

// ---- RFC 3339 ----

bool is_leap_year(int y) noexcept { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

bool valid_full_date(std::string_view s) {
  if (s.size() != 10 || s[4] != '-' || s[7] != '-') return false;
  const int y = digits(s, 0, 4), m = digits(s, 5, 2), d = digits(s, 8, 2);
  if (y < 0 || m < 1 || m > 12 || d < 1) return false;
  static constexpr std::array<int, 12> days{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return d <= days[static_cast<std::size_t>(m - 1)] + (m == 2 && is_leap_year(y) ? 1 : 0);
}

/// full-time: partial-time time-offset; a leap second only where it is 23:59:60 in UTC.
bool valid_full_time(std::string_view s) {
  if (s.size() < 9 || s[2] != ':' || s[5] != ':') return false;
  const int h = digits(s, 0, 2), m = digits(s, 3, 2), sec = digits(s, 6, 2);
  if (h < 0 || h > 23 || m < 0 || m > 59 || sec < 0 || sec > 60) return false;
  std::size_t i = 8;
  if (i < s.size() && s[i] == '.') {
    const std::size_t start = ++i;
    while (i < s.size() && is_digit(s[i])) ++i;
    if (i == start) return false;
  }
  if (i >= s.size()) return false;
  int offset_minutes = 0;
  if (s[i] == 'Z' || s[i] == 'z') {
    if (i + 1 != s.size()) return false;
  } else if (s[i] == '+' || s[i] == '-') {
    if (s.size() - i != 6 || s[i + 3] != ':') return false;
    const int oh = digits(s, i + 1, 2), om = digits(s, i + 4, 2);
    if (oh < 0 || oh > 23 || om < 0 || om > 59) return false;
    offset_minutes = (s[i] == '+' ? 1 : -1) * (oh * 60 + om);
  } else {
    return false;
  }
  if (sec == 60) {
    const int utc = ((h * 60 + m - offset_minutes) % 1440 + 1440) % 1440;
    if (utc != 23 * 60 + 59) return false;
  }
  return true;
}

bool valid_date_time(std::string_view s) {
  if (s.size() < 20 || (s[10] != 'T' && s[10] != 't')) return false;
  return valid_full_date(s.substr(0, 10)) && valid_full_time(s.substr(11));
}

/// RFC 3339 appendix A: "P" then a date part (years, months, days in order) and/or "T" and a
/// time part (hours, minutes, seconds in order), or weeks alone.
bool valid_duration(std::string_view s) {
  if (s.size() < 2 || s[0] != 'P') return false;
  std::size_t i = 1;
  // Units in order, each the one after the last ("P1Y2D" skips the months: invalid).
  const auto units = [&](std::string_view order) {
    std::size_t next = 0;
    bool any = false;
    while (i < s.size() && is_digit(s[i])) {
      while (i < s.size() && is_digit(s[i])) ++i;
      if (i == s.size()) return -1;
      const std::size_t unit = order.find(s[i], next);
      if (unit == std::string_view::npos || (any && unit != next)) return -1;
      next = unit + 1;
      ++i;
      any = true;
    }
    return any ? 1 : 0;
  };
  if (s.size() > 2 && s.back() == 'W') {
    for (std::size_t k = 1; k + 1 < s.size(); ++k) {
      if (!is_digit(s[k])) return false;
    }
    return true;
  }
  const int date = units("YMD");
  if (date < 0) return false;
  if (i == s.size()) return date == 1;
  if (s[i] != 'T') return false;
  ++i;
  const int time = units("HMS");
  return time == 1 && i == s.size();
}

// ---- hosts and addresses ----

bool valid_ipv4(std::string_view s) {
  int parts = 0;
  std::size_t i = 0;
  while (true) {
    const std::size_t start = i;
    int v = 0;
    while (i < s.size() && is_digit(s[i]) && i - start < 3) v = v * 10 + (s[i++] - '0');
    const std::size_t n = i - start;
    if (n == 0 || v > 255 || (n > 1 && s[start] == '0')) return false;
    if (++parts == 4) return i == s.size();
    if (i >= s.size() || s[i] != '.') return false;
    ++i;
  }
}

bool valid_ipv6(std::string_view s) {
  if (s.empty() || s.size() > 45) return false;
  for (char c : s) {
    if (!is_hex(c) && c != ':' && c != '.') return false;  // no zones, no whitespace
  }
  const std::string text(s);
  in6_addr address;
  return inet_pton(AF_INET6, text.c_str(), &address) == 1;
}

bool is_ascii(std::string_view s) {
  for (char c : s) {
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  }
  return true;
}

/// A label of Unicode characters (UTF-8) held to the rules libidn2 leaves out: RFC 5892
/// appendix A's CONTEXTO rules (MIDDLE DOT between two "l", KERAIA before Greek, GERESH and
/// GERSHAYIM after Hebrew, KATAKANA MIDDLE DOT with kana or Han, one kind of Arabic-Indic
/// digits). Scripts come from PCRE2's Unicode tables.
bool meets_contexto_rules(std::string_view label) {
  static const auto rules = [] {
    return std::array{
        ecma_regex::compile_pcre2(R"((?<!l)\x{B7}|\x{B7}(?!l))"),
        ecma_regex::compile_pcre2(R"(\x{375}(?!\p{Greek}))"),
        ecma_regex::compile_pcre2(R"((?<!\p{Hebrew})[\x{5F3}\x{5F4}])"),
        ecma_regex::compile_pcre2(R"(^(?!.*(?!\x{30FB})[\p{Hiragana}\p{Katakana}\p{Han}]).*\x{30FB})"),
        ecma_regex::compile_pcre2(R"([\x{660}-\x{669}].*[\x{6F0}-\x{6F9}]|[\x{6F0}-\x{6F9}].*[\x{660}-\x{669}])"),
    };
  }();
  for (const auto& broken : rules) {
    if (broken->search(label) != regex_match::not_found) return false;
  }
  return true;
}

/// RFC 5893's Bidi rule, for the labels (UTF-8) of one domain name.
bool meets_bidi_rule(const std::vector<std::string>& labels) {
  static const auto right_to_left = ecma_regex::compile_pcre2(R"([\p{bc=R}\p{bc=AL}\p{bc=AN}])");
  static const auto rtl_label = ecma_regex::compile_pcre2(
      R"(^[\p{bc=R}\p{bc=AL}](?:[\p{bc=R}\p{bc=AL}\p{bc=AN}\p{bc=EN}\p{bc=ES}\p{bc=CS}\p{bc=ET}\p{bc=ON}\p{bc=BN}\p{bc=NSM}]*[\p{bc=R}\p{bc=AL}\p{bc=EN}\p{bc=AN}])?\p{bc=NSM}*$)");
  static const auto ltr_label = ecma_regex::compile_pcre2(
      R"(^\p{bc=L}(?:[\p{bc=L}\p{bc=EN}\p{bc=ES}\p{bc=CS}\p{bc=ET}\p{bc=ON}\p{bc=BN}\p{bc=NSM}]*[\p{bc=L}\p{bc=EN}])?\p{bc=NSM}*$)");
  static const auto european_and_arabic_digits = ecma_regex::compile_pcre2(R"(\p{bc=EN}.*\p{bc=AN}|\p{bc=AN}.*\p{bc=EN})");
  bool bidi_domain = false;
  for (const std::string& label : labels) bidi_domain = bidi_domain || right_to_left->search(label) == regex_match::found;
  if (!bidi_domain) return true;
  for (const std::string& label : labels) {
    const bool rtl = rtl_label->search(label) == regex_match::found &&
                     european_and_arabic_digits->search(label) == regex_match::not_found;
    if (!rtl && ltr_label->search(label) != regex_match::found) return false;
  }
  return true;
}

/// The Unicode form (UTF-8) of an A-label ("xn--…"), or nullopt when it does not decode.
std::optional<std::string> u_label_of(std::string_view a_label) {
  char* decoded = nullptr;
  const std::string text(a_label);
  if (idn2_to_unicode_8z8z(text.c_str(), &decoded, 0) != IDN2_OK || decoded == nullptr) return std::nullopt;
  std::string u_label(decoded);
  std::free(decoded);
  return u_label;
}

/// The labels of `host` in Unicode (A-labels decoded), each meeting IDNA2008's contextual
/// rules, together meeting the Bidi rule; nullopt when not.
bool meets_idna_rules(std::string_view host) {
  std::vector<std::string> labels;
  std::size_t start = 0;
  while (start <= host.size()) {
    const std::size_t dot = host.find('.', start);
    const std::string_view label = host.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
    if (label.size() >= 4 && (label[0] | 0x20) == 'x' && (label[1] | 0x20) == 'n' && label[2] == '-' && label[3] == '-') {
      std::optional<std::string> u_label = u_label_of(label);
      if (!u_label) return false;
      labels.push_back(std::move(*u_label));
    } else {
      labels.emplace_back(label);
    }
    if (!meets_contexto_rules(labels.back())) return false;
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  return meets_bidi_rule(labels);
}

/// RFC 1123 host names: labels of letters, digits and hyphens, not at a label's ends, of at
/// most 63 bytes, 253 in all; a label "xn--…" must be a valid A-label (IDNA2008) unless
/// `rfc1123_only` (draft-04 and 06, which predate IDNA2008's reading of "--").
bool valid_hostname(std::string_view s, bool rfc1123_only = false) {
  if (s.empty() || s.size() > 253 || !is_ascii(s)) return false;
  std::size_t start = 0;
  bool has_a_label = false;
  while (true) {
    const std::size_t dot = s.find('.', start);
    const std::string_view label = s.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
    if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-') return false;
    for (char c : label) {
      if (!is_alpha(c) && !is_digit(c) && c != '-') return false;
    }
    if (!rfc1123_only && label.size() >= 4 && label[2] == '-' && label[3] == '-') {
      // "??--" is reserved for A-labels (RFC 5891 §4.2.3.1); an A-label must decode to a
      // U-label that encodes back to it.
      if ((label[0] | 0x20) != 'x' || (label[1] | 0x20) != 'n') return false;
      const std::optional<std::string> u_label = u_label_of(label);
      if (!u_label) return false;
      char* again = nullptr;
      const int rc = idn2_lookup_u8(reinterpret_cast<const uint8_t*>(u_label->c_str()), reinterpret_cast<uint8_t**>(&again), 0);
      const bool ok = rc == IDN2_OK && again != nullptr && std::string_view(again) == label;
      std::free(again);
      if (!ok) return false;
      has_a_label = true;
    }
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  return !has_a_label || meets_idna_rules(s);
}

/// IDNA2008 host names (RFC 5890), by libidn2: every label converted to an A-label (its
/// rules and CONTEXTJ's), then held to the host name rules, the CONTEXTO and the Bidi rules.
bool valid_idn_hostname(std::string_view s) {
  if (s.empty()) return false;
  const std::string text(s);
  char* ascii = nullptr;
  const int rc = idn2_lookup_u8(reinterpret_cast<const uint8_t*>(text.c_str()), reinterpret_cast<uint8_t**>(&ascii),
                                IDN2_NFC_INPUT);
  const bool ok = rc == IDN2_OK && ascii != nullptr && valid_hostname(ascii);
  std::free(ascii);
  return ok && meets_idna_rules(s);
}

// ---- e-mail (RFC 5321 §4.1.2; RFC 6531 for idn-email) ----

bool is_atext(char c, bool international) {
  if (is_alpha(c) || is_digit(c)) return true;
  if (international && static_cast<unsigned char>(c) >= 0x80) return true;
  return std::string_view("!#$%&'*+-/=?^_`{|}~").find(c) != std::string_view::npos;
}

bool valid_email(std::string_view s, bool international) {
  const std::size_t at = s.rfind('@');
  if (at == std::string_view::npos || at == 0 || at + 1 == s.size()) return false;
  const std::string_view local = s.substr(0, at), domain = s.substr(at + 1);
  if (local.front() == '"') {
    if (local.size() < 2 || local.back() != '"') return false;
    for (std::size_t i = 1; i + 1 < local.size(); ++i) {
      const auto c = static_cast<unsigned char>(local[i]);
      if (c == '\\') {
        if (++i + 1 >= local.size()) return false;
      } else if (c == '"' || (c < 32 && c != '\t')) {
        return false;
      }
    }
  } else {
    if (local.front() == '.' || local.back() == '.' || local.find("..") != std::string_view::npos) return false;
    for (char c : local) {
      if (c != '.' && !is_atext(c, international)) return false;
    }
  }
  if (domain.front() == '[') {
    if (domain.back() != ']') return false;
    const std::string_view literal = domain.substr(1, domain.size() - 2);
    if (literal.starts_with("IPv6:")) return valid_ipv6(literal.substr(5));
    return valid_ipv4(literal);
  }
  return international ? valid_idn_hostname(domain) : valid_hostname(domain);
}

// ---- URIs (RFC 3986) and IRIs (RFC 3987) ----

bool is_unreserved(char c) { return is_alpha(c) || is_digit(c) || c == '-' || c == '.' || c == '_' || c == '~'; }
bool is_sub_delim(char c) { return std::string_view("!$&'()*+,;=").find(c) != std::string_view::npos; }

/// Characters of `s` are each unreserved, a sub-delimiter, one of `extra`, a valid
/// percent-encoding, or (IRIs) a non-ASCII byte.
bool valid_chars(std::string_view s, std::string_view extra, bool iri) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '%') {
      if (i + 2 >= s.size() || !is_hex(s[i + 1]) || !is_hex(s[i + 2])) return false;
      i += 2;
    } else if (!is_unreserved(c) && !is_sub_delim(c) && extra.find(c) == std::string_view::npos &&
               !(iri && static_cast<unsigned char>(c) >= 0x80)) {
      return false;
    }
  }
  return true;
}

bool valid_authority(std::string_view a, bool iri) {
  std::size_t host_start = 0;
  if (const std::size_t at = a.rfind('@'); at != std::string_view::npos) {
    if (!valid_chars(a.substr(0, at), ":", iri)) return false;
    host_start = at + 1;
  }
  std::string_view host = a.substr(host_start);
  if (!host.empty() && host.front() == '[') {
    const std::size_t close = host.find(']');
    if (close == std::string_view::npos) return false;
    const std::string_view literal = host.substr(1, close - 1);
    if (literal.empty()) return false;
    if (literal.front() == 'v' || literal.front() == 'V') {
      const std::size_t dot = literal.find('.');
      if (dot == std::string_view::npos || dot < 2 || dot + 1 == literal.size()) return false;
      for (std::size_t i = 1; i < dot; ++i) {
        if (!is_hex(literal[i])) return false;
      }
      if (!valid_chars(literal.substr(dot + 1), ":", false)) return false;
    } else if (!valid_ipv6(literal)) {
      return false;
    }
    host = host.substr(close + 1);
    if (!host.empty() && host.front() != ':') return false;
  } else {
    const std::size_t colon = host.rfind(':');
    if (!valid_chars(host.substr(0, colon), "", iri)) return false;
    host = colon == std::string_view::npos ? std::string_view() : host.substr(colon);
  }
  if (!host.empty()) {  // ":" port
    for (std::size_t i = 1; i < host.size(); ++i) {
      if (!is_digit(host[i])) return false;
    }
  }
  return true;
}

bool valid_uri_reference(std::string_view s, bool absolute, bool iri) {
  std::size_t i = 0;
  // A scheme: a letter, then letters, digits, "+", "-", "." up to ":".
  const std::size_t colon = s.find(':');
  const std::size_t first_delimiter = s.find_first_of("/?#");
  bool has_scheme = false;
  if (colon != std::string_view::npos && (first_delimiter == std::string_view::npos || colon < first_delimiter) && colon > 0) {
    has_scheme = is_alpha(s[0]);
    for (std::size_t k = 1; has_scheme && k < colon; ++k) {
      has_scheme = is_alpha(s[k]) || is_digit(s[k]) || s[k] == '+' || s[k] == '-' || s[k] == '.';
    }
    if (!has_scheme) return false;  // a relative path's first segment may not hold ":"
    i = colon + 1;
  }
  if (absolute && !has_scheme) return false;
  const std::size_t fragment_at = s.find('#', i);
  const std::string_view before_fragment = s.substr(i, fragment_at == std::string_view::npos ? std::string_view::npos : fragment_at - i);
  if (fragment_at != std::string_view::npos && !valid_chars(s.substr(fragment_at + 1), ":@/?", iri)) return false;
  const std::size_t query_at = before_fragment.find('?');
  std::string_view hier = before_fragment.substr(0, query_at);
  if (query_at != std::string_view::npos && !valid_chars(before_fragment.substr(query_at + 1), ":@/?", iri)) return false;
  if (hier.starts_with("//")) {
    const std::size_t path_at = hier.find('/', 2);
    if (!valid_authority(hier.substr(2, path_at == std::string_view::npos ? std::string_view::npos : path_at - 2), iri)) {
      return false;
    }
    hier = path_at == std::string_view::npos ? std::string_view() : hier.substr(path_at);
  }
  return valid_chars(hier, ":@/", iri);
}

/// RFC 6570 level 4: literals, and expressions of an optional operator and variable lists.
bool valid_uri_template(std::string_view s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == '%') {
      if (i + 2 >= s.size() || !is_hex(s[i + 1]) || !is_hex(s[i + 2])) return false;
      i += 2;
      continue;
    }
    // Literals: any character but controls, space and " ' < > \ ^ ` { | } (RFC 6570 §2.1).
    if (c != '{') {
      if (c <= 0x20 || c == 0x7F || std::string_view("\"<>\\^`|}").find(static_cast<char>(c)) != std::string_view::npos) {
        return false;
      }
      continue;
    }
    const std::size_t close = s.find('}', i);
    if (close == std::string_view::npos) return false;
    std::string_view expression = s.substr(i + 1, close - i - 1);
    if (!expression.empty() && std::string_view("+#./;?&=,!@|").find(expression[0]) != std::string_view::npos) {
      expression.remove_prefix(1);
    }
    if (expression.empty()) return false;
    std::size_t start = 0;
    while (start <= expression.size()) {
      const std::size_t comma = expression.find(',', start);
      std::string_view spec = expression.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
      if (spec.ends_with("*")) {
        spec.remove_suffix(1);
      } else if (const std::size_t colon = spec.find(':'); colon != std::string_view::npos) {
        const std::string_view length = spec.substr(colon + 1);
        if (length.empty() || length.size() > 4 || length[0] == '0') return false;
        for (char d : length) {
          if (!is_digit(d)) return false;
        }
        spec = spec.substr(0, colon);
      }
      // varname: varchars separated by single dots.
      if (spec.empty() || spec.front() == '.' || spec.back() == '.' || spec.find("..") != std::string_view::npos) {
        return false;
      }
      for (std::size_t k = 0; k < spec.size(); ++k) {
        const char v = spec[k];
        if (v == '%') {
          if (k + 2 >= spec.size() || !is_hex(spec[k + 1]) || !is_hex(spec[k + 2])) return false;
          k += 2;
        } else if (!is_alpha(v) && !is_digit(v) && v != '_' && v != '.') {
          return false;
        }
      }
      if (comma == std::string_view::npos) break;
      start = comma + 1;
    }
    i = close;
  }
  return true;
}

bool valid_json_pointer(std::string_view s) {
  return detail::pointer_syntax_error(s) == std::string_view::npos;
}

/// A non-negative integer without leading zeros, an optional index adjustment (+N or -N),
/// then "#" or a JSON Pointer.
bool valid_relative_json_pointer(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && is_digit(s[i])) ++i;
  if (i == 0 || (i > 1 && s[0] == '0')) return false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
    const std::size_t start = ++i;
    while (i < s.size() && is_digit(s[i])) ++i;
    if (i == start || s[start] == '0') return false;
  }
  const std::string_view rest = s.substr(i);
  return rest == "#" || valid_json_pointer(rest);
}

bool valid_uuid(std::string_view s) {
  if (s.size() != 36) return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const bool dash = i == 8 || i == 13 || i == 18 || i == 23;
    if (dash ? s[i] != '-' : !is_hex(s[i])) return false;
  }
  return true;
}

bool valid_regex(std::string_view s) {
  std::string why;
  std::size_t where = 0;
  return ecma_regex::compile(s, why, where, ecma_syntax::unicode) != nullptr;
}

struct named_format {
  std::string_view name;
  format_kind kind;
  draft since;
};

constexpr named_format formats[] = {
    {"date-time", format_kind::date_time, draft::draft4},
    {"date", format_kind::date, draft::draft7},
    {"time", format_kind::time, draft::draft7},
    {"duration", format_kind::duration, draft::draft2019_09},
    {"email", format_kind::email, draft::draft4},
    {"idn-email", format_kind::idn_email, draft::draft7},
    {"hostname", format_kind::hostname_rfc1123, draft::draft4},
    {"hostname", format_kind::hostname, draft::draft7},
    {"idn-hostname", format_kind::idn_hostname, draft::draft7},
    {"ipv4", format_kind::ipv4, draft::draft4},
    {"ipv6", format_kind::ipv6, draft::draft4},
    {"uri", format_kind::uri, draft::draft4},
    {"uri-reference", format_kind::uri_reference, draft::draft6},
    {"iri", format_kind::iri, draft::draft7},
    {"iri-reference", format_kind::iri_reference, draft::draft7},
    {"uuid", format_kind::uuid, draft::draft2019_09},
    {"uri-template", format_kind::uri_template, draft::draft6},
    {"json-pointer", format_kind::json_pointer, draft::draft6},
    {"relative-json-pointer", format_kind::relative_json_pointer, draft::draft7},
    {"regex", format_kind::regex, draft::draft7},
};

}  // namespace

format_kind format_named(std::string_view name, draft d) noexcept {
  format_kind kind = format_kind::none;  // the latest entry of the name that `d` has
  for (const named_format& f : formats) {
    if (f.name == name && at_least(d, f.since)) kind = f.kind;
  }
  return kind;
}

std::string_view format_name(format_kind format) noexcept {
  for (const named_format& f : formats) {
    if (f.kind == format) return f.name;
  }
  return "format";
}

bool is_valid_format(format_kind format, std::string_view s) {
  switch (format) {
    case format_kind::none: return true;
    case format_kind::date_time: return valid_date_time(s);
    case format_kind::date: return valid_full_date(s);
    case format_kind::time: return valid_full_time(s);
    case format_kind::duration: return valid_duration(s);
    case format_kind::email: return valid_email(s, false);
    case format_kind::idn_email: return valid_email(s, true);
    case format_kind::hostname: return valid_hostname(s);
    case format_kind::hostname_rfc1123: return valid_hostname(s, true);
    case format_kind::idn_hostname: return valid_idn_hostname(s);
    case format_kind::ipv4: return valid_ipv4(s);
    case format_kind::ipv6: return valid_ipv6(s);
    case format_kind::uri: return valid_uri_reference(s, true, false);
    case format_kind::uri_reference: return valid_uri_reference(s, false, false);
    case format_kind::iri: return valid_uri_reference(s, true, true);
    case format_kind::iri_reference: return valid_uri_reference(s, false, true);
    case format_kind::uuid: return valid_uuid(s);
    case format_kind::uri_template: return valid_uri_template(s);
    case format_kind::json_pointer: return valid_json_pointer(s);
    case format_kind::relative_json_pointer: return valid_relative_json_pointer(s);
    case format_kind::regex: return valid_regex(s);
  }
  return true;
}

}  // namespace jsonjit::detail::schema
