// JSON Schema: a schema compiled at run time into a validator that checks JSON text while it
// reads it — one pass, no document built — and reports every error with where it is in the
// input (line, column, byte offset) and in the instance and the schema (JSON Pointers).
//
//   auto s = jsonjit::schema::compile(schema_text);          // result<schema, parse_error>
//   jsonjit::validation v = s->validate(json_text);
//   for (const jsonjit::validation_error& e : v.errors())
//     std::printf("%llu:%llu: %s: %s (%s)\n", e.position.line, e.position.column,
//                 e.instance_location.c_str(), e.message.c_str(), e.keyword_location.c_str());
//
// Drafts 2020-12 (the default), 2019-09, 07, 06 and 04. The meta-schemas are built in; other
// schemas come from the options' registry or resolver, never from the network. Not part of
// jsonjit.hpp (include this header where schemas are used).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <jsonjit/detail/export.hpp>
#include <jsonjit/document.hpp>
#include <jsonjit/engine.hpp>
#include <jsonjit/error.hpp>
#include <jsonjit/node.hpp>
#include <jsonjit/reader.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

namespace detail {
struct schema_access;   // src/schema/
struct schema_program;  // the compiled form (src/schema/program_p.hpp)
}  // namespace detail

/// The drafts of JSON Schema, oldest first.
enum class schema_draft : std::uint8_t { draft4, draft6, draft7, draft2019_09, draft2020_12 };

/// How much a validation reports (the specification's output formats, 2020-12 core §12.4).
enum class output_format : std::uint8_t {
  flag,      ///< the verdict only: validation stops at the first error and reports none
  basic,     ///< every error, as a flat list
  detailed,  ///< every error, nested as the schema's applicators nest
};

struct schema_options {
  /// The draft of a schema without `$schema`.
  schema_draft default_draft = schema_draft::draft2020_12;
  /// Whether `format` asserts (a string that is not a valid `date-time` is an error) or is an
  /// annotation only, as 2020-12 and 2019-09 specify by default. A meta-schema whose
  /// `$vocabulary` requires format-assertion turns it on for its schemas.
  bool format_assertion = false;
  /// What validate() reports; validation::to_json can still write any format up to this one.
  output_format output = output_format::basic;
  /// Whether a valid instance's validation also reports the annotations of the schemas that
  /// applied to it (`title`, `description`, `default`, `examples`, `deprecated`, `readOnly`,
  /// `writeOnly`, `format`, `contentEncoding`, `contentMediaType`): what user interfaces and
  /// documentation generators read. Off by default: annotations cost memory per valid value.
  bool annotations = false;
  /// Whether PCRE2 compiles the `pattern`s and `patternProperties` that jsonjit does not match
  /// itself (it does anchored sequences of classes with counts, `^[0-9a-f]{8}-[0-9a-f]{4}$`)
  /// into machine code. Off by default: PCRE2's JIT (as Debian builds it) maps its code
  /// writable and executable at once, which jsonjit's own JIT never does and hardened kernels
  /// refuse. Interpreted, such a pattern matches slower; the answers are the same either way.
  bool regex_jit = false;
  /// The most errors one validation records. An invalid instance that fails in more ways gets
  /// the first ones, then one last error (at the root, no keyword) saying the rest were not
  /// recorded: nested applicators can fail in exponentially many ways over a small input
  /// (`anyOf` of two `items` referring to the root, over an array nested 20 deep: a million),
  /// and recording each would take as much time and memory.
  std::size_t max_errors = 10000;
  /// Schemas by URI ("https://example.com/address.json" → its text), for `$ref` to other
  /// documents. Looked up before the resolver.
  std::map<std::string, std::string, std::less<>> registry;
  /// Asked for the text of a schema `$ref` names that neither the registry nor the built-in
  /// meta-schemas hold (the URI absolute, without fragment); nullopt when it knows none, which
  /// makes the reference a compile error. Called only while compiling.
  std::function<std::optional<std::string>(std::string_view uri)> resolver;
  /// The URI the schema text is known by (its base URI where it has no `$id`).
  std::string base_uri = "urn:jsonjit:schema";
  /// Which engine validates texts. `jit` compiles the schema into native code that decides
  /// whether a text is valid while scanning it once; an instance it does not find valid is
  /// validated again by the interpreter, which reports the errors (so both engines report
  /// the same). It compiles every keyword of every draft but unevaluatedProperties,
  /// unevaluatedItems, a $dynamicRef or $recursiveRef whose target depends on the path taken
  /// (where the schema's root holds the anchor, as the meta-schemas do, it compiles them), and
  /// more than 64 required or dependent names in one subschema; with annotations, or a reader
  /// that accepts more than strict JSON, it compiles nothing. Where it does not compile a
  /// schema, compile fails with error_code::not_compiled (saying why) under `jit`, and
  /// `automatic` takes the interpreter — as it does where a subschema requires more than three
  /// others that look into containers to pass on the same value (the meta-schemas' allOf of
  /// vocabularies), which the code would scan once each. Inputs read as they arrive,
  /// documents and nodes are always interpreted.
  jsonjit::engine engine = jsonjit::engine::automatic;
  /// How instances are read: comments, trailing commas, the depth limit.
  reader_options reader;
};

