// A sequence of typed values, one at a time in bounded memory: read from a top-level array or
// JSON Lines (from an input, or from pieces pushed as they arrive), written as either
// (stream.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include <jsonjit/detail/export.hpp>
#include <jsonjit/input.hpp>
#include <jsonjit/output.hpp>
#include <jsonjit/reader.hpp>
#include <jsonjit/serializer.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

namespace detail {
struct type_info;
}  // namespace detail

enum class sequence_format : std::uint8_t { array, lines };

namespace detail {
/// What element_reader<T> runs (not a template).
class element_source {
 public:
  element_source(input& in, const serializer_options& options, sequence_format format);
  /// The next element into `target` (a value of `type`): false at the end or on an error.
  bool next(const type_descriptor& type, void* target);
  const parse_error& error() const noexcept { return error_; }
  std::size_t count() const noexcept { return index_; }

 private:
  bool fail(parse_error e);
  bool start(const type_descriptor& type);
  input& in_;
  reader reader_;
  const serializer_options& options_;
  const type_info* info_ = nullptr;  // resolved by the first next()
  sequence_format format_;
  bool started_ = false;
  bool ended_ = false;
  std::size_t index_ = 0;
  parse_error error_;
};
}  // namespace detail

namespace detail {
struct incremental_elements_state;
/// element_source over pieces pushed by the caller (what async element readers run).
class incremental_elements {
 public:
  enum class status : std::uint8_t {
    element,  ///< an element was read into the target
    more,     ///< the pieces so far are used up: write() the next, or finish()
    end,      ///< the sequence ended
    failed,   ///< error() says why
  };
  incremental_elements(const type_descriptor& type, const serializer_options& options, sequence_format format);
  incremental_elements(const incremental_elements&) = delete;
  incremental_elements& operator=(const incremental_elements&) = delete;
  ~incremental_elements();
  /// Reads on into `target` (a value of the type, as element_reader's next) with what it has.
  status next(void* target);
  /// The next piece, continuing the element next() started. The piece's bytes must stay
  /// valid and unchanged until a call returns `more` again.
  status write(std::string_view piece);
  /// The input ends.
  status finish();
  const parse_error& error() const noexcept;
  std::size_t count() const noexcept;

 private:
  incremental_elements_state* state_;
};
}  // namespace detail

/// One element at a time from an input: the elements of a top-level array, or (lines) each
/// top-level value. Memory: the input's buffer plus one element. Elements read exactly as the
/// same text read whole as a std::vector<T> would read them; an error's path names the
/// element's index ("$[12345].Name", for lines too) and its position is in the whole input.
template <class T>
class element_reader {
  static_assert(std::is_default_constructible_v<T>, "element_reader<T> reads into a T it default-constructs");

 public:
  explicit element_reader(input& in, const serializer_options& options = serializer_options::defaults(),
                          sequence_format format = sequence_format::array)
      : source_(in, options, format) {}
  element_reader(input& in, serializer_options&& options, sequence_format format = sequence_format::array) = delete;

  /// The next element, read into `item` (which is reset to T{} first). False at the end of
  /// the sequence or on an error (error()).
  bool next(T& item) {
    item = T{};
    return source_.next(descriptor_of<T>(), &item);
  }
  /// Why reading stopped before the end; empty otherwise.
  const parse_error& error() const noexcept { return source_.error(); }
  /// Elements read so far.
  std::size_t count() const noexcept { return source_.count(); }

 private:
  detail::element_source source_;
};

namespace detail {
/// What element_writer<T> runs (not a template).
class element_sink {
 public:
  element_sink(output& out, const serializer_options& options, sequence_format format);
  parse_error write(const type_descriptor& type, const void* value);
  parse_error finish();

 private:
  parse_error fail(parse_error e);
  output& out_;
  const serializer_options& options_;
  const type_info* info_ = nullptr;  // resolved by the first write()
  sequence_format format_;
  writer writer_;
  bool started_ = false;
  bool finished_ = false;
  std::size_t index_ = 0;
  parse_error error_;
};
}  // namespace detail

/// One element at a time to an output: an array written as serialize(std::vector<T>) writes
/// it (indented too), or (lines) each value followed by a line break. Nothing is flushed until
/// finish(), which closes the array and flushes.
template <class T>
class element_writer {
 public:
  explicit element_writer(output& out, const serializer_options& options = serializer_options::defaults(),
                          sequence_format format = sequence_format::array)
      : sink_(out, options, format) {}
  element_writer(output& out, serializer_options&& options, sequence_format format = sequence_format::array) = delete;

  /// Appends `item`. After an error every later call returns it again.
  parse_error write(const T& item) { return sink_.write(descriptor_of<T>(), &item); }
  /// Ends the sequence and flushes the output.
  parse_error finish() { return sink_.finish(); }

 private:
  detail::element_sink sink_;
};

}  // namespace jsonjit
JSONJIT_EXPORT_END
