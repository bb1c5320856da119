// The schema JIT (schema_options::engine): what it compiles and refuses, and that its code
// gives the interpreter's outcome — verdict, errors, positions — on every kind of input: valid
// instances decided by the code alone (jit_stats counts them), invalid ones, text that is not
// JSON, nesting past the limit, names it cannot match in place, schemas whose applicators
// would rescan a value exponentially often, and many threads at once.
#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include <jsonjit/jit.hpp>
#include <jsonjit/schema.hpp>

#include "engines.hpp"

namespace jsonjit {
namespace {

schema compiled_with(std::string_view text, engine e) {
  schema_options options;
  options.engine = e;
  result<schema, parse_error> s = schema::compile(text, options);
  if (!s) ADD_FAILURE() << to_string(s.error());
  return s ? *s : *schema::compile("true", options);
}

/// Validates `instance` with both engines; fails the test where their outcomes differ in
/// anything (detailed output: verdict, every error with its locations and message). Returns
/// the verdict and whether the JIT's code decided it without the interpreter.
struct outcome {
  bool valid;
  bool decided_by_code;
};
outcome both(const schema& jit, const schema& interpreter, std::string_view instance) {
  const std::uint64_t before = jit_stats().validations_replayed;
  const validation a = jit.validate(instance), b = interpreter.validate(instance);
  const bool decided = jit.compiled() && jit_stats().validations_replayed == before;
  EXPECT_EQ(a.to_json(output_format::detailed), b.to_json(output_format::detailed)) << instance;
  for (std::size_t i = 0; i < std::min(a.errors().size(), b.errors().size()); ++i) {
    EXPECT_EQ(a.errors()[i].position.offset, b.errors()[i].position.offset) << instance;
    EXPECT_EQ(a.errors()[i].position.line, b.errors()[i].position.line) << instance;
  }
  return {a.valid(), decided};
}

constexpr std::string_view order_schema = R"({
  "type": "object",
  "required": ["id", "customer", "lines"],
  "properties": {
    "id": {"type": "integer", "minimum": 1},
    "customer": {"$ref": "#/$defs/customer"},
    "lines": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/line"}},
    "note": {"type": ["string", "null"], "maxLength": 20},
    "status": {"enum": ["open", "paid", "shipped"]}
  },
  "additionalProperties": false,
  "$defs": {
    "customer": {"type": "object", "required": ["name"],
                 "properties": {"name": {"type": "string", "minLength": 1},
                                "email": {"type": "string", "format": "email"}},
                 "dependentRequired": {"email": ["name"]}},
    "line": {"type": "object", "required": ["sku", "quantity"],
             "properties": {"sku": {"type": "string", "pattern": "^[A-Z]{3}-[0-9]+$"},
                            "quantity": {"type": "integer", "exclusiveMinimum": 0},
                            "price": {"type": "number", "multipleOf": 0.01}}}
  }
})";

TEST(JitSchema, CompilesAndDecidesValidInstancesByItsCode) {
  JSONJIT_TEST_NEEDS_JIT();
  const schema jit = compiled_with(order_schema, engine::jit);
  const schema interpreter = compiled_with(order_schema, engine::interpreter);
  EXPECT_TRUE(jit.compiled());
  EXPECT_FALSE(interpreter.compiled());
  for (const char* valid : {
           R"({"id":1,"customer":{"name":"Ann"},"lines":[{"sku":"ABC-1","quantity":2}]})",
           // another order of members, whitespace, unknown-to-the-speculation order
           "{ \"lines\" : [ {\"quantity\": 1, \"sku\": \"XYZ-42\", \"price\": 19.99} ],\n  \"customer\": {\"email\": \"a@b.example\", \"name\": \"B\"},\r\n\t\"id\": 7, \"status\": \"paid\", \"note\": null }",
           // a name written with an escape is the same name
           R"({"i\u0064":3,"customer":{"name":"C"},"lines":[{"sku":"ABC-9","quantity":1e2}]})",
           "\xEF\xBB\xBF{\"id\":1,\"customer\":{\"name\":\"D\"},\"lines\":[{\"sku\":\"ABC-1\",\"quantity\":1}]}  ",
       }) {
    const outcome o = both(jit, interpreter, valid);
    EXPECT_TRUE(o.valid) << valid;
    EXPECT_TRUE(o.decided_by_code) << valid;
  }
}

