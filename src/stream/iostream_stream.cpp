// Outputs and inputs over std::ostream and std::istream.
#include <jsonjit/stream.hpp>

#include <algorithm>
#include <istream>
#include <ostream>

namespace jsonjit {

ostream_output::ostream_output(std::ostream& stream, std::size_t buffer_size)
    : stream_(stream), buffer_(std::max<std::size_t>(buffer_size, 256)) {
  pos_ = buffer_.data();
  limit_ = pos_ + buffer_.size();
  failed_ = buffer_.empty();
}

ostream_output::~ostream_output() {
  if (!failed_) write_out();
}

bool ostream_output::write_out() {
  const auto n = static_cast<std::streamsize>(pos_ - buffer_.data());
  try {
    if (n != 0 && !stream_.write(buffer_.data(), n)) failed_ = true;
  } catch (...) {  // a stream set to throw
    failed_ = true;
  }
  pos_ = buffer_.data();
  return !failed_;
}

bool ostream_output::make_room(std::size_t n) {
  if (failed_ || !write_out()) return false;
  if (static_cast<std::size_t>(limit_ - pos_) >= n) return true;
  if (!buffer_.grow(n, 0)) return !(failed_ = true);
  pos_ = buffer_.data();
  limit_ = pos_ + buffer_.size();
  return true;
}

bool ostream_output::flush() {
  if (failed_ || !write_out()) return false;
  try {
    if (!stream_.flush()) failed_ = true;
  } catch (...) {
    failed_ = true;
  }
  return !failed_;
}

istream_input::istream_input(std::istream& stream, std::size_t buffer_size)
    : buffered_input(buffer_size), stream_(stream) {}

std::ptrdiff_t istream_input::read_some(char* dest, std::size_t size) {
  using traits = std::istream::traits_type;
  try {
    std::streambuf* buffer = stream_.rdbuf();
    if (buffer == nullptr || !stream_.good()) {
      if (buffer != nullptr && stream_.eof() && !stream_.bad() && !stream_.fail()) return 0;
      failed_ = true;
      return -1;
    }
    // Waits for one byte, then takes what the stream has at hand.
    if (traits::eq_int_type(buffer->sgetc(), traits::eof())) {
      stream_.setstate(std::ios::eofbit);
      return 0;
    }
    const std::streamsize at_hand = std::max<std::streamsize>(buffer->in_avail(), 1);
    return buffer->sgetn(dest, std::min(at_hand, static_cast<std::streamsize>(size)));
  } catch (...) {
    failed_ = true;
    return -1;
  }
}

}  // namespace jsonjit
