#include <jsonjit/jit.hpp>
#include <jsonjit/path.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "query/evaluate_p.hpp"
#include "query/jit_p.hpp"
#include "query/stream_p.hpp"
#include "test_files.hpp"

namespace jsonjit {
namespace {

std::string compact(const element& e) {
  return e.to_json({.escaping = escape_mode::relaxed}).value();
}
std::string compact(const node* n) {
  return n->to_json({.escaping = escape_mode::relaxed}).value();
}

/// What select(text, on_match) called back with: each value's bytes, checked to be the input's
/// at its offset, and its path.
struct text_matches {
  std::vector<std::string_view> values;
  std::vector<std::string> paths;

  std::size_t size() const noexcept { return values.size(); }
  std::string_view operator[](std::size_t i) const noexcept { return values[i]; }
  const std::string& path(std::size_t i) const noexcept { return paths[i]; }
};

text_matches select_text(const json_path& query, std::string_view text) {
  text_matches got;
  const parse_error failed = query.select(text, [&](const path_match& m) {
    EXPECT_EQ(m.json().data(), text.data() + m.offset());
    got.values.push_back(m.json());
    got.paths.push_back(m.path());
  });
  EXPECT_FALSE(failed) << to_string(failed);
  return got;
}

std::string compact(std::string_view raw) {
  return compact(document::parse(raw).value().root());
}

/// What an engine over text selected (`got`, its paths in `steps`) beside the document
/// engine's node list: the same values, paths and order.
void expect_the_document_node_list(const json_path& query, std::string_view text, const document_options& options,
                                   const std::vector<detail::path::text_match>& got,
                                   const std::vector<detail::path::path_step>& steps) {
  const document doc = document::parse(text, options).value();
  const node_list expected = query.select(doc.root()).value();
  EXPECT_EQ(got.size(), expected.size()) << query.text();
  for (std::size_t i = 0; i < std::min(got.size(), expected.size()); ++i) {
    EXPECT_EQ(compact(text.substr(got[i].begin, got[i].end - got[i].begin)), compact(expected[i])) << query.text() << " #" << i;
    EXPECT_EQ(detail::path::normalized_path(steps, got[i].step), expected.path(i)) << query.text() << " #" << i;
  }
}

/// The stream engine over `text` beside the document engine: the same node list (values, paths
/// and order) where it selects; false where it leaves the text to a document.
bool streams_as_the_document_selects(const json_path& query, std::string_view text, const document_options& options = {}) {
  detail::path::stream_engine engine(detail::path::access::program_of(query));
  std::vector<detail::path::path_step> steps{detail::path::path_step{0, false, 0, {}}};
  if (!engine.run(text, options, steps)) return false;
  expect_the_document_node_list(query, text, options, engine.selected(), steps);
  return true;
}

/// The query's native code over `text` beside the document engine: the same node list where
/// it answers; false where it gives up (the interpreter then selects).
bool native_code_selects_as_the_document(const json_path& query, std::string_view text,
                                         const document_options& options = {}) {
  const detail::path::program& p = detail::path::access::program_of(query);
  if (p.native == nullptr) return false;
  detail::path::native_run run;
  std::vector<detail::path::path_step> steps{detail::path::path_step{0, false, 0, {}}};
  if (!p.native->run(text, options, run, steps)) return false;
  expect_the_document_node_list(query, text, options, run.selected, steps);
  return true;
}

/// Whether a node list is one of the results the test allows (values and paths in order).
template <class List>
bool one_of_the_results(const List& got, const element& test) {
  auto same = [&](const element& values, const element& paths) {
    if (values.size() != got.size()) return false;
    std::size_t i = 0;
    for (const element expected : values.elements()) {
      if (!(node::parse(compact(got[i])).value() == node::from(expected))) return false;
      if (paths.exists() && paths[i].get_string().value_or("") != got.path(i)) return false;
      ++i;
    }
    return true;
  };
  if (test["result"].exists()) return same(test["result"], test["result_paths"]);
  std::size_t k = 0;
  for (const element alternative : test["results"].elements()) {
    if (same(alternative, test["results_paths"][k++])) return true;
  }
  return false;
}

template <class List>
std::string shown(const List& got) {
  std::string text = "[";
  for (std::size_t i = 0; i < got.size(); ++i) text += (i > 0 ? ", " : "") + got.path(i) + " = " + compact(got[i]);
  return text + "]";
}

/// What select_first gives: "PATH @OFFSET JSON", "none" or "error: ...".
std::string first_of(const json_path& query, std::string_view text, const document_options& options = {}) {
  path_selector selector(query, options);
  const auto m = selector.select_first(text);
  if (!m) return "error: " + to_string(m.error());
  return m->has_value() ? (*m)->path() + " @" + std::to_string((*m)->offset()) + " " + std::string((*m)->json())
                        : std::string("none");
}

/// select_first over `text` beside select: where the text is JSON, the node list's first value
/// and its path, or none; or, where a name on that path is written again after it, the first
/// of the two (the text after the value is not read). Where the text is not JSON: select's
/// error, or a value that ends before the error's place (the text after it not read). Either
/// way what the interpreter gives (the same value, or the same error).
void expect_the_first_is_the_node_lists_first(const json_path& query, std::string_view text,
                                              const document_options& options = {}) {
  const json_path interpreted = json_path::compile(query.text(), {.engine = engine::interpreter}).value();
  EXPECT_EQ(first_of(query, text, options), first_of(interpreted, text, options)) << "the engines differ";
  path_selector selector(query, options);
  std::vector<std::string> paths;
  std::vector<std::string_view> values;
  const parse_error failed = selector.select(text, [&](const path_match& m) {
    paths.push_back(m.path());
    values.push_back(m.json());
  });
  const auto first = selector.select_first(text);
  if (failed) {
    if (!first) {
      EXPECT_EQ(to_string(first.error()), to_string(failed));
      return;
    }
    ASSERT_TRUE(first->has_value()) << "neither a value nor the error " << to_string(failed);
    EXPECT_LE((*first)->offset() + (*first)->json().size(), failed.info.offset);
    return;
  }
  ASSERT_TRUE(first) << to_string(first.error());
  ASSERT_EQ(first->has_value(), !paths.empty());
  if (paths.empty()) return;
  const path_match& m = **first;
  EXPECT_EQ(m.json().data(), text.data() + m.offset());
  EXPECT_EQ(m.path(), paths[0]);
  if (m.json().data() != values[0].data()) {
    EXPECT_LT(m.json().data(), values[0].data()) << "not the first, nor the same path's earlier occurrence";
  } else {
    EXPECT_EQ(m.json(), values[0]);
  }
}

struct suite_counts {
  int valid = 0, invalid = 0, streamed = 0, compiled = 0, native = 0;
};

TEST(PathSuite, EveryTestOfTheJsonPathComplianceSuiteOnDocumentsNodesAndText) {
  const std::string text = test::read_file(std::string(JSONJIT_DATA_DIR) + "/jsonpath-cts/cts.json");
  const document suite = document::parse(text).value();
  suite_counts counts;
  for (const element test : suite.root()["tests"].elements()) {
    const std::string name(test["name"].get_string().value());
    const std::string selector(test["selector"].get_string().value());
    SCOPED_TRACE(name + ": " + selector);
    auto query = json_path::compile(selector);
    if (test["invalid_selector"].exists()) {
      EXPECT_FALSE(query) << "compiled a query the suite says is invalid";
      if (!query) {
        EXPECT_EQ(query.error().info.code, error_code::invalid_query);
      }
      ++counts.invalid;
      continue;
    }
    ASSERT_TRUE(query) << to_string(query.error());
    const auto in_document = query->select(test["document"]);
    ASSERT_TRUE(in_document) << to_string(in_document.error());
    EXPECT_TRUE(one_of_the_results(*in_document, test)) << "document: " << shown(*in_document);
    const node tree = node::from(test["document"]);
    const auto in_node = query->select(tree);
    ASSERT_TRUE(in_node) << to_string(in_node.error());
    EXPECT_TRUE(one_of_the_results(*in_node, test)) << "node: " << shown(*in_node);
    // Over text: indented, so that each value's bytes are told apart from its compact form.
    const std::string indented = test["document"].to_json({.indented = true}).value();
    const text_matches in_text = select_text(*query, indented);
    EXPECT_TRUE(one_of_the_results(in_text, test)) << "text: " << shown(in_text);
    if (detail::path::stream_engine::unsupported(detail::path::access::program_of(*query)).empty()) {
      counts.streamed += streams_as_the_document_selects(*query, indented);
    }
    expect_the_first_is_the_node_lists_first(*query, indented);
    expect_the_first_is_the_node_lists_first(json_path::compile(selector, {.engine = engine::interpreter}).value(), indented);
    // The JIT: every query it compiles gives the same node list; one it does not is refused.
    const auto compiled = json_path::compile(selector, {.engine = engine::jit});
    if (compiled) {
      ++counts.compiled;
      EXPECT_TRUE(compiled->compiled());
      counts.native += native_code_selects_as_the_document(*compiled, indented);
      const text_matches natively = select_text(*compiled, indented);
      EXPECT_TRUE(one_of_the_results(natively, test)) << "jit: " << shown(natively);
      expect_the_first_is_the_node_lists_first(*compiled, indented);
    } else {
      EXPECT_EQ(compiled.error().info.code, error_code::not_compiled);
      EXPECT_FALSE(json_path::compile(selector, {.engine = engine::automatic}).value().compiled());
    }
    ++counts.valid;
  }
  EXPECT_EQ(counts.valid + counts.invalid, 703);
  EXPECT_EQ(counts.invalid, 247);
  // The stream engine leaves to documents the queries filtering on the root or on node lists.
  EXPECT_EQ(counts.streamed, 426) << counts.streamed << " of " << counts.valid << " streamed";
  // The JIT compiles the queries whose segments have one name, wildcard, index, forward slice
  // or filter selector each (filters reading singular queries from @); its code answers for
  // every text of the suite.
  EXPECT_EQ(counts.compiled, 370) << counts.compiled << " of " << counts.valid << " compiled";
  EXPECT_EQ(counts.native, 370) << counts.native << " answered natively";
}

// RFC 9535 §1.5's bookstore and the queries of its Table 2.
constexpr std::string_view bookstore = R"({ "store": {
    "book": [
      { "category": "reference", "author": "Nigel Rees", "title": "Sayings of the Century", "price": 8.95 },
      { "category": "fiction", "author": "Evelyn Waugh", "title": "Sword of Honour", "price": 12.99 },
      { "category": "fiction", "author": "Herman Melville", "title": "Moby Dick", "isbn": "0-553-21311-3",
        "price": 8.99 },
      { "category": "fiction", "author": "J. R. R. Tolkien", "title": "The Lord of the Rings",
        "isbn": "0-395-19395-8", "price": 22.99 }
    ],
    "bicycle": { "color": "red", "price": 399 }
  }
})";

