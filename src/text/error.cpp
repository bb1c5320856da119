#include <jsonjit/error.hpp>

#include <cstdlib>
#include <new>

namespace jsonjit {

std::string_view message(error_code code) noexcept {
  switch (code) {
    case error_code::none: return "no error";
    case error_code::expected_value:
      return "expected a value (object, array, string, number, true, false or null)";
    case error_code::expected_value_or_end_array: return "expected a value or ']'";
    case error_code::expected_property_name: return "expected a property name (a string in double quotes)";
    case error_code::expected_property_name_or_end_object:
      return "expected a property name (a string in double quotes) or '}'";
    case error_code::expected_colon: return "expected ':' after the property name";
    case error_code::expected_comma_or_end_object: return "expected ',' or '}' after an object member";
    case error_code::expected_comma_or_end_array: return "expected ',' or ']' after an array element";
    case error_code::expected_end_of_input: return "expected the end of input after the top-level value";
    case error_code::trailing_comma_not_allowed:
      return "a trailing comma before the end of an object or array is not allowed";
    case error_code::comments_not_allowed: return "comments are not allowed";
    case error_code::depth_exceeded: return "the maximum nesting depth was exceeded";
    case error_code::stack_exhausted:
      return "the value nests deeper than this thread's stack can hold (lower max_depth, or give the thread a larger stack)";
    case error_code::empty_input: return "expected a value, but the input is empty";
    case error_code::invalid_literal: return "invalid literal: expected true, false or null";
    case error_code::number_leading_zero: return "a number cannot have leading zeros";
    case error_code::expected_digit: return "invalid number: expected a digit";
    case error_code::unterminated_string: return "unterminated string: expected a closing '\"'";
    case error_code::control_character_in_string:
      return "a control character (U+0000 to U+001F) must be escaped in a string";
    case error_code::invalid_escape:
      return "invalid escape: expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX";
    case error_code::invalid_unicode_escape: return "invalid \\u escape: expected four hexadecimal digits";
    case error_code::lone_surrogate:
      return "invalid \\u escape: a UTF-16 surrogate must be part of a high-low pair";
    case error_code::invalid_utf8: return "invalid UTF-8 byte sequence";
    case error_code::unterminated_comment: return "unterminated comment: expected '*/'";
    case error_code::invalid_comment: return "invalid comment: expected '//' or '/*'";
    case error_code::wrong_token_type: return "the current token does not have the requested type";
    case error_code::number_not_integer: return "the number is not an integer";
    case error_code::number_out_of_range: return "the number does not fit the requested type";
    case error_code::buffer_too_small: return "the destination buffer is too small";
    case error_code::value_needs_property_name: return "a value inside an object needs a property name first";
    case error_code::property_name_outside_object:
      return "a property name can only be written inside an object";
    case error_code::expected_value_after_property_name: return "expected a value after the property name";
    case error_code::mismatched_end: return "the end token does not match the open object or array";
    case error_code::multiple_top_level_values: return "only one top-level value can be written";
    case error_code::non_finite_number:
      return "NaN and infinity are not valid JSON numbers (allow named float literals to write them)";
    case error_code::invalid_raw_value: return "the raw value is not one complete, valid JSON value";
    case error_code::comment_contains_end_marker: return "a comment cannot contain '*/'";
    case error_code::invalid_writer_options:
      return "the writer's options are invalid: indent_char must be ' ' or '\\t', indent_size at most 127";
    case error_code::sink_failed: return "the output sink failed to take the data";
    case error_code::input_failed: return "reading the input failed";
    case error_code::duplicate_property_name: return "duplicate property name";
    case error_code::input_too_large: return "the input is too large for a document (4 GiB or more)";
    case error_code::wrong_type: return "the value does not have the requested type";
    case error_code::property_not_found: return "the object has no property of that name";
    case error_code::index_out_of_range: return "the index is past the end of the array";
    case error_code::node_cycle: return "a node cannot be moved into its own descendant";
    case error_code::expected_boolean: return "expected true or false";
    case error_code::expected_number: return "expected a number";
    case error_code::expected_string: return "expected a string";
    case error_code::expected_object: return "expected an object";
    case error_code::expected_array: return "expected an array";
    case error_code::null_not_allowed: return "null is not allowed here: the target cannot be null";
    case error_code::missing_required_property: return "a required property is missing";
    case error_code::unmapped_member: return "the type has no property of this name";
    case error_code::wrong_array_length: return "the array does not have the number of elements the type has";
    case error_code::invalid_value_format: return "the value is not in the format its type needs";
    case error_code::unknown_discriminator: return "no type of the variant has this discriminator";
    case error_code::missing_discriminator: return "the type discriminator must be the object's first property";
    case error_code::unsupported_type: return "the type has no description and no converter";
    case error_code::converter_value_incomplete:
      return "a converter must write exactly one complete value: it wrote none, more than one, or left an object "
             "or array open";
    case error_code::conflicting_property_names:
      return "two members of the type have the same JSON name (after the naming policy; or differ only in case, "
             "where names are read case-insensitively)";
    case error_code::invalid_schema: return "the schema is not valid against its meta-schema";
    case error_code::unresolved_reference: return "the reference names no schema the registry, the resolver or the built-in meta-schemas know";
    case error_code::invalid_regex: return "the pattern is not an ECMA-262 regular expression";
    case error_code::duplicate_schema_uri: return "two schemas claim the same URI";
    case error_code::unknown_vocabulary: return "the meta-schema requires a vocabulary this implementation does not know";
    case error_code::not_compiled: return "the JIT does not compile this type, schema or query with these options";
    case error_code::invalid_pointer:
      return "not a JSON Pointer: it must be empty or start with '/', and '~' must be followed by 0 or 1";
    case error_code::invalid_array_index:
      return "an array index must be digits without leading zeros (or '-' where an element is added)";
    case error_code::invalid_patch: return "not a JSON Patch operation";
    case error_code::test_failed: return "the value is not equal to the one the test expects";
    case error_code::null_in_merge_patch:
      return "a merge patch cannot make a member null (null in a merge patch removes the member)";
    case error_code::invalid_query: return "not a JSONPath query (RFC 9535)";
    case error_code::query_too_costly:
      return "a regular expression of the query took too many steps on a value (the match limit stopped it)";
  }
  return "unknown error";
}

std::string message(const error_info& error) {
  std::string text(message(error.code));
  // (An input that failed ends there too: the failure is what matters.)
  if (error.at_end_of_input && error.code != error_code::input_failed) text += ", found end of input";
  return text;
}

namespace {
/// "line L, column C (byte O)", or nothing for an error without an input position (line 0).
std::string position(const error_info& error) {
  if (error.line == 0) return {};
  return "line " + std::to_string(error.line) + ", column " + std::to_string(error.column) + " (byte " +
         std::to_string(error.offset) + ")";
}
}  // namespace

std::string to_string(const error_info& error) {
  std::string where = position(error);
  return where.empty() ? message(error) : where + ": " + message(error);
}

std::string to_string(const parse_error& error) {
  std::string text = position(error.info);
  if (!error.path.empty()) text += (text.empty() ? "at " : " at ") + error.path;
  if (!text.empty()) text += ": ";
  text += message(error.info);
  if (error.name.empty()) return text;
  // An input's or output's failure reason, and what is wrong with a value, are sentences
  // ("data.json: No such file or directory"); other names are names from the JSON, quoted.
  const bool reason = error.info.code == error_code::input_failed || error.info.code == error_code::sink_failed ||
                      error.info.code == error_code::invalid_value_format;
  return text + (reason ? ": " + error.name : ": \"" + error.name + "\"");
}

void detail::out_of_memory() {
#if defined(__cpp_exceptions)
  throw std::bad_alloc();
#else
  std::abort();
#endif
}

}  // namespace jsonjit
