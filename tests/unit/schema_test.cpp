// jsonjit/schema.hpp: compiling schemas and validating instances as a user does — what the
// errors say and where, what a schema that cannot compile reports, the sources an instance
// comes from (text, a pipe, a file, documents, nodes), the output formats, and use from many
// threads. The official test suite's conformance runs in tests/schema/.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <thread>

#include <jsonjit/schema.hpp>
#include <jsonjit/stream.hpp>

#include "engines.hpp"
#include "process_maps.hpp"

namespace jsonjit {
namespace {

schema compiled(std::string_view text, const schema_options& options = {}) {
  result<schema, parse_error> s = schema::compile(text, options);
  if (!s) ADD_FAILURE() << to_string(s.error());
  return s ? *s : *schema::compile("true");
}

constexpr std::string_view feature_schema = R"({
  "$id": "https://example.com/features.json",
  "type": "object",
  "properties": {
    "features": {"type": "array", "items": {"$ref": "#/$defs/feature"}}
  },
  "$defs": {
    "feature": {"type": "object", "required": ["type", "geometry"],
                "properties": {"type": {"const": "Feature"}}}
  }
})";

TEST(Schema, ErrorsSayWhereInTheInputTheInstanceAndTheSchema) {
  const schema s = compiled(feature_schema);
  const validation v = s.validate("{\n  \"features\": [\n    {\"type\": \"Feature\", \"geometry\": 1},\n    {\"type\": \"Feature\"}\n  ]\n}");
  ASSERT_FALSE(v.valid());
  ASSERT_EQ(v.errors().size(), 1u);
  const validation_error& e = v.errors()[0];
  EXPECT_EQ(e.instance_location, "/features/1");
  EXPECT_EQ(e.keyword_location, "/properties/features/items/$ref/required");
  EXPECT_EQ(e.absolute_keyword_location, "https://example.com/features.json#/$defs/feature/required");
  EXPECT_EQ(e.message, "missing required property \"geometry\"");
  EXPECT_EQ(e.position.line, 4u);
  EXPECT_EQ(e.position.column, 5u);
  EXPECT_EQ(e.position.offset, 62u);
}

TEST(Schema, EveryErrorIsReportedInInputOrder) {
  const schema s = compiled(R"({"items": {"type": "integer", "minimum": 0}})");
  const validation v = s.validate(R"([1, -2, "x", 3.5])");
  ASSERT_EQ(v.errors().size(), 3u);
  EXPECT_EQ(v.errors()[0].instance_location, "/1");
  EXPECT_EQ(v.errors()[0].keyword_location, "/items/minimum");
  EXPECT_EQ(v.errors()[0].message, "-2 is below the minimum, 0");
  EXPECT_EQ(v.errors()[1].instance_location, "/2");
  EXPECT_EQ(v.errors()[1].message, "expected an integer, found a string");
  EXPECT_EQ(v.errors()[2].instance_location, "/3");
  EXPECT_EQ(v.errors()[2].position.column, 14u);
}

TEST(Schema, PassingApplicatorsDropTheErrorsOfTheirFailingBranches) {
  const schema s = compiled(R"({"anyOf": [{"type": "string"}, {"type": "integer"}]})");
  EXPECT_TRUE(s.validate("12").valid());
  EXPECT_TRUE(s.validate("12").errors().empty());
  const validation v = s.validate("1.5");
  ASSERT_EQ(v.errors().size(), 3u);
  EXPECT_EQ(v.errors()[0].keyword_location, "/anyOf");
  EXPECT_EQ(v.errors()[0].causes, 2u);
  EXPECT_EQ(v.errors()[1].keyword_location, "/anyOf/0/type");
  EXPECT_EQ(v.errors()[2].keyword_location, "/anyOf/1/type");
}

