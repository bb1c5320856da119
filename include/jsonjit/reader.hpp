// The token reader: System.Text.Json's Utf8JsonReader in idiomatic C++.
//
//   jsonjit::reader r(text);
//   while (r.read()) {
//     switch (r.token()) { case jsonjit::token_type::property_name: ... }
//   }
//   if (r.error()) std::puts(jsonjit::to_string(r.error()).c_str());
//
// Strict RFC 8259 by default; every relaxation is a named option marked (non-standard).
// Input may arrive in pieces: read a piece with is_final_block = false; when read() returns
// false with needs_more_data(), keep the bytes from bytes_consumed() on, append the next
// piece and continue with a new reader built from state(). Or read from an `input` (a file,
// a pipe, a socket, a stream: input.hpp, stream.hpp), which the reader asks for more bytes
// itself. The tokens and errors are the same as reading the whole input at once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include <jsonjit/detail/bit_stack.hpp>
#include <jsonjit/detail/export.hpp>
#include <jsonjit/error.hpp>
#include <jsonjit/input.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

namespace detail {
struct reader_access;  // the typed engines' way in (src/text/reader_access_p.hpp)
}

enum class token_type : std::uint8_t {
  none,
  start_object,
  end_object,
  start_array,
  end_array,
  property_name,
  comment,
  string,
  number,
  true_value,
  false_value,
  null,
};

/// "start_object", "string", ... for messages and tests.
std::string_view to_string(token_type type) noexcept;

enum class comment_handling : std::uint8_t {
  disallow,  ///< comments are errors (RFC 8259)
  skip,      ///< (non-standard) `//` and `/* */` comments are read as whitespace
  allow,     ///< (non-standard) comments are returned as comment tokens
};

struct reader_options {
  comment_handling comments = comment_handling::disallow;
  /// (non-standard) Accept one comma after the last member or element.
  bool allow_trailing_commas = false;
  /// (non-standard) Accept several top-level values separated by whitespace.
  bool allow_multiple_values = false;
  /// Objects and arrays may nest this deep (at least 1).
  int max_depth = 64;
};

/// Everything a reader needs to continue on the next piece of input. Copyable.
class reader_state {
 public:
  reader_state() = default;
  explicit reader_state(const reader_options& options) : options_(options) {}
  const reader_options& options() const noexcept { return options_; }

 private:
  friend class reader;
  friend struct detail::reader_access;
  enum class expect : std::uint8_t {
    top_value,           // a top-level value (the first, or another if several are allowed)
    value_or_end_array,  // after '['
    array_value,         // after ',' in an array
    member_value,        // after "name":
    name_or_end_object,  // after '{'
    name,                // after ',' in an object
    comma_or_end,        // after a value inside an object or array
    end,                 // after the top-level value
  };

  reader_options options_;
  std::uint64_t offset_ = 0;  // absolute offset of the first byte of the next piece
  std::uint64_t line_ = 1;
  std::uint64_t line_start_ = 0;  // absolute offset where the current line starts
  std::uint32_t depth_ = 0;
  expect expect_ = expect::top_value;
  bool started_ = false;  // past a possible byte order mark
  bool any_value_ = false;
  bool in_object_ = false;        // the innermost open container is an object
  detail::bit_stack containers_;  // 1 = object
};

class reader {
  friend struct detail::reader_access;

 public:
  /// Reads `json` as the whole input.
  explicit reader(std::string_view json, const reader_options& options = {});
  /// Reads one piece of a larger input, continuing from `state`.
  reader(std::string_view piece, bool is_final_block, reader_state state);
  /// Reads everything `source` gives from its window on, asking it for more as needed (so
  /// read() blocks where the source does). Views of the current token (value()) stay valid
  /// until the next read; a source that fails is error_code::input_failed where the input
  /// stopped. The source must outlive the reader.
  explicit reader(input& source, const reader_options& options = {});

  /// Advances to the next token. False at the end of the input, when more data is needed
  /// (needs_more_data()), or on an error (error()); after an error it stays false.
  bool read();

  /// read(), with a shortcut for readers that know which property comes next (typed
  /// deserialization): when the next token is the property name `quoted_name` (its JSON text in
  /// quotes, without escapes), its bytes are compared at once instead of scanned, and
  /// `matched` is set. Tokens, errors and positions are exactly read()'s either way.
  bool read_name(std::string_view quoted_name, bool& matched);

  /// Skips the children of the current start_object/start_array (ending on its end token),
  /// or the value of the current property_name (ending on the value's last token); other
  /// tokens stay. False if the input ended first (see needs_more_data()) or on an error.
  bool skip();
  /// On a value's first token: skips the value as skip() does and sets `text` to its JSON
  /// text as it is in the input (escapes, inner whitespace and comments kept), ending on the
  /// value's last token. Fails as skip() does, and on a token that does not start a value.
  bool skip_value(std::string_view& text);

