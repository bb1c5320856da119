// The two document parsers. Private to the library.
#pragma once

#include <string_view>

#include <jsonjit/document.hpp>

namespace jsonjit {
class tape_builder;
}

namespace jsonjit::detail {

/// The reference parser: the token reader validates, `out` (reserved) receives the tape.
parse_error parse_with_reader(tape_builder& out, std::string_view json, const document_options& options);

/// The fast parser: a SIMD structural index, then one pass over it. Returns true with the tape
/// complete in `out` (which it reserves, by what the index found) if `json` is valid; false if
/// it is not, if the options need the reference parser, or if the CPU lacks the instructions.
/// After false, `out` holds nothing usable and the reference parser must run.
bool parse_structural(tape_builder& out, std::string_view json, const document_options& options);

/// Whether this CPU runs the structural parser (AVX2, BMI2, PCLMUL), and `options` let it.
bool structural_parser_runs(const document_options& options) noexcept;

}  // namespace jsonjit::detail
