#include <jsonjit/output.hpp>
#include <jsonjit/writer.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace jsonjit {
namespace {

struct recording_sink : chunk_sink {
  std::vector<std::string> chunks;
  std::size_t fail_after = SIZE_MAX;
  bool write_chunk(std::span<const char> bytes) override {
    if (chunks.size() == fail_after) return false;
    chunks.emplace_back(bytes.data(), bytes.size());
    return true;
  }
  std::string joined() const {
    std::string all;
    for (const auto& c : chunks) all += c;
    return all;
  }
};

// A document with long strings, many small values and deep nesting.
void write_sample(writer& w) {
  w.start_array();
  for (int i = 0; i < 300; ++i) {
    w.start_object();
    w.property_name("index");
    w.number_value(i);
    w.property_name("text");
    w.string_value(std::string(static_cast<std::size_t>(i * 13 % 3000), static_cast<char>('a' + i % 26)));
    w.property_name("nested");
    w.start_array();
    w.number_value(i * 0.5);
    w.null_value();
    w.end_array();
    w.end_object();
  }
  w.end_array();
}

TEST(MemoryOutput, GrowsAndKeepsEverything) {
  memory_output out(1);
  writer w(out);
  write_sample(w);
  ASSERT_TRUE(w.ok());
  EXPECT_GT(out.size(), 300000u);
  EXPECT_EQ(out.view().front(), '[');
  EXPECT_EQ(out.view().back(), ']');
  EXPECT_EQ(out.str(), std::string(out.view()));
  out.clear();
  EXPECT_EQ(out.size(), 0u);
}

TEST(StringOutput, WritesIntoTheStringsOwnMemoryAndTrimsAtTheEnd) {
  memory_output reference;
  writer expected(reference);
  write_sample(expected);
  std::string text = "old content, replaced";
  {
    string_output out(text);
    writer w(out);
    write_sample(w);
    ASSERT_TRUE(w.ok());
    EXPECT_GE(text.size(), reference.size());  // the room written into, more than the text
  }
  EXPECT_EQ(text, reference.view());  // the destructor trimmed it to the text

  // A string kept for the next text keeps its memory: the same block, no growth; and only
  // room the text needs is made (zero-filled first): past the last text's size, a page or the
  // writer's largest single reservation (a piece of a long string, escaped) at most, not the
  // whole capacity.
  const char* const block = text.data();
  const std::size_t capacity = text.capacity();
  ASSERT_GT(capacity, reference.size() + 16384);  // (doubling left room to not fill)
  {
    string_output out(text);
    writer w(out);
    write_sample(w);
    EXPECT_LE(text.size(), reference.size() + 8192);
    EXPECT_EQ(out.finish(), reference.size());
    EXPECT_EQ(text, reference.view());
  }
  EXPECT_EQ(text.data(), block);
  EXPECT_EQ(text.capacity(), capacity);
  EXPECT_EQ(text, reference.view());
}

TEST(StringOutput, WritingGoesOnAfterFinishAndClearStartsOver) {
  std::string text;
  string_output out(text);
  writer first(out);
  first.string_value("one");
  EXPECT_EQ(out.finish(), 5u);
  EXPECT_EQ(text, "\"one\"");
  writer second(out);
  second.number_value(2);
  out.finish();
  EXPECT_EQ(text, "\"one\"2");
  out.clear();
  writer third(out);
  third.null_value();
  out.finish();
  EXPECT_EQ(text, "null");
}

TEST(ChunkedOutput, SendsFullChunksThenTheRestOnFlush) {
  memory_output reference;
  writer ref_writer(reference);
  write_sample(ref_writer);

  for (std::size_t chunk_size : {1u, 7u, 64u, 4096u, 100000u}) {
    recording_sink sink;
    chunked_output out(sink, chunk_size);
    writer w(out);
    write_sample(w);
    ASSERT_TRUE(w.flush());
    ASSERT_FALSE(sink.chunks.empty());
    for (std::size_t i = 0; i + 1 < sink.chunks.size(); ++i) {
      ASSERT_EQ(sink.chunks[i].size(), chunk_size) << "chunk " << i << " of size " << chunk_size;
    }
    EXPECT_LE(sink.chunks.back().size(), chunk_size);
    EXPECT_EQ(sink.joined(), reference.view()) << "chunk size " << chunk_size;
  }
}

TEST(ChunkedOutput, SinkFailureStopsTheWriter) {
  recording_sink sink;
  sink.fail_after = 2;
  chunked_output out(sink, 16);
  writer w(out);
  write_sample(w);
  EXPECT_EQ(w.error(), error_code::sink_failed);
  EXPECT_EQ(sink.chunks.size(), 2u);
  EXPECT_FALSE(w.flush());
}

TEST(ChunkedOutput, FlushFailureIsReported) {
  recording_sink sink;
  sink.fail_after = 0;
  chunked_output out(sink, 1024);
  writer w(out);
  w.number_value(1);
  ASSERT_TRUE(w.ok());
  EXPECT_FALSE(w.flush());
  EXPECT_EQ(w.error(), error_code::sink_failed);
}

}  // namespace
}  // namespace jsonjit
