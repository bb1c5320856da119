// Reading the tool's inputs: a named file, or standard input for "-".
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include <jsonjit/error.hpp>

namespace jsonjit::cli {

/// Prints "NAME:LINE:COLUMN: message" (the form editors and compilers use) to `to`.
void print_error(std::FILE* to, const std::string& name, const error_info& error);

/// An open input; `name()` is how messages refer to it ("<stdin>" for "-").
class input_file {
 public:
  explicit input_file(std::string_view path);
  ~input_file();
  input_file(const input_file&) = delete;
  input_file& operator=(const input_file&) = delete;

  /// False if the file could not be opened; error() says why.
  bool is_open() const noexcept { return file_ != nullptr; }
  const std::string& error() const noexcept { return error_; }
  const std::string& name() const noexcept { return name_; }

  /// Reads up to `size` bytes; 0 at the end. Sets error() and returns 0 on a read error.
  std::size_t read_some(char* data, std::size_t size);
  /// Reads everything that is left into `text`. False on a read error.
  bool read_all(std::string& text);

  /// The size of a regular file (which read_at reads anywhere, from any thread); 0 for
  /// anything else (a pipe, a terminal), which is read in order.
  std::uint64_t regular_size() const noexcept;
  /// Reads up to `size` bytes at `offset` without moving the position; fewer at the end. Sets
  /// `error` (not error(): it may run on several threads) and returns 0 on a read error.
  std::size_t read_at(char* data, std::size_t size, std::uint64_t offset, std::string& error) const;

 private:
  std::FILE* file_ = nullptr;
  bool owned_ = false;
  std::string name_;
  std::string error_;
};

}  // namespace jsonjit::cli
