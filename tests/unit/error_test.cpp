#include <jsonjit/error.hpp>

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace jsonjit {
namespace {

TEST(Error, EveryCodeHasItsOwnMessage) {
  std::set<std::string_view> seen;
  for (int i = 0; i <= static_cast<int>(error_code::query_too_costly); ++i) {
    const std::string_view text = message(static_cast<error_code>(i));
    EXPECT_FALSE(text.empty()) << i;
    EXPECT_NE(text, "unknown error") << i;
    EXPECT_TRUE(seen.insert(text).second) << "duplicate message: " << text;
  }
}

TEST(Error, ToStringGivesPositionAndWhatWasFound) {
  error_info e{error_code::expected_colon, 17, 3, 5, false};
  EXPECT_EQ(to_string(e), "line 3, column 5 (byte 17): expected ':' after the property name");
  e.at_end_of_input = true;
  EXPECT_EQ(message(e), "expected ':' after the property name, found end of input");
  EXPECT_TRUE(static_cast<bool>(e));
  EXPECT_FALSE(static_cast<bool>(error_info{}));
}

TEST(Result, HoldsValueOrError) {
  result<int> good = 42;
  EXPECT_TRUE(good.has_value());
  EXPECT_EQ(*good, 42);
  EXPECT_EQ(good.error(), error_code::none);

  result<int> bad = error_code::number_out_of_range;
  EXPECT_FALSE(bad);
  EXPECT_EQ(bad.error(), error_code::number_out_of_range);
  EXPECT_EQ(bad.value_or(7), 7);
#if defined(__cpp_exceptions)
  try {
    (void)bad.value();
    FAIL() << "value() of an error must throw";
  } catch (const json_error& e) {
    EXPECT_EQ(e.code(), error_code::number_out_of_range);
    EXPECT_EQ(std::string(e.what()), message(error_code::number_out_of_range));
  }
#endif
}

}  // namespace
}  // namespace jsonjit
