// The checks of one value against one subschema's own keywords (type, the numeric bounds,
// lengths, pattern, format, content, counts), shared by the interpreter (evaluator.cpp) and the
// helpers the schema JIT's code calls (jit_helpers.cpp), so that both decide alike. Each check
// reports a failure as report(keyword, make_message): the message is made only where the
// caller keeps it. Private.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <jsonjit/reader.hpp>

#include "schema/canonical_p.hpp"
#include "schema/program_p.hpp"
#include "text/base64_p.hpp"

namespace jsonjit::detail::schema {

/// A bound as the messages show it ("0.0001", "1e+30" as 1e30).
std::string decimal_text(const exact_decimal& d);
/// What a value is, for messages ("an integer", "a string").
std::string_view type_name(std::uint8_t bits);
/// The types a `type` names, for messages ("null or a string").
std::string expected_types(std::uint8_t types);
/// The code points of valid UTF-8 text.
std::uint64_t code_points(std::string_view text);

/// What a scalar is, worked out once for every node that checks it.
struct scalar_facts {
  token_type kind;
  std::string_view text;  // a string's unescaped text, a number's as written
  exact_decimal& number;
  bool number_read = false;
  std::int8_t integer = -1;  // a number without fractional part (-1: not worked out yet)
  std::uint64_t length = UINT64_MAX;  // a string's code points, once counted

