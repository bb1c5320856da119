// The structural parser (document::parse's fast path) against the reference parser: the same
// documents from the same inputs, especially where 64-byte blocks split escapes, strings,
// numbers and literals.
#include <jsonjit/document.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "test_files.hpp"

#include "dom/stage1_masks_p.hpp"
#include "dom/structural_index_p.hpp"
#include "dom/structural_parse_p.hpp"
#include "dom/tape_builder_p.hpp"
#include "text/number_scan_p.hpp"
#include "text/utf8_p.hpp"

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

TEST(DocumentParsers, EveryNameIsFoundByBothParsersDocuments) {
  // Every name of an object of many (empty, one byte, ids of one length differing only inside,
  // escaped in the source, non-ASCII, repeated) is found, with the last of repeated names
  // winning, and names not there (each a byte away from one that is) are not.
  std::vector<std::pair<std::string, std::string>> members;  // (name as written, name)
  members.emplace_back("", "");
  for (char c = ' '; c <= '~'; ++c) {
    if (c != '"' && c != '\\') members.emplace_back(std::string(1, c), std::string(1, c));
  }
  for (int i = 0; i < 300; ++i) {
    const std::string id = "1" + std::to_string(100000 + i * 7919 % 100000) + "41";
    members.emplace_back(id, id);
  }
  members.emplace_back("\\u0061\\u0062c", "abc");
  members.emplace_back("tab\\there", "tab\there");
  members.emplace_back("\\ud83d\\ude00", "\xF0\x9F\x98\x80");
  members.emplace_back("\xC3\xA9t\xC3\xA9", "\xC3\xA9t\xC3\xA9");
  std::string json = "{";
  for (std::size_t i = 0; i < members.size(); ++i) json += "\"" + members[i].first + "\":" + std::to_string(i) + ",";
  json += "\"abc\":\"last\"}";  // "abc" again, written plainly
  for (auto parse : {+[](std::string_view text) { return document::parse(text); },
                     +[](std::string_view text) { return reference_parse(text); }}) {
    const auto doc = parse(json);
    ASSERT_TRUE(doc.has_value());
    const element root = doc->root();
    for (std::size_t i = 0; i < members.size(); ++i) {
      const std::string& name = members[i].second;
      const element found = root[name];
      ASSERT_TRUE(found.exists()) << name;
      if (name == "abc") {
        EXPECT_EQ(found.get_string().value(), "last");
      } else {
        EXPECT_EQ(found.get_int64().value(), static_cast<std::int64_t>(i)) << name;
      }
      EXPECT_FALSE(root[name + "\x7F"].exists()) << name;  // (no name here has DEL)
      if (!name.empty()) {
        std::string near = name;
        near[near.size() / 2] = static_cast<char>(near[near.size() / 2] ^ 1);
        const bool is_a_member = std::any_of(members.begin(), members.end(), [&](const auto& m) { return m.second == near; });
        EXPECT_EQ(root[near].exists(), is_a_member) << near;
      }
    }
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

/// Number texts of every digit count around the fast path's limits (eight and nineteen
/// digits, eight and twenty fraction digits), valid or not, each followed by `follower`.
std::vector<std::string> numbers_of_every_length(const std::string& follower) {
  const std::string digits = "1234567890987654321012345";
  std::vector<std::string> integers = {"0", "00", "01", "-", ""};
  for (std::size_t length = 1; length <= 22; ++length) integers.push_back(digits.substr(0, length));
  std::vector<std::string> fractions = {"", ".", ".0", ".5e"};
  for (std::size_t length = 1; length <= 23; ++length) fractions.push_back("." + digits.substr(1, length));
  std::vector<std::string> texts;
  for (const char* sign : {"", "-"}) {
    for (const std::string& integer : integers) {
      for (const std::string& fraction : fractions) {
        for (const char* exponent : {"", "e5", "E-3", "e+400"}) {
          texts.push_back(sign + integer + fraction + exponent + follower);
        }
      }
    }
  }
  return texts;
}

TEST(DocumentParsers, NumbersReadByTheFastPathAsByTheGeneralOne) {
  // read_number takes the usual numbers by a path of its own where 48 bytes remain: the same
  // end and parts as read_any_number, or the same refusal, whatever follows and however near
  // the end of the input.
  for (const char* follower : {",", "]", " ", "x", ".5", "e", "\"", ""}) {
    for (const std::string& number : numbers_of_every_length(follower)) {
      for (const std::size_t padding : {0u, 20u, 47u, 60u}) {
        const std::string text = number + std::string(padding, ' ');
        const char* const end = text.data() + text.size();
        detail::number_parts fast, general;
        const char* const fast_end = detail::read_number(text.data(), end, fast);
        const char* const general_end = detail::read_any_number(text.data(), end, general);
        ASSERT_EQ(fast_end, general_end) << text;
        if (general_end == nullptr) continue;
        EXPECT_EQ(fast.significand, general.significand) << text;
        EXPECT_EQ(fast.exponent, general.exponent) << text;
        EXPECT_EQ(fast.negative, general.negative) << text;
        EXPECT_EQ(fast.integer, general.integer) << text;
        EXPECT_EQ(fast.exact, general.exact) << text;
      }
    }
  }
}

TEST(DocumentParsers, AgreeOnNumbersOfEveryLength) {
  for (const std::string& number : numbers_of_every_length("")) {
    expect_same("[" + number + "," + number + "]");
    expect_same("{\"n\":" + number + std::string(50, ' ') + "}");
    expect_same(number);
  }
}

TEST(DocumentParsers, AgreeOnEscapesAtEveryOffsetAndNearTheEnd) {
  // The structural parser checks and decodes escapes in one pass, 16 bytes at a time where 16
  // bytes follow the string in the input, else escape by escape: valid and invalid escapes at
  // every offset of a string's 16-byte blocks, the string at every distance from the end.
  const char* const escapes[] = {
      "\\n", "\\\"", "\\\\", "\\/", "\\u00e9", "\\ud83d\\ude00", "\\u20AC",             // valid
      "\\x", "\\u12", "\\u12G4", "\\ud800", "\\udc00", "\\ud800\\u0041", "\\ud800\\"};  // not

  for (const char* escape : escapes) {
    for (std::size_t before = 0; before < 36; ++before) {
      for (const std::size_t after : {0u, 1u, 15u, 17u}) {
        const std::string text = std::string(before, 'a') + escape + std::string(after, 'b');
        for (const std::size_t padding : {0u, 1u, 14u, 15u, 16u, 40u}) {
          expect_same("[\"" + text + "\"" + std::string(padding, ' ') + "]");
          expect_same("{\"" + text + "\":1" + std::string(padding, ' ') + "}");
        }
      }
    }
  }
}

TEST(DocumentParsers, FitTheRoomTheIndexReservesAtItsTightestInputs) {
  // The fast parser reserves by what stage 1 found (two tape words a position, each string's
  // text and four bytes more), or by the input's size where that is less: inputs where those
  // bounds are tight (every byte a position, strings of nothing but escapes or of nothing,
  // numbers kept as text, deep nesting) must fit — ASan watches the edges of the room — and
  // give the reference parser's documents.
  std::string digits = "[", names = "{", empties = "[", escapes = "[\"", mixed = "[";
  for (int i = 0; i < 3000; ++i) {
    digits += "1,";
    names += "\"\":0,";
    empties += "\"\",";
    escapes += "\\n\\u00e9";
    mixed += "[{\"a\":[1,-2.5e3,\"\\\"\"]},[],{},true,null],";
  }
  digits += "1]";
  names += "\"\":0}";
  empties += "\"\"]";
  escapes += "\"]";
  mixed += "0]";
  const std::string deep = std::string(64, '[') + "1" + std::string(64, ']');
  const std::string scalars[] = {"1", "\"\""};
  for (const std::string& json : {digits, names, empties, escapes, mixed, deep, scalars[0], scalars[1]}) {
    expect_same(json);
    expect_same(json, {.preserve_number_text = true});
  }
  if (!detail::structural_parser_runs({})) return;
  // What a reused document holds: the index's bound, a third of the general one on canada.json.
  const std::string canada = read_file(std::filesystem::path(JSONJIT_DATA_DIR "/corpus") / "canada.json");
  document doc;
  ASSERT_FALSE(doc.assign(canada));
  EXPECT_LT(doc.memory_usage(), 4 * canada.size());
}

TEST(DocumentParsers, AgreeOnDepthLimits) {
  for (int depth = 60; depth <= 68; ++depth) {
    const std::string json =
        std::string(static_cast<std::size_t>(depth), '[') + std::string(static_cast<std::size_t>(depth), ']');
    expect_same(json);
    expect_same(json, {.max_depth = 66});
  }
}

TEST(DocumentParsers, Stage1FindsEscapedBytesAsABackslashByBackslashWalk) {
  // Runs of backslashes of every length at every position, across block boundaries: stage 1's
  // masks against a walk over the bytes (a backslash not itself escaped escapes the next byte).
  std::mt19937_64 random(20261206);
  for (int round = 0; round < 20000; ++round) {
    constexpr int blocks = 3;
    std::uint64_t backslash[blocks];
    for (std::uint64_t& mask : backslash) {
      // Dense, sparse and long runs alike.
      const int kind = static_cast<int>(random() % 3);
      mask = kind == 0 ? random() : kind == 1 ? random() & random() & random() : random() | random() | random();
    }
    bool escaped_next = false;
    std::uint64_t carry = 0;
    for (int b = 0; b < blocks; ++b) {
      std::uint64_t want = 0;
      for (int i = 0; i < 64; ++i) {
        const bool is_backslash = (backslash[b] >> i & 1) != 0;
        if (escaped_next) want |= std::uint64_t{1} << i;
        escaped_next = !escaped_next && is_backslash;
      }
      const std::uint64_t got = detail::stage1::escaped_bytes(backslash[b], carry);
      ASSERT_EQ(got, want) << "round " << round << ", block " << b << ", backslashes " << std::hex << backslash[b];
      ASSERT_EQ(carry, escaped_next ? 1u : 0u) << "round " << round << ", block " << b;
    }
  }
}

#if defined(__x86_64__) || defined(__aarch64__)
/// A text's stage-1 index by `kernels`, whole or in two pieces split at `split` (a multiple of
/// 64: a text indexed as a JSONPath skip indexes it), as one string to compare.
std::string index_of(const detail::stage1_kernels& kernels, std::string_view json, std::uint32_t split) {
  const auto size = static_cast<std::uint32_t>(json.size());
  detail::index_buffer buffer;
  detail::structural_index index = buffer.reserve(size);
  if (split == 0 || split >= size) {
    kernels.index(json.data(), size, index);
  } else {
    kernels.index(json.data(), split, index);
    detail::structural_index rest{index.positions + index.count, 0, index.backslashes + split / 64, index.state, split};
    kernels.index(json.data() + split, size - split, rest);
    index.count += rest.count;
    index.state = rest.state;
  }
  // (Where a kernel checks UTF-8 as it indexes, invalid UTF-8 is `bad`: the verdict is compared.)
  std::string out = "count " + std::to_string(index.count) + " in_string " + std::to_string(index.state.in_string) +
                    " non_ascii " + std::to_string(index.state.non_ascii != 0) + " passed " +
                    std::to_string(detail::stage1_passed(kernels, json.data(), size, index)) + "\n";
  for (std::uint32_t k = 0; k <= index.count; ++k) out += std::to_string(index.positions[k]) + ' ';
  out += '\n';
  for (std::uint32_t b = 0; b < (size + 63) / 64; ++b) out += std::to_string(index.backslashes[b]) + ' ';
  return out;
}

TEST(DocumentParsers, EveryStage1OfThisCpuIndexesAlike) {
  // The document parser runs the best one; the others run on other CPUs (AVX2 only,
  // AVX-512BW without VBMI2, AArch64 without PMULL): each gives the same index, whole or in
  // pieces, on the corpus, JSONTestSuite and tokens split by block boundaries.
  const std::vector<detail::named_stage1> kernels = detail::every_stage1();
  if (kernels.empty()) GTEST_SKIP() << "no stage 1 for this CPU";
  std::vector<std::string> texts;
  for (const char* name : {"canada.json", "citm_catalog.json", "twitter.json", "twitter.simdjson.json"}) {
    texts.push_back(read_file(std::filesystem::path(JSONJIT_DATA_DIR "/corpus") / name));
  }
  for (const auto& entry : std::filesystem::directory_iterator(JSONJIT_DATA_DIR "/JSONTestSuite/test_parsing")) {
    texts.push_back(read_file(entry.path()));
  }
  for (int offset = 0; offset < 130; ++offset) {
    const std::string padding(static_cast<std::size_t>(offset), ' ');
    texts.push_back(padding + R"(["a\\\"b", "\\\\", -12.5e+3, true, {"k":null}, "\u00e9", "\x01"])");
    texts.push_back(padding + "[\"\xC3\xA9\xE2\x82\xAC\", \"\x01\", \"\xC3\"]");
  }
  for (const std::string& json : texts) {
    const auto size = static_cast<std::uint32_t>(json.size());
    const std::string want = index_of(kernels.front().kernels, json, 0);
    for (const detail::named_stage1& kernel : kernels) {
      for (const std::uint32_t split : {0u, 64u, size / 128 * 64}) {
        ASSERT_EQ(index_of(kernel.kernels, json, split), want)
            << kernel.name << " differs from " << kernels.front().name << " (split at " << split << ") on "
            << json.substr(0, 200);
      }
    }
  }
}

TEST(DocumentParsers, EveryStage1OfThisCpuJudgesUtf8AsTheValidator) {
  // Where a kernel checks UTF-8 as it indexes, a character's bytes may lie on both sides of a
  // block's or a piece's boundary, or be cut by the end of the text (a multiple of 64 bytes or
  // not): valid and invalid sequences at every offset around them, judged as the validator does.
  const std::vector<detail::named_stage1> kernels = detail::every_stage1();
  if (kernels.empty()) GTEST_SKIP() << "no stage 1 for this CPU";
  const std::vector<std::string> sequences = {
      "\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80", "\xF4\x8F\xBF\xBF", "\xED\x9F\xBF",  // valid
      "\xC3", "\xE2\x82", "\xF0\x9F\x98", "\x80", "\xBF\xBF",  // cut or alone
      "\xC0\x80", "\xC1\xBF", "\xE0\x80\x80", "\xF0\x80\x80\x80",  // overlong
      "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xF5\x80\x80\x80", "\xFF",  // surrogate, too high
      "\xC3\xA9\xA9", "\xE2\x82\xAC\xE2\x82",  // one too many, one cut
  };
  for (const std::string& sequence : sequences) {
    for (std::size_t before = 0; before < 132; ++before) {
      for (const std::size_t after : {0u, 1u, 2u, 3u, 61u, 62u, 63u, 64u, 70u}) {
        const std::string text = std::string(before, 'a') + sequence + std::string(after, 'b');
        const auto size = static_cast<std::uint32_t>(text.size());
        const bool want = detail::is_valid_utf8(text.data(), text.data() + text.size());
        for (const detail::named_stage1& kernel : kernels) {
          for (std::uint32_t split = 0; split < size; split += 64) {
            detail::index_buffer buffer;
            detail::structural_index index = buffer.reserve(size);
            if (split == 0) {
              kernel.kernels.index(text.data(), size, index);
            } else {
              kernel.kernels.index(text.data(), split, index);
              detail::structural_index rest{index.positions + index.count, 0, index.backslashes + split / 64,
                                            index.state, split};
              kernel.kernels.index(text.data() + split, size - split, rest);
              index.state = rest.state;
            }
            ASSERT_EQ(detail::stage1_passed(kernel.kernels, text.data(), size, index), want)
                << kernel.name << ", split at " << split << ", " << before << " bytes before and " << after
                << " after the sequence of " << sequence.size() << " bytes starting " << std::hex
                << (static_cast<unsigned>(sequence[0]) & 0xFF);
          }
        }
      }
    }
  }
}
#endif

}  // namespace
}  // namespace jsonjit
