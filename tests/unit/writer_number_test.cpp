// Number text: integers of every width and System.Text.Json's double and float forms.
#include <jsonjit/reader.hpp>
#include <jsonjit/writer.hpp>

#include <gtest/gtest.h>

#include <cstring>
#include <cmath>
#include <limits>
#include <random>
#include <string>

namespace jsonjit {
namespace {

template <class T>
std::string number(T value) {
  memory_output out;
  writer w(out);
  w.number_value(value);
  EXPECT_TRUE(w.ok());
  return out.str();
}

TEST(WriterNumber, IntegersOfEveryWidth) {
  EXPECT_EQ(number(0), "0");
  EXPECT_EQ(number(-1), "-1");
  EXPECT_EQ(number(std::numeric_limits<std::int64_t>::min()), "-9223372036854775808");
  EXPECT_EQ(number(std::numeric_limits<std::int64_t>::max()), "9223372036854775807");
  EXPECT_EQ(number(std::numeric_limits<std::uint64_t>::max()), "18446744073709551615");
  EXPECT_EQ(number(std::int8_t{-128}), "-128");
  EXPECT_EQ(number(std::uint8_t{255}), "255");
  EXPECT_EQ(number(short{-32768}), "-32768");
  EXPECT_EQ(number(1234567890u), "1234567890");
  EXPECT_EQ(number(10LL), "10");
  std::uint64_t power = 1;
  for (int i = 0; i < 19; ++i, power *= 10) {
    EXPECT_EQ(number(power), std::to_string(power));
    EXPECT_EQ(number(power - 1), std::to_string(power - 1));
  }
}

TEST(WriterNumber, DoublesUseSystemTextJsonForms) {
  EXPECT_EQ(number(0.0), "0");
  EXPECT_EQ(number(-0.0), "-0");
  EXPECT_EQ(number(47.0), "47");
  EXPECT_EQ(number(-128.0), "-128");
  EXPECT_EQ(number(0.1), "0.1");
  EXPECT_EQ(number(-65.613616999999977), "-65.61361699999998");
  EXPECT_EQ(number(43.420273000000009), "43.42027300000001");
  EXPECT_EQ(number(1e16), "10000000000000000");
  EXPECT_EQ(number(1e17), "1E+17");
  EXPECT_EQ(number(1e20), "1E+20");
  EXPECT_EQ(number(1.2345678901234568e17), "1.2345678901234568E+17");
  EXPECT_EQ(number(123456789012345680.0 / 10), "12345678901234568");
  EXPECT_EQ(number(0.0001), "0.0001");
  EXPECT_EQ(number(0.00001), "1E-05");
  EXPECT_EQ(number(1.5e-7), "1.5E-07");
  EXPECT_EQ(number(5e-324), "5E-324");
  EXPECT_EQ(number(1.7976931348623157e308), "1.7976931348623157E+308");
  EXPECT_EQ(number(-2.5e100), "-2.5E+100");
}

TEST(WriterNumber, FloatsUseTheirOwnShortestForm) {
  EXPECT_EQ(number(3.14f), "3.14");
  EXPECT_EQ(number(0.1f), "0.1");
  EXPECT_EQ(number(1e8f), "100000000");
  EXPECT_EQ(number(1e9f), "1E+09");
  EXPECT_EQ(number(-0.0f), "-0");
}

TEST(WriterNumber, RandomDoublesRoundTrip) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 20000; ++i) {
    double value;
    const std::uint64_t bits = rng();
    std::memcpy(&value, &bits, sizeof value);
    if (!std::isfinite(value)) continue;
    const std::string text = number(value);
    reader r(text);
    ASSERT_TRUE(r.read()) << text;
    ASSERT_EQ(r.token(), token_type::number) << text;
    const double back = *r.get_double();
    ASSERT_EQ(std::memcmp(&back, &value, sizeof value), 0) << text;
  }
}

}  // namespace
}  // namespace jsonjit
