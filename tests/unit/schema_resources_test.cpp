// Where `$ref` can point: the specification's own examples of schema identification
// (2020-12 core §8.2.4 and draft-07 core §8.2.4), each subschema found by every URI the
// specification lists for it, with the base URI it lists.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <jsonjit/document.hpp>
#include <jsonjit/pointer.hpp>

#include "schema/resources_p.hpp"

namespace jsonjit::detail::schema {
namespace {

struct identified {
  const char* location;  // JSON Pointer from the document's root
  const char* base;      // the subschema's base URI
  std::vector<const char*> uris;
};

void expect_identified(const char* schema_text, draft dialect, const std::vector<identified>& table) {
  const auto doc = document::parse(schema_text);
  ASSERT_TRUE(doc);
  resource_index index;
  index.add(doc->root(), "https://example.com/retrieved.json", dialect);
  for (const identified& row : table) {
    const std::optional<element> expected = json_pointer::parse(row.location)->find(doc->root());
    ASSERT_TRUE(expected) << row.location;
    for (const char* uri : row.uris) {
      const subschema* found = index.find(uri);
      ASSERT_TRUE(found) << uri;
      EXPECT_TRUE(found->schema == *expected) << uri << " is not " << row.location;
      EXPECT_EQ(found->base_uri, row.base) << uri;
      EXPECT_EQ(found->dialect, dialect) << uri;
    }
  }
}

TEST(SchemaResources, IdentifiesAsDraft2020_12sExample) {
  expect_identified(
      R"({
    "$id": "https://example.com/root.json",
    "$defs": {
      "A": { "$anchor": "foo" },
      "B": {
        "$id": "other.json",
        "$defs": {
          "X": { "$anchor": "bar" },
          "Y": { "$id": "t/inner.json", "$anchor": "bar" }
        }
      },
      "C": { "$id": "urn:uuid:ee564b8a-7a87-4125-8c96-e9f123d6766f" }
    }
  })",
      draft::draft2020_12,
      {
          {"",
           "https://example.com/root.json",
           {"https://example.com/root.json", "https://example.com/root.json#",
            "https://example.com/retrieved.json"}},
          {"/$defs/A",
           "https://example.com/root.json",
           {"https://example.com/root.json#foo", "https://example.com/root.json#/$defs/A"}},
          {"/$defs/B",
           "https://example.com/other.json",
           {"https://example.com/other.json", "https://example.com/other.json#",
            "https://example.com/root.json#/$defs/B"}},
          {"/$defs/B/$defs/X",
           "https://example.com/other.json",
           {"https://example.com/other.json#bar", "https://example.com/other.json#/$defs/X",
            "https://example.com/root.json#/$defs/B/$defs/X"}},
          {"/$defs/B/$defs/Y",
           "https://example.com/t/inner.json",
           {"https://example.com/t/inner.json", "https://example.com/t/inner.json#bar",
            "https://example.com/other.json#/$defs/Y", "https://example.com/root.json#/$defs/B/$defs/Y"}},
          {"/$defs/C",
           "urn:uuid:ee564b8a-7a87-4125-8c96-e9f123d6766f",
           {"urn:uuid:ee564b8a-7a87-4125-8c96-e9f123d6766f", "urn:uuid:ee564b8a-7a87-4125-8c96-e9f123d6766f#",
            "https://example.com/root.json#/$defs/C"}},
      });
}

TEST(SchemaResources, IdentifiesAsDraft07sExample) {
  // Before 2019-09, "$id": "#foo" names a plain-name anchor.
  expect_identified(
      R"({
    "$id": "http://example.com/root.json",
    "definitions": {
      "A": { "$id": "#foo" },
      "B": {
        "$id": "other.json",
        "definitions": {
          "X": { "$id": "#bar" },
          "Y": { "$id": "t/inner.json" }
        }
      },
      "C": { "$id": "urn:uuid:ee564b8a-7a87-4125-8c96-e9f123d6766f" }
    }
  })",
      draft::draft7,
      {
          {"",
           "http://example.com/root.json",
           {"http://example.com/root.json", "http://example.com/root.json#"}},
          {"/definitions/A",
           "http://example.com/root.json",
           {"http://example.com/root.json#foo", "http://example.com/root.json#/definitions/A"}},
          {"/definitions/B",
           "http://example.com/other.json",
           {"http://example.com/other.json", "http://example.com/other.json#",
            "http://example.com/root.json#/definitions/B"}},
          {"/definitions/B/definitions/X",
           "http://example.com/other.json",
           {"http://example.com/other.json#bar", "http://example.com/other.json#/definitions/X",
            "http://example.com/root.json#/definitions/B/definitions/X"}},
          {"/definitions/B/definitions/Y",
           "http://example.com/t/inner.json",
           {"http://example.com/t/inner.json", "http://example.com/other.json#/definitions/Y",
            "http://example.com/root.json#/definitions/B/definitions/Y"}},
          {"/definitions/C",
           "urn:uuid:ee564b8a-7a87-4125-8c96-e9f123d6766f",
           {"urn:uuid:ee564b8a-7a87-4125-8c96-e9f123d6766f", "http://example.com/root.json#/definitions/C"}},
      });
}

