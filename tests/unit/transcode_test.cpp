#include <jsonjit/transcode.hpp>

#include <gtest/gtest.h>

#include <string>

namespace jsonjit {
namespace {

TEST(Transcode, ReEscapesStringsAndKeepsNumberText) {
  memory_output out;
  writer w(out);
  reader r(R"({ "caf\u00e9" : [1.50, -0, 1e2, "a\/b", true, false, null] })");
  EXPECT_FALSE(transcode(r, w));
  EXPECT_TRUE(w.is_complete());
  EXPECT_EQ(out.view(), R"({"caf\u00E9":[1.50,-0,1e2,"a/b",true,false,null]})");
}

TEST(Transcode, IndentsAndKeepsComments) {
  reader_options read_options;
  read_options.comments = comment_handling::allow;
  writer_options write_options;
  write_options.indented = true;
  write_options.escaping = escape_mode::relaxed;
  memory_output out;
  writer w(out, write_options);
  reader r("[/*one*/1,\"\\u00e9\"]", read_options);
  EXPECT_FALSE(transcode(r, w));
  EXPECT_EQ(out.view(), "[\n  /*one*/\n  1,\n  \"\xC3\xA9\"\n]");
}

TEST(Transcode, ReturnsTheReadersError) {
  memory_output out;
  writer w(out);
  reader r("[1, 2");
  const error_info e = transcode(r, w);
  EXPECT_EQ(e.code, error_code::expected_comma_or_end_array);
  EXPECT_TRUE(e.at_end_of_input);
  EXPECT_FALSE(w.is_complete());
  EXPECT_EQ(out.view(), "[1,2");
}

TEST(Transcode, LongStringsSpanManyEscapePieces) {
  const std::string text(100000, 'x');
  memory_output out;
  writer w(out);
  const std::string json = "[\"" + text + "\",\"" + text + "\"]";
  reader r(json);
  EXPECT_FALSE(transcode(r, w));
  EXPECT_EQ(out.view(), json);
}

}  // namespace
}  // namespace jsonjit
