// ECMA-262 patterns (src/schema/ecma_regex.cpp) and the patterns matched without PCRE2
// (simple_pattern.cpp): which patterns are simple, and that every simple pattern matches
// exactly what PCRE2 matches, on strings built from the characters that matter to it.
#include <gtest/gtest.h>

#include <random>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <jsonjit/document.hpp>

#include "schema/ecma_regex_p.hpp"
#include "schema/simple_pattern_p.hpp"
#include "test_files.hpp"

namespace jsonjit::detail::schema {
namespace {

TEST(SchemaRegex, SimplePatternsAreRecognized) {
  for (const char* p : {"^[0-9]+$", "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{12}$", "^[^@\\s]+@[^@\\s]+$", "^[A-Z]{2,3}$",
                        "^\\d*\\.\\d+$", "^$", "^a[b-d]?e$", "^[-+]?[0-9]{1,6}$", "^[\\w.]+$"}) {
    EXPECT_TRUE(simple_pattern::recognize(p)) << p;
  }
  for (const char* p : {"[0-9]+", "^[0-9]+", "^(a|b)$", "^[0-9]*[0-9]$", "^a*a$", "^[0-9]*x?[0-9]$", "^.$", "^é$",
                        "^[\\s]+$", "^\\S+$", "^a+?$", "^a\\$", "^[a-z]+\\b$", "^\\p{L}$"}) {
    EXPECT_FALSE(simple_pattern::recognize(p)) << p;
  }
}

TEST(SchemaRegex, SimplePatternsMatchWhatPcre2Matches) {
  const char* patterns[] = {"^[0-9]+$", "^[0-9a-f]{2}-[0-9a-f]{1,3}$", "^[^@\\s]+@[^@\\s]+$", "^[A-Z]{2,3}$",
                            "^\\d*\\.\\d+$", "^$", "^a[b-d]?e$", "^[-+]?[0-9]{1,6}$", "^[\\w.]+$", "^x?y*z$"};
  // The characters the patterns care about, a Unicode space, and a letter beyond ASCII.
  const std::string alphabet[] = {"0", "7", "a", "f", "g", "A", "Z", "-", "+", "@", ".", "_", " ", "\t", "x", "y",
                                  "z", "e", "b", "\u00a0", "\u00e9", "\u3000"};
  std::mt19937 random(17);
  for (const char* p : patterns) {
    const std::optional<simple_pattern> simple = simple_pattern::recognize(p);
    ASSERT_TRUE(simple) << p;
    const std::shared_ptr<const ecma_regex> pcre2 = ecma_regex::compile_pcre2(translate_ecma_pattern(p).pcre2);
    ASSERT_TRUE(pcre2) << p;
    for (int n = 0; n < 3000; ++n) {
      std::string text;
      const int length = static_cast<int>(random() % 8);
      for (int i = 0; i < length; ++i) text += alphabet[random() % std::size(alphabet)];
      EXPECT_EQ(simple->matches(text), pcre2->search(text) == regex_match::found) << p << " on \"" << text << "\"";
    }
  }
}

TEST(SchemaRegex, EcmaRulesThatPcre2DoesNotHave) {
  std::string why;
  std::size_t where = 0;
  const auto compiled = [&](const char* p) { return ecma_regex::compile(p, why, where); };
  EXPECT_EQ(compiled("\\s")->search("\u2003"), regex_match::found);   // ECMA's \s: Unicode spaces
  EXPECT_EQ(compiled("^\\d$")->search("\u0663"), regex_match::not_found);  // \d: ASCII digits only
  EXPECT_EQ(compiled("^a$")->search("a\n"), regex_match::not_found);       // $: the very end
  EXPECT_EQ(compiled(".")->search("\u2028"), regex_match::not_found);      // '.' stops at line terminators
  EXPECT_EQ(compiled("^\\p{Letter}+$")->search("\u00e9t\u00e9"), regex_match::found);
  EXPECT_EQ(compiled("\\u{1F600}")->search("\U0001F600"), regex_match::found);
  EXPECT_EQ(compiled("[^]")->search("\n"), regex_match::found);
  for (const char* refused : {"(?i)a", "(?P<n>a)", "(?#c)", "[a", "a\\", "a**", "a++", "a{2}+", "[z-a]"}) {
    EXPECT_FALSE(compiled(refused)) << refused;
  }
  // Annex B's identity escapes: refused with the `u` flag's syntax (format "regex"), read as
  // the character itself in a schema's patterns.
  EXPECT_FALSE(ecma_regex::compile("\\a", why, where, ecma_syntax::unicode));
  EXPECT_EQ(compiled("^\\a\\&\\%\\-$")->search("a&%-"), regex_match::found);
  EXPECT_EQ(compiled("^[\\s\\S]$")->search("\n"), regex_match::found);
  EXPECT_EQ(compiled("^[^\\S]$")->search("\u3000"), regex_match::found);
  EXPECT_EQ(compiled("^[^\\S]$")->search("x"), regex_match::not_found);
  EXPECT_EQ(compiled("^a{$")->search("a{"), regex_match::found);
  EXPECT_EQ(compiled("^\\1(a)$")->search("a"), regex_match::found);  // a group not yet matched: empty
}

bool has_astral_character(std::string_view text) {
  return std::any_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) >= 0xF0; });
}

