// JSON Pointer (RFC 6901): "/users/0/name" names one value inside a JSON value.
//
//   auto name = jsonjit::json_pointer::parse("/users/0/name").value();
//   std::optional<jsonjit::element> found = name.find(doc.root());   // nullopt if nothing is there
//   auto checked = name.at(doc.root());        // or an error saying which step failed, and where
//   name.add(config, "Ada");                    // edits of a node, as JSON Patch defines them
//   jsonjit::at_pointer(doc.root(), "/users/0/name");   // straight from the text: no allocation
//
// A pointer is a list of reference tokens: property names, or array indexes written as
// digits without leading zeros ("-" names the place after an array's last element, where add
// appends). In text, "~" is written "~0" and "/" "~1"; the URI fragment form ("#/a%20b")
// percent-encodes the rest.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <jsonjit/detail/export.hpp>
#include <jsonjit/document.hpp>
#include <jsonjit/error.hpp>
#include <jsonjit/node.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

class json_pointer {
 public:
  /// The empty pointer "": the whole value.
  json_pointer() = default;
  /// A pointer of these (unescaped) tokens: json_pointer{"users", "0", "a/b"} is "/users/0/a~1b".
  json_pointer(std::initializer_list<std::string_view> tokens);
  explicit json_pointer(std::vector<std::string> tokens) noexcept : tokens_(std::move(tokens)) {}

  /// Parses a pointer's text ("", "/a/b~1c"). The error is invalid_pointer with the column
  /// (1-based, in bytes; line 1) of what is wrong: a first character other than "/", or a
  /// "~" not followed by 0 or 1.
  static result<json_pointer, parse_error> parse(std::string_view text);
  /// Parses the URI fragment form (RFC 6901 §6: "#/a%20b", the "#" optional): percent-decoded,
  /// then parsed. A "%" without two hex digits after it is invalid_pointer, at its column.
  static result<json_pointer, parse_error> parse_fragment(std::string_view fragment);

  /// The tokens, unescaped.
  std::span<const std::string> tokens() const noexcept { return tokens_; }
  std::size_t size() const noexcept { return tokens_.size(); }
  /// Whether this is "", the whole value.
  bool empty() const noexcept { return tokens_.empty(); }
  /// The last token; the pointer must not be empty.
  const std::string& back() const noexcept { return tokens_.back(); }
  /// The pointer without its last token ("" stays "").
  json_pointer parent() const;
  /// Appends a token (unescaped): a name, or an index.
  json_pointer& append(std::string_view token);
  json_pointer& append(std::size_t index);
  /// A copy with `token` appended: pointer / "tags" / 0.
  friend json_pointer operator/(json_pointer pointer, std::string_view token) {
    return std::move(pointer.append(token));
  }
  friend json_pointer operator/(json_pointer pointer, std::size_t index) { return std::move(pointer.append(index)); }

  /// The text form: "/users/0/a~1b".
  std::string to_string() const;
  /// The URI fragment form: "#/users/0/a~1b", with what a fragment may not hold percent-encoded.
  std::string to_fragment() const;
  /// Appends "/" and `token` escaped ("~" as "~0", "/" as "~1") to `text`.
  static void append_escaped(std::string& text, std::string_view token);

  // Lookups. A member is found by name (the last one where a document's object repeats a
  // name); an array element by an index token below the array's size. Lookups in documents
  // allocate nothing (in nodes, a large object's name index is built on its first lookup).
  std::optional<element> find(const element& root) const noexcept;
  node* find(node& root) const;
  const node* find(const node& root) const;
  /// The value, or an error naming the step that failed and where: property_not_found (the
  /// error's name is the token), index_out_of_range (also for "-", the place after the last
  /// element), invalid_array_index (a token that is not an index at an array), wrong_type (a token at a string, number, true, false or
  /// null). The error's path is the JSON path of the value the step was taken from.
  result<element, parse_error> at(const element& root) const;
  result<node*, parse_error> at(node& root) const;
  result<const node*, parse_error> at(const node& root) const;

  // Edits of a node, with RFC 6902's rules; each fails as at() does where a step is missing.
  /// Adds `value`: sets the member (replacing its value where it exists), inserts into an
  /// array before the index (index <= size) or appends at "-", or replaces the whole value
  /// for "". The parent must exist. Returns the value in its place.
  result<node*, parse_error> add(node& root, node value) const;
  /// Replaces the value that must exist there. Returns the value in its place.
  result<node*, parse_error> replace(node& root, node value) const;
  /// Removes the value that must exist there and returns it (for "", the root's value: the
  /// root becomes null).
  result<node, parse_error> remove(node& root) const;

  friend bool operator==(const json_pointer&, const json_pointer&) = default;
  /// Token by token (a parent before its children), for ordered containers.
  friend bool operator<(const json_pointer& a, const json_pointer& b) noexcept { return a.tokens_ < b.tokens_; }

 private:
  std::vector<std::string> tokens_;
};

/// The value `pointer` (text, as json_pointer::parse reads it) names in `root`, found while the
/// text is read: in a document nothing is allocated (but the error). Errors as
/// json_pointer::parse and at().
result<element, parse_error> at_pointer(const element& root, std::string_view pointer);
result<node*, parse_error> at_pointer(node& root, std::string_view pointer);
result<const node*, parse_error> at_pointer(const node& root, std::string_view pointer);

}  // namespace jsonjit
JSONJIT_EXPORT_END
