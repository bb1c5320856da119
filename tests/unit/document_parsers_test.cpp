// The structural parser (document::parse's fast path) against the reference parser: the same
// documents from the same inputs, especially where 64-byte blocks split escapes, strings,
// numbers and literals.
#include <jsonjit/document.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "test_files.hpp"

#include "dom/structural_parse_p.hpp"
#include "dom/tape_builder_p.hpp"

namespace jsonjit {
namespace {

result<document, parse_error> reference_parse(std::string_view json, const document_options& options = {}) {
  document doc;
  tape_builder out(doc, options);
  out.reserve(json);
  if (parse_error e = detail::parse_with_reader(out, json, options)) return e;
  return doc;
}

/// Both parsers agree: both fail with the same error, or build the same document.
void expect_same(std::string_view json, const document_options& options = {}) {
  const auto fast = document::parse(json, options);
  const auto reference = reference_parse(json, options);
  ASSERT_EQ(fast.has_value(), reference.has_value()) << json;
  if (reference && detail::structural_parser_runs(options)) {
    // Valid input never needs the reference parser (that would only be slow, not wrong).
    document doc;
    tape_builder out(doc, options);
    out.reserve(json);
    EXPECT_TRUE(detail::parse_structural(out, json, options)) << "fell back on valid input: " << json;
  }
  if (!fast) {
    EXPECT_EQ(fast.error().info.code, reference.error().info.code) << json;
    EXPECT_EQ(fast.error().info.offset, reference.error().info.offset) << json;
    return;
  }
  const writer_options relaxed{.escaping = escape_mode::relaxed};
  EXPECT_EQ(fast->root().to_json(relaxed).value(), reference->root().to_json(relaxed).value()) << json;
  EXPECT_TRUE(fast->root() == reference->root()) << json;
}

using test::read_file;

TEST(DocumentParsers, StructuralParserRunsHere) {
  if (!detail::structural_parser_runs({})) GTEST_SKIP() << "no stage 1 for this CPU (x86-64 needs AVX2, BMI2, PCLMUL)";
  EXPECT_FALSE(detail::structural_parser_runs({.skip_comments = true}));
  EXPECT_FALSE(detail::structural_parser_runs({.duplicates = duplicate_properties::reject}));
}

TEST(DocumentParsers, AgreeOnTheCorpus) {
  for (const char* name : {"canada.json", "citm_catalog.json", "twitter.json", "twitter.simdjson.json"}) {
    const std::string json = read_file(std::filesystem::path(JSONJIT_DATA_DIR "/corpus") / name);
    expect_same(json);
    expect_same(json, {.preserve_number_text = true});
  }
}

TEST(DocumentParsers, AgreeOnJsonTestSuite) {
  for (const auto& entry :
       std::filesystem::directory_iterator(JSONJIT_DATA_DIR "/JSONTestSuite/test_parsing")) {
    expect_same(read_file(entry.path()), {.max_depth = 1000});
  }
}

TEST(DocumentParsers, AgreeWhereBlocksSplitTokens) {
  // Each piece is put at every offset around the 64- and 128-byte block boundaries.
  const char* pieces[] = {
      R"("a\\")",
      R"("a\\\"b")",
      R"("\\\\\\\\")",
      R"("\"\"\"")",
      R"("\u00e9\ud83d\ude00")",
      R"("\ud83d")",
      R"("\ud83d\u0041")",
      R"("\udc00")",
      R"("\uD83D\uDE0")",
      R"("\x")",
      R"("\u12")",
      "-12.5e+3",
      "12345678901234567890",
      "1e400",
      "true",
      "false",
      "null",
      "tru",
      "nul1",
      "01",
      "-",
      "1.",
      "\"\xC3\xA9\"",
      "\"\xC3\"",
      "\"tab\there\"",
      "[]",
      "{}",
      R"({"k":[1,{"x":null}]})",
      "[1,]",
      "{\"a\" 1}",
      "\"unterminated",
  };
  for (const char* piece : pieces) {
    for (int offset = 50; offset < 140; ++offset) {
      const std::string padding(static_cast<std::size_t>(offset), ' ');
      expect_same("[" + padding + piece + "]");
      expect_same("{\"" + std::string(static_cast<std::size_t>(offset), 'k') + "\":" + piece + "}");
      expect_same(padding + piece);
    }
  }
}

TEST(DocumentParsers, AgreeOnDepthLimits) {
  for (int depth = 60; depth <= 68; ++depth) {
    const std::string json =
        std::string(static_cast<std::size_t>(depth), '[') + std::string(static_cast<std::size_t>(depth), ']');
    expect_same(json);
    expect_same(json, {.max_depth = 66});
  }
}

}  // namespace
}  // namespace jsonjit