TEST(SchemaRegex, PatternsMatchWhatNodesRegExpMatches) {
  // data/regex/ecma_patterns.json (scripts/gen_regex_corpus.js): every pattern of SchemaStore's
  // schemas and hand-written corners, with strings made for each and what Node's RegExp did
  // with and without the `u` flag. With the `u` flag's syntax (format "regex"), a pattern
  // compiles where Node's compiles it with `u`; a schema's pattern also where Node compiles it
  // without (Annex B's syntax: identity escapes, octal escapes, braces as characters).
  // Matching follows `u`; a pattern only Annex B reads is compared on strings without astral
  // characters (without `u`, Node matches UTF-16 code units, and `.` half of a surrogate pair).
  // Interpreted by PCRE2 and compiled by its JIT alike.
  const std::string text = test::read_file(JSONJIT_DATA_DIR "/regex/ecma_patterns.json");
  const result<document, parse_error> corpus = document::parse(text);
  ASSERT_TRUE(corpus) << to_string(corpus.error());
  std::size_t patterns = 0, strings = 0, mismatches = 0;
  std::string report;
  const auto mismatch = [&](std::string_view pattern, std::string_view what) {
    if (++mismatches <= 40) report += "  /" + std::string(pattern) + "/ " + std::string(what) + "\n";
  };
  for (const element c : corpus->root().elements()) {
    const std::string_view pattern = c["pattern"].get_string().value();
    const auto bits = [&](const char* mode) {
      return c[mode].is_null() ? std::nullopt : std::optional<std::string_view>(c[mode].get_string().value());
    };
    const std::optional<std::string_view> u = bits("u"), legacy = bits("legacy");
    std::string why;
    std::size_t where = 0;
    const auto strict = ecma_regex::compile(pattern, why, where, ecma_syntax::unicode);
    const auto lenient = ecma_regex::compile(pattern, why, where, ecma_syntax::unicode_else_annex_b);
    const auto lenient_jit =
        ecma_regex::compile(pattern, why, where, ecma_syntax::unicode_else_annex_b, true);
    ++patterns;
    if (static_cast<bool>(strict) != u.has_value()) mismatch(pattern, u ? "refused with u: " + why : "compiled with u");
    if (static_cast<bool>(lenient) != (u || legacy)) mismatch(pattern, lenient ? "compiled" : "refused: " + why);
    if (!lenient || !(u || legacy)) continue;
    const std::string_view expected = u ? *u : *legacy;
    std::size_t k = 0;
    for (const element s : c["strings"].elements()) {
      const std::string_view subject = s.get_string().value();
      const bool want = expected[k++] == '1';
      if (!u && has_astral_character(subject)) continue;
      ++strings;
      for (const auto* regex : {&strict, &lenient, &lenient_jit}) {
        if (*regex && ((*regex)->search(subject) == regex_match::found) != want) {
          mismatch(pattern, std::string(want ? "misses \"" : "matches \"") + std::string(subject) + "\"" +
                                (regex == &strict        ? " (u)"
                                 : regex == &lenient_jit ? " (PCRE2's JIT)"
                                                         : ""));
        }
      }
    }
  }
  EXPECT_EQ(mismatches, 0u) << report;
  EXPECT_GE(patterns, 1400u);
  EXPECT_GE(strings, 20000u);
}

TEST(SchemaRegex, Pcre2CompilesToMachineCodeOnlyWhenAsked) {
  // schema_options::regex_jit: PCRE2's JIT maps its code writable and executable at once.
  std::string why;
  std::size_t where = 0;
  const char* pattern = "^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$";
  EXPECT_FALSE(ecma_regex::compile(pattern, why, where)->runs_as_machine_code());
  std::uint32_t has_jit = 0;
  pcre2_config(PCRE2_CONFIG_JIT, &has_jit);
  EXPECT_EQ(ecma_regex::compile(pattern, why, where, ecma_syntax::unicode_else_annex_b, true)->runs_as_machine_code(),
            has_jit != 0);
  // Matched by jsonjit itself whatever is asked.
  EXPECT_FALSE(ecma_regex::compile("^[0-9]+$", why, where, ecma_syntax::unicode_else_annex_b, true)
                   ->runs_as_machine_code());
  EXPECT_FALSE(ecma_regex::compile_pcre2("\\p{Greek}")->runs_as_machine_code());
}

}  // namespace

TEST(SchemaRegex, ACountedRepeatMultipliesTheCostOfWhatItRepeats) {
  // The cost bounds one try's steps: a search over a text tries each start, so the text's
  // length times it is what a search may take without backtracking (too costly past 10^10).
  const auto cost = [](std::string_view pattern) { return translate_ecma_pattern(pattern).cost; };
  EXPECT_EQ(cost("abc"), 3);
  EXPECT_EQ(cost("a|bc"), 3);
  EXPECT_EQ(cost("(ab){3}"), 6);
  EXPECT_EQ(cost("\\d{3}-\\d{4}"), 8);
  EXPECT_EQ(cost("[a-z]{2,5}x"), 6);
  EXPECT_EQ(cost("a{2,}"), 2);  // the unbounded rest is the match limit's
  EXPECT_EQ(cost("(a{1000}){1000}"), 1e6);
  EXPECT_EQ(cost("((a{10}){10}){10}"), 1000);
  EXPECT_EQ(translate_ecma_pattern("x{", ecma_syntax::annex_b).cost, 2);  // a brace that is no quantifier is a character
}

}  // namespace jsonjit::detail::schema