TEST(JitSchema, InvalidInstancesGetTheInterpretersErrors) {
  JSONJIT_TEST_NEEDS_JIT();
  const schema jit = compiled_with(order_schema, engine::jit);
  const schema interpreter = compiled_with(order_schema, engine::interpreter);
  for (const char* invalid : {
           R"({"id":0,"customer":{"name":"Ann"},"lines":[{"sku":"ABC-1","quantity":2}]})",
           R"({"id":1,"customer":{},"lines":[]})",
           R"({"id":1,"customer":{"name":"A"},"lines":[{"sku":"abc","quantity":0,"price":0.001}]})",
           R"({"id":1.5,"customer":{"name":""},"lines":[{"sku":"ABC-1","quantity":2}],"extra":true})",
           R"({"id":1,"customer":{"name":"A","email":"no at sign"},"lines":[{"sku":"ABC-1","quantity":2}],"status":"lost"})",
           R"({"id":1,"customer":{"name":"A"},"lines":[{"sku":"ABC-1","quantity":2}],"note":"far too long for the note field"})",
           R"([1, 2])",
       }) {
    const outcome o = both(jit, interpreter, invalid);
    EXPECT_FALSE(o.valid) << invalid;
    EXPECT_FALSE(o.decided_by_code) << invalid;
  }
}

TEST(JitSchema, TextThatIsNotJsonIsTheReadersError) {
  JSONJIT_TEST_NEEDS_JIT();
  const schema jit = compiled_with(R"({"type": "array", "items": {"type": ["string", "number", "boolean", "null"]}})",
                                   engine::jit);
  const schema interpreter = compiled_with(R"({"type": "array", "items": {"type": ["string", "number", "boolean", "null"]}})",
                                           engine::interpreter);
  EXPECT_TRUE(both(jit, interpreter, R"(["a", -1.5e3, true, false, null, 0])").valid);
  for (const char* bad : {"", " ", "[", "[1,", "[1,]", "[01]", "[1.]", "[-]", "[1e]", "[tru]", "[nul]", "[\"a]",
                          "[\"\x01\"]", "[\"\xC3\x28\"]", "[\"\\x\"]", "[\"\\uD800\"]", "[1] 2", "[1]]", "[1 2]",
                          "{\"a\":1}x", "[\"\xF4\x90\x80\x80\"]"}) {
    EXPECT_FALSE(both(jit, interpreter, bad).valid) << bad;
  }
}

TEST(JitSchema, NestingPastTheLimitIsTheInterpretersError) {
  JSONJIT_TEST_NEEDS_JIT();
  const char* text = R"({"$defs": {"tree": {"type": "array", "items": {"$ref": "#/$defs/tree"}}}, "$ref": "#/$defs/tree"})";
  const schema jit = compiled_with(text, engine::jit);
  const schema interpreter = compiled_with(text, engine::interpreter);
  for (const int depth : {1, 10, 63, 64, 65, 200}) {
    const std::string nested = std::string(static_cast<std::size_t>(depth), '[') + std::string(static_cast<std::size_t>(depth), ']');
    const outcome o = both(jit, interpreter, nested);
    EXPECT_EQ(o.valid, depth <= 64) << depth;  // the reader's limit: 64 levels
  }
  // The same for values no subschema looks into.
  const schema any_jit = compiled_with(R"({"type": "object"})", engine::jit);
  const schema any_interpreter = compiled_with(R"({"type": "object"})", engine::interpreter);
  for (const int depth : {1, 62, 63, 64, 65}) {
    const std::string nested = "{\"a\":" + std::string(static_cast<std::size_t>(depth), '[') +
                               std::string(static_cast<std::size_t>(depth), ']') + "}";
    both(any_jit, any_interpreter, nested);
  }
}

