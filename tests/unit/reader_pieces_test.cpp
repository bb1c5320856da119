// Piecewise reading gives exactly the whole-input results: every token, position and error,
// for inputs split at every byte position and fed one byte at a time.
#include <jsonjit/reader.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <numeric>
#include <string>
#include <vector>

#include "test_files.hpp"
#include "token_log.hpp"

namespace jsonjit {
namespace {

using test::read_file;

void expect_same_in_pieces(const std::string& name, const std::string& json, const reader_options& options) {
  const std::string whole = test::log_whole(json, options);
  // Every cut position up to 4096, and the end (the two large JSONTestSuite files fail within
  // their first few hundred bytes, so later cuts cannot change anything).
  const std::size_t last_cut = std::min<std::size_t>(json.size(), 4096);
  for (std::size_t cut = 0; cut <= last_cut + 1; ++cut) {
    const std::size_t cuts[] = {cut <= last_cut ? cut : json.size()};
    ASSERT_EQ(test::log_in_pieces(json, cuts, options), whole) << name << " cut at " << cuts[0];
  }
  std::vector<std::size_t> every(json.size());
  std::iota(every.begin(), every.end(), std::size_t{0});
  ASSERT_EQ(test::log_in_pieces(json, every, options), whole) << name << " one byte at a time";
}

const std::vector<std::string> handwritten = {
    "{\"a\": [1, -2.5e+3, 0, -0.0, 1E5, \"x\\n\\u00e9\\ud83d\\ude00\"],\n \"b\" :\ttrue}",
    "\xEF\xBB\xBF [null, false]\r\n",
    "\"\xE4\xB8\xAD\xF0\x9F\x98\x80\xC3\xA9\"",
    "[1, // line\n 2 /* block\n comment */, 3,]",
    "{\"a\":1,}",
    "1 2 [3] {\"x\":4} \"five\" 6",
    "// only a comment\n",
    "[1 /* unterminated",
    "[\"\\uD800\\u00\"]",
    "123456789012345678901234567890.123456789e-123456",
    "[tru]",
    "{\"a\"\n\n:\n1}",
};

TEST(ReaderPieces, HandwrittenInputsUnderEveryOptionSet) {
  std::vector<reader_options> option_sets(4);
  option_sets[1].comments = comment_handling::skip;
  option_sets[2].comments = comment_handling::allow;
  option_sets[2].allow_trailing_commas = true;
  option_sets[3].allow_multiple_values = true;
  option_sets[3].max_depth = 2;
  for (const std::string& json : handwritten) {
    for (const reader_options& options : option_sets) {
      expect_same_in_pieces(json, json, options);
    }
  }
}

TEST(ReaderPieces, EveryJsonTestSuiteFile) {
  int files = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(JSONJIT_DATA_DIR "/JSONTestSuite/test_parsing")) {
    const std::string json = read_file(entry.path());
    expect_same_in_pieces(entry.path().filename().string(), json, {});
    ++files;
  }
  EXPECT_GT(files, 300);
}

TEST(ReaderPieces, LargeInputInRandomPieces) {
  const std::string json = read_file(JSONJIT_DATA_DIR "/corpus/twitter.json");
  const std::string whole = test::log_whole(json);
  ASSERT_NE(whole.find("\nend\n"), std::string::npos);
  std::vector<std::size_t> cuts;
  std::uint64_t x = 88172645463325252ull;
  for (std::size_t at = 0;;) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    at += 1 + x % 700;
    if (at >= json.size()) break;
    cuts.push_back(at);
  }
  EXPECT_EQ(test::log_in_pieces(json, cuts), whole);
}

}  // namespace
}  // namespace jsonjit
