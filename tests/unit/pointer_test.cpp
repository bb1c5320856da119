#include <jsonjit/pointer.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace jsonjit {
namespace {

// RFC 6901 §5's document.
constexpr std::string_view rfc_document = R"({
  "foo": ["bar", "baz"],
  "": 0,
  "a/b": 1,
  "c%d": 2,
  "e^f": 3,
  "g|h": 4,
  "i\\j": 5,
  "k\"l": 6,
  " ": 7,
  "m~n": 8
})";

// §5's pointers with the value each names (as JSON), and §6's fragment forms of the same.
struct rfc_case {
  std::string_view pointer, fragment, value;
};
constexpr rfc_case rfc_cases[] = {
    {"", "#", R"({"foo":["bar","baz"],"":0,"a/b":1,"c%d":2,"e^f":3,"g|h":4,"i\\j":5,"k\"l":6," ":7,"m~n":8})"},
    {"/foo", "#/foo", R"(["bar","baz"])"},
    {"/foo/0", "#/foo/0", R"("bar")"},
    {"/", "#/", "0"},
    {"/a~1b", "#/a~1b", "1"},
    {"/c%d", "#/c%25d", "2"},
    {"/e^f", "#/e%5Ef", "3"},
    {"/g|h", "#/g%7Ch", "4"},
    {"/i\\j", "#/i%5Cj", "5"},
    {"/k\"l", "#/k%22l", "6"},
    {"/ ", "#/%20", "7"},
    {"/m~0n", "#/m~0n", "8"},
};

std::string compact(const element& e) {
  return e.to_json({.escaping = escape_mode::relaxed}).value();
}
std::string compact(const node& n) {
  return n.to_json({.escaping = escape_mode::relaxed}).value();
}

TEST(Pointer, FindsEveryValueOfRfc6901InDocumentsAndNodes) {
  const document doc = document::parse(rfc_document).value();
  node tree = node::from(doc.root());
  for (const rfc_case& c : rfc_cases) {
    SCOPED_TRACE(c.pointer);
    const json_pointer pointer = json_pointer::parse(c.pointer).value();
    const std::optional<element> in_document = pointer.find(doc.root());
    ASSERT_TRUE(in_document.has_value());
    EXPECT_EQ(compact(*in_document), c.value);
    const node* in_node = pointer.find(tree);
    ASSERT_NE(in_node, nullptr);
    EXPECT_EQ(compact(*in_node), c.value);
    EXPECT_EQ(compact(at_pointer(doc.root(), c.pointer).value()), c.value);
    EXPECT_EQ(compact(*at_pointer(tree, c.pointer).value()), c.value);
    // The text and the fragment forms, both ways.
    EXPECT_EQ(pointer.to_string(), c.pointer);
    EXPECT_EQ(pointer.to_fragment(), c.fragment);
    EXPECT_EQ(json_pointer::parse_fragment(c.fragment).value(), pointer);
  }
}

TEST(Pointer, TokensAreUnescapedAndEscapedAgain) {
  const json_pointer p = json_pointer::parse("/a~1b/~0~1/~01/0").value();
  ASSERT_EQ(p.size(), 4u);
  EXPECT_EQ(p.tokens()[0], "a/b");
  EXPECT_EQ(p.tokens()[1], "~/");
  EXPECT_EQ(p.tokens()[2], "~1");  // "~01" is "~" then "1", never "/"
  EXPECT_EQ(p.to_string(), "/a~1b/~0~1/~01/0");
  EXPECT_EQ((json_pointer{"a/b", "~/", "~1"} / 0).to_string(), "/a~1b/~0~1/~01/0");
  EXPECT_EQ(p.parent().to_string(), "/a~1b/~0~1/~01");
  EXPECT_EQ(json_pointer().parent().to_string(), "");
  EXPECT_EQ(json_pointer::parse("/").value().size(), 1u);  // one empty token
  EXPECT_EQ(json_pointer::parse("//").value().size(), 2u);
  EXPECT_TRUE(json_pointer::parse("").value().empty());
}