  token_type token() const noexcept { return token_; }
  /// The token's bytes as they are in the input: strings and property names without the
  /// quotes and still escaped, numbers as written, comments without delimiters.
  std::string_view value() const noexcept { return value_; }
  /// True if a string or property name contains escapes (value() differs from its text).
  bool value_is_escaped() const noexcept { return value_escaped_; }
  /// Objects and arrays enclosing the token (a start token counts those outside it).
  int depth() const noexcept {
    const bool opened = token_ == token_type::start_object || token_ == token_type::start_array;
    return static_cast<int>(state_.depth_) - opened;
  }
  /// Absolute byte offset, line and byte column (1-based) of the token's first byte (0, 1, 1
  /// before the first token).
  std::uint64_t token_offset() const noexcept {
    if (token_ == token_type::none) return 0;
    // value() starts after the opening quote of strings and names and after "//" or "/*".
    const int prefix = token_ == token_type::string || token_ == token_type::property_name ? 1
                       : token_ == token_type::comment                                     ? 2
                                                                                           : 0;
    return offset_of(value_.data()) - static_cast<std::uint64_t>(prefix);
  }
  std::uint64_t token_line() const noexcept { return token_line_; }
  std::uint64_t token_column() const noexcept { return token_offset() - token_line_start_ + 1; }

  /// Bytes of this piece fully read; the caller keeps the rest for the next piece.
  std::size_t bytes_consumed() const noexcept { return static_cast<std::size_t>(pos_ - begin_); }
  /// The state to continue on the next piece (positioned after bytes_consumed()).
  reader_state state() const;
  bool is_final_block() const noexcept { return final_; }
  bool needs_more_data() const noexcept { return needs_more_; }
  const error_info& error() const noexcept { return error_; }

  // Typed access to the current token. The getters fail with wrong_token_type on another
  // token, number_not_integer for a fraction or exponent, number_out_of_range if the value
  // does not fit; they never throw.
  result<bool> get_bool() const;
  result<std::int32_t> get_int32() const;
  result<std::int64_t> get_int64() const;
  result<std::uint32_t> get_uint32() const;
  result<std::uint64_t> get_uint64() const;
  /// The nearest double. Overflow (1e400) fails with number_out_of_range; underflow gives ±0.
  result<double> get_double() const;
  /// The unescaped text of a string or property name.
  result<std::string> get_string() const;
  /// Unescapes into `dest` and returns the byte count; fails with buffer_too_small if it does
  /// not fit. The text is never longer than value().size(), so a buffer that size suffices.
  result<std::size_t> copy_string(std::span<char> dest) const;
  /// True if the current string or property name's unescaped text equals `text`.
  bool value_text_equals(std::string_view text) const noexcept;

 private:
  using expect = reader_state::expect;
  struct checkpoint {
    const char* pos;
    std::uint64_t line, line_start;
    expect expect_state;
  };

  std::uint64_t offset_of(const char* p) const noexcept {
    return state_.offset_ + static_cast<std::uint64_t>(p - begin_);
  }
  /// Counts a line break; `line_begin` is the byte after it.
  void new_line(const char* line_begin) noexcept {
    ++state_.line_;
    state_.line_start_ = offset_of(line_begin);
  }
  bool fail(error_code code, const char* at);
  bool need_more();
  /// Asks the source for more bytes (keeping the current token, the pin and what is unread)
  /// and moves every pointer into the new window. False if the source failed (the error set).
  bool refill();
  template <bool is_final>
  bool at_end();
  /// Skips JSON whitespace from `p`, counting lines; returns the first other byte or end_.
  const char* skip_whitespace(const char* p) noexcept;
  template <bool is_final>
  bool read_comment();
  template <bool is_final>
  bool read_string(token_type type);
  template <bool is_final>
  bool read_number();
  template <bool is_final>
  bool read_literal();
  bool open_container(token_type type, bool is_object);
  bool close_container(token_type type);
  /// On a start token whose value another reader checked up to `after` (past its closing
  /// bracket): on that bracket's token, lines counted (detail::reader_access::finish_value).
  void close_value_at(const char* after) noexcept;
  void after_scalar() noexcept;
  void set_token(token_type type, std::string_view value, bool escaped, std::uint64_t line,
                 std::uint64_t line_start) noexcept;
  /// A token that starts on the current line, without escapes.
  void begin_token(token_type type, const char* start, std::size_t size) noexcept;
  void halt() noexcept {
    halted_ = true;
    fast_ = false;
  }
  bool start();
  const char* next_token_start(const char* p) noexcept;
  /// One token; `is_final` says whether this is the last piece (then nothing rolls back).
  template <bool is_final>
  bool read_token();
  /// read() for everything but a started final piece: non-final pieces, the first call, halts.
  bool read_general();

  const char* begin_;
  const char* pos_;
  const char* end_;
  bool final_;
  bool needs_more_ = false;
  bool halted_ = false;  // end of input or error
  bool value_escaped_ = false;
  token_type token_ = token_type::none;
  std::string_view value_;
  bool fast_ = false;  // a started final piece, not halted: read()'s one check on entry
  std::uint64_t token_line_ = 1, token_line_start_ = 0;
  error_info error_{};
  checkpoint saved_{};  // where the current read() started (kept for non-final pieces only)
  reader_state state_;
  input* source_ = nullptr;
  const char* pin_ = nullptr;  // with a source: where a value that must stay whole starts
  // Numbers read with an exponent or longer than 308 bytes: the only ones whose conversion to
  // double can overflow (counted for the library's engines that convert only some numbers).
  std::uint32_t wide_numbers_ = 0;
};

}  // namespace jsonjit
JSONJIT_EXPORT_END
