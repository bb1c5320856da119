// Patterns that need no regex engine: anchored sequences of character classes with counts
// ("^[0-9]+$", "^[0-9a-f]{8}-[0-9a-f]{4}$", "^[^@\s]+@[^@\s]+$"): 245 of the 1,401 patterns
// of data/regex/ecma_patterns.json (SchemaStore's and hand-written ones). Matched byte by
// byte, without backtracking: recognized only where each class shares no character with the
// next, so that taking characters greedily is the one way to match. Everything else goes to
// PCRE2 (ecma_regex.cpp). Private.
#pragma once

#include <bitset>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace jsonjit::detail::schema {

class simple_pattern {
 public:
  /// The pattern (ECMA-262) as a simple pattern, or nullopt when it is not one.
  static std::optional<simple_pattern> recognize(std::string_view pattern);

  /// Whether `text` (valid UTF-8) matches, as the pattern would under ECMA-262.
  bool matches(std::string_view text) const noexcept;

 private:
  /// Which code points a class holds: ASCII by a bit set; the others all, none, or all but
  /// the Unicode spaces (a negated class that holds `\s`).
  enum class beyond_ascii : std::uint8_t { none, all, all_but_spaces };
  struct atom {
    std::bitset<128> ascii;
    beyond_ascii others = beyond_ascii::none;
    std::uint32_t min = 1, max = 1;
    bool holds(std::uint32_t code_point) const noexcept;
  };
  std::vector<atom> atoms_;
};

}  // namespace jsonjit::detail::schema
