// element_reader and element_writer: one element at a time, read as the whole array reads
// them and written as serialize(std::vector<T>) writes them; JSON Lines with blank lines, a
// missing final newline and a bad line; errors name the element and the whole input's position.
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "dotnet_models.hpp"
#include "engines.hpp"
#include "stream_support.hpp"

namespace stream_elements_test {
namespace {

using jsonjit::engine;
using jsonjit::sequence_format;
using jsonjit::test::with_engine;

template <class T>
std::vector<T> read_all(const std::string& text, const jsonjit::serializer_options& options, sequence_format format,
                        jsonjit::parse_error& error, std::size_t step = 1 << 20) {
  jsonjit::test::trickle_buffer buffer(text, step);
  std::istream stream(&buffer);
  jsonjit::istream_input in(stream, 256);
  jsonjit::element_reader<T> elements(in, options, format);
  std::vector<T> items;
  T item;
  while (elements.next(item)) items.push_back(item);
  EXPECT_EQ(elements.count(), items.size());
  error = elements.error();
  return items;
}

TEST(StreamElements, ReaderReadsWhatTheWholeArrayReads) {
  const auto users = models::make_users();
  const std::string json = jsonjit::serialize(users);
  for (const engine e : {engine::interpreter, engine::automatic}) {
    for (const std::size_t step : {std::size_t{7}, std::size_t{1000}, std::size_t{1} << 20}) {
      jsonjit::parse_error error;
      const auto items = read_all<models::User>(json, with_engine(e), sequence_format::array, error, step);
      ASSERT_FALSE(error) << jsonjit::to_string(error);
      EXPECT_TRUE(items == users) << "step " << step;
    }
  }
  jsonjit::parse_error error;
  EXPECT_TRUE(read_all<int>(" [ ] ", with_engine(engine::automatic), sequence_format::array, error).empty());
  EXPECT_FALSE(error);
  // Text in memory, element by element.
  jsonjit::memory_input in(json);
  jsonjit::element_reader<models::User> elements(in);
  std::size_t count = 0;
  for (models::User user; elements.next(user); ++count) ASSERT_TRUE(user == users[count]);
  EXPECT_FALSE(elements.error()) << jsonjit::to_string(elements.error());
  EXPECT_EQ(count, users.size());
}

TEST(StreamElements, ReaderErrorsNameTheElementAndThePositionInTheWholeInput) {
  const std::vector<std::string> inputs = {
      "[{\"Email\":\"a\"},{\"Email\":\"b\",\"RememberMe\":1}]",
      "[{\"Email\":\"a\"}\n,\n{\"Email\":\"\xC3\"}]",
      "[{\"Email\":\"a\"},]",
      "[{\"Email\":\"a\"}] x",
      "{\"Email\":\"a\"}",
      "null",
      "[{\"Email\":\"a\"}",
      "",
  };
  for (const engine e : {engine::interpreter, engine::automatic}) {
    for (const std::string& input : inputs) {
      const auto whole = jsonjit::try_deserialize<std::vector<models::LoginViewModel>>(input, with_engine(e));
      ASSERT_FALSE(whole) << input;
      for (const std::size_t step : {std::size_t{1}, std::size_t{3}, std::size_t{1} << 20}) {
        jsonjit::parse_error error;
        read_all<models::LoginViewModel>(input, with_engine(e), sequence_format::array, error, step);
        jsonjit::test::expect_same_error(whole.error(), error, input + ", step " + std::to_string(step));
      }
    }
  }
}

TEST(StreamElements, JsonLinesWithBlankLinesAndNoFinalNewline) {
  const std::string lines =
      "{\"Email\":\"a\",\"Password\":\"1\",\"RememberMe\":true}\n"
      "\n"
      "   \n"
      "{\"Email\":\"b\",\"Password\":\"2\",\"RememberMe\":false}\r\n"
      "{\"Email\":\"c\",\"Password\":\"3\",\"RememberMe\":true}";
  for (const engine e : {engine::interpreter, engine::automatic}) {
    for (const std::size_t step : {std::size_t{1}, std::size_t{5}, std::size_t{1} << 20}) {
      jsonjit::parse_error error;
      const auto items = read_all<models::LoginViewModel>(lines, with_engine(e), sequence_format::lines, error, step);
      ASSERT_FALSE(error) << jsonjit::to_string(error);
      ASSERT_EQ(items.size(), 3u);
      EXPECT_EQ(items[0].Email, "a");
      EXPECT_EQ(items[2].Password, "3");
      EXPECT_TRUE(items[2].RememberMe);
    }
    jsonjit::parse_error error;
    EXPECT_TRUE(read_all<models::LoginViewModel>("", with_engine(e), sequence_format::lines, error).empty());
    EXPECT_FALSE(error);
    EXPECT_TRUE(read_all<models::LoginViewModel>("\n \n", with_engine(e), sequence_format::lines, error).empty());
    EXPECT_FALSE(error);
  }
}

TEST(StreamElements, JsonLinesErrorNamesTheLine) {
  const std::string lines =
      "{\"Email\":\"a\"}\n"
      "{\"Email\":\"b\"}\n"
      "{\"Email\":\"c\",\"RememberMe\":nope}\n"
      "{\"Email\":\"d\"}\n";
  for (const engine e : {engine::interpreter, engine::automatic}) {
    jsonjit::parse_error error;
    const auto items = read_all<models::LoginViewModel>(lines, with_engine(e), sequence_format::lines, error, 4);
    EXPECT_EQ(items.size(), 2u);
    ASSERT_EQ(error.info.code, jsonjit::error_code::invalid_literal) << jsonjit::to_string(error);
    // In the literal on the third line, counted from the start of the input.
    const std::uint64_t literal = lines.find("nope"), third_line = lines.find("{\"Email\":\"c\"");
    EXPECT_EQ(error.info.line, 3u);
    EXPECT_GE(error.info.offset, literal);
    EXPECT_LT(error.info.offset, literal + 4);
    EXPECT_EQ(error.info.column, error.info.offset - third_line + 1);
    EXPECT_EQ(error.path, "$[2].RememberMe");
  }
}

TEST(StreamElements, JsonLinesTokenErrorsNameTheLinesElement) {
  // A line that is not a value at all fails in the tokenizer, before the element's reading.
  for (const std::string& lines : {std::string("{\"Email\":\"a\"}\nnope\n"), std::string("{\"Email\":\"a\"}\n}\n"),
                                   std::string("{\"Email\":\"a\"}\n{\"Email\"\n")}) {
    for (const engine e : {engine::interpreter, engine::automatic}) {
      jsonjit::parse_error error;
      const auto items = read_all<models::LoginViewModel>(lines, with_engine(e), sequence_format::lines, error, 4);
      EXPECT_EQ(items.size(), 1u);
      ASSERT_TRUE(error) << lines;
      EXPECT_GE(error.info.line, 2u) << jsonjit::to_string(error);  // (the third: at the end of the input)
      EXPECT_EQ(error.path.substr(0, 4), "$[1]") << jsonjit::to_string(error);
    }
  }
}

TEST(StreamElements, WriterWritesWhatSerializeWritesForTheVector) {
  const auto users = models::make_users();
  const std::vector<models::User> some(users.begin(), users.begin() + 50);
  for (const engine e : jsonjit_test::engines_to_test()) {
    for (const bool indented : {false, true}) {
      const auto options = with_engine(e, indented);
      jsonjit::test::drained_pipe pipe;
      {
        jsonjit::fd_output out(pipe.write_end(), 1024);
        jsonjit::element_writer<models::User> w(out, options);
        for (const auto& user : some) ASSERT_FALSE(w.write(user));
        ASSERT_FALSE(w.finish());
      }
      EXPECT_TRUE(pipe.received() == jsonjit::serialize(some, options)) << "indented " << indented;
    }
    // No elements: an empty array.
    std::ostringstream text;
    {
      jsonjit::ostream_output out(text);
      const auto options = with_engine(e);
      jsonjit::element_writer<models::User> w(out, options);
      EXPECT_FALSE(w.finish());
    }
    EXPECT_EQ(text.str(), "[]");
  }
}

TEST(StreamElements, LinesWrittenAndReadBack) {
  const auto users = models::make_users();
  const std::vector<models::User> some(users.begin(), users.begin() + 200);
  for (const engine e : jsonjit_test::engines_to_test()) {
    std::stringstream text;
    {
      jsonjit::ostream_output out(text, 512);
      const auto options = with_engine(e);
      jsonjit::element_writer<models::User> w(out, options, sequence_format::lines);
      for (const auto& user : some) ASSERT_FALSE(w.write(user));
      ASSERT_FALSE(w.finish());
    }
    std::string expected;
    for (const auto& user : some) expected += jsonjit::serialize(user) + "\n";
    EXPECT_TRUE(text.str() == expected);
    jsonjit::parse_error error;
    const auto back = read_all<models::User>(text.str(), with_engine(engine::automatic), sequence_format::lines, error, 333);
    ASSERT_FALSE(error) << jsonjit::to_string(error);
    EXPECT_TRUE(back == some);
  }
}

TEST(StreamElements, WriterErrorsNameTheElement) {
  const std::vector<std::string> texts = {"fine", "bad \xFF", "never"};
  for (const engine e : {engine::interpreter, engine::automatic}) {
    std::ostringstream text;
    jsonjit::ostream_output out(text);
    const auto options = with_engine(e);
    jsonjit::element_writer<std::vector<std::string>> w(out, options);
    EXPECT_FALSE(w.write({texts[0]}));
    const auto error = w.write({texts[0], texts[1]});
    EXPECT_EQ(error.info.code, jsonjit::error_code::invalid_utf8);
    EXPECT_EQ(error.path, "$[1][1]");
    EXPECT_EQ(w.write({texts[2]}).info.code, jsonjit::error_code::invalid_utf8);  // sticky
    EXPECT_EQ(w.finish().info.code, jsonjit::error_code::invalid_utf8);
  }
}

}  // namespace
}  // namespace stream_elements_test
