// A type resolved and compiled once for one options object, held by the caller: the free
// functions' results (bytes, values and errors) without their per-call lookup.
//
//   static const jsonjit::compiled<Order> order(options);   // resolves and compiles now
//   order.serialize_to(value, buffer);                     // as jsonjit::serialize_to(value, buffer, options)
//   order.deserialize_into(value, json);                   // as jsonjit::deserialize_into(value, json, options)
//
// Where the JIT does not compile T (or the options choose the interpreter), the interpreter
// runs, exactly as behind the free functions; error() says what was not compiled and why.
#pragma once

#include <string>
#include <string_view>
#include <type_traits>

#include <jsonjit/detail/describe.hpp>
#include <jsonjit/detail/export.hpp>
#include <jsonjit/error.hpp>
#include <jsonjit/serializer.hpp>
#include <jsonjit/serializer_options.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

namespace detail {
struct type_info;
namespace jit {
struct write_context;
struct read_context;
}  // namespace jit

/// What compiled<T> holds (not a template): the resolved type and its compiled functions.
class compiled_type {
 public:
  compiled_type(const type_descriptor& type, const serializer_options& options);
  parse_error write(const void* value, std::string& out) const;
  parse_error read(void* target, bool is_new, std::string_view json) const;
  const parse_error& status() const noexcept { return status_; }

 private:
  const serializer_options* options_;
  const type_info* info_ = nullptr;  // null: no description (every call reports status_)
  bool (*write_)(jit::write_context*, const void*) noexcept = nullptr;
  const char* (*read_)(jit::read_context*, void*, const char*) noexcept = nullptr;
  // Under engine::jit, a direction that did not compile reports this (else the interpreter runs).
  std::string_view write_refusal_, read_refusal_;
  parse_error status_;
};
}  // namespace detail

/// T resolved and compiled for `options` (which must outlive it and are frozen by it). Safe to
/// use from many threads at once; cheap to keep (a few pointers). Every call gives what the
/// free function with the same options gives.
template <class T>
class compiled {
 public:
  explicit compiled(const serializer_options& options = serializer_options::defaults())
      : type_(descriptor_of<T>(), options) {}
  // It refers to the options: a temporary would be gone.
  explicit compiled(serializer_options&& options) = delete;

  /// precompile<T>(options)'s report: empty when T's writer and reader both compiled, else
  /// not_compiled naming what was not and why (or unsupported_type).
  const parse_error& error() const noexcept { return type_.status(); }

  /// serialize_to(value, out, options).
  parse_error serialize_to(const T& value, std::string& out) const { return type_.write(&value, out); }
  /// serialize(value, options): throws json_error on failure (aborts without exceptions).
  std::string serialize(const T& value) const {
    std::string out;
    if (parse_error e = serialize_to(value, out)) detail::throw_or_abort(e);
    return out;
  }
  /// deserialize_into(target, json, options).
  parse_error deserialize_into(T& target, std::string_view json) const { return type_.read(&target, false, json); }
  /// try_deserialize<T>(json, options).
  result<T, parse_error> try_deserialize(std::string_view json) const {
    return detail::read_result<T>([&](void* target, bool is_new) { return type_.read(target, is_new, json); });
  }
  /// deserialize<T>(json, options): throws json_error on failure (aborts without exceptions).
  T deserialize(std::string_view json) const {
    auto r = try_deserialize(json);
    if (!r) detail::throw_or_abort(r.error());
    return std::move(*r);
  }

 private:
  detail::compiled_type type_;
};

}  // namespace jsonjit
JSONJIT_EXPORT_END
