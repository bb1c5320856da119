// What the front doors share: the whole-text one (serialize.cpp) and the stream one
// (src/stream/): errors about the value as a whole, type resolution, and the engines' entry
// points over a writer or a reader the caller made.
#pragma once

#include <string>
#include <string_view>

#include <jsonjit/error.hpp>
#include <jsonjit/reader.hpp>
#include <jsonjit/serializer_options.hpp>
#include <jsonjit/type_model.hpp>
#include <jsonjit/writer.hpp>

#include "engines/interp/interp_p.hpp"

namespace jsonjit::detail {

/// An error about the value as a whole (path "$").
inline parse_error at_root(const error_info& info, std::string name = {}) {
  parse_error e;
  e.info = info;
  e.path.assign(1, '$');
  e.name = std::move(name);
  return e;
}

/// No error. (Default-initialized member by member: `parse_error{}` clears the whole struct
/// with `rep stos`, whose start-up cost was a tenth of a small model's read.)
inline parse_error success() noexcept {
  parse_error none;
  return none;
}

/// `e`, with the reason its input or output gives where that failed (parse_error::name).
template <class Source>
parse_error with_failure_reason(parse_error e, const Source& source) {
  if ((e.info.code == error_code::input_failed || e.info.code == error_code::sink_failed) && e.name.empty()) {
    e.name = source.failure_reason();
  }
  return e;
}

inline parse_error not_compiled(std::string_view why) {
  return at_root({error_code::not_compiled}, std::string(why));
}

/// The resolved type, or null with `error` set (naming the type that could not be resolved).
/// Callers on the path of every call ask the options' cache first (options.context().cached),
/// which needs no parse_error.
inline const type_info* resolve(const type_descriptor& type, const serializer_options& options, parse_error& error) {
  type_refusal refusal;
  const type_info* info = options.context().find(type, refusal);
  if (info == nullptr) error = at_root({refusal.code}, std::move(refusal.name));
  return info;
}

/// A failed reading as the front doors report it.
inline parse_error error_of(read_failure& failure) {
  parse_error e;
  e.info = failure.where;
  e.path = failure.path.str();
  e.name = std::move(failure.name);
  return e;
}

/// The interpreter's reading of the value the reader `in` is about to read (its first read()
/// not yet done), then of the end of the input: into `target`, or (`is_new`) into storage the
/// object is constructed in on success. `shortcut` as interp_read's.
parse_error read_with(reader& in, const type_info& info, void* target, bool is_new, read_shortcut shortcut = nullptr);

/// Writes `value` as the next value of `out` (an array's next element: the writer writes the
/// separator and the indentation) with the options' engine: compiled code at the writer's
/// position and depth where the type compiles, else the interpreter.
parse_error write_next_value(const type_info& info, const void* value, writer& out, const serializer_options& options);

/// precompile's not_compiled error: what was not compiled, and why.
parse_error refusal_report(bool writes, std::string_view write_why, bool reads, std::string_view read_why);

/// serialize_to into an output (of a resolved type), without the final flush when `flush` is
/// false.
parse_error write_value(const type_info& info, const void* value, output& out, const serializer_options& options,
                        bool flush);

}  // namespace jsonjit::detail
