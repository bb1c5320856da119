// The front door's paths for a resolved type, shared by the free functions and compiled<T>:
// writing into a std::string's own memory and reading a whole text, the fast paths inline (so
// that each caller pays only its own work), the interpreter's out of line.
#pragma once

#include <algorithm>
#include <atomic>
#include <string>
#include <string_view>

#include <jsonjit/error.hpp>
#include <jsonjit/output.hpp>
#include <jsonjit/serializer_options.hpp>

#include "engines/jit/jit_p.hpp"
#include "model/type_info_p.hpp"
#include "serializer/front_door_p.hpp"
#include "text/simd_p.hpp"

namespace jsonjit::detail {

/// Room a string is given beyond the size of the type's last value before it is written.
inline constexpr std::size_t string_slack = 64;

/// Runs a compiled writer at out's position; false if it failed.
inline bool run_compiled(jit::write_fn fn, const void* value, output& out,
                         const serializer_options& options) {
  jit::write_context context{out.pos(), out.limit(), &out, &options, options.context().writing(), 0};
  if (!fn(&context, value)) return false;
  out.advance_to(context.cur);
  return true;
}

/// write_to_string's other cases, out of line: a string too small for the type's last size,
/// the interpreter (`fn` null), a compiled write that failed (`replay`: the interpreter writes
/// again from the start of the string, to report the error exactly as it does).
parse_error write_to_string_slowly(const type_info& info, jit::write_fn fn, const void* value,
                                   std::string& out, const serializer_options& options,
                                   bool replay = false);

/// serialize_to into a string, of a resolved type: with its compiled writer `fn`, or the
/// interpreter where `fn` is null. The common case (compiled, the string big enough for the
/// type's last size) is inline and keeps to the string's sizing, the call and the result;
/// every return is a prvalue (no parse_error is moved on the way out).
inline parse_error write_to_string(const type_info& info, jit::write_fn fn, const void* value,
                                   std::string& out, const serializer_options& options) {
  const std::size_t hint = info.size_hint.load(std::memory_order_relaxed);
  if (fn == nullptr || out.capacity() < hint + string_slack) [[unlikely]] {
    return write_to_string_slowly(info, fn, value, out, options);
  }
  // (The old content is overwritten, so it is not cleared first.) The output is finished
  // before anything else is called, so that its destructor has nothing left to do.
  bool written;
  std::size_t size;
  {
    string_output buffer(out, hint + string_slack);  // within the capacity: no allocation
    written = run_compiled(fn, value, buffer, options);
    size = buffer.finish();
  }
  if (!written) [[unlikely]]
    return write_to_string_slowly(info, fn, value, out, options, true);
  // Stored only when it changes: threads writing the same type do not contend for the line.
  if (size != hint) info.size_hint.store(size, std::memory_order_relaxed);
  return success();
}

/// Runs the compiled reader of `info` over the whole of `json` (into new storage with
/// `is_new`: a type built by its constructor); false if it gave up, leaving no new object
/// (then the interpreter reads it again, for the same result or its exact error).
inline bool read_compiled(jit::read_fn fn, const type_info& info, void* target, bool is_new,
                          std::string_view json, const serializer_options& options,
                          const reader_options& reading) {
  const char* const end = json.data() + json.size();
  jit::read_context context{end, &options, reading, 0};
  const char* p =
      is_new ? jsonjit_jit_read_constructed(&context, target, json.data(), info.jit_constructed.get(), true)
             : fn(&context, target, json.data());
  if (p == nullptr) return false;
  if (p == end || skip_whitespace(p, end) == end) return true;
  if (is_new) info.descriptor->destroy(target);
  return false;
}

/// The interpreter's reading of `json` (or the replay of a compiled read that gave up).
parse_error interpret_read(const type_info& info, void* target, bool is_new, std::string_view json,
                           const reader_options& reading);

/// deserialize_into (or, `is_new`, into storage), of a resolved type: with its compiled
/// reader `fn`, or the interpreter where `fn` is null.
inline parse_error read_resolved(const type_info& info, jit::read_fn fn, void* target, bool is_new,
                                 std::string_view json, const serializer_options& options) {
  const reader_options& reading = options.context().reading();
  // New storage takes a type built by its constructor (else the interpreter reports it).
  if (fn != nullptr && (!is_new || info.jit_constructed != nullptr)) {
    if (read_compiled(fn, info, target, is_new, json, options, reading)) return success();
    jit::statistics().reads_replayed.fetch_add(1, std::memory_order_relaxed);
  }
  return interpret_read(info, target, is_new, json, reading);
}

}  // namespace jsonjit::detail
