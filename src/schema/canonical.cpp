#include "schema/canonical_p.hpp"

#include <algorithm>
#include <charconv>

namespace jsonjit::detail::schema {
namespace {

template <class Integer>
void append_decimal(std::string& out, Integer value) {
  char digits[24];
  out.append(digits, std::to_chars(digits, digits + sizeof digits, value).ptr);
}

}  // namespace

void append_canonical_number(std::string& out, const exact_decimal& value) {
  out += 'd';
  if (value.negative) out += '-';
  out += value.is_zero() ? std::string_view("0") : value.digits();
  out += 'e';
  append_decimal(out, value.exponent);
}

void append_canonical_string(std::string& out, std::string_view text) {
  out += 's';
  append_decimal(out, text.size());
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

namespace {

/// What append_canonical reuses per level of nesting, so that it does not allocate once the
/// buffers have grown: an object's members (their spans in the output), a copy of them, and
/// views of the copy for append_canonical_object.
struct object_scratch {
  struct span {
    std::size_t name, value, end;  // offsets in the output
  };
  std::vector<span> members;
  std::string copy;
  std::vector<std::pair<std::string_view, std::string_view>> views;
};

void append_canonical_at(std::string& out, const element& value, std::size_t depth) {
  thread_local std::vector<object_scratch> scratch;
  switch (value.type()) {
    case json_type::null: append_canonical_null(out); break;
    case json_type::boolean: append_canonical_bool(out, *value.get_bool()); break;
    case json_type::number: {
      thread_local exact_decimal number;
      number.assign(value.number_text());
      append_canonical_number(out, number);
      break;
    }
    case json_type::string: append_canonical_string(out, *value.get_string()); break;
    case json_type::array:
      out += '[';
      for (const element& item : value.elements()) append_canonical_at(out, item, depth + 1);
      out += ']';
      break;
    case json_type::object: {
      // The members' texts written one after the other (their values may be objects too).
      if (scratch.size() <= depth) scratch.resize(depth + 1);
      const std::size_t start = out.size();
      scratch[depth].members.clear();
      for (const member& m : value.members()) {
        const std::size_t name = out.size();
        append_canonical_string(out, m.name);
        const std::size_t at = out.size();
        append_canonical_at(out, m.value, depth + 1);
        scratch[depth].members.push_back({name, at, out.size()});
      }
      // Moved aside, then written back in order by append_canonical_object.
      object_scratch& s = scratch[depth];  // (the recursion may have resized `scratch`)
      s.copy.assign(out, start);
      out.resize(start);
      const std::string_view copy(s.copy);
      s.views.clear();
      for (const object_scratch::span& m : s.members) {
        s.views.emplace_back(copy.substr(m.name - start, m.value - m.name), copy.substr(m.value - start, m.end - m.value));
      }
      append_canonical_object(out, s.views);
      break;
    }
    case json_type::undefined: break;
  }
}

}  // namespace

void append_canonical(std::string& out, const element& value) { append_canonical_at(out, value, 0); }

std::string canonical_text(const element& value) {
  std::string out;
  append_canonical(out, value);
  return out;
}

}  // namespace jsonjit::detail::schema
