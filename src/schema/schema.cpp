#include <jsonjit/schema.hpp>

#include "engines/jit/jit_p.hpp"
#include "schema/access_p.hpp"
#include "schema/compiler_p.hpp"
#include "schema/evaluator_p.hpp"
#include "schema/jit_p.hpp"

namespace jsonjit {

result<schema, parse_error> schema::compile(std::string_view schema_text, const schema_options& options) {
  auto program = detail::schema::compile_program(schema_text, options, true);
  if (!program) return program.error();
  if (options.engine != engine::interpreter) {
    std::string why;
    (*program)->native = detail::schema::native_validator::compile(**program, why);
    if (!(*program)->native && options.engine == engine::jit) {
      parse_error e;
      e.info.code = error_code::not_compiled;
      e.name = "the JIT does not compile this schema: " + why;
      return e;
    }
  }
  return detail::schema_access::make_schema(std::move(*program));
}

validation schema::validate(std::string_view json) const {
  if (const detail::schema::native_validator* native = program_->native.get()) {
    detail::jit::counters& c = detail::jit::statistics();
    if (native->shows_valid(json)) {
      c.validations_compiled.fetch_add(1, std::memory_order_relaxed);
      return detail::schema_access::make_validation(true, {}, {});
    }
    c.validations_replayed.fetch_add(1, std::memory_order_relaxed);
  }
  return detail::schema::validate_text(*program_, json);
}

validation schema::validate(input& source) const { return detail::schema::validate_input(*program_, source); }

validation schema::validate(const element& value) const {
  return detail::schema::validate_element(*program_, value, program_->output);
}

validation schema::validate(const node& value) const { return detail::schema::validate_node(*program_, value); }

schema_draft schema::draft() const noexcept { return static_cast<schema_draft>(program_->dialect); }

bool schema::compiled() const noexcept { return program_->native != nullptr; }

}  // namespace jsonjit