std::vector<std::string> selected(std::string_view query, const element& root) {
  std::vector<std::string> out;
  const auto list = json_path::compile(query).value().select(root).value();
  for (std::size_t i = 0; i < list.size(); ++i) out.push_back(list.path(i) + " " + compact(list[i]));
  return out;
}

TEST(Path, TheQueriesOfRfc9535Table2) {
  const document doc = document::parse(bookstore).value();
  const element root = doc.root();
  using v = std::vector<std::string>;
  EXPECT_EQ(selected("$.store.book[*].author", root),
            (v{"$['store']['book'][0]['author'] \"Nigel Rees\"", "$['store']['book'][1]['author'] \"Evelyn Waugh\"",
               "$['store']['book'][2]['author'] \"Herman Melville\"",
               "$['store']['book'][3]['author'] \"J. R. R. Tolkien\""}));
  EXPECT_EQ(selected("$..author", root), selected("$.store.book[*].author", root));
  EXPECT_EQ(selected("$.store.*", root).size(), 2u);
  EXPECT_EQ(selected("$.store..price", root),
            (v{"$['store']['book'][0]['price'] 8.95", "$['store']['book'][1]['price'] 12.99",
               "$['store']['book'][2]['price'] 8.99", "$['store']['book'][3]['price'] 22.99",
               "$['store']['bicycle']['price'] 399"}));
  EXPECT_EQ(selected("$..book[2].author", root), (v{"$['store']['book'][2]['author'] \"Herman Melville\""}));
  EXPECT_TRUE(selected("$..book[2].publisher", root).empty());
  EXPECT_EQ(selected("$..book[-1].title", root), (v{"$['store']['book'][3]['title'] \"The Lord of the Rings\""}));
  EXPECT_EQ(selected("$..book[0,1].title", root), selected("$..book[:2].title", root));
  EXPECT_EQ(selected("$..book[?@.isbn].title", root),
            (v{"$['store']['book'][2]['title'] \"Moby Dick\"", "$['store']['book'][3]['title'] \"The Lord of the Rings\""}));
  EXPECT_EQ(selected("$..book[?@.price<10].title", root),
            (v{"$['store']['book'][0]['title'] \"Sayings of the Century\"", "$['store']['book'][2]['title'] \"Moby Dick\""}));
  EXPECT_EQ(selected("$..*", root).size(), 27u);  // every member value and element
}

TEST(Path, ANodeListOutlivesItsQuery) {
  // A name selector's step names the member by the query's own text: the list keeps it.
  const document doc = document::parse(R"({"a":{"b":[1]}})").value();
  node_list list = json_path::compile("$.a['b'][0]").value().select(doc.root()).value();
  const std::string other(64, 'x');  // (what would take the freed query's place)
  EXPECT_EQ(list.path(0), "$['a']['b'][0]");
}