/// Where in the input text a value starts (line and column 1-based, the column in bytes; the
/// offset 0-based). All zero for values validated as documents or nodes, which keep no text.
struct text_position {
  std::uint64_t line = 0;
  std::uint64_t column = 0;
  std::uint64_t offset = 0;
};

struct validation_error {
  /// The value that failed, as a JSON Pointer into the instance ("/features/3/geometry").
  std::string instance_location;
  /// The keyword that failed, as a JSON Pointer along the path evaluation took through the
  /// schema, `$ref`s included ("/properties/features/items/$ref/required").
  std::string keyword_location;
  /// The same keyword as an absolute URI, `$ref`s resolved
  /// ("https://example.com/geo.json#/$defs/feature/required").
  std::string absolute_keyword_location;
  /// What is wrong, in English ("missing required property \"type\"").
  std::string message;
  /// Where the value starts in the input text.
  text_position position;
  /// For `detailed` output: how many of the errors that follow this one in errors() are its
  /// causes (the errors of the subschemas of an `anyOf` that failed, say). 0 in `basic`.
  std::size_t causes = 0;
};

/// A keyword's annotation on a value that a valid schema applied to.
struct validation_annotation {
  std::string instance_location;
  std::string keyword_location;
  std::string absolute_keyword_location;
  /// The keyword's value, as JSON ("true", "\"Street address\"").
  std::string value;
};

/// The outcome of one validation.
class validation {
 public:
  validation() = default;
  bool valid() const noexcept { return valid_; }
  explicit operator bool() const noexcept { return valid_; }
  /// Every error, in input order (empty when valid, or when the output format is `flag`).
  std::span<const validation_error> errors() const noexcept { return errors_; }
  /// Where the instance is valid and schema_options::annotations asked for them: the
  /// annotations of every schema that applied, in evaluation order.
  std::span<const validation_annotation> annotations() const noexcept { return annotations_; }
  /// The specification's output JSON: {"valid": false, "errors": [...]} for `basic`, nested
  /// by `causes` for `detailed`, {"valid": ...} alone for `flag`; a valid instance's
  /// annotations as {"valid": true, "annotations": [...]}.
  std::string to_json(output_format format) const;

 private:
  friend struct detail::schema_access;
  bool valid_ = true;
  std::vector<validation_error> errors_;
  std::vector<validation_annotation> annotations_;
};

/// A compiled JSON Schema: immutable, safe to use from many threads at once, cheap to copy
/// (copies share the compiled form).
class schema {
 public:
  /// Compiles `schema_text` (JSON). Fails with the position and JSON path of the offending
  /// value in the schema text: not JSON, not valid against its meta-schema
  /// (error_code::invalid_schema), a `$ref` nothing resolves (unresolved_reference, the
  /// reference in `name`), a pattern that is not an ECMA-262 regular expression
  /// (invalid_regex), two schemas claiming one URI (duplicate_schema_uri).
  static result<schema, parse_error> compile(std::string_view schema_text, const schema_options& options = {});
  /// Reads `source` to its end (jsonjit::file_input for a file by path), then compiles it. An
  /// input that fails is error_code::input_failed, its reason in `name`.
  static result<schema, parse_error> compile(input& source, const schema_options& options = {});

  /// Validates `json` (one JSON text) while reading it. Text that is not JSON is invalid with
  /// the reader's error.
  validation validate(std::string_view json) const;
  // (Without these a std::string or a literal would as well convert to a node.)
  validation validate(const std::string& json) const { return validate(std::string_view(json)); }
  validation validate(const char* json) const { return validate(std::string_view(json)); }
  /// Validates the text `source` gives (a file, a pipe, a socket). With output_format::flag
  /// it is validated as it arrives, in memory bounded by its longest token; the other
  /// formats read it whole first (an invalid instance's errors are explained in a second
  /// pass over the text), then validate it as validate(std::string_view) does.
  validation validate(input& source) const;
  /// Validates a value already parsed (positions are then zero). Numbers are what the value
  /// holds: a document keeps a number's exact text only when parsed with
  /// document_options::preserve_number_text (else 1.0000000000000000001 is the double 1, an
  /// integer, where its text is not one).
  validation validate(const element& value) const;
  validation validate(const node& value) const;

  /// The draft the schema's root is written in.
  schema_draft draft() const noexcept;
  /// Whether texts are validated by native code (schema_options::engine).
  bool compiled() const noexcept;

 private:
  friend struct detail::schema_access;
  std::shared_ptr<const detail::schema_program> program_;
};

}  // namespace jsonjit
JSONJIT_EXPORT_END
