// Number text: integers of every width and System.Text.Json's double and float forms.
#include <jsonjit/reader.hpp>
#include <jsonjit/writer.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <utility>
#include <vector>

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
  // Below 10,000 numbers take digit pairs of their own: every one of them, both signs.
  for (int v = 0; v <= 10000; ++v) {
    ASSERT_EQ(number(v), std::to_string(v));
    ASSERT_EQ(number(-v), std::to_string(-v));
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

// The shortest digits and exponent of to_chars' scientific form ("-d.ddde+XX").
std::pair<std::string, int> to_chars_shortest(double value) {
  char text[64];
  const char* end = std::to_chars(text, text + sizeof text, value, std::chars_format::scientific).ptr;
  std::string digits;
  const char* p = text;
  if (*p == '-') ++p;
  for (; *p != 'e'; ++p) {
    if (*p != '.') digits += *p;
  }
  return {digits, std::stoi(std::string(p + 1, end))};
}

// Our digits and exponent, read back from the writer's text in either layout.
std::pair<std::string, int> written_shortest(const std::string& text) {
  std::string mantissa = text, digits;
  int exponent = 0;
  if (const auto e = text.find('E'); e != std::string::npos) {
    mantissa = text.substr(0, e);
    exponent = std::stoi(text.substr(e + 1));
  }
  if (mantissa[0] == '-') mantissa.erase(0, 1);
  const auto dot = mantissa.find('.');
  const std::string integer = mantissa.substr(0, dot);
  const std::string fraction = dot == std::string::npos ? "" : mantissa.substr(dot + 1);
  digits = integer + fraction;
  int scientific = exponent + static_cast<int>(integer.size()) - 1;
  const auto first = digits.find_first_not_of('0');
  scientific -= static_cast<int>(first);
  digits = digits.substr(first);
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  return {digits, scientific};
}

// .NET's "R" layout of shortest digits, from to_chars' scientific text: fixed notation when
// -5 < exponent < max(digits, 17), else d.dddE+XX.
std::string dot_net_layout(double v) {
  auto [digits, exponent] = to_chars_shortest(v);
  const int count = static_cast<int>(digits.size());
  std::string text = v < 0 ? "-" : "";
  auto size = [](int n) { return static_cast<std::size_t>(n); };
  if (exponent > -5 && exponent < std::max(count, 17)) {
    if (exponent < 0) return text + "0." + std::string(size(-exponent - 1), '0') + digits;
    if (count <= exponent + 1) return text + digits + std::string(size(exponent + 1 - count), '0');
    return text + digits.substr(0, size(exponent + 1)) + "." + digits.substr(size(exponent + 1));
  }
  text += digits.substr(0, 1);
  if (count > 1) text += "." + digits.substr(1);
  const int magnitude = std::abs(exponent);
  return text + (exponent < 0 ? "E-" : "E+") + (magnitude < 10 ? "0" : "") + std::to_string(magnitude);
}

// Every digit count (1..17) at every place of the decimal point around the switch to
// scientific notation, against the layout written out above.
TEST(WriterNumber, EveryDigitCountAtEveryExponentIsLaidOutAsDotNetDoes) {
  std::mt19937_64 rng(5);
  for (int count = 1; count <= 17; ++count) {
    for (int exponent = -8; exponent <= 22; ++exponent) {
      for (int trial = 0; trial < 20; ++trial) {
        std::string digits(1, static_cast<char>('1' + rng() % 9));
        for (int i = 1; i < count; ++i) digits += static_cast<char>('0' + rng() % 10);
        if (count > 1) digits.back() = static_cast<char>('1' + rng() % 9);
        const double v = std::strtod((digits + "e" + std::to_string(exponent - count + 1)).c_str(), nullptr);
        ASSERT_EQ(number(v), dot_net_layout(v)) << digits << "e" << exponent - count + 1;
        ASSERT_EQ(number(-v), dot_net_layout(-v)) << digits << "e" << exponent - count + 1;
      }
    }
  }
}

// The writer's shortest digits must be exactly to_chars' (libstdc++'s Ryu): same digit
// string, same exponent, for every kind of double.
TEST(WriterNumber, ShortestDigitsAgreeWithToChars) {
  std::vector<double> values;
  std::mt19937_64 rng(99);
  for (int i = 0; i < 300000; ++i) {
    std::uint64_t bits = rng();
    double v;
    std::memcpy(&v, &bits, sizeof v);
    if (std::isfinite(v) && v != 0) values.push_back(v);
  }
  for (std::uint64_t t = 1; t < 2000; ++t) {  // the smallest subnormals, one by one
    double v;
    std::memcpy(&v, &t, sizeof v);
    values.push_back(v);
  }
  for (int e = -1074; e <= 1023; ++e) {  // powers of two (irregular spacing) and neighbours
    const double p = std::ldexp(1.0, e);
    values.push_back(p);
    values.push_back(std::nextafter(p, 0.0));
    values.push_back(std::nextafter(p, HUGE_VAL));
  }
  for (int e = -323; e <= 308; ++e)
    values.push_back(std::strtod(("1e" + std::to_string(e)).c_str(), nullptr));
  for (std::uint64_t i = 1; i < 100000; i += 7) values.push_back(static_cast<double>(i) / 1000);
  for (int i = 0; i < 200000; ++i) {  // short decimals: the shortest form drops many digits
    const std::uint64_t digits = rng() % 100000000;
    const int exponent = static_cast<int>(rng() % 600) - 300;
    values.push_back(std::strtod((std::to_string(digits) + "e" + std::to_string(exponent)).c_str(), nullptr));
  }
  // Few fraction bits: x * 10^-k is then often exactly a tie (a half, or an end of the
  // rounding interval on a multiple of ten), which the one-product decision leaves to the
  // three-product one.
  for (int i = 0; i < 200000; ++i) {
    const auto integer = static_cast<double>(rng() >> (11 + rng() % 40));
    values.push_back(std::ldexp(integer, -static_cast<int>(rng() % 70)));
  }
  values.push_back(std::numeric_limits<double>::max());
  values.push_back(9007199254740993.0);
  for (double v : values) {
    if (v == 0) continue;  // nextafter(smallest subnormal, 0)
    const std::string text = number(v);
    ASSERT_EQ(written_shortest(text), to_chars_shortest(v)) << text;
  }
}

}  // namespace
}  // namespace jsonjit