TEST(Path, NormalizedPathsEscapeAsRfc9535Says) {
  const document doc = document::parse(R"({"it's":{"a\\b":{"\u000b\n":[0,[1]]}}})").value();
  EXPECT_EQ(selected("$..[1][0]", doc.root()), (std::vector<std::string>{R"($['it\'s']['a\\b']['\u000b\n'][1][0] 1)"}));
}

TEST(Path, ErrorsGiveTheColumnAndTheReason) {
  struct bad {
    std::string_view query;
    std::uint64_t column;
    std::string_view why;
  };
  const bad cases[] = {
      {"$.a[", 5, "expected a selector: a name, '*', an index, a slice or a filter"},
      {"$[?@.a==]", 9, "expected a literal, a query or a function call"},
      {"$[?@.*==1]", 4, "a query compared must be singular (names and indexes only)"},
      {"$[?length(@.*)<3]", 11, "the argument must be a value: a literal, a singular query or a function giving a value"},
      {"$[?count(@.a)]", 4, "a function whose result is a value is not a test"},
      {"$[?foo(@)]", 4, "no function of that name: \"foo\""},
      {"$[?1==1 && 2]", 12, "a literal is not a test (compare it)"},
      {"$[01]", 3, "an integer has no leading zero (nor -0)"},
      {"$[9007199254740992]", 3, "the integer is beyond +/-(2^53 - 1)"},
      {"$ ", 2, "unexpected text after the query"},
  };
  for (const bad& b : cases) {
    auto query = json_path::compile(b.query);
    ASSERT_FALSE(query) << b.query;
    EXPECT_EQ(query.error().info.code, error_code::invalid_query) << b.query;
    EXPECT_EQ(query.error().info.line, 1u);
    EXPECT_EQ(query.error().info.column, b.column) << b.query;
    EXPECT_EQ(query.error().name, b.why) << b.query;
  }
  EXPECT_EQ(to_string(json_path::compile("$.a[").error()),
            "line 1, column 5 (byte 4): not a JSONPath query (RFC 9535), found end of input: "
            "\"expected a selector: a name, '*', an index, a slice or a filter\"");
}

TEST(Path, HostileQueriesAreRefusedOrBounded) {
  // Nesting: 10,000 parentheses, filters inside filters, function calls inside calls.
  const std::string parens = "$[?" + std::string(10000, '(') + "@.a" + std::string(10000, ')') + "]";
  std::string filters = "$";
  for (int i = 0; i < 10000; ++i) filters += "[?@";
  for (int i = 0; i < 10000; ++i) filters += "]";
  std::string calls = "$[?";
  for (int i = 0; i < 10000; ++i) calls += "length(";
  calls += "@" + std::string(10000, ')') + ">1]";
  for (const std::string& q : {parens, filters, calls}) {
    auto query = json_path::compile(q);
    ASSERT_FALSE(query);
    EXPECT_EQ(query.error().name, "the query nests too deeply");
  }
  // 256 levels is within the limit, and runs.
  const std::string deep = "$[?" + std::string(200, '(') + "@.a" + std::string(200, ')') + "]";
  const document doc = document::parse(R"([{"a":1},{"b":2}])").value();
  EXPECT_EQ(json_path::compile(deep).value().select(doc.root()).value().size(), 1u);

  // 10 MB queries: of blanks, and one long name.
  const std::string blanks = "$[" + std::string(10'000'000, ' ') + "0]";
  EXPECT_EQ(json_path::compile(blanks).value().select(doc.root()).value().size(), 1u);
  const std::string long_name = "$['" + std::string(10'000'000, 'n') + "']";
  EXPECT_TRUE(json_path::compile(long_name).value().select(doc.root()).value().empty());

  // A pattern that backtracks without end is stopped and reported.
  // (The subject holds the "b" the pattern needs, so that PCRE2 cannot refuse it at once.)
  const document strings = document::parse("[\"" + std::string(40, 'a') + "cb\"]").value();
  const auto costly = json_path::compile("$[?match(@, '(a+)+b')]").value().select(strings.root());
  ASSERT_FALSE(costly);
  EXPECT_EQ(costly.error().info.code, error_code::query_too_costly);
  // No string here ends in a run of a's: nothing is selected, or the search is stopped.
  const auto searched = json_path::compile("$[?search(@, '(a|aa)+$')]").value().select(strings.root());
  if (searched) {
    EXPECT_TRUE(searched->empty());
  } else {
    EXPECT_EQ(searched.error().info.code, error_code::query_too_costly);
  }
}

TEST(PathText, ValuesComeBackAsTheInputWroteThem) {
  const std::string text = "{ \"name\" : \"caf\\u00e9\",\n  \"n\": [ 1.50, -0 , 2e3 ],\n  \"o\": { \"k\" : [ ] } }";
  const json_path query = json_path::compile("$..*").value();
  std::vector<std::string> seen;
  const parse_error failed = query.select(text, [&](const path_match& m) {
    seen.push_back(m.path() + " @" + std::to_string(m.offset()) + " " + std::string(m.json()));
    EXPECT_EQ(m.line(), 1u);
  });
  ASSERT_FALSE(failed) << to_string(failed);
  const std::vector<std::string> expected{
      "$['name'] @11 \"caf\\u00e9\"", "$['n'] @31 [ 1.50, -0 , 2e3 ]", "$['o'] @58 { \"k\" : [ ] }",
      "$['n'][0] @33 1.50",           "$['n'][1] @39 -0",              "$['n'][2] @44 2e3",
      "$['o']['k'] @66 [ ]"};
  EXPECT_EQ(seen, expected);
}

TEST(PathText, TheNodeListIsTheDocumentsInOrderAndInDuplicates) {
  // Selectors out of document order, the same node twice, negative indexes and steps, a
  // filter reaching the root: the same node list, value for value and path for path.
  const std::string text = R"({"a": [10, 11, 12, 13], "b": {"c": 1, "d": [{"c": 2}]}, "limit": 11})";
  const document doc = document::parse(text).value();
  for (const char* q : {"$.a[3,0,0]", "$.a[::-2]", "$.a[-1:0:-1]", "$['b','a']", "$..c", "$..*..c",
                        "$.a[?@ > $.limit]", "$..[?@.c]", "$[*][1]"}) {
    SCOPED_TRACE(q);
    const json_path query = json_path::compile(q).value();
    const node_list want = query.select(doc.root()).value();
    const text_matches got = select_text(query, text);
    ASSERT_EQ(got.size(), want.size()) << shown(got);
    for (std::size_t i = 0; i < want.size(); ++i) {
      EXPECT_EQ(compact(got[i]), compact(want[i]));
      EXPECT_EQ(got.path(i), want.path(i));
    }
  }
}

/// A path_selector over `text` gives the document's node list, or its error (nothing
/// selected), whichever way it went.
void expect_the_selector_gives_the_documents_answer(const json_path& query, std::string_view text,
                                                    const document_options& options) {
  path_selector selector(query, options);
  text_matches got;
  const parse_error failed = selector.select(text, [&](const path_match& m) {
    got.values.push_back(m.json());
    got.paths.push_back(m.path());
  });
  const auto doc = document::parse(text, options);
  if (!doc) {
    EXPECT_EQ(to_string(failed), to_string(doc.error()));
    EXPECT_EQ(got.size(), 0u);
    return;
  }
  ASSERT_FALSE(failed) << to_string(failed);
  const node_list want = query.select(doc->root()).value();
  ASSERT_EQ(got.size(), want.size()) << shown(got);
  for (std::size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(node::parse(got[i], options).value(), node::from(want[i]));
    EXPECT_EQ(got.path(i), want.path(i));
  }
}

TEST(PathText, OnePassSelectsAsTheDocumentDoesOrLeavesTheTextToIt) {
  struct example {
    const char* query;
    std::string text;
    bool streamed;  // selected in one pass (else through a document)
    document_options options = {};
  };
  const std::string wide_numbers = R"({"skip": [1, 2.5e300, {"deep": [-1E-300, 123456789e-5]}], "keep": 1})";
  const example examples[] = {
      // Orders the text does not give: descendants, several selectors, negative steps.
      {"$..[0,'a']", R"({"a": [{"a": 1}, [2, {"a": [3]}]], "b": [[4], {"a": 5}]})", true},
      {"$.x[::-3][-1:]", R"({"x": [[1, 2], [3], [4, 5, 6], [], [7, 8]]})", true},
      {"$..*[-2:-5:-1]", R"([[1, 2, 3, 4, 5, 6], {"a": [7, 8, 9]}, [[10]]])", true},
      // Filters: scalars at once, containers at their end, through names, indexes and functions.
      {"$..[?@.n > 1 && @.s == 'x\\u00e9']", R"([{"n": 2, "s": "xé"}, {"s": "x\u00e9", "n": 3}, {"n": 9, "s": "y"}, [{"n": 4, "s": "xé"}]])", true},
      {"$[?length(@) > 2 || count(@.k) == 1 && value(@.k) == 2]", R"([[1, 2, 3], "abc", "ab", {"k": [1]}, {"k": 2}, 7])", true},
      {"$[?match(@.id, '[a-c]+[0-9]')][?@ == 2]", R"([{"id": "ab1", "v": 2}, {"id": "d1", "v": 2}, {"v": 2, "id": "a9"}])", true},
      {"$.a[?@[1] >= @[0]][0]", R"({"a": [[1, 2], [3, 1], [5, 5], [6], "x"]})", true},
      // Escaped names: compared unescaped, the paths' names unescaped (also after a refused
      // filter forgot the paths found inside it).
      {"$['a\"b', 'c']..['é']", R"({"a\"b": {"\u00e9": 1}, "c": [{"\u00E9": {"é": 2}}]})", true},
      {"$[?@.k == 1].x['a\\\\b']", R"([{"x": {"a\\b": 1}, "k": 2}, {"k": 1, "x": {"a\u005cb": 3}}])", true},
      // Numbers beyond double's range anywhere (a skipped value too) are the document's error;
      // wide numbers within range are checked and kept.
      {"$.keep", wide_numbers, true},
      {"$.keep", R"({"skip": [1, {"deep": [1e400]}], "keep": 1})", false},
      {"$.keep", R"({"skip": [1, {"deep": [1e400]}], "keep": 1})", true, {.preserve_number_text = true}},
      {"$[?@ > 1]", "[1, 2, 1e999]", false},
      // Repeated names the query selects: the document's lookups take the last one.
      {"$.a", R"({"a": 1, "b": 2, "a": 3})", false},
      {"$[?@.k == 2]", R"([{"k": 1, "k": 2}])", false},
      {"$.*", R"({"a": 1, "a": 3})", true},  // (a wildcard selects both)
      // Two containers compared: each read into a document of its own (equal by value, not
      // by bytes).
      {"$[?@.a == @.b]", R"([{"a": [1], "b": [1]}, {"a": {}, "b": 1}])", true},
      {"$[?@.a == @.b]", R"([{"a": [1.0, {"x": "é", "y": []}], "b": [1, {"y": [], "x": "é"}]}, {"a": [1], "b": [2]}])", true},
      {"$[?@.a == @.b]", R"([{"a": 1, "b": 1}, {"a": {}, "b": 1}])", true},
      // Options as the document reads them.
      {"$..x", "[ /* c */ {\"x\": 1,}, ]", true, {.skip_comments = true, .allow_trailing_commas = true}},
  };
  for (const example& e : examples) {
    SCOPED_TRACE(std::string(e.query) + " over " + e.text);
    const json_path query = json_path::compile(e.query, {.engine = engine::interpreter}).value();
    ASSERT_TRUE(detail::path::stream_engine::unsupported(detail::path::access::program_of(query)).empty());
    EXPECT_EQ(streams_as_the_document_selects(query, e.text, e.options), e.streamed);
    expect_the_selector_gives_the_documents_answer(query, e.text, e.options);
    expect_the_first_is_the_node_lists_first(query, e.text, e.options);
  }
}

TEST(PathJit, CompilesSegmentsOfOneSelectorAndRefusesTheRestAtTheirColumn) {
  for (const char* q : {"$", "$.statuses[*].user.screen_name", "$['a\"b'][0][1:7:2].*", "$[0:]", "$[:3]", "$..id",
                        "$.a..b[*]..[0]", "$.statuses[?@.retweet_count > 10 && @.lang == 'en'].id",
                        "$..[?length(@) > 20]", "$[?match(@.a[0].b, 'x.*') || !@.c][?value(@.d) == @.e]"}) {
    SCOPED_TRACE(q);
    const auto compiled = json_path::compile(q, {.engine = engine::jit});
    ASSERT_TRUE(compiled) << to_string(compiled.error());
    EXPECT_TRUE(compiled->compiled());
    EXPECT_TRUE(json_path::compile(q).value().compiled());  // (automatic)
    EXPECT_FALSE(json_path::compile(q, {.engine = engine::interpreter}).value().compiled());
  }
  struct refused {
    const char* query;
    std::uint64_t column;
    const char* why;
  };
  for (const refused& r : {refused{"$.a..b[-1]", 7, "negative index"}, refused{"$.a[-1]", 4, "negative index"},
                           refused{"$ [1, 2]", 3, "more than one selector"}, refused{"$.a.b[?$.c]", 6, "on the root"},
                           refused{"$.a[?count(@.*) > 1]", 4, "several nodes"}, refused{"$..[?@[-1] == 2]", 2, "negative index"},
                           refused{"$[::-1]", 2, "backwards"}, refused{"$[-3:]", 2, "from the end"}}) {
    SCOPED_TRACE(r.query);
    const auto compiled = json_path::compile(r.query, {.engine = engine::jit});
    ASSERT_FALSE(compiled);
    EXPECT_EQ(compiled.error().info.code, error_code::not_compiled);
    EXPECT_EQ(compiled.error().info.line, 1u);
    EXPECT_EQ(compiled.error().info.column, r.column);
    EXPECT_NE(compiled.error().name.find(r.why), std::string::npos) << compiled.error().name;
    EXPECT_FALSE(json_path::compile(r.query).value().compiled());
  }
  // An invalid query is invalid whatever the engine.
  EXPECT_EQ(json_path::compile("$.a..", {.engine = engine::jit}).error().info.code, error_code::invalid_query);
}

