// The drafts and their built-in meta-schemas.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include <jsonjit/document.hpp>

#include "schema/metaschemas_p.hpp"
#include "schema/uri_p.hpp"

namespace jsonjit::detail::schema {
namespace {

TEST(SchemaMetaschemas, EveryBuiltInSchemaParsesAndIsFoundByItsId) {
  std::set<std::string> files;
  for (const embedded_schema& s : embedded_schemas()) {
    files.emplace(s.file);
    const auto doc = document::parse(s.text);
    ASSERT_TRUE(doc) << s.file << ": " << to_string(doc.error());
    const std::optional<element> id =
        doc->root().find("$id") ? doc->root().find("$id") : doc->root().find("id");
    ASSERT_TRUE(id && id->is_string()) << s.file;
    const std::string uri = normalized(uri_reference::parse(*id->get_string()));
    EXPECT_EQ(builtin_schema(uri), s.text) << s.file;
  }
  // Each draft's meta-schema, 2019-09's and 2020-12's vocabularies and output schemas.
  for (const char* file : {"draft-04/schema.json",
                           "draft-06/schema.json",
                           "draft-07/schema.json",
                           "2019-09/schema.json",
                           "2019-09/meta/core.json",
                           "2019-09/meta/applicator.json",
                           "2019-09/meta/validation.json",
                           "2019-09/meta/meta-data.json",
                           "2019-09/meta/format.json",
                           "2019-09/meta/content.json",
                           "2019-09/output/schema.json",
                           "2020-12/schema.json",
                           "2020-12/meta/core.json",
                           "2020-12/meta/applicator.json",
                           "2020-12/meta/unevaluated.json",
                           "2020-12/meta/validation.json",
                           "2020-12/meta/meta-data.json",
                           "2020-12/meta/format-annotation.json",
                           "2020-12/meta/format-assertion.json",
                           "2020-12/meta/content.json",
                           "2020-12/output/schema.json"}) {
    EXPECT_TRUE(files.count(file)) << file;
  }
  EXPECT_EQ(files.size(), 21u);  // the hyper-schemas are left out (their links schemas are not in the set)
}

TEST(SchemaMetaschemas, FindsMetaschemasByTheUrisSchemasUse) {
  for (draft d : {draft::draft4, draft::draft6, draft::draft7, draft::draft2019_09, draft::draft2020_12}) {
    const std::string_view uri = metaschema_uri(d);
    EXPECT_EQ(draft_named_by(uri), d) << uri;
    EXPECT_FALSE(builtin_schema(normalized(uri_reference::parse(uri))).empty()) << uri;
  }
  // With or without the empty fragment, in any case for scheme and host.
  EXPECT_EQ(draft_named_by("http://json-schema.org/draft-07/schema"), draft::draft7);
  EXPECT_EQ(draft_named_by("HTTP://JSON-SCHEMA.ORG/draft-07/schema#"), draft::draft7);
  EXPECT_EQ(draft_named_by("https://json-schema.org/draft/2020-12/schema#"), draft::draft2020_12);
  // Other URIs name no draft: another scheme, another path, another case in the path.
  EXPECT_FALSE(draft_named_by("https://json-schema.org/draft-07/schema#"));
  EXPECT_FALSE(draft_named_by("http://json-schema.org/draft/2020-12/schema"));
  EXPECT_FALSE(draft_named_by("https://json-schema.org/draft/2020-12/Schema"));
  EXPECT_FALSE(draft_named_by("http://json-schema.org/schema#"));
  EXPECT_TRUE(builtin_schema("https://json-schema.org/draft/2020-12/meta/nothing").empty());
  EXPECT_TRUE(builtin_schema(normalized(uri_reference::parse("http://json-schema.org/draft-07/schema#")))
                  .find("\"definitions\"") != std::string_view::npos);
}

}  // namespace
}  // namespace jsonjit::detail::schema
