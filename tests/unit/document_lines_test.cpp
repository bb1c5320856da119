// parse_lines: every non-blank line delivered once, in input order, as one document::parse of
// that line gives it (its error positions counted in the whole input), whatever the threads
// and block sizes; from texts, files and pipes; stopping, exceptions and failing inputs.
#include <jsonjit/io.hpp>
#include <jsonjit/lines.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include "test_files.hpp"

namespace jsonjit {
namespace {

/// What a line delivery said, comparable.
struct seen {
  std::uint64_t number, offset;
  std::string text, json;  // json: the document written back, or to_string(error)
  bool operator==(const seen&) const = default;
};

std::ostream& operator<<(std::ostream& os, const seen& s) {
  return os << s.number << "@" << s.offset << " " << s.text << " -> " << s.json;
}

seen seen_from(const parsed_line& line) {
  return {line.number(), line.offset(), std::string(line.text()),
          line ? line.value().root().to_json().value() : "error " + to_string(line.error())};
}

/// What parsing each line alone gives: the reference.
std::vector<seen> line_by_line(std::string_view text, const document_options& options = {}) {
  std::vector<seen> expected;
  std::uint64_t number = 1;
  for (std::size_t at = 0; at <= text.size(); ++number) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(at, end - at);
    if (line.find_first_not_of(" \t\r") != std::string_view::npos) {
      const auto doc = document::parse(line, options);
      std::string json;
      if (doc) {
        json = doc->root().to_json().value();
      } else {
        parse_error e = doc.error();
        e.info.offset += at;
        e.info.line += number - 1;
        json = "error " + to_string(e);
      }
      expected.push_back({number, at, std::string(line), json});
    }
    if (end == text.size()) break;
    at = end + 1;
  }
  return expected;
}

std::vector<seen> parsed(std::string_view text, const lines_options& options) {
  std::vector<seen> got;
  parse_lines(text, [&](const parsed_line& line) { got.push_back(seen_from(line)); }, options);
  return got;
}

/// Lines of every kind: objects, scalars, blank lines, "\r\n" endings, escapes, invalid ones.
std::string mixed_lines(int count) {
  std::string text;
  for (int i = 0; i < count; ++i) {
    switch (i % 9) {
      case 0: text += R"({"id":)" + std::to_string(i) + R"(,"name":"\u00e9","tags":[1,2.5,null]})"; break;
      case 1: text += "   \t"; break;  // blank
      case 2: text += std::to_string(i) + "\r"; break;
      case 3: text += R"(["a",{"b":[)" + std::string(static_cast<std::size_t>(i % 50), '7') + "]}]"; break;
      case 4: text += R"({"broken":)"; break;  // not JSON
      case 5: break;                           // empty
      case 6: text += R"("text with \"quotes\" and \\ )" + std::to_string(i) + "\""; break;
      case 7: text += "[1,2] 3"; break;  // two values: not one JSON text
      case 8: text += R"({"nested":{"deeper":{"deepest":[)" + std::to_string(-i) + "]}}}"; break;
    }
    text += '\n';
  }
  return text;
}

TEST(ParseLines, DeliverEveryLineInOrderAsParsingItAloneWouldOnAnyNumberOfThreads) {
  const std::string text = mixed_lines(2000);
  const std::vector<seen> expected = line_by_line(text);
  ASSERT_GT(expected.size(), 1500u);
  for (unsigned threads : {1u, 2u, 3u, 8u}) {
    for (const std::size_t block_size : {1u, 100u, 4096u, 1u << 20}) {
      const std::vector<seen> got = parsed(text, {.threads = threads, .block_size = block_size});
      ASSERT_EQ(got, expected) << threads << " threads, blocks of " << block_size;
    }
  }
}

TEST(ParseLines, NumberErrorsInTheWholeInput) {
  const std::string text = "{\"a\":1}\n\n  [1,\n{\"b\":tru}\n";
  std::vector<parse_error> errors;
  std::vector<std::uint64_t> numbers;
  parse_lines(text, [&](const parsed_line& line) {
    numbers.push_back(line.number());
    if (!line) {
      errors.push_back(line.error());
      EXPECT_EQ(line.value().root().type(), json_type::null);  // (the document is empty)
    }
  }, {.threads = 2, .block_size = 4});
  EXPECT_EQ(numbers, (std::vector<std::uint64_t>{1, 3, 4}));
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0].info.line, 3u);
  EXPECT_EQ(errors[0].info.offset, text.find("[1,") + 3);  // where the line ends
  EXPECT_EQ(errors[0].info.column, 6u);
  EXPECT_EQ(errors[1].info.line, 4u);
  EXPECT_EQ(errors[1].info.offset, text.find("tru") + 3);  // where the literal goes wrong
  EXPECT_EQ(errors[1].info.column, 9u);
  EXPECT_EQ(errors[1].path, "$.b");
}