TEST(PathJit, TheCodeSelectsAsTheDocumentDoesOrLeavesTheTextToTheInterpreter) {
  struct example {
    const char* query;
    std::string text;
    bool native;  // answered by the code (else it gave up)
    document_options options = {};
  };
  const std::string deep_inside = "{\"skip\": " + std::string(1100, '[') + std::string(1100, ']') + ", \"a\": 1}";
  const example examples[] = {
      {"$", " [1, 2] ", true},
      {"$.a.b", R"({"x": {"b": 1}, "a" : {"b" : [1, 2]}, "z": [{"a": {"b": 0}}]})", true},
      {"$['a\"b'].c", R"({"a\"b": {"c": 1}, "c": 2})", true},
      {"$.ab", R"({"x": {"ab": 0}, "a\u0062": [1], "y": 2})", true},
      {"$.*", R"({"\u00e9": 1, "b\\n": 2, "\ud83d\ude00": [3]})", true},
      {"$[*].id", R"([{"id": 1}, 2, "id", {"x": {"id": 3}}, {"ID": 4, "id": [5]}, [{"id": 6}]])", true},
      {"$[1:6:2]", "[0, 1, 2, 3, 4, 5, 6, 7]", true},
      {"$[3]", R"([0, [1], {"a": 2}, "x", 4])", true},
      {"$[9]", "[0, 1]", true},
      {"$.a[0]", R"({"a": {"0": 1}})", true},
      {"$.*.*", R"({"a": [1, {"b": 2}], "c": {"d": [3]}, "e": 4})", true},
      // Descendant segments: the RFC's order (a visited node's children before what is visited
      // after it), paths and repeated nodes as the document gives them.
      {"$..a", R"({"x": {"a": 1}, "a": {"a": [{"a": 3}]}, "y": [{"a": 4}]})", true},
      {"$..*", R"([[1, [2]], {"b": [3], "c": {}}, "d"])", true},
      {"$..[1]", R"([[0, [1, 2]], [3, 4], 5, {"1": 6}])", true},
      {"$..a..b", R"({"a": {"a": {"b": 1}, "b": [{"b": 2}]}, "c": {"a": {"x": {"b": 3}}}})", true},
      {"$.x..['é'][0:2]", R"({"x": {"é": [1, 2, 3], "y": [{"é": [[4]]}]}})", true},
      {"$..a[*]..*", R"({"a": [{"b": [1]}, [2, {"c": 3}]], "d": {"a": {"e": {"f": 4}}}})", true},
      {"$..a", R"({"x": {"a": 1, "a": 2}})", false},
      // Scalars in arrays under a descendant name selector, skipped by kind (the containers
      // after them visited at their index); what the document refuses among them.
      {"$..a", R"([1, -2.5e3, "x", "\u00e9\n", true, false, null, [{"a": [1, "y", null]}], {"a": 2}, 0.5])", true},
      {"$..a", R"([1, "s", {"a": 1}, 1e400])", false},
      {"$..a", R"([1, "s", {"a": 1}, tru])", false},
      {"$..a", "[1, \"\xff\", {\"a\": 1}]", false},
      // A name selected twice in one object: the document's lookup (the last) decides.
      {"$.a", R"({"a": 1, "b": 2, "a": 3})", false},
      {"$.a", R"({"a": 1, "b": 2, "\u0061": 3})", false},
      {"$.*", R"({"a": 1, "a": 3})", true},  // (a wildcard selects both)
      // Numbers beyond double's range anywhere are the document's error.
      {"$.keep", R"({"skip": [1, 2.5e300, {"deep": [-1E-300, 123456789e-5]}], "keep": 1})", true},
      {"$.keep", R"({"skip": [1, {"deep": [1e400]}], "keep": 1})", false},
      {"$.keep", R"({"skip": 1e400, "keep": 1})", false},
      {"$.keep", R"({"skip": [1, {"deep": [1e400]}], "keep": 1})", true, {.preserve_number_text = true}},
      // Text that is not JSON, before, inside, after what is selected.
      {"$.keep", "{\"skip\": \"\xff\", \"keep\": 1}", false},
      {"$.a", R"({"a": 1, "b": [1,]})", false},
      {"$.a", R"({"a": [1, 2}})", false},
      {"$.a", R"({"a": 1} x)", false},
      {"$.a", R"({"a": 01})", false},
      {"$.a", "", false},
      {"$.a", "   ", false},
      {"$.a", "\xEF\xBB\xBF{\"a\": 1}", true},
      // Depth: the selector's limit, and deeper than the code follows.
      {"$.a", R"({"a": 1, "b": [[[[1]]]]})", false, {.max_depth = 3}},
      {"$.a", R"({"a": 1, "b": [1]})", true, {.max_depth = 3}},
      {"$.a", deep_inside, false, {.max_depth = 2000}},
      // Filters: decided on each candidate from the values their queries find in it (names
      // compared in place, escaped, long; indexes; nested), the next segment scanning only the
      // candidates taken.
      {"$.s[?@.n > 1 && @.lang == 'en'].id", R"({"s": [{"id": 1, "n": 2, "lang": "en"}, {"lang": "e\u006e", "n": 5, "id": [2]}, {"n": 9, "lang": "de", "id": 3}, {"id": 4}, 7, [{"n": 3, "lang": "en"}]]})", true},
      {"$[?@['a\"b'] == 'x\u00e9' || @.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa == 1]", R"([{"a\"b": "xé"}, {"a\u0022b": "x\u00e9"}, {"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa": 1}, {"a": 1}])", true},
      {"$[?@.a.b[1] == 3 && @.a.c == null][?@ > 2]", R"([{"a": {"b": [0, 3], "c": null}, "x": [5, 1]}, {"a": {"b": [3, 3]}}, {"a": [{"b": 1}]}, {"a": {"b": [1, 3, 4], "c": null}, "z": {"q": 4, "r": 2}}])", true},
      {"$[?length(@) == 2 || length(@.s) > 3]", R"([[1, 2], {"a": 1, "b": {"c": []}}, "ab", "\u00e9é", 2, [], {"s": "abcd"}, {"s": "éééé"}, {"s": [1, 2, 3, 4]}, {"s": "abc"}])", true},
      {"$[?count(@.a) == 1 && value(@.a) != 'x' && !@.b]", R"([{"a": 1}, {"a": "x"}, {"a": 2, "b": false}, {"c": 1}, 5])", true},
      {"$[?match(@.id, '[a-c]+[0-9]')].v", R"([{"id": "ab1", "v": 2}, {"id": "d1", "v": 3}, {"v": 4, "id": "a9"}])", true},
      {"$.a[?@ > 1]", R"({"a": [1, 2, "3", 4.5, {"x": 9}, [9]], "b": [7]})", true},
      {"$.a[?@ > 1]", R"({"a": {"x": 1, "y": 2, "z": true}})", true},
      {"$..[?@.id > 1].id", R"({"id": 5, "x": [{"id": 2, "y": {"id": 3, "z": [{"id": 0}]}}, {"id": 1}]})", true},
      {"$..[?length(@) > 2]", R"({"a": [1, 2, [3, 4, 5, "abc"]], "b": {"c": "xyzw", "d": {"e": 1, "f": 2, "g": 3}}})", true},
      {"$[?@.k][?@.x].y..z", R"([{"k": 1, "a": {"x": 1, "y": {"z": 2, "w": [{"z": 3}]}}}, {"a": {"x": 1, "y": {"z": 4}}}])", true},
      {"$[?@.a == @.b]", R"([{"a": [1], "b": [1.0]}, {"a": {"x": 1}, "b": {"x": 2}}, {"a": 1, "b": 1}])", true},
      // Scalars a filter decides by their kind alone (no children: only @ finds anything in
      // them; true, false and null their own value), skipped where the code meets them.
      {"$[?@ == true || @ == null || !@.x]", R"([true, false, null, 1, "s", {"x": 1}, {}, [2]])", true},
      {"$[?@ != 'x' && length(@) != 1]", R"(["x", "y", "yz", 1, true, null, [1], [1, 2], {"a": 1}])", true},
      {"$[?count(@) == 1 && value(@) >= 2]", R"([1, 2, 3.5, "a", true, [3]])", true},
      {"$[?match(@, 'a.') || search(@.s, 'b')]", R"(["ab", "a", 1, true, {"s": "abc"}, {"s": 2}, "\u0061\u0062"])", true},
      {"$..[?length(@) > 1]", R"({"a": [1, 2.5e3, -0.5, "xy", true, false, null, [1e300, "\u00e9\u00e9", -0]]})", true},
      {"$..[?length(@) > 1]", R"({"a": [1, 2, [1e400]]})", false},
      {"$..[?length(@) > 1]", "[1, [" + std::string(400, '7') + "]]", false},
      // A repeated name a filter reads (directly or on its way): the document's lookup decides.
      {"$[?@.k == 2]", R"([{"k": 1, "k": 2}])", false},
      {"$[?@.a.b == 1]", R"([{"a": {"b": 1}, "a": {"c": 2}}])", false},
      {"$[?@.k == 2]", R"([{"k": 2, "j": 1, "j": 2}])", true},
      // What the filter reads is checked as the document checks it.
      {"$[?@.k == 2]", R"([{"k": 2, "x": [1,]}])", false},
      {"$[?@.k == 2]", R"([{"k": 1e400}])", false},
      {"$[?@.k == 2]", "[{\"k\": " + std::string(400, '9') + "}]", false},
      {"$[?@.k > 2]", R"([{"k": 1e400}])", true, {.preserve_number_text = true}},
      {"$[?@.k == 2]", R"([{"k": [[[[1]]]]}])", false, {.max_depth = 4}},
      // Options the code does not read with: the interpreter's.
      {"$.x", "{\"x\": 1, /* c */ \"y\": [2,],}", false, {.skip_comments = true, .allow_trailing_commas = true}},
      {"$.x", R"({"x": 1, "y": 2})", false, {.duplicates = duplicate_properties::reject}},
  };
  for (const example& e : examples) {
    SCOPED_TRACE(std::string(e.query) + " over " + e.text);
    const json_path query = json_path::compile(e.query, {.engine = engine::jit}).value();
    EXPECT_EQ(native_code_selects_as_the_document(query, e.text, e.options), e.native);
    expect_the_selector_gives_the_documents_answer(query, e.text, e.options);
    expect_the_first_is_the_node_lists_first(query, e.text, e.options);
  }
}

