// Regular expressions with ECMA-262's semantics, as JSON Schema specifies `pattern`,
// `patternProperties` and the `regex` format: the pattern is rewritten where ECMA-262 and
// PCRE2 differ (`\s`, `.`, `$`, `\u` escapes, escapes PCRE2 knows and ECMA-262 refuses, Annex
// B's syntax) and run by PCRE2 with its JIT, under a match limit so that no pattern runs
// unbounded. Private.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "schema/simple_pattern_p.hpp"

namespace jsonjit::detail::schema {

enum class regex_match : std::uint8_t { found, not_found, too_costly };

/// Which syntax a pattern is read with (the meaning is the `u` flag's: code points).
enum class ecma_syntax : std::uint8_t {
  unicode,  // the `u` flag's (format "regex", as the JSON Schema test suite wants)
  annex_b,  // without the `u` flag, with Annex B's additions: identity escapes of any
            // character, legacy octal escapes, braces and "\c" standing for themselves,
            // class escapes at the ends of a range, quantified lookaheads
  unicode_else_annex_b,  // the `u` flag's, or Annex B's for a pattern the `u` flag refuses
                         // (a schema's patterns: many were written for RegExp without `u`)
};

class ecma_regex {
 public:
  /// Compiles `pattern` (UTF-8, ECMA-262 read with `syntax`); on failure returns null and
  /// sets `why` (PCRE2's message, or which ECMA-262 rule the pattern breaks) and `where` (the
  /// byte offset in the pattern). `jit`: PCRE2 compiles it to machine code
  /// (schema_options::regex_jit says why that is not the default); otherwise it interprets.
  static std::shared_ptr<const ecma_regex> compile(std::string_view pattern, std::string& why,
                                                   std::size_t& where,
                                                   ecma_syntax syntax = ecma_syntax::unicode_else_annex_b,
                                                   bool jit = false);
  /// A pattern in PCRE2's own syntax (the library's patterns, such as the Unicode property
  /// classes the IDNA rules use), interpreted; null if PCRE2 refuses it.
  static std::shared_ptr<const ecma_regex> compile_pcre2(std::string_view pcre2_pattern);
  ~ecma_regex();
  ecma_regex(const ecma_regex&) = delete;
  ecma_regex& operator=(const ecma_regex&) = delete;

  /// Whether the pattern matches somewhere in `text` (valid UTF-8; JSON Schema's patterns are
  /// not anchored). `too_costly` when the match limit stopped it. Thread-safe.
  regex_match search(std::string_view text) const;

  const std::string& pattern() const noexcept { return pattern_; }
  /// Whether PCRE2 runs it as machine code (compiled with `jit` where PCRE2 has its JIT and
  /// the system gave it memory, and not a pattern jsonjit matches itself).
  bool runs_as_machine_code() const noexcept;

 private:
  ecma_regex() = default;
  static std::shared_ptr<ecma_regex> compile_pcre2_or_explain(std::string_view pcre2_pattern, bool jit,
                                                              std::string& why);
  std::string pattern_;
  void* code_ = nullptr;  // pcre2_code_8 (kept out of the header: pcre2.h is not ours to spread)
  double cost_ = 0;  // translated_pattern::cost (0 for PCRE2's own patterns: the library's)
  std::optional<simple_pattern> simple_;  // matched without PCRE2 where the pattern allows
};

/// The pattern rewritten for PCRE2; `ok` false, with `why` and `where` set, when the pattern
/// is not ECMA-262. Exposed for tests.
struct translated_pattern {
  bool ok = false;
  std::string pcre2;
  std::string why;
  std::size_t where = 0;
  /// The steps one try of the pattern takes at most before it backtracks: its atoms, each
  /// counted repeat multiplying what it repeats ((a{1000}){1000}: a million). `*`, `+` and
  /// backtracking are PCRE2's match limit's to bound.
  double cost = 0;
};
translated_pattern translate_ecma_pattern(std::string_view pattern, ecma_syntax syntax = ecma_syntax::unicode);

}  // namespace jsonjit::detail::schema