TEST(Schema, OutputFormats) {
  schema_options flag;
  flag.output = output_format::flag;
  const schema quick = compiled(R"({"anyOf": [{"type": "string"}, {"minimum": 5}]})", flag);
  const validation v = quick.validate("3");
  EXPECT_FALSE(v.valid());
  EXPECT_TRUE(v.errors().empty());
  EXPECT_EQ(v.to_json(output_format::flag), R"({"valid":false})");

  const schema full = compiled(R"({"$id": "urn:t", "anyOf": [{"type": "string"}, {"minimum": 5}]})");
  const validation w = full.validate("3");
  EXPECT_EQ(w.to_json(output_format::basic),
            R"({"valid":false,"errors":[)"
            R"({"valid":false,"keywordLocation":"/anyOf","absoluteKeywordLocation":"urn:t#/anyOf","instanceLocation":"","error":"the value matches none of the anyOf schemas"},)"
            R"({"valid":false,"keywordLocation":"/anyOf/0/type","absoluteKeywordLocation":"urn:t#/anyOf/0/type","instanceLocation":"","error":"expected a string, found a number"},)"
            R"({"valid":false,"keywordLocation":"/anyOf/1/minimum","absoluteKeywordLocation":"urn:t#/anyOf/1/minimum","instanceLocation":"","error":"3 is below the minimum, 5"}]})");
  EXPECT_EQ(w.to_json(output_format::detailed),
            R"({"valid":false,"errors":[)"
            R"({"valid":false,"keywordLocation":"/anyOf","absoluteKeywordLocation":"urn:t#/anyOf","instanceLocation":"","errors":[)"
            R"({"valid":false,"keywordLocation":"/anyOf/0/type","absoluteKeywordLocation":"urn:t#/anyOf/0/type","instanceLocation":"","error":"expected a string, found a number"},)"
            R"({"valid":false,"keywordLocation":"/anyOf/1/minimum","absoluteKeywordLocation":"urn:t#/anyOf/1/minimum","instanceLocation":"","error":"3 is below the minimum, 5"}]}]})");
  EXPECT_EQ(full.validate("7").to_json(output_format::basic), R"({"valid":true})");
}

TEST(Schema, AnnotationsOfValidSchemasWhenAskedFor) {
  schema_options o;
  o.annotations = true;
  const schema s = compiled(R"({"$id": "urn:a", "properties": {"street": {"title": "Street", "readOnly": true}},
                                "anyOf": [{"description": "kept"}, {"type": "string", "description": "dropped"}]})", o);
  const validation v = s.validate(R"({"street": "Rue de la Paix"})");
  ASSERT_TRUE(v.valid());
  ASSERT_EQ(v.annotations().size(), 3u);
  EXPECT_EQ(v.annotations()[0].instance_location, "/street");
  EXPECT_EQ(v.annotations()[0].keyword_location, "/properties/street/title");
  EXPECT_EQ(v.annotations()[0].absolute_keyword_location, "urn:a#/properties/street/title");
  EXPECT_EQ(v.annotations()[0].value, R"("Street")");
  EXPECT_EQ(v.annotations()[1].keyword_location, "/properties/street/readOnly");
  EXPECT_EQ(v.annotations()[1].value, "true");
  EXPECT_EQ(v.annotations()[2].instance_location, "");
  EXPECT_EQ(v.annotations()[2].keyword_location, "/anyOf/0/description");  // not anyOf/1's: it failed
  EXPECT_EQ(v.annotations()[2].value, R"("kept")");
  EXPECT_TRUE(compiled(R"({"title": "x"})").validate("1").annotations().empty());  // not asked for
}

TEST(Schema, InstancesThatAreNotJsonAreInvalidWithTheReadersError) {
  const schema s = compiled("true");
  const validation v = s.validate("{\"a\": [1, 2}");
  ASSERT_FALSE(v.valid());
  ASSERT_EQ(v.errors().size(), 1u);
  EXPECT_EQ(v.errors()[0].message, "not JSON: expected ',' or ']' after an array element");
  EXPECT_EQ(v.errors()[0].position.column, 12u);
  EXPECT_EQ(v.errors()[0].instance_location, "/a");  // in the array, after its item 1
  EXPECT_FALSE(s.validate("1 2").valid());
  EXPECT_FALSE(s.validate("").valid());
}

TEST(Schema, DeepInstancesStopAtTheDepthLimit) {
  schema_options o;
  o.reader.max_depth = 16;
  const schema s = compiled(R"({"$ref": "#/$defs/tree", "$defs": {"tree": {"items": {"$ref": "#/$defs/tree"}}}})", o);
  EXPECT_TRUE(s.validate(std::string(16, '[') + std::string(16, ']')).valid());
  const validation v = s.validate(std::string(17, '[') + std::string(17, ']'));
  ASSERT_FALSE(v.valid());
  EXPECT_NE(v.errors()[0].message.find("depth"), std::string::npos) << v.errors()[0].message;
}

TEST(Schema, InstancesNestedBeyondTheThreadsStackAreInvalidNotACrash) {
  // max_depth allows what the stack cannot hold: each nesting level recurses, in the
  // evaluator and in the generated code.
  constexpr std::size_t depth = 300'000;
  const std::string instance = std::string(depth, '[') + std::string(depth, ']');
  for (const engine e : jsonjit_test::engines_to_test(true)) {
    schema_options o;
    o.reader.max_depth = 1'000'000;
    o.engine = e;
    // (enum and uniqueItems compare values by their canonical text, which recursed too.)
    for (const std::string_view text : {R"({"items": {"$ref": "#"}})", R"({"enum": [1, [[1]]], "uniqueItems": true})"}) {
      const schema s = compiled(text, o);
      const validation v = s.validate(instance);
      ASSERT_FALSE(v.valid());
      ASSERT_EQ(v.errors().size(), 1u);
      EXPECT_NE(v.errors()[0].message.find("stack"), std::string::npos) << v.errors()[0].message;
      EXPECT_GT(v.errors()[0].position.column, 100u);  // deep in the instance (sanitizers enlarge frames)
    }
    EXPECT_TRUE(compiled(R"({"items": {"$ref": "#"}})", o).validate("[[[]]]").valid());
    EXPECT_TRUE(compiled(R"({"enum": [1, [[{"b": 1, "a": [2]}]]]})", o).validate(R"([[{"a": [2], "b": 1}]])").valid());
  }
}

TEST(Schema, ErrorsPastMaxErrorsAreCountedInOneLastError) {
  schema_options o;
  o.max_errors = 2;
  const validation v = compiled(R"({"items": {"type": "integer", "minimum": 0}})", o).validate(R"([1, -2, "x", 3.5])");
  ASSERT_FALSE(v.valid());
  ASSERT_EQ(v.errors().size(), 3u);
  EXPECT_EQ(v.errors()[0].instance_location, "/1");
  EXPECT_EQ(v.errors()[1].instance_location, "/2");
  EXPECT_EQ(v.errors()[2].instance_location, "");
  EXPECT_EQ(v.errors()[2].keyword_location, "");
  EXPECT_NE(v.errors()[2].message.find("max_errors"), std::string::npos) << v.errors()[2].message;

  std::string many = "[-1";  // 10,001 errors: the default keeps 10,000
  for (int i = 0; i < 10000; ++i) many += ",-1";
  many += ']';
  const validation w = compiled(R"({"items": {"minimum": 0}})").validate(many);
  ASSERT_EQ(w.errors().size(), 10001u);
  EXPECT_EQ(w.errors()[9999].instance_location, "/9999");
  EXPECT_NE(w.errors()[10000].message.find("max_errors"), std::string::npos);
}

TEST(Schema, ApplicatorsNestedAlongTheInstanceStayLinearOrStopWithinABudget) {
  // Each level applies the root twice to each item: 2^n paths to depth n.
  constexpr std::string_view doubling = R"({"type": "array", "anyOf": [{"items": {"$ref": "#"}, "maxItems": 1}, {"items": {"$ref": "#"}}]})";
  schema_options interpreted;
  interpreted.engine = engine::interpreter;
  const schema s = compiled(doubling), i = compiled(doubling, interpreted);
  const auto nested = [](int depth, std::string_view leaf) {
    return std::string(static_cast<std::size_t>(depth), '[') + std::string(leaf) + std::string(static_cast<std::size_t>(depth), ']');
  };
  // Deciding evaluates a subschema that two paths apply to one value once.
  EXPECT_TRUE(i.validate(nested(60, "")).valid());
  EXPECT_TRUE(s.validate(nested(60, "")).valid());
  const result<document, parse_error> valid_document = document::parse(nested(60, ""));
  ASSERT_TRUE(valid_document);
  EXPECT_TRUE(i.validate(valid_document->root()).valid());
  // Each error names its own path, so reporting them follows every path, until the budget.
  EXPECT_EQ(i.validate(nested(10, "1")).errors().size(), 2047u);  // 2^11 - 1
  EXPECT_EQ(i.validate(nested(13, "1")).errors().size(), 10000u + 1);  // 2^14 - 1, past max_errors
  const std::string text = nested(60, "1");
  const validation v = i.validate(text);
  ASSERT_FALSE(v.valid());
  ASSERT_EQ(v.errors().size(), 1u);
  const validation_error& e = v.errors()[0];
  EXPECT_EQ(e.message.rfind("validation stopped: the schema applied more than ", 0), 0u) << e.message;
  EXPECT_EQ(e.position.column, e.instance_location.size() / 2 + 1) << e.instance_location;  // "/0" per level
  EXPECT_LT(e.position.column, 60u);
  EXPECT_EQ(s.validate(text).to_json(output_format::detailed), v.to_json(output_format::detailed));
  const result<document, parse_error> d = document::parse(text);
  ASSERT_TRUE(d);
  EXPECT_EQ(i.validate(d->root()).errors()[0].message, e.message);
}

TEST(Schema, PathDependentDynamicReferencesAreDecidedAtAnyDepth) {
  // Each level's `anyOf` branches apply the same `$dynamicRef`, whose target depends on the path
  // taken at the root (x or y): the interpreter shares a subschema between evaluations that
  // see the same anchored resources, once per level and path, so valid instances hundreds of
  // levels deep are decided, not stopped at the evaluation budget (which 20 levels exceeded);
  // an invalid one is invalid. (Deeper, ASan's frames exhaust the thread's stack first:
  // stack_exhausted, as every engine reports it.)
  constexpr std::string_view path_dependent = R"({"anyOf": [{"$ref": "x"}, {"$ref": "y"}], "$defs": {
      "x": {"$id": "x", "$dynamicAnchor": "n", "$ref": "list"},
      "y": {"$id": "y", "$dynamicAnchor": "n", "$ref": "list", "minItems": 0},
      "list": {"$id": "list", "$dynamicAnchor": "n", "type": "array",
               "anyOf": [{"items": {"$dynamicRef": "#n"}, "maxItems": 1}, {"items": {"$dynamicRef": "#n"}}]}}})";
  for (const engine e : {engine::interpreter, engine::automatic}) {
    schema_options o;
    o.engine = e;
    o.reader.max_depth = 10'000;
    const schema s = compiled(path_dependent, o);
    for (const std::size_t depth : {std::size_t{1}, std::size_t{100}, std::size_t{500}}) {
      const std::string valid = std::string(depth, '[') + std::string(depth, ']');
      EXPECT_TRUE(s.validate(valid).valid()) << depth;
      EXPECT_FALSE(s.validate(std::string(depth, '[') + "1" + std::string(depth, ']')).valid()) << depth;
      schema_options flag = o;
      flag.output = output_format::flag;
      EXPECT_FALSE(compiled(path_dependent, flag).validate(std::string(depth, '[') + "[1,2]" + std::string(depth, ']')).valid());
    }
  }
}

TEST(Schema, OneVerdictWhateverFormTheInstanceTakes) {
  // The doubling schema through a `$dynamicRef` whose anchor only the root declares: its target
  // is the root on every path. Reading the dynamic scope, the interpreter evaluated every path
  // (2^n at depth n) and stopped at its budget on documents and nodes, where the native code
  // found the text valid.
  constexpr std::string_view fixed = R"({"$dynamicAnchor": "n", "type": "array",
      "anyOf": [{"items": {"$dynamicRef": "#n"}, "maxItems": 1}, {"items": {"$dynamicRef": "#n"}}]})";
  // Two resources bind the anchor, one on each path: the target depends on the path, and the
  // interpreter follows every path; documents and nodes get the verdict of their text.
  constexpr std::string_view path_dependent = R"({"anyOf": [{"$ref": "x"}, {"$ref": "y"}], "$defs": {
      "x": {"$id": "x", "$dynamicAnchor": "n", "$ref": "list"},
      "y": {"$id": "y", "$dynamicAnchor": "n", "$ref": "list", "minItems": 0},
      "list": {"$id": "list", "$dynamicAnchor": "n", "type": "array",
               "anyOf": [{"items": {"$dynamicRef": "#n"}, "maxItems": 1}, {"items": {"$dynamicRef": "#n"}}]}}})";
  const std::string text = std::string(60, '[') + std::string(60, ']');
  const result<document, parse_error> d = document::parse(text);
  ASSERT_TRUE(d);
  const result<node, parse_error> n = node::parse(text);
  ASSERT_TRUE(n);
  for (const std::string_view schema_text : {fixed, path_dependent}) {
    for (const output_format output : {output_format::flag, output_format::basic}) {
      schema_options o;
      o.output = output;
      const schema s = compiled(schema_text, o);
      EXPECT_EQ(s.compiled(), jsonjit::jit_available());
      EXPECT_TRUE(s.validate(text).valid()) << schema_text;
      EXPECT_TRUE(s.validate(d->root()).valid()) << schema_text;
      EXPECT_TRUE(s.validate(*n).valid()) << schema_text;
      memory_input in(text);
      // (An input decided as it arrives is read once, by the interpreter alone: it applies a
      // subschema once per anchored scope, not once per path, so it finishes too.)
      const validation streamed = s.validate(in);
      EXPECT_TRUE(streamed.valid()) << (streamed.errors().empty() ? "" : streamed.errors()[0].message);
    }
  }
  // The interpreter alone decides them too (reading the dynamic scope, it once stopped at its
  // budget where the native code said valid: two engines, two verdicts).
  for (const std::string_view schema_text : {fixed, path_dependent}) {
    schema_options o;
    o.engine = engine::interpreter;
    EXPECT_TRUE(compiled(schema_text, o).validate(text).valid()) << schema_text;
  }
  // Where no engine finishes, every form stops with the same error.
  const std::string invalid = std::string(60, '[') + "1" + std::string(60, ']');
  const schema s = compiled(path_dependent);
  const validation as_text = s.validate(invalid);
  ASSERT_FALSE(as_text.valid());
  const result<document, parse_error> invalid_document = document::parse(invalid);
  ASSERT_TRUE(invalid_document);
  const validation as_document = s.validate(invalid_document->root());
  ASSERT_FALSE(as_document.valid());
  ASSERT_EQ(as_text.errors().size(), 1u);
  ASSERT_EQ(as_document.errors().size(), 1u);
  EXPECT_EQ(as_text.errors()[0].message, as_document.errors()[0].message);
  EXPECT_EQ(as_text.errors()[0].message.rfind("validation stopped", 0), 0u) << as_text.errors()[0].message;
}

