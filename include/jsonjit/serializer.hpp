// The typed serializer's front door: System.Text.Json's JsonSerializer for C++ types.
//
//   std::string json = jsonjit::serialize(value);               // compact, default options
//   std::string json = jsonjit::serialize(value, options);
//   jsonjit::serialize_to(value, buffer, options);              // reuses buffer's memory
//   T value = jsonjit::deserialize<T>(json, options);          // throws jsonjit::json_error
//   auto r = jsonjit::try_deserialize<T>(json, options);       // no exceptions: value or error
//
// Types are described by reflection (aggregates), `jsonjit::meta<T>` or converters (meta.hpp,
// converter.hpp). Errors carry the position in the input (line, column, byte offset) and the
// JSON path of the value concerned (`$.Events[3].Name`); serialization errors (a non-finite
// number, invalid UTF-8 in a string, too deep a value, a failed sink) carry the path only.
#pragma once

#include <new>
#include <string>
#include <string_view>
#include <type_traits>

#include <jsonjit/detail/describe.hpp>
#include <jsonjit/detail/export.hpp>
#include <jsonjit/error.hpp>
#include <jsonjit/output.hpp>
#include <jsonjit/serializer_options.hpp>
#include <jsonjit/writer.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

namespace detail {
parse_error serialize_value(const type_descriptor& type, const void* value, std::string& out,
                            const serializer_options& options);
parse_error serialize_value(const type_descriptor& type, const void* value, output& out,
                            const serializer_options& options);
parse_error serialize_value(const type_descriptor& type, const void* value, writer& out,
                            const serializer_options& options);
parse_error deserialize_value(const type_descriptor& type, void* target, std::string_view json,
                              const serializer_options& options);
/// Into storage without an object (types built by their meta constructor); constructed on success.
parse_error deserialize_new_value(const type_descriptor& type, void* storage, std::string_view json,
                                  const serializer_options& options);

[[noreturn]] void throw_or_abort(const parse_error& error);

/// A T read by `read(void* target, bool is_new)`: into a default-constructed T, or (types
/// built by a constructor: meta's, or an aggregate's initialization) into storage where it is
/// constructed on success.
template <class T, class Read>
result<T, parse_error> read_result(Read read) {
  if constexpr (std::is_default_constructible_v<T>) {
    T value{};
    parse_error error = read(&value, false);
    if (error) return error;
    return value;
  } else {
    static_assert(requires { meta<T>::constructor; } || built_from_members<T>,
                  "jsonjit reads a T by default construction, by meta<T>::constructor, or (an aggregate whose "
                  "members it reflects) by aggregate initialization from its members");
    alignas(T) unsigned char storage[sizeof(T)];
    parse_error error = read(storage, true);
    if (error) return error;
    T& built = *std::launder(reinterpret_cast<T*>(storage));
    result<T, parse_error> r(std::move(built));
    built.~T();
    return r;
  }
}
}  // namespace detail

/// Writes `value` as JSON into `out`, replacing its content and reusing its memory (no
/// allocation once it is large enough). Returns an empty parse_error on success.
template <class T>
parse_error serialize_to(const T& value, std::string& out,
                         const serializer_options& options = serializer_options::defaults()) {
  return detail::serialize_value(descriptor_of<T>(), &value, out, options);
}
/// Appends `value` as JSON to an output (memory_output, chunked_output over a sink) and flushes.
template <class T>
parse_error serialize_to(const T& value, output& out,
                         const serializer_options& options = serializer_options::defaults()) {
  return detail::serialize_value(descriptor_of<T>(), &value, out, options);
}
/// Writes `value` as the next value of a writer the caller drives (its layout settings apply).
template <class T>
parse_error serialize_to(const T& value, writer& out,
                         const serializer_options& options = serializer_options::defaults()) {
  return detail::serialize_value(descriptor_of<T>(), &value, out, options);
}

/// `value` as JSON, or the error.
template <class T>
result<std::string, parse_error> try_serialize(const T& value,
                                               const serializer_options& options = serializer_options::defaults()) {
  std::string out;
  parse_error error = serialize_to(value, out, options);
  if (error) return error;
  return out;
}

/// `value` as JSON. Throws json_error on failure (aborts without exceptions).
template <class T>
std::string serialize(const T& value, const serializer_options& options = serializer_options::defaults()) {
  std::string out;
  if (parse_error error = serialize_to(value, out, options)) detail::throw_or_abort(error);
  return out;
}

/// Reads `json` (one complete JSON value) into an existing object: members present in the
/// JSON are replaced, others keep their values. On an error `target` may be partly assigned.
template <class T>
parse_error deserialize_into(T& target, std::string_view json,
                             const serializer_options& options = serializer_options::defaults()) {
  return detail::deserialize_value(descriptor_of<T>(), &target, json, options);
}

/// A T read from `json`, or the error. T is default-constructed and filled in, or built by
/// the constructor its meta names.
template <class T>
result<T, parse_error> try_deserialize(std::string_view json,
                                       const serializer_options& options = serializer_options::defaults()) {
  return detail::read_result<T>([&](void* target, bool is_new) {
    return is_new ? detail::deserialize_new_value(descriptor_of<T>(), target, json, options)
                  : detail::deserialize_value(descriptor_of<T>(), target, json, options);
  });
}

/// A T read from `json`. Throws json_error on failure (aborts without exceptions).
template <class T>
T deserialize(std::string_view json, const serializer_options& options = serializer_options::defaults()) {
  if constexpr (std::is_default_constructible_v<T>) {
    T value{};
    if (parse_error error = deserialize_into(value, json, options)) detail::throw_or_abort(error);
    return value;
  } else {
    auto r = try_deserialize<T>(json, options);
    if (!r) detail::throw_or_abort(r.error());
    return std::move(*r);
  }
}

}  // namespace jsonjit
JSONJIT_EXPORT_END