TEST(PathJit, NumbersAreScannedAsTheReaderScansThem) {
  // The code scans runs of digits eight bytes at a time: every length of integer part and
  // fraction, with what may follow a number (valid or not, a byte next to the digits, the
  // end of the text), as the document reads them.
  const json_path skipped = json_path::compile("$..[?length(@) > 1]", {.engine = engine::jit}).value();
  const json_path captured = json_path::compile("$[?@[0] > 5]", {.engine = engine::jit}).value();
  const char* const after[] = {"]", " ]", ",2]", "x]", ":]", "/]", "\xFA]", ".]", "e]", "e+1]", "E-12]", ""};
  for (int digits = 1; digits <= 19; ++digits) {
    for (int fraction = 0; fraction <= 17; fraction += 1 + fraction / 4) {
      std::string number = "-" + std::string(static_cast<std::size_t>(digits), '7');
      if (fraction > 0) number += "." + std::string(static_cast<std::size_t>(fraction), '3');
      for (const char* tail : after) {
        const std::string text = "[[" + number + tail + "]";
        SCOPED_TRACE(text);
        const bool valid = document::parse(text).has_value();
        EXPECT_EQ(native_code_selects_as_the_document(skipped, text), valid);
        EXPECT_EQ(native_code_selects_as_the_document(captured, text), valid);
        expect_the_selector_gives_the_documents_answer(skipped, text, {});
        expect_the_selector_gives_the_documents_answer(captured, text, {});
      }
      const std::string at_end = "[[1, " + number;  // (the text ends in the number)
      EXPECT_FALSE(native_code_selects_as_the_document(skipped, at_end));
      expect_the_selector_gives_the_documents_answer(captured, at_end, {});
    }
  }
}

TEST(PathJit, NumbersAreComparedWithLiteralsAsTheDocumentComparesThem) {
  // A number compared with a number literal is decided from its integer part where that
  // tells (a double read from the text cannot round across an integer): values on either
  // side of each literal, those that round onto it, integer parts of 15 and 16 digits,
  // exponents, negative zero, each under every operator, by the code and by the one-pass
  // engine, as the document decides.
  const char* const literals[] = {"60", "-140", "0", "5.5", "-0.5", "999999999999999", "9007199254740991",
                                  "9007199254740992", "1e16", "-1E2"};
  const char* const numbers[] = {"60", "59", "61", "59.5", "60.5", "59.99999999999999999", "60.00000000000000001",
                                 "-140", "-139.9999999999999999", "-140.00000000000000001", "-141", "-139",
                                 "0", "-0", "-0.0", "0.0", "0.5", "-0.5", "-0.49999999999999999", "5", "5.5", "6",
                                 "5.4999999999999999999", "999999999999999", "999999999999999.9",
                                 "999999999999998.99999", "9999999999999999.5", "9007199254740991.5",
                                 "9007199254740993", "10000000000000000", "6e1", "60E0", "-1.4e2", "1e16", "-100"};
  const char* const operators[] = {"<", "<=", ">", ">=", "==", "!="};
  for (const char* literal : literals) {
    for (const char* op : operators) {
      for (const bool literal_first : {false, true}) {
        const std::string filter = literal_first ? std::string(literal) + " " + op + " @[0]"
                                                 : std::string("@[0] ") + op + " " + literal;
        const std::string query = "$[?" + filter + "]";
        const json_path compiled = json_path::compile(query, {.engine = engine::jit}).value();
        const json_path interpreted = json_path::compile(query, {.engine = engine::interpreter}).value();
        // (And candidates where @[0] is Nothing or not a number, which only != takes.)
        std::string text = R"([[], ["60"], [true], [[60]], {"0": 60}, 60)";
        for (const char* number : numbers) text += std::string(", [") + number + "]";
        text += "]";
        SCOPED_TRACE(query);
        EXPECT_TRUE(native_code_selects_as_the_document(compiled, text));
        expect_the_selector_gives_the_documents_answer(compiled, text, {});
        expect_the_selector_gives_the_documents_answer(interpreted, text, {});
      }
    }
  }
  // Indexes read element by element (below 16) and by the element helper (from 16 on), in
  // arrays shorter and longer than them.
  for (const char* query : {"$[?@[1] > 1 && @[3] < 5]", "$[?@[15] == 15]", "$[?@[16] == 16]", "$[?@[2] != 2]"}) {
    std::string text = "[";
    for (int size = 0; size <= 20; ++size) {
      text += size > 0 ? ", [" : "[";
      for (int i = 0; i < size; ++i) text += (i > 0 ? ", " : "") + std::to_string(i);
      text += "]";
    }
    text += "]";
    SCOPED_TRACE(query);
    const json_path compiled = json_path::compile(query, {.engine = engine::jit}).value();
    EXPECT_TRUE(native_code_selects_as_the_document(compiled, text));
    expect_the_selector_gives_the_documents_answer(compiled, text, {});
  }
}

TEST(PathJit, ComparisonsWithLiteralsAreDecidedAsTheDocumentDecidesThem) {
  // Filters of existence tests and comparisons with a literal (strings, true, false, null,
  // length()), under every operator and nested &&, || and !, are decided from the captured
  // text; a string with escapes, and what the text alone does not tell, by reading the value.
  // Each by the code and the one-pass engine over candidates of every kind, as the document
  // decides.
  const char* const comparisons[] = {"@.v == 'ab'", "@.v != 'ab'", "@.v < 'ab'", "'ab' <= @.v", "@.v > 'é'",
                                     "@.v >= ''", "@.v == true", "false != @.v", "@.v <= true", "@.v > false",
                                     "@.v == null", "@.v >= null", "null < @.v", "length(@.v) >= 2",
                                     "3 > length(@.v)", "length(@.v) != 2", "length(@.v) == 1.5",
                                     "length(@.v) <= 0", "length(@.v) > -1"};
  const char* const combined[] = {"%s", "!(%s)", "%s && @.w", "%s || @.w == 1", "!(%s || !@.w) && (@.x || !@.y)"};
  const std::string text =
      R"([{"v": "ab"}, {"v": "a\u0062"}, {"v": "abc"}, {"v": "aa"}, {"v": "a"}, {"v": ""}, {"v": "é"}, {"v": "ê"},)"
      R"( {"v": "éé"}, {"v": "\u00e9\u00e9\u00e9"}, {"v": "a\"b"}, {"v": 1}, {"v": 2.5}, {"v": true}, {"v": false},)"
      R"( {"v": null}, {"v": [1, 2]}, {"v": [[1], {"a": 2}, 3]}, {"v": {}}, {"v": {"a": 1, "b": [2]}},)"
      R"( {"v": "ab", "w": 1}, {"v": true, "w": 0, "x": 1}, {"v": null, "y": 1}, {"w": 1}, {}, "ab", 5, true, null, [1]])";
  for (const char* comparison : comparisons) {
    for (const char* form : combined) {
      char filter[256];
      std::snprintf(filter, sizeof filter, form, comparison);
      const std::string query = std::string("$[?") + filter + "]";
      SCOPED_TRACE(query);
      const json_path compiled = json_path::compile(query, {.engine = engine::jit}).value();
      const json_path interpreted = json_path::compile(query, {.engine = engine::interpreter}).value();
      EXPECT_TRUE(native_code_selects_as_the_document(compiled, text));
      EXPECT_TRUE(streams_as_the_document_selects(interpreted, text));
      expect_the_selector_gives_the_documents_answer(compiled, text, {});
    }
  }
}

