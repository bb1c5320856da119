// Fuzz target for JSON Schema validation. The first byte picks what is fuzzed: with its top
// bit clear, one of the schemas below (the low bits) against the rest of the input as the
// instance; with it set, the rest of the input as a schema, compiled, then validating a few
// fixed instances. Checks properties, not just the absence of crashes:
//  - a schema compiles or fails with an error whose position is inside its text;
//  - a verdict for every instance; an invalid one has errors, each with a message and a
//    position inside the input;
//  - deciding (the pruned first pass) and collecting (annotations asked for: one full pass)
//    give the same verdict; the flag output gives the same verdict;
//  - an instance that is JSON gets the same verdict and the same errors (locations, messages)
//    validated as text, as a document, as a node, and read from an input in small pieces;
//  - the automatic engine (the JIT's code where it compiles the schema) gives exactly the
//    interpreter's outcome on any text, JSON or not.
#include <jsonjit/document.hpp>
#include <jsonjit/node.hpp>
#include <jsonjit/reader.hpp>
#include <jsonjit/schema.hpp>
#include <jsonjit/stream.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "property.hpp"

namespace {

using namespace jsonjit;

constexpr std::array<std::string_view, 18> schemas = {
    R"({"type": "object", "required": ["a"], "properties": {"a": {"type": "integer", "minimum": 0, "multipleOf": 3}},
        "additionalProperties": {"type": "string", "maxLength": 4}})",
    R"({"items": {"anyOf": [{"type": "string", "pattern": "^[a-c]+$"}, {"type": "number", "exclusiveMaximum": 10}]},
        "uniqueItems": true, "maxItems": 6})",
    R"({"oneOf": [{"properties": {"k": {"const": "x"}}, "required": ["k"]}, {"properties": {"k": {"enum": [1, [2], {"a": null}]}}}]})",
    R"({"prefixItems": [{"type": "boolean"}, {"type": "null"}], "items": false, "contains": {"type": "null"}, "minContains": 1})",
    R"({"$defs": {"tree": {"type": "object", "properties": {"v": {"type": "number"}, "kids": {"type": "array", "items": {"$ref": "#/$defs/tree"}}}}},
        "$ref": "#/$defs/tree"})",
    R"({"properties": {"a": true}, "patternProperties": {"^b": {"type": "string"}}, "unevaluatedProperties": false,
        "allOf": [{"properties": {"c": {"type": "array"}}}], "if": {"required": ["d"]}, "then": {"properties": {"e": true}}})",
    R"({"prefixItems": [true], "allOf": [{"contains": {"type": "string"}}], "unevaluatedItems": {"type": "integer"}})",
    R"({"not": {"type": ["string", "null"]}, "dependentRequired": {"a": ["b"]}, "dependentSchemas": {"c": {"minProperties": 3}},
        "propertyNames": {"maxLength": 3}})",
    R"({"$schema": "http://json-schema.org/draft-07/schema#", "items": [{"type": "integer"}], "additionalItems": {"type": "string"},
        "dependencies": {"x": ["y"], "z": {"required": ["w"]}}})",
    R"({"$schema": "http://json-schema.org/draft-04/schema#", "type": "integer", "maximum": 100, "exclusiveMaximum": true})",
    R"({"$schema": "https://json-schema.org/draft/2019-09/schema", "$recursiveAnchor": true,
        "properties": {"n": {"$recursiveRef": "#"}}, "additionalProperties": {"type": "integer"}})",
    R"({"$dynamicAnchor": "node", "properties": {"kids": {"items": {"$dynamicRef": "#node"}}, "name": {"minLength": 1}}})",
    R"({"format": "date-time", "anyOf": [{"format": "ipv4"}, {"format": "email"}, {"type": "number", "maximum": 1e308}]})",
    R"({"type": ["array", "object"], "maxProperties": 2, "minItems": 1, "items": {"type": "array", "items": {"type": "array"}}})",
    R"({"enum": [0.5, "x", {"a": [1.0, true]}], "const": {"a": [1, true]}})",
    R"(true)",
    // A dynamic reference whose target depends on the path, under unevaluated*.
    R"({"$defs": {"list": {"$id": "urn:list", "$dynamicAnchor": "item", "type": "array", "items": {"$dynamicRef": "#item"}},
                  "ints": {"$id": "urn:ints", "$ref": "urn:list", "$defs": {"i": {"$dynamicAnchor": "item", "type": ["integer", "array"]}}}},
        "properties": {"any": {"$ref": "urn:list"}, "ints": {"$ref": "urn:ints"}},
        "anyOf": [{"properties": {"x": {"type": "string"}}}, {"patternProperties": {"^y": {"maxItems": 2}}}],
        "unevaluatedProperties": {"type": "boolean"}})",
    R"({"$schema": "https://json-schema.org/draft/2019-09/schema",
        "$defs": {"t": {"$id": "urn:t", "$recursiveAnchor": true, "type": "object",
                        "properties": {"kids": {"type": "array", "items": {"$recursiveRef": "#"}}}},
                  "strict": {"$id": "urn:strict", "$recursiveAnchor": true, "$ref": "urn:t", "unevaluatedProperties": false}},
        "oneOf": [{"$ref": "urn:strict"}, {"items": [{"type": "integer"}], "additionalItems": false,
                                           "unevaluatedItems": {"type": "string"}}]})",
};

