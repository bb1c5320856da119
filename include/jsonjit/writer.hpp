// The token writer: System.Text.Json's Utf8JsonWriter in idiomatic C++.
//
//   jsonjit::memory_output out;
//   jsonjit::writer w(out);
//   w.start_object();
//   w.property_name("Email");
//   w.string_value("a@b.com");
//   w.end_object();
//   if (!w.ok()) ... w.error() ...;   // out.view() == R"({"Email":"a@b.com"})"
//
// Errors are sticky: the first misuse or output failure stops the writer (nothing more is
// written) and `error()` tells what happened. Writing never allocates per value.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>

#include <jsonjit/detail/bit_stack.hpp>
#include <jsonjit/detail/export.hpp>
#include <jsonjit/error.hpp>
#include <jsonjit/output.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

/// How strings and property names are escaped.
enum class escape_mode : std::uint8_t {
  /// System.Text.Json's default encoder: `" & ' + < > \` backtick, controls, DEL and every
  /// non-ASCII character as \uXXXX (upper-case hex; surrogate pairs for U+10000 and above),
  /// `\n \r \t \b \f \\` in short form, `"` as \u0022. Output is pure ASCII and HTML-safe.
  html_safe,
  /// Only what JSON requires: `"` as \", `\` as \\, controls; UTF-8 is kept as is.
  relaxed,
};

enum class newline : std::uint8_t { lf, crlf };

struct writer_options {
  bool indented = false;
  /// ' ' or '\t'; characters per level, 0..127. A writer given anything else writes nothing
  /// and fails with invalid_writer_options.
  char indent_char = ' ';
  std::uint8_t indent_size = 2;
  newline line_ending = newline::lf;
  escape_mode escaping = escape_mode::html_safe;
  /// Write U+FFFD for invalid UTF-8 in strings instead of failing with invalid_utf8.
  bool replace_invalid_utf8 = false;
  /// Skip structural checks (a value without a property name, unbalanced ends, several
  /// top-level values). Separators are still written.
  bool skip_validation = false;
  /// (non-standard) Write NaN and infinities as the strings "NaN", "Infinity", "-Infinity"
  /// (System.Text.Json's AllowNamedFloatingPointLiterals) instead of failing.
  bool allow_named_float_literals = false;
  int max_depth = 1000;
};

/// A property name or string escaped once, ahead of time, for writing many times
/// (System.Text.Json's JsonEncodedText).
class encoded_text {
 public:
  encoded_text() : quoted_("\"\"") {}
  /// `text` escaped by `mode`'s rules. Fails with invalid_utf8, unless `replace_invalid_utf8`
  /// (then U+FFFD takes the place of each invalid sequence, as the writer's option does).
  static result<encoded_text> encode(std::string_view text, escape_mode mode = escape_mode::html_safe,
                                     bool replace_invalid_utf8 = false);
  /// The escaped text in quotes, as written.
  std::string_view quoted() const noexcept { return quoted_; }
  /// The escaped text without quotes.
  std::string_view escaped() const noexcept { return std::string_view(quoted_).substr(1, quoted_.size() - 2); }

 private:
  std::string quoted_;
};

namespace detail {
struct writer_access;
}

class writer {
 public:
  /// Long strings, raw values and Base64 are written in pieces of at most this many input
  /// bytes, so that one reservation of output stays small (and chunked output near its chunk
  /// size).
  static constexpr std::size_t escape_piece = 1024;
  /// Output room for escaping the first piece of a `size`-byte string, with its quotes: six
  /// bytes per input byte at worst, three more input bytes to finish a UTF-8 sequence, 16 for
  /// the escaper's block stores (see src/text/escape_p.hpp).
  static constexpr std::size_t escaped_room(std::size_t size) noexcept {
    return 6 * ((size < escape_piece ? size : escape_piece) + 3) + 16 + 2;
  }

  explicit writer(output& out, const writer_options& options = {});

  void start_object() { start('{', true); }
  void end_object() {
    // A name separator of nothing or comma means: compact, in an object, no name pending.
    if (name_separator_ <= comma && room() > 1) {
      close_compact('}');
    } else {
      end_container('}', true);
    }
  }
  void start_array() { start('[', false); }
  void end_array() {
    // A value separator of nothing or comma inside a container means: compact, in an array.
    if (value_separator_ <= comma && depth_ > 0 && last_ != last::name && room() > 1) {
      close_compact(']');
    } else {
      end_container(']', false);
    }
  }

