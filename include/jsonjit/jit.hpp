// The JIT's controls and counters: compile ahead of time, and see what it did.
//
//   jsonjit::precompile<Order>(options);   // at start-up: no compile on the first request
//   auto s = jsonjit::jit_stats();         // s.reads_replayed: inputs the compiled code left
//                                          // to the interpreter (escapes in names, comments...)
#pragma once

#include <cstdint>

#include <jsonjit/detail/describe.hpp>
#include <jsonjit/detail/export.hpp>
#include <jsonjit/error.hpp>
#include <jsonjit/serializer_options.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

/// What the JIT did in this process, over all options objects and schemas.
struct jit_statistics {
  std::uint64_t functions = 0;            ///< compiled functions (writers and readers)
  std::uint64_t code_bytes = 0;           ///< machine code they take
  std::uint64_t compile_nanoseconds = 0;  ///< time spent compiling them (and refusing others)
  std::uint64_t refusals = 0;             ///< (type, options, direction) the JIT does not compile
  /// Compiled writes that failed (an error, a failed sink): the interpreter wrote the value
  /// again to report the error exactly.
  std::uint64_t writes_replayed = 0;
  /// Compiled reads that gave up (an error, or input the compiled code leaves to the
  /// interpreter): the interpreter read the input again.
  std::uint64_t reads_replayed = 0;
  /// JSON Schema validations of texts that a schema's compiled code left to the interpreter
  /// (an invalid instance, whose errors the interpreter reports; text nested past the limit;
  /// see schema_options::engine). Those it decided itself are not counted.
  std::uint64_t validations_replayed = 0;
};

jit_statistics jit_stats() noexcept;

/// Whether this build of jsonjit has a code generator for the processor it runs on (x86-64 and
/// AArch64; none when built with JSONJIT_JIT=OFF). Without one, engine::automatic runs the
/// interpreter everywhere and engine::jit is refused (not_compiled: "no code generator for
/// this processor"), for types and for schemas alike.
bool jit_available() noexcept;

namespace detail {
parse_error precompile_type(const type_descriptor& type, const serializer_options& options);
}

/// Compiles T's writer and reader for `options` now rather than on first use (freezing the
/// options). Returns an empty error when both compiled, else not_compiled naming what was not
/// and why (the interpreter then runs that direction under engine::automatic).
template <class T>
parse_error precompile(const serializer_options& options = serializer_options::defaults()) {
  return detail::precompile_type(descriptor_of<T>(), options);
}

}  // namespace jsonjit
JSONJIT_EXPORT_END
