// What the type model holds of the JIT's compiled functions without seeing the JIT: their
// types, with the contexts they take declared only (src/engines/jit/jit_p.hpp defines them).
// Private to the library.
#pragma once

namespace jsonjit::detail::jit {

struct write_context;
struct read_context;
struct constructed_reader;
class code_memory;

/// A compiled writer: appends the JSON of the value at `object` at context->cur. False on any
/// failure (invalid UTF-8 in a string, a failed sink); the front door then runs the
/// interpreter, which reports it with its exact code and path.
using write_fn = bool (*)(write_context* context, const void* object) noexcept;

/// A compiled reader: reads the JSON value at `cur` (whitespace before it allowed) into the
/// existing value at `object` and returns the position after it, or null when the input
/// is anything it does not read itself: an error, or something it leaves to the interpreter
/// (escaped names, comments, ...). The front door then reads the whole input again with the
/// interpreter, which gives the same result, or the error with its exact position and path;
/// a compiled reader never accepts what the interpreter rejects.
using read_fn = const char* (*)(read_context* context, void* object, const char* cur) noexcept;

}  // namespace jsonjit::detail::jit
