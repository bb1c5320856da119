#include <jsonjit/schema.hpp>

#include "schema/access_p.hpp"
#include "schema/compiler_p.hpp"
#include "schema/evaluator_p.hpp"

namespace jsonjit {

result<schema, parse_error> schema::compile(std::string_view schema_text, const schema_options& options) {
  auto program = detail::schema::compile_program(schema_text, options, true);
  if (!program) return program.error();
  return detail::schema_access::make_schema(std::move(*program));
}

validation schema::validate(std::string_view json) const { return detail::schema::validate_text(*program_, json); }

validation schema::validate(input& source) const { return detail::schema::validate_input(*program_, source); }

validation schema::validate(const element& value) const {
  return detail::schema::validate_element(*program_, value, program_->output);
}

validation schema::validate(const node& value) const { return detail::schema::validate_node(*program_, value); }

schema_draft schema::draft() const noexcept { return static_cast<schema_draft>(program_->dialect); }

}  // namespace jsonjit