TEST(JitSchema, ApplicatorsThatRescanEveryLevelAreBoundedByABudget) {
  JSONJIT_TEST_NEEDS_JIT();
  // At each level the first branch looks at the whole subtree before it fails (minItems), then
  // the second looks again: 2^depth scans. The code gives up past a budget proportional to the
  // input and the interpreter decides (which has a budget of its own, further out).
  const char* text = R"({"anyOf": [{"items": {"$ref": "#"}, "minItems": 2}, {"items": {"$ref": "#"}}], "type": "array"})";
  const schema jit = compiled_with(text, engine::jit);
  const schema interpreter = compiled_with(text, engine::interpreter);
  const std::string shallow = "[[[]]]";
  const outcome small = both(jit, interpreter, shallow);
  EXPECT_TRUE(small.valid);
  EXPECT_TRUE(small.decided_by_code);
  const std::string deep = std::string(14, '[') + std::string(14, ']');
  const outcome large = both(jit, interpreter, deep);
  EXPECT_TRUE(large.valid);
  EXPECT_FALSE(large.decided_by_code);  // 2^14 calls: past the budget
  // 2^60 calls: the code stops at its budget however deep the calls are when it runs out.
  const outcome huge = both(jit, interpreter, std::string(60, '[') + std::string(60, ']'));
  EXPECT_TRUE(huge.valid);
  EXPECT_FALSE(huge.decided_by_code);
}

