#include "schema/simple_pattern_p.hpp"

#include "text/utf8_p.hpp"

namespace jsonjit::detail::schema {
namespace {

// ECMA-262's white space and line terminators beyond ASCII (what `\s` adds to ASCII's).
bool is_unicode_space(std::uint32_t c) noexcept {
  return c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F ||
         c == 0x205F || c == 0x3000 || c == 0xFEFF;
}

void add_range(std::bitset<128>& set, unsigned from, unsigned to) {
  for (unsigned c = from; c <= to && c < 128; ++c) set.set(c);
}

/// `\d`, `\w`, `\s` (its ASCII part) into `set`; false for other escapes.
bool add_class_escape(std::bitset<128>& set, char e) {
  switch (e) {
    case 'd': add_range(set, '0', '9'); return true;
    case 'w':
      add_range(set, '0', '9');
      add_range(set, 'a', 'z');
      add_range(set, 'A', 'Z');
      set.set('_');
      return true;
    case 's':
      for (unsigned c : {9u, 10u, 11u, 12u, 13u, 32u}) set.set(c);
      return true;
    default: return false;
  }
}

/// An escaped literal character (`\.`, `\-`, `\/`, ...): ECMA-262's syntax characters.
bool literal_escape(char e) {
  return std::string_view(R"(^$\.*+?()[]{}|/-)").find(e) != std::string_view::npos;
}

}  // namespace

bool simple_pattern::atom::holds(std::uint32_t c) const noexcept {
  if (c < 128) return ascii[c];
  switch (others) {
    case beyond_ascii::none: return false;
    case beyond_ascii::all: return true;
    case beyond_ascii::all_but_spaces: return !is_unicode_space(c);
  }
  return false;
}

std::optional<simple_pattern> simple_pattern::recognize(std::string_view p) {
  if (p.size() < 2 || p.front() != '^' || p.back() != '$') return std::nullopt;
  if (p.size() >= 3 && p[p.size() - 2] == '\\') return std::nullopt;  // "\$": a literal dollar
  simple_pattern result;
  std::size_t i = 1;
  const std::size_t end = p.size() - 1;
  while (i < end) {
    atom a;
    const char c = p[i];
    if (c == '[') {
      ++i;
      bool negated = false;
      if (i < end && p[i] == '^') {
        negated = true;
        ++i;
      }
      bool has_space_class = false;
      bool first = true;
      while (i < end && (p[i] != ']' || first)) {
        first = false;
        unsigned from = 0;
        if (p[i] == '\\') {
          if (i + 1 >= end) return std::nullopt;
          const char e = p[i + 1];
          i += 2;
          if (add_class_escape(a.ascii, e)) {
            has_space_class = has_space_class || e == 's';
            continue;
          }
          if (!literal_escape(e)) return std::nullopt;
          from = static_cast<unsigned char>(e);
        } else {
          if (p[i] == '[' || static_cast<unsigned char>(p[i]) >= 0x80) return std::nullopt;
          from = static_cast<unsigned char>(p[i++]);
        }
        unsigned to = from;
        if (i + 1 < end && p[i] == '-' && p[i + 1] != ']') {
          if (p[i + 1] == '\\' || static_cast<unsigned char>(p[i + 1]) >= 0x80) return std::nullopt;
          to = static_cast<unsigned char>(p[i + 1]);
          if (to < from) return std::nullopt;
          i += 2;
        }
        add_range(a.ascii, from, to);
      }
      if (i >= end || p[i] != ']') return std::nullopt;
      ++i;
      if (negated) {
        a.ascii.flip();
        a.others = has_space_class ? beyond_ascii::all_but_spaces : beyond_ascii::all;
      } else if (has_space_class) {
        return std::nullopt;  // \s's Unicode spaces in a positive class: left to PCRE2
      }
    } else if (c == '\\') {
      if (i + 1 >= end) return std::nullopt;
      const char e = p[i + 1];
      i += 2;
      if (e == 's' || !add_class_escape(a.ascii, e)) {
        if (!literal_escape(e)) return std::nullopt;
        a.ascii.set(static_cast<unsigned char>(e));
      }
    } else if (std::string_view("^$.*+?()[]{}|").find(c) != std::string_view::npos ||
               static_cast<unsigned char>(c) >= 0x80) {
      return std::nullopt;  // groups, alternatives, '.', non-ASCII literals: PCRE2's
    } else {
      a.ascii.set(static_cast<unsigned char>(c));
      ++i;
    }
    // The quantifier.
    if (i < end && (p[i] == '+' || p[i] == '*' || p[i] == '?')) {
      a.min = p[i] == '+' ? 1 : 0;
      a.max = p[i] == '?' ? 1 : UINT32_MAX;
      ++i;
    } else if (i < end && p[i] == '{') {
      const std::size_t close = p.find('}', i);
      if (close == std::string_view::npos || close >= end) return std::nullopt;
      const std::string_view counts = p.substr(i + 1, close - i - 1);
      const std::size_t comma = counts.find(',');
      const auto number = [](std::string_view digits, std::uint32_t& out) {
        if (digits.empty() || digits.size() > 6) return false;
        out = 0;
        for (char d : digits) {
          if (d < '0' || d > '9') return false;
          out = out * 10 + static_cast<std::uint32_t>(d - '0');
        }
        return true;
      };
      if (comma == std::string_view::npos) {
        if (!number(counts, a.min)) return std::nullopt;
        a.max = a.min;
      } else {
        if (!number(counts.substr(0, comma), a.min)) return std::nullopt;
        if (comma + 1 == counts.size()) {
          a.max = UINT32_MAX;
        } else if (!number(counts.substr(comma + 1), a.max) || a.max < a.min) {
          return std::nullopt;
        }
      }
      i = close + 1;
    }
    if (i < end && (p[i] == '?' || p[i] == '+' || p[i] == '*' || p[i] == '{')) return std::nullopt;  // lazy, stacked
    result.atoms_.push_back(a);
  }
  // Greedy matching is exact only where an atom of variable count shares no character with
  // what may follow it: the next atom, and past it every optional one up to the first that
  // must be there.
  for (std::size_t k = 0; k < result.atoms_.size(); ++k) {
    const atom& a = result.atoms_[k];
    if (a.min == a.max) continue;
    for (std::size_t next = k + 1; next < result.atoms_.size(); ++next) {
      const atom& b = result.atoms_[next];
      if ((a.ascii & b.ascii).any() || (a.others != beyond_ascii::none && b.others != beyond_ascii::none)) {
        return std::nullopt;
      }
      if (b.min > 0) break;
    }
  }
  return result;
}

bool simple_pattern::matches(std::string_view text) const noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const auto* end = p + text.size();
  for (const atom& a : atoms_) {
    std::uint32_t count = 0;
    while (count < a.max && p < end) {
      if (*p < 0x80) {  // most text: one bit per byte
        if (!a.ascii[*p]) break;
        ++p;
        ++count;
        continue;
      }
      const utf8_sequence s = decode_utf8(p, end);
      if (s.length <= 0) return false;
      if (!a.holds(s.code_point)) break;
      p += s.length;
      ++count;
    }
    if (count < a.min) return false;
  }
  return p == end;
}

}  // namespace jsonjit::detail::schema
