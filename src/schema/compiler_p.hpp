// From schema text to a schema_program (program_p.hpp): the registry loads what `$ref`s name,
// each subschema reachable from the root becomes one node, and the root document is checked
// against its meta-schema. Private to the library.
#pragma once

#include <memory>
#include <string_view>

#include <jsonjit/schema.hpp>

#include "schema/program_p.hpp"

namespace jsonjit::detail::schema {

/// Compiles `text`. `check_metaschema` false skips the check against the meta-schema (for the
/// built-in meta-schemas themselves, which are the check).
result<std::shared_ptr<schema_program>, parse_error> compile_program(std::string_view text,
                                                                     const schema_options& options,
                                                                     bool check_metaschema);

}  // namespace jsonjit::detail::schema
