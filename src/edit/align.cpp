// The hashes that align arrays for diff.
#include "edit/align_p.hpp"

#include <algorithm>
#include <bit>
#include <functional>
#include <string_view>

namespace jsonjit::detail {
namespace {

constexpr std::uint64_t mix(std::uint64_t h, std::uint64_t v) noexcept {
  // A 64-bit finalizer (splitmix64's) over the running hash and the next value.
  std::uint64_t x = h ^ (v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2));
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

std::uint64_t scalar_hash(const node& value) {
  switch (value.type()) {
    case json_type::null: return mix(1, 0);
    case json_type::boolean: return mix(2, value.get_bool().value_or(false) ? 1 : 0);
    case json_type::number: {
      // Numbers equal by value hash alike: through double (distinct integers that share a
      // double collide, and == tells them apart).
      const double d = value.get_double().value_or(0) + 0.0;  // -0.0 as 0.0
      return mix(3, std::bit_cast<std::uint64_t>(d));
    }
    case json_type::string: return mix(4, std::hash<std::string_view>{}(value.get_string().value_or("")));
    default: return 0;
  }
}

}  // namespace

std::uint64_t deep_hash(const node& value) {
  if (!value.is_array() && !value.is_object()) return scalar_hash(value);
  // Post-order over a stack: each container's frame gathers its children's hashes, in order
  // for arrays, summed for objects (whose order does not count).
  struct frame {
    const node* container;
    std::string_view name_in_parent;
    std::size_t next_element = 0;
    node::const_member_range::iterator next_member, members_end;
    std::uint64_t hash;
  };
  auto open = [](const node& n, std::string_view name) {
    const auto members = n.members();
    return frame{&n, name, 0, members.begin(), members.end(), mix(n.is_array() ? 5 : 6, n.size())};
  };
  auto fold = [](frame& into, std::string_view name, std::uint64_t child) {
    if (into.container->is_array()) {
      into.hash = mix(into.hash, child);
    } else {
      into.hash += mix(std::hash<std::string_view>{}(name), child);
    }
  };
  std::vector<frame> stack{open(value, {})};
  for (;;) {
    frame& top = stack.back();
    const node* child = nullptr;
    std::string_view name;
    if (top.container->is_array()) {
      if (top.next_element < top.container->size()) child = &(*top.container)[top.next_element++];
    } else if (top.next_member != top.members_end) {
      const auto m = *top.next_member;
      ++top.next_member;
      child = &m.value;
      name = m.name;
    }
    if (child == nullptr) {  // done: into the parent
      const frame finished = top;
      stack.pop_back();
      if (stack.empty()) return finished.hash;
      fold(stack.back(), finished.name_in_parent, finished.hash);
    } else if (child->is_array() || child->is_object()) {
      stack.push_back(open(*child, name));
    } else {
      fold(top, name, scalar_hash(*child));
    }
  }
}

bool alike(const node& a, const node& b) {
  if (a.type() != b.type()) return false;
  if (!a.is_object()) return true;
  std::size_t shared = 0;
  for (const auto m : a.members()) {
    if (b.contains(m.name)) ++shared;
  }
  return 2 * shared >= std::min(a.size(), b.size());
}

}  // namespace jsonjit::detail
