// The read-only document: System.Text.Json's JsonDocument and JsonElement in idiomatic C++.
//
//   auto doc = jsonjit::document::parse(R"({"name":"jsonjit","tags":["fast","safe"]})");
//   if (!doc) { std::puts(jsonjit::to_string(doc.error()).c_str()); return; }
//   jsonjit::element root = doc->root();
//   std::string_view name = root["name"].get_string().value();
//   for (jsonjit::element tag : root["tags"].elements()) ...
//   for (auto [key, value] : root.members()) ...
//   std::string text = root.to_json().value();
//
// A document is parsed once into one array of 64-bit words and one buffer of unescaped
// strings (see detail/tape.hpp), so a parse makes a handful of allocations whatever the input.
// Elements are small views into it: they stay valid while the document lives (moving the
// document keeps them valid; parsing into it again or destroying it does not).
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include <jsonjit/converter.hpp>
#include <jsonjit/detail/export.hpp>
#include <jsonjit/detail/tape.hpp>
#include <jsonjit/error.hpp>
#include <jsonjit/input.hpp>
#include <jsonjit/writer.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

namespace detail {
/// Frees what malloc allocated (a document's buffers).
struct free_deleter {
  void operator()(void* p) const noexcept;
};
struct element_access;  // the library's own way to an element's place on its tape
}  // namespace detail

/// The kind of a JSON value. `undefined` is an element that refers to no value: a missing
/// property, an index past the end, or a default-constructed element.
enum class json_type : std::uint8_t { undefined, null, boolean, number, string, array, object };

/// "undefined", "null", "boolean", ... for messages and tests.
std::string_view to_string(json_type type) noexcept;

enum class duplicate_properties : std::uint8_t {
  allow,   ///< kept; lookups find the last one (System.Text.Json's behaviour)
  reject,  ///< a parse error naming the property and where its second occurrence is
};

struct document_options {
  /// (non-standard) `//` and `/* */` comments are read as whitespace.
  bool skip_comments = false;
  /// (non-standard) Accept one comma after the last member or element.
  bool allow_trailing_commas = false;
  /// Objects and arrays may nest this deep (at least 1).
  int max_depth = 64;
  duplicate_properties duplicates = duplicate_properties::allow;
  /// Keep each number's source text: element::number_text() returns it and writing emits it
  /// verbatim. Otherwise numbers are written in their shortest round-trip form. With the text
  /// kept, a number beyond double's range (1e400) is accepted too: get_double() reports it as
  /// number_out_of_range, its text is exact (without the text it is a parse error).
  bool preserve_number_text = false;
};

class element;
struct member;

/// The elements of an array (Item = element) or the members of an object (Item = member), in
/// document order (repeated names included).
template <class Item>
class tape_range {
  // An object's entries are a property name word and its value; an array's, the value.
  static constexpr bool members = std::is_same_v<Item, member>;

 public:
  class iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = Item;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = Item;

    iterator() noexcept = default;
    Item operator*() const noexcept;
    iterator& operator++() noexcept {
      index_ = detail::tape::next(tape_, index_ + (members ? 1 : 0));
      return *this;
    }
    iterator operator++(int) noexcept {
      iterator before = *this;
      ++*this;
      return before;
    }
    friend bool operator==(const iterator& a, const iterator& b) noexcept { return a.index_ == b.index_; }

   private:
    friend class tape_range;
    iterator(const std::uint64_t* tape, const char* strings, std::uint32_t index) noexcept
        : tape_(tape), strings_(strings), index_(index) {}
    const std::uint64_t* tape_ = nullptr;
    const char* strings_ = nullptr;
    std::uint32_t index_ = 0;  // of the entry's first word
  };

  iterator begin() const noexcept { return {tape_, strings_, first_}; }
  iterator end() const noexcept { return {tape_, strings_, last_}; }
  bool empty() const noexcept { return first_ == last_; }

 private:
  friend class element;
  tape_range() noexcept = default;
  tape_range(const std::uint64_t* tape, const char* strings, std::uint32_t first, std::uint32_t last) noexcept
      : tape_(tape), strings_(strings), first_(first), last_(last) {}
  const std::uint64_t* tape_ = nullptr;
  const char* strings_ = nullptr;
  std::uint32_t first_ = 0, last_ = 0;
};

