// Outputs and inputs over real pipes, files, sockets and iostreams: the bytes are
// serialize()'s, values read back equal, memory stays at the buffer size for values of any
// size, and a peer that goes away or a stream that fails is a clear error.
#include <fcntl.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include <jsonjit/schema.hpp>

#include "dotnet_models.hpp"
#include "engines.hpp"
#include "stream_support.hpp"
#include "test_files.hpp"

namespace stream_io_test {
namespace {

using jsonjit::engine;
using jsonjit::parse_error;
using jsonjit::test::with_engine;

/// A file in the test's temporary folder, removed afterwards.
class temporary_file {
 public:
  explicit temporary_file(const std::string& name)
      : path_(std::filesystem::temp_directory_path() / ("jsonjit_" + std::to_string(getpid()) + "_" + name)) {}
  ~temporary_file() { std::filesystem::remove(path_); }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

TEST(StreamIo, ModelsThroughAPipeAreTheBytesOfSerialize) {
  const auto events = models::make_my_events(models::fixed_clock());
  for (const engine e : jsonjit_test::engines_to_test()) {
    for (const bool indented : {false, true}) {
      const auto options = with_engine(e, indented);
      jsonjit::test::drained_pipe pipe;
      {
        jsonjit::fd_output out(pipe.write_end(), 4096);
        ASSERT_FALSE(jsonjit::serialize_to(events, out, options));
        ASSERT_FALSE(jsonjit::serialize_to(models::make_login(), out, options));
      }
      EXPECT_TRUE(pipe.received() == jsonjit::serialize(events, options) + jsonjit::serialize(models::make_login(), options));
    }
  }
}

TEST(StreamIo, FilesWrittenAndReadThroughDescriptors) {
  const auto users = models::make_users();
  temporary_file file("users.json");
  for (const engine e : {engine::interpreter, engine::automatic}) {
    const auto options = with_engine(e);
    const int fd = open(file.path().c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    ASSERT_GE(fd, 0);
    {
      jsonjit::fd_output out(fd);
      ASSERT_FALSE(jsonjit::serialize_to(users, out, options));
    }
    close(fd);
    EXPECT_TRUE(jsonjit::test::read_file(file.path()) == jsonjit::serialize(users, options));
    const int in_fd = open(file.path().c_str(), O_RDONLY);
    ASSERT_GE(in_fd, 0);
    jsonjit::fd_input in(in_fd, 1000);
    auto back = jsonjit::try_deserialize<std::vector<models::User>>(in, options);
    close(in_fd);
    ASSERT_TRUE(back) << jsonjit::to_string(back.error());
    EXPECT_TRUE(*back == users);
  }
}

TEST(StreamIo, FilesByPathEveryWay) {
  const auto users = models::make_users();
  temporary_file file("by_path.json");
  for (const engine e : {engine::interpreter, engine::automatic}) {
    const auto options = with_engine(e);
    jsonjit::file_output out(file.path());
    ASSERT_FALSE(jsonjit::serialize_to(users, out, options));
    EXPECT_TRUE(out.close());
    EXPECT_TRUE(jsonjit::test::read_file(file.path()) == jsonjit::serialize(users, options));
    jsonjit::file_input in(file.path(), 1000);
    auto back = jsonjit::try_deserialize<std::vector<models::User>>(in, options);
    ASSERT_TRUE(back) << jsonjit::to_string(back.error());
    EXPECT_TRUE(*back == users);
  }
  jsonjit::file_input for_document(file.path());
  const auto document = jsonjit::document::parse(for_document);
  ASSERT_TRUE(document);
  EXPECT_EQ(document->root().size(), users.size());
  jsonjit::file_input for_node(file.path());
  const auto node = jsonjit::node::parse(for_node);
  ASSERT_TRUE(node);
  EXPECT_EQ(node->size(), users.size());

  temporary_file schema_file("schema.json");
  jsonjit::test::write_file(schema_file.path(), R"({"type": "array", "minItems": 1})");
  jsonjit::file_input schema_in(schema_file.path());
  const auto schema = jsonjit::schema::compile(schema_in);
  ASSERT_TRUE(schema) << jsonjit::to_string(schema.error());
  jsonjit::file_input instance(file.path());
  EXPECT_TRUE(schema->validate(instance).valid());
}

TEST(StreamIo, AFileThatCannotBeOpenedOrWrittenNamesItsPathAndTheReason) {
  // "reading the input failed, found end of input" said neither which file nor why.
  const std::filesystem::path missing = std::filesystem::temp_directory_path() / "jsonjit_no_such_dir" / "in.json";
  const std::string expected_reason = missing.string() + ": No such file or directory";
  {
    jsonjit::file_input in(missing);
    EXPECT_TRUE(in.failed());
    EXPECT_EQ(in.error_number(), ENOENT);
    const auto r = jsonjit::try_deserialize<std::vector<int>>(in);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().info.code, jsonjit::error_code::input_failed);
    EXPECT_EQ(r.error().name, expected_reason);
    EXPECT_EQ(jsonjit::to_string(r.error()),
              "line 1, column 1 (byte 0) at $: reading the input failed: " + expected_reason);
  }
  for (const bool as_node : {false, true}) {
    jsonjit::file_input in(missing);
    const jsonjit::parse_error e =
        as_node ? jsonjit::node::parse(in).error() : jsonjit::document::parse(in).error();
    EXPECT_EQ(e.info.code, jsonjit::error_code::input_failed);
    EXPECT_EQ(e.name, expected_reason);
  }
  {
    jsonjit::file_input in(missing);
    const auto s = jsonjit::schema::compile(in);
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error().name, expected_reason);
    jsonjit::file_input instance(missing);
    const jsonjit::validation v = jsonjit::schema::compile("{}")->validate(instance);
    ASSERT_EQ(v.errors().size(), 1u);
    EXPECT_EQ(v.errors()[0].message, "not JSON: reading the input failed: " + expected_reason);
  }
  {
    jsonjit::file_input directory(std::filesystem::temp_directory_path());  // opens; read(2) fails
    const auto r = jsonjit::try_deserialize<int>(directory);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().name, std::filesystem::temp_directory_path().string() + ": Is a directory");
  }
  {
    jsonjit::file_output out(missing);
    const jsonjit::parse_error e = jsonjit::serialize_to(std::vector<int>{1, 2}, out);
    EXPECT_EQ(e.info.code, jsonjit::error_code::sink_failed);
    EXPECT_EQ(e.name, expected_reason);
    EXPECT_FALSE(out.close());
  }
  if (std::filesystem::exists("/dev/full")) {  // every write fails: ENOSPC
    jsonjit::file_output out("/dev/full");
    const jsonjit::parse_error e = jsonjit::serialize_to(std::vector<int>(10, 1), out);
    EXPECT_EQ(e.info.code, jsonjit::error_code::sink_failed);
    EXPECT_EQ(e.name, "/dev/full: No space left on device");
  }
}

TEST(StreamIo, IostreamsBothWays) {
  const auto index = models::make_index(models::fixed_clock());
  for (const engine e : {engine::interpreter, engine::automatic}) {
    const auto options = with_engine(e);
    std::stringstream stream;
    {
      jsonjit::ostream_output out(stream, 300);
      ASSERT_FALSE(jsonjit::serialize_to(index, out, options));
    }
    EXPECT_EQ(stream.str(), jsonjit::serialize(index, options));
    jsonjit::istream_input in(stream, 256);
    models::IndexViewModel back = jsonjit::deserialize<models::IndexViewModel>(in, options);
    EXPECT_TRUE(back == index);
  }
  // A stream that fails is a failed sink; a stream that fails to read is a failed input.
  std::ostringstream closed;
  closed.setstate(std::ios::badbit);
  jsonjit::ostream_output out(closed, 256);
  EXPECT_EQ(jsonjit::serialize_to(index, out).info.code, jsonjit::error_code::sink_failed);
  std::istringstream unreadable("{\"Email\":\"a\"}");
  unreadable.setstate(std::ios::badbit);
  jsonjit::istream_input in(unreadable);
  EXPECT_EQ(jsonjit::try_deserialize<models::LoginViewModel>(in).error().info.code, jsonjit::error_code::input_failed);
}

TEST(StreamIo, ReadingErrorsCountPositionsOverTheWholeInput) {
  // The error lies far beyond the first buffer: its line, column and offset are the whole
  // input's, as reading the text at once reports them.
  std::string json = "[\n";
  for (int i = 0; i < 3000; ++i) json += "  {\"Email\":\"user" + std::to_string(i) + "@x\",\"Password\":\"p\",\"RememberMe\":true},\n";
  json += "  {\"Email\":\"late\",\"Password\":7}\n]";
  for (const engine e : {engine::interpreter, engine::automatic}) {
    const auto options = with_engine(e);
    const auto whole = jsonjit::try_deserialize<std::vector<models::LoginViewModel>>(json, options);
    ASSERT_FALSE(whole);
    std::istringstream stream(json);
    jsonjit::istream_input in(stream, 512);
    const auto streamed = jsonjit::try_deserialize<std::vector<models::LoginViewModel>>(in, options);
    ASSERT_FALSE(streamed);
    jsonjit::test::expect_same_error(whole.error(), streamed.error(), "istream");
    EXPECT_EQ(streamed.error().info.line, 3002u);
    EXPECT_EQ(streamed.error().path, "$[3000].Password");
  }
}

/// A value far larger than any buffer: one string of `size` bytes and a long vector.
struct huge {
  std::string text;
  std::vector<std::int64_t> numbers;
};

TEST(StreamIo, MemoryStaysAtTheBufferSizeForValuesOfAnySize) {
  huge value;
  value.text.assign(24 << 20, 'j');
  value.numbers.resize(2'000'000);
  for (std::size_t i = 0; i < value.numbers.size(); ++i) value.numbers[i] = static_cast<std::int64_t>(i * 7919);
  const std::string expected = jsonjit::serialize(value);
  for (const engine e : jsonjit_test::engines_to_test()) {
    auto& pool = jsonjit::buffer_pool::shared();
    pool.reset_high_water();
    const std::size_t before = pool.stats().in_use;
    jsonjit::test::drained_pipe pipe;
    {
      jsonjit::fd_output out(pipe.write_end());
      ASSERT_FALSE(jsonjit::serialize_to(value, out, with_engine(e)));
      // The buffer never grew: no single write of the writer exceeds it.
      EXPECT_LE(pool.stats().high_water - before, jsonjit::default_buffer_size);
    }
    EXPECT_TRUE(pipe.received() == expected);
    // Resumable writing: the staging buffer and the caller's 4 KiB, nothing in proportion.
    pool.reset_high_water();
    const auto options = with_engine(e);
    jsonjit::serializer s(value, options);
    std::string out;
    out.reserve(expected.size());
    char buffer[4096];
    while (!s.done()) out.append(buffer, s.write_some(buffer));
    EXPECT_TRUE(out == expected);
    EXPECT_LE(pool.stats().high_water - before, 2 * jsonjit::default_buffer_size);
  }
}

TEST(StreamIo, APeerThatGoesAwayIsAFailedSink) {
  // SIGPIPE is what a pipe raises when its reader has gone; servers ignore it.
  struct sigaction ignore {}, previous{};
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGPIPE, &ignore, &previous);
  const auto events = models::make_my_events(models::fixed_clock());
  for (const engine e : jsonjit_test::engines_to_test()) {
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    close(fds[0]);
    jsonjit::fd_output out(fds[1], 1024);
    const parse_error error = jsonjit::serialize_to(events, out, with_engine(e));
    EXPECT_EQ(error.info.code, jsonjit::error_code::sink_failed);
    EXPECT_EQ(out.error_number(), EPIPE);
    close(fds[1]);
    // A socket whose peer closed: EPIPE too, without any signal.
    int sockets[2];
    ASSERT_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, sockets), 0);
    close(sockets[1]);
    jsonjit::fd_output to_socket(sockets[0], 1024);
    EXPECT_EQ(jsonjit::serialize_to(events, to_socket, with_engine(e)).info.code, jsonjit::error_code::sink_failed);
    EXPECT_EQ(to_socket.error_number(), EPIPE);
    close(sockets[0]);
  }
  sigaction(SIGPIPE, &previous, nullptr);
}