/// A schema whose root applies a chain of `length` subschemas in place, the last one checking
/// `type: integer`: each link a `$ref` alone, or (`with_all_of`) an allOf of a `$ref` beside a
/// keyword of its own.
std::string reference_chain(int length, bool with_all_of) {
  std::string text = R"({"$ref": "#/$defs/d0", "$defs": {)";
  for (int i = 0; i < length; ++i) {
    const std::string next = "\"#/$defs/d" + std::to_string(i + 1) + "\"";
    text += "\"d" + std::to_string(i) + "\": " +
            (with_all_of ? R"({"minimum": 0, "allOf": [{"$ref": )" + next + "}]}" : R"({"$ref": )" + next + "}") + ",";
  }
  return text + "\"d" + std::to_string(length) + R"(": {"type": "integer"}}})";
}

TEST(Schema, LongReferenceChainsCompileAndValidateWithoutRecursion) {
  // Compiling followed each reference by recursion: 400 of them overflowed the stack. The
  // interpreter's expansion of subschemas applied in place recursed too, and a chain that
  // failed at its end made each level's error, and the marking of dead subtrees, quadratic.
  for (const auto& [length, with_all_of] : {std::pair{400, false}, std::pair{10'000, false}, std::pair{10'000, true}}) {
    const std::string text = reference_chain(length, with_all_of);
    for (const engine e : jsonjit_test::engines_to_test(true)) {
      schema_options o;
      o.engine = e;
      const schema s = compiled(text, o);
      // (Its code is longer than AArch64's conditional branches reach: the JIT still takes it.)
      if (e == engine::jit) {
        EXPECT_TRUE(s.compiled()) << length;
      }
      EXPECT_TRUE(s.validate("7").valid()) << length;
      const validation v = s.validate("\"seven\"");
      ASSERT_FALSE(v.valid()) << length;
      ASSERT_FALSE(v.errors().empty());
      const validation_error& last = v.errors().back();
      EXPECT_TRUE(last.message.find("integer") != std::string::npos ||
                  last.message.find("errors were found than the") != std::string::npos)
          << last.message.substr(0, 200);
      // The deepest error's location names every link.
      const std::string& location = v.errors().front().keyword_location;
      EXPECT_GE(location.size(), static_cast<std::size_t>(length) * 5) << location.substr(0, 200);
    }
  }
}

