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
#include <span>
#include <string_view>

#include <jsonjit/detail/bit_stack.hpp>
#include <jsonjit/error.hpp>
#include <jsonjit/output.hpp>

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
  char indent_char = ' ';          ///< ' ' or '\t'
  std::uint8_t indent_size = 2;    ///< characters per level, 0..127
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

class writer {
 public:
  explicit writer(output& out, const writer_options& options = {});

  void start_object();
  void end_object();
  void start_array();
  void end_array();

  /// A property name (UTF-8, escaped by the options' encoder). Must be inside an object.
  void property_name(std::string_view name);

  /// A string value (UTF-8, escaped by the options' encoder).
  void string_value(std::string_view value);
  void number_value(std::int64_t value);
  void number_value(std::uint64_t value);
  /// Every other integer type, by its signedness.
  template <std::integral T>
    requires(!std::same_as<T, bool> && !std::same_as<T, std::int64_t> && !std::same_as<T, std::uint64_t>)
  void number_value(T value) {
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
  void bool_value(bool value);
  void null_value();

  /// Writes `json` verbatim as one value. It must be exactly one complete JSON value
  /// (checked with the strict reader unless `skip_input_validation`; then the caller vouches).
  void raw_value(std::string_view json, bool skip_input_validation = false);
  /// The bytes as one standard Base64 string (with padding; never escaped).
  void base64_string_value(std::span<const std::byte> bytes);
  /// A comment `/*text*/` (non-standard JSON; readers need comments allowed).
  void comment_value(std::string_view text);

  /// Hands pending bytes to the output's destination. Returns ok().
  bool flush();
  /// True when every object and array that was started has been ended and at least one
  /// value was written.
  bool is_complete() const noexcept { return depth_ == 0 && top_level_written_; }

  bool ok() const noexcept { return error_ == error_code::none; }
  error_code error() const noexcept { return error_; }
  /// Number of objects and arrays open.
  int depth() const noexcept { return static_cast<int>(depth_); }
  const writer_options& options() const noexcept { return options_; }

  /// Starts over on the same output (state and error cleared; the output is not cleared).
  void reset() noexcept;

 private:
  enum class last : std::uint8_t { opened, value, name };

  bool in_object() const { return depth_ > 0 && containers_.get(depth_ - 1); }
  std::size_t indent_room() const;
  char* write_indent(char* p, std::uint32_t depth) const;
  /// Reserves room for the separator and `size` bytes of value, checks the structure and
  /// writes the separator. Returns where the value goes, or nullptr after an error.
  char* begin_value(std::size_t size);
  void end_value(char* p);
  void start_container(char open, bool is_object);
  void end_container(char close, bool is_object);
  char* write_escaped(char* p, std::string_view text);
  void write_non_finite(double value);
  void fail(error_code code) noexcept { error_ = code; }

  output& out_;
  writer_options options_;
  std::uint32_t depth_ = 0;
  last last_ = last::opened;
  bool top_level_written_ = false;
  error_code error_ = error_code::none;
  detail::bit_stack containers_;  // 1 = object
};

}  // namespace jsonjit
