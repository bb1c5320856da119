// What every JSONPath engine compares the same way (RFC 9535 §2.3.5.2.2, §2.4.4-7): scalars read
// from a document, a node, a literal or text; numbers by value; strings by code point; the
// length of a string; match() and search(). Private.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include <jsonjit/document.hpp>
#include <jsonjit/node.hpp>

#include "query/program_p.hpp"
#include "schema/ecma_regex_p.hpp"
#include "text/utf8_p.hpp"

namespace jsonjit::detail::path {

/// A scalar's value, read the same way from a document, a node, a literal or text.
struct scalar {
  json_type type = json_type::undefined;
  bool boolean = false;
  bool is_int64 = false, is_uint64 = false;
  std::int64_t int64 = 0;
  std::uint64_t uint64 = 0;
  double number = 0;
  std::string_view text;
};

template <class V>
scalar scalar_of(const V& v) {
  scalar s;
  s.type = v.type();
  switch (s.type) {
    case json_type::boolean: s.boolean = v.get_bool().value_or(false); break;
    case json_type::number:
      s.is_int64 = v.is_int64();
      s.is_uint64 = v.is_uint64();
      if (s.is_int64) s.int64 = v.get_int64().value_or(0);
      if (s.is_uint64) s.uint64 = v.get_uint64().value_or(0);
      s.number = v.get_double().value_or(0);
      break;
    case json_type::string: s.text = v.get_string().value_or(std::string_view()); break;
    default: break;
  }
  return s;
}
inline scalar scalar_of(const node* v) { return scalar_of(*v); }

/// A number a function computed (length(), count()).
inline scalar integer_scalar(std::int64_t n) noexcept {
  scalar s;
  s.type = json_type::number;
  s.is_int64 = true;
  s.int64 = n;
  s.number = static_cast<double>(n);
  return s;
}

/// Numbers by value: integers exactly, an integer and a double through the double.
inline int compare_numbers(const scalar& a, const scalar& b) noexcept {
  if (a.is_int64 && b.is_int64) return a.int64 < b.int64 ? -1 : a.int64 > b.int64 ? 1 : 0;
  if (a.is_uint64 && b.is_uint64) return a.uint64 < b.uint64 ? -1 : a.uint64 > b.uint64 ? 1 : 0;
  if (a.is_int64 && b.is_uint64) return -1;  // a uint64 lies above INT64_MAX
  if (a.is_uint64 && b.is_int64) return 1;
  return a.number < b.number ? -1 : a.number > b.number ? 1 : 0;
}

/// == between two values that are not both arrays or objects (those compare deeply).
inline bool scalars_equal(const scalar& x, const scalar& y) noexcept {
  if (x.type != y.type) return false;
  switch (x.type) {
    case json_type::null: return true;
    case json_type::boolean: return x.boolean == y.boolean;
    case json_type::number: return compare_numbers(x, y) == 0;
    case json_type::string: return x.text == y.text;
    default: return false;  // a container and a literal
  }
}

/// <: numbers by value, strings by code point; false for any other pair.
inline bool scalars_less(const scalar& x, const scalar& y) noexcept {
  if (x.type != y.type) return false;
  if (x.type == json_type::number) return compare_numbers(x, y) < 0;
  if (x.type == json_type::string) return x.text < y.text;  // UTF-8's byte order is the code points'
  return false;
}

/// A comparison's outcome from equal() (a == b) and less(a, b) and less(b, a), each asked only
/// where the operator needs it. Neither is Nothing-aware: the engines decide those (Nothing
/// equals only Nothing, and is neither less nor greater).
template <class Equal, class Less, class Greater>
bool comparison_holds(comparison op, Equal&& equal, Less&& less, Greater&& greater) {
  switch (op) {
    case comparison::equal: return equal();
    case comparison::not_equal: return !equal();
    case comparison::less: return less();
    case comparison::less_equal: return less() || equal();
    case comparison::greater: return greater();
    case comparison::greater_equal: return greater() || equal();
  }
  return false;
}

/// Unicode scalar values in a string (its UTF-8 is valid: a document's or the query's).
inline std::size_t code_points(std::string_view s) noexcept { return utf8_code_points(s.data(), s.data() + s.size()); }

/// match() or search() (`x`) of `subject` against `pattern` (its second argument's value; the
/// pattern compiled with the query where that argument is a literal): not_found unless both
/// are strings and the pattern an I-Regexp; too_costly where the regex gave up.
schema::regex_match regex_function(const program& p, const expression& x, const scalar& subject, const scalar& pattern);

/// The error too_costly becomes.
parse_error too_costly_error(const expression& x, std::size_t subject_size);

}  // namespace jsonjit::detail::path
