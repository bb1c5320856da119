// The JSON Patch between two nodes (diff), without recursion: pairs of values still to compare
// wait on a stack.
#include <jsonjit/patch.hpp>

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "edit/align_p.hpp"

namespace jsonjit {
namespace {

/// Arrays further apart than this many removals and additions are compared by position (the
/// alignment's time grows with the array's length times the changes).
constexpr std::size_t max_array_changes = 1000;

/// A step from the root: a member's name (a view of a name in `from` or `to`) or an index,
/// after the step `parent`. Pairs waiting on the stack name their place by a step, so that
/// going one level down costs one entry, not a copy of the whole pointer; a pointer is built
/// only for an operation emitted.
struct path_step {
  std::uint32_t parent;
  bool is_index;
  std::size_t index;
  std::string_view name;
};

struct pending_pair {
  const node* from;
  const node* to;
  std::uint32_t path;  // in differ::steps_
};

class differ {
 public:
  json_patch run(const node& from, const node& to) {
    pending_.push_back({&from, &to, 0});
    while (!pending_.empty()) {
      pending_pair pair = std::move(pending_.back());
      pending_.pop_back();
      compare(*pair.from, *pair.to, pair.path);
    }
    return std::move(patch_);
  }

 private:
  void compare(const node& from, const node& to, std::uint32_t path) {
    if (from.is_object() && to.is_object()) return compare_objects(from, to, path);
    if (from.is_array() && to.is_array()) return compare_arrays(from, to, path);
    if (!(from == to)) emit(patch_op::replace, path, to);
  }

  void compare_objects(const node& from, const node& to, std::uint32_t path) {
    for (const auto m : from.members()) {
      if (!to.contains(m.name)) emit(patch_op::remove, child(path, m.name), node());
    }
    for (const auto m : to.members()) {
      const node* before = from.find(m.name);
      if (before == nullptr) {
        emit(patch_op::add, child(path, m.name), m.value);
      } else {
        pending_.push_back({before, &m.value, child(path, m.name)});
      }
    }
  }

  // The elements equal at both ends stay. Between them, where both sides have as many
  // elements and each is alike its counterpart (detail::alike), they are compared pair by
  // pair. Otherwise the elements the arrays have in common (by a longest common subsequence of
  // their leading hashes, which equal values share) stay where they are equal (one comparison
  // reads them) and are compared pair by pair where they only begin alike; each stretch of
  // changed elements between them is aligned again by likeness: elements alike are compared
  // pair by pair (one value changed), the others removed or added. The array's own operations
  // come first, left to right at the indexes the array has then; a pair's operations come later
  // (they wait on the stack), at the index the pair has in `to`, which is where it is once the
  // array's operations are done.
  void compare_arrays(const node& from, const node& to, std::uint32_t path) {
    const std::size_t from_size = from.size(), to_size = to.size();
    if (from_size == 1 && to_size == 1 && detail::alike(from[0], to[0])) {
      // One element each: compared as a pair. (Comparing them whole first would, down a chain
      // of such arrays, compare each level once per level above it.)
      pending_.push_back({&from[0], &to[0], child(path, std::size_t{0})});
      return;
    }
    std::size_t head = 0;
    while (head < from_size && head < to_size && from[head] == to[head]) ++head;
    std::size_t tail = 0;
    while (tail < from_size - head && tail < to_size - head && from[from_size - 1 - tail] == to[to_size - 1 - tail]) {
      ++tail;
    }
    const std::size_t from_end = from_size - tail, to_end = to_size - tail;
    if (from_end - head == to_end - head) {
      // As many changed elements on both sides, each alike its counterpart: values changed in
      // place, the common case, taken pair by pair without hashing every element.
      bool pairwise = true;
      for (std::size_t i = head; i < from_end && pairwise; ++i) pairwise = detail::alike(from[i], to[i]);
      if (pairwise) {
        for (std::size_t i = head; i < from_end; ++i) pending_.push_back({&from[i], &to[i], child(path, i)});
        return;
      }
    }
    std::vector<std::uint64_t> from_hashes, to_hashes;
    for (std::size_t i = head; i < from_end; ++i) from_hashes.push_back(detail::leading_hash(from[i]));
    for (std::size_t i = head; i < to_end; ++i) to_hashes.push_back(detail::leading_hash(to[i]));
    auto same_start = [&](std::size_t x, std::size_t y) { return from_hashes[x] == to_hashes[y]; };
    auto kept = detail::common_subsequence(from_end - head, to_end - head, same_start, max_array_changes);
    if (!kept) kept.emplace();  // too far apart: by position
    const detail::kept_element end{from_end - head, to_end - head};
    kept->push_back(end);  // as if kept
    std::size_t from_at = head, to_at = head;
    for (const detail::kept_element& k : *kept) {
      compare_stretch(from, from_at, head + k.from, to, to_at, head + k.to, path);
      from_at = head + k.from + 1;
      to_at = head + k.to + 1;
      if (k.from != end.from && !(from[from_at - 1] == to[to_at - 1])) {
        pending_.push_back({&from[from_at - 1], &to[to_at - 1], child(path, to_at - 1)});
      }
    }
  }

