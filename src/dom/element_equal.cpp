// Deep equality of JSON values, iterative (documents may nest as deep as their options allow).
#include <jsonjit/document.hpp>

#include <algorithm>
#include <cstring>
#include <utility>
#include <vector>

namespace jsonjit {

using detail::tape_tag;
namespace tape = detail::tape;

namespace {

struct side {
  const std::uint64_t* tape;
  const char* strings;
};

bool numbers_equal(tape_tag ta, std::uint64_t a, tape_tag tb, std::uint64_t b) noexcept {
  if (ta == tb) return ta == tape_tag::double_value ? tape::as_double(a) == tape::as_double(b) : a == b;
  if (ta > tb) {  // order the pair: int64 < uint64 < double
    std::swap(ta, tb);
    std::swap(a, b);
  }
  if (ta == tape_tag::int64 && tb == tape_tag::uint64) return false;  // uint64 is above INT64_MAX
  // An integer and a double: equal when the integer converts to that double, which is what
  // writing the double in its shortest form and reading it back as an integer preserves.
  const double integer =
      ta == tape_tag::int64 ? static_cast<double>(static_cast<std::int64_t>(a)) : static_cast<double>(a);
  return integer == tape::as_double(b);
}

/// An object's members by name, the last of each name only.
std::vector<std::pair<std::string_view, std::uint32_t>> members_by_name(side s, std::uint32_t start) {
  std::vector<std::pair<std::string_view, std::uint32_t>> members;
  const std::uint32_t end = tape::end_index(s.tape[start]);
  for (std::uint32_t i = start + 1; i < end; i = tape::next(s.tape, i + 1)) {
    members.emplace_back(tape::text_at(s.strings, tape::offset(s.tape[i])), i + 1);
  }
  std::stable_sort(members.begin(), members.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  // Keep the last of each run of equal names, in place.
  std::size_t kept = 0;
  for (std::size_t k = 0; k < members.size(); ++k) {
    if (k + 1 < members.size() && members[k + 1].first == members[k].first) continue;
    members[kept++] = members[k];
  }
  members.resize(kept);
  return members;
}

}  // namespace

bool operator==(const element& a, const element& b) {
  if (!a.exists() || !b.exists()) return a.exists() == b.exists();
  const side sa{a.tape_, a.strings_}, sb{b.tape_, b.strings_};
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pending{{a.index_, b.index_}};
  while (!pending.empty()) {
    const auto [i, j] = pending.back();
    pending.pop_back();
    const std::uint64_t wa = sa.tape[i], wb = sb.tape[j];
    const tape_tag ta = tape::tag(wa), tb = tape::tag(wb);
    if (tape::is_number(ta) && tape::is_number(tb)) {
      if (!numbers_equal(ta, sa.tape[i + 1], tb, sb.tape[j + 1])) return false;
      continue;
    }
    if (ta != tb) return false;
    switch (ta) {
      case tape_tag::string:
        if (tape::text_at(sa.strings, tape::offset(wa)) != tape::text_at(sb.strings, tape::offset(wb)))
          return false;
        break;
      case tape_tag::start_array: {
        const std::uint32_t end_a = tape::end_index(wa), end_b = tape::end_index(wb);
        std::uint32_t x = i + 1, y = j + 1;
        for (; x < end_a && y < end_b; x = tape::next(sa.tape, x), y = tape::next(sb.tape, y)) {
          pending.emplace_back(x, y);
        }
        if (x != end_a || y != end_b) return false;
        break;
      }
      case tape_tag::start_object: {
        const auto ma = members_by_name(sa, i), mb = members_by_name(sb, j);
        if (ma.size() != mb.size()) return false;
        for (std::size_t k = 0; k < ma.size(); ++k) {
          if (ma[k].first != mb[k].first) return false;
          pending.emplace_back(ma[k].second, mb[k].second);
        }
        break;
      }
      default: break;  // null, true, false: the tags are equal
    }
  }
  return true;
}

}  // namespace jsonjit
