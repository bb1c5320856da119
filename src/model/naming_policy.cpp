// System.Text.Json's naming policies, by its algorithms (JsonCamelCaseNamingPolicy and
// JsonSeparatorNamingPolicy in dotnet/runtime). Character classes are ASCII's: other UTF-8
// sequences are copied unchanged and count as "other" characters (STJ classifies them by
// Unicode category; names in C++ identifiers are ASCII in practice).
#include <string>
#include <string_view>

#include <jsonjit/serializer_options.hpp>

#include "text/ascii_p.hpp"
#include "text/unescape_p.hpp"

namespace jsonjit {
namespace {

using detail::is_ascii_lower;
using detail::is_ascii_upper;
using detail::is_digit;
using detail::to_ascii_lower;
using detail::to_ascii_upper;

// Lower-cases the leading run of capitals, except the last one when a lower-case letter
// follows it ("URLValue" -> "urlValue"); names not starting with a capital stay as they are.
std::string camel_case(std::string_view name) {
  std::string s(name);
  if (s.empty() || !is_ascii_upper(s[0])) return s;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i == 1 && !is_ascii_upper(s[i])) break;
    const bool has_next = i + 1 < s.size();
    if (i > 0 && has_next && !is_ascii_upper(s[i + 1])) {
      if (s[i + 1] == ' ') s[i] = to_ascii_lower(s[i]);
      break;
    }
    s[i] = to_ascii_lower(s[i]);
  }
  return s;
}

// Words start at a capital after a lower-case letter, digit or space, and at the last capital
// of a run of capitals followed by a lower-case letter ("XMLReader" -> "xml_reader"); spaces
// between words become one separator, leading and trailing spaces go; any other character is
// kept and starts afresh.
std::string separated(std::string_view name, char separator, bool lower) {
  enum class state { not_started, upper, lower_or_digit, space } st = state::not_started;
  std::string out;
  out.reserve(name.size() + name.size() / 2);
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (is_ascii_upper(c)) {
      if (st == state::lower_or_digit || st == state::space ||
          (st == state::upper && i + 1 < name.size() && is_ascii_lower(name[i + 1]))) {
        out += separator;
      }
      out += lower ? to_ascii_lower(c) : c;
      st = state::upper;
    } else if (is_ascii_lower(c) || is_digit(c)) {
      if (st == state::space) out += separator;
      out += lower ? c : to_ascii_upper(c);
      st = state::lower_or_digit;
    } else if (c == ' ') {
      if (st != state::not_started) st = state::space;
    } else {
      out += c;
      st = state::not_started;
    }
  }
  return out;
}

}  // namespace

std::string apply_naming_policy(naming_policy policy, std::string_view name) {
  switch (policy) {
    case naming_policy::none: return std::string(name);
    case naming_policy::camel_case: return camel_case(name);
    case naming_policy::snake_case_lower: return separated(name, '_', true);
    case naming_policy::snake_case_upper: return separated(name, '_', false);
    case naming_policy::kebab_case_lower: return separated(name, '-', true);
    case naming_policy::kebab_case_upper: return separated(name, '-', false);
  }
  return std::string(name);
}

}  // namespace jsonjit
