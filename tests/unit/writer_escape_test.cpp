// String escaping: exact System.Text.Json forms, the relaxed encoder, invalid UTF-8, and a
// randomized comparison with a slow reference escaper (catches SIMD block-boundary bugs).
#include <jsonjit/writer.hpp>

#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <string>

namespace jsonjit {
namespace {

std::string escaped(std::string_view text, escape_mode mode = escape_mode::html_safe, bool replace = false) {
  writer_options options;
  options.escaping = mode;
  options.replace_invalid_utf8 = replace;
  memory_output out;
  writer w(out, options);
  w.string_value(text);
  if (!w.ok()) return "error: " + std::string(message(w.error()));
  return out.str();
}

TEST(WriterEscape, DefaultEncoderMatchesSystemTextJson) {
  EXPECT_EQ(escaped("plain / text"), "\"plain / text\"");
  EXPECT_EQ(escaped("\""), "\"\\u0022\"");
  EXPECT_EQ(escaped("\\"), "\"\\\\\"");
  EXPECT_EQ(escaped("&'+<>`"), "\"\\u0026\\u0027\\u002B\\u003C\\u003E\\u0060\"");
  EXPECT_EQ(escaped("\n\r\t\b\f"), "\"\\n\\r\\t\\b\\f\"");
  EXPECT_EQ(escaped(std::string_view("\x00\x01\x1f\x7f", 4)), "\"\\u0000\\u0001\\u001F\\u007F\"");
  EXPECT_EQ(escaped("caf\xC3\xA9"), "\"caf\\u00E9\"");
  EXPECT_EQ(escaped("\xE4\xB8\xAD"), "\"\\u4E2D\"");
  EXPECT_EQ(escaped("\xF0\x9F\x98\x80"), "\"\\uD83D\\uDE00\"");  // U+1F600 as a surrogate pair
}

TEST(WriterEscape, RelaxedEncoderKeepsUtf8) {
  EXPECT_EQ(escaped("caf\xC3\xA9 <&'+>", escape_mode::relaxed), "\"caf\xC3\xA9 <&'+>\"");
  EXPECT_EQ(escaped("\"\\\n\x01\x7f", escape_mode::relaxed), "\"\\\"\\\\\\n\\u0001\x7f\"");
  EXPECT_EQ(escaped("\xF0\x9F\x98\x80", escape_mode::relaxed), "\"\xF0\x9F\x98\x80\"");
}

TEST(WriterEscape, InvalidUtf8IsAnErrorOrReplaced) {
  const char* const invalid[] = {"\xC3", "\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xFF", "a\x80z"};
  for (const char* text : invalid) {
    EXPECT_EQ(escaped(text), "error: " + std::string(message(error_code::invalid_utf8))) << text;
    EXPECT_EQ(escaped(text, escape_mode::relaxed),
              "error: " + std::string(message(error_code::invalid_utf8)));
  }
  EXPECT_EQ(escaped("a\x80z", escape_mode::html_safe, true), "\"a\\uFFFDz\"");
  EXPECT_EQ(escaped("a\x80z", escape_mode::relaxed, true), "\"a\xEF\xBF\xBDz\"");
  // One U+FFFD per maximal invalid subpart: E2 82 is a truncated 3-byte sequence.
  EXPECT_EQ(escaped("\xE2\x82!", escape_mode::html_safe, true), "\"\\uFFFD!\"");
  EXPECT_EQ(escaped("\xE2\x82", escape_mode::html_safe, true), "\"\\uFFFD\"");
}

TEST(WriterEscape, PropertyNamesUseTheSameEncoder) {
  memory_output out;
  writer w(out);
  w.start_object();
  w.property_name("a+b\xC3\xA9");
  w.null_value();
  w.end_object();
  EXPECT_EQ(out.view(), "{\"a\\u002Bb\\u00E9\":null}");
}

// Slow, obviously right escaper to compare against.
std::string reference_escape(std::string_view text, escape_mode mode) {
  std::string result = "\"";
  char buf[16];
  auto u = [&](unsigned unit) {
    std::snprintf(buf, sizeof buf, "\\u%04X", unit);
    result += buf;
  };
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      const bool html = mode == escape_mode::html_safe;
      if (c == '\n')
        result += "\\n";
      else if (c == '\r')
        result += "\\r";
      else if (c == '\t')
        result += "\\t";
      else if (c == '\b')
        result += "\\b";
      else if (c == '\f')
        result += "\\f";
      else if (c == '\\')
        result += "\\\\";
      else if (c == '"')
        html ? u(c) : void(result += "\\\"");
      else if (c < 0x20)
        u(c);
      else if (html && (c == '&' || c == '\'' || c == '+' || c == '<' || c == '>' || c == '`' || c == 0x7F))
        u(c);
      else
        result += static_cast<char>(c);
      ++i;
      continue;
    }
    // The test only generates valid sequences.
    const int length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
    unsigned cp = c & (0x7F >> length);
    for (int k = 1; k < length; ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(text[i + static_cast<std::size_t>(k)]) & 0x3F);
    if (mode == escape_mode::relaxed) {
      result += text.substr(i, static_cast<std::size_t>(length));
    } else if (cp >= 0x10000) {
      u(0xD800 + ((cp - 0x10000) >> 10));
      u(0xDC00 + ((cp - 0x10000) & 0x3FF));
    } else {
      u(cp);
    }
    i += static_cast<std::size_t>(length);
  }
  return result + "\"";
}

