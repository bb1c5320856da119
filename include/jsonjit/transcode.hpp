// Reader to writer: re-writing JSON token by token (what `jsonjit fmt` does).
#pragma once

#include <string>

#include <jsonjit/detail/export.hpp>
#include <jsonjit/error.hpp>
#include <jsonjit/reader.hpp>
#include <jsonjit/writer.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

/// Writes the reader's current token with `w`: strings and property names are unescaped and
/// re-escaped by the writer's encoder, numbers are copied verbatim, comments stay comments.
/// `scratch` holds the unescaped text (reused: no allocation once it is large enough).
void write_current_token(writer& w, const reader& r, std::string& scratch);

/// Reads every remaining token of `r` and writes it with `w`. Returns the reader's error (code
/// none at a clean end); the writer's own state is in `w.error()`.
error_info transcode(reader& r, writer& w);

}  // namespace jsonjit
JSONJIT_EXPORT_END