  const exact_decimal& exact() {
    if (!number_read) number_read = number.assign(text);
    return number;
  }
  bool written_as_integer() const {
    // (Not find_first_of, which calls memchr over the three characters for each byte.)
    return std::none_of(text.begin(), text.end(), [](char c) { return c == '.' || c == 'e' || c == 'E'; });
  }
  /// The instance's type bits as `n` sees them: whether a number is an integer is worked
  /// out only for a `type` that says integer and not number — by its text for draft-04, by
  /// value since ("1.0" and "1e2" are integers).
  std::uint8_t type_for(const schema_node& n) {
    switch (kind) {
      case token_type::string: return type_string;
      case token_type::true_value:
      case token_type::false_value: return type_boolean;
      case token_type::null: return type_null;
      default: break;
    }
    if ((n.types & type_integer) == 0 || (n.types & type_number) != 0) return type_number;
    if (n.dialect == draft::draft4) return written_as_integer() ? type_number | type_integer : type_number;
    if (integer < 0) integer = written_as_integer() || exact().is_integer();
    return integer != 0 ? type_number | type_integer : type_number;
  }
};

/// Whether the value whose canonical text is `canonical` passes `n`'s const and enum.
inline bool enumerated(const schema_node& n, std::string_view canonical) {
  return (!n.const_value || *n.const_value == canonical) &&
         (n.enum_values.empty() || std::binary_search(n.enum_values.begin(), n.enum_values.end(), canonical));
}

inline void append_canonical_scalar(std::string& out, scalar_facts& s) {
  switch (s.kind) {
    case token_type::string: append_canonical_string(out, s.text); break;
    case token_type::number: append_canonical_number(out, s.exact()); break;
    case token_type::true_value: append_canonical_bool(out, true); break;
    case token_type::false_value: append_canonical_bool(out, false); break;
    default: append_canonical_null(out);
  }
}

/// `false` schemas and `type`: the checks every value has.
template <class Report>
void check_type(const schema_node& n, std::uint8_t seen, Report&& report) {
  if (n.is_false) report("", [] { return std::string("no value is valid here (the schema is false)"); });
  if (n.types != 0 && (n.types & seen) == 0) {
    report("type", [&] { return "expected " + expected_types(n.types) + ", found " + std::string(type_name(seen)); });
  }
}

/// What minLength and maxLength, minProperties and maxProperties, minItems and maxItems
/// count, for their messages.
struct counted {
  std::string_view min_keyword, max_keyword, what, unit;
};

template <class Report>
void check_count(std::uint64_t count, const std::optional<std::uint64_t>& min,
                        const std::optional<std::uint64_t>& max, const counted& c, Report&& report) {
  const auto message = [&](const char* relation, std::uint64_t bound) {
    return [&c, count, relation, bound] {
      return std::string(c.what) + " has " + std::to_string(count) + " " + std::string(c.unit) + ", " + relation +
             " " + std::to_string(bound);
    };
  };
  if (min && count < *min) report(c.min_keyword, message("fewer than", *min));
  if (max && count > *max) report(c.max_keyword, message("more than", *max));
}

template <class Report>
void check_number(const schema_node& n, const exact_decimal& v, std::string_view text, Report&& report) {
  if (n.minimum && compare(v, *n.minimum) < 0) {
    report("minimum", [&] { return std::string(text) + " is below the minimum, " + decimal_text(*n.minimum); });
  }
  if (n.maximum && compare(v, *n.maximum) > 0) {
    report("maximum", [&] { return std::string(text) + " is above the maximum, " + decimal_text(*n.maximum); });
  }
  if (n.exclusive_minimum && compare(v, *n.exclusive_minimum) <= 0) {
    report(n.dialect == draft::draft4 ? "minimum" : "exclusiveMinimum",
           [&] { return std::string(text) + " is not above " + decimal_text(*n.exclusive_minimum); });
  }
  if (n.exclusive_maximum && compare(v, *n.exclusive_maximum) >= 0) {
    report(n.dialect == draft::draft4 ? "maximum" : "exclusiveMaximum",
           [&] { return std::string(text) + " is not below " + decimal_text(*n.exclusive_maximum); });
  }
  if (n.multiple_of) {
    const divisibility d = divides(*n.multiple_of, v);
    if (d == divisibility::not_multiple) {
      report("multipleOf", [&] { return std::string(text) + " is not a multiple of " + decimal_text(*n.multiple_of); });
    } else if (d == divisibility::undecided) {
      report("multipleOf", [&] {
        return "whether " + std::string(text) + " is a multiple of " + decimal_text(*n.multiple_of) +
               " is too costly to decide exactly";
      });
    }
  }
}

template <class Report>
void check_content(const schema_node& n, std::string_view text, Report&& report) {
  std::string decoded;
  if (n.content_base64) {
    const std::ptrdiff_t size = base64_decoded_size(text.data(), text.size());
    decoded.resize(size < 0 ? 0 : static_cast<std::size_t>(size));
    if (size < 0 || !decode_base64(text.data(), text.size(), reinterpret_cast<unsigned char*>(decoded.data()))) {
      report("contentEncoding", [] { return std::string("the string is not Base64"); });
      return;
    }
    text = decoded;
  }
  if (n.content_json) {
    reader r(text);
    while (r.read()) {
    }
    if (r.error()) report("contentMediaType", [&] { return "the content is not JSON: " + message(r.error()); });
  }
}

template <class Report>
void check_string(const schema_node& n, scalar_facts& s, Report&& report) {
  const std::string_view text = s.text;
  if (n.min_length || n.max_length) {
    if (s.length == UINT64_MAX) s.length = code_points(text);
    check_count(s.length, n.min_length, n.max_length, counted{"minLength", "maxLength", "the string", "characters"},
                report);
  }
  if (n.pattern) {
    const regex_match m = n.pattern->search(text);
    if (m == regex_match::not_found) {
      report("pattern", [&] { return "the string does not match the pattern " + n.pattern->pattern(); });
    } else if (m == regex_match::too_costly) {
      report("pattern", [&] { return "matching the pattern " + n.pattern->pattern() + " took beyond the match limit"; });
    }
  }
  if (n.format != format_kind::none && !is_valid_format(n.format, text)) {
    report("format", [&] { return "the string is not a valid " + std::string(format_name(n.format)); });
  }
  if (n.content_base64 || n.content_json) check_content(n, text, report);
}

/// Every check of `n` on a scalar but const and enum (which compare canonical texts).
template <class Report>
void check_scalar(const schema_node& n, scalar_facts& s, Report&& report) {
  check_type(n, s.type_for(n), report);
  if (s.kind == token_type::number && n.checks_numbers) check_number(n, s.exact(), s.text, report);
  if (s.kind == token_type::string && n.checks_strings) check_string(n, s, report);
}

}  // namespace jsonjit::detail::schema