TEST(Schema, OneSubschemaLargerThanShortBranchesReachCompiles) {
  // 3,000 properties make one function of some 300 KiB: far beyond what AArch64's tbz reaches
  // (32 KiB), within what its conditional branches do (1 MiB).
  std::string text = R"({"type": "object", "required": ["p1500"], "dependentRequired": {"p0": ["p2999"]}, "properties": {)";
  for (int i = 0; i < 3000; ++i) text += (i == 0 ? "\"p" : ", \"p") + std::to_string(i) + R"(": {"type": "integer"})";
  text += "}}";
  for (const engine e : jsonjit_test::engines_to_test()) {
    schema_options o;
    o.engine = e;
    const schema s = compiled(text, o);
    EXPECT_EQ(s.compiled(), e == engine::jit);
    EXPECT_TRUE(s.validate(R"({"p0": 1, "p1500": 2, "p2999": 3, "other": "x"})").valid());
    EXPECT_FALSE(s.validate(R"({"p0": 1, "p1500": 2})").valid());   // p0 needs p2999
    EXPECT_FALSE(s.validate(R"({"p1500": "two"})").valid());
    EXPECT_FALSE(s.validate(R"({"p2999": 3})").valid());  // p1500 is required
  }
}

TEST(Schema, TheBudgetGrowsWithEveryValueReadScalarsIncluded) {
  // 501 subschemas per item and one scalar member each: past the budget's start (2^18) for
  // 1,200 items if only the items counted (256 each), within it since their members count too.
  std::string wide = R"({"items": {"allOf": [)";
  for (int i = 0; i < 500; ++i) wide += std::string(i == 0 ? "" : ",") + R"({"properties": {"a": {"type": "integer"}}})";
  wide += "]}}";
  std::string items = "[";
  for (int i = 0; i < 1200; ++i) items += std::string(i == 0 ? "" : ",") + R"({"a": 1})";
  items += ']';
  for (const output_format output : {output_format::flag, output_format::basic}) {
    schema_options o;
    o.engine = engine::interpreter;
    o.output = output;
    const validation v = compiled(wide, o).validate(items);
    EXPECT_TRUE(v.valid()) << (v.errors().empty() ? "" : v.errors()[0].message);
  }
}

