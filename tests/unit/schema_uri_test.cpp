// URI references as the JSON Schema engine resolves `$id` and `$ref` (RFC 3986), and JSON
// Pointers as it follows `$ref` fragments and names locations (RFC 6901).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <jsonjit/document.hpp>

#include "schema/json_pointer_p.hpp"
#include "schema/uri_p.hpp"

namespace jsonjit::detail::schema {
namespace {

std::string resolved(std::string_view base, std::string_view reference) {
  return resolve(uri_reference::parse(base), uri_reference::parse(reference)).str();
}

TEST(SchemaUri, SplitsIntoTheFiveComponents) {
  const uri_reference u = uri_reference::parse("https://user@Example.com:8080/a/b.json?q=1#/$defs/x");
  EXPECT_EQ(u.scheme, "https");
  EXPECT_EQ(u.authority, "user@Example.com:8080");
  EXPECT_EQ(u.path, "/a/b.json");
  EXPECT_EQ(u.query, "q=1");
  EXPECT_EQ(u.fragment, "/$defs/x");
  EXPECT_FALSE(u.is_absolute());  // it has a fragment
  EXPECT_TRUE(u.without_fragment().is_absolute());
  // Absent and empty differ, and survive the round trip.
  const uri_reference empty_parts = uri_reference::parse("http://a/b?#");
  EXPECT_EQ(empty_parts.query, "");
  EXPECT_EQ(empty_parts.fragment, "");
  EXPECT_EQ(empty_parts.str(), "http://a/b?#");
  EXPECT_FALSE(uri_reference::parse("http://a/b").query.has_value());
  // URNs, as `$id`s often are: no authority, the rest is the path.
  const uri_reference urn = uri_reference::parse("urn:uuid:deadbeef-1234-ffff-ffff-4321feebdaed#foo");
  EXPECT_EQ(urn.scheme, "urn");
  EXPECT_FALSE(urn.authority.has_value());
  EXPECT_EQ(urn.path, "uuid:deadbeef-1234-ffff-ffff-4321feebdaed");
  EXPECT_EQ(urn.fragment, "foo");
  // A ":" in a first segment that is not a scheme (RFC 3986 §3.1's grammar) makes no scheme.
  EXPECT_FALSE(uri_reference::parse("1ab:c").scheme.has_value());
  EXPECT_FALSE(uri_reference::parse("a/b:c").scheme.has_value());
  EXPECT_FALSE(uri_reference::parse("#foo").scheme.has_value());
  for (const char* text : {"", "#", "//host", "/abs/path", "rel", "?q", "a:b:c", "http://h/%41%zz"}) {
    EXPECT_EQ(uri_reference::parse(text).str(), text);
  }
}

TEST(SchemaUri, ResolvesRfc3986sNormalExamples) {
  // RFC 3986 §5.4.1.
  const char* const base = "http://a/b/c/d;p?q";
  const std::pair<const char*, const char*> examples[] = {
      {"g:h", "g:h"},
      {"g", "http://a/b/c/g"},
      {"./g", "http://a/b/c/g"},
      {"g/", "http://a/b/c/g/"},
      {"/g", "http://a/g"},
      {"//g", "http://g"},
      {"?y", "http://a/b/c/d;p?y"},
      {"g?y", "http://a/b/c/g?y"},
      {"#s", "http://a/b/c/d;p?q#s"},
      {"g#s", "http://a/b/c/g#s"},
      {"g?y#s", "http://a/b/c/g?y#s"},
      {";x", "http://a/b/c/;x"},
      {"g;x", "http://a/b/c/g;x"},
      {"g;x?y#s", "http://a/b/c/g;x?y#s"},
      {"", "http://a/b/c/d;p?q"},
      {".", "http://a/b/c/"},
      {"./", "http://a/b/c/"},
      {"..", "http://a/b/"},
      {"../", "http://a/b/"},
      {"../g", "http://a/b/g"},
      {"../..", "http://a/"},
      {"../../", "http://a/"},
      {"../../g", "http://a/g"},
  };
  for (const auto& [reference, expected] : examples)
    EXPECT_EQ(resolved(base, reference), expected) << reference;
}

TEST(SchemaUri, ResolvesRfc3986sAbnormalExamples) {
  // RFC 3986 §5.4.2 (strict parsers: "http:g" keeps its scheme and is taken as it is).
  const char* const base = "http://a/b/c/d;p?q";
  const std::pair<const char*, const char*> examples[] = {
      {"../../../g", "http://a/g"},
      {"../../../../g", "http://a/g"},
      {"/./g", "http://a/g"},
      {"/../g", "http://a/g"},
      {"g.", "http://a/b/c/g."},
      {".g", "http://a/b/c/.g"},
      {"g..", "http://a/b/c/g.."},
      {"..g", "http://a/b/c/..g"},
      {"./../g", "http://a/b/g"},
      {"./g/.", "http://a/b/c/g/"},
      {"g/./h", "http://a/b/c/g/h"},
      {"g/../h", "http://a/b/c/h"},
      {"g;x=1/./y", "http://a/b/c/g;x=1/y"},
      {"g;x=1/../y", "http://a/b/c/y"},
      {"g?y/./x", "http://a/b/c/g?y/./x"},
      {"g?y/../x", "http://a/b/c/g?y/../x"},
      {"g#s/./x", "http://a/b/c/g#s/./x"},
      {"g#s/../x", "http://a/b/c/g#s/../x"},
      {"http:g", "http:g"},
  };
  for (const auto& [reference, expected] : examples)
    EXPECT_EQ(resolved(base, reference), expected) << reference;
}

TEST(SchemaUri, ResolvesAsSchemasNestTheirIds) {
  // An embedded resource's `$id` against its parent's URI, then a `$ref` against that.
  EXPECT_EQ(resolved("http://example.com/root.json", "nested.json"), "http://example.com/nested.json");
  EXPECT_EQ(resolved("http://example.com/schemas/root.json", "#/$defs/a"),
            "http://example.com/schemas/root.json#/$defs/a");
  EXPECT_EQ(resolved("http://example.com/schemas/root.json#", "item.json#foo"),
            "http://example.com/schemas/item.json#foo");
  EXPECT_EQ(resolved("urn:uuid:deadbeef-1234-ffff-ffff-4321feebdaed", "#/$defs/bar"),
            "urn:uuid:deadbeef-1234-ffff-ffff-4321feebdaed#/$defs/bar");
  // The test suite's remotes, under their mapped prefix.
  EXPECT_EQ(resolved("http://localhost:1234/draft2020-12/tree", "node"),
            "http://localhost:1234/draft2020-12/node");
  EXPECT_EQ(resolved("http://localhost:1234/a/b/", "../baseUriChange/folderInteger.json"),
            "http://localhost:1234/a/baseUriChange/folderInteger.json");
  // A base without authority and with an empty path (RFC 3986 §5.2.3's first case needs an
  // authority).
  EXPECT_EQ(resolved("http://a", "g"), "http://a/g");
}

TEST(SchemaUri, RemovesDotSegments) {
  EXPECT_EQ(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
  EXPECT_EQ(remove_dot_segments("mid/content=5/../6"), "mid/6");
  EXPECT_EQ(remove_dot_segments("/.."), "/");
  EXPECT_EQ(remove_dot_segments("."), "");
  EXPECT_EQ(remove_dot_segments("/a/.b/..c/"), "/a/.b/..c/");
}

TEST(SchemaUri, NormalizesForTheRegistry) {
  EXPECT_EQ(normalized(uri_reference::parse("HTTP://Example.COM/a/./b/../c#")), "http://example.com/a/c");
  EXPECT_EQ(normalized(uri_reference::parse("http://User@Example.com/%7euser/%2f%c3%a9?%41=%3d")),
            "http://User@example.com/~user/%2F%C3%A9?A=%3D");
  EXPECT_EQ(normalized(uri_reference::parse("http://example.com/root.json#foo")),
            "http://example.com/root.json#foo");
  // Case in the path and the fragment is kept: they are case-sensitive.
  EXPECT_EQ(normalized(uri_reference::parse("http://x/A#B")), "http://x/A#B");
}

TEST(SchemaUri, DecodesPercentEncodings) {
  EXPECT_EQ(percent_decoded("a%25b%2Fc"), "a%b/c");
  EXPECT_EQ(percent_decoded("%e2%82%ac"), "\xE2\x82\xAC");
  EXPECT_FALSE(percent_decoded("%"));
  EXPECT_FALSE(percent_decoded("%4"));
  EXPECT_FALSE(percent_decoded("%zz"));
}

TEST(SchemaJsonPointer, ParsesRfc6901sExamples) {
  // RFC 6901 §5, against its document.
  auto doc = document::parse(R"({"foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4,
                                 "i\\j": 5, "k\"l": 6, " ": 7, "m~n": 8})");
  ASSERT_TRUE(doc);
  const std::pair<const char*, const char*> examples[] = {
      {"", nullptr},
      {"/foo", R"(["bar","baz"])"},
      {"/foo/0", R"("bar")"},
      {"/", "0"},
      {"/a~1b", "1"},
      {"/c%d", "2"},
      {"/e^f", "3"},
      {"/g|h", "4"},
      {"/i\\j", "5"},
      {"/k\"l", "6"},
      {"/ ", "7"},
      {"/m~0n", "8"},
  };
  for (const auto& [pointer, expected] : examples) {
    const auto tokens = parse_json_pointer(pointer);
    ASSERT_TRUE(tokens) << pointer;
    EXPECT_EQ(json_pointer(*tokens), pointer);  // escaping gives the pointer back
    const std::optional<element> found = resolve_pointer(doc->root(), *tokens);
    ASSERT_TRUE(found) << pointer;
    if (expected != nullptr) {
      auto want = document::parse(expected);
      EXPECT_TRUE(*found == want->root()) << pointer;
    } else {
      EXPECT_TRUE(*found == doc->root());
    }
  }
  // The same as URI fragments (§6), percent-encoded.
  const std::pair<const char*, const char*> fragments[] = {{"/c%25d", "2"}, {"/e%5Ef", "3"}, {"/g%7Ch", "4"},
                                                           {"/i%5Cj", "5"}, {"/k%22l", "6"}, {"/%20", "7"},
                                                           {"/m~0n", "8"}};
  for (const auto& [fragment, expected] : fragments) {
    const auto tokens = parse_fragment_pointer(fragment);
    ASSERT_TRUE(tokens) << fragment;
    const std::optional<element> found = resolve_pointer(doc->root(), *tokens);
    ASSERT_TRUE(found) << fragment;
    EXPECT_TRUE(*found == document::parse(expected)->root()) << fragment;
  }
}

TEST(SchemaJsonPointer, RefusesWhatIsNotAPointerOrNotThere) {
  EXPECT_FALSE(parse_json_pointer("foo"));       // no leading "/"
  EXPECT_FALSE(parse_json_pointer("/a~"));       // "~" at the end
  EXPECT_FALSE(parse_json_pointer("/a~2b"));     // "~" before something other than 0 or 1
  EXPECT_FALSE(parse_fragment_pointer("/a%2"));  // a broken percent-encoding
  EXPECT_EQ(parse_json_pointer("/~01"), std::vector<std::string>{"~1"});  // "~0" first, then the "1"
  EXPECT_EQ(parse_json_pointer("//"), (std::vector<std::string>{"", ""}));
  auto doc = document::parse(R"({"a": [10, 20], "s": "text"})");
  ASSERT_TRUE(doc);
  const auto at = [&](std::string_view pointer) {
    return resolve_pointer(doc->root(), *parse_json_pointer(pointer));
  };
  EXPECT_TRUE(at("/a/1"));
  EXPECT_FALSE(at("/a/2"));   // past the end
  EXPECT_FALSE(at("/a/01"));  // a leading zero
  EXPECT_FALSE(at("/a/-"));   // "-" names the element after the last: none to resolve
  EXPECT_FALSE(at("/a/x"));
  EXPECT_FALSE(at("/s/0"));  // into a string
  EXPECT_FALSE(at("/missing"));
  EXPECT_FALSE(at("/a/99999999999999999999"));
}

TEST(SchemaJsonPointer, EscapesTokensItAppends) {
  std::string pointer;
  append_token(pointer, "properties");
  append_token(pointer, "a/b~c");
  append_token(pointer, "");
  EXPECT_EQ(pointer, "/properties/a~1b~0c/");
  EXPECT_EQ(parse_json_pointer(pointer), (std::vector<std::string>{"properties", "a/b~c", ""}));
}

}  // namespace
}  // namespace jsonjit::detail::schema
