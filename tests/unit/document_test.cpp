#include <jsonjit/document.hpp>
#include <jsonjit/node.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "test_files.hpp"

namespace jsonjit {
namespace {

document parse_ok(std::string_view json, const document_options& options = {}) {
  auto doc = document::parse(json, options);
  EXPECT_TRUE(doc.has_value()) << json << ": " << to_string(doc.error());
  return doc.has_value() ? std::move(*doc) : document();
}

parse_error parse_fails(std::string_view json, const document_options& options = {}) {
  auto doc = document::parse(json, options);
  EXPECT_FALSE(doc.has_value()) << json << " was accepted";
  return doc.error();
}

std::string compact(const element& e) {
  return e.to_json({.escaping = escape_mode::relaxed}).value();
}

using test::read_file;

TEST(Document, TypesAndTypedGetters) {
  const document doc =
      parse_ok(R"({"s":"text","i":-42,"u":18446744073709551615,"d":2.5,"t":true,"f":false,"n":null,
                                    "a":[1,2],"o":{}})");
  const element root = doc.root();
  EXPECT_EQ(root.type(), json_type::object);
  EXPECT_EQ(root.size(), 9u);
  EXPECT_EQ(root["s"].get_string().value(), "text");
  EXPECT_EQ(root["i"].get_int64().value(), -42);
  EXPECT_EQ(root["i"].get_int32().value(), -42);
  EXPECT_EQ(root["i"].get_uint64().error(), error_code::number_out_of_range);
  EXPECT_EQ(root["i"].get_double().value(), -42.0);
  EXPECT_TRUE(root["u"].is_uint64());
  EXPECT_EQ(root["u"].get_uint64().value(), std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(root["u"].get_int64().error(), error_code::number_out_of_range);
  EXPECT_EQ(root["u"].get_uint32().error(), error_code::number_out_of_range);
  EXPECT_TRUE(root["d"].is_double());
  EXPECT_EQ(root["d"].get_double().value(), 2.5);
  EXPECT_EQ(root["d"].get_int64().error(), error_code::number_not_integer);
  EXPECT_EQ(root["t"].get_bool().value(), true);
  EXPECT_EQ(root["f"].get_bool().value(), false);
  EXPECT_TRUE(root["n"].is_null());
  EXPECT_EQ(root["n"].type(), json_type::null);
  EXPECT_EQ(root["a"].type(), json_type::array);
  EXPECT_EQ(root["a"].size(), 2u);
  EXPECT_EQ(root["o"].type(), json_type::object);
  EXPECT_EQ(root["o"].size(), 0u);
  EXPECT_EQ(root["s"].get_int64().error(), error_code::wrong_type);
  EXPECT_EQ(root["n"].get_string().error(), error_code::wrong_type);
  EXPECT_EQ(root["a"].get_bool().error(), error_code::wrong_type);
}

TEST(Document, IntegerEdgesAreExact) {
  const document doc = parse_ok(
      "[-9223372036854775808, 9223372036854775807, 9223372036854775808, 18446744073709551616, -0, 0, "
      "-9223372036854775809, 2147483648, -2147483649]");
  const element a = doc.root();
  EXPECT_EQ(a[0].get_int64().value(), std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(a[1].get_int64().value(), std::numeric_limits<std::int64_t>::max());
  EXPECT_TRUE(a[2].is_uint64());
  EXPECT_EQ(a[2].get_uint64().value(), 9223372036854775808u);
  // Beyond 64 bits: a double, and integer getters say it is out of range (not "not an integer").
  EXPECT_TRUE(a[3].is_double());
  EXPECT_EQ(a[3].get_double().value(), 18446744073709551616.0);
  EXPECT_EQ(a[3].get_uint64().error(), error_code::number_out_of_range);
  // -0 keeps its sign (as a double) and is still the integer 0.
  EXPECT_TRUE(a[4].is_double());
  EXPECT_TRUE(std::signbit(a[4].get_double().value()));
  EXPECT_EQ(a[4].get_int64().value(), 0);
  EXPECT_EQ(a[4].get_uint64().value(), 0u);
  EXPECT_TRUE(a[5].is_int64());
  EXPECT_EQ(a[6].get_int64().error(), error_code::number_out_of_range);
  EXPECT_EQ(a[7].get_int32().error(), error_code::number_out_of_range);
  EXPECT_EQ(a[7].get_uint32().value(), 2147483648u);
  EXPECT_EQ(a[8].get_int32().error(), error_code::number_out_of_range);
  EXPECT_EQ(compact(a),
            "[-9223372036854775808,9223372036854775807,9223372036854775808,1.8446744073709552E+19,-0,0,"
            "-9.223372036854776E+18,2147483648,-2147483649]");
}

TEST(Document, SixtyFourBitIdsSurviveARoundTrip) {
  const std::string json = read_file(JSONJIT_DATA_DIR "/corpus/twitter.simdjson.json");
  const document doc = parse_ok(json);
  const element first = doc.root()["statuses"][0];
  EXPECT_EQ(first["id"].get_uint64().value(), 505874924095815681u);
  EXPECT_EQ(first["id_str"].get_string().value(), "505874924095815681");
  // Every id equals its id_str, before and after writing and parsing again.
  const document again = parse_ok(compact(doc.root()));
  int checked = 0;
  for (const document* d : {&doc, &again}) {
    for (const element status : d->root()["statuses"].elements()) {
      EXPECT_EQ(std::to_string(status["id"].get_uint64().value()), status["id_str"].get_string().value());
      ++checked;
    }
  }
  EXPECT_EQ(checked, 200);
  EXPECT_TRUE(doc.root() == again.root());
}

TEST(Document, StringsAreUnescaped) {
  const document doc = parse_ok(R"(["a\"b\\c\/d\n\u00e9\ud83d\ude00", "plain", ""])");
  EXPECT_EQ(doc.root()[0].get_string().value(), "a\"b\\c/d\n\xC3\xA9\xF0\x9F\x98\x80");
  EXPECT_EQ(doc.root()[1].get_string().value(), "plain");
  EXPECT_EQ(doc.root()[2].get_string().value(), "");
  EXPECT_EQ(compact(doc.root()), "[\"a\\\"b\\\\c/d\\n\xC3\xA9\xF0\x9F\x98\x80\",\"plain\",\"\"]");
  EXPECT_EQ(doc.root().to_json().value(), R"(["a\u0022b\\c/d\n\u00E9\uD83D\uDE00","plain",""])");
}

TEST(Document, LookupsAndIteration) {
  const document doc = parse_ok(R"({"a":{"b":[10,{"c":"deep"}]},"x":1,"x":2,"empty":[]})");
  const element root = doc.root();
  EXPECT_EQ(root["a"]["b"][1]["c"].get_string().value(), "deep");
  // The last of duplicate names wins (System.Text.Json's behaviour); iteration shows both.
  EXPECT_EQ(root["x"].get_int64().value(), 2);
  std::vector<std::string> names;
  for (const auto [name, value] : root.members()) names.emplace_back(name);
  EXPECT_EQ(names, (std::vector<std::string>{"a", "x", "x", "empty"}));
  EXPECT_EQ(root.size(), 4u);

  std::vector<std::int64_t> numbers;
  const document nested = parse_ok("[1,[2,3],4]");
  for (const element e : nested.root().elements()) {
    numbers.push_back(e.is_array() ? -static_cast<std::int64_t>(e.size()) : e.get_int64().value());
  }
  EXPECT_EQ(numbers, (std::vector<std::int64_t>{1, -2, 4}));
  EXPECT_TRUE(root["empty"].elements().empty());
  EXPECT_TRUE(root["x"].elements().empty());  // not an array
  EXPECT_TRUE(root["a"].members().begin() != root["a"].members().end());

  // Missing values are undefined elements that say why, and chain.
  EXPECT_FALSE(root["missing"].exists());
  EXPECT_EQ(root["missing"].type(), json_type::undefined);
  EXPECT_EQ(root["missing"].get_int64().error(), error_code::property_not_found);
  EXPECT_EQ(root["missing"]["deeper"][3].get_string().error(), error_code::property_not_found);
  EXPECT_EQ(root["a"]["b"][2].get_int64().error(), error_code::index_out_of_range);
  EXPECT_EQ(root["x"]["y"].get_int64().error(), error_code::wrong_type);
  EXPECT_EQ(root["a"]["b"].at(0).value().get_int64().value(), 10);
  EXPECT_EQ(root.at("x").value().get_int64().value(), 2);
  EXPECT_FALSE(root.find("missing").has_value());
  EXPECT_EQ(root.find("x")->get_int64().value(), 2);
  EXPECT_EQ(root["missing"].to_json().error(), error_code::property_not_found);
}

// at() is the lookup whose error says what was missing and where.
TEST(Document, CheckedLookupsNameWhatIsMissing) {
  const document doc = parse_ok(R"({"user":{"name":"ada","tags":["x","y"]},"n":1})");
  const element user = doc.root()["user"];
  const parse_error missing = user.at("email").error();
  EXPECT_EQ(missing.info.code, error_code::property_not_found);
  EXPECT_EQ(missing.path, "$.user");
  EXPECT_EQ(missing.name, "email");
  EXPECT_EQ(to_string(missing), "at $.user: the object has no property of that name: \"email\"");
  const parse_error past = user["tags"].at(5).error();
  EXPECT_EQ(past.info.code, error_code::index_out_of_range);
  EXPECT_EQ(to_string(past), "at $.user.tags[5]: the index is past the end of the array");
  const parse_error not_object = doc.root()["n"].at("x").error();
  EXPECT_EQ(not_object.info.code, error_code::wrong_type);
  EXPECT_EQ(not_object.path, "$.n");
  EXPECT_EQ(not_object.name, "x");
  EXPECT_EQ(doc.root()["n"].at(0).error().path, "$.n");
  EXPECT_EQ(element().at("a").error().info.code, error_code::wrong_type);  // undefined: no path
  EXPECT_EQ(element().at("a").error().path, "");
  EXPECT_EQ(user.at("tags").value().at(1).value().get_string().value(), "y");
#if defined(__cpp_exceptions)
  try {
    (void)doc.root().at("user").value().at("email").value().get_string().value();
    ADD_FAILURE() << "no exception";
  } catch (const json_error& e) {
    EXPECT_EQ(e.code(), error_code::property_not_found);
    EXPECT_EQ(e.path(), "$.user");
    EXPECT_NE(std::string_view(e.what()).find("\"email\""), std::string_view::npos) << e.what();
  }
#endif
  // An element knows its own path, without its document.
  EXPECT_EQ(user["tags"][1].path(), "$.user.tags[1]");
  EXPECT_EQ(doc.root().path(), "$");
  EXPECT_EQ(user["nothing"].path(), "");
}

TEST(Document, PathsOfElements) {
  const document doc = parse_ok(R"({"a":{"b":[10,{"c d":"deep","it's":0}]},"x":1})");
  const element root = doc.root();
  EXPECT_EQ(doc.path_of(root), "$");
  EXPECT_EQ(doc.path_of(root["a"]["b"][1]["c d"]), "$.a.b[1]['c d']");
  EXPECT_EQ(doc.path_of(root["a"]["b"][1]["it's"]), "$.a.b[1]['it\\'s']");
  EXPECT_EQ(doc.path_of(root["x"]), "$.x");
  EXPECT_EQ(doc.path_of(root["nothing"]), "");
  const document other = parse_ok("[1]");
  EXPECT_EQ(doc.path_of(other.root()[0]), "");
}

TEST(Document, WritesCompactAndIndented) {
  const std::string json = R"({"a":[1,2.5,"x",true,false,null,{}],"b":{"c":[]},"d":-0.0001})";
  const document doc = parse_ok(json);
  EXPECT_EQ(compact(doc.root()), R"({"a":[1,2.5,"x",true,false,null,{}],"b":{"c":[]},"d":-0.0001})");
  EXPECT_EQ(doc.root().to_json({.indented = true}).value(),
            "{\n  \"a\": [\n    1,\n    2.5,\n    \"x\",\n    true,\n    false,\n    null,\n    {}\n  ],\n"
            "  \"b\": {\n    \"c\": []\n  },\n  \"d\": -0.0001\n}");
  EXPECT_EQ(compact(doc.root()["a"]), R"([1,2.5,"x",true,false,null,{}])");
  EXPECT_EQ(compact(doc.root()["a"][1]), "2.5");
  // Numbers are written in their shortest round-trip form by default...
  EXPECT_EQ(compact(parse_ok("[1.0, 1e2, 43.420273000000009, 1E-7, 100000000000000000000]").root()),
            "[1,100,43.42027300000001,1E-07,1E+20]");
  // ...or exactly as written.
  const document kept =
      parse_ok("[1.0, 1e2, 43.420273000000009, -0, 100000000000000000000]", {.preserve_number_text = true});
  EXPECT_EQ(compact(kept.root()), "[1.0,1e2,43.420273000000009,-0,100000000000000000000]");
  EXPECT_EQ(kept.root()[2].number_text(), "43.420273000000009");
  EXPECT_EQ(kept.root()[2].get_double().value(), 43.420273000000009);
  EXPECT_EQ(doc.root()["d"].number_text(), "");
}

TEST(Document, WriterLimitsAreErrors) {
  const std::string deep = std::string(30, '[') + std::string(30, ']');
  const document doc = parse_ok(deep);
  EXPECT_EQ(doc.root().to_json({.max_depth = 10}).error(), error_code::depth_exceeded);
}

TEST(Document, EmptyDocumentHasANullRoot) {
  const document empty;
  EXPECT_TRUE(empty.root().is_null());
  EXPECT_EQ(empty.root().to_json().value(), "null");
  EXPECT_EQ(empty.path_of(empty.root()), "$");
}

TEST(Document, ElementsSurviveMovingTheDocument) {
  document doc = parse_ok(R"({"k":["v"]})");
  const element v = doc.root()["k"][0];
  const document moved = std::move(doc);
  EXPECT_EQ(v.get_string().value(), "v");
  EXPECT_EQ(moved.path_of(v), "$.k[0]");
}

TEST(Document, AssignReusesTheDocument) {
  document doc;
  EXPECT_FALSE(doc.assign(R"([1,2,3])"));
  const std::size_t held = doc.memory_usage();
  EXPECT_FALSE(doc.assign(R"(["a"])"));
  EXPECT_EQ(doc.memory_usage(), held);
  EXPECT_EQ(compact(doc.root()), R"(["a"])");
  const parse_error e = doc.assign("[1,");
  EXPECT_EQ(e.info.code, error_code::expected_value);
  EXPECT_TRUE(doc.root().is_null());
}

TEST(Document, EqualityIsByValue) {
  auto eq = [](std::string_view a, std::string_view b) { return parse_ok(a).root() == parse_ok(b).root(); };
  EXPECT_TRUE(eq(R"({"a":1,"b":[1,2]})", R"({"b":[1,2],"a":1})"));
  EXPECT_TRUE(eq("[1, 1.0, 1e0, -0, 18446744073709551615]", "[1.0, 1, 1, 0, 18446744073709551615]"));
  EXPECT_TRUE(eq(R"({"a":1,"a":2})", R"({"a":2})"));  // the last value of a name counts
  EXPECT_FALSE(eq(R"({"a":1,"a":2})", R"({"a":1})"));
  EXPECT_FALSE(eq("[1,2]", "[2,1]"));
  EXPECT_FALSE(eq("[1,2]", "[1,2,3]"));
  EXPECT_FALSE(eq(R"({"a":1})", R"({"b":1})"));
  EXPECT_FALSE(eq(R"({"a":1})", R"({"a":"1"})"));
  EXPECT_FALSE(eq("9007199254740993", "9007199254740992"));  // integers are compared exactly
  EXPECT_FALSE(eq("9223372036854775807", "9223372036854775808"));
  // An integer equals a double it converts to: a double written in its shortest form can read
  // back as an integer (98114411440148096.0 is written 98114411440148100).
  EXPECT_TRUE(eq("98114411440148100", "98114411440148100.41481"));
  EXPECT_TRUE(eq("9223372036854775808", "9.223372036854775808e18"));
  EXPECT_FALSE(eq("9007199254740993", "9007199254740993.5"));
  EXPECT_FALSE(eq("true", "false"));
  EXPECT_FALSE(eq("null", "[]"));
  EXPECT_TRUE(eq(R"("\u0041")", R"("A")"));
  EXPECT_TRUE(element() == element());
  EXPECT_FALSE(element() == parse_ok("null").root());
}

TEST(Document, ErrorsSayWhereInTheTextAndInTheValue) {
  parse_error e = parse_fails("{\n  \"a\": [1, 2,\n    x]\n}");
  EXPECT_EQ(e.info.code, error_code::expected_value);
  EXPECT_EQ(e.info.line, 3u);
  EXPECT_EQ(e.info.column, 5u);
  EXPECT_EQ(e.info.offset, 20u);
  EXPECT_EQ(e.path, "$.a[2]");
  EXPECT_EQ(to_string(e),
            "line 3, column 5 (byte 20) at $.a[2]: " + std::string(message(error_code::expected_value)));

  e = parse_fails(R"({"a":{"b":1,}})");
  EXPECT_EQ(e.info.code, error_code::trailing_comma_not_allowed);
  EXPECT_EQ(e.path, "$.a");
  EXPECT_EQ(parse_fails(R"({"a":{"b":tru}})").path, "$.a.b");
  EXPECT_EQ(parse_fails("[[1],[2,[3,{]]]").path, "$[1][1][1]");
  EXPECT_EQ(parse_fails("").info.code, error_code::empty_input);
  EXPECT_EQ(parse_fails("").path, "$");
  EXPECT_EQ(parse_fails("[1] 2").info.code, error_code::expected_end_of_input);
  EXPECT_EQ(parse_fails("\"\xC3\"").info.code, error_code::invalid_utf8);

  // A number beyond double's range cannot be stored: an error where it is.
  e = parse_fails(R"({"big":[1e400]})");
  EXPECT_EQ(e.info.code, error_code::number_out_of_range);
  EXPECT_EQ(e.info.offset, 8u);
  EXPECT_EQ(e.path, "$.big[0]");
  EXPECT_EQ(parse_ok("[1e-400]").root()[0].get_double().value(), 0.0);
}

TEST(Document, DuplicatePropertiesCanBeRejected) {
  const document_options reject{.duplicates = duplicate_properties::reject};
  EXPECT_TRUE(document::parse(R"({"a":1,"b":{"a":2},"c":[{"a":3}]})", reject).has_value());
  parse_error e = parse_fails("{\"a\":1,\n \"b\":{\"x\":1,\"\\u0078\":2}}", reject);
  EXPECT_EQ(e.info.code, error_code::duplicate_property_name);
  EXPECT_EQ(e.name, "x");
  EXPECT_EQ(e.path, "$.b");
  EXPECT_EQ(e.info.line, 2u);
  EXPECT_EQ(e.info.column, 13u);
  EXPECT_EQ(to_string(e), "line 2, column 13 (byte 20) at $.b: duplicate property name: \"x\"");
  // Large objects use a set; the duplicate is found all the same, and sibling objects are
  // checked separately.
  std::string big = "[{";
  for (int i = 0; i < 1000; ++i) big += "\"k" + std::to_string(i) + "\":" + std::to_string(i) + ",";
  big.back() = '}';
  big += ",{";
  for (int i = 0; i < 1000; ++i) big += "\"k" + std::to_string(i) + "\":" + std::to_string(i) + ",";
  EXPECT_TRUE(document::parse(big.substr(0, big.size() - 1) + "}]", reject).has_value());
  e = parse_fails(big + "\"k500\":0}]", reject);
  EXPECT_EQ(e.name, "k500");
  EXPECT_EQ(e.path, "$[1]");
}

TEST(Document, ReaderOptionsApply) {
  EXPECT_EQ(parse_fails("[1,]").info.code, error_code::trailing_comma_not_allowed);
  EXPECT_EQ(compact(parse_ok("[1,]", {.allow_trailing_commas = true}).root()), "[1]");
  EXPECT_EQ(parse_fails("[1 /* c */]").info.code, error_code::comments_not_allowed);
  EXPECT_EQ(compact(parse_ok("// head\n[1 /* c */, 2] // tail", {.skip_comments = true}).root()), "[1,2]");
  EXPECT_EQ(parse_fails(std::string(65, '[') + std::string(65, ']')).info.code, error_code::depth_exceeded);
  EXPECT_TRUE(document::parse(std::string(65, '[') + std::string(65, ']'), {.max_depth = 65}).has_value());
  EXPECT_TRUE(document::parse("\xEF\xBB\xBF[1]").has_value());  // a byte order mark is skipped
}

TEST(Document, BadInputIsBounded) {
  // A million '[': a depth error at the 65th, no stack overflow.
  const parse_error e = parse_fails(std::string(1'000'000, '['));
  EXPECT_EQ(e.info.code, error_code::depth_exceeded);
  EXPECT_EQ(e.info.offset, 64u);
  // A million levels when allowed: parsed, compared and written without recursion.
  const std::string deep = std::string(1'000'000, '[') + std::string(1'000'000, ']');
  const document doc = parse_ok(deep, {.max_depth = 1'000'000});
  EXPECT_TRUE(doc.root() == doc.root());
  EXPECT_EQ(doc.root().to_json().error(), error_code::depth_exceeded);  // the writer's limit is 1000
  EXPECT_EQ(doc.root().to_json({.max_depth = 1'000'000}).value(), deep);
  // Truncated input.
  const parse_error t = parse_fails(R"({"a":[1,2)");
  EXPECT_EQ(t.info.code, error_code::expected_comma_or_end_array);
  EXPECT_TRUE(t.info.at_end_of_input);
  EXPECT_EQ(t.path, "$.a[2]");
}

TEST(Document, HugeStringsAreOneValue) {
  std::string json = "[\"";
  json.append(100'000'000, 'x');
  json += "\"]";
  const document doc = parse_ok(json);
  EXPECT_EQ(doc.root()[0].get_string().value().size(), 100'000'000u);
  // A parsed document gives back what it does not use.
  EXPECT_LT(doc.memory_usage(), json.size() * 2);
}

}  // namespace
}  // namespace jsonjit

namespace jsonjit {
namespace {

/// Collects the chunks a chunked_output sends.
struct collecting_sink : chunk_sink {
  std::string text;
  bool write_chunk(std::span<const char> bytes) override {
    text.append(bytes.data(), bytes.size());
    return true;
  }
};

// Compact writing goes straight into the output window; a node writes the same values through
// the writer's value methods, so the two must agree byte for byte.
TEST(Document, CompactOutputMatchesTheWritersValueMethods) {
  std::string long_plain(3000, 'p');
  std::string long_escaped = std::string(2000, 'e') + "\\n\\u00e9" + std::string(1500, 'f');
  std::vector<std::string> inputs = {
      R"({"a":[1,-2,18446744073709551615,2.5e-7,true,false,null,{},[]],"b\n":"x\"y","c":{"d":[[]]}})",
      "[\"" + long_plain + "\",\"" + long_escaped + "\",{\"" + long_plain + "\":\"\\u20ac\"}]",
      "\"caf\xC3\xA9 <tag> & 'quote'\"",
  };
  for (const char* name : {"canada.json", "citm_catalog.json", "twitter.simdjson.json"}) {
    inputs.push_back(read_file(std::string(JSONJIT_DATA_DIR "/corpus/") + name));
  }
  for (const std::string& json : inputs) {
    for (const bool preserve : {false, true}) {
      const document doc = parse_ok(json, {.preserve_number_text = preserve});
      const node tree = node::from(doc.root());
      for (const escape_mode escaping : {escape_mode::relaxed, escape_mode::html_safe}) {
        const writer_options options{.escaping = escaping};
        const std::string direct = doc.root().to_json(options).value();
        if (!preserve) {
          // (Compared as a bool: the texts are megabytes long.)
          EXPECT_TRUE(direct == tree.to_json(options).value()) << json.substr(0, 80);
        }
        // The same through small chunks: the window moves many times.
        collecting_sink sink;
        chunked_output out(sink, 64);
        writer w(out, options);
        doc.root().write(w);
        ASSERT_TRUE(w.ok());
        ASSERT_TRUE(w.flush());
        EXPECT_TRUE(sink.text == direct) << json.substr(0, 80);
      }
    }
  }
}

TEST(Document, CompactOutputFollowsTheWritersState) {
  const document doc = parse_ok(R"({"k":[1,{"x":true}]})");
  memory_output out;
  writer w(out, {.escaping = escape_mode::relaxed});
  w.start_array();
  doc.root().write(w);
  doc.root()["k"].write(w);
  w.start_object();
  w.property_name("inner");
  doc.root()["k"][1].write(w);
  w.end_object();
  w.end_array();
  ASSERT_TRUE(w.is_complete());
  EXPECT_EQ(out.view(), R"([{"k":[1,{"x":true}]},[1,{"x":true}],{"inner":{"x":true}}])");
  // A value where a property name is due is the writer's usual error.
  memory_output bad;
  writer in_object(bad);
  in_object.start_object();
  doc.root().write(in_object);
  EXPECT_EQ(in_object.error(), error_code::value_needs_property_name);
}

}  // namespace
}  // namespace jsonjit
