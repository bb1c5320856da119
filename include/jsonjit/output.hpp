// Destinations for the writer's bytes: a growable memory buffer, or a sink that receives
// full chunks of a size the caller picks (the base of streaming).
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include <jsonjit/detail/export.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

/// A window of writable bytes [pos, limit). The writer fills it and asks for more room only
/// when a write does not fit, so the common path is a compare and a store.
class output {
 public:
  output(const output&) = delete;
  output& operator=(const output&) = delete;
  virtual ~output() = default;

  /// Makes at least `n` bytes writable at `pos()`. False if the destination failed (a sink
  /// refused data, or memory ran out); nothing is written then.
  bool reserve(std::size_t n) { return static_cast<std::size_t>(limit_ - pos_) >= n || make_room(n); }
  char* pos() const noexcept { return pos_; }
  char* limit() const noexcept { return limit_; }
  /// Commits bytes written in place: `pos` must lie in [pos(), limit()].
  void advance_to(char* pos) noexcept { pos_ = pos; }

  /// Hands every pending byte to the destination. False if the destination failed.
  virtual bool flush() = 0;
  /// The destination failed (refused data, a write failed, the operation was stopped): what
  /// it received so far may be incomplete.
  bool failed() const noexcept { return failed_; }
  /// Why the destination failed, for an error message ("out.json: No space left on device");
  /// empty where it says nothing more. Errors with error_code::sink_failed carry it in
  /// parse_error::name.
  virtual std::string failure_reason() const { return {}; }

 protected:
  output() = default;
  virtual bool make_room(std::size_t n) = 0;

  char* pos_ = nullptr;
  char* limit_ = nullptr;
  bool failed_ = false;  // set by outputs whose destination can fail
};

/// Output into one contiguous, growable block of memory (doubling growth, no per-value
/// allocation). `view()` sees everything written so far.
class memory_output final : public output {
 public:
  explicit memory_output(std::size_t initial_capacity = 1024);
  ~memory_output() override;

  const char* data() const noexcept { return begin_; }
  std::size_t size() const noexcept { return static_cast<std::size_t>(pos_ - begin_); }
  std::string_view view() const noexcept { return {begin_, size()}; }
  std::string str() const { return std::string(view()); }
  /// Forgets the content and keeps the memory for reuse.
  void clear() noexcept { pos_ = begin_; }

  bool flush() override { return true; }

 private:
  bool make_room(std::size_t n) override;
  char* begin_ = nullptr;
};

/// Output into a std::string the caller owns, in the string's own memory: the text ends up in
/// the string without a copy, and a string kept from one text to the next keeps its memory.
/// It replaces the string's content. While writing, the string is longer than the text (the
/// room written into; grown by doubling); `finish()`, or the destructor, trims it to the text.
/// Leave the string alone until then.
class string_output final : public output {
 public:
  /// `expected`: the text's likely size, made room for at once. The old content is written
  /// over, so only room beyond the string's current size is zero-filled (std::string has no
  /// other way to grow), never its whole capacity.
  explicit string_output(std::string& s, std::size_t expected = 0) : s_(s) {
    if (s_.size() < expected) s_.resize(expected);
    pos_ = s_.data();
    limit_ = pos_ + s_.size();
  }
  ~string_output() override {
    if (pos_ != limit_) finish();
  }

  /// Trims the string to what was written and returns its size. Writing may go on after.
  std::size_t finish() noexcept {
    const auto size = static_cast<std::size_t>(pos_ - s_.data());
    s_.resize(size);  // (shorter: the text stays where it is)
    limit_ = pos_;
    return size;
  }
  /// Forgets what was written, to write again from the start of the string.
  void clear() noexcept { pos_ = s_.data(); }

  bool flush() override { return true; }

 private:
  bool make_room(std::size_t n) override;
  std::string& s_;
};

/// Receives chunks from a `chunked_output`.
class chunk_sink {
 public:
  virtual ~chunk_sink() = default;
  /// Takes `bytes` (valid only during the call). Return false to report failure: the writer
  /// then stops with error_code::sink_failed.
  virtual bool write_chunk(std::span<const char> bytes) = 0;
};

/// Output that hands the sink chunks of exactly `chunk_size` bytes; only `flush()` sends a
/// shorter one (what is left). Memory stays about `chunk_size` plus the largest single write
/// the writer needs at once (small: long strings are written in pieces).
class chunked_output final : public output {
 public:
  explicit chunked_output(chunk_sink& sink, std::size_t chunk_size = 16 * 1024);
  ~chunked_output() override;

  /// Sends everything pending, even if less than a chunk.
  bool flush() override;
  std::size_t chunk_size() const noexcept { return chunk_size_; }

 private:
  bool make_room(std::size_t n) override;
  bool send_full_chunks();

  chunk_sink& sink_;
  std::size_t chunk_size_;
  char* begin_ = nullptr;
};

}  // namespace jsonjit
JSONJIT_EXPORT_END