TEST(StreamIo, AWriterThatStopsMidwayIsTruncatedInput) {
  const std::string json = jsonjit::serialize(models::make_my_events(models::fixed_clock()));
  for (const engine e : {engine::interpreter, engine::automatic}) {
    int sockets[2];
    ASSERT_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, sockets), 0);
    std::thread peer([&] {
      const std::string_view half = std::string_view(json).substr(0, json.size() / 2);
      for (std::size_t at = 0; at < half.size();) at += static_cast<std::size_t>(write(sockets[1], half.data() + at, half.size() - at));
      close(sockets[1]);
    });
    jsonjit::fd_input in(sockets[0]);
    const auto r = jsonjit::try_deserialize<models::MyEventsListerViewModel>(in, with_engine(e));
    peer.join();
    close(sockets[0]);
    ASSERT_FALSE(r);
    EXPECT_TRUE(r.error().info.at_end_of_input) << jsonjit::to_string(r.error());
    EXPECT_EQ(r.error().info.offset, json.size() / 2);
    // A descriptor that cannot be read at all.
    jsonjit::fd_input closed(-1);
    EXPECT_EQ(jsonjit::try_deserialize<models::MyEventsListerViewModel>(closed).error().info.code,
              jsonjit::error_code::input_failed);
    EXPECT_EQ(closed.error_number(), EBADF);
  }
}

TEST(StreamIo, BufferPoolReusesBuffersAcrossThreads) {
  auto& pool = jsonjit::buffer_pool::shared();
  const std::span<char> a = pool.acquire(1000);
  EXPECT_EQ(a.size(), 1024u);
  pool.release(a);
  const std::span<char> b = pool.acquire(700);
  EXPECT_EQ(b.data(), a.data());  // the same buffer, from the free list
  pool.release(b);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 2000; ++i) {
        jsonjit::pooled_buffer buffer(256 << (i % 6));
        buffer.data()[0] = 'x';
      }
    });
  }
  for (auto& t : threads) t.join();
  const std::size_t allocated = pool.stats().allocated;
  for (int i = 0; i < 100; ++i) jsonjit::pooled_buffer again(4096);
  EXPECT_EQ(pool.stats().allocated, allocated);  // steady state: nothing new
}

}  // namespace
}  // namespace stream_io_test
