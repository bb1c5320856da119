// URI references as the JSON Schema engine resolves `$id` and `$ref` (RFC 3986), and JSON
// Pointers as it follows `$ref` fragments and names locations (RFC 6901).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <jsonjit/document.hpp>

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

}  // namespace
}  // namespace jsonjit::detail::schema