TEST(PathJit, FiltersOnTheCandidatesLengthCountItsCodePointsAsTheDocumentDoes) {
  // A filter that tests only the candidate's length is decided from the count alone: a
  // string's code points counted on its text as written (non-ASCII sequences, escapes and
  // surrogate pairs one each, in words of eight bytes and their tails), a container's
  // children (past the 64 whose verdicts were once remembered). Child and descendant
  // segments, every operator, literals on and between the counts.
  const std::string long_ascii(100, 'x');
  std::string many = "[";
  for (int i = 0; i < 70; ++i) many += i == 0 ? "0" : ",0";
  many += "]";
  const std::string text =
      R"(["", "a", "ab", "abcdefg", "abcdefgh", "abcdefghi", "é", "éé", "日本語", "😀", "a😀b",)"
      R"( "\u00e9", "\ud83d\ude00", "\n\t\"", "a\u0062c", "éééééééé\u00e9x", ")" + long_ascii +
      R"(", "日本語日本語日本語日本語\ud83d\ude00", 1, true, null, [], [1], [1, "ab"], {"a": "ab"},)"
      R"( {"a": 1, "b": [2, "éé"]}, )" + many +
      // Arrays the code passes whole where the filter refuses them and all they hold, or
      // hands to the helper from their start: nested, a string the filter may take, one with
      // an escape or non-ASCII bytes, an object, a wide number, whitespace.
      R"(, [[1, 2], [3, [4, "abc"]], ["é", 1], ["a\n"], [true, false, null, 1.5e3, -0.25], [{}], [ 1 , 2 ],)"
      R"( [12345678901234567890.5], [[[]]], [[0, 0, 0], [[0, 0], "xyz"]]]])";
  ASSERT_TRUE(document::parse(text));
  const char* const comparisons[] = {"length(@) > 2",  "length(@) >= 2", "length(@) < 3",  "length(@) <= 1",
                                     "length(@) == 1", "length(@) != 2", "length(@) == 1.5", "length(@) > 69",
                                     "length(@) > -1", "2 < length(@)", "length(@) == 0",
                                     "length(@) < 1000000000000000", "length(@) >= 1000000000000000"};
  const char* const combined[] = {"%s", "!(%s)", "%s && @", "%s || length(@) == 8", "!(%s && length(@) < 10)"};
  for (const char* segment : {"$", "$.."}) {
    for (const char* comparison : comparisons) {
      for (const char* form : combined) {
        char filter[256];
        std::snprintf(filter, sizeof filter, form, comparison);
        const std::string query = std::string(segment) + "[?" + filter + "]";
        SCOPED_TRACE(query);
        const json_path compiled = json_path::compile(query, {.engine = engine::jit}).value();
        EXPECT_TRUE(native_code_selects_as_the_document(compiled, text));
        expect_the_selector_gives_the_documents_answer(compiled, text, {});
      }
    }
  }
  // An array passed whole is opened at the depth the document checks: one too deep is its error.
  const json_path q = json_path::compile("$..[?length(@) > 5]", {.engine = engine::jit}).value();
  for (const int depth : {3, 4}) {
    SCOPED_TRACE(depth);
    expect_the_selector_gives_the_documents_answer(q, "[[[[1, 2]]], 3]", {.max_depth = depth});
  }
}

TEST(PathJit, FiltersAtTheLimitsOfTheCodesDecisionSelectAsTheDocumentDoes) {
  // The code decides filters of up to six comparisons (a table of 64 verdicts) whose
  // queries name up to 64 members; one more of either leaves the filter to the helpers. Both
  // sides of each limit, taken and refused candidates, a repeated name on a long path.
  const auto name_path = [](int names, char tag) {
    std::string path = "@";
    for (int i = 0; i < names; ++i) path += std::string(".") + tag + std::to_string(i);
    return path;
  };
  const auto nested = [](int names, char tag, const std::string& leaf) {
    std::string text = leaf;
    for (int i = names - 1; i >= 0; --i) text = "{\"" + std::string(1, tag) + std::to_string(i) + "\": " + text + "}";
    return text;
  };
  std::vector<std::string> queries = {
      "$[?@[0] > 1 && @[1] < 9 && @[2] == 3 && @[3] != 4 && @[4] >= 5 && @[5] <= 6]",
      "$[?@[0] > 1 && @[1] < 9 && @[2] == 3 && @[3] != 4 && @[4] >= 5 && @[5] <= 6 && @[6] == true]",
      "$[?(@[0] > 1 || @[1] < 0) && !(@[2] == 3 || @[3] == null) || @[4] && @[5] == false][0]"};
  std::string text = "[";
  for (int a = 0; a < 40; ++a) {
    text += a > 0 ? ", [" : "[";
    for (int i = 0; i < 7; ++i) {
      const int v = (a * 7 + i * 3) % 11;
      text += (i > 0 ? ", " : "") + (v == 10 ? std::string("true") : v == 9 ? std::string("null") : std::to_string(v));
    }
    text += "]";
  }
  text += ", [2, 8, 3, 5, 5, 6, true], [2, 8, 3, 5, 5, 6, false], [2]]";
  // 6 queries of 10 names (60: decided by the code) and of 11 (66: by the helpers).
  for (const int names : {10, 11}) {
    std::string filter;
    for (int q = 0; q < 6; ++q) {
      filter += (q > 0 ? " && " : "") + name_path(names, static_cast<char>('a' + q)) + " >= " + std::to_string(q);
    }
    // Candidates whose values are q - 1, q and q + 1 (refused, taken, taken).
    std::string many = "[";
    for (int c = 0; c < 3; ++c) {
      many += c > 0 ? ", {" : "{";
      for (int q = 0; q < 6; ++q) {
        const char tag = static_cast<char>('a' + q);
        const std::string value = nested(names, tag, std::to_string(q + c - 1));
        many += (q > 0 ? ", " : "") + value.substr(1, value.size() - 2);
      }
      many += "}";
    }
    many += "]";
    queries.push_back("$[?" + filter + "]");
    SCOPED_TRACE(many);
    const json_path query = json_path::compile(queries.back(), {.engine = engine::jit}).value();
    EXPECT_TRUE(native_code_selects_as_the_document(query, many));
    expect_the_selector_gives_the_documents_answer(query, many, {});
    // The same name twice on the way: the document's lookup decides.
    const std::string repeated = "[{\"a0\": {\"a1\": 1}, " + many.substr(2);
    EXPECT_FALSE(native_code_selects_as_the_document(query, repeated));
    expect_the_selector_gives_the_documents_answer(query, repeated, {});
  }
  for (const std::string& q : queries) {
    SCOPED_TRACE(q);
    const json_path query = json_path::compile(q, {.engine = engine::jit}).value();
    EXPECT_TRUE(native_code_selects_as_the_document(query, text));
    expect_the_selector_gives_the_documents_answer(query, text, {});
    expect_the_first_is_the_node_lists_first(query, text, {});
  }
}

TEST(PathJit, ATakenCandidateIsScannedAgainAsTheDocumentReadsIt) {
  // The containers a filter's scan of a candidate skipped are skipped again by their end where
  // the next segment scans the candidate it took: entering some of them, selecting some
  // whole, meeting them under a descendant segment; an invalid one anywhere is still the
  // document's error, whether the candidate is taken or not.
  struct example {
    const char* query;
    std::string text;
    bool native;
  };
  const example examples[] = {
      {"$.s[?@.k == 1].a.b", R"({"s": [{"k": 1, "a": {"b": [1, {"c": 2}], "x": {"y": [3]}}, "z": [{"b": 9}]}, {"a": {"b": 4}, "k": 2}, {"z": {}, "a": {"b": {"k": 1}}, "k": 1}]})", true},
      {"$[?@.k == 1]..b", R"([{"k": 1, "a": {"b": [1, {"b": 2}]}, "c": [{"b": 3}, [[{"b": 4}]]]}, {"k": 0, "a": {"b": 5}}])", true},
      {"$[?@.k == 1][*][0]", R"([{"x": [[1], 2], "k": 1, "y": [[3, 4]], "z": {"0": 5}}, [[6]], {"k": 1}])", true},
      {"$[?@.k == 1].*", R"([{"a": {"b": [1]}, "k": 1, "c": [[]], "d": "x"}, {"a": [2], "k": 3}])", true},
      {"$..[?@.k == 1].a", R"({"k": 1, "a": {"k": 1, "a": [{"k": 1, "a": 2}]}, "b": [{"k": 1, "a": {"x": [3]}}]})", true},
      {"$[?@.a][?@.k == 1].b", R"([{"a": 1, "x": {"k": 1, "b": [1], "c": {"d": []}}, "y": {"b": 2, "k": 0}}])", true},
      {"$[?@.k == 1].a", R"([{"k": 1, "a": {"b": 1}, "bad": [1,]}])", false},
      {"$[?@.k == 1].a", R"([{"k": 2, "a": {"b": 1}, "bad": {"x": 1e400}}])", false},
      {"$[?@.k == 1].a", R"([{"bad": [1, 2}, "k": 1, "a": 1}])", false},
  };
  for (const example& e : examples) {
    SCOPED_TRACE(std::string(e.query) + " over " + e.text);
    const json_path query = json_path::compile(e.query, {.engine = engine::jit}).value();
    EXPECT_EQ(native_code_selects_as_the_document(query, e.text), e.native);
    expect_the_selector_gives_the_documents_answer(query, e.text, {});
  }
  // Larger candidates (their containers skipped along the stage-1 index), one taken after
  // another by the same selector.
  std::string text = "[";
  for (int i = 0; i < 60; ++i) {
    text += i > 0 ? ", " : "";
    std::string big;
    for (int j = 0; j < 500; ++j) big += "1234567, ";
    text += R"({"big": [)" + big + std::to_string(i) + R"(], "k": )" + std::to_string(i % 3) +
            R"(, "a": {"b": [)" + std::to_string(i) + R"(, {"c": "x"}]}, "z": {"b": 0}})";
  }
  text += "]";
  const json_path query = json_path::compile("$[?@.k == 1].a.b[1]", {.engine = engine::jit}).value();
  EXPECT_TRUE(native_code_selects_as_the_document(query, text));
  expect_the_selector_gives_the_documents_answer(query, text, {});
}

