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

/// A container being written: its next element or member, and for an object where its text
/// starts and the member whose value is being written.
struct open_container {
  bool is_object;
  tape_range<element>::iterator next_element, elements_end;
  tape_range<member>::iterator next_member, members_end;
  std::size_t start = 0;            // the object's first member's text in the output
  std::size_t name = 0, value = 0;  // the pending member's name and value text
  bool member_pending = false;
};

/// Writes a scalar's text (nothing for undefined); false for a container.
bool append_scalar(std::string& out, const element& value) {
  switch (value.type()) {
    case json_type::null: append_canonical_null(out); return true;
    case json_type::boolean: append_canonical_bool(out, *value.get_bool()); return true;
    case json_type::number: {
      thread_local exact_decimal number;
      number.assign(value.number_text());
      append_canonical_number(out, number);
      return true;
    }
    case json_type::string: append_canonical_string(out, *value.get_string()); return true;
    case json_type::undefined: return true;
    case json_type::array:
    case json_type::object: return false;
  }
  return true;
}

}  // namespace

void append_canonical(std::string& out, const element& value) {
  // Iterative, with the open containers on a stack of the thread's: a value nests as deep as
  // the reader allows (max_depth may be raised far past what recursion could take).
  thread_local std::vector<object_scratch> scratch;  // per level: an object's members
  thread_local std::vector<open_container> open;
  open.clear();
  const auto enter = [&](const element& container) {
    if (container.is_array()) {
      out += '[';
      const auto items = container.elements();
      open.push_back({false, items.begin(), items.end(), {}, {}});
    } else {
      const auto members = container.members();
      open.push_back({true, {}, {}, members.begin(), members.end(), out.size()});
      if (scratch.size() < open.size()) scratch.resize(open.size());
      scratch[open.size() - 1].members.clear();
    }
  };
  if (!append_scalar(out, value)) enter(value);
  while (!open.empty()) {
    open_container& c = open.back();
    if (!c.is_object) {
      if (c.next_element == c.elements_end) {
        out += ']';
        open.pop_back();
        continue;
      }
      const element item = *c.next_element;
      ++c.next_element;
      if (!append_scalar(out, item)) enter(item);
      continue;
    }
    object_scratch& s = scratch[open.size() - 1];
    if (c.member_pending) {  // its value's text is complete
      s.members.push_back({c.name, c.value, out.size()});
      c.member_pending = false;
    }
    if (c.next_member != c.members_end) {
      const member m = *c.next_member;
      ++c.next_member;
      c.name = out.size();
      append_canonical_string(out, m.name);
      c.value = out.size();
      c.member_pending = true;
      if (!append_scalar(out, m.value)) enter(m.value);
      continue;
    }
    // The members' texts, written one after the other, moved aside, then written back in
    // order by append_canonical_object.
    s.copy.assign(out, c.start);
    out.resize(c.start);
    const std::string_view copy(s.copy);
    s.views.clear();
    for (const object_scratch::span& m : s.members) {
      s.views.emplace_back(copy.substr(m.name - c.start, m.value - m.name), copy.substr(m.value - c.start, m.end - m.value));
    }
    append_canonical_object(out, s.views);
    open.pop_back();
  }
}

std::string canonical_text(const element& value) {
  std::string out;
  append_canonical(out, value);
  return out;
}

}  // namespace jsonjit::detail::schema