TEST(JitSchema, EveryKeywordItCompilesAgreesWithTheInterpreter) {
  JSONJIT_TEST_NEEDS_JIT();
  struct check {
    const char* schema;
    std::vector<std::string> instances;
  };
  const std::vector<check> checks = {
      {R"({"oneOf": [{"type": "integer"}, {"minimum": 2}]})", {"1", "3", "2.5", "\"x\""}},
      {R"({"not": {"type": "string"}})", {"1", "\"a\"", "[\"a\"]"}},
      {R"({"if": {"minimum": 10}, "then": {"multipleOf": 2}, "else": {"maximum": 0}})", {"12", "13", "-1", "5"}},
      {R"({"allOf": [{"minLength": 2}, {"maxLength": 3}], "pattern": "b"})", {"\"ab\"", "\"a\"", "\"abcd\"", "\"xx\""}},
      {R"({"prefixItems": [{"const": 1}, {"type": "string"}], "items": false})", {"[1, \"a\"]", "[1]", "[1, \"a\", 2]", "[2]"}},
      {R"({"contains": {"type": "null"}, "minContains": 2, "maxContains": 3})", {"[null, null]", "[null]", "[null,null,null,null]", "[]", "{}"}},
      {R"({"uniqueItems": true})", {"[1, 1.0]", "[{\"a\":1,\"b\":2}, {\"b\":2,\"a\":1}]", "[[1], [true]]", "[]"}},
      {R"({"enum": [[1, {"a": null}], {"x": [2]}]})", {"[1, {\"a\": null}]", "{\"x\": [2.0]}", "{\"x\": [3]}", "[1]"}},
      {R"({"const": {"a": [1, "b"]}})", {"{\"a\": [1, \"b\"]}", "{\"a\": [1, \"c\"]}"}},
      {R"({"patternProperties": {"^x-": {"type": "integer"}}, "additionalProperties": {"type": "string"}, "propertyNames": {"maxLength": 4}})",
       {"{\"x-a\": 1, \"b\": \"s\"}", "{\"x-a\": \"s\"}", "{\"b\": 1}", "{\"long-name\": \"s\"}"}},
      {R"({"dependentSchemas": {"a": {"required": ["b"]}}, "minProperties": 1, "maxProperties": 2})",
       {"{\"a\": 1, \"b\": 2}", "{\"a\": 1}", "{}", "{\"c\": 1, \"d\": 2, \"e\": 3}"}},
      {R"({"properties": {"a\"b": {"type": "integer"}, "\u00e9": {"type": "string"}}})",
       {"{\"a\\\"b\": 1}", "{\"a\\\"b\": \"x\"}", "{\"\u00e9\": \"x\"}", "{\"\\u00e9\": 1}"}},
      {R"({"type": "integer", "maximum": 18446744073709551616})", {"18446744073709551615", "18446744073709551617", "1.0", "1.5"}},
      {R"({"type": ["boolean", "null"], "enum": [true, null]})", {"true", "false", "null", "0"}},
      {"false", {"1", "{}"}},
      {R"({"minLength": 3000000000})", {"\"a string of fewer code points than that\"", "1"}},
      {R"({"maxLength": 3000000000, "minLength": 2})", {"\"a string of more than 16 bytes\"", "\"a\""}},
      // A dynamic reference whose anchor the root holds (or what the root is a $ref to)
      // resolves there, whatever the path.
      {R"({"$defs": {"x": {"$id": "urn:x", "$dynamicAnchor": "a", "items": {"$dynamicRef": "#a"}, "maxItems": 1}},
           "$ref": "urn:x"})", {"[[[]]]", "[[], []]", "[[[], []]]"}},
      {R"({"$dynamicAnchor": "node", "type": "array", "items": {"$dynamicRef": "#node"}})", {"[[], [[]]]", "[1]", "[[\"x\"]]"}},
      {R"({"$schema": "https://json-schema.org/draft/2019-09/schema", "$recursiveAnchor": true, "type": "object",
           "additionalProperties": {"$recursiveRef": "#"}})", {"{\"a\": {\"b\": {}}}", "{\"a\": 1}"}},
      // Objects equal whatever their members' order, at every level; names with escapes,
      // short and longer than the helpers' stack buffer.
      {R"({"enum": [{"a": {"c": 1, "b": [1, {"e": 2, "d": 3}]}, "b": 2}, [{"x": {}}]]})",
       {R"({"b": 2, "a": {"b": [1.0, {"d": 3, "e": 2}], "c": 1}})", R"({"b": 2, "a": {"b": [1, {"d": 3, "e": 3}], "c": 1}})",
        R"([{"x": {}}])", R"([{"x": []}])"}},
      {R"({"uniqueItems": true})",
       {R"([{"a": {"c": 1, "b": 2}}, {"a": {"b": 2, "c": 1.0}}])", R"([{"a": {"c": 1, "b": 2}}, {"a": {"b": 2, "c": 2}}])"}},
      {R"({"patternProperties": {"^a+\n$": {"type": "integer"}, "^b\n$": {"type": "string"}}})",
       {"{\"" + std::string(70, 'a') + "\\n\": 1}", "{\"" + std::string(70, 'a') + "\\n\": \"x\"}",
        R"({"b\n": "x"})", R"({"b\n": 1})"}},
      // A dynamic reference whose target depends on the path: the resources entered bind it.
      {R"({"$defs": {"x": {"$id": "urn:x", "$dynamicAnchor": "a", "items": {"$dynamicRef": "#a"}, "maxItems": 2},
                     "y": {"$id": "urn:y", "$dynamicAnchor": "a", "$ref": "urn:x", "minItems": 1}},
           "properties": {"x": {"$ref": "urn:x"}, "y": {"$ref": "urn:y"}}})",
       {R"({"x": [[], [[]]], "y": [[[1]]]})", R"({"y": [[]]})", R"({"x": [[[], [], []]]})", R"({"x": [[], [[]]]})"}},
      {R"({"$schema": "https://json-schema.org/draft/2019-09/schema",
           "$defs": {"tree": {"$id": "urn:tree", "$recursiveAnchor": true, "type": "object",
                              "properties": {"kids": {"type": "array", "items": {"$recursiveRef": "#"}}}},
                     "strict": {"$id": "urn:strict", "$recursiveAnchor": true, "$ref": "urn:tree",
                                "unevaluatedProperties": false}},
           "properties": {"loose": {"$ref": "urn:tree"}, "strict": {"$ref": "urn:strict"}}})",
       {R"({"loose": {"kids": [{"x": 1}]}, "strict": {"kids": [{"kids": []}]}})", R"({"strict": {"kids": [{"x": 1}]}})"}},
      // unevaluated*: what the subschemas applied in place evaluated where they passed.
      {R"({"allOf": [{"properties": {"a": true}}], "anyOf": [{"properties": {"b": true}, "required": ["b"]},
                                                            {"patternProperties": {"^c": true}}],
           "if": {"properties": {"d": {"const": 1}}}, "then": {"properties": {"e": true}},
           "dependentSchemas": {"f": {"properties": {"g": true}}}, "properties": {"f": true},
           "unevaluatedProperties": false})",
       {R"({"a": 1, "b": 2, "c1": 3})", R"({"a": 1, "c": 3})", R"({"a": 1, "x": 0})", R"({"d": 1, "e": 2})",
        R"({"d": 2, "e": 2})", R"({"f": 1, "g": 2})", R"({"g": 2})", "{}", "[1]"}},
      {R"({"properties": {"a": {"unevaluatedProperties": {"type": "integer"}, "properties": {"b": true}}},
           "additionalProperties": false, "unevaluatedProperties": false})",
       {R"({"a": {"b": "s", "c": 1}})", R"({"a": {"c": "s"}})", R"({"b": 1})"}},
      {R"({"not": {"properties": {"a": false}}, "unevaluatedProperties": false})", {R"({"a": 1})", "{}"}},
      {R"({"prefixItems": [{"type": "integer"}], "contains": {"type": "string"}, "unevaluatedItems": {"type": "boolean"}})",
       {R"([1, "s", true, "t"])", R"([1, "s", null])", R"([1])", "[]"}},
      {R"({"$schema": "https://json-schema.org/draft/2019-09/schema", "items": [true],
           "contains": {"type": "string"}, "unevaluatedItems": false})", {R"([1])", R"([1, "s"])"}},
      {R"({"oneOf": [{"prefixItems": [true, true]}, {"items": {"type": "string"}}], "unevaluatedItems": false})",
       {R"([1, 2])", R"(["a", "b", "c"])", R"([1, 2, 3])", R"(["a", "b"])"}},
  };
  for (const check& c : checks) {
    const schema jit = compiled_with(c.schema, engine::jit);
    const schema interpreter = compiled_with(c.schema, engine::interpreter);
    for (const std::string& instance : c.instances) {
      const outcome o = both(jit, interpreter, instance);
      EXPECT_EQ(o.valid, o.decided_by_code) << c.schema << " on " << instance;
    }
  }
}

