// What the stream tests share: options per engine, real pipes drained by a thread, and a
// stream buffer that hands out its text a few bytes at a time (as a slow pipe would).
#pragma once

#include <unistd.h>

#include <cstddef>
#include <streambuf>
#include <string>
#include <string_view>
#include <thread>

#include <gtest/gtest.h>
#include <jsonjit/jsonjit.hpp>
#include <jsonjit/stream.hpp>

namespace jsonjit::test {

/// Options of one engine (engine::jit where the test wants compiled code or an error saying why).
inline serializer_options with_engine(engine e, bool indented = false) {
  serializer_options o;
  o.engine(e).write_indented(indented);
  return o;
}

inline void expect_same_error(const parse_error& expected, const parse_error& actual, const std::string& where) {
  ASSERT_EQ(expected.info.code, actual.info.code) << where << ": " << to_string(actual);
  EXPECT_EQ(expected.info.offset, actual.info.offset) << where;
  EXPECT_EQ(expected.info.line, actual.info.line) << where;
  EXPECT_EQ(expected.info.column, actual.info.column) << where;
  EXPECT_EQ(expected.path, actual.path) << where;
  EXPECT_EQ(expected.name, actual.name) << where;
}

/// A pipe whose read end a thread drains into `received` until the write end is closed.
class drained_pipe {
 public:
  drained_pipe() {
    if (pipe(fds_) != 0) ADD_FAILURE() << "pipe() failed";
    drainer_ = std::thread([this] {
      char buffer[65536];
      ssize_t n;
      while ((n = read(fds_[0], buffer, sizeof buffer)) > 0) received_.append(buffer, static_cast<std::size_t>(n));
    });
  }
  ~drained_pipe() {
    close_write_end();
    if (drainer_.joinable()) drainer_.join();
    close(fds_[0]);
  }
  int write_end() const { return fds_[1]; }
  /// Closes the write end and waits for everything written to arrive.
  const std::string& received() {
    close_write_end();
    if (drainer_.joinable()) drainer_.join();
    return received_;
  }

 private:
  void close_write_end() {
    if (fds_[1] >= 0) close(fds_[1]);
    fds_[1] = -1;
  }
  int fds_[2] = {-1, -1};
  std::thread drainer_;
  std::string received_;
};

/// A stream buffer over `text` that makes at most `step` bytes available at a time.
class trickle_buffer : public std::streambuf {
 public:
  trickle_buffer(std::string_view text, std::size_t step) : text_(text), step_(step) {}

 protected:
  int_type underflow() override {
    if (next_ == text_.size()) return traits_type::eof();
    const std::size_t n = std::min(step_, text_.size() - next_);
    char* p = const_cast<char*>(text_.data()) + next_;
    setg(p, p, p + n);
    next_ += n;
    return traits_type::to_int_type(*p);
  }

 private:
  std::string_view text_;
  std::size_t step_;
  std::size_t next_ = 0;
};

}  // namespace jsonjit::test