constexpr std::array<std::string_view, 6> fixed_instances = {
    "null", "[1, \"a\", {\"b\": []}]", R"({"a": 1, "b": "x", "c": [true], "d": {"e": null}})", "12.5e3", "\"text\"", "{}"};

void check_errors(const validation& v, std::string_view text, const char* what) {
  if (v.valid()) return;
  if (v.errors().empty()) jsonjit::fuzz::fail(what, "invalid without an error");
  for (const validation_error& e : v.errors()) {
    if (e.message.empty()) jsonjit::fuzz::fail(what, "an error without a message");
    if (e.position.offset > text.size()) jsonjit::fuzz::fail(what, e.message);
  }
}

void check_same_errors(const validation& a, const validation& b, const char* what) {
  if (a.valid() != b.valid()) jsonjit::fuzz::fail(what, "verdicts differ");
  if (a.errors().size() != b.errors().size()) jsonjit::fuzz::fail(what, "error counts differ");
  for (std::size_t i = 0; i < a.errors().size(); ++i) {
    const validation_error &x = a.errors()[i], &y = b.errors()[i];
    if (x.instance_location != y.instance_location || x.keyword_location != y.keyword_location ||
        x.message != y.message) {
      jsonjit::fuzz::fail(what, x.keyword_location + " " + x.message + " / " + y.keyword_location + " " + y.message);
    }
  }
}

// A node keeps a number's value, not its spelling, and its errors quote the number as the
// node writes it (a double keeps a fraction: "101.0"). True when the text spells every number
// that way ("101.00", "-0", "1e2" and 16 significant digits are spelled otherwise).
bool spells_numbers_as_a_node(std::string_view text) {
  reader r(text);
  while (r.read()) {
    if (r.token() != token_type::number) continue;
    const result<node, parse_error> n = node::parse(r.value());
    if (!n) return false;
    std::string spelled = n->to_json().value_or("");
    if (n->is_double() && spelled.find_first_of(".eE") == std::string::npos) spelled += ".0";
    if (spelled != r.value()) return false;
  }
  return true;
}

void validate_every_way(const schema& s, const schema& interpreted, const schema& collecting, const schema& flag,
                        std::string_view text) {
  const validation v = s.validate(text);
  check_errors(v, text, "validate(text)");
  if (v.to_json(output_format::detailed) != interpreted.validate(text).to_json(output_format::detailed)) {
    jsonjit::fuzz::fail("the JIT's outcome is not the interpreter's", text);
  }
  if (collecting.validate(text).valid() != v.valid()) jsonjit::fuzz::fail("deciding and collecting disagree", text);
  if (flag.validate(text).valid() != v.valid()) jsonjit::fuzz::fail("the flag output disagrees", text);
  document_options exact;
  exact.preserve_number_text = true;  // numbers as written, as the text is validated
  const result<document, parse_error> d = document::parse(text, exact);
  if (!d) {
    // (A document cannot hold a number beyond a double's range, which is JSON all the same.)
    if (v.valid() && d.error().info.code != error_code::number_out_of_range) {
      jsonjit::fuzz::fail("text that is not JSON found valid", text);
    }
    return;
  }
  check_same_errors(v, s.validate(d->root()), "text and document");
  // A node holds numbers as int64, uint64 or double, and one member per name: compared where
  // it spells every number as the text does and no name repeats.
  document_options unique;
  unique.duplicates = duplicate_properties::reject;
  const result<node, parse_error> n = node::parse(text, unique);
  if (n && spells_numbers_as_a_node(text)) check_same_errors(v, s.validate(*n), "text and node");
  memory_input whole(text);
  check_same_errors(v, s.validate(whole), "text and input");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  schema_options options, interpreter, collecting, flag;
  interpreter.engine = engine::interpreter;
  collecting.annotations = true;
  flag.output = output_format::flag;
  std::string_view schema_text = schemas[data[0] % schemas.size()];
  if ((data[0] & 0x80) != 0) schema_text = rest;
  const result<schema, parse_error> s = schema::compile(schema_text, options);
  if (!s) {
    if (s.error().info.offset > schema_text.size()) jsonjit::fuzz::fail("a compile error outside the schema", schema_text);
    return 0;
  }
  const schema i = schema::compile(schema_text, interpreter).value();
  const schema c = schema::compile(schema_text, collecting).value();
  const schema f = schema::compile(schema_text, flag).value();
  if ((data[0] & 0x80) != 0) {
    for (std::string_view instance : fixed_instances) validate_every_way(*s, i, c, f, instance);
  } else {
    validate_every_way(*s, i, c, f, rest);
  }
  return 0;
}
