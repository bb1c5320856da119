// JSON Merge Patch (RFC 7396): applying one, and the one between two nodes. Objects are
// walked with a stack of pending pairs: nothing recurses.
#include <jsonjit/patch.hpp>

#include <array>
#include <string_view>
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
  // Objects inside the patch still to merge: the first few in place (a patch reaching into a
  // document a few levels deep in a few places allocates nothing for them).
  std::array<pending_pair, 16> nearby;
  std::vector<pending_pair> more;
  std::size_t in_nearby = 0;
  const auto defer = [&](pending_pair p) {
    if (in_nearby < nearby.size()) {
      nearby[in_nearby++] = p;
    } else {
      more.push_back(p);
    }
  };
  pending_pair pair{&target, &patch};
  for (;;) {
    if (!pair.patch->is_object()) {
      *pair.target = *pair.patch;
    } else {
      if (!pair.target->is_object()) *pair.target = node::object();
      for (const auto m : pair.patch->members()) {
        if (m.value.is_null()) {
          pair.target->erase(m.name);
        } else if (m.value.is_object()) {
          defer({&(*pair.target)[m.name], &m.value});
        } else {
          pair.target->set(m.name, m.value);
        }
      }
    }
    if (!more.empty()) {
      pair = more.back();
      more.pop_back();
    } else if (in_nearby > 0) {
      pair = nearby[--in_nearby];
    } else {
      return;
    }
  }
}

result<node, parse_error> merge_diff(const node& from, const node& to) {
  if (!from.is_object() || !to.is_object()) {
    if (parse_error nulls = null_member_in(to)) return nulls;
    return to;
  }
  // Pairs of objects, depth first, each finished after the pairs inside it: a pair's patch
  // joins its parent's only where it says something. Objects on both sides are recursed into
  // without comparing them first (a comparison at every level of a deep chain made the walk
  // quadratic in its depth); other values are compared once each.
  struct object_pair {
    const node* from;
    const node* to;
    node::const_member_range::iterator next;  // the next member of `to` to look at
    std::string_view name;                    // in the parent pair's objects
    node patch = node::object();
  };
  std::vector<object_pair> stack;
  auto open = [&stack](const node& before, const node& after, std::string_view name) {
    stack.push_back({&before, &after, after.members().begin(), name});
    object_pair& pair = stack.back();
    for (const auto m : before.members()) {
      if (!after.contains(m.name)) pair.patch.set(m.name, node());
    }
  };
  open(from, to, {});
  for (;;) {
    object_pair* pair = &stack.back();
    const auto end = pair->to->members().end();
    while (pair != nullptr && pair->next != end) {
      const auto m = *pair->next;
      ++pair->next;
      const node* before = pair->from->find(m.name);
      if (before != nullptr && before->is_object() && m.value.is_object()) {
        open(*before, m.value, m.name);  // (moves the stack: `pair` is gone)
        pair = nullptr;
      } else if (before == nullptr || !(*before == m.value)) {
        if (m.value.is_null()) return parse_error{error_info{error_code::null_in_merge_patch}, m.value.path(), {}};
        if (parse_error nulls = null_member_in(m.value)) return nulls;
        pair->patch.set(m.name, m.value);
      }
    }
    if (pair == nullptr) continue;
    if (stack.size() == 1) return std::move(stack.back().patch);
    object_pair done = std::move(stack.back());
    stack.pop_back();
    if (done.patch.size() > 0) stack.back().patch.set(done.name, std::move(done.patch));
  }
}

}  // namespace jsonjit
