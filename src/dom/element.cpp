// Reading a document's values: types, typed getters with range checks, lookups, paths.
#include <jsonjit/document.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "dom/json_path_p.hpp"
#include "text/narrow_p.hpp"

namespace jsonjit {

using detail::tape_tag;
namespace tape = detail::tape;

namespace {

constexpr std::uint64_t null_tape[1] = {static_cast<std::uint64_t>(tape_tag::null_value)};

}  // namespace

std::string_view to_string(json_type type) noexcept {
  switch (type) {
    case json_type::undefined: return "undefined";
    case json_type::null: return "null";
    case json_type::boolean: return "boolean";
    case json_type::number: return "number";
    case json_type::string: return "string";
    case json_type::array: return "array";
    case json_type::object: return "object";
  }
  return "unknown";
}

json_type element::type() const noexcept {
  if (!exists()) return json_type::undefined;
  switch (tag()) {
    case tape_tag::null_value: return json_type::null;
    case tape_tag::false_value:
    case tape_tag::true_value: return json_type::boolean;
    case tape_tag::int64:
    case tape_tag::uint64:
    case tape_tag::double_value: return json_type::number;
    case tape_tag::string: return json_type::string;
    case tape_tag::start_array: return json_type::array;
    default: return json_type::object;
  }
}

result<bool> element::get_bool() const noexcept {
  if (is(tape_tag::true_value)) return true;
  if (is(tape_tag::false_value)) return false;
  return not_this_type();
}

result<std::int64_t> element::integer_from_double() const noexcept {
  // Integer syntax is stored as a double for -0 (kept for its sign) and beyond 64 bits.
  if ((word() & tape::integer_syntax) == 0) return error_code::number_not_integer;
  if (tape::as_double(tape_[index_ + 1]) == 0) return std::int64_t{0};
  return error_code::number_out_of_range;
}

result<std::int64_t> element::get_int64() const noexcept {
  if (!is_number()) return not_this_type();
  const std::uint64_t bits = tape_[index_ + 1];
  switch (tag()) {
    case tape_tag::int64: return static_cast<std::int64_t>(bits);
    case tape_tag::uint64: return error_code::number_out_of_range;
    default: return integer_from_double();
  }
}

result<std::uint64_t> element::get_uint64() const noexcept {
  if (!is_number()) return not_this_type();
  const std::uint64_t bits = tape_[index_ + 1];
  switch (tag()) {
    case tape_tag::int64:
      if (static_cast<std::int64_t>(bits) < 0) return error_code::number_out_of_range;
      return bits;
    case tape_tag::uint64: return bits;
    default: {
      const result<std::int64_t> zero = integer_from_double();
      if (!zero) return zero.error();
      return std::uint64_t{0};
    }
  }
}

result<std::int32_t> element::get_int32() const noexcept {
  return detail::narrow<std::int32_t>(get_int64());
}

result<std::uint32_t> element::get_uint32() const noexcept {
  return detail::narrow<std::uint32_t>(get_uint64());
}

result<double> element::get_double() const noexcept {
  if (!is_number()) return not_this_type();
  const std::uint64_t bits = tape_[index_ + 1];
  switch (tag()) {
    case tape_tag::int64: return static_cast<double>(static_cast<std::int64_t>(bits));
    case tape_tag::uint64: return static_cast<double>(bits);
    default: {
      // Infinite only where a number beyond double's range was kept with its text.
      const double value = tape::as_double(bits);
      if (std::isinf(value)) return error_code::number_out_of_range;
      return value;
    }
  }
}

result<std::string_view> element::get_string() const noexcept {
  if (!is_string()) return not_this_type();
  return tape::text_at(strings_, tape::offset(word()));
}

std::string_view element::number_text() const noexcept {
  if (!is_number() || tape::offset(word()) == 0) return {};
  return tape::text_at(strings_, tape::offset(word()) - 1);
}

std::size_t element::size() const noexcept {
  if (!is_array() && !is_object()) return 0;
  const std::uint32_t count = tape::count(word());
  if (count < tape::max_count) return count;
  // Saturated: count by walking.
  std::size_t n = 0;
  const std::uint32_t end = tape::end_index(word());
  for (std::uint32_t i = index_ + 1; i < end; i = tape::next(tape_, i + (is_object() ? 1 : 0))) ++n;
  return n;
}

element element::operator[](std::string_view name) const noexcept {
  if (!is_object()) return undefined(not_this_type());
  const std::uint32_t end = tape::end_index(word());
  std::uint32_t found = 0;
  // Every member is looked at (the last of a name wins): the length and the last byte tell
  // most names apart without a call to memcmp (objects keyed by ids of one length).
  const std::size_t size = name.size();
  const char last = size > 0 ? name[size - 1] : '\0';
  for (std::uint32_t i = index_ + 1; i < end; i = tape::next(tape_, i + 1)) {
    const std::string_view text = tape::text_at(strings_, tape::offset(tape_[i]));
    if (text.size() == size && (size == 0 || (text[size - 1] == last && std::memcmp(text.data(), name.data(), size) == 0))) {
      found = i + 1;
    }
  }
  if (found == 0) return undefined(error_code::property_not_found);
  return {tape_, strings_, found};
}

element element::operator[](std::size_t index) const noexcept {
  if (!is_array()) return undefined(not_this_type());
  const std::uint32_t end = tape::end_index(word());
  std::uint32_t i = index_ + 1;
  for (std::size_t k = 0; k < index && i < end; ++k) i = tape::next(tape_, i);
  if (i >= end) return undefined(error_code::index_out_of_range);
  return {tape_, strings_, i};
}

std::optional<element> element::find(std::string_view name) const noexcept {
  const element e = (*this)[name];
  if (!e.exists()) return std::nullopt;
  return e;
}

result<element, parse_error> element::at(std::string_view name) const {
  const element e = (*this)[name];
  if (e.exists()) return e;
  return parse_error{error_info{e.why_}, path(), std::string(name)};
}

result<element, parse_error> element::at(std::size_t index) const {
  const element e = (*this)[index];
  if (e.exists()) return e;
  std::string where = path();
  if (e.why_ == error_code::index_out_of_range) detail::append_path_index(where, index);
  return parse_error{error_info{e.why_}, std::move(where), std::string()};
}

array_range element::elements() const noexcept {
  if (!is_array()) return {};
  return {tape_, strings_, index_ + 1, tape::end_index(word())};
}

object_range element::members() const noexcept {
  if (!is_object()) return {};
  return {tape_, strings_, index_ + 1, tape::end_index(word())};
}

element document::root() const noexcept {
  if (tape_size_ == 0) return {null_tape, nullptr, 0};
  return {tape_.get(), strings_.get(), 0};
}

std::string element::path() const {
  if (!exists()) return {};
  // The root is a document's first word: walk down from it to this element.
  std::string path = "$";
  std::uint32_t at = 0;  // a container holding this element, or this element
  while (at != index_) {
    const bool object = tape::tag(tape_[at]) == tape_tag::start_object;
    const std::uint32_t end = tape::end_index(tape_[at]);
    std::size_t position = 0;
    std::uint32_t i = at + 1;
    for (;; ++position) {
      if (i >= end) return {};  // (an element never refers to a property name or an end word)
      const std::uint32_t value = object ? i + 1 : i;
      const std::uint32_t after = tape::next(tape_, value);
      if (index_ < after) {
        if (index_ < value) return {};
        if (object) {
          detail::append_path_name(path, tape::text_at(strings_, tape::offset(tape_[i])));
        } else {
          detail::append_path_index(path, position);
        }
        at = value;
        break;
      }
      i = after;
    }
  }
  return path;
}

std::string document::path_of(const element& e) const {
  if (e.tape_ == null_tape) return "$";
  if (!e.exists() || e.tape_ != tape_.get() || e.index_ >= tape_size_) return {};
  return e.path();
}

}  // namespace jsonjit