TEST(PathJit, LargeSkippedValuesAreCheckedAsTheDocumentChecksThem) {
  // Past 4 KB a skipped container is checked along a stage-1 index of the text, made in
  // 16 KiB pieces from its first byte on: what is wrong anywhere inside is found there too. `inside` (items
  // ending in ", ") starts `at` bytes after the container's '[', among valid items.
  const auto large = [](const std::string& inside, std::size_t at) {
    const std::string item = "{\"k\": [1.5, -2e-3, \"x\\u00e9\\\"\", true, null, {}], \"t\": \"caf\u00e9\"}, ";
    std::string c = "[";
    while (c.size() + item.size() + 8 < at) c += item;
    c += "\"" + std::string(at - c.size() - 4, 'a') + "\", ";  // (a string of the length that places it)
    c += inside;
    while (c.size() < 300'000) c += item;
    c += "0]";
    return "{\"skip\": " + c + ", \"a\": {\"b\": 42}, \"after\": " + c + "}";
  };
  const std::size_t piece = 16 * 1024;  // where the second piece starts, after the container's first byte
  const std::string ascii_piece = "\"" + std::string(2 * piece, 'a') + "\", ";  // (the piece after: no non-ASCII byte)
  struct example {
    std::string text;
    bool native;
  };
  const example examples[] = {
      {large("", 100), true},
      {large("\"\u00e9\", ", piece - 2), true},   // a character split by the piece's end
      {large("\"\U0001F600\", ", piece - 2), true},
      {large("\"\u20ac\U0001F600\", ", piece - 3), true},
      {large("\"\xc3\", ", piece - 2), false},     // a character cut short there
      {large("\"\u00e9\", " + ascii_piece, piece - 2), true},  // split, then a piece of ASCII
      {large("\"\xe2\x82\", " + ascii_piece, piece - 2), false},
      {large("\"\u00e9\", ", 3 * piece - 2), true},  // at a later piece's end
      {large("\"\xff\", ", 150'000), false},       // invalid UTF-8
      {large("\"a\tb\", ", 200'000), false},       // a control character
      {large("\"\\x\", ", 120'000), false},         // an invalid escape
      {large("\"\\ud800\", ", 70'000), false},      // a lone surrogate
      {large("1e400, ", 250'000), false},           // beyond double's range
      {large("01, ", 100'000), false},              // a number's grammar
      {large("tru, ", 100'000), false},             // a literal's
      {large("{\"x\" 1}, ", 100'000), false},       // a missing colon
      {large("[1,], ", 100'000), false},            // a trailing comma
      {large("[1 2], ", 100'000), false},           // a missing comma
      {large(std::string(70, '[') + std::string(70, ']') + ", ", 100'000), false},  // past the depth limit
      {large("\"unclosed", 299'000), false},
  };
  const json_path ab = json_path::compile("$.a.b", {.engine = engine::jit}).value();
  const json_path after = json_path::compile("$.after[5].t", {.engine = engine::jit}).value();
  for (std::size_t i = 0; i < std::size(examples); ++i) {
    SCOPED_TRACE("example " + std::to_string(i));
    const example& e = examples[i];
    EXPECT_EQ(document::parse(e.text).has_value(), e.native);  // (what is wrong is only what was put in)
    EXPECT_EQ(native_code_selects_as_the_document(ab, e.text), e.native);
    expect_the_selector_gives_the_documents_answer(ab, e.text, {});
    expect_the_selector_gives_the_documents_answer(after, e.text, {});
  }
  // With the numbers' text kept, 1e400 is a number the document takes.
  EXPECT_TRUE(native_code_selects_as_the_document(ab, large("1e400, ", 250'000), {.preserve_number_text = true}));
}

TEST(PathJit, DescendantNameSelectorsPassArraysOfScalarsWholeButTheOnesTheyName) {
  // An element that is an array of scalars holds no member: passed whole by the code. One a
  // member's name selects is selected; one holding a container, a string with an escape or
  // non-ASCII bytes or a wide number is visited as before.
  const std::string text =
      R"({"a": [1, 2], "b": [[1, 2], [3, [4]], [{"a": 5}], ["x\n", "é"], [12345678901234567890123], [1.5e300, true, null, "a"],)"
      R"( [[], [[]]], [ 1 , 2 ], {"a": [[7], {"a": []}]}], "c": [[{"b": {"a": [8]}}]]})";
  ASSERT_TRUE(document::parse(text));
  for (const char* query : {"$..a", "$..b", "$..a[0]", "$.b..a", "$..['a']"}) {
    SCOPED_TRACE(query);
    const json_path compiled = json_path::compile(query, {.engine = engine::jit}).value();
    EXPECT_TRUE(native_code_selects_as_the_document(compiled, text));
    expect_the_selector_gives_the_documents_answer(compiled, text, {});
  }
  const json_path q = json_path::compile("$..a", {.engine = engine::jit}).value();
  for (const int depth : {2, 3}) {
    SCOPED_TRACE(depth);
    expect_the_selector_gives_the_documents_answer(q, "[[[1, 2]], 3]", {.max_depth = depth});
  }
}

TEST(PathJit, DescendantSelectionsOverLargeTextsAreInTheRfcsOrder) {
  // The values one descendant segment selects are put in the RFC's order by the node visited
  // on their way, 11 bits of its offset at a time: offsets past 2^22 (three passes), nodes
  // selected before, inside and after their nested containers.
  const std::string padding(200, 'p');
  std::string text = "[";
  for (int i = 0; text.size() < (std::size_t{5} << 20); ++i) {
    if (i > 0) text += ", ";
    text += R"({"id": )" + std::to_string(i) + R"(, "a": [{"id": "x"}, [1, {"id": [)" + std::to_string(i) +
            R"(]}], "ab"], "s": ")" + padding + R"(", "id2": {"id": {}}})";
  }
  text += "]";
  for (const char* query : {"$..id", "$..[?length(@) > 1]", "$..[?@.id]", "$..*"}) {
    SCOPED_TRACE(query);
    EXPECT_TRUE(native_code_selects_as_the_document(json_path::compile(query, {.engine = engine::jit}).value(), text));
  }
}

TEST(PathJit, LongQueriesOverDeepTextsStayBounded) {
  // A function per segment, each calling the next: 256 of them deep, over as deep a text.
  std::string query = "$", text;
  for (int i = 0; i < 256; ++i) query += "[0]";
  text = std::string(256, '[') + "7" + std::string(256, ']');
  const json_path q = json_path::compile(query, {.engine = engine::jit}).value();
  EXPECT_TRUE(native_code_selects_as_the_document(q, text, {.max_depth = 300}));
  // More segments than that are the interpreter's (no megabytes of code for a long query).
  const auto longer = json_path::compile(query + "[0]", {.engine = engine::jit});
  ASSERT_FALSE(longer);
  EXPECT_EQ(longer.error().info.code, error_code::not_compiled);
  EXPECT_EQ(longer.error().info.column, 1u + 3 * 256 + 1);
  std::string million = "$";
  for (int i = 0; i < 1'000'000; ++i) million += ".a";
  const json_path interpreted = json_path::compile(million).value();
  EXPECT_FALSE(interpreted.compiled());
  std::vector<std::string> got;
  ASSERT_FALSE(path_selector(json_path::compile(query + "[0]").value(), {.max_depth = 300})
                   .select("[" + text + "]", [&](const path_match& m) { got.emplace_back(m.json()); }));
  EXPECT_EQ(got, std::vector<std::string>{"7"});
  // A 10 MB name is compared by the helper, not by 10 MB of code.
  const std::string long_name(10'000'000, 'n');
  const jit_statistics before = jit_stats();
  const json_path named = json_path::compile("$['" + long_name + "']", {.engine = engine::jit}).value();
  EXPECT_LT(jit_stats().code_bytes - before.code_bytes, 8192u);
  EXPECT_TRUE(native_code_selects_as_the_document(named, "{\"" + long_name + "\": 1, \"n\": 2}"));
  // A 4 MB text the query looks at little of.
  std::string big = "{\"skip\": [";
  while (big.size() < 4'000'000) big += "{\"a\": [1.5, \"x\\u00e9\", true, null], \"b\": {\"c\": -2}}, ";
  big += "0], \"a\": {\"b\": 42}}";
  const json_path ab = json_path::compile("$.a.b", {.engine = engine::jit}).value();
  EXPECT_TRUE(native_code_selects_as_the_document(ab, big));
}

TEST(PathText, InvalidTextIsAnErrorWithItsPositionAndNothingSelected) {
  const json_path query = json_path::compile("$.a").value();
  int called = 0;
  const std::string_view invalid = "{\"a\": 1,\n \"b\": tru}";
  const parse_error failed = query.select(invalid, [&](const path_match&) { ++called; });
  ASSERT_TRUE(failed);
  EXPECT_EQ(called, 0);
  EXPECT_EQ(failed.info.line, 2u);
  EXPECT_EQ(failed.info.column, 10u);  // at the '}' where "true" should go on
  const parse_error reference = document::parse(invalid).error();  // the document's error, exactly
  EXPECT_EQ(to_string(failed), to_string(reference));
  // Past the depth limit the selector is given.
  path_selector shallow(query, {.max_depth = 3});
  const parse_error too_deep = shallow.select("[[[[1]]]]", [&](const path_match&) { ++called; });
  EXPECT_EQ(too_deep.info.code, error_code::depth_exceeded);
  EXPECT_EQ(called, 0);
  EXPECT_FALSE(shallow.select("[[[1]]]", [&](const path_match&) { ++called; }));
}

TEST(PathText, SelectFirstReadsOnlyAsFarAsItMust) {
  // Each engine (the JIT's code, the one-pass reader, a document) gives the same first value.
  for (const engine e : {engine::jit, engine::interpreter}) {
    SCOPED_TRACE(e == engine::jit ? "jit" : "interpreter");
    auto first = [&](std::string_view query, std::string_view text) {
      auto compiled = json_path::compile(query, {.engine = e});
      if (!compiled) compiled = json_path::compile(query);  // (what the JIT does not compile)
      return first_of(*compiled, text);
    };
    // Where the node list is in the text's order, nothing after the value is read.
    EXPECT_EQ(first("$.a[1]", R"({"a": [1, {"b": 2}, 3], "c": tru)"), "$['a'][1] @10 {\"b\": 2}");
    EXPECT_EQ(first("$.a[*]", "[1] {\"a\": 2}").substr(0, 6), "error:") << "nothing selected: the whole text read";
    EXPECT_EQ(first("$[?@.k == 1].v", R"([{"v": 1, "k": 2}, {"v": 3, "k": 1}, {"v": ])"), "$[1]['v'] @25 3");
    // A scalar is whole only where what follows it ends it.
    for (const std::string_view broken : {R"({"a": 01})", R"({"a": truex})", R"({"a": 1x})", R"({"a": "s"x})", R"({"a": 1:})",
                                          R"({"a": "s"{})", "[1[]", "[true{}", "[1.]", "[-]"}) {
      SCOPED_TRACE(broken);
      EXPECT_EQ(first(broken[0] == '{' ? "$.a" : "$[0]", broken), "error: " + to_string(document::parse(broken).error()));
    }
    EXPECT_EQ(first("$", "7 8"), "$ @0 7") << "the root scalar, ended by a space";
    EXPECT_EQ(first("$[-1]", "[1, 2, 3] x"), "$[2] @7 3") << "an index from the end: decided at the array's end";
    EXPECT_EQ(first("$[-1]", "[1, 2, 3, ]").substr(0, 6), "error:");
    // An error before the value: select's (the document's) error, exactly.
    const std::string_view broken = "{\"x\": tru, \"a\": 1}";
    EXPECT_EQ(first("$.a", broken), "error: " + to_string(document::parse(broken).error()));
    EXPECT_EQ(first("$.zz", R"({"a": 1})"), "none");
    EXPECT_EQ(first("$.zz", R"({"a": 1}])").substr(0, 6), "error:");
    // Orders the text does not give (descendants, several selectors, negative steps): the
    // whole text read, the node list's first.
    EXPECT_EQ(first("$..a", R"({"x": {"a": 1}, "a": 2})"), "$['a'] @21 2");
    EXPECT_EQ(first("$..a", R"({"x": {"a": 1}, "a": 2} x)").substr(0, 6), "error:");
    EXPECT_EQ(first("$[2::-1]", "[1, 2, 3]"), "$[2] @7 3");
    // A name written twice: select gives the document's (the last), select_first the first
    // (it does not read on to find another).
    EXPECT_EQ(first("$.a", R"({"a": 1, "a": 3})"), "$['a'] @6 1");
    // Escaped names come back unescaped in the path.
    EXPECT_EQ(first("$.*[0]", R"({"\u00e9": [7], "b": [8]})"), "$['é'][0] @12 7");
  }
  // The JIT's code and the one-pass reader stop by themselves (a document would read on).
  const std::string trailing = R"({"a": [1, 2], "b": [1,]})";
  const json_path jit_query = json_path::compile("$.a[1]", {.engine = engine::jit}).value();
  detail::path::native_run run;
  std::vector<detail::path::path_step> steps{detail::path::path_step{0, false, 0, {}}};
  ASSERT_TRUE(detail::path::access::program_of(jit_query).native->run(trailing, {}, run, steps, true));
  ASSERT_EQ(run.selected.size(), 1u);
  EXPECT_EQ(run.selected[0].begin, 10u);
  detail::path::stream_engine stream(detail::path::access::program_of(jit_query));
  ASSERT_TRUE(stream.run(trailing, {}, steps, true));
  ASSERT_EQ(stream.selected().size(), 1u);
  EXPECT_EQ(stream.selected()[0].begin, 10u);
  // Deep and large: 250 segments into 250 nested arrays, garbage after (the code unwinds 250
  // frames); a value past 10 MB of other values.
  std::string deep_query = "$";
  for (int i = 0; i < 250; ++i) deep_query += "[0]";
  const std::string deep = std::string(250, '[') + "7" + std::string(250, ']') + " garbage";
  EXPECT_EQ(first_of(json_path::compile(deep_query).value(), deep, {.max_depth = 300}), deep_query + " @250 7");
  std::string large = "[";
  std::size_t before = 0;
  for (; large.size() < 10'000'000; ++before) large += "{\"a\": [1.5, \"x\\u00e9\", true, null]}, ";
  large += "{\"b\": 42}] x";
  EXPECT_EQ(first_of(json_path::compile("$[*].b").value(), large),
            "$[" + std::to_string(before) + "]['b'] @" + std::to_string(large.size() - 6) + " 42");
  // On a corpus file: the same first value as select's, its path too.
  const std::string twitter = test::read_file(std::string(JSONJIT_DATA_DIR) + "/corpus/twitter.json");
  for (const char* query : {"$.statuses[50].user.screen_name", "$.statuses[?@.retweet_count > 10].id", "$..id"}) {
    SCOPED_TRACE(query);
    expect_the_first_is_the_node_lists_first(json_path::compile(query).value(), twitter);
  }
}

TEST(PathText, JsonLinesLineByLine) {
  const std::string lines = "{\"id\": 1}\n\n   \n{\"id\": 22, \"x\": {\"id\": 3}}\r\n{\"x\": 4}\n{\"id\": 5}";
  path_selector selector(json_path::compile("$..id").value());
  std::vector<std::string> seen;
  auto collect = [&](const path_match& m) {
    seen.push_back(std::to_string(m.line()) + " @" + std::to_string(m.offset()) + " " + std::string(m.json()) + " " + m.path());
    EXPECT_EQ(m.json().data(), lines.data() + m.offset());
  };
  ASSERT_FALSE(selector.select_lines(lines, collect));
  const std::vector<std::string> expected{"1 @7 1 $['id']", "4 @22 22 $['id']", "4 @38 3 $['x']['id']",
                                          "6 @59 5 $['id']"};
  EXPECT_EQ(seen, expected);
  // A line that is not JSON: its line and offset in the whole text; the lines before it came.
  seen.clear();
  const std::string broken = "{\"id\": 1}\n{\"id\": 2}\n{\"id\" 3}\n{\"id\": 4}\n";
  const parse_error failed = selector.select_lines(broken, [&](const path_match& m) { seen.emplace_back(m.json()); });
  ASSERT_TRUE(failed);
  EXPECT_EQ(failed.info.line, 3u);
  EXPECT_EQ(failed.info.column, 7u);
  EXPECT_EQ(failed.info.offset, 26u);
  EXPECT_EQ(seen, (std::vector<std::string>{"1", "2"}));
}

TEST(PathText, ASelectorReusedGivesWhatAFreshOneGives) {
  const json_path query = json_path::compile("$.statuses[?@.retweet_count > 10].user.screen_name").value();
  path_selector reused(query);
  for (int round = 0; round < 3; ++round) {
    for (std::string_view file : {"twitter", "citm_catalog", "canada"}) {
      const std::string text = test::read_file(std::string(JSONJIT_DATA_DIR) + "/corpus/" + std::string(file) + ".json");
      std::vector<std::string> fresh, again;
      ASSERT_FALSE(query.select(text, [&](const path_match& m) { fresh.emplace_back(m.json()); }));
      ASSERT_FALSE(reused.select(text, [&](const path_match& m) { again.emplace_back(m.json()); }));
      EXPECT_EQ(again, fresh);
      if (file == "twitter") {
        EXPECT_FALSE(fresh.empty());
      }
    }
  }
}

TEST(Path, LargeAndDeepValues) {
  // $..* over a million nodes: views and steps, no copies of values.
  std::string big = "[";
  for (int i = 0; i < 1'000'000; ++i) big += i == 0 ? "0" : ",0";
  big += "]";
  const document doc = document::parse(big).value();
  const auto all = json_path::compile("$..*").value().select(doc.root()).value();
  ASSERT_EQ(all.size(), 1'000'000u);
  EXPECT_EQ(all.path(999'999), "$[999999]");
  // 100,000 levels deep: the descendants are visited without recursion.
  std::string deep;
  for (int i = 0; i < 100'000; ++i) deep += "{\"a\":";
  deep += "1";
  deep += std::string(100'000, '}');
  const document nested = document::parse(deep, {.max_depth = 200'000}).value();
  const auto leaves = json_path::compile("$..[?@==1]").value().select(nested.root()).value();
  ASSERT_EQ(leaves.size(), 1u);
  EXPECT_EQ(leaves.path(0).size(), 1 + 5 * 100'000u);
  const node tree = node::from(nested.root());
  EXPECT_EQ(json_path::compile("$..a").value().select(tree).value().size(), 100'000u);
  // Over text: the same, the million values as views of the input.
  std::size_t count = 0;
  path_selector selector(json_path::compile("$..*").value());
  ASSERT_FALSE(selector.select(big, [&](const path_match& m) { count += m.json() == "0" ? 1u : 0u; }));
  EXPECT_EQ(count, 1'000'000u);
  path_selector deep_selector(json_path::compile("$..[?@==1]").value(), {.max_depth = 200'000});
  std::size_t path_size = 0;
  ASSERT_FALSE(deep_selector.select(deep, [&](const path_match& m) { path_size = m.path().size(); }));
  EXPECT_EQ(path_size, 1 + 5 * 100'000u);
}

}  // namespace
}  // namespace jsonjit