using array_range = tape_range<element>;
using object_range = tape_range<member>;

/// A value inside a document. Cheap to copy; valid while its document lives.
class element {
 public:
  /// An undefined element.
  element() noexcept = default;

  json_type type() const noexcept;
  bool exists() const noexcept { return tape_ != nullptr; }
  bool is_null() const noexcept { return is(detail::tape_tag::null_value); }
  bool is_bool() const noexcept {
    return is(detail::tape_tag::true_value) || is(detail::tape_tag::false_value);
  }
  bool is_number() const noexcept { return exists() && detail::tape::is_number(tag()); }
  /// An integer that fits std::int64_t, stored exactly.
  bool is_int64() const noexcept { return is(detail::tape_tag::int64); }
  /// An integer above INT64_MAX that fits std::uint64_t, stored exactly.
  bool is_uint64() const noexcept { return is(detail::tape_tag::uint64); }
  /// A number with a fraction or exponent, or an integer beyond 64 bits: stored as a double.
  bool is_double() const noexcept { return is(detail::tape_tag::double_value); }
  bool is_string() const noexcept { return is(detail::tape_tag::string); }
  bool is_array() const noexcept { return is(detail::tape_tag::start_array); }
  bool is_object() const noexcept { return is(detail::tape_tag::start_object); }

  // Typed access. The getters fail with wrong_type on another kind of value, with
  // number_not_integer for an integer getter on a number with a fraction or exponent, and
  // number_out_of_range if the value does not fit. On an undefined element they fail with
  // the reason it is undefined (property_not_found, index_out_of_range, wrong_type).
  result<bool> get_bool() const noexcept;
  result<std::int32_t> get_int32() const noexcept;
  result<std::int64_t> get_int64() const noexcept;
  result<std::uint32_t> get_uint32() const noexcept;
  result<std::uint64_t> get_uint64() const noexcept;
  /// Integers convert to the nearest double.
  result<double> get_double() const noexcept;
  /// The unescaped text of a string; the view lives as long as the document.
  result<std::string_view> get_string() const noexcept;
  /// A number's source text if the document was parsed with preserve_number_text; else empty.
  std::string_view number_text() const noexcept;

  /// The number of elements of an array or members of an object (duplicates counted); 0 for
  /// other values.
  std::size_t size() const noexcept;
  /// The value of the property `name` (the last one if it occurs more than once), or an
  /// undefined element. Linear in the number of members.
  element operator[](std::string_view name) const noexcept;
  /// The element at `index`, or an undefined element. Linear in `index`.
  element operator[](std::size_t index) const noexcept;
  std::optional<element> find(std::string_view name) const noexcept;
  /// The value of `name`, which must exist. The error names what was missing and where:
  /// `at $.user: the object has no property of that name: "email"` (property_not_found, or
  /// wrong_type where this is not an object). The getters of the undefined element that
  /// operator[] returns fail with the code alone; at() is the lookup that says which.
  result<element, parse_error> at(std::string_view name) const;
  /// The element at `index`, which must exist: index_out_of_range names it (`at $.tags[5]`).
  result<element, parse_error> at(std::size_t index) const;
  /// The elements of an array; empty for other values.
  array_range elements() const noexcept;
  /// The members of an object; empty for other values.
  object_range members() const noexcept;

  /// The JSON path of this element in its document ("$.a[2]['b c']"); empty if undefined.
  std::string path() const;

  /// Writes the value through `w` (its options decide layout and escaping).
  void write(writer& w) const;
  /// The value as JSON text. Fails if the writer does (nesting deeper than its max_depth).
  result<std::string> to_json(const writer_options& options = {}) const;

