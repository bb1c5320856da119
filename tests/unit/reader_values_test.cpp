// The reader's typed getters: range checks, unescaping, comparisons.
#include <jsonjit/reader.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

namespace jsonjit {
namespace {

// A reader positioned on the first token of `json`.
reader at_first(const std::string& json) {
  reader r(json);
  EXPECT_TRUE(r.read()) << json;
  return r;
}

TEST(ReaderValues, Integers) {
  std::string text = "-2147483648";
  EXPECT_EQ(*at_first(text).get_int32(), std::numeric_limits<std::int32_t>::min());
  text = "2147483648";
  EXPECT_EQ(at_first(text).get_int32().error(), error_code::number_out_of_range);
  EXPECT_EQ(*at_first(text).get_int64(), 2147483648);
  text = "9223372036854775807";
  EXPECT_EQ(*at_first(text).get_int64(), std::numeric_limits<std::int64_t>::max());
  text = "9223372036854775808";
  EXPECT_EQ(at_first(text).get_int64().error(), error_code::number_out_of_range);
  EXPECT_EQ(*at_first(text).get_uint64(), 9223372036854775808u);
  text = "18446744073709551615";
  EXPECT_EQ(*at_first(text).get_uint64(), std::numeric_limits<std::uint64_t>::max());
  text = "18446744073709551616";
  EXPECT_EQ(at_first(text).get_uint64().error(), error_code::number_out_of_range);
  text = "-1";
  EXPECT_EQ(at_first(text).get_uint64().error(), error_code::number_out_of_range);
  EXPECT_EQ(at_first(text).get_uint32().error(), error_code::number_out_of_range);
  text = "-0";
  EXPECT_EQ(*at_first(text).get_uint64(), 0u);
  text = "4294967295";
  EXPECT_EQ(*at_first(text).get_uint32(), 4294967295u);
  text = "4294967296";
  EXPECT_EQ(at_first(text).get_uint32().error(), error_code::number_out_of_range);
  for (std::string fraction : {"1.0", "1e2", "1E2", "-0.5"}) {
    EXPECT_EQ(at_first(fraction).get_int64().error(), error_code::number_not_integer) << fraction;
    EXPECT_EQ(at_first(fraction).get_uint64().error(), error_code::number_not_integer) << fraction;
  }
  text = "\"1\"";
  EXPECT_EQ(at_first(text).get_int32().error(), error_code::wrong_token_type);
  text = "99999999999999999999999999999999999999";
  EXPECT_EQ(at_first(text).get_int64().error(), error_code::number_out_of_range);
}

TEST(ReaderValues, Doubles) {
  std::string text = "0.1";
  EXPECT_EQ(*at_first(text).get_double(), 0.1);
  text = "-1.5e3";
  EXPECT_EQ(*at_first(text).get_double(), -1500.0);
  text = "17";
  EXPECT_EQ(*at_first(text).get_double(), 17.0);
  text = "1.7976931348623157e308";
  EXPECT_EQ(*at_first(text).get_double(), std::numeric_limits<double>::max());
  text = "5e-324";
  EXPECT_EQ(*at_first(text).get_double(), std::numeric_limits<double>::denorm_min());
  for (std::string overflow : {"1e400", "-1e309", "123456789e99999999999999999999", "1000e306"}) {
    EXPECT_EQ(at_first(overflow).get_double().error(), error_code::number_out_of_range) << overflow;
  }
  for (std::string underflow : {"1e-400", "0.000001e-400", "1e-99999999999999999999"}) {
    const double v = *at_first(underflow).get_double();
    EXPECT_EQ(v, 0.0) << underflow;
    EXPECT_FALSE(std::signbit(v));
  }
  text = "-1e-400";
  EXPECT_TRUE(std::signbit(*at_first(text).get_double()));
  text = "true";
  EXPECT_EQ(at_first(text).get_double().error(), error_code::wrong_token_type);
}

TEST(ReaderValues, Booleans) {
  std::string text = "true";
  EXPECT_TRUE(*at_first(text).get_bool());
  text = "false";
  EXPECT_FALSE(*at_first(text).get_bool());
  text = "null";
  EXPECT_EQ(at_first(text).get_bool().error(), error_code::wrong_token_type);
}

TEST(ReaderValues, StringsAreUnescaped) {
  std::string text = R"("a\"b\\c\/d\b\f\n\r\t\u0041\u00e9\u4E2D\ud83d\ude00")";
  reader r = at_first(text);
  EXPECT_TRUE(r.value_is_escaped());
  EXPECT_EQ(*r.get_string(), "a\"b\\c/d\b\f\n\r\tA\xC3\xA9\xE4\xB8\xAD\xF0\x9F\x98\x80");
  EXPECT_TRUE(r.value_text_equals("a\"b\\c/d\b\f\n\r\tA\xC3\xA9\xE4\xB8\xAD\xF0\x9F\x98\x80"));
  EXPECT_FALSE(r.value_text_equals("a\"b\\c/d\b\f\n\r\tA\xC3\xA9\xE4\xB8\xAD\xF0\x9F\x98"));
  EXPECT_FALSE(r.value_text_equals("a\"b\\c/d\b\f\n\r\tA\xC3\xA9\xE4\xB8\xAD\xF0\x9F\x98\x80!"));
  EXPECT_FALSE(r.value_text_equals("x"));

  text = "\"\\u0000\"";
  EXPECT_EQ(*at_first(text).get_string(), std::string(1, '\0'));
  text = "\"plain\"";
  reader plain = at_first(text);
  EXPECT_FALSE(plain.value_is_escaped());
  EXPECT_EQ(*plain.get_string(), "plain");
  EXPECT_TRUE(plain.value_text_equals("plain"));
  EXPECT_FALSE(plain.value_text_equals("plai"));
  text = "12";
  EXPECT_EQ(at_first(text).get_string().error(), error_code::wrong_token_type);
  EXPECT_FALSE(at_first(text).value_text_equals("12"));
}

TEST(ReaderValues, CopyStringChecksTheBufferSize) {
  std::string text = R"("ab\u00e9")";
  reader r = at_first(text);
  char exact[4];
  EXPECT_EQ(*r.copy_string(exact), 4u);
  EXPECT_EQ(std::string_view(exact, 4), "ab\xC3\xA9");
  char small[3];
  EXPECT_EQ(r.copy_string(small).error(), error_code::buffer_too_small);
  text = "\"abcd\"";
  EXPECT_EQ(at_first(text).copy_string(small).error(), error_code::buffer_too_small);
}

TEST(ReaderValues, PropertyNamesToo) {
  std::string text = R"({"na\u006De": 1})";
  reader r(text);
  ASSERT_TRUE(r.read());
  ASSERT_TRUE(r.read());
  EXPECT_EQ(r.token(), token_type::property_name);
  EXPECT_EQ(*r.get_string(), "name");
  EXPECT_TRUE(r.value_text_equals("name"));
}

}  // namespace
}  // namespace jsonjit
