// Outputs and inputs over file descriptors: files, pipes and sockets.
#include <jsonjit/stream.hpp>

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace jsonjit {
namespace {
/// `call()` (a read(2) or write(2) on `fd`) until it transfers something or fails for good:
/// EINTR is retried, and a non-blocking descriptor that says EAGAIN is waited for with poll(2)
/// for `events`. The count, or -1 with errno set.
template <class Call>
ssize_t transfer(int fd, short events, Call call) noexcept {
  for (;;) {
    const ssize_t n = call();
    if (n >= 0 || (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK)) return n;
    if (errno != EINTR) {
      pollfd p{fd, events, 0};
      while (poll(&p, 1, -1) < 0 && errno == EINTR) {
      }
    }
  }
}
}  // namespace

fd_output::fd_output(int fd, std::size_t buffer_size) : fd_(fd), buffer_(std::max<std::size_t>(buffer_size, 256)) {
  pos_ = buffer_.data();
  limit_ = pos_ + buffer_.size();
  if (buffer_.empty()) {
    failed_ = true;
    error_number_ = ENOMEM;
  }
}

fd_output::~fd_output() {
  if (!failed_) write_out();
}

bool fd_output::write_out() {
  const char* p = buffer_.data();
  std::size_t n = static_cast<std::size_t>(pos_ - p);
  while (n > 0) {
    const ssize_t written = transfer(fd_, POLLOUT, [&] {
      if (socket_ != 0) {
        // A socket whose peer has gone reports EPIPE instead of raising SIGPIPE.
        const ssize_t sent = send(fd_, p, n, MSG_NOSIGNAL);
        if (sent >= 0 || errno != ENOTSOCK) {
          socket_ = 1;
          return sent;
        }
        socket_ = 0;
      }
      return write(fd_, p, n);
    });
    if (written < 0) {
      error_number_ = errno;
      failed_ = true;
      return false;
    }
    p += written;
    n -= static_cast<std::size_t>(written);
  }
  pos_ = buffer_.data();
  return true;
}

bool fd_output::make_room(std::size_t n) {
  if (failed_ || !write_out()) return false;
  if (static_cast<std::size_t>(limit_ - pos_) >= n) return true;
  // One write larger than the whole buffer (the writer's are at most a few KiB).
  if (!buffer_.grow(n, 0)) {
    error_number_ = ENOMEM;
    failed_ = true;
    return false;
  }
  pos_ = buffer_.data();
  limit_ = pos_ + buffer_.size();
  return true;
}

bool fd_output::flush() {
  return !failed_ && write_out();
}

fd_input::fd_input(int fd, std::size_t buffer_size) : buffered_input(buffer_size), fd_(fd) {}

std::ptrdiff_t fd_input::read_some(char* dest, std::size_t size) {
  const ssize_t n = transfer(fd_, POLLIN, [&] { return read(fd_, dest, size); });
  if (n < 0) {
    error_number_ = errno;
    failed_ = true;
  }
  return n;
}

}  // namespace jsonjit
