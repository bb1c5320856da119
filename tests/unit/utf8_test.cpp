// Unicode simple case folding. The vector UTF-8 checks against the scalar ones (the definition): the
// vector validators (AVX2's and AVX-512BW's on x86-64, NEON's on AArch64), and the string scan
// that validates 16 bytes at a time (the JIT's helpers' string_end); every
// short sequence at every position around the blocks, and random near-UTF-8 text.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "engines/jit/scan_p.hpp"
#include "text/case_folding_p.hpp"
#include "text/unescape_p.hpp"
#include "text/utf8_p.hpp"

namespace jsonjit::detail {
namespace {

#if defined(__x86_64__) || defined(__aarch64__)
using validator = bool (*)(const char*, const char*) noexcept;

/// The vector validators this CPU runs.
std::vector<validator> vector_validators() {
#if defined(__x86_64__)
  std::vector<validator> found;
  if (__builtin_cpu_supports("avx2")) found.push_back(&is_valid_utf8_avx2);
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")) {
    found.push_back(&is_valid_utf8_avx512);
  }
  return found;
#else
  return {&is_valid_utf8_neon};
#endif
}
bool vector_validator_runs() { return !vector_validators().empty(); }

void expect_agree(const std::string& text) {
  const bool want = is_valid_utf8(text.data(), text.data() + text.size());
  for (const validator valid : vector_validators()) {
    ASSERT_EQ(valid(text.data(), text.data() + text.size()), want) << "size " << text.size();
  }
}

TEST(Utf8Vector, AgreesOnEveryShortSequenceAtBlockEdges) {
  if (!vector_validator_runs()) GTEST_SKIP() << "no vector validator here";
  // Every 1- and 2-byte sequence and every 3-byte sequence with an interesting lead, placed
  // so that it straddles the block edges, then followed by ASCII or by the end.
  const unsigned leads[] = {0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC,
                            0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF};
  for (const std::size_t offset : {0u, 1u, 60u, 61u, 62u, 63u, 64u, 126u, 127u}) {
    for (unsigned a = 0x80; a <= 0xFF; ++a) {
      for (unsigned b = 0; b <= 0xFF; b += 1) {
        std::string text(offset, 'x');
        text += static_cast<char>(a);
        text += static_cast<char>(b);
        expect_agree(text);
        expect_agree(text + "tail of ascii");
      }
    }
    for (const unsigned a : leads) {
      for (unsigned b = 0x70; b <= 0xC1; ++b) {
        for (unsigned c = 0x70; c <= 0xC1; c += 3) {
          std::string text(offset, 'x');
          text += static_cast<char>(a);
          text += static_cast<char>(b);
          text += static_cast<char>(c);
          expect_agree(text);
          expect_agree(text + static_cast<char>(0x80) + "z");
          expect_agree(text + static_cast<char>(0xBF));
        }
      }
    }
  }
}

TEST(Utf8Vector, AgreesOnRandomText) {
  if (!vector_validator_runs()) GTEST_SKIP() << "no vector validator here";
  std::mt19937 random(12345);
  const std::string pieces[] = {
      "a", "\xC3\xA9", "\xE6\x97\xA5", "\xF0\x9F\x98\x80", "\xED\x9F\xBF", "\xF4\x8F\xBF\xBF"};
  for (int round = 0; round < 20000; ++round) {
    std::string text;
    const auto length = random() % 300;
    while (text.size() < length) text += pieces[random() % 6];
    if (round % 2 == 1 && !text.empty()) {
      text[random() % text.size()] = static_cast<char>(random() % 256);  // one byte spoiled
    }
    expect_agree(text);
  }
}
#endif

/// string_end's definition: byte by byte, a sequence at a time.
const char* string_end_by_bytes(const char* p, const char* end, bool& escaped) {
  while (p < end) {
    const auto c = static_cast<unsigned char>(*p);
    if (c == '"') return p;
    if (c == '\\') {
      const std::size_t length = end - p >= 2 ? valid_escape_length(p, end) : 0;
      if (length == 0) return nullptr;
      escaped = true;
      p += length;
    } else if (c < 0x20) {
      return nullptr;
    } else if (c < 0x80) {
      ++p;
    } else {
      const int length = valid_utf8_length(reinterpret_cast<const unsigned char*>(p), reinterpret_cast<const unsigned char*>(end));
      if (length <= 0) return nullptr;
      p += length;
    }
  }
  return nullptr;
}

void expect_same_string_end(const std::string& text) {
  // Scanned in place after an opening quote, as the helpers scan it.
  const std::string quoted = '"' + text;
  const char* const begin = quoted.data() + 1;
  const char* const end = quoted.data() + quoted.size();
  bool escaped = false, escaped_by_bytes = false;
  const char* found = jit::string_end(begin, end, escaped);
  const char* expected = string_end_by_bytes(begin, end, escaped_by_bytes);
  ASSERT_EQ(found == nullptr ? -1 : found - begin, expected == nullptr ? -1 : expected - begin) << "size " << text.size();
  if (expected != nullptr) {
    ASSERT_EQ(escaped, escaped_by_bytes);
  }
}

TEST(Utf8StringScan, AgreesWithTheScanByBytesAtEveryBlockEdge) {
  const unsigned leads[] = {0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC,
                            0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF};
  const std::string ends[] = {"", "\"", "x\"", "\\n\"", "\x01\"", std::string(20, 'y') + '"'};
  for (const std::size_t offset : {0u, 1u, 2u, 12u, 13u, 14u, 15u, 16u, 17u, 28u, 29u, 30u, 31u, 32u, 33u}) {
    // A non-ASCII byte first, so the vector scan starts at once; then ASCII up to the pair.
    const std::string before = offset == 0 ? std::string() : "\xC3\xA9" + std::string(offset - 1, 'x');
    for (unsigned a = 0x80; a <= 0xFF; ++a) {
      for (unsigned b = 0; b <= 0xFF; ++b) {
        const std::string text = before + static_cast<char>(a) + static_cast<char>(b);
        for (const std::string& tail : ends) expect_same_string_end(text + tail);
      }
    }
    for (const unsigned a : leads) {
      for (unsigned b = 0x70; b <= 0xC1; ++b) {
        for (unsigned c = 0x70; c <= 0xC1; c += 3) {
          const std::string text = before + static_cast<char>(a) + static_cast<char>(b) + static_cast<char>(c);
          expect_same_string_end(text + '"');
          expect_same_string_end(text + static_cast<char>(0x80) + "z\"");
          expect_same_string_end(text + static_cast<char>(0xBF) + std::string(16, 'z') + '"');
        }
      }
    }
  }
}

TEST(Utf8StringScan, AgreesWithTheScanByBytesOnRandomText) {
  std::mt19937 random(54321);
  const std::string pieces[] = {"a", "\xC3\xA9", "\xE6\x97\xA5", "\xF0\x9F\x98\x80", "\xED\x9F\xBF",
                                "\xF4\x8F\xBF\xBF", "\\n", "\\u00e9", "\xE3\x81\x82\xE3\x81\x84"};
  for (int round = 0; round < 40000; ++round) {
    std::string text;
    const auto length = random() % 200;
    while (text.size() < length) text += pieces[random() % 9];
    if (round % 2 == 1 && !text.empty()) {
      text[random() % text.size()] = static_cast<char>(random() % 256);  // one byte spoiled
    }
    if (round % 3 != 0) text += '"';
    expect_same_string_end(text);
  }
}

}  // namespace
}  // namespace jsonjit::detail