  /// A property name (UTF-8, escaped by the options' encoder). Must be inside an object.
  void property_name(std::string_view name) {
    if (name_separator_ <= comma && room() > escaped_room(name.size()) + 2) {
      char* p = write_separator(name_separator_);
      p = write_escaped_string(p, name);
      if (p == nullptr) return;
      *p++ = ':';
      out_.advance_to(p);
      after_property_name();
    } else {
      property_name_general(name, false);
    }
  }

  /// A property name escaped ahead of time (the writer's escape mode is not applied again).
  void property_name(const encoded_text& name) {
    const std::string_view quoted = name.quoted();
    if (name_separator_ <= comma && room() > quoted.size() + 2) {
      char* p = write_separator(name_separator_);
      std::memcpy(p, quoted.data(), quoted.size());
      p += quoted.size();
      *p++ = ':';
      out_.advance_to(p);
      after_property_name();
    } else {
      property_name_general(quoted, true);
    }
  }

  /// A string value (UTF-8, escaped by the options' encoder).
  void string_value(std::string_view value) {
    char* p = begin_value(escaped_room(value.size()));
    if (p == nullptr) return;
    p = write_escaped_string(p, value);
    if (p != nullptr) end_value(p);
  }

  void number_value(std::int64_t value);
  void number_value(std::uint64_t value);
  /// Every other integer type, by its signedness.
  template <std::integral T>
  requires(!std::same_as<T, bool> && !std::same_as<T, std::int64_t> &&
           !std::same_as<T, std::uint64_t>) void number_value(T value) {
    if constexpr (std::is_signed_v<T>) {
      number_value(static_cast<std::int64_t>(value));
    } else {
      number_value(static_cast<std::uint64_t>(value));
    }
  }
  /// Shortest round-trip text (`1E+20`, `0.1`, `-0`, integral values without `.0`).
  /// NaN and infinities fail with non_finite_number unless allow_named_float_literals.
  void number_value(double value);
  void number_value(float value);
  void bool_value(bool value) {
    char* p = begin_value(5);
    if (p == nullptr) return;
    std::memcpy(p, value ? "true" : "false", 5);  // room for 5 was reserved
    end_value(p + (value ? 4 : 5));
  }
  void null_value() {
    char* p = begin_value(4);
    if (p == nullptr) return;
    std::memcpy(p, "null", 4);
    end_value(p + 4);
  }

  /// Writes `json` verbatim as one value. It must be exactly one complete JSON value
  /// (checked with the strict reader unless `skip_input_validation`; then the caller vouches).
  void raw_value(std::string_view json, bool skip_input_validation = false) {
    if (skip_input_validation && json.size() <= escape_piece) {
      char* p = begin_value(json.size());
      if (p == nullptr) return;
      std::memcpy(p, json.data(), json.size());
      end_value(p + json.size());
    } else {
      raw_value_slow(json, skip_input_validation);
    }
  }
  /// The bytes as one standard Base64 string (with padding; never escaped).
  void base64_string_value(std::span<const std::byte> bytes);
  /// A comment `/*text*/` (non-standard JSON; readers need comments allowed).
  void comment_value(std::string_view text);

  // Direct output, for code that produces a whole value's bytes itself (documents; compiled
  // serializers): begin_direct(n) writes what must come before the next value and returns a
  // window of at least n bytes there; the caller writes the value's compact JSON, asks
  // direct_room(p, n) for more room (bytes before p are kept; the window may move), and ends
  // with end_direct(p). Nothing is checked: the bytes must be one complete, compact value
  // nesting no deeper than max_depth - depth() (direct_fail(code) reports a problem the caller
  // finds). Compact layout only. After an error the window is {nullptr, nullptr}.
  struct window {
    char* pos;
    char* limit;
  };
  window begin_direct(std::size_t size) {
    char* p = begin_value(size);
    if (p == nullptr) return {nullptr, nullptr};
    return {p, out_.limit()};
  }
  window direct_room(char* p, std::size_t size) {
    out_.advance_to(p);
    if (!out_.reserve(size)) {
      fail(error_code::sink_failed);
      return {nullptr, nullptr};
    }
    return {out_.pos(), out_.limit()};
  }
  /// Writes `text` as an escaped string at `p` (reserving as it goes); the window after it.
  window direct_string(char* p, std::string_view text);
  void end_direct(char* p) noexcept { end_value(p); }
  void direct_fail(error_code code) noexcept { fail(code); }

  /// Hands pending bytes to the output's destination. Returns ok().
  bool flush();
  /// True when every object and array that was started has been ended and at least one
  /// value was written.
  bool is_complete() const noexcept { return depth_ == 0 && top_level_done() && ok(); }