TEST(JitSchema, MembersAndItemsPastTheEvaluatedMaskAreLeftToTheInterpreter) {
  JSONJIT_TEST_NEEDS_JIT();
  // The code's mask of evaluated entries holds 63 one by one (and "every one after" as one
  // bit): a 64th member evaluated on its own makes the code give up, never guess.
  const std::string_view text = R"({"patternProperties": {"^p": true}, "unevaluatedProperties": false})";
  const schema jit = compiled_with(text, engine::jit), interpreter = compiled_with(text, engine::interpreter);
  const auto object_of = [](int members, std::string_view last) {
    std::string o = "{";
    for (int i = 0; i < members; ++i) o += "\"p" + std::to_string(i) + "\": " + std::to_string(i) + ", ";
    return o + std::string(last) + "}";
  };
  EXPECT_EQ(both(jit, interpreter, object_of(62, R"("p": 0)")).decided_by_code, true);
  for (const std::string_view last : {R"("p": 0)", R"("q": 0)"}) {
    const outcome o = both(jit, interpreter, object_of(70, last));
    EXPECT_EQ(o.valid, last[1] == 'p');
    EXPECT_FALSE(o.decided_by_code);
  }
  // An items schema evaluates every item, however many: no entry is marked on its own.
  const std::string_view items = R"({"allOf": [{"items": {"type": "integer"}}], "unevaluatedItems": false})";
  const schema jit_items = compiled_with(items, engine::jit), interpreter_items = compiled_with(items, engine::interpreter);
  std::string array = "[0";
  for (int i = 1; i < 100; ++i) array += ", " + std::to_string(i);
  const outcome o = both(jit_items, interpreter_items, array + "]");
  EXPECT_TRUE(o.valid);
  EXPECT_TRUE(o.decided_by_code);
}

