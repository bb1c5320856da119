#include "suite_runner.hpp"

#include <fstream>
#include <jsonjit/jit.hpp>
#include <sstream>

namespace jsonjit::test {
std::string read_suite_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

document_options suite_document_options() {
  document_options o;
  o.preserve_number_text = true;
  o.max_depth = 512;
  return o;
}

std::filesystem::path suite_root() { return std::filesystem::path(JSONJIT_DATA_DIR) / "json-schema" / "test-suite"; }

schema_options suite_options(schema_draft d, bool format_assertion) {
  schema_options o;
  o.default_draft = d;
  o.format_assertion = format_assertion;
  o.resolver = [](std::string_view uri) -> std::optional<std::string> {
    constexpr std::string_view prefix = "http://localhost:1234/";
    if (!uri.starts_with(prefix)) return std::nullopt;
    const std::filesystem::path file = suite_root() / "remotes" / std::string(uri.substr(prefix.size()));
    if (!std::filesystem::is_regular_file(file)) return std::nullopt;
    return read_suite_file(file);
  };
  return o;
}

std::vector<suite_outcome> run_suite_file(const std::filesystem::path& draft_folder, const std::filesystem::path& file,
                                          schema_draft d, bool format_assertion) {
  std::vector<suite_outcome> outcomes;
  const std::string relative = std::filesystem::relative(file, draft_folder).generic_string();
  const std::string text = read_suite_file(file);
  result<document, parse_error> cases = document::parse(text, suite_document_options());
  if (!cases) {
    suite_outcome& o = outcomes.emplace_back();
    o.file = relative;
    o.test = "(the file)";
    o.why = to_string(cases.error());
    return outcomes;
  }
  // The interpreter is the reference; the JIT and the automatic engine must give its
  // verdicts and its errors.
  schema_options options = suite_options(d, format_assertion);
  options.engine = engine::interpreter;
  schema_options jit_options = options, automatic_options = options;
  jit_options.engine = engine::jit;
  automatic_options.engine = engine::automatic;
  // Annotations asked for: validation collects from the start, without the deciding pass
  // that prunes failed subschemas: the two must agree on every verdict.
  schema_options collecting = options;
  collecting.annotations = true;
  for (const element& c : cases->root().elements()) {
    const std::string case_name(c["description"].get_string().value_or(""));
    const std::string schema_text = c["schema"].to_json().value_or("");
    result<schema, parse_error> compiled = schema::compile(schema_text, options);
    result<schema, parse_error> compiled_collecting = schema::compile(schema_text, collecting);
    result<schema, parse_error> jit = schema::compile(schema_text, jit_options);
    result<schema, parse_error> automatic = schema::compile(schema_text, automatic_options);
    for (const element& t : c["tests"].elements()) {
      suite_outcome o;
      o.file = relative;
      o.test = case_name + " / " + std::string(t["description"].get_string().value_or(""));
      const bool expected = t["valid"].get_bool().value_or(false);
      if (!compiled) {
        o.why = "compile: " + to_string(compiled.error());
        outcomes.push_back(std::move(o));
        continue;
      }
      const element data = t["data"];
      const std::string data_text = data.to_json().value_or("");
      const validation as_text = compiled->validate(data_text);
      const validation as_document = compiled->validate(data);
      const validation collected = compiled_collecting->validate(data_text);
      std::string engines_disagree;
      if (jit) {
        o.jit_compiled = true;
        const std::uint64_t replayed_before = jit_stats().validations_replayed;
        const validation by_jit = jit->validate(data_text);
        o.jit_decided = jit_stats().validations_replayed == replayed_before;
        if (by_jit.to_json(output_format::detailed) != as_text.to_json(output_format::detailed)) {
          engines_disagree = "the JIT's outcome is not the interpreter's: " + by_jit.to_json(output_format::basic);
        } else if (as_text.valid() && !o.jit_decided) {
          engines_disagree = "the JIT's code left a valid instance to the interpreter";
        } else if (!as_text.valid() && o.jit_decided) {
          engines_disagree = "the JIT's code found an invalid instance valid";
        }
      } else {
        o.jit_refusal = to_string(jit.error());
        if (jit.error().info.code != error_code::not_compiled) engines_disagree = "the JIT's compile failed: " + o.jit_refusal;
      }
      if (!automatic) {
        engines_disagree = "automatic: " + to_string(automatic.error());
      } else if ((automatic->compiled() && !jit) ||
                 automatic->validate(data_text).to_json(output_format::detailed) !=
                     as_text.to_json(output_format::detailed)) {
        engines_disagree = "the automatic engine's outcome is not the interpreter's";
      }
      if (as_text.valid() != as_document.valid()) {
        o.why = "text and document disagree";
      } else if (as_text.valid() != collected.valid()) {
        o.why = "deciding and collecting disagree";
      } else if (!engines_disagree.empty()) {
        o.why = engines_disagree;
      } else if (as_text.valid() != expected) {
        o.why = expected ? "invalid: " : "valid, expected invalid";
        for (const validation_error& e : as_text.errors()) {
          o.why += "\n    " + e.instance_location + ": " + e.message + " (" + e.keyword_location + ")";
        }
      } else {
        o.passed = true;
      }
      outcomes.push_back(std::move(o));
    }
  }
  return outcomes;
}

}  // namespace jsonjit::test
