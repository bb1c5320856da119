#include <jsonjit/schema.hpp>

#include <jsonjit/pointer.hpp>

#include "engines/jit/statistics_p.hpp"
#include "schema/access_p.hpp"
#include "schema/compiler_p.hpp"
#include "schema/evaluator_p.hpp"
#include "schema/jit_p.hpp"
#include "schema/locate_p.hpp"
#include "text/input_p.hpp"

namespace jsonjit {
namespace {

/// engine::jit's error for a schema the JIT does not compile: not_compiled, the reason in
/// `name`, at the keyword's position in the schema text where the subschema is in the root's
/// document.
parse_error refusal_error(std::string_view text, const detail::schema_program& program,
                          const detail::schema::native_validator::refusal& refused) {
  parse_error e;
  const std::string& root = program.nodes[program.root].location;
  const std::size_t hash = refused.location.find('#');
  if (hash != std::string::npos && root.compare(0, root.find('#'), refused.location, 0, hash) == 0) {
    if (auto pointer = json_pointer::parse(std::string_view(refused.location).substr(hash + 1))) {
      pointer->append(refused.keyword);
      e = detail::schema::locate(text, pointer->tokens(), error_code::not_compiled);
    }
  }
  e.info.code = error_code::not_compiled;
  e.name = refused.why;
  return e;
}

}  // namespace

result<schema, parse_error> schema::compile(std::string_view schema_text, const schema_options& options) {
  auto program = detail::schema::compile_program(schema_text, options, true);
  if (!program) return program.error();
  if (options.engine != engine::interpreter) {
    detail::schema::native_validator::refusal refused;
    (*program)->native =
        detail::schema::native_validator::compile(**program, refused, options.engine == engine::automatic);
    if (!(*program)->native && options.engine == engine::jit) return refusal_error(schema_text, **program, refused);
  }
  return detail::schema_access::make_schema(std::move(*program));
}

result<schema, parse_error> schema::compile(input& source, const schema_options& options) {
  if (!source.read_to_end()) return detail::input_failure(source);
  return compile(std::string_view(source.data(), static_cast<std::size_t>(source.end() - source.data())), options);
}

validation schema::validate(std::string_view json) const {
  if (const detail::schema::native_validator* native = program_->native.get()) {
    // (Only the replays are counted: an atomic on a shared line per valid instance would cost
    // threads validating at once more than the validation.)
    if (native->shows_valid(json)) return detail::schema_access::make_validation(true, {}, {});
    detail::jit::statistics().validations_replayed.fetch_add(1, std::memory_order_relaxed);
  }
  return detail::schema::validate_text(*program_, json);
}

validation schema::validate(input& source) const {
  // Deciding alone, the input is read as it arrives. Errors are explained by a second pass
  // over an invalid instance (one pass explaining would follow every path a subschema is
  // applied by, where deciding evaluates it once per value): that needs the text again, so
  // it is read whole first, and validated as text is.
  if (program_->output == output_format::flag || !source.read_to_end()) {
    return detail::schema::validate_input(*program_, source);  // (which reports a failed input)
  }
  return validate(std::string_view(source.data(), static_cast<std::size_t>(source.end() - source.data())));
}

validation schema::validate(const element& value) const {
  return detail::schema::validate_element(*program_, value, program_->output);
}

validation schema::validate(const node& value) const { return detail::schema::validate_node(*program_, value); }

schema_draft schema::draft() const noexcept { return static_cast<schema_draft>(program_->dialect); }

bool schema::compiled() const noexcept { return program_->native != nullptr; }

}  // namespace jsonjit
