// Which engine runs a typed serialization or a schema validation: the interpreter (the
// reference semantics) or the JIT (native code, identical output and errors). Its own header
// so that what chooses an engine (schema_options, serializer_options) needs nothing else.
#pragma once

#include <cstdint>

#include <jsonjit/detail/export.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

/// `automatic` takes the JIT where it can run and the interpreter elsewhere; `jit` reports
/// what it cannot compile instead of falling back.
enum class engine : std::uint8_t { automatic, interpreter, jit };

namespace detail {
/// The engine new serializer options start with: `automatic`, unless the environment variable
/// JSONJIT_ENGINE says `interpreter` or `jit` (read once; a switch for operations and for
/// running a whole test suite under one engine).
jsonjit::engine default_engine() noexcept;
}  // namespace detail

}  // namespace jsonjit
JSONJIT_EXPORT_END