TEST(ParseLines, TakeAByteOrderMarkWhereTheInputStartsOnly) {
  const std::string text = "\xEF\xBB\xBF[1]\n\xEF\xBB\xBF[2]\n[3]\n";
  for (const std::size_t block_size : {1u, 4096u}) {
    const std::vector<seen> got = parsed(text, {.threads = 2, .block_size = block_size});
    ASSERT_EQ(got.size(), 3u);
    EXPECT_EQ(got[0].json, "[1]");
    EXPECT_EQ(got[1].json, "error line 2, column 1 (byte 7) at $: " + std::string(message(error_code::expected_value)));
    EXPECT_EQ(got[2].json, "[3]");
  }
}

TEST(ParseLines, ApplyTheDocumentOptionsToEachLine) {
  const std::string text = "[[[1]]]\n{\"a\":1,\"a\":2}\n[1,]\n";
  const document_options strict{.max_depth = 2, .duplicates = duplicate_properties::reject};
  const std::vector<seen> got = parsed(text, {.document = strict, .threads = 2, .block_size = 1});
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(got, line_by_line(text, strict));
  EXPECT_NE(got[0].json.find("depth"), std::string::npos) << got[0].json;
  EXPECT_NE(got[1].json.find("\"a\""), std::string::npos) << got[1].json;
  const document_options lenient{.allow_trailing_commas = true};
  EXPECT_EQ(parsed(text, {.document = lenient, .threads = 2, .block_size = 1})[2].json, "[1]");
}

TEST(ParseLines, TakeLinesLongerThanABlockAndALastLineWithoutLineFeed) {
  std::string text = "[";
  for (int i = 0; i < 20000; ++i) text += std::to_string(i) + ",";
  text += "0]\n1\n\"end\"";
  const std::vector<seen> expected = line_by_line(text);
  ASSERT_EQ(expected.size(), 3u);
  EXPECT_EQ(parsed(text, {.threads = 2, .block_size = 1000}), expected);
  EXPECT_TRUE(parsed("", {.threads = 2}).empty());
  EXPECT_TRUE(parsed("\n\n \r\n", {.threads = 2, .block_size = 1}).empty());
}

TEST(ParseLines, StopWhereTheCallerSaysSo) {
  const std::string text = mixed_lines(5000);
  for (unsigned threads : {1u, 2u, 4u}) {
    std::vector<std::uint64_t> numbers;
    parse_lines(text, [&](const parsed_line& line) {
      numbers.push_back(line.number());
      return line.number() < 1000;
    }, {.threads = threads, .block_size = 256});
    ASSERT_FALSE(numbers.empty());
    EXPECT_EQ(numbers.back(), 1000u) << threads;  // (line 1000 is mixed_lines' i = 999: an object)
  }
}

TEST(ParseLines, PassTheCallersExceptionOnAfterStoppingTheThreads) {
  const std::string text = mixed_lines(5000);
  int calls = 0;
  EXPECT_THROW(parse_lines(text, [&](const parsed_line& line) {
    ++calls;
    if (line.number() >= 2000) throw std::runtime_error("enough");
  }, {.threads = 4, .block_size = 128}), std::runtime_error);
  EXPECT_GT(calls, 1000);
  // The threads are gone and the library usable: a second run gives every line.
  EXPECT_EQ(parsed(text, {.threads = 4, .block_size = 128}), line_by_line(text));
}