TEST(WriterEscape, EveryShortAsciiStringMatchesTheReference) {
  // Strings of up to three bytes take their own short path: every one- and two-byte ASCII
  // string, and three-byte ones around each byte either encoder escapes.
  for (escape_mode mode : {escape_mode::html_safe, escape_mode::relaxed}) {
    ASSERT_EQ(escaped("", mode), reference_escape("", mode));
    for (int a = 0; a < 128; ++a) {
      const std::string one(1, static_cast<char>(a));
      ASSERT_EQ(escaped(one, mode), reference_escape(one, mode)) << a;
      for (int b = 0; b < 128; ++b) {
        const std::string two = one + static_cast<char>(b);
        ASSERT_EQ(escaped(two, mode), reference_escape(two, mode)) << a << " " << b;
        const std::string three[] = {"x" + two, two + "y", one + "m" + static_cast<char>(b)};
        for (const std::string& t : three) ASSERT_EQ(escaped(t, mode), reference_escape(t, mode)) << a << " " << b;
      }
    }
  }
}

TEST(WriterEscape, EveryEscapedAsciiCharacterAtEveryPositionMatchesTheReference) {
  // Strings of 4 to 40 bytes: the short check (two overlapping halves), the 16-byte loop and
  // the tails between, with one or two bytes to escape wherever they can stand.
  for (escape_mode mode : {escape_mode::html_safe, escape_mode::relaxed}) {
    for (int c = 0; c < 128; ++c) {
      const std::string reference = reference_escape(std::string(1, static_cast<char>(c)), mode);
      if (reference.size() == 3) continue;  // kept as it is
      for (std::size_t n = 4; n <= 40; ++n) {
        for (std::size_t at = 0; at < n; ++at) {
          std::string text(n, 'a');
          for (std::size_t i = 0; i < n; ++i) text[i] = static_cast<char>('a' + i % 26);
          text[at] = static_cast<char>(c);
          ASSERT_EQ(escaped(text, mode), reference_escape(text, mode)) << c << " " << n << " " << at;
          text[n - 1 - (at * 7) % n] = '+';
          ASSERT_EQ(escaped(text, mode), reference_escape(text, mode)) << c << " " << n << " " << at << "+";
        }
      }
    }
  }
}

TEST(WriterEscape, RandomStringsMatchTheReference) {
  std::mt19937 rng(12345);
  const std::string pieces[] = {"a",
                                "b",
                                "Z",
                                "0",
                                " ",
                                "/",
                                "\"",
                                "\\",
                                "\n",
                                "\x01",
                                "<",
                                "&",
                                "+",
                                "`",
                                "\x7f",
                                "\xC3\xA9",
                                "\xE4\xB8\xAD",
                                "\xF0\x9F\x98\x80",
                                "abcdefghijklmnop"};
  for (int round = 0; round < 3000; ++round) {
    std::string text;
    const int length = static_cast<int>(rng() % (round < 2500 ? 40 : 1500));
    for (int i = 0; i < length; ++i) {
      // Mostly plain letters, so long clean runs cross 16-byte and 1024-byte boundaries.
      text += rng() % 4 != 0 ? std::string(1, static_cast<char>('a' + rng() % 26))
                             : pieces[rng() % std::size(pieces)];
    }
    for (escape_mode mode : {escape_mode::html_safe, escape_mode::relaxed}) {
      ASSERT_EQ(escaped(text, mode), reference_escape(text, mode)) << "round " << round;
    }
  }
}

}  // namespace
}  // namespace jsonjit
