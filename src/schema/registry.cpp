#include "schema/registry_p.hpp"

#include "schema/metaschemas_p.hpp"
#include "schema/uri_p.hpp"

namespace jsonjit::detail::schema {

document_options schema_document_options() {
  document_options o;
  o.preserve_number_text = true;
  o.max_depth = 512;
  return o;
}

parse_error registry::add(std::string uri, std::string text, draft dialect) {
  schema_document& d = documents_.emplace_back();
  d.uri = std::move(uri);
  d.text = std::move(text);
  if (parse_error e = d.parsed.assign(d.text, schema_document_options())) {
    documents_.pop_back();
    return e;
  }
  // A "$schema" naming a meta-schema of the user's: its draft is that meta-schema's.
  const element root = d.parsed.root();
  if (const std::optional<element> declared = root.is_object() ? root.find("$schema") : std::nullopt;
      declared && declared->is_string() && !draft_named_by(*declared->get_string())) {
    if (const std::optional<std::string> meta = text_of(normalized(uri_reference::parse(*declared->get_string()).without_fragment()))) {
      if (result<document, parse_error> parsed = document::parse(*meta, schema_document_options())) {
        const element meta_root = parsed->root();
        const std::optional<element> meta_declared = meta_root.is_object() ? meta_root.find("$schema") : std::nullopt;
        if (meta_declared && meta_declared->is_string()) {
          dialect = draft_named_by(*meta_declared->get_string()).value_or(dialect);
        }
      }
    }
  }
  index_.add(root, d.uri, dialect);
  return {};
}

std::optional<std::string> registry::text_of(const std::string& uri) const {
  for (const auto& [name, text] : options_.registry) {
    if (normalized(uri_reference::parse(name).without_fragment()) == uri) return text;
  }
  if (const std::string_view builtin = builtin_schema(uri); !builtin.empty()) return std::string(builtin);
  if (options_.resolver) return options_.resolver(uri);
  return std::nullopt;
}

const subschema* registry::find(std::string_view uri, draft referrer, parse_error& failure) {
  if (const subschema* found = index_.find(uri)) return found;
  const std::string resource = normalized(uri_reference::parse(uri).without_fragment());
  if (document_of(resource) != nullptr) return nullptr;  // loaded, and it is not there
  std::optional<std::string> text = text_of(resource);
  if (!text) return nullptr;
  if (parse_error e = add(resource, std::move(*text), referrer)) {
    failure = std::move(e);
    return nullptr;
  }
  return index_.find(uri);
}

const schema_document* registry::document_of(std::string_view base_uri) const {
  for (const schema_document& d : documents_) {
    if (d.uri == base_uri) return &d;
  }
  return nullptr;
}

}  // namespace jsonjit::detail::schema