TEST(JitSchema, RefusesWhatItLeavesToTheInterpreterByName) {
  JSONJIT_TEST_NEEDS_JIT();
  schema_options options;
  options.engine = engine::jit;
  std::string prefix_items_64 = R"({"unevaluatedItems": false, "prefixItems": [true)";
  for (int i = 1; i < 64; ++i) prefix_items_64 += ", true";
  prefix_items_64 += "]}";
  std::string required_65 = R"({"required": ["p0")";
  for (int i = 1; i < 65; ++i) required_65 += ", \"p" + std::to_string(i) + "\"";
  required_65 += "]}";
  const char* dynamic_loop = R"({"anyOf": [{"$ref": "a"}, {"$ref": "b"}], "$defs": {
      "a": {"$id": "a", "$dynamicAnchor": "n", "$dynamicRef": "#n"}, "b": {"$id": "b", "$dynamicAnchor": "n"}}})";
  for (const auto& [text, keyword] :
       {// Which of more than 63 items a prefix evaluated: more than the code's mask holds.
        std::pair{prefix_items_64.c_str(), "prefixItems"},
        std::pair{required_65.c_str(), "required"},
        // On the path through "a", the dynamic reference's target is "a" itself, applied to
        // the same value without end (through "b" it is "b").
        std::pair{dynamic_loop, "without end"}}) {
    const result<schema, parse_error> s = schema::compile(text, options);
    ASSERT_FALSE(s) << text;
    EXPECT_EQ(s.error().info.code, error_code::not_compiled);
    EXPECT_NE(s.error().name.find(keyword), std::string::npos) << s.error().name;
    // The automatic engine takes the interpreter for them.
    const result<schema, parse_error> automatic = schema::compile(text);
    ASSERT_TRUE(automatic) << text;
    EXPECT_FALSE(automatic->compiled());
  }
  // Where the refused keyword is in the schema text.
  const parse_error where = schema::compile("{\n  \"items\": " + prefix_items_64 + "}", options).error();
  EXPECT_EQ(where.path, "$.items.prefixItems");
  EXPECT_EQ(where.info.line, 2u);
  EXPECT_EQ(where.info.column, 55u);  // its value, as compile errors point
  schema_options lenient = options;
  lenient.reader.allow_trailing_commas = true;
  EXPECT_EQ(schema::compile("{}", lenient).error().info.code, error_code::not_compiled);
  schema_options annotated = options;
  annotated.annotations = true;
  EXPECT_EQ(schema::compile("{}", annotated).error().info.code, error_code::not_compiled);
  EXPECT_TRUE(schema::compile("{}")->compiled());  // automatic: the JIT where it compiles
}