  bool ok() const noexcept { return error_ == error_code::none; }
  error_code error() const noexcept { return error_; }
  /// Number of objects and arrays open.
  int depth() const noexcept { return static_cast<int>(depth_); }
  const writer_options& options() const noexcept { return options_; }

  /// Starts over on the same output (state and error cleared; the output is not cleared).
  void reset() noexcept;

 private:
  friend struct detail::writer_access;
  enum class last : std::uint8_t { opened, value, name };
  // What goes before the next value or property name, cached so the common case is one
  // compare: nothing, a comma, or anything else (indentation, the top level, misuse, an
  // earlier error), which takes the general path.
  static constexpr std::uint8_t nothing = 0, comma = 1, general = 2;

  std::size_t room() const noexcept { return static_cast<std::size_t>(out_.limit() - out_.pos()); }
  /// Writes ',' and returns the position after the separator (`separator` is nothing or comma).
  char* write_separator(std::uint8_t separator) noexcept {
    char* p = out_.pos();
    *p = ',';
    return p + separator;
  }
  /// Where the next value goes, after its separator, with `size` bytes of room; nullptr on error.
  char* begin_value(std::size_t size) {
    if (value_separator_ <= comma && room() > size) return write_separator(value_separator_);
    return begin_value_slow(size);
  }
  void end_value(char* p) noexcept {
    out_.advance_to(p);
    last_ = last::value;
    value_separator_ = value_separator_after_value_;
    name_separator_ = name_separator_after_value_;
  }
  void after_property_name() noexcept {
    last_ = last::name;
    value_separator_ = static_cast<std::uint8_t>(nothing | force_general_);
    name_separator_ = general;
  }
  bool in_object() const { return depth_ > 0 && containers_.get(depth_ - 1); }
  /// A top-level value was written: through the general path (which notes it), or through the
  /// fast path (then the last thing written at the top level is a value).
  bool top_level_done() const noexcept { return top_level_written_ || (depth_ == 0 && last_ == last::value); }
  void start(char open, bool is_object) {
    if (value_separator_ <= comma && room() > 2 && depth_ < max_depth_) {
      char* p = write_separator(value_separator_);
      *p = open;
      out_.advance_to(p + 1);
      open_compact(is_object);
      // Next: a name in an object (a value there takes the general path), a value in an array.
      value_separator_ = is_object ? general : nothing;
      name_separator_ = is_object ? nothing : general;
    } else {
      start_container(open, is_object);
    }
  }
  void open_compact(bool is_object) {
    containers_.set(depth_, is_object);
    ++depth_;
    last_ = last::opened;
    value_separator_after_value_ = is_object ? general : comma;
    name_separator_after_value_ = is_object ? comma : general;
  }
  void close_compact(char close) {
    char* p = out_.pos();
    *p = close;
    --depth_;
    enter_context();
    end_value(p + 1);
  }
  /// Sets what follows a value in the innermost container (or at the top level).
  void enter_context() noexcept {
    std::uint8_t value = general, name = general;  // the top level: one value only
    if (depth_ > 0) (containers_.get(depth_ - 1) ? name : value) = comma;
    value_separator_after_value_ = value | force_general_;
    name_separator_after_value_ = name | force_general_;
  }
  std::size_t indent_room() const;
  char* write_indent(char* p, std::uint32_t depth) const;
  char* begin_value_slow(std::size_t size);
  /// property_name's complete rules; `quoted` names come escaped and in quotes.
  void property_name_general(std::string_view name, bool quoted);
  void raw_value_slow(std::string_view json, bool skip_input_validation);
  void start_container(char open, bool is_object);
  void end_container(char close, bool is_object);
  /// Writes `"text"` escaped; returns the end, or nullptr after an error.
  char* write_escaped_string(char* p, std::string_view text);
  void write_non_finite(double value);
  void fail(error_code code) noexcept;

  output& out_;
  writer_options options_;
  std::uint8_t value_separator_ = general;
  std::uint8_t name_separator_ = general;
  std::uint8_t value_separator_after_value_ = general;  // for the innermost container
  std::uint8_t name_separator_after_value_ = general;
  std::uint8_t force_general_ = 0;  // `general` when indenting or after an error
  last last_ = last::opened;
  bool top_level_written_ = false;
  error_code error_ = error_code::none;
  std::uint32_t depth_ = 0;
  std::uint32_t max_depth_;
  std::uint32_t indent_base_ = 0;  // containers open around the top level (detail::writer_access)
  detail::bit_stack containers_;  // 1 = object
};

}  // namespace jsonjit
JSONJIT_EXPORT_END
