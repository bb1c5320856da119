#include "schema/metaschemas_p.hpp"

#include <map>
#include <string>

#include <jsonjit/document.hpp>

#include "schema/uri_p.hpp"

namespace jsonjit::detail::schema {

std::optional<draft> draft_named_by(std::string_view uri) {
  const std::string key = normalized(uri_reference::parse(uri));
  for (draft d : {draft::draft4, draft::draft6, draft::draft7, draft::draft2019_09, draft::draft2020_12}) {
    if (key == normalized(uri_reference::parse(metaschema_uri(d)))) return d;
  }
  return std::nullopt;
}

std::string_view metaschema_uri(draft d) noexcept {
  switch (d) {
    case draft::draft4: return "http://json-schema.org/draft-04/schema#";
    case draft::draft6: return "http://json-schema.org/draft-06/schema#";
    case draft::draft7: return "http://json-schema.org/draft-07/schema#";
    case draft::draft2019_09: return "https://json-schema.org/draft/2019-09/schema";
    case draft::draft2020_12: return "https://json-schema.org/draft/2020-12/schema";
  }
  return {};
}

std::string_view builtin_schema(std::string_view normalized_uri) {
  // Indexed by their own `$id` (draft-04's `id`) on first use.
  static const std::map<std::string, std::string_view, std::less<>> by_uri = [] {
    std::map<std::string, std::string_view, std::less<>> index;
    for (const embedded_schema& s : embedded_schemas()) {
      const auto doc = document::parse(s.text);
      if (!doc) continue;  // the build's own data: the tests check every one parses
      const element root = doc->root();
      const std::optional<element> id = root.find("$id") ? root.find("$id") : root.find("id");
      if (!id || !id->is_string()) continue;
      index.emplace(normalized(uri_reference::parse(*id->get_string())), s.text);
    }
    return index;
  }();
  const auto it = by_uri.find(normalized_uri);
  return it == by_uri.end() ? std::string_view() : it->second;
}

}  // namespace jsonjit::detail::schema