TEST(JitSchema, ReadsAnObjectOnceForTheSubschemasItMustAllPass) {
  JSONJIT_TEST_NEEDS_JIT();
  // An allOf of vocabularies, as the meta-schemas are built: one read of the object applies
  // every branch's keywords to each member (the same name in two branches gets both), then
  // every branch's checks of the whole object; other values go to each branch's function.
  const char* vocabularies = R"({
    "$ref": "#/$defs/named", "type": ["object", "string"], "minLength": 2,
    "allOf": [{"properties": {"a": {"type": "integer"}}, "patternProperties": {"^x-": {"type": "string"}}},
              {"properties": {"a": {"minimum": 0}, "b": {"type": "string"}}, "additionalProperties": {"type": ["boolean", "string"]}},
              {"required": ["a"], "dependentRequired": {"c": ["b"]}, "maxProperties": 4, "minLength": 1},
              {"propertyNames": {"maxLength": 4}, "minProperties": 1}],
    "$defs": {"named": {"required": ["name"], "properties": {"name": {"type": "string"}}}}})";
  const schema automatic = *schema::compile(vocabularies);
  EXPECT_TRUE(automatic.compiled());
  const schema interpreter = compiled_with(vocabularies, engine::interpreter);
  for (const char* instance : {R"({"a": 1, "name": "n"})", R"({"a": 2, "b": "s", "c": true, "name": "m"})",
                               R"({"a": -1, "name": "n"})", R"({"a": 1, "name": 2})", R"({"name": "n"})",
                               R"({"a": 2, "c": true, "name": "m"})", R"({"a": 1, "name": "n", "long": true})", R"({"a": 1, "name": "n", "longer": true})",
                               R"({"a": 1, "name": "n", "x-1": 1})", R"({"a": 1, "b": "s", "name": "n", "x": true, "y": true})",
                               R"("text")", R"("t")", "1", "[]"}) {
    const outcome o = both(automatic, interpreter, instance);
    EXPECT_EQ(o.valid, o.decided_by_code) << instance;
  }
  EXPECT_TRUE(both(automatic, interpreter, R"({"a": 1, "name": "n"})").valid);
  EXPECT_TRUE(both(automatic, interpreter, R"({"a": 1, "name": "n", "x-1": "s", "long": true})").valid);
  EXPECT_FALSE(both(automatic, interpreter, R"({"a": 1, "name": "n", "x-1": 1})").valid);
  EXPECT_FALSE(both(automatic, interpreter, R"({"a": 1, "name": "n", "long": 1})").valid);
  EXPECT_TRUE(both(automatic, interpreter, R"("text")").valid);
  // Without patterns, additionalProperties or propertyNames, the branches' names are compared
  // by the code itself: every length the comparisons distinguish, near misses (one byte off at
  // the start, the middle, the end), a name in two branches, names past 32 bytes and names
  // with escapes (left to the helper).
  const char* names = R"({
    "allOf": [{"properties": {"a": {"type": "integer"}, "bc": {"type": "integer"}, "def": {"type": "integer"},
                              "ghij": {"type": "integer"}, "klmnopq": {"type": "integer"}, "rstuvwxy": {"type": "integer"},
                              "abcdefghijklmnopq": {"type": "integer"}, "shared": {"minimum": 0}}},
              {"properties": {"shared": {"maximum": 10}, "x-a-name-longer-than-thirty-two-bytes": {"type": "integer"}},
               "required": ["ghij"]}]})";
  const schema names_automatic = *schema::compile(names);
  EXPECT_TRUE(names_automatic.compiled());
  const schema names_interpreter = compiled_with(names, engine::interpreter);
  const std::string_view declared[] = {"a", "bc", "def", "ghij", "klmnopq", "rstuvwxy", "abcdefghijklmnopq",
                                       "x-a-name-longer-than-thirty-two-bytes"};
  // (The member tested comes first: the code's vector scan wants 17 bytes after a name's quote;
  // nearer the end of the input, names go to the helper.)
  const auto object_with = [](std::string_view name, std::string_view value) {
    return "{\"" + std::string(name) + "\": " + std::string(value) + R"(, "ghij": 1, "shared": 5, "padding": "0123456789abcdef"})";
  };
  for (const std::string_view name : declared) {
    EXPECT_TRUE(both(names_automatic, names_interpreter, object_with(name, "2")).decided_by_code) << name;
    EXPECT_FALSE(both(names_automatic, names_interpreter, object_with(name, R"("s")")).valid) << name;
    // The same length, one byte off: not declared, so any value passes.
    for (const std::size_t at : {std::size_t{0}, name.size() / 2, name.size() - 1}) {
      std::string other(name);
      other[at] = other[at] == 'z' ? 'y' : 'z';
      EXPECT_TRUE(both(names_automatic, names_interpreter, object_with(other, R"("s")")).decided_by_code) << other;
    }
  }
  EXPECT_FALSE(both(names_automatic, names_interpreter, object_with("shared", "11")).valid);  // the second branch's
  EXPECT_FALSE(both(names_automatic, names_interpreter, object_with("shared", "-1")).valid);  // the first branch's
  EXPECT_FALSE(both(names_automatic, names_interpreter, R"({"a": 1, "padding": "0123456789abcdef"})").valid);  // required
  EXPECT_FALSE(both(names_automatic, names_interpreter, R"({"gh\u0069j": 1, "a": "s"})").valid);
  EXPECT_TRUE(both(names_automatic, names_interpreter, R"({"gh\u0069j": 1, "\u0061": 1})").decided_by_code);
  EXPECT_TRUE(both(names_automatic, names_interpreter, R"({"ghij": 1, "": "s", "a\"": "s"})").decided_by_code);
  // enum and const of objects, in a branch.
  const char* enumerated = R"({"allOf": [{"properties": {"a": {"type": "integer"}}}, {"enum": [{"a": 1}, {"a": 2.5}]}]})";
  const schema enumerated_automatic = *schema::compile(enumerated);
  EXPECT_TRUE(enumerated_automatic.compiled());
  const schema enumerated_interpreter = compiled_with(enumerated, engine::interpreter);
  EXPECT_TRUE(both(enumerated_automatic, enumerated_interpreter, R"({"a": 1.0})").decided_by_code);
  EXPECT_FALSE(both(enumerated_automatic, enumerated_interpreter, R"({"a": 2.5})").valid);
  EXPECT_FALSE(both(enumerated_automatic, enumerated_interpreter, R"({"a": 3})").valid);
  // The 2020-12 meta-schema is such an allOf (of its vocabularies).
  EXPECT_TRUE(schema::compile(R"({"$ref": "https://json-schema.org/draft/2020-12/schema"})")->compiled());
  // Four subschemas that each look into an array must all pass: the code would scan it four
  // times, the interpreter reads it once.
  const char* arrays = R"({"allOf": [{"items": {"type": "integer"}}, {"maxItems": 3}, {"minItems": 1}, {"contains": {"const": 1}}]})";
  EXPECT_FALSE(schema::compile(arrays)->compiled());
  const schema jit = compiled_with(arrays, engine::jit), arrays_interpreted = compiled_with(arrays, engine::interpreter);
  EXPECT_TRUE(both(jit, arrays_interpreted, "[1, 2]").valid);
  EXPECT_FALSE(both(jit, arrays_interpreted, "[2]").valid);
  // Alternatives (anyOf, oneOf) mostly fail early, and the code is faster there.
  EXPECT_TRUE(schema::compile(R"({"oneOf": [{"required": ["a"]}, {"required": ["b"]}, {"required": ["c"]}, {"required": ["d"]}, {"required": ["e"]}]})")->compiled());
}

TEST(JitSchema, OneSchemaFromManyThreads) {
  JSONJIT_TEST_NEEDS_JIT();
  const schema jit = compiled_with(order_schema, engine::jit);
  const std::string valid = R"({"id":1,"customer":{"name":"Ann"},"lines":[{"sku":"ABC-1","quantity":2}]})";
  const std::string invalid = R"({"id":1,"customer":{"name":"Ann"},"lines":[{"sku":"abc","quantity":2}]})";
  std::vector<std::thread> threads;
  std::vector<int> wrong(8, 0);
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) {
        wrong[static_cast<std::size_t>(t)] += !jit.validate(valid).valid();
        const validation v = jit.validate(invalid);
        wrong[static_cast<std::size_t>(t)] += v.valid() || v.errors().size() != 1;
      }
    });
  }
  for (std::thread& t : threads) t.join();
  for (int w : wrong) EXPECT_EQ(w, 0);
}

}  // namespace
}  // namespace jsonjit
