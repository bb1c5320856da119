// Typed access to the reader's current token: numbers with range checks, unescaped strings.
#include <jsonjit/reader.hpp>

#include <cstring>
#include <limits>

#include "text/narrow_p.hpp"
#include "text/number_parse_p.hpp"
#include "text/unescape_p.hpp"

namespace jsonjit {

result<bool> reader::get_bool() const {
  if (token_ == token_type::true_value) return true;
  if (token_ == token_type::false_value) return false;
  return error_code::wrong_token_type;
}

result<std::int64_t> reader::get_int64() const {
  if (token_ != token_type::number) return error_code::wrong_token_type;
  bool negative = false;
  std::uint64_t magnitude = 0;
  if (const error_code e = detail::integer_magnitude(value_, negative, magnitude); e != error_code::none)
    return e;
  if (negative) {
    if (magnitude > std::uint64_t{1} << 63) return error_code::number_out_of_range;
    return static_cast<std::int64_t>(0 - magnitude);  // two's complement, INT64_MIN included
  }
  if (magnitude > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
    return error_code::number_out_of_range;
  }
  return static_cast<std::int64_t>(magnitude);
}

result<std::uint64_t> reader::get_uint64() const {
  if (token_ != token_type::number) return error_code::wrong_token_type;
  bool negative = false;
  std::uint64_t magnitude = 0;
  if (const error_code e = detail::integer_magnitude(value_, negative, magnitude); e != error_code::none)
    return e;
  if (negative && magnitude != 0) return error_code::number_out_of_range;  // "-0" is 0
  return magnitude;
}

result<std::int32_t> reader::get_int32() const {
  return detail::narrow<std::int32_t>(get_int64());
}

result<std::uint32_t> reader::get_uint32() const {
  return detail::narrow<std::uint32_t>(get_uint64());
}

result<double> reader::get_double() const {
  if (token_ != token_type::number) return error_code::wrong_token_type;
  double v = 0;
  if (const error_code e = detail::parse_binary(value_, v); e != error_code::none) return e;
  return v;
}

result<std::size_t> reader::copy_string(std::span<char> dest) const {
  if (token_ != token_type::string && token_ != token_type::property_name) {
    return error_code::wrong_token_type;
  }
  const char* p = value_.data();
  const char* const end = p + value_.size();
  char* out = dest.data();
  char* const out_end = out + dest.size();
  if (!value_escaped_) {
    if (value_.size() > dest.size()) return error_code::buffer_too_small;
    std::memcpy(out, p, value_.size());
    return value_.size();
  }
  while (p < end) {
    const char* backslash = static_cast<const char*>(std::memchr(p, '\\', static_cast<std::size_t>(end - p)));
    const char* run_end = backslash != nullptr ? backslash : end;
    const auto run = static_cast<std::size_t>(run_end - p);
    if (run > static_cast<std::size_t>(out_end - out)) return error_code::buffer_too_small;
    std::memcpy(out, p, run);
    out += run;
    p = run_end;
    if (p == end) break;
    char decoded[4];
    int written = 0;
    p += detail::decode_escape(p, decoded, written);
    if (written > out_end - out) return error_code::buffer_too_small;
    std::memcpy(out, decoded, static_cast<std::size_t>(written));
    out += written;
  }
  return static_cast<std::size_t>(out - dest.data());
}

result<std::string> reader::get_string() const {
  std::string text(value_.size(), '\0');
  const result<std::size_t> size = copy_string(text);
  if (!size) return size.error();
  text.resize(*size);
  return text;
}

bool reader::value_text_equals(std::string_view text) const noexcept {
  if (token_ != token_type::string && token_ != token_type::property_name) return false;
  if (!value_escaped_) return value_ == text;
  const char* p = value_.data();
  const char* const end = p + value_.size();
  std::size_t at = 0;
  while (p < end) {
    if (*p != '\\') {
      if (at == text.size() || text[at] != *p) return false;
      ++p;
      ++at;
      continue;
    }
    char decoded[4];
    int written = 0;
    p += detail::decode_escape(p, decoded, written);
    const auto n = static_cast<std::size_t>(written);
    if (text.size() - at < n || std::memcmp(text.data() + at, decoded, n) != 0) return false;
    at += n;
  }
  return at == text.size();
}

}  // namespace jsonjit