  /// Changed elements from[from_at, from_end) becoming to[to_at, to_end), at index to_at now.
  void compare_stretch(const node& from, std::size_t from_at, std::size_t from_end, const node& to, std::size_t to_at,
                       std::size_t to_end, std::uint32_t path) {
    auto alike = [&](std::size_t x, std::size_t y) { return detail::alike(from[from_at + x], to[to_at + y]); };
    auto kept = detail::common_subsequence(from_end - from_at, to_end - to_at, alike, max_array_changes);
    if (!kept) kept.emplace();
    kept->push_back({from_end - from_at, to_end - to_at});
    const std::size_t from_first = from_at, to_first = to_at;
    for (const detail::kept_element& k : *kept) {
      const std::size_t changed_from = from_first + k.from - from_at, changed_to = to_first + k.to - to_at;
      const std::size_t pairs = std::min(changed_from, changed_to);
      for (std::size_t i = 0; i < pairs; ++i) pending_.push_back({&from[from_at + i], &to[to_at + i], child(path, to_at + i)});
      for (std::size_t i = pairs; i < changed_from; ++i) emit(patch_op::remove, child(path, to_at + pairs), node());
      for (std::size_t i = pairs; i < changed_to; ++i) emit(patch_op::add, child(path, to_at + i), to[to_at + i]);
      from_at = from_first + k.from;
      to_at = to_first + k.to;
      if (from_at < from_end) pending_.push_back({&from[from_at], &to[to_at], child(path, to_at)});  // alike: a pair
      ++from_at, ++to_at;
    }
  }

  std::uint32_t child(std::uint32_t parent, std::string_view name) {
    steps_.push_back({parent, false, 0, name});
    return static_cast<std::uint32_t>(steps_.size() - 1);
  }
  std::uint32_t child(std::uint32_t parent, std::size_t index) {
    steps_.push_back({parent, true, index, {}});
    return static_cast<std::uint32_t>(steps_.size() - 1);
  }

  void emit(patch_op op, std::uint32_t path, const node& value) {
    std::vector<std::string> tokens;
    for (std::uint32_t at = path; at != 0; at = steps_[at].parent) {
      tokens.push_back(steps_[at].is_index ? std::to_string(steps_[at].index) : std::string(steps_[at].name));
    }
    std::reverse(tokens.begin(), tokens.end());
    patch_.push_back(
        patch_operation{op, json_pointer(std::move(tokens)), json_pointer(), op == patch_op::remove ? node() : value});
  }

  std::vector<path_step> steps_{path_step{0, false, 0, {}}};  // [0]: the root
  std::vector<pending_pair> pending_;
  json_patch patch_;
};

}  // namespace

json_patch diff(const node& from, const node& to) {
  return differ().run(from, to);
}

}  // namespace jsonjit
