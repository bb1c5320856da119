// The JIT engine: compiles a resolved type_info into a native function. Writing only so far:
// objects, whose booleans, integers, strings, converted values and member objects are written
// by generated code and other members by the interpreter; options the generated code does not
// bake in leave the whole type to the interpreter.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <jsonjit/output.hpp>
#include <jsonjit/serializer_options.hpp>
#include <jsonjit/type_model.hpp>
#include <jsonjit/writer.hpp>

namespace jsonjit::detail {
struct type_info;
struct property_info;
}

namespace jsonjit::detail::jit {

/// What a generated writer and its helpers share: the output window [cur, end) and what the
/// helpers need to write values the way the writer does.
struct write_context {
  char* cur;
  char* end;
  output* out;
  const serializer_options* options;  ///< for converters
  writer_options settings;            ///< the options' writer settings (escaping, depth, ...)
};

/// A compiled writer: appends the JSON of the object at `object` at context->cur. False on any
/// failure (invalid UTF-8 in a string, a failed sink); the front door then runs the
/// interpreter, which reports it with its exact code and path.
using write_fn = bool (*)(write_context* context, const void* object) noexcept;

/// The compiled writer of `info` (compiled on first request, once per type and options), or
/// null when the type or its options are beyond what the JIT compiles; `why` then says so
/// (text that lives as long as the options).
write_fn writer_for(const type_info& info, std::string_view& why);

}  // namespace jsonjit::detail::jit

// Helpers called from generated code: C linkage and noexcept (generated frames have no unwind
// information); null means failure. Each returns the new write position.
extern "C" {
/// Makes `n` bytes writable at the position `cur`; updates context->end.
char* jsonjit_jit_reserve(jsonjit::detail::jit::write_context* context, char* cur, std::size_t n) noexcept;
/// A string value, quoted and escaped as the writer escapes it (it reserves its own room).
char* jsonjit_jit_string(jsonjit::detail::jit::write_context* context, char* cur, const std::string* value) noexcept;
/// A value written by a converter, through a writer on the same output that may nest
/// `depth_left` levels more (what the interpreter's writer would still allow there).
char* jsonjit_jit_converter(jsonjit::detail::jit::write_context* context, char* cur,
                            const jsonjit::converter_descriptor* converter, const void* value, int depth_left) noexcept;
/// A property value the generated code does not write itself (containers, optionals, getters,
/// ...), written by the interpreter through a writer on the same output that may nest
/// `depth_left` levels more.
char* jsonjit_jit_interpreted(jsonjit::detail::jit::write_context* context, char* cur,
                              const jsonjit::detail::property_info* property, const void* object,
                              int depth_left) noexcept;
/// Integers, with 24 bytes of room already reserved.
char* jsonjit_jit_int64(char* cur, std::int64_t value) noexcept;
char* jsonjit_jit_uint64(char* cur, std::uint64_t value) noexcept;
}
