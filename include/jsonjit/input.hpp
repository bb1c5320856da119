// Where a reader's bytes come from when they do not arrive at once: files, pipes, sockets,
// iostreams (stream.hpp), or pieces a caller pushes. The reader reads a window of bytes and,
// when it reaches the end of it mid-token, asks for more, keeping only the bytes it still
// needs (the token it is on and the one being read): memory is the window plus the longest
// token, never the document.
#pragma once

#include <cstddef>
#include <string>

#include <jsonjit/detail/export.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

class input {
 public:
  input(const input&) = delete;
  input& operator=(const input&) = delete;
  virtual ~input() = default;

  /// The bytes available to read: [data(), end()).
  const char* data() const noexcept { return begin_; }
  const char* end() const noexcept { return end_; }

  /// Makes more bytes available: afterwards the window starts with the bytes from `keep` on
  /// (`keep` lies in the window; everything before it is dropped) and, when it returns true,
  /// has at least one byte more. False at the end of the input or when reading failed
  /// (failed()); the window then still starts with the kept bytes. Blocks until bytes come.
  virtual bool refill(const char* keep) = 0;

  /// Refills until the input ends: afterwards [data(), end()) holds every byte from the
  /// window's start to the end. False if reading failed (the window then ends where it did).
  bool read_to_end();

  /// Reading the source failed (an I/O error, or an operation cancelled): not the end of input.
  bool failed() const noexcept { return failed_; }
  /// The errno of the failure, where the source is a file descriptor (else 0).
  int error_number() const noexcept { return error_number_; }
  /// Why reading failed, for an error message ("data.json: No such file or directory");
  /// empty if it did not, or where the source says nothing more. Errors with
  /// error_code::input_failed carry it in parse_error::name.
  virtual std::string failure_reason() const;

 protected:
  input() = default;

  const char* begin_ = nullptr;
  const char* end_ = nullptr;
  bool failed_ = false;
  int error_number_ = 0;
};

}  // namespace jsonjit
JSONJIT_EXPORT_END
