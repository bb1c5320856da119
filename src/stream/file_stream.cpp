// Files opened by path, and what descriptors and files say when they fail.
#include <jsonjit/stream.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

namespace jsonjit {
namespace {
/// "PATH: REASON", or nothing where there is no reason.
std::string on_path(const std::filesystem::path& path, const std::string& reason) {
  return reason.empty() ? reason : path.string() + ": " + reason;
}
}  // namespace

std::string fd_output::failure_reason() const {
  return failed_ && error_number_ != 0 ? std::generic_category().message(error_number_) : std::string();
}

detail::opened_file detail::open_file(const std::filesystem::path& path, bool for_writing) noexcept {
  const int flags = for_writing ? O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC : O_RDONLY | O_CLOEXEC;
  int fd;
  do {
    fd = ::open(path.c_str(), flags, 0666);
  } while (fd < 0 && errno == EINTR);
  return {fd, fd < 0 ? errno : 0};
}

file_input::file_input(const std::filesystem::path& path, std::size_t buffer_size)
    : file_input(detail::open_file(path, false), path, buffer_size) {}

file_input::file_input(detail::opened_file file, const std::filesystem::path& path, std::size_t buffer_size)
    : fd_input(file.fd, buffer_size), path_(path) {
  if (file.fd < 0) {
    failed_ = true;
    error_number_ = file.error_number;
  }
}

file_input::~file_input() {
  if (fd_ >= 0) ::close(fd_);
}

std::string file_input::failure_reason() const { return on_path(path_, input::failure_reason()); }

file_output::file_output(const std::filesystem::path& path, std::size_t buffer_size)
    : file_output(detail::open_file(path, true), path, buffer_size) {}

file_output::file_output(detail::opened_file file, const std::filesystem::path& path, std::size_t buffer_size)
    : fd_output(file.fd, buffer_size), path_(path) {
  if (file.fd < 0) {
    failed_ = true;
    error_number_ = file.error_number;
  }
}

file_output::~file_output() { close(); }

bool file_output::close() {
  if (fd_ < 0) return !failed_;
  const bool written = flush();
  // close(2) reports write errors some file systems defer (NFS); it is not retried on EINTR
  // (Linux has closed the descriptor by then).
  if (::close(std::exchange(fd_, -1)) != 0 && written) {
    error_number_ = errno;
    failed_ = true;
  }
  return !failed_;
}

std::string file_output::failure_reason() const { return on_path(path_, fd_output::failure_reason()); }

}  // namespace jsonjit