namespace {

TEST(CaseFolding, UnicodeSimpleFolding) {
  using jsonjit::detail::fold_case;
  EXPECT_EQ(fold_case(U'A'), U'a');
  EXPECT_EQ(fold_case(U'\u212A'), U'k');          // Kelvin sign
  EXPECT_EQ(fold_case(U'\u1E9E'), U'\u00DF');     // capital sharp s: simple folding is ß
  EXPECT_EQ(fold_case(U'\u00DF'), U'\u00DF');     // ß itself (its full folding "ss" is not simple)
  EXPECT_EQ(fold_case(U'\u03C2'), U'\u03C3');     // final sigma
  EXPECT_EQ(fold_case(U'\u0130'), U'\u0130');     // İ: only a full (or Turkic) folding
  EXPECT_EQ(fold_case(U'\u0100'), U'\u0101');     // Latin Extended-A pairs (stride 2)
  EXPECT_EQ(fold_case(U'\u0101'), U'\u0101');
  EXPECT_EQ(fold_case(U'\U00010400'), U'\U00010428');  // Deseret
  EXPECT_EQ(fold_case(U'\u13F8'), U'\u13F0');     // Cherokee small letters fold to capitals
  std::string out;
  jsonjit::detail::fold_case("\xC8\xBA-\xFF-\xE2\x84\xAA", out);  // Ⱥ folds to a longer ⱥ; a stray byte stays
  EXPECT_EQ(out, "\xE2\xB1\xA5-\xFF-k");
  EXPECT_TRUE(jsonjit::detail::folds_to("GRÖSSE", "grösse"));
  EXPECT_FALSE(jsonjit::detail::folds_to("GRÖSSE", "größe"));
  EXPECT_FALSE(jsonjit::detail::folds_to("AB", "a"));
}

}  // namespace
