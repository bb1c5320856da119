// The AVX-512 UTF-8 validator against the scalar one (the definition): every short sequence at
// every position around the 64-byte blocks, and random near-UTF-8 text.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "text/utf8_p.hpp"

namespace jsonjit::detail {
namespace {

bool avx512() {
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
}

void expect_agree(const std::string& text) {
  ASSERT_EQ(is_valid_utf8_avx512(text.data(), text.data() + text.size()),
            is_valid_utf8(text.data(), text.data() + text.size()))
      << "size " << text.size();
}

TEST(Utf8Avx512, AgreesOnEveryShortSequenceAtBlockEdges) {
  if (!avx512()) GTEST_SKIP() << "no AVX-512BW here";
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

TEST(Utf8Avx512, AgreesOnRandomText) {
  if (!avx512()) GTEST_SKIP() << "no AVX-512BW here";
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

}  // namespace
}  // namespace jsonjit::detail