TEST(SchemaResources, WalksSchemaPositionsOnly) {
  const auto doc = document::parse(R"({
    "$id": "https://example.com/s",
    "enum": [{"$id": "https://example.com/data"}],
    "const": {"$anchor": "data"},
    "unknownKeyword": {"$id": "https://example.com/unknown"},
    "items": {"$anchor": "item"},
    "prefixItems": [{"$anchor": "first"}],
    "properties": {"a/b": {"$anchor": "prop"}},
    "dependentSchemas": {"x": {"$anchor": "dependent"}},
    "if": {"$anchor": "if"}
  })");
  ASSERT_TRUE(doc);
  resource_index index;
  index.add(doc->root(), "https://example.com/s", draft::draft2020_12);
  EXPECT_FALSE(index.find("https://example.com/data"));  // data, not a schema
  EXPECT_FALSE(index.find("https://example.com/s#data"));
  EXPECT_FALSE(index.find("https://example.com/unknown"));  // unknown keywords hold no schemas
  for (const char* anchor : {"#item", "#first", "#prop", "#dependent", "#if"}) {
    EXPECT_TRUE(index.find(std::string("https://example.com/s") + anchor)) << anchor;
  }
  // Pointers in $ref form, percent-encoded and with "~1".
  EXPECT_TRUE(index.find("https://example.com/s#/properties/a~1b"));
  EXPECT_TRUE(index.find("https://example.com/s#/prefixItems/0"));
  // A pointer to a place the walk did not take for a schema is still resolved, in the
  // resource's document.
  const subschema* inside = index.find("https://example.com/s#/unknownKeyword");
  ASSERT_TRUE(inside);
  EXPECT_EQ(inside->base_uri, "https://example.com/s");
  EXPECT_FALSE(index.find("https://example.com/s#/nothing"));
  EXPECT_FALSE(index.find("https://example.com/s#/properties/a%2"));  // a broken encoding
  EXPECT_FALSE(index.find("https://example.com/other"));
}

TEST(SchemaResources, FollowsEachDraftsRules) {
  // Before 2019-09 "$ref" hides its siblings, "$id" among them; 2019-09 on, it does not.
  const char* const text = R"({"$id": "http://example.com/root", "definitions": {
      "a": {"$id": "http://example.com/hidden", "$ref": "#/definitions/b"}, "b": {}}})";
  const auto doc = document::parse(text);
  ASSERT_TRUE(doc);
  resource_index draft7, draft2019;
  draft7.add(doc->root(), "http://example.com/root", draft::draft7);
  draft2019.add(doc->root(), "http://example.com/root", draft::draft2019_09);
  EXPECT_FALSE(draft7.find("http://example.com/hidden"));
  EXPECT_TRUE(draft2019.find("http://example.com/hidden"));
  // draft-04 names resources with "id"; "$schema" switches the draft where it stands.
  const auto old = document::parse(R"({"id": "http://example.com/four", "definitions": {
      "a": {"id": "#anchor"},
      "b": {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "http://example.com/new",
            "$defs": {"c": {"$anchor": "c"}}}}})");
  ASSERT_TRUE(old);
  resource_index four;
  four.add(old->root(), "http://example.com/four", draft::draft4);
  EXPECT_TRUE(four.find("http://example.com/four#anchor"));
  const subschema* switched = four.find("http://example.com/new#c");
  ASSERT_TRUE(switched);
  EXPECT_EQ(switched->dialect, draft::draft2020_12);
  EXPECT_EQ(four.find("http://example.com/four#/definitions/a")->dialect, draft::draft4);
  // 2020-12's "$dynamicAnchor" is an anchor, and known as dynamic.
  const auto dynamic = document::parse(R"({"$id": "https://example.com/tree", "$dynamicAnchor": "node",
      "$defs": {"leaf": {"$anchor": "leaf"}}})");
  ASSERT_TRUE(dynamic);
  resource_index tree;
  tree.add(dynamic->root(), "https://example.com/tree", draft::draft2020_12);
  EXPECT_TRUE(tree.find("https://example.com/tree#node"));
  EXPECT_TRUE(tree.has_dynamic_anchor("https://example.com/tree", "node"));
  EXPECT_FALSE(tree.has_dynamic_anchor("https://example.com/tree", "leaf"));
  // Boolean schemas are schemas (draft-06 on).
  const auto booleans = document::parse(R"({"properties": {"yes": true, "no": false}})");
  resource_index flags;
  flags.add(booleans->root(), "https://example.com/b", draft::draft2020_12);
  ASSERT_TRUE(flags.find("https://example.com/b#/properties/no"));
  EXPECT_TRUE(flags.find("https://example.com/b#/properties/no")->schema.is_bool());
}

}  // namespace
}  // namespace jsonjit::detail::schema
