// Tokens, positions and options of the reader.
#include <jsonjit/reader.hpp>

#include <gtest/gtest.h>

#include <string>

#include "token_log.hpp"

namespace jsonjit {
namespace {

using test::log_whole;

TEST(Reader, TokensWithDepthOffsetLineAndColumn) {
  const std::string json =
      "{\"a\": [1, -2.5e3, \"x\\n\"],\n \"b\" :\ttrue, \"c\": {\"d\": null}, \"e\": false}";
  EXPECT_EQ(log_whole(json),
            "start_object d=0 @0 1:1 esc=0 [{]\n"
            "property_name d=1 @1 1:2 esc=0 [a]\n"
            "start_array d=1 @6 1:7 esc=0 [[]\n"
            "number d=2 @7 1:8 esc=0 [1]\n"
            "number d=2 @10 1:11 esc=0 [-2.5e3]\n"
            "string d=2 @18 1:19 esc=1 [x\\n]\n"
            "end_array d=1 @23 1:24 esc=0 []]\n"
            "property_name d=1 @27 2:2 esc=0 [b]\n"
            "true d=1 @33 2:8 esc=0 [true]\n"
            "property_name d=1 @39 2:14 esc=0 [c]\n"
            "start_object d=1 @44 2:19 esc=0 [{]\n"
            "property_name d=2 @45 2:20 esc=0 [d]\n"
            "null d=2 @50 2:25 esc=0 [null]\n"
            "end_object d=1 @54 2:29 esc=0 [}]\n"
            "property_name d=1 @57 2:32 esc=0 [e]\n"
            "false d=1 @62 2:37 esc=0 [false]\n"
            "end_object d=0 @67 2:42 esc=0 [}]\n"
            "end\n");
}

TEST(Reader, PositionBeforeTheFirstToken) {
  reader r("  [1]");
  EXPECT_EQ(r.token(), token_type::none);
  EXPECT_EQ(r.token_offset(), 0u);
  EXPECT_EQ(r.token_line(), 1u);
  EXPECT_EQ(r.token_column(), 1u);
  EXPECT_EQ(r.depth(), 0);
}

TEST(Reader, ScalarsAtTopLevelAndSurroundingWhitespace) {
  EXPECT_EQ(log_whole(" \r\n\t 42 \n"), "number d=0 @5 2:3 esc=0 [42]\nend\n");
  EXPECT_EQ(log_whole("\"\""), "string d=0 @0 1:1 esc=0 []\nend\n");
  EXPECT_EQ(log_whole("null"), "null d=0 @0 1:1 esc=0 [null]\nend\n");
}

TEST(Reader, ByteOrderMarkIsSkipped) {
  EXPECT_EQ(log_whole("\xEF\xBB\xBF{}"),
            "start_object d=0 @3 1:1 esc=0 [{]\nend_object d=0 @4 1:2 esc=0 [}]\nend\n");
  EXPECT_FALSE(test::accepts("\xEF\xBB{}"));
  EXPECT_FALSE(test::accepts("{}\xEF\xBB\xBF"));
}

TEST(Reader, CommentsDisallowedByDefault) {
  const error_info e = test::first_error("[1, /* c */ 2]");
  EXPECT_EQ(e.code, error_code::comments_not_allowed);
  EXPECT_EQ(e.offset, 4u);
}

TEST(Reader, CommentsSkipped) {
  reader_options options;
  options.comments = comment_handling::skip;
  EXPECT_EQ(log_whole("// head\n[1, /* two\nlines */ 2] // tail", options),
            "start_array d=0 @8 2:1 esc=0 [[]\n"
            "number d=1 @9 2:2 esc=0 [1]\n"
            "number d=1 @28 3:10 esc=0 [2]\n"
            "end_array d=0 @29 3:11 esc=0 []]\n"
            "end\n");
}

TEST(Reader, CommentsAsTokens) {
  reader_options options;
  options.comments = comment_handling::allow;
  EXPECT_EQ(log_whole("{\"a\"://x\n1/*y*/}", options),
            "start_object d=0 @0 1:1 esc=0 [{]\n"
            "property_name d=1 @1 1:2 esc=0 [a]\n"
            "comment d=1 @5 1:6 esc=0 [x]\n"
            "number d=1 @9 2:1 esc=0 [1]\n"
            "comment d=1 @10 2:2 esc=0 [y]\n"
            "end_object d=0 @15 2:7 esc=0 [}]\n"
            "end\n");
  EXPECT_EQ(test::first_error("[1 /* open", options).code, error_code::unterminated_comment);
  EXPECT_EQ(test::first_error("[1 /x]", options).code, error_code::invalid_comment);
  EXPECT_EQ(test::first_error("[1 /* \xC3 */]", options).code, error_code::invalid_utf8);
}

TEST(Reader, TrailingCommas) {
  EXPECT_EQ(test::first_error("[1,]").code, error_code::trailing_comma_not_allowed);
  EXPECT_EQ(test::first_error("{\"a\":1,}").code, error_code::trailing_comma_not_allowed);
  reader_options options;
  options.allow_trailing_commas = true;
  EXPECT_TRUE(test::accepts("[1,]", options));
  EXPECT_TRUE(test::accepts("{\"a\":[{},],}", options));
  EXPECT_FALSE(test::accepts("[,]", options));
  EXPECT_FALSE(test::accepts("[1,,]", options));
  EXPECT_FALSE(test::accepts("{,}", options));
}

TEST(Reader, MultipleTopLevelValues) {
  EXPECT_EQ(test::first_error("1 2").code, error_code::expected_end_of_input);
  reader_options options;
  options.allow_multiple_values = true;
  EXPECT_EQ(log_whole("1 {}\n\"x\"", options),
            "number d=0 @0 1:1 esc=0 [1]\n"
            "start_object d=0 @2 1:3 esc=0 [{]\n"
            "end_object d=0 @3 1:4 esc=0 [}]\n"
            "string d=0 @5 2:1 esc=0 [x]\n"
            "end\n");
  EXPECT_EQ(test::first_error("", options).code, error_code::empty_input);
  EXPECT_EQ(test::first_error("1 ]", options).code, error_code::expected_value);
}

TEST(Reader, DepthLimitDefaultsTo64) {
  EXPECT_TRUE(test::accepts(std::string(64, '[') + std::string(64, ']')));
  const error_info e = test::first_error(std::string(65, '['));
  EXPECT_EQ(e.code, error_code::depth_exceeded);
  EXPECT_EQ(e.offset, 64u);
  reader_options options;
  options.max_depth = 1000;
  EXPECT_TRUE(test::accepts(std::string(1000, '[') + std::string(1000, ']'), options));
  EXPECT_FALSE(test::accepts(std::string(1001, '[') + std::string(1001, ']'), options));
}

TEST(Reader, HugeNestingFailsFastWithoutRecursion) {
  const std::string deep(1'000'000, '[');
  EXPECT_EQ(test::first_error(deep).code, error_code::depth_exceeded);
}

TEST(Reader, SkipObjectArrayAndPropertyValue) {
  reader r(R"({"skip": {"a": [1, {"b": 2}]}, "keep": [3, 4], "last": 5})");
  ASSERT_TRUE(r.read());  // {
  ASSERT_TRUE(r.read());  // "skip"
  ASSERT_TRUE(r.skip());  // skips the object value
  EXPECT_EQ(r.token(), token_type::end_object);
  EXPECT_EQ(r.depth(), 1);
  ASSERT_TRUE(r.read());
  EXPECT_TRUE(r.value_text_equals("keep"));
  ASSERT_TRUE(r.read());  // [
  ASSERT_TRUE(r.skip());
  EXPECT_EQ(r.token(), token_type::end_array);
  ASSERT_TRUE(r.read());  // "last"
  ASSERT_TRUE(r.skip());  // scalar value
  EXPECT_EQ(r.token(), token_type::number);
  EXPECT_EQ(r.value(), "5");
  ASSERT_TRUE(r.skip());  // on a scalar: stays
  EXPECT_EQ(r.value(), "5");
  ASSERT_TRUE(r.read());
  EXPECT_EQ(r.token(), token_type::end_object);
  EXPECT_FALSE(r.read());
  EXPECT_FALSE(r.error());
}

TEST(Reader, SkipOnPartialInputRestoresTheReader) {
  const std::string json = R"({"a": [1, 2, 3], "b": 4})";
  const std::string first = json.substr(0, 10);
  reader r(first, false, reader_state{});
  ASSERT_TRUE(r.read());  // {
  ASSERT_TRUE(r.read());  // "a"
  EXPECT_FALSE(r.skip());
  EXPECT_TRUE(r.needs_more_data());
  EXPECT_EQ(r.token(), token_type::property_name);
  EXPECT_EQ(r.bytes_consumed(), 5u);
  std::string rest = first.substr(r.bytes_consumed()) + json.substr(10);
  reader next(rest, true, r.state());
  // The new reader continues after the property name: the array value is read next.
  ASSERT_TRUE(next.read());
  EXPECT_EQ(next.token(), token_type::start_array);
  EXPECT_EQ(next.token_offset(), 6u);
  ASSERT_TRUE(next.skip());
  ASSERT_TRUE(next.read());
  EXPECT_TRUE(next.value_text_equals("b"));
}

TEST(Reader, ErrorStopsReading) {
  reader r("[1, x, 2]");
  ASSERT_TRUE(r.read());
  ASSERT_TRUE(r.read());
  EXPECT_FALSE(r.read());
  EXPECT_EQ(r.error().code, error_code::expected_value);
  EXPECT_FALSE(r.read());
  EXPECT_FALSE(r.skip());
}

TEST(Reader, NonFinalPieceAsksForMoreAtTheEnd) {
  reader r("{\"a\": 12", false, reader_state{});
  ASSERT_TRUE(r.read());
  ASSERT_TRUE(r.read());
  EXPECT_FALSE(r.read());  // 12 may continue
  EXPECT_TRUE(r.needs_more_data());
  EXPECT_FALSE(r.error());
  EXPECT_EQ(r.bytes_consumed(), 5u);
  // A complete value still needs the final block to know nothing follows.
  reader done("[]", false, reader_state{});
  ASSERT_TRUE(done.read());
  ASSERT_TRUE(done.read());
  EXPECT_FALSE(done.read());
  EXPECT_TRUE(done.needs_more_data());
}

TEST(Reader, ExpectedNameShortcutReadsExactlyAsRead) {
  struct input {
    std::string_view json;
    reader_options options;
    bool shortcut_taken;
  };
  reader_options skip_comments, comment_tokens, trailing;
  skip_comments.comments = comment_handling::skip;
  comment_tokens.comments = comment_handling::allow;
  trailing.allow_trailing_commas = true;
  const input inputs[] = {
      {R"({"a":1,"b":[{"a":2}],"c":{"a":{}}})", {}, true},
      {"{\n  \"a\" \n\t: 1,\n  \"a\"\n:2}", {}, true},  // whitespace and lines between name and colon
      {R"({"ab":1,"a ":2,"":3})", {}, false},                // prefixes of the name are other names
      {R"({"\u0061":1})", {}, false},                         // the same name escaped takes the long way
      {"{/*x*/\"a\"/*y*/:1, // c\n \"a\":2}", skip_comments, false},  // comments: the long way
      {"{/*x*/\"a\":1,/*y*/\"a\":2}", comment_tokens, true},
      {"{\"a\"/*y*/:1}", skip_comments, false},  // no comment before the colon (as STJ): the same error
      {R"({"a":1,})", trailing, true},
      {R"({"a":1,})", {}, true},   // trailing comma error, at the same place
      {R"({"a" 1})", {}, false},   // missing colon
      {"{\"a\"\n\n1}", {}, false},   // missing colon after lines: counted once
      {R"({"a":1 "a":2})", {}, true},
      {R"({"a")", {}, false},
      {R"({"a)", {}, false},
      {R"(["a",{"a":"a"}])", {}, true},
      {R"("a")", {}, false},
  };
  for (const input& in : inputs) {
    int matches = 0;
    EXPECT_EQ(test::log_expecting_name(in.json, R"("a")", matches, in.options), test::log_whole(in.json, in.options))
        << in.json;
    EXPECT_EQ(matches > 0, in.shortcut_taken) << in.json;
  }
}

}  // namespace
}  // namespace jsonjit
