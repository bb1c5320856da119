#include "schema/canonical_p.hpp"

#include <algorithm>

namespace jsonjit::detail::schema {

void append_canonical_number(std::string& out, const exact_decimal& value) {
  out += 'd';
  if (value.negative) out += '-';
  out += value.is_zero() ? std::string_view("0") : value.digits();
  out += 'e';
  out += std::to_string(value.exponent);
}

void append_canonical_string(std::string& out, std::string_view text) {
  out += 's';
  out += std::to_string(text.size());
  out += ':';
  out += text;
}

void append_canonical_array(std::string& out, std::span<const std::string_view> items) {
  out += '[';
  for (std::string_view item : items) out += item;
  out += ']';
}

void append_canonical_object(std::string& out, std::vector<std::pair<std::string_view, std::string_view>>& members) {
  std::sort(members.begin(), members.end());
  out += '{';
  for (const auto& [name, value] : members) {
    out += name;
    out += value;
  }
  out += '}';
}

std::string canonical_text(const element& value) {
  std::string out;
  switch (value.type()) {
    case json_type::null: append_canonical_null(out); break;
    case json_type::boolean: append_canonical_bool(out, *value.get_bool()); break;
    case json_type::number: append_canonical_number(out, *exact_decimal::parse(value.number_text())); break;
    case json_type::string: append_canonical_string(out, *value.get_string()); break;
    case json_type::array: {
      std::vector<std::string> items;
      for (const element& item : value.elements()) items.push_back(canonical_text(item));
      const std::vector<std::string_view> views(items.begin(), items.end());
      append_canonical_array(out, views);
      break;
    }
    case json_type::object: {
      std::vector<std::pair<std::string, std::string>> texts;
      for (const member& m : value.members()) {
        std::string name;
        append_canonical_string(name, m.name);
        texts.emplace_back(std::move(name), canonical_text(m.value));
      }
      std::vector<std::pair<std::string_view, std::string_view>> members(texts.begin(), texts.end());
      append_canonical_object(out, members);
      break;
    }
    case json_type::undefined: break;
  }
  return out;
}

}  // namespace jsonjit::detail::schema