  /// Deep equality of JSON values: numbers by value (1 == 1.0; two integers exactly, an integer
  /// and a double when the integer converts to that double), strings by their text, arrays
  /// element by element, objects as sets of properties (order does not matter; where a name
  /// occurs more than once, its last value counts, as in lookups).
  friend bool operator==(const element& a, const element& b);

 private:
  friend class document;
  friend struct detail::element_access;
  template <class Item>
  friend class tape_range;
  element(const std::uint64_t* tape, const char* strings, std::uint32_t index) noexcept
      : tape_(tape), strings_(strings), index_(index) {}
  static element undefined(error_code why) noexcept {
    element e;
    e.why_ = why;
    return e;
  }
  std::uint64_t word() const noexcept { return tape_[index_]; }
  detail::tape_tag tag() const noexcept { return detail::tape::tag(word()); }
  bool is(detail::tape_tag t) const noexcept { return exists() && tag() == t; }
  error_code not_this_type() const noexcept { return exists() ? error_code::wrong_type : why_; }
  result<std::int64_t> integer_from_double() const noexcept;

  const std::uint64_t* tape_ = nullptr;
  const char* strings_ = nullptr;
  std::uint32_t index_ = 0;
  error_code why_ = error_code::wrong_type;  // why an undefined element is undefined
};

// The friend again at namespace scope: declared in class only, a shared library would not export it.
bool operator==(const element& a, const element& b);

/// A property of an object.
struct member {
  std::string_view name;
  element value;
};

template <class Item>
Item tape_range<Item>::iterator::operator*() const noexcept {
  if constexpr (members) {
    return {detail::tape::text_at(strings_, detail::tape::offset(tape_[index_])),
            element(tape_, strings_, index_ + 1)};
  } else {
    return {tape_, strings_, index_};
  }
}

/// A parsed JSON text.
class document {
 public:
  /// An empty document: its root is null.
  document() noexcept = default;

  /// Parses `json` (the whole input; a UTF-8 byte order mark is skipped). The error says what,
  /// where in the text (line, column, byte offset) and where in the JSON value (path).
  static result<document, parse_error> parse(std::string_view json, const document_options& options = {});
  /// Reads `source` to its end (jsonjit::file_input for a file by path, a pipe, a socket),
  /// then parses it as above. An input that fails is error_code::input_failed, its reason in
  /// `name` ("data.json: No such file or directory").
  static result<document, parse_error> parse(input& source, const document_options& options = {});

  /// Parses `json` into this document, reusing the memory it holds; on an error the document
  /// is empty. Invalidates elements of the previous content.
  parse_error assign(std::string_view json, const document_options& options = {});

  element root() const noexcept;

  /// The JSON path ("$.a[2].b") of an element of this document; empty if it is not one.
  std::string path_of(const element& e) const;

  /// Bytes held (tape and strings, including spare capacity).
  std::size_t memory_usage() const noexcept { return 8 * tape_capacity_ + strings_capacity_; }

 private:
  friend class tape_builder;
  // malloc'ed, so that a finished parse can give back spare capacity with realloc, in place.
  std::unique_ptr<std::uint64_t[], detail::free_deleter> tape_;
  std::unique_ptr<char[], detail::free_deleter> strings_;
  std::size_t tape_size_ = 0, tape_capacity_ = 0;
  std::size_t strings_size_ = 0, strings_capacity_ = 0;
};

namespace detail {
/// A document as a typed value (a free-form member): written as its root, read from the
/// value's text with the serializer options' relaxations.
struct document_converter {
  using value_type = document;
  void write(writer& out, const document& value, const serializer_options& options) const;
  error_code read(reader& in, document& value, const serializer_options& options) const;
};
template <>
struct builtin_converter<document> {
  using type = document_converter;
};
}  // namespace detail

}  // namespace jsonjit
JSONJIT_EXPORT_END
