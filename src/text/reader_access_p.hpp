// What the JIT's helpers do to a reader that the public interface does not offer: start it on
// a token they have already scanned and validated, so that a converter handed the reader does
// not make it scan the token again. Private to the library.
#pragma once

#include <jsonjit/reader.hpp>

namespace jsonjit::detail {

struct reader_access {
  /// `r` was just constructed over exactly one string value, quotes included, whose text is
  /// valid (as the reader would check it) and has escapes if `escaped`: puts it on that
  /// string token, exactly as its first read() would.
  static void start_on_string(reader& r, bool escaped) noexcept {
    r.state_.started_ = true;
    r.fast_ = true;
    r.token_ = token_type::string;
    r.value_ = {r.begin_ + 1, static_cast<std::size_t>(r.end_ - r.begin_ - 2)};
    r.value_escaped_ = escaped;
    r.pos_ = r.end_;
    // After a top-level scalar (reader::after_scalar at depth 0).
    r.state_.expect_ = reader_state::expect::end;
    r.state_.any_value_ = true;
  }

  // For compiled code reading the values of a stream in the reader's window.
  static bool has_source(const reader& r) noexcept { return r.source_ != nullptr; }
  /// The window of input the reader has: [window_begin, window_end).
  static const char* window_begin(const reader& r) noexcept { return r.begin_; }
  static const char* window_end(const reader& r) noexcept { return r.end_; }
  /// On a start_object or start_array token: its byte.
  static const char* token_start(const reader& r) noexcept { return r.value_.data(); }
  /// Asks the source for more input, keeping the current token (which stays at
  /// token_start(), moved). False if there is no more (or the source failed).
  static bool more_input(reader& r) {
    if (r.source_ == nullptr || r.final_) return false;
    return r.refill() && !r.final_;
  }
  /// The reader is on a start_object or start_array token whose value compiled code has read
  /// up to `after` (the byte after its closing bracket): it moves on to that bracket, as if it
  /// had read every token in between, lines counted.
  static void finish_value(reader& r, const char* after) noexcept { r.close_value_at(after); }

  /// How many numbers read so far have an exponent or more than 308 bytes (the only ones a
  /// conversion to double can find out of range): a count that has not moved since a point
  /// says no number read since then needs that check.
  static std::uint32_t wide_numbers(const reader& r) noexcept { return r.wide_numbers_; }
};

}  // namespace jsonjit::detail
