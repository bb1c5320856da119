// JSON Merge Patch (RFC 7396): applying one, and the one between two nodes. Objects are
// walked with a stack of pending pairs: nothing recurses.
#include <jsonjit/patch.hpp>

#include <vector>

namespace jsonjit {
namespace {

const node& topmost(const node& n) noexcept {
  const node* at = &n;
  while (at->parent() != nullptr) at = at->parent();
  return *at;
}

/// Where `value` would carry a member whose value is null into a merge patch (through
/// objects: an array is taken whole, nulls and all): the error naming the first, or none.
parse_error null_member_in(const node& value) {
  std::vector<const node*> pending{&value};
  while (!pending.empty()) {
    const node* at = pending.back();
    pending.pop_back();
    for (const auto m : at->members()) {
      if (m.value.is_null()) return parse_error{error_info{error_code::null_in_merge_patch}, m.value.path(), {}};
      if (m.value.is_object()) pending.push_back(&m.value);
    }
  }
  return {};
}

}  // namespace

void merge_patch(node& target, const node& patch) {
  // A patch inside the target's own tree would change while it is read: it is read from a copy.
  if (&topmost(target) == &topmost(patch)) {
    const node copy = patch;
    merge_patch(target, copy);
    return;
  }
  struct pending_pair {
    node* target;
    const node* patch;
  };
  std::vector<pending_pair> pending{{&target, &patch}};
  while (!pending.empty()) {
    const pending_pair pair = pending.back();
    pending.pop_back();
    if (!pair.patch->is_object()) {
      *pair.target = *pair.patch;
      continue;
    }
    if (!pair.target->is_object()) *pair.target = node::object();
    for (const auto m : pair.patch->members()) {
      if (m.value.is_null()) {
        pair.target->erase(m.name);
      } else if (m.value.is_object()) {
        pending.push_back({&(*pair.target)[m.name], &m.value});
      } else {
        pair.target->set(m.name, m.value);
      }
    }
  }
}

result<node, parse_error> merge_diff(const node& from, const node& to) {
  if (!from.is_object() || !to.is_object()) {
    if (parse_error nulls = null_member_in(to)) return nulls;
    return to;
  }
  struct pending_pair {
    const node* from;
    const node* to;
    node* patch;
  };
  node patch = node::object();
  std::vector<pending_pair> pending{{&from, &to, &patch}};
  while (!pending.empty()) {
    const pending_pair pair = pending.back();
    pending.pop_back();
    for (const auto m : pair.from->members()) {
      if (!pair.to->contains(m.name)) pair.patch->set(m.name, node());
    }
    for (const auto m : pair.to->members()) {
      const node* before = pair.from->find(m.name);
      if (before != nullptr && *before == m.value) continue;
      if (before != nullptr && before->is_object() && m.value.is_object()) {
        pending.push_back({before, &m.value, &pair.patch->set(m.name, node::object())});
        continue;
      }
      if (m.value.is_null()) return parse_error{error_info{error_code::null_in_merge_patch}, m.value.path(), {}};
      if (parse_error nulls = null_member_in(m.value)) return nulls;
      pair.patch->set(m.name, m.value);
    }
  }
  return patch;
}

}  // namespace jsonjit
