// How readers of a stream let compiled code read the values in their window (stream_read.cpp).
// Private to the library.
#pragma once

#include <jsonjit/reader.hpp>
#include <jsonjit/serializer_options.hpp>

#include "engines/interp/interp_p.hpp"

namespace jsonjit::detail {

/// The read_shortcut of stream reading: the object or array `in` is on, read by the type's
/// compiled reader over the reader's window (compiled on first use), once more after a refill
/// where the window's end cut it off; false to leave it to the interpreter.
bool read_compiled_value(reader& in, const type_info& info, void* target);

/// read_compiled_value, or null where the options keep the JIT out.
read_shortcut stream_shortcut(const serializer_options& options) noexcept;

/// not_compiled with the reason where the options demand the JIT (engine::jit) and it does not
/// compile `info`'s reader; else no error.
parse_error jit_refusal(const type_info& info, const serializer_options& options);

}  // namespace jsonjit::detail
