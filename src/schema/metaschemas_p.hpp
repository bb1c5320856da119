// The drafts of JSON Schema and their meta-schemas, built in: a schema's `$schema` names its
// draft, and references to the meta-schemas resolve without files or network. Private to
// the library.
#pragma once

#include <optional>
#include <span>
#include <string_view>

namespace jsonjit::detail::schema {

enum class draft : unsigned char { draft4, draft6, draft7, draft2019_09, draft2020_12 };

/// The draft whose meta-schema `uri` names (as `$schema` does: with or without an empty
/// fragment, "http://json-schema.org/draft-07/schema#"); nullopt for any other URI.
std::optional<draft> draft_named_by(std::string_view uri);

/// The URI of `d`'s meta-schema, as the specification writes it.
std::string_view metaschema_uri(draft d) noexcept;

/// A built-in schema: its file under data/json-schema/metaschemas/ and its text.
struct embedded_schema {
  std::string_view file;  // "2020-12/meta/applicator.json"
  std::string_view text;
};
/// Every built-in schema (generated from data/json-schema/metaschemas/).
std::span<const embedded_schema> embedded_schemas() noexcept;

/// The text of the built-in schema whose `$id` (draft-04: `id`) is `uri` once normalized
/// (uri_p.hpp's `normalized`); empty when none is.
std::string_view builtin_schema(std::string_view normalized_uri);

}  // namespace jsonjit::detail::schema
