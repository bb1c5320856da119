// Aligning two arrays for diff: which elements of one are kept in the other (the longest
// common subsequence, by Myers' algorithm), by equal values or by likeness. Private.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include <jsonjit/node.hpp>

namespace jsonjit::detail {

/// A hash of a value's beginning, for aligning arrays: equal values hash alike (1 and 1.0,
/// objects with their members in another order), and values that differ only further in
/// usually do not. It reads the value's kind and size, an array's first elements (in order, at
/// most 32 values in all, descending into nested arrays), and an object's member names and
/// scalar values (summed, as the order of members does not count; of a member holding a
/// container only its kind and size). Bounded work per element however large the element is,
/// so an array of large values is aligned without reading them whole; values that collide are
/// compared as a pair afterwards, which tells them apart.
std::uint64_t leading_hash(const node& value);

/// Whether two values look like one value changed rather than one removed and another added:
/// the same type, and for objects at least half the smaller one's member names shared.
bool alike(const node& a, const node& b);

/// An item of the first sequence kept as an item of the second.
struct kept_element {
  std::size_t from, to;
};

/// The longest common subsequence of sequences of `n` and `m` items, `same(x, y)` saying
/// whether item x of the first is item y of the second: the kept pairs in order. Myers' greedy
/// O((N+M)D) search ("An O(ND) Difference Algorithm and Its Variations", 1986), written from
/// the paper; nullopt where more than `max_changes` removals and additions (D) separate them.
/// Memory O(D^2) for the way back.
template <class Same>
std::optional<std::vector<kept_element>> common_subsequence(std::size_t n, std::size_t m, Same same,
                                                            std::size_t max_changes) {
  using index = std::ptrdiff_t;
  const auto rows = static_cast<index>(n), columns = static_cast<index>(m);
  const index limit = std::min<index>(rows + columns, static_cast<index>(max_changes));
  // furthest[k]: the furthest x reached on diagonal k = x - y so far; each round d's values
  // (diagonals -d..d) are kept to walk the path back.
  std::vector<index> furthest(static_cast<std::size_t>(2 * limit + 3), 0);
  const index center = limit + 1;
  auto at = [&](index k) -> index& { return furthest[static_cast<std::size_t>(center + k)]; };
  std::vector<std::vector<index>> rounds;
  index changes = -1;
  for (index d = 0; d <= limit && changes < 0; ++d) {
    for (index k = -d; k <= d; k += 2) {
      const bool down = k == -d || (k != d && at(k - 1) < at(k + 1));  // down: an addition; right: a removal
      index x = down ? at(k + 1) : at(k - 1) + 1;
      index y = x - k;
      while (x < rows && y < columns && same(static_cast<std::size_t>(x), static_cast<std::size_t>(y))) ++x, ++y;
      at(k) = x;
      if (x >= rows && y >= columns) {
        changes = d;
        break;
      }
    }
    rounds.emplace_back(furthest.begin() + (center - d), furthest.begin() + (center + d + 1));
  }
  if (changes < 0) return std::nullopt;

  // Back from (n, m): the round before says which diagonal each step came from; the run along
  // the diagonal after it (the snake) is kept items.
  std::vector<kept_element> kept;
  index x = rows, y = columns;
  auto keep_back_to = [&](index start_x) {
    while (x > start_x) {
      --x, --y;
      kept.push_back({static_cast<std::size_t>(x), static_cast<std::size_t>(y)});
    }
  };
  for (index d = changes; d > 0; --d) {
    const std::vector<index>& before = rounds[static_cast<std::size_t>(d - 1)];  // diagonals -(d-1)..d-1
    auto was = [&](index k) { return before[static_cast<std::size_t>(k + d - 1)]; };
    const index k = x - y;
    const bool down = k == -d || (k != d && was(k - 1) < was(k + 1));
    const index previous_k = down ? k + 1 : k - 1;
    const index previous_x = was(previous_k);
    keep_back_to(down ? previous_x : previous_x + 1);
    x = previous_x;
    y = previous_x - previous_k;
  }
  keep_back_to(0);
  std::reverse(kept.begin(), kept.end());
  return kept;
}

}  // namespace jsonjit::detail
