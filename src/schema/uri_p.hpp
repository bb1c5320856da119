// URI references as JSON Schema resolves them (RFC 3986): `$id` against the base URI of the
// schema resource that contains it, `$ref` against the current base, and the normalized form
// schemas are registered and looked up by. Private to the library.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace jsonjit::detail::schema {

/// A URI reference split into RFC 3986's five components. A component that is absent differs
/// from one that is present and empty ("http://a/b?" has an empty query; "http://a/b" none).
struct uri_reference {
  std::optional<std::string> scheme;
  std::optional<std::string> authority;
  std::string path;
  std::optional<std::string> query;
  std::optional<std::string> fragment;

  /// Splits any text (RFC 3986 appendix B; a scheme must be a letter followed by letters,
  /// digits, "+", "-" or "."). Which characters are allowed where is a question for the
  /// "uri" formats, not for resolution: every text splits.
  static uri_reference parse(std::string_view text);

  /// An absolute URI (RFC 3986 §4.3): a scheme, and no fragment.
  bool is_absolute() const noexcept { return scheme.has_value() && !fragment.has_value(); }
  /// The components put back together (RFC 3986 §5.3).
  std::string str() const;
  /// The same reference without its fragment (a schema resource's URI).
  uri_reference without_fragment() const;

  friend bool operator==(const uri_reference&, const uri_reference&) = default;
};

/// `reference` resolved against `base` (RFC 3986 §5.2.2, strict: a reference with a scheme
/// is taken as it is). `base` should have a scheme; when it has none the result is what
/// resolving against its components gives (a relative base for relative references).
uri_reference resolve(const uri_reference& base, const uri_reference& reference);

/// RFC 3986 §5.2.4: "." and ".." segments removed from `path`.
std::string remove_dot_segments(std::string_view path);

/// The form a schema is registered and looked up by (RFC 3986 §6.2.2): scheme and host in
/// lower case, percent-encoded unreserved characters decoded and the other encodings' hex
/// digits in upper case, dot segments removed, and an empty fragment dropped
/// ("HTTP://Example.com/a/./b#" and "http://example.com/a/b" are the same schema).
std::string normalized(const uri_reference& uri);

}  // namespace jsonjit::detail::schema
