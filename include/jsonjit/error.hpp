// Error codes, positions and the result type shared by every layer of jsonjit.
//
// jsonjit reports errors as values (no exceptions are needed, and the library builds with
// -fno-exceptions); `result<T>::value()` throws `json_error` only where exceptions are enabled.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

#if defined(__cpp_exceptions)
#include <stdexcept>

#include <jsonjit/detail/export.hpp>
#endif

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

/// What went wrong. `message(code)` gives the text, which names what was expected.
enum class error_code : std::uint8_t {
  none = 0,

  // Reader: structure.
  expected_value,
  expected_value_or_end_array,
  expected_property_name,
  expected_property_name_or_end_object,
  expected_colon,
  expected_comma_or_end_object,
  expected_comma_or_end_array,
  expected_end_of_input,
  trailing_comma_not_allowed,
  comments_not_allowed,
  depth_exceeded,
  stack_exhausted,  ///< nesting that max_depth allows but the thread's stack cannot hold
  empty_input,

  // Reader: tokens.
  invalid_literal,
  number_leading_zero,
  expected_digit,
  unterminated_string,
  control_character_in_string,
  invalid_escape,
  invalid_unicode_escape,
  lone_surrogate,
  invalid_utf8,
  unterminated_comment,
  invalid_comment,

  // Reader: typed getters.
  wrong_token_type,
  number_not_integer,
  number_out_of_range,
  buffer_too_small,

  // Writer.
  value_needs_property_name,
  property_name_outside_object,
  expected_value_after_property_name,
  mismatched_end,
  multiple_top_level_values,
  non_finite_number,
  invalid_raw_value,
  comment_contains_end_marker,
  sink_failed,
  invalid_writer_options,
  input_failed,  ///< the input's source failed (an I/O error, or the operation was cancelled)

  // Documents and values.
  duplicate_property_name,
  input_too_large,
  wrong_type,
  property_not_found,
  index_out_of_range,
  node_cycle,  ///< a node would become its own descendant

  // Typed deserialization.
  expected_boolean,
  expected_number,
  expected_string,
  expected_object,
  expected_array,
  null_not_allowed,
  missing_required_property,
  unmapped_member,
  wrong_array_length,
  invalid_value_format,
  unknown_discriminator,
  missing_discriminator,
  unsupported_type,
  converter_value_incomplete,
  conflicting_property_names,

  // JSON Schema.
  invalid_schema,
  unresolved_reference,
  invalid_regex,
  duplicate_schema_uri,
  unknown_vocabulary,
  not_compiled,

  // Pointers, patches and queries.
  invalid_pointer,
  invalid_array_index,
  invalid_patch,
  test_failed,
  null_in_merge_patch,
  invalid_query,
  query_too_costly,  // the last code (tests iterate up to it)
};

/// A one-line English description of `code`, naming what was expected. Never empty.
std::string_view message(error_code code) noexcept;

/// An error and where in the input it happened. Lines and columns are 1-based; the column
/// counts bytes from the start of the line (as System.Text.Json's BytePositionInLine, plus one);
/// the offset is 0-based from the start of the whole input (across every chunk).
struct error_info {
  error_code code = error_code::none;
  std::uint64_t offset = 0;
  std::uint64_t line = 0;
  std::uint64_t column = 0;
  bool at_end_of_input = false;  ///< the input ended where more was needed

  explicit operator bool() const noexcept { return code != error_code::none; }
};

/// The code's message, plus ", found end of input" where that is what was found.
std::string message(const error_info& error);

/// "line L, column C (byte O): " followed by message(error); the message alone for an error
/// without an input position (line 0).
std::string to_string(const error_info& error);

/// An error in parsed JSON with where it is in the text and in the JSON value: the JSON path
/// of the value it concerns ("$.features[3].geometry"), and for duplicate_property_name the
/// (unescaped) name.
struct parse_error {
  error_info info;
  std::string path;
  std::string name;

  explicit operator bool() const noexcept { return static_cast<bool>(info); }
};

/// "line L, column C (byte O) at PATH: message", then `: "NAME"` where there is a name (the
/// position left out where there is none: "at PATH: message").
std::string to_string(const parse_error& error);

#if defined(__cpp_exceptions)
/// Thrown by `result<T>::value()` on an error, where exceptions are enabled.
class json_error : public std::runtime_error {
 public:
  explicit json_error(error_code code) : std::runtime_error(std::string(message(code))), code_(code) {}
  explicit json_error(const error_info& info)
      : std::runtime_error(to_string(info)), code_(info.code), info_(info) {}
  explicit json_error(const parse_error& error)
      : std::runtime_error(to_string(error)), code_(error.info.code), info_(error.info), path_(error.path) {}
  /// An error of another kind (a patch's, a query's): its code and its whole description.
  json_error(error_code code, const std::string& what) : std::runtime_error(what), code_(code) {}
  error_code code() const noexcept { return code_; }
  /// Where it happened; all zero for errors that have no input position.
  const error_info& where() const noexcept { return info_; }
  /// The JSON path of the value concerned ("$.Events[3].Name"); empty where there is none.
  const std::string& path() const noexcept { return path_; }
  /// 1-based line and byte column, 0-based byte offset (all 0 where there is no input).
  std::uint64_t line() const noexcept { return info_.line; }
  std::uint64_t column() const noexcept { return info_.column; }
  std::uint64_t byte_offset() const noexcept { return info_.offset; }

 private:
  error_code code_;
  error_info info_{};
  std::string path_;
};
#endif

/// A value or the error that prevented it: an error_code, or a parse_error where the
/// position matters.
template <class T, class Error = error_code>
class result {
 public:
  result(T value) : value_(std::move(value)) {}      // NOLINT(google-explicit-constructor)
  result(Error error) : value_(std::move(error)) {}  // NOLINT(google-explicit-constructor)

  bool has_value() const noexcept { return value_.index() == 0; }
  explicit operator bool() const noexcept { return has_value(); }
  /// The error; error_code::none (or an empty parse_error) if there is a value.
  Error error() const {
    const Error* error = std::get_if<1>(&value_);
    return error != nullptr ? *error : Error{};
  }

  /// The value. On an error: throws json_error, or aborts where exceptions are disabled.
  T& value() & {
    check();
    return std::get<0>(value_);
  }
  const T& value() const& {
    check();
    return std::get<0>(value_);
  }
  T&& value() && {
    check();
    return std::get<0>(std::move(value_));
  }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T value_or(T fallback) const
      noexcept(std::is_nothrow_copy_constructible_v<T>&& std::is_nothrow_move_constructible_v<T>) {
    const T* value = std::get_if<0>(&value_);
    return value != nullptr ? *value : std::move(fallback);
  }

 private:
  void check() const {
    if (has_value()) return;
#if defined(__cpp_exceptions)
    if constexpr (std::is_constructible_v<json_error, const Error&>) {
      throw json_error(std::get<1>(value_));
    } else {
      throw json_error(std::get<1>(value_).code, to_string(std::get<1>(value_)));  // found by ADL
    }
#else
    __builtin_trap();
#endif
  }
  std::variant<T, Error> value_;
};

namespace detail {
/// What jsonjit does where it gets no memory and the C++ convention is std::bad_alloc: throws
/// it (aborts where exceptions are disabled).
[[noreturn]] void out_of_memory();
}  // namespace detail

}  // namespace jsonjit
JSONJIT_EXPORT_END