TEST(Pointer, SyntaxErrorsGiveTheColumn) {
  struct bad {
    std::string_view text;
    std::uint64_t column;
  };
  for (const bad b : {bad{"a", 1}, bad{"/a~", 3}, bad{"/a~2", 3}, bad{"/ok/~x", 5}, bad{"#/a", 1}}) {
    auto parsed = json_pointer::parse(b.text);
    ASSERT_FALSE(parsed) << b.text;
    EXPECT_EQ(parsed.error().info.code, error_code::invalid_pointer) << b.text;
    EXPECT_EQ(parsed.error().info.line, 1u);
    EXPECT_EQ(parsed.error().info.column, b.column) << b.text;
    EXPECT_EQ(at_pointer(document().root(), b.text).error().info.column, b.column) << b.text;
  }
  // Fragments: the column in the fragment's own text.
  EXPECT_EQ(json_pointer::parse_fragment("#/a%2").error().info.column, 4u);
  EXPECT_EQ(json_pointer::parse_fragment("#/a%zz").error().info.column, 4u);
  EXPECT_EQ(json_pointer::parse_fragment("#a").error().info.column, 2u);
  EXPECT_EQ(json_pointer::parse_fragment("#/%41%7e2").error().info.column, 6u);  // "~2" once decoded
  // The "#" is optional; percent-decoding comes first, so "%2F" separates tokens as "/" does.
  EXPECT_EQ(json_pointer::parse_fragment("/x~1y").value().tokens()[0], "x/y");
  EXPECT_EQ(json_pointer::parse_fragment("/x%2Fy").value().size(), 2u);
}

TEST(Pointer, LookupErrorsSayWhichStepFailedAndWhere) {
  const document doc = document::parse(R"({"users":[{"name":"Ada"}],"n":1})").value();
  const node tree = node::from(doc.root());
  struct miss {
    std::string_view pointer;
    error_code code;
    std::string_view message;
  };
  const miss misses[] = {
      {"/users/0/email", error_code::property_not_found,
       "at $.users[0]: the object has no property of that name: \"email\""},
      {"/users/1", error_code::index_out_of_range, "at $.users: the index is past the end of the array: \"1\""},
      {"/users/-", error_code::index_out_of_range, "at $.users: the index is past the end of the array: \"-\""},
      {"/users/01", error_code::invalid_array_index, ""},
      {"/users/1e0", error_code::invalid_array_index, ""},
      {"/users/ 1", error_code::invalid_array_index, ""},
      {"/n/x", error_code::wrong_type, "at $.n: the value does not have the requested type: \"x\""},
      {"/users/99999999999999999999999", error_code::index_out_of_range, ""},
  };
  for (const miss& m : misses) {
    SCOPED_TRACE(m.pointer);
    const json_pointer p = json_pointer::parse(m.pointer).value();
    EXPECT_FALSE(p.find(doc.root()).has_value());
    EXPECT_EQ(p.find(tree), nullptr);
    const parse_error in_document = p.at(doc.root()).error();
    const parse_error in_node = p.at(tree).error();
    EXPECT_EQ(in_document.info.code, m.code);
    EXPECT_EQ(in_node.info.code, m.code);
    EXPECT_EQ(to_string(in_document), to_string(in_node));
    EXPECT_EQ(to_string(at_pointer(doc.root(), m.pointer).error()), to_string(in_document));
    if (!m.message.empty()) {
      EXPECT_EQ(to_string(in_document), m.message);
    }
  }
}

TEST(Pointer, RepeatedNamesInADocumentFindTheLastAsLookupsDo) {
  const document doc = document::parse(R"({"a/b":1,"a/b":2,"x":{"~":3,"~":4}})").value();
  EXPECT_EQ(at_pointer(doc.root(), "/a~1b").value().get_int64().value(), 2);
  EXPECT_EQ(at_pointer(doc.root(), "/x/~0").value().get_int64().value(), 4);
  EXPECT_EQ(json_pointer::parse("/x/~0").value().find(doc.root())->get_int64().value(), 4);
}

