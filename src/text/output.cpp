#include <jsonjit/output.hpp>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <exception>

namespace jsonjit {
namespace {

// Grows [begin, limit) so that `n` more bytes fit after `pos`, keeping the content.
// Doubling keeps the amortized cost of appends constant.
bool grow_block(char*& begin, char*& pos, char*& limit, std::size_t n) {
  const std::size_t used = static_cast<std::size_t>(pos - begin);
  const std::size_t capacity = static_cast<std::size_t>(limit - begin);
  const std::size_t wanted = std::max(capacity * 2, used + n);
  auto* grown = static_cast<char*>(std::realloc(begin, wanted));
  if (grown == nullptr) return false;
  begin = grown;
  pos = grown + used;
  limit = grown + wanted;
  return true;
}

}  // namespace

memory_output::memory_output(std::size_t initial_capacity) {
  char* limit = nullptr;
  begin_ = pos_ = nullptr;
  grow_block(begin_, pos_, limit, std::max<std::size_t>(initial_capacity, 64));
  limit_ = limit;
}

memory_output::~memory_output() {
  std::free(begin_);
}

bool memory_output::make_room(std::size_t n) {
  return grow_block(begin_, pos_, limit_, n);
}

bool string_output::make_room(std::size_t n) {
  const auto used = static_cast<std::size_t>(pos_ - s_.data());
  // Room is zero-filled before it is written (std::string has no other way to grow), so room
  // the text never reaches is work for nothing: within the capacity it grows by a page (a
  // string kept from the last text of about this size needs no more), beyond it by doubling
  // (a new block, the content copied).
  const std::size_t capacity = s_.capacity();
  const std::size_t wanted = used + n <= capacity ? std::min(capacity, std::max(used + n, s_.size() + 4096))
                                                  : std::max(used + n, 2 * s_.size());
  try {
    s_.resize(wanted);
  } catch (const std::exception&) {  // memory ran out (or the string's maximum size)
    return false;
  }
  pos_ = s_.data() + used;
  limit_ = s_.data() + s_.size();
  return true;
}

chunked_output::chunked_output(chunk_sink& sink, std::size_t chunk_size)
    : sink_(sink), chunk_size_(std::max<std::size_t>(chunk_size, 1)) {
  // Room for a full chunk plus the writer's usual largest single write.
  grow_block(begin_, pos_, limit_, chunk_size_ + 4096);
}

chunked_output::~chunked_output() {
  std::free(begin_);
}

bool chunked_output::send_full_chunks() {
  char* chunk = begin_;
  while (static_cast<std::size_t>(pos_ - chunk) >= chunk_size_) {
    if (!sink_.write_chunk({chunk, chunk_size_})) return !(failed_ = true);
    chunk += chunk_size_;
  }
  const std::size_t rest = static_cast<std::size_t>(pos_ - chunk);
  std::memmove(begin_, chunk, rest);
  pos_ = begin_ + rest;
  return true;
}

bool chunked_output::make_room(std::size_t n) {
  if (!send_full_chunks()) return false;
  if (static_cast<std::size_t>(limit_ - pos_) >= n) return true;
  return grow_block(begin_, pos_, limit_, n);
}

bool chunked_output::flush() {
  if (!send_full_chunks()) return false;
  if (pos_ == begin_) return true;
  const bool sent = sink_.write_chunk({begin_, static_cast<std::size_t>(pos_ - begin_)});
  pos_ = begin_;
  failed_ = failed_ || !sent;
  return sent;
}

}  // namespace jsonjit
