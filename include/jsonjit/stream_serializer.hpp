// Typed values over text that is not whole at hand: deserialized from an input, serialized
// resumably into the caller's buffers (of any size from one byte), deserialized from pieces
// pushed as they arrive (stream.hpp). Bytes, values and errors are those of serializer.hpp.
#pragma once

#include <cstddef>
#include <new>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>

#include <jsonjit/detail/export.hpp>
#include <jsonjit/input.hpp>
#include <jsonjit/serializer.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

namespace detail {
parse_error deserialize_value(const type_descriptor& type, void* target, input& json,
                              const serializer_options& options);
parse_error deserialize_new_value(const type_descriptor& type, void* storage, input& json,
                                  const serializer_options& options);
}  // namespace detail

/// Reads one JSON value, and then the rest of `json` (only whitespace may follow), into an
/// existing object as deserialize_into(T&, std::string_view) does: the same result and the
/// same errors, with positions counted over the whole input.
template <class T>
parse_error deserialize_into(T& target, input& json, const serializer_options& options = serializer_options::defaults()) {
  return detail::deserialize_value(descriptor_of<T>(), &target, json, options);
}

/// A T read from `json` (see deserialize_into above), or the error.
template <class T>
result<T, parse_error> try_deserialize(input& json, const serializer_options& options = serializer_options::defaults()) {
  return detail::read_result<T>([&](void* target, bool is_new) {
    return is_new ? detail::deserialize_new_value(descriptor_of<T>(), target, json, options)
                  : detail::deserialize_value(descriptor_of<T>(), target, json, options);
  });
}

/// A T read from `json`. Throws json_error on failure (aborts without exceptions).
template <class T>
T deserialize(input& json, const serializer_options& options = serializer_options::defaults()) {
  auto r = try_deserialize<T>(json, options);
  if (!r) detail::throw_or_abort(r.error());
  return std::move(*r);
}

namespace detail {
struct serializer_state;
struct incremental_state;
}  // namespace detail

/// Resumable serialization into buffers the caller gives, of any size from one byte:
///
///   jsonjit::serializer s(value, options);
///   while (!s.done()) send(buffer, s.write_some(std::span<char>(buffer, size)));
///   if (s.error()) ...;
///
/// The bytes are exactly serialize()'s, however the output is cut. A value that fits the first
/// buffer (of 1 KiB or more) is written there at once; a larger one runs on a pooled stack of
/// its own (pages touched in proportion to the nesting), writing straight into the caller's
/// buffers and staging only a reservation that does not fit one. No heap allocation per
/// serializer once the pools are warm. `value` and the options must outlive the serializer
/// and stay unchanged while it writes. A serialization that fails midway reports
/// serialize_to's error; the bytes already given out are the caller's to discard.
class serializer {
 public:
  template <class T>
  explicit serializer(const T& value, const serializer_options& options = serializer_options::defaults())
      : serializer(descriptor_of<T>(), &value, options) {}
  serializer(const type_descriptor& type, const void* value, const serializer_options& options);
  // The serializer refers to the value and the options: temporaries would be gone.
  template <class T>
  serializer(const T&& value, const serializer_options& options = serializer_options::defaults()) = delete;
  template <class T>
  serializer(const T& value, serializer_options&& options) = delete;
  serializer(serializer&& other) noexcept
      : type_(other.type_), value_(other.value_), options_(other.options_),
        state_(std::exchange(other.state_, nullptr)), done_(other.done_), error_(std::move(other.error_)) {}
  serializer& operator=(serializer&&) = delete;
  /// Stops a serialization that is not done (the writer unwinds; nothing leaks).
  ~serializer();

  /// Writes the next bytes into `buffer` and returns their count: the whole buffer unless the
  /// JSON ends (or fails) first. Exceptions thrown by converters or getters arrive here.
  std::size_t write_some(std::span<char> buffer);
  /// Every byte has been given out, or the serialization failed.
  bool done() const noexcept;
  /// Why the serialization failed; empty while it has not.
  const parse_error& error() const noexcept;

 private:
  const type_descriptor* type_;
  const void* value_;
  const serializer_options* options_;
  detail::serializer_state* state_ = nullptr;  // once a value does not fit one buffer: the fiber
  bool done_ = false;   // of a value written at once (else the state's)
  parse_error error_;  // of a value written at once
};

namespace detail {
/// What deserializer<T> runs (not a template): reads pieces into a value of `type`.
class incremental_reader {
 public:
  incremental_reader(const type_descriptor& type, void* target, bool is_new, const serializer_options& options);
  incremental_reader(const incremental_reader&) = delete;
  incremental_reader& operator=(const incremental_reader&) = delete;
  ~incremental_reader();
  parse_error write(std::string_view piece);
  parse_error finish();

 private:
  incremental_state* state_;
};
}  // namespace detail

/// Incremental reading of one JSON value from pieces of any size, pushed by the caller:
///
///   jsonjit::deserializer<T> d(options);
///   while (...) if (auto e = d.write(piece)) ...;   // each piece consumed whole
///   if (auto e = d.finish()) ...;                   // the end of the input
///   T v = d.release();
///
/// The value and every error are deserialize<T>'s on the whole text, wherever it is cut; an
/// error is reported by the write() or finish() that finds it and again by every later call.
/// Memory beyond the value: one pooled buffer (bytes of a token cut between pieces are kept,
/// nothing else is copied) and a pooled stack.
template <class T>
class deserializer {
 public:
  explicit deserializer(const serializer_options& options = serializer_options::defaults())
      : core_(descriptor_of<T>(), target(), !std::is_default_constructible_v<T>, options) {}
  explicit deserializer(serializer_options&& options) = delete;  // it refers to the options
  deserializer(const deserializer&) = delete;
  deserializer& operator=(const deserializer&) = delete;
  ~deserializer() {
    if constexpr (!std::is_default_constructible_v<T>) {
      if (built_) std::launder(reinterpret_cast<T*>(storage_))->~T();
    }
  }

  /// Reads `piece`, the next bytes of the input. An empty parse_error unless the JSON so far
  /// is wrong.
  parse_error write(std::string_view piece) { return core_.write(piece); }
  /// The input ends here.
  parse_error finish() {
    parse_error e = core_.finish();
    if constexpr (!std::is_default_constructible_v<T>) built_ = !e;
    return e;
  }
  /// The value, once finish() succeeded (moved out: call it once).
  T release() {
    if constexpr (std::is_default_constructible_v<T>) {
      return std::move(value_);
    } else {
      return std::move(*std::launder(reinterpret_cast<T*>(storage_)));
    }
  }

 private:
  void* target() noexcept {
    if constexpr (std::is_default_constructible_v<T>) {
      return &value_;
    } else {
      return storage_;
    }
  }

  struct empty {};
  [[no_unique_address]] std::conditional_t<std::is_default_constructible_v<T>, T, empty> value_{};
  alignas(T) unsigned char storage_[std::is_default_constructible_v<T> ? 1 : sizeof(T)];
  bool built_ = false;
  detail::incremental_reader core_;
};

/// How a sequence of values is laid out: the elements of one top-level array, or top-level
/// values one after another separated by whitespace (JSON Lines / NDJSON: one per line).

}  // namespace jsonjit
JSONJIT_EXPORT_END