TEST(Schema, CompileErrorsSayWhereInTheSchema) {
  const auto error_of = [](std::string_view text, const schema_options& o = {}) {
    result<schema, parse_error> s = schema::compile(text, o);
    EXPECT_FALSE(s) << text;
    return s ? parse_error{} : s.error();
  };
  parse_error e = error_of("{\n  \"properties\": {\n    \"a\": {\"pattern\": \"(unclosed\"}\n  }\n}");
  EXPECT_EQ(e.info.code, error_code::invalid_regex);
  EXPECT_EQ(e.path, "$.properties.a.pattern");
  EXPECT_EQ(e.info.line, 3u);
  EXPECT_EQ(e.info.column, 22u);

  e = error_of(R"({"properties": {"a": {"$ref": "other.json#/x"}}})");
  EXPECT_EQ(e.info.code, error_code::unresolved_reference);
  EXPECT_EQ(e.path, "$.properties.a.$ref");
  EXPECT_EQ(e.name, "other.json#/x");

  e = error_of(R"({"type": "objekt"})");
  EXPECT_EQ(e.info.code, error_code::invalid_schema);
  EXPECT_EQ(e.path, "$.type");
  EXPECT_EQ(e.info.column, 10u);

  e = error_of(R"({"minLength": -1})");
  EXPECT_EQ(e.info.code, error_code::invalid_schema);
  EXPECT_EQ(e.path, "$.minLength");

  e = error_of(R"({"$defs": {"a": {"$id": "urn:x"}, "b": {"$id": "urn:x"}}})");
  EXPECT_EQ(e.info.code, error_code::duplicate_schema_uri);
  EXPECT_EQ(e.name, "urn:x");
  EXPECT_EQ(e.path, "$.$defs.b.$id");  // at the second claim (was line 0)
  EXPECT_EQ(e.info.line, 1u);
  // Anchors twice in one resource, and a subschema declaring its resource's own URI, compiled
  // silently (the first won).
  e = error_of(R"({"$defs": {"a": {"$anchor": "x"}, "b": {"$anchor": "x"}}, "$ref": "#x"})");
  EXPECT_EQ(e.info.code, error_code::duplicate_schema_uri);
  EXPECT_EQ(e.path, "$.$defs.b.$anchor");
  EXPECT_EQ(e.name, "urn:jsonjit:schema#x") << e.name;
  e = error_of(R"({"$id": "urn:r", "$defs": {"a": {"$id": "urn:r", "type": "string"}}})");
  EXPECT_EQ(e.info.code, error_code::duplicate_schema_uri);
  EXPECT_EQ(e.path, "$.$defs.a.$id");
  EXPECT_TRUE(schema::compile(R"({"$defs": {"a": {"$anchor": "x", "$dynamicAnchor": "x"}}})").has_value());
  for (const std::string_view not_a_schema : {"[]", "1", "null", "\"s\""}) {
    e = error_of(not_a_schema);
    EXPECT_EQ(e.info.code, error_code::invalid_schema);
    EXPECT_EQ(e.info.line, 1u) << not_a_schema;
    EXPECT_NE(e.name.find("object or a boolean"), std::string::npos) << e.name;
  }

  e = error_of(R"({"$defs": {"a": {"allOf": [{"$ref": "#/$defs/b"}]}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"})");
  EXPECT_EQ(e.info.code, error_code::invalid_schema);
  EXPECT_NE(e.name.find("without end"), std::string::npos) << e.name;
  EXPECT_EQ(error_of(R"({"$ref": "#"})").info.code, error_code::invalid_schema);

  e = error_of(R"({"type": )");
  EXPECT_EQ(e.info.code, error_code::expected_value);

  // A dynamic reference whose target is the same on every path is a static one: here the
  // schema itself, applied without end.
  e = error_of(R"({"$dynamicAnchor": "a", "$dynamicRef": "#a"})");
  EXPECT_EQ(e.info.code, error_code::invalid_schema);
  EXPECT_NE(e.name.find("without end"), std::string::npos) << e.name;
}

TEST(Schema, DraftsByDollarSchemaOrTheOptions) {
  const schema modern = compiled(R"({"items": {"type": "string"}})");
  EXPECT_EQ(modern.draft(), schema_draft::draft2020_12);
  // 2020-12's items is one schema (prefixItems took the array form).
  EXPECT_EQ(schema::compile(R"({"items": [{"type": "string"}]})").error().info.code, error_code::invalid_schema);
  schema_options seven;
  seven.default_draft = schema_draft::draft7;
  const schema tuple = compiled(R"({"items": [{"type": "string"}]})", seven);
  EXPECT_EQ(tuple.draft(), schema_draft::draft7);
  EXPECT_TRUE(tuple.validate(R"(["a", 1])").valid());
  EXPECT_FALSE(tuple.validate(R"([1])").valid());
  const schema four = compiled(R"({"$schema": "http://json-schema.org/draft-04/schema#", "type": "integer"})");
  EXPECT_EQ(four.draft(), schema_draft::draft4);
  EXPECT_FALSE(four.validate("1.0").valid());  // draft-04's integers are written without a fraction
}

TEST(Schema, ReferencesToOtherSchemasComeFromTheRegistryOrTheResolver) {
  schema_options o;
  o.registry["https://example.com/address.json"] = R"({"type": "object", "required": ["city"]})";
  int asked = 0;
  o.resolver = [&](std::string_view uri) -> std::optional<std::string> {
    ++asked;
    if (uri == "https://example.com/name.json") return R"({"type": "string", "minLength": 1})";
    return std::nullopt;
  };
  const schema s = compiled(R"({"$id": "https://example.com/person.json", "properties": {
      "name": {"$ref": "name.json"}, "home": {"$ref": "address.json"}}})", o);
  EXPECT_EQ(asked, 1);
  EXPECT_TRUE(s.validate(R"({"name": "Ada", "home": {"city": "London"}})").valid());
  const validation v = s.validate(R"({"name": "", "home": {}})");
  ASSERT_EQ(v.errors().size(), 2u);
  EXPECT_EQ(v.errors()[0].absolute_keyword_location, "https://example.com/name.json#/minLength");
  EXPECT_EQ(v.errors()[1].absolute_keyword_location, "https://example.com/address.json#/required");
  EXPECT_EQ(asked, 1);  // never while validating
  EXPECT_EQ(schema::compile(R"({"$ref": "https://example.com/none.json"})", o).error().info.code,
            error_code::unresolved_reference);
}

TEST(Schema, InstancesFromPipesFilesDocumentsAndNodesGiveTheSameErrors) {
  const schema s = compiled(feature_schema);
  const std::string text = R"({"features": [{"type": "Point", "geometry": {}}, 3]})";
  const validation from_text = s.validate(text);
  ASSERT_EQ(from_text.errors().size(), 2u);

  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  std::thread writer([&] {
    for (char c : text) ASSERT_EQ(write(fds[1], &c, 1), 1);  // a byte at a time
    close(fds[1]);
  });
  fd_input piped(fds[0], 16);
  const validation from_pipe = s.validate(piped);
  writer.join();
  close(fds[0]);

  const std::string path = ::testing::TempDir() + "schema_instance.json";
  std::ofstream(path) << text;
  std::ifstream file(path);
  istream_input from_file_input(file);
  const validation from_file = s.validate(from_file_input);
  std::remove(path.c_str());

  const document d = std::move(document::parse(text).value());
  const validation from_document = s.validate(d.root());
  const node n = std::move(node::parse(text).value());
  const validation from_node = s.validate(n);

  for (const validation* v : {&from_pipe, &from_file, &from_document, &from_node}) {
    ASSERT_EQ(v->errors().size(), 2u);
    for (std::size_t i = 0; i < 2; ++i) {
      EXPECT_EQ(v->errors()[i].instance_location, from_text.errors()[i].instance_location);
      EXPECT_EQ(v->errors()[i].keyword_location, from_text.errors()[i].keyword_location);
      EXPECT_EQ(v->errors()[i].message, from_text.errors()[i].message);
    }
  }
  EXPECT_EQ(from_pipe.errors()[1].position.offset, from_text.errors()[1].position.offset);
  EXPECT_EQ(from_file.errors()[1].position.column, from_text.errors()[1].position.column);
  EXPECT_EQ(from_document.errors()[1].position.line, 0u);  // a parsed value keeps no positions
}

TEST(Schema, PatternsThatWouldRunUnboundedReportAnErrorInstead) {
  const schema s = compiled(R"({"pattern": "^(a|a)+$"})");
  const validation v = s.validate("\"" + std::string(40, 'a') + "b\"");
  ASSERT_FALSE(v.valid());
  EXPECT_NE(v.errors()[0].message.find("match limit"), std::string::npos) << v.errors()[0].message;
  EXPECT_TRUE(s.validate(R"("aaaa")").valid());
  // No backtracking, but each of the 200,000 starts runs a million-step pattern (22 s).
  const schema repeats = compiled(R"({"pattern": "(a{1000}){1000}"})");
  const validation r = repeats.validate("\"" + std::string(200'000, 'a') + "\"");
  ASSERT_FALSE(r.valid());
  EXPECT_NE(r.errors()[0].message.find("match limit"), std::string::npos) << r.errors()[0].message;
  const validation short_text = repeats.validate("\"" + std::string(1'000, 'a') + "\"");
  ASSERT_FALSE(short_text.valid());  // decided: a thousand a's are too few
  EXPECT_EQ(short_text.errors()[0].message.find("match limit"), std::string::npos) << short_text.errors()[0].message;
  EXPECT_TRUE(compiled(R"({"pattern": "^[a-z]+(-[a-z]+)*$"})").validate("\"" + std::string(1'000'000, 'a') + "\"").valid());
}

TEST(Schema, PatternsAreInterpretedUnlessRegexJitIsAskedForWithTheSameVerdicts) {
  // PCRE2's JIT maps its code writable and executable at once: by default no schema makes
  // such memory (compared with what the process had before: a test may have asked for it).
  const std::string_view text = R"json({
    "properties": {"version": {"pattern": "^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$"}},
    "patternProperties": {"^(x|y)-[a-z]+$": {"type": "integer"}}})json";
  const std::pair<std::string_view, bool> instances[] = {{R"({"version": "1.2"})", true},
                                                         {R"({"version": "1.02"})", false},
                                                         {R"({"version": "1.2-beta.1"})", true},
                                                         {R"({"version": "1.2-"})", false},
                                                         {R"({"x-abc": 1})", true},
                                                         {R"({"y-abc": "1"})", false},
                                                         {R"({"z-abc": "1"})", true},
                                                         {R"({"x-ab1": "1"})", true}};
  const std::vector<std::string> before = jsonjit_test::writable_and_executable_mappings();
  for (const bool regex_jit : {false, true}) {
    for (const engine e : jsonjit_test::engines_to_test()) {
      schema_options options;
      options.engine = e;
      options.regex_jit = regex_jit;
      const schema s = compiled(text, options);
      for (const auto& [instance, valid] : instances) {
        EXPECT_EQ(s.validate(instance).valid(), valid) << instance << (regex_jit ? " (regex_jit)" : "");
      }
    }
    if (!regex_jit) {
      EXPECT_EQ(jsonjit_test::writable_and_executable_mappings(), before);
    }
  }
}

TEST(Schema, NumbersAreComparedAndDividedExactly) {
  EXPECT_TRUE(compiled(R"({"multipleOf": 0.0001})").validate("0.0075").valid());
  EXPECT_FALSE(compiled(R"({"multipleOf": 0.0001})").validate("0.00751").valid());
  EXPECT_FALSE(compiled(R"({"maximum": 18446744073709551615})").validate("18446744073709551616").valid());
  EXPECT_TRUE(compiled(R"({"enum": [1.0, {"a": [2]}]})").validate(R"({"a": [2.00]})").valid());
  EXPECT_FALSE(compiled(R"({"uniqueItems": true})").validate(R"([{"a": 1, "b": 2}, {"b": 2, "a": 1.0}])").valid());
  EXPECT_FALSE(compiled(R"({"maxLength": 2})").validate(R"("\u00e9t\u00e9")").valid());  // three code points
  EXPECT_TRUE(compiled(R"({"maxLength": 3})").validate(R"("été")").valid());
}

TEST(Schema, NumbersBeyondDoublesRangeCompileAndCompareExactly) {
  // A schema with 1e400 anywhere failed to compile (its document refused the number), even in
  // an annotation or a keyword nobody reads.
  for (const engine e : jsonjit_test::engines_to_test(true)) {
    schema_options o;
    o.engine = e;
    const schema s = compiled(R"({"default": 1e400, "x-extra": [-1e999], "maximum": 1e400, "minimum": -1e400})", o);
    EXPECT_TRUE(s.validate("5").valid());
    EXPECT_TRUE(s.validate("1e399").valid());
    EXPECT_TRUE(s.validate("1e400").valid());
    EXPECT_FALSE(s.validate("1.0000000000000000000001e400").valid());
    EXPECT_FALSE(s.validate("-1e401").valid());
  }
  const result<document, parse_error> kept = document::parse("[1e400]", {.preserve_number_text = true});
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->root()[0].get_double().error(), error_code::number_out_of_range);
  EXPECT_EQ(kept->root().to_json().value(), "[1e400]");
  EXPECT_EQ(document::parse("[1e400]").error().info.code, error_code::number_out_of_range);
}

TEST(Schema, OneSchemaFromManyThreads) {
  const schema s = compiled(feature_schema);
  const schema copy = s;  // shares the compiled form
  std::vector<std::thread> threads;
  std::atomic<int> wrong{0};
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) {
        const bool valid = (i + t) % 2 == 0;
        const validation v = (t % 2 == 0 ? s : copy)
                                 .validate(valid ? R"({"features": [{"type": "Feature", "geometry": null}]})"
                                                 : R"({"features": [{"type": "Other", "geometry": null}]})");
        if (v.valid() != valid || v.errors().size() != (valid ? 0u : 1u)) ++wrong;
      }
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(wrong, 0);
}

}  // namespace
}  // namespace jsonjit