TEST(Pointer, EditsFollowRfc6902) {
  node n = node::parse(R"({"list":[1,2],"obj":{"a":1}})").value();
  EXPECT_EQ(json_pointer::parse("/list/-")->add(n, 3).value()->get_int64().value(), 3);
  ASSERT_TRUE(json_pointer::parse("/list/0")->add(n, 0));
  ASSERT_TRUE(json_pointer::parse("/list/4")->add(n, 4));  // == size: appends
  EXPECT_EQ(json_pointer::parse("/list/6")->add(n, 6).error().info.code, error_code::index_out_of_range);
  EXPECT_EQ(json_pointer::parse("/list/x")->add(n, 6).error().info.code, error_code::invalid_array_index);
  ASSERT_TRUE(json_pointer::parse("/obj/a")->add(n, "replaced"));
  ASSERT_TRUE(json_pointer::parse("/obj/b")->add(n, node::array()));
  EXPECT_EQ(json_pointer::parse("/missing/b")->add(n, 1).error().info.code, error_code::property_not_found);
  EXPECT_EQ(json_pointer::parse("/obj/a/b")->add(n, 1).error().info.code, error_code::wrong_type);
  EXPECT_EQ(compact(n), R"({"list":[0,1,2,3,4],"obj":{"a":"replaced","b":[]}})");

  EXPECT_EQ(json_pointer::parse("/obj/c")->replace(n, 1).error().info.code, error_code::property_not_found);
  ASSERT_TRUE(json_pointer::parse("/list/1")->replace(n, "one"));
  EXPECT_EQ(compact(json_pointer::parse("/obj")->remove(n).value()), R"({"a":"replaced","b":[]})");
  EXPECT_EQ(json_pointer::parse("/list/5")->remove(n).error().info.code, error_code::index_out_of_range);
  EXPECT_EQ(compact(json_pointer::parse("/list/0")->remove(n).value()), "0");
  EXPECT_EQ(compact(n), R"({"list":["one",2,3,4]})");
  EXPECT_EQ(n["list"][0].parent(), &n["list"]);  // what an edit placed knows its parent

  EXPECT_EQ(json_pointer().replace(n, "whole").value()->get_string().value(), "whole");
  EXPECT_EQ(compact(json_pointer().remove(n).value()), "\"whole\"");
  EXPECT_TRUE(n.is_null());
}

TEST(Pointer, EditedObjectsKeepOrderAndFindMembersAfterInsertion) {
  // A member put back at its place (node::insert with a name) in an object large enough for
  // the name index: later lookups must still find every member.
  node n = node::object();
  for (int i = 0; i < 20; ++i) n.set("m" + std::to_string(i), i);
  ASSERT_EQ(n.index_of("m7"), 7u);
  node taken = std::move(*n.find("m7"));
  ASSERT_TRUE(n.erase("m7"));
  EXPECT_FALSE(n.index_of("m7").has_value());
  ASSERT_TRUE(n.insert(7, "m7", std::move(taken)));
  for (int i = 0; i < 20; ++i) {
    ASSERT_EQ(n.index_of("m" + std::to_string(i)), static_cast<std::size_t>(i));
    ASSERT_EQ(at_pointer(n, "/m" + std::to_string(i)).value()->get_int64().value(), i);
  }
  EXPECT_EQ(n.insert(3, "m4", 0).error(), error_code::duplicate_property_name);
  EXPECT_EQ(n.insert(21, "z", 0).error(), error_code::index_out_of_range);
  node scalar = 1;
  EXPECT_EQ(scalar.insert(0, "a", 0).error(), error_code::wrong_type);
  node null_first;
  EXPECT_TRUE(null_first.insert(0, "a", 1));
  EXPECT_EQ(compact(null_first), R"({"a":1})");
}

TEST(Pointer, DeepValuesAndLongPointers) {
  // 100,000 levels: the walk does not recurse.
  constexpr int depth = 100000;
  node root = node::object();
  node* at = &root;
  std::string text;
  for (int i = 0; i < depth; ++i) {
    at = &at->set("k", node::object());
    text += "/k";
  }
  at->set("leaf", true);
  EXPECT_TRUE(at_pointer(root, text + "/leaf").value()->get_bool().value());
  EXPECT_EQ(json_pointer::parse(text).value().size(), static_cast<std::size_t>(depth));
  EXPECT_EQ(at_pointer(root, text + "/k").error().info.code, error_code::property_not_found);
}

}  // namespace
}  // namespace jsonjit
