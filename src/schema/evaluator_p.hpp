// The interpreter: validates an instance against a schema_program while reading its tokens
// (the token reader's, or a document's or node's walked as tokens), in one pass. Private.
#pragma once

#include <string_view>

#include <jsonjit/document.hpp>
#include <jsonjit/input.hpp>
#include <jsonjit/node.hpp>
#include <jsonjit/schema.hpp>

#include "schema/program_p.hpp"

namespace jsonjit::detail::schema {

validation validate_text(const schema_program& program, std::string_view json);
validation validate_input(const schema_program& program, input& source);
validation validate_element(const schema_program& program, const element& value, output_format format);
validation validate_node(const schema_program& program, const node& value);

}  // namespace jsonjit::detail::schema
