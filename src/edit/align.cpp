// The hashes that align arrays for diff.
#include "edit/align_p.hpp"

#include <algorithm>
#include <bit>
#include <functional>
#include <string_view>

#include "dom/node_access_p.hpp"

namespace jsonjit::detail {
namespace {

constexpr std::uint64_t mix(std::uint64_t h, std::uint64_t v) noexcept {
  // A 64-bit finalizer (splitmix64's) over the running hash and the next value.
  std::uint64_t x = h ^ (v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2));
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

std::uint64_t number_hash(double value) {
  return mix(3, std::bit_cast<std::uint64_t>(value + 0.0));
}

/// The hash of a scalar (`value` holds one).
std::uint64_t scalar_hash(const node_access::storage& value) {
  switch (value.index()) {
    case node_access::null_kind: return mix(1, 0);
    case node_access::bool_kind: return mix(2, *std::get_if<bool>(&value) ? 1 : 0);
    // Numbers equal by value hash alike: through double (distinct integers that share a double
    // collide, and == tells them apart); -0.0 as 0.0.
    case node_access::int64_kind: return number_hash(static_cast<double>(*std::get_if<std::int64_t>(&value)));
    case node_access::uint64_kind: return number_hash(static_cast<double>(*std::get_if<std::uint64_t>(&value)));
    case node_access::double_kind: return number_hash(*std::get_if<double>(&value));
    default: return mix(4, std::hash<std::string_view>{}(*std::get_if<std::string>(&value)));
  }
}

constexpr int leading_values = 32;

/// leading_hash's walk: `budget` values left to read. (Recursion into nested arrays only, at
/// most `leading_values` levels: each level reads a value first.)
std::uint64_t leading_hash(const node& value, int& budget) {
  --budget;
  const node_access::storage& storage = node_access::value(value);
  if (const auto* elements = std::get_if<node_access::array_storage>(&storage)) {
    std::uint64_t hash = mix(5, elements->size());
    for (std::size_t i = 0; i < elements->size() && budget > 0; ++i) hash = mix(hash, leading_hash(*(*elements)[i], budget));
    return hash;
  }
  if (const auto* object = std::get_if<node_access::object_storage>(&storage)) {
    std::uint64_t hash = mix(6, value.size());
    for (const node_access::member_slot& m : object->members) {
      if (m.value == nullptr) continue;  // an erased member's slot
      const node& member = *m.value;
      const std::uint64_t member_hash = member.is_array()    ? mix(5, member.size())
                                        : member.is_object() ? mix(6, member.size())
                                                             : scalar_hash(node_access::value(member));
      hash += mix(std::hash<std::string_view>{}(m.name), member_hash);
    }
    return hash;
  }
  return scalar_hash(storage);
}

}  // namespace

std::uint64_t leading_hash(const node& value) {
  int budget = leading_values;
  return leading_hash(value, budget);
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
