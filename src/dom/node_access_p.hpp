// Library code that walks whole trees of nodes (diff's hashes, equality) reads their storage
// directly: no result<> per value and no bounds check per element. Private.
#pragma once

#include <jsonjit/node.hpp>

namespace jsonjit::detail {

struct node_access {
  using storage = node::storage;
  using array_storage = node::array_storage;
  using member_slot = node::member_slot;
  using object_storage = node::object_storage;
  // The storage's alternatives (node::storage's order).
  enum kind : std::size_t { null_kind, bool_kind, int64_kind, uint64_kind, double_kind, string_kind, array_kind, object_kind };

  static const storage& value(const node& n) noexcept { return n.value_; }
  static bool same_scalar(const node& a, const node& b) noexcept { return node::same_scalar(a, b); }
};

}  // namespace jsonjit::detail
