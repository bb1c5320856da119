// The buffer behind fd_input and istream_input: what the reader still needs moves to the
// front, and the rest of the buffer is read into.
#include <jsonjit/stream.hpp>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace jsonjit {

buffered_input::buffered_input(std::size_t buffer_size) : buffer_(std::max<std::size_t>(buffer_size, 256)) {
  begin_ = end_ = buffer_.data();
  if (buffer_.empty()) {
    failed_ = true;
    error_number_ = ENOMEM;
  }
}

bool buffered_input::refill(const char* keep) {
  const auto kept = static_cast<std::size_t>(end_ - keep);
  if (keep != buffer_.data() && kept != 0) std::memmove(buffer_.data(), keep, kept);
  begin_ = buffer_.data();
  end_ = begin_ + kept;
  if (at_end_ || failed_) return false;
  // A token longer than the buffer: the buffer doubles (the one case memory grows).
  if (kept == buffer_.size() && !buffer_.grow(2 * buffer_.size(), kept)) {
    failed_ = true;
    error_number_ = ENOMEM;
    return false;
  }
  begin_ = buffer_.data();
  end_ = begin_ + kept;
  const std::ptrdiff_t n = read_some(buffer_.data() + kept, buffer_.size() - kept);
  if (n <= 0) {
    at_end_ = n == 0;
    return false;
  }
  end_ += n;
  return true;
}

}  // namespace jsonjit