TEST(ParseLines, ReadAFileAsTheThreadsNeedIt) {
  const std::string text =
      mixed_lines(20000) + "[" + std::string(100000, ' ') + "1]\n\"no line feed at the end\"";
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("jsonjit_lines_" + std::to_string(getpid()));
  test::write_file(path, text);
  const std::vector<seen> expected = line_by_line(text);
  for (unsigned threads : {1u, 2u}) {
    for (std::size_t buffer : {std::size_t{7}, std::size_t{1} << 16}) {
      file_input in(path, buffer);
      std::vector<seen> got;
      const parse_error e = parse_lines(in, [&](const parsed_line& line) { got.push_back(seen_from(line)); },
                                        {.threads = threads, .block_size = 5000});
      EXPECT_FALSE(e) << to_string(e);
      EXPECT_EQ(got, expected) << threads << " threads, buffer " << buffer;
    }
  }
  std::filesystem::remove(path);
}

TEST(ParseLines, ReadAPipeWhileItsWriterWrites) {
  const std::string text = mixed_lines(30000);
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  std::thread writer([&] {
    for (std::size_t at = 0; at < text.size();) {  // in uneven pieces, as a producer writes
      const std::size_t piece = std::min<std::size_t>(text.size() - at, 1 + (at * 7919) % 3000);
      const ssize_t n = write(fds[1], text.data() + at, piece);
      if (n <= 0) break;
      at += static_cast<std::size_t>(n);
    }
    close(fds[1]);
  });
  fd_input in(fds[0]);
  std::vector<seen> got;
  const parse_error e = parse_lines(in, [&](const parsed_line& line) { got.push_back(seen_from(line)); },
                                    {.threads = 2, .block_size = 10000});
  writer.join();
  close(fds[0]);
  EXPECT_FALSE(e) << to_string(e);
  EXPECT_EQ(got, line_by_line(text));
}

/// An input whose source fails after `good` bytes, as a disk or a connection does.
class failing_input final : public input {
 public:
  failing_input(std::string_view text, std::size_t good) : text_(text), good_(good) {}
  bool refill(const char* keep) override {  // (10 bytes more each time)
    const std::size_t from = keep == nullptr ? read_ : static_cast<std::size_t>(keep - text_.data());
    if (read_ == good_) {
      failed_ = true;
      error_number_ = EIO;
      return false;
    }
    read_ = std::min(read_ + 10, good_);
    begin_ = text_.data() + from;
    end_ = text_.data() + read_;
    return true;
  }

 private:
  std::string_view text_;
  std::size_t good_, read_ = 0;
};

TEST(ParseLines, ReportAnInputThatFailsAfterTheLinesReadBeforeIt) {
  const std::string text = "1\n2\n[3,\n4]\n5\n";
  failing_input in(text, text.find("4]") + 1);  // fails inside the fourth line
  std::vector<std::uint64_t> numbers;
  const parse_error e = parse_lines(in, [&](const parsed_line& line) { numbers.push_back(line.number()); },
                                    {.threads = 2, .block_size = 2});
  EXPECT_EQ(numbers, (std::vector<std::uint64_t>{1, 2, 3}));  // the cut line is not delivered
  EXPECT_EQ(e.info.code, error_code::input_failed);
  EXPECT_EQ(e.info.offset, text.find("4]") + 1);
  EXPECT_EQ(e.info.line, 4u);
  EXPECT_EQ(e.info.column, 2u);
  EXPECT_EQ(e.name, "Input/output error");
  // Read at once (one block): the whole lines before the failure are delivered all the same.
  failing_input again(text, text.find("4]") + 1);
  numbers.clear();
  EXPECT_EQ(parse_lines(again, [&](const parsed_line& line) { numbers.push_back(line.number()); },
                        {.threads = 2, .block_size = 1000}).info.offset, text.find("4]") + 1);
  EXPECT_EQ(numbers, (std::vector<std::uint64_t>{1, 2, 3}));
}

TEST(ParseLines, HandEachLineToTheCallerOnItsOwnThreadOneAtATime) {
  const std::string text = mixed_lines(20000);
  std::atomic<int> inside{0};
  bool overlapped = false, elsewhere = false;
  const std::thread::id caller = std::this_thread::get_id();
  parse_lines(text, [&](const parsed_line&) {
    overlapped |= inside.fetch_add(1) != 0;
    elsewhere |= std::this_thread::get_id() != caller;
    inside.fetch_sub(1);
  }, {.threads = 4, .block_size = 512});
  EXPECT_FALSE(overlapped);
  EXPECT_FALSE(elsewhere);
}

}  // namespace
}  // namespace jsonjit
