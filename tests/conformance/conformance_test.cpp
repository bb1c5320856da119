// JSONTestSuite, JSON_checker and nativejson-benchmark round trips, from data/.
#include <jsonjit/document.hpp>
#include <jsonjit/reader.hpp>
#include <jsonjit/transcode.hpp>
#include <jsonjit/writer.hpp>

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "test_files.hpp"
#include "token_log.hpp"

namespace jsonjit {
namespace {

namespace fs = std::filesystem;

using test::read_file;

TEST(JsonTestSuite, AcceptsEveryYAndRejectsEveryN) {
  int accepted = 0, rejected = 0;
  for (const auto& entry : fs::directory_iterator(JSONJIT_DATA_DIR "/JSONTestSuite/test_parsing")) {
    const std::string name = entry.path().filename().string();
    const std::string json = read_file(entry.path());
    const error_info e = test::first_error(json);
    if (name.starts_with("y_")) {
      EXPECT_FALSE(e) << name << ": " << to_string(e);
      ++accepted;
    } else if (name.starts_with("n_")) {
      EXPECT_TRUE(e) << name << " was accepted";
      ++rejected;
    }
  }
  EXPECT_EQ(accepted, 95);
  EXPECT_EQ(rejected, 188);
}

TEST(JsonTestSuite, ImplementationDefinedFilesDoWhatIsDocumented) {
  std::ifstream list(JSONJIT_I_OUTCOMES);
  std::map<std::string, std::string> outcomes;
  for (std::string line; std::getline(list, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string file, outcome;
    fields >> file >> outcome;
    outcomes[file] = outcome;
  }
  int checked = 0;
  for (const auto& entry : fs::directory_iterator(JSONJIT_DATA_DIR "/JSONTestSuite/test_parsing")) {
    const std::string name = entry.path().filename().string();
    if (!name.starts_with("i_")) continue;
    ASSERT_TRUE(outcomes.contains(name)) << name << " is not listed in i_outcomes.txt";
    const bool accepted = test::accepts(read_file(entry.path()));
    EXPECT_EQ(accepted ? "accept" : "reject", outcomes[name]) << name;
    ++checked;
  }
  EXPECT_EQ(checked, 35);
  EXPECT_EQ(outcomes.size(), 35u);
}

TEST(JsonTestSuite, DeepNestingIsAcceptedWithAHigherLimit) {
  reader_options options;
  options.max_depth = 500;
  EXPECT_TRUE(test::accepts(
      read_file(JSONJIT_DATA_DIR "/JSONTestSuite/test_parsing/i_structure_500_nested_arrays.json"), options));
}

TEST(JsonChecker, PassFilesAcceptedFailFilesRejected) {
  int files = 0;
  for (const auto& entry : fs::directory_iterator(JSONJIT_DATA_DIR "/JSON_checker")) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".json") continue;
    const bool accepted = test::accepts(read_file(entry.path()));
    // The two _EXCLUDE files are valid RFC 8259 (see data/README.md).
    const bool must_accept = name.starts_with("pass") || name.ends_with("_EXCLUDE.json");
    EXPECT_EQ(accepted, must_accept) << name;
    ++files;
  }
  EXPECT_EQ(files, 36);
}

// Re-writes `json` token by token with number text kept (what `jsonjit fmt --compact` does).
std::string rewrite(const std::string& json) {
  memory_output out;
  writer w(out);
  reader r(json);
  const error_info e = transcode(r, w);
  EXPECT_FALSE(e) << to_string(e);
  EXPECT_TRUE(w.is_complete());
  return out.str();
}

TEST(Roundtrip, CompactFilesComeBackByteForByte) {
  for (int i = 1; i <= 27; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "roundtrip%02d.json", i);
    const std::string json = read_file(fs::path(JSONJIT_DATA_DIR "/roundtrip") / name);
    ASSERT_FALSE(json.empty()) << name;
    EXPECT_EQ(rewrite(json), json) << name;
  }
}

TEST(Roundtrip, NumberValuesSurviveSystemTextJsonFormatting) {
  // Files 20-27 hold RapidJSON-style doubles; written in System.Text.Json's form they must read
  // back as the same values.
  for (int i = 20; i <= 27; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "roundtrip%02d.json", i);
    const std::string json = read_file(fs::path(JSONJIT_DATA_DIR "/roundtrip") / name);
    reader r(json);
    ASSERT_TRUE(r.read());
    ASSERT_TRUE(r.read());
    ASSERT_EQ(r.token(), token_type::number) << name;
    const double value = *r.get_double();
    memory_output out;
    writer w(out);
    w.number_value(value);
    reader back(out.view());
    ASSERT_TRUE(back.read());
    const double again = *back.get_double();
    EXPECT_EQ(std::memcmp(&again, &value, sizeof value), 0) << name << " -> " << out.view();
  }
}

// Documents accept what the reader accepts, except numbers a double cannot hold (documents
// store numbers as values); what they accept survives writing and parsing again.
TEST(Document, AgreesWithTheReaderAndRoundTrips) {
  int files = 0, out_of_range = 0;
  for (const auto& entry : fs::directory_iterator(JSONJIT_DATA_DIR "/JSONTestSuite/test_parsing")) {
    const std::string name = entry.path().filename().string();
    const std::string json = read_file(entry.path());
    auto doc = document::parse(json, {.max_depth = 1000});
    const bool reader_accepts = !test::first_error(json, {.max_depth = 1000});
    ++files;
    if (!doc.has_value() && doc.error().info.code == error_code::number_out_of_range) {
      EXPECT_TRUE(name.starts_with("i_number")) << name;
      ++out_of_range;
      continue;
    }
    ASSERT_EQ(doc.has_value(), reader_accepts) << name;
    if (!doc) continue;
    const std::string text = doc->root().to_json().value();
    auto again = document::parse(text, {.max_depth = 1000});
    ASSERT_TRUE(again.has_value()) << name << ": " << text;
    EXPECT_TRUE(doc->root() == again->root()) << name << ": " << text;
    EXPECT_EQ(again->root().to_json().value(), text) << name;
  }
  EXPECT_EQ(files, 318);
  EXPECT_EQ(out_of_range, 5);  // the i_number files whose magnitude overflows a double
}

TEST(Document, RoundtripFilesComeBackByteForByteWithNumberText) {
  for (int i = 1; i <= 27; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "roundtrip%02d.json", i);
    const std::string json = read_file(fs::path(JSONJIT_DATA_DIR "/roundtrip") / name);
    auto doc = document::parse(json, {.preserve_number_text = true});
    ASSERT_TRUE(doc.has_value()) << name;
    EXPECT_EQ(doc->root().to_json().value(), json) << name;
  }
}

}  // namespace
}  // namespace jsonjit
