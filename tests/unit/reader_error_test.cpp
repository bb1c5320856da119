// Every reader error: the code and exactly where it is reported.
#include <jsonjit/reader.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "token_log.hpp"

namespace jsonjit {
namespace {

struct bad_input {
  std::string json;
  error_code code;
  std::uint64_t offset, line, column;
  bool at_end = false;
};

TEST(ReaderError, CodesAndPositions) {
  using enum error_code;
  const std::vector<bad_input> cases = {
      {"", empty_input, 0, 1, 1, true},
      {"   \n  ", empty_input, 6, 2, 3, true},
      {"]", expected_value, 0, 1, 1},
      {"[", expected_value_or_end_array, 1, 1, 2, true},
      {"[}", expected_value_or_end_array, 1, 1, 2},
      {"[1,", expected_value, 3, 1, 4, true},
      {"[1 2]", expected_comma_or_end_array, 3, 1, 4},
      {"[1}", expected_comma_or_end_array, 2, 1, 3},
      {"{", expected_property_name_or_end_object, 1, 1, 2, true},
      {"{1:2}", expected_property_name_or_end_object, 1, 1, 2},
      {"{\"a\":1,2}", expected_property_name, 7, 1, 8},
      {"{'a':1}", expected_property_name_or_end_object, 1, 1, 2},
      {"{\"a\" 1}", expected_colon, 5, 1, 6},
      {"{\"a\"", expected_colon, 4, 1, 5, true},
      {"{\"a\":}", expected_value, 5, 1, 6},
      {"{\"a\":1 \"b\":2}", expected_comma_or_end_object, 7, 1, 8},
      {"{\"a\":1]", expected_comma_or_end_object, 6, 1, 7},
      {"{\"a\":1", expected_comma_or_end_object, 6, 1, 7, true},
      {"[1,]", trailing_comma_not_allowed, 3, 1, 4},
      {"{}x", expected_end_of_input, 2, 1, 3},
      {"1\n\n  2", expected_end_of_input, 5, 3, 3},
      {"tru", invalid_literal, 3, 1, 4, true},
      {"trUe", invalid_literal, 2, 1, 3},
      {"nul1", invalid_literal, 3, 1, 4},
      {"falsey", expected_end_of_input, 5, 1, 6},
      {"01", number_leading_zero, 0, 1, 1},
      {"-01", number_leading_zero, 1, 1, 2},
      {"-", expected_digit, 1, 1, 2, true},
      {"-a", expected_digit, 1, 1, 2},
      {"1.", expected_digit, 2, 1, 3, true},
      {"1.e3", expected_digit, 2, 1, 3},
      {"1e", expected_digit, 2, 1, 3, true},
      {"1e+", expected_digit, 3, 1, 4, true},
      {"1e+x", expected_digit, 3, 1, 4},
      {".5", expected_value, 0, 1, 1},
      {"+1", expected_value, 0, 1, 1},
      {"[1.5x]", expected_comma_or_end_array, 4, 1, 5},
      {"\"abc", unterminated_string, 4, 1, 5, true},
      {"\"a\tb\"", control_character_in_string, 2, 1, 3},
      {std::string("\"a\0b\"", 5), control_character_in_string, 2, 1, 3},
      {"\"a\\x\"", invalid_escape, 2, 1, 3},
      {"\"a\\u12G4\"", invalid_unicode_escape, 2, 1, 3},
      {"\"\\uDC00\"", lone_surrogate, 1, 1, 2},
      {"\"\\uD800\"", lone_surrogate, 1, 1, 2},
      {"\"\\uD800\\n\"", lone_surrogate, 1, 1, 2},
      {"\"\\uD800\\u0041\"", lone_surrogate, 1, 1, 2},
      {"\"\\uD800\\uZZZZ\"", invalid_unicode_escape, 7, 1, 8},
      {"\"\\u12", unterminated_string, 5, 1, 6, true},
      {"\"a\xC3\"", invalid_utf8, 2, 1, 3},
      {"\"\xC0\x80\"", invalid_utf8, 1, 1, 2},
      {"\"\xED\xA0\x80\"", invalid_utf8, 1, 1, 2},
      {"\"\xF4\x90\x80\x80\"", invalid_utf8, 1, 1, 2},
      {"\"\xE2\x82", invalid_utf8, 1, 1, 2, false},
      {"\"\xFF\"", invalid_utf8, 1, 1, 2},
      {"[1,\n /**/ 2]", comments_not_allowed, 5, 2, 2},
      {"\xEF\xBB\xBF[\n  x]", expected_value_or_end_array, 7, 2, 3},
  };
  for (const bad_input& c : cases) {
    const error_info e = test::first_error(c.json);
    EXPECT_EQ(e.code, c.code) << c.json << ": " << message(e.code);
    EXPECT_EQ(e.offset, c.offset) << c.json;
    EXPECT_EQ(e.line, c.line) << c.json;
    EXPECT_EQ(e.column, c.column) << c.json;
    EXPECT_EQ(e.at_end_of_input, c.at_end) << c.json;
  }
}

TEST(ReaderError, ValidEdgeCasesAreAccepted) {
  for (const char* json :
       {"0", "-0", "0.0e+0", "1E-7", "[-1.5e308]", "1e99999999999999999999", "123456789012345678901234567890",
        "\"\\u0000\"", "\"\\ud83d\\ude00\"", "\"\\/\\\\\\\"\\b\\f\\n\\r\\t\"", "\"\xF4\x8F\xBF\xBF\"",
        "\"\xEF\xBF\xBF\"", "{\"\":\"\"}", "[[[]],[[]]]", "\"\x7F\""}) {
    EXPECT_TRUE(test::accepts(json)) << json << ": " << to_string(test::first_error(json));
  }
}

// RFC 3629, written out plainly: is [p, p + n) one valid UTF-8 sequence?
bool is_one_valid_sequence(const unsigned char* p, int n) {
  const unsigned a = p[0];
  auto cont = [&](int i) { return (p[i] & 0xC0) == 0x80; };
  if (n == 2) return a >= 0xC2 && a <= 0xDF && cont(1);
  if (n == 3) {
    if (a == 0xE0) return p[1] >= 0xA0 && p[1] <= 0xBF && cont(2);
    if (a == 0xED) return p[1] >= 0x80 && p[1] <= 0x9F && cont(2);
    return a >= 0xE1 && a <= 0xEF && cont(1) && cont(2);
  }
  return false;
}

TEST(ReaderError, EveryTwoAndThreeByteSequenceIsJudgedByRfc3629) {
  std::string json;
  for (unsigned a = 0x80; a < 0x100; ++a) {
    for (unsigned b = 0; b < 0x100; ++b) {
      json.assign({'"', static_cast<char>(a), static_cast<char>(b), '"'});
      const unsigned char two[] = {static_cast<unsigned char>(a), static_cast<unsigned char>(b)};
      // With a non-ASCII first byte, the string is valid only as one 2-byte sequence.
      ASSERT_EQ(test::accepts(json), is_one_valid_sequence(two, 2)) << std::hex << a << " " << b;
      if (a < 0xE0 || a > 0xEF) continue;
      for (unsigned c = 0; c < 0x100; ++c) {
        json.assign({'"', static_cast<char>(a), static_cast<char>(b), static_cast<char>(c), '"'});
        const unsigned char three[] = {static_cast<unsigned char>(a), static_cast<unsigned char>(b),
                                       static_cast<unsigned char>(c)};
        ASSERT_EQ(test::accepts(json), is_one_valid_sequence(three, 3))
            << std::hex << a << " " << b << " " << c;
      }
    }
  }
}

}  // namespace
}  // namespace jsonjit

namespace {
TEST(ReaderError, AnEmptyViewWithoutDataIsEmptyInput) {
  jsonjit::reader whole{std::string_view{}};
  EXPECT_FALSE(whole.read());
  EXPECT_EQ(whole.error().code, jsonjit::error_code::empty_input);
  jsonjit::reader piece(std::string_view{}, false, jsonjit::reader_state{});
  EXPECT_FALSE(piece.read());
  EXPECT_TRUE(piece.needs_more_data());
}
}  // namespace
