// Numbers as the JSON Schema engine holds them (exact_decimal): significant digits and an
// exponent, whatever the number's spelling, so that bounds, const/enum and multipleOf compare
// values, not texts.
#include <gtest/gtest.h>

#include <string>

#include "schema/exact_decimal_p.hpp"

namespace jsonjit::detail::schema {
namespace {

exact_decimal parsed(std::string_view text) {
  const std::optional<exact_decimal> d = exact_decimal::parse(text);
  EXPECT_TRUE(d) << text;
  return d.value_or(exact_decimal());
}

TEST(SchemaExactDecimal, DigitsWithoutTheZerosThatLeadOrTrail) {
  struct expected {
    std::string_view text, digits;
    std::int64_t exponent;
    bool negative;
  };
  for (const expected& x : {expected{"1200", "12", 2, false}, expected{"0.0050", "5", -3, false},
                            expected{"-12.50e3", "125", 2, true}, expected{"10.00", "1", 1, false},
                            expected{"7", "7", 0, false}, expected{"-0.25", "25", -2, true},
                            expected{"100.001", "100001", -3, false}, expected{"5E-2", "5", -2, false}}) {
    const exact_decimal d = parsed(x.text);
    EXPECT_EQ(d.digits(), x.digits) << x.text;
    EXPECT_EQ(d.exponent, x.exponent) << x.text;
    EXPECT_EQ(d.negative, x.negative) << x.text;
  }
  for (std::string_view zero : {"0", "-0", "0.000", "0e5", "-0.0E-3"}) {
    const exact_decimal d = parsed(zero);
    EXPECT_TRUE(d.is_zero()) << zero;
    EXPECT_FALSE(d.negative) << zero;
  }
}

TEST(SchemaExactDecimal, EverySpellingOfAValueComparesEqual) {
  for (std::string_view one : {"1.0", "10e-1", "0.1e1", "100E-2", "1.000"}) EXPECT_EQ(compare(parsed("1"), parsed(one)), 0) << one;
  const std::string digits45 = "123456789012345678901234567890123456789012345";  // past the inline digits
  EXPECT_EQ(compare(parsed(digits45), parsed(digits45 + ".000")), 0);
  EXPECT_EQ(parsed(digits45 + "00").digits(), digits45);
  EXPECT_LT(compare(parsed("0.0075"), parsed("0.008")), 0);
  EXPECT_LT(compare(parsed("-2"), parsed("-1.5")), 0);
  EXPECT_GT(compare(parsed("1e3"), parsed("999.999")), 0);
  EXPECT_TRUE(parsed("1e2").is_integer());
  EXPECT_FALSE(parsed("1.5").is_integer());
}

TEST(SchemaExactDecimal, TextThatIsNotAJsonNumberIsRefused) {
  for (std::string_view bad : {"", "-", "1.", ".5", "1e", "1e+", "1x", "+1", "1.2.3"}) {
    EXPECT_FALSE(exact_decimal::parse(bad)) << bad;
  }
}

}  // namespace
}  // namespace jsonjit::detail::schema
