#include "schema/checks_p.hpp"
#include "text/utf8_p.hpp"

namespace jsonjit::detail::schema {

std::string decimal_text(const exact_decimal& d) {
  if (d.is_zero()) return "0";
  std::string out = d.negative ? "-" : "";
  const std::string_view digits = d.digits();
  const auto n = static_cast<std::int64_t>(digits.size());
  if (d.exponent >= 0 && n + d.exponent <= 21) {
    out += digits;
    out.append(static_cast<std::size_t>(d.exponent), '0');
  } else if (d.exponent < 0 && -d.exponent < n) {
    out += digits.substr(0, static_cast<std::size_t>(n + d.exponent));
    out += '.';
    out += digits.substr(static_cast<std::size_t>(n + d.exponent));
  } else if (d.exponent < 0 && -d.exponent - n <= 6) {
    out += "0.";
    out.append(static_cast<std::size_t>(-d.exponent - n), '0');
    out += digits;
  } else {
    out += digits.substr(0, 1);
    if (n > 1) (out += '.') += digits.substr(1);
    out += 'e';
    out += std::to_string(d.exponent + n - 1);
  }
  return out;
}

std::string_view type_name(std::uint8_t bits) {
  if ((bits & type_integer) != 0 && (bits & type_number) == 0) return "an integer";
  if ((bits & type_null) != 0) return "null";
  if ((bits & type_boolean) != 0) return "a boolean";
  if ((bits & type_object) != 0) return "an object";
  if ((bits & type_array) != 0) return "an array";
  if ((bits & type_number) != 0) return "a number";
  if ((bits & type_string) != 0) return "a string";
  return "no type";
}

std::string expected_types(std::uint8_t types) {
  std::string out;
  const std::pair<std::uint8_t, std::string_view> names[] = {
      {type_null, "null"},     {type_boolean, "a boolean"}, {type_object, "an object"}, {type_array, "an array"},
      {type_number, "a number"}, {type_integer, "an integer"}, {type_string, "a string"}};
  for (const auto& [bit, name] : names) {
    if ((types & bit) == 0 || (bit == type_integer && (types & type_number) != 0)) continue;
    if (!out.empty()) out += " or ";
    out += name;
  }
  return out.empty() ? "nothing (no type named)" : out;
}

std::uint64_t code_points(std::string_view text) { return utf8_code_points(text.data(), text.data() + text.size()); }

}  // namespace jsonjit::detail::schema
