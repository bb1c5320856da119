// Outputs and inputs over file descriptors (files, pipes, sockets), files by path, iostreams
// and text in memory, each through one pooled buffer: what the writer, the reader and the
// typed functions stream through (stream.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <string_view>

#include <jsonjit/buffer_pool.hpp>
#include <jsonjit/detail/export.hpp>
#include <jsonjit/input.hpp>
#include <jsonjit/output.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

/// Output to a file descriptor (a file, a pipe, a socket) through one pooled buffer: the
/// window is the buffer, and a full window is written out with write(2) (send(2) without
/// SIGPIPE for sockets; a pipe whose reader has gone raises SIGPIPE unless the program ignores
/// it, as servers do). Partial writes and EINTR are retried; a non-blocking descriptor is
/// waited for with poll(2). A failure (failed(), error_number()) is the writer's sink_failed.
/// The destructor flushes what is pending (errors then go unreported: call flush() to see
/// them). The descriptor stays the caller's.
class fd_output : public output {
 public:
  explicit fd_output(int fd, std::size_t buffer_size = default_buffer_size);
  ~fd_output() override;

  bool flush() override;
  int error_number() const noexcept { return error_number_; }
  std::string failure_reason() const override;

 protected:
  int fd_;
  int error_number_ = 0;

 private:
  bool make_room(std::size_t n) override;
  bool write_out();

  std::int8_t socket_ = -1;  // unknown until the first write
  pooled_buffer buffer_;
};

namespace detail {
/// A file opened by path: its descriptor, or -1 and the errno of the failure.
struct opened_file {
  int fd;
  int error_number;
};
opened_file open_file(const std::filesystem::path& path, bool for_writing) noexcept;
}  // namespace detail

/// Output to a file by path (created, or truncated), never a string that could be JSON text.
/// A file that cannot be opened or written is the writer's sink_failed, its reason naming the
/// path ("out.json: Permission denied"). close() (or the destructor) writes what is pending
/// and closes the file; only close() says whether every byte reached it.
class file_output final : public fd_output {
 public:
  explicit file_output(const std::filesystem::path& path, std::size_t buffer_size = default_buffer_size);
  ~file_output() override;

  /// Flushes and closes the file: false if some write, or closing, failed.
  bool close();
  const std::filesystem::path& path() const noexcept { return path_; }
  std::string failure_reason() const override;

 private:
  file_output(detail::opened_file file, const std::filesystem::path& path, std::size_t buffer_size);
  std::filesystem::path path_;
};

/// Output to a std::ostream through one pooled buffer (its write() takes full buffers; flush()
/// also flushes the stream). A stream that goes bad is the writer's sink_failed. The
/// destructor writes what is pending.
class ostream_output final : public output {
 public:
  explicit ostream_output(std::ostream& stream, std::size_t buffer_size = default_buffer_size);
  ~ostream_output() override;

  bool flush() override;

 private:
  bool make_room(std::size_t n) override;
  bool write_out();

  std::ostream& stream_;
  pooled_buffer buffer_;
};

/// An input that reads into one pooled buffer, which grows only while a single token is
/// longer than it. Derive and implement read_some() to read another kind of source.
class buffered_input : public input {
 public:
  bool refill(const char* keep) override;

 protected:
  explicit buffered_input(std::size_t buffer_size);
  /// Reads up to `size` bytes into `dest`, waiting until there is at least one: the count, 0
  /// at the end of the input, or -1 on failure (with failed_ and error_number_ set).
  virtual std::ptrdiff_t read_some(char* dest, std::size_t size) = 0;

 private:
  pooled_buffer buffer_;
  bool at_end_ = false;
};

/// Input from a file descriptor (a file, a pipe, a socket) with read(2); EINTR is retried and
/// a non-blocking descriptor is waited for with poll(2). The descriptor stays the caller's;
/// the input reads ahead of what the reader has consumed (up to a buffer).
class fd_input : public buffered_input {
 public:
  explicit fd_input(int fd, std::size_t buffer_size = default_buffer_size);

 protected:
  int fd_;

 private:
  std::ptrdiff_t read_some(char* dest, std::size_t size) override;
};

/// Input from a file by path, never a string that could be JSON text. A file that cannot be
/// opened or read is error_code::input_failed, its reason naming the path ("data.json: No
/// such file or directory"). The file is closed by the destructor.
class file_input final : public fd_input {
 public:
  explicit file_input(const std::filesystem::path& path, std::size_t buffer_size = default_buffer_size);
  ~file_input() override;

  const std::filesystem::path& path() const noexcept { return path_; }
  std::string failure_reason() const override;

 private:
  file_input(detail::opened_file file, const std::filesystem::path& path, std::size_t buffer_size);
  std::filesystem::path path_;
};

/// Input from a std::istream's buffer: takes what the stream has at hand once at least one
/// byte is there (so a reader of an interactive stream is not kept waiting for a full buffer).
/// An exception from the stream, or a stream that goes bad, is a failure.
class istream_input final : public buffered_input {
 public:
  explicit istream_input(std::istream& stream, std::size_t buffer_size = default_buffer_size);

 private:
  std::ptrdiff_t read_some(char* dest, std::size_t size) override;
  std::istream& stream_;
};

/// Text already in memory as an input (one window, nothing to refill): what element_reader
/// and the input overloads read when the text is at hand. The text must outlive the input.
class memory_input final : public input {
 public:
  explicit memory_input(std::string_view text) noexcept {
    begin_ = text.data();
    end_ = text.data() + text.size();
  }
  bool refill(const char* keep) override {
    begin_ = keep;
    return false;
  }
};

}  // namespace jsonjit
JSONJIT_EXPORT_END
