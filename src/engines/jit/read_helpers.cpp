// What generated readers call for the parts they do not inline. Each accepts a subset of what
// the interpreter accepts, with the same result: what it does not read itself (escapes in
// names, numbers with fractions into integers, ...) it gives up on, and the interpreter reads
// the input again. Values handed to a converter or the interpreter go through a reader of
// their own, started at the value with the nesting the document's reader would still allow.
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "engines/interp/interp_p.hpp"
#include "engines/jit/jit_p.hpp"
#include "engines/jit/scan_p.hpp"
#include "text/case_folding_p.hpp"
#include "text/base64_p.hpp"
#include "text/number_parse_p.hpp"
#include "text/number_scan_p.hpp"
#include "text/reader_access_p.hpp"
#include "text/simd_p.hpp"
#include "text/unescape_p.hpp"
#include "text/utf8_p.hpp"

using jsonjit::detail::number_end;
using jsonjit::detail::jit::read_context;
using jsonjit::detail::jit::skip_scalar;
using jsonjit::detail::jit::string_end;

namespace {

/// The bytes a JSON value can start with. A reader also takes a byte order mark at its start,
/// which inside a document is an error.
constexpr bool starts_value(char c) noexcept {
  return c == '{' || c == '[' || c == '"' || c == '-' || jsonjit::detail::is_digit(c) || c == 't' || c == 'f' ||
         c == 'n';
}

/// Runs `read(reader&)` with a reader on the value at `cur`, on its first token; the position
/// after the value, or null on failure. An exception is a failure too: the interpreter's
/// replay raises it again.
template <class Read>
const char* with_reader(read_context* context, const char* cur, Read read) noexcept {
  if (!starts_value(*cur)) return nullptr;
  jsonjit::reader_options options = context->reading;
  options.max_depth -= context->depth;  // what the document's reader would still open
  if (options.max_depth < 1) {
    if (*cur == '{' || *cur == '[') return nullptr;
    options.max_depth = 1;  // a scalar opens nothing
  }
  jsonjit::reader in({cur, static_cast<std::size_t>(context->end - cur)}, options);
  try {
    if (!in.read() || !read(in)) return nullptr;
  } catch (...) {
    return nullptr;
  }
  return cur + in.bytes_consumed();
}


/// The value of the first `count` (1 to 8) bytes of `word`, decimal digits.
inline std::uint64_t leading_digits_value(std::uint64_t word, int count) noexcept {
  // The digits moved to the top bytes, zeros (leading zeros of the value) below.
  return jsonjit::detail::digits_value((word - 0x3030303030303030ull) << (8 * (8 - count)));
}

/// The value of the decimal digits that start the eight bytes at `p` (none to eight of them),
/// in `value`; returns the position after them.
inline const char* leading_digits_of_word(const char* p, std::uint64_t& value) noexcept {
  std::uint64_t word;
  std::memcpy(&word, p, 8);  // little-endian: the first byte is the lowest
  const std::uint64_t not_digit = jsonjit::detail::not_digit_bytes(word);
  const int count = not_digit == 0 ? 8 : std::countr_zero(not_digit) / 8;
  if (count == 0) return p;
  value = leading_digits_value(word, count);
  return p + count;
}

/// The digits at `p` (eight bytes readable) when there are fewer than eight: their count (0
/// for none) with their value in `v`; -1 for eight or more. Up to four are taken one by one
/// (cheaper than whole-word arithmetic for them), up to seven in one word.
inline int short_digits(const char* p, std::uint64_t& v) noexcept {
  v = 0;
  for (int i = 0; i < 4; ++i) {
    const unsigned digit = static_cast<unsigned char>(p[i]) - unsigned{'0'};
    if (digit > 9) return i;
    v = v * 10 + digit;
  }
  if (static_cast<unsigned char>(p[4]) - unsigned{'0'} > 9) return 4;
  std::uint64_t word;
  std::memcpy(&word, p, 8);
  const std::uint64_t not_digit = jsonjit::detail::not_digit_bytes(word);
  if (not_digit == 0) return -1;
  const int count = std::countr_zero(not_digit) / 8;
  v = leading_digits_value(word, count);
  return count;
}

/// Stores the magnitude `v` (negated if `negative`) into the I at `target` if it is in range.
template <class I>
bool store_in_range(std::uint64_t v, bool negative, void* target) noexcept {
  if constexpr (std::is_signed_v<I>) {
    if (v > static_cast<std::uint64_t>(std::numeric_limits<I>::max()) + negative) return false;
    const auto value = negative ? static_cast<std::int64_t>(0 - v) : static_cast<std::int64_t>(v);
    *static_cast<I*>(target) = static_cast<I>(value);
  } else {
    if ((negative && v != 0) || v > std::numeric_limits<I>::max()) return false;
    *static_cast<I*>(target) = static_cast<I>(v);
  }
  return true;
}

/// Plain integer text (no fraction or exponent, no leading zeros, at most 20 digits) in range
/// of I into `target`.
template <class I>
const char* read_integer(const char* p, const char* end, void* target) noexcept {
  const bool negative = *p == '-';
  p += negative;
  if (end - p >= 8) {
    std::uint64_t v;
    if (const int count = short_digits(p, v); count >= 0) {
      const char after = p[count];  // not a digit
      if (count == 0 || (p[0] == '0' && count > 1) || after == '.' || (after | 0x20) == 'e') return nullptr;
      return store_in_range<I>(v, negative, target) ? p + count : nullptr;
    }
  }
  const char* const digits = p;
  std::uint64_t v = 0;
  if (end - p >= 8) p = leading_digits_of_word(p, v);  // eight digits at once
  for (; p < end && jsonjit::detail::is_digit(*p) && p - digits < 19; ++p) v = v * 10 + static_cast<unsigned>(*p - '0');
  if (p < end && jsonjit::detail::is_digit(*p)) {  // a twentieth digit: only a uint64 may take it
    if (__builtin_mul_overflow(v, 10u, &v) || __builtin_add_overflow(v, static_cast<unsigned>(*p - '0'), &v)) {
      return nullptr;
    }
    ++p;
  }
  const auto count = p - digits;
  if (count == 0 || (*digits == '0' && count > 1)) return nullptr;
  if (p < end && (jsonjit::detail::is_digit(*p) || *p == '.' || *p == 'e' || *p == 'E')) return nullptr;
  return store_in_range<I>(v, negative, target) ? p : nullptr;
}

/// Reads a value by `converter`'s read_string from `text` (unescaped); false on failure.
bool read_from_text(read_context* context, std::string_view text,
                    const jsonjit::converter_descriptor* converter, void* target) noexcept {
  try {
    return converter->read_string(converter->self, text, target, *context->options) ==
           jsonjit::error_code::none;
  } catch (...) {
    return false;
  }
}

/// read_integer for the integer type of `kind`.
const char* read_integer_of(jsonjit::type_kind kind, const char* p, const char* end, void* target) noexcept {
  using jsonjit::type_kind;
  switch (kind) {
    case type_kind::int8: return read_integer<std::int8_t>(p, end, target);
    case type_kind::int16: return read_integer<std::int16_t>(p, end, target);
    case type_kind::int32: return read_integer<std::int32_t>(p, end, target);
    case type_kind::int64: return read_integer<std::int64_t>(p, end, target);
    case type_kind::uint8: return read_integer<std::uint8_t>(p, end, target);
    case type_kind::uint16: return read_integer<std::uint16_t>(p, end, target);
    case type_kind::uint32: return read_integer<std::uint32_t>(p, end, target);
    default: return read_integer<std::uint64_t>(p, end, target);
  }
}


template <class F>
const char* read_floating(const char* p, const char* end, void* target) noexcept {
  // The grammar checked and the digits gathered in one pass, as the document parser does;
  // the common numbers converted from their parts, the others (-0, many digits, what the
  // quick conversion cannot decide) from their text.
  jsonjit::detail::number_parts n;
  const char* const stop = jsonjit::detail::read_number(p, end, n);
  if (stop == nullptr || (stop < end && jsonjit::detail::is_digit(*stop))) return nullptr;
  F x = 0;
  if (n.exact && n.integer && n.significand != 0) {
    // At most 19 digits: the conversion of the integer is correctly rounded.
    x = n.negative ? -static_cast<F>(n.significand) : static_cast<F>(n.significand);
  } else if (!n.exact || n.integer || !jsonjit::detail::decimal_to_binary(n.significand, n.exponent, n.negative, x)) {
    if (jsonjit::detail::parse_binary({p, static_cast<std::size_t>(stop - p)}, x) != jsonjit::error_code::none) {
      return nullptr;
    }
  }
  *static_cast<F*>(target) = x;
  return stop;
}


/// The property a member name names, found as the interpreter finds an unescaped name.
const jsonjit::detail::property_info* find_property(const jsonjit::detail::type_info& type,
                                                    std::string_view name) noexcept {
  if (type.options->case_insensitive_names()) {
    // Folded on the stack (the heap for a long name: a folding may be longer than the name).
    char on_stack[512];
    std::string on_heap;
    std::string_view folded;
    if (name.size() <= sizeof on_stack / 2) {
      folded = std::string_view(on_stack, jsonjit::detail::fold_case(name, on_stack));
    } else {
      jsonjit::detail::fold_case(name, on_heap);
      folded = on_heap;
    }
    const auto it = type.by_name.find(folded);
    return it == type.by_name.end() ? nullptr : &type.properties[it->second];
  }
  if (type.properties.size() <= 8) {
    for (const jsonjit::detail::property_info& p : type.properties) {
      if (p.json_name == name) return &p;
    }
    return nullptr;
  }
  const auto it = type.by_name.find(name);
  return it == type.by_name.end() ? nullptr : &type.properties[it->second];
}

}  // namespace

extern "C" {

const char* jsonjit_jit_skip_whitespace(const char* cur, const char* end) noexcept {
  return jsonjit::detail::skip_whitespace(cur, end);
}

const char* jsonjit_jit_read_int8(const char* cur, const char* end, void* target) noexcept {
  return read_integer<std::int8_t>(cur, end, target);
}
const char* jsonjit_jit_read_int16(const char* cur, const char* end, void* target) noexcept {
  return read_integer<std::int16_t>(cur, end, target);
}
const char* jsonjit_jit_read_int32(const char* cur, const char* end, void* target) noexcept {
  return read_integer<std::int32_t>(cur, end, target);
}
const char* jsonjit_jit_read_int64(const char* cur, const char* end, void* target) noexcept {
  return read_integer<std::int64_t>(cur, end, target);
}
const char* jsonjit_jit_read_uint8(const char* cur, const char* end, void* target) noexcept {
  return read_integer<std::uint8_t>(cur, end, target);
}
const char* jsonjit_jit_read_uint16(const char* cur, const char* end, void* target) noexcept {
  return read_integer<std::uint16_t>(cur, end, target);
}
const char* jsonjit_jit_read_uint32(const char* cur, const char* end, void* target) noexcept {
  return read_integer<std::uint32_t>(cur, end, target);
}
const char* jsonjit_jit_read_uint64(const char* cur, const char* end, void* target) noexcept {
  return read_integer<std::uint64_t>(cur, end, target);
}
const char* jsonjit_jit_read_float32(const char* cur, const char* end, void* target) noexcept {
  return read_floating<float>(cur, end, target);
}
const char* jsonjit_jit_read_float64(const char* cur, const char* end, void* target) noexcept {
  return read_floating<double>(cur, end, target);
}

const char* jsonjit_jit_read_string(const char* cur, const char* end, std::string* target) noexcept {
  if (*cur != '"') return nullptr;
  bool escaped = false;
  const char* const text = cur + 1;
  const char* const close = string_end(text, end, escaped);
  if (close == nullptr) return nullptr;
  try {
    if (!escaped) {
      target->assign(text, close);
    } else if (close - text <= 256) {
      // As the interpreter: through the stack, so the string takes only the memory it needs.
      char buffer[256];
      target->assign(buffer, jsonjit::detail::unescape(text, close, buffer));
    } else {
      target->resize(static_cast<std::size_t>(close - text));
      target->resize(static_cast<std::size_t>(jsonjit::detail::unescape(text, close, target->data()) - target->data()));
    }
  } catch (...) {
    return nullptr;
  }
  return close + 1;
}

const char* jsonjit_jit_assign_string(std::string* target, const char* text, std::size_t size) noexcept {
  try {
    target->assign(text, size);
  } catch (...) {
    return nullptr;
  }
  return text + size + 1;
}

const char* jsonjit_jit_read_text(read_context* context, const char* text, std::size_t size,
                                  const jsonjit::converter_descriptor* converter, void* target) noexcept {
  return read_from_text(context, {text, size}, converter, target) ? text + size + 1 : nullptr;
}

const char* jsonjit_jit_read_converted(read_context* context, const char* cur,
                                       const jsonjit::converter_descriptor* converter, void* target) noexcept {
  if (*cur == '"') {
    // Most converters read a string (dates, identifiers): it is scanned here once, and the
    // converter gets its text (read_string) or a reader already on it.
    bool escaped = false;
    const char* const close = string_end(cur + 1, context->end, escaped);
    if (close == nullptr) return nullptr;
    if (converter->read_string != nullptr) {
      std::string_view text(cur + 1, static_cast<std::size_t>(close - cur - 1));
      char buffer[256];
      if (escaped) {
        if (text.size() > sizeof buffer) return nullptr;  // long escaped text: the interpreter's
        text = {buffer, static_cast<std::size_t>(jsonjit::detail::unescape(cur + 1, close, buffer) - buffer)};
      }
      return read_from_text(context, text, converter, target) ? close + 1 : nullptr;
    }
    jsonjit::reader in({cur, static_cast<std::size_t>(close + 1 - cur)}, context->reading);
    jsonjit::detail::reader_access::start_on_string(in, escaped);
    try {
      if (converter->read(converter->self, in, target, *context->options) != jsonjit::error_code::none) return nullptr;
    } catch (...) {
      return nullptr;
    }
    return close + 1;
  }
  return with_reader(context, cur, [&](jsonjit::reader& in) {
    return converter->read(converter->self, in, target, *context->options) == jsonjit::error_code::none;
  });
}

const char* jsonjit_jit_read_interpreted(read_context* context, const char* cur, const jsonjit::detail::type_info* type,
                                         void* target) noexcept {
  return with_reader(context, cur, [&](jsonjit::reader& in) {
    jsonjit::detail::read_failure failure;  // the replay reports it
    return jsonjit::detail::interp_read(in, *type, target, failure);
  });
}

const char* jsonjit_jit_read_by_setter(read_context* context, const char* cur,
                                       const jsonjit::detail::property_info* property, void* object) noexcept {
  return with_reader(context, cur, [&](jsonjit::reader& in) {
    jsonjit::detail::read_failure failure;
    return jsonjit::detail::interp_read_property(in, *property, object, failure);
  });
}

namespace {
/// Whether an untagged alternative of `kind` takes a value whose first byte is `first`: the
/// interpreter's rule (read_engine::accepts), by the JSON kind the byte starts.
bool accepts(jsonjit::type_kind kind, char first) noexcept {
  using jsonjit::type_kind;
  const bool number = first == '-' || jsonjit::detail::is_digit(first);
  switch (kind) {
    case type_kind::boolean: return first == 't' || first == 'f';
    case type_kind::character:
    case type_kind::string:
    case type_kind::bytes: return first == '"';
    case type_kind::enumeration: return number || first == '"';
    case type_kind::object:
    case type_kind::map: return first == '{';
    case type_kind::sequence:
    case type_kind::tuple: return first == '[';
    case type_kind::nullable:
    case type_kind::custom: return true;
    default: return jsonjit::is_number_kind(kind) && number;
  }
}

/// The plain text of the string whose opening quote is at `p` and the position after it; null
/// text for one with escapes (the interpreter's), or no string.
std::pair<std::string_view, const char*> plain_string(const char* p, const char* end) noexcept {
  if (p == end || *p != '"') return {{}, nullptr};
  bool escaped = false;
  const char* const close = string_end(p + 1, end, escaped);
  if (close == nullptr || escaped) return {{}, nullptr};
  return {std::string_view(p + 1, static_cast<std::size_t>(close - p - 1)), close + 1};
}

/// The tagged alternative of `type` whose discriminator leads the object at `cur` (its `{`):
/// its index and the position after the tag; the index of no alternative when the object's
/// first member is not the discriminator; a null position to give up.
std::pair<std::size_t, const char*> discriminated(const jsonjit::detail::type_info& type, const char* cur,
                                                  const char* end) noexcept {
  const std::size_t none = type.elements.size();
  const char* p = jsonjit_jit_skip_whitespace(cur + 1, end);
  if (p == end) return {none, nullptr};
  if (*p != '"') return {none, cur};  // `{}` or not JSON: no discriminator
  const auto [name, after_name] = plain_string(p, end);
  if (after_name == nullptr) return {none, nullptr};
  if (name != type.discriminator.escaped()) return {none, cur};
  p = jsonjit_jit_skip_whitespace(after_name, end);
  if (p == end || *p != ':') return {none, nullptr};
  const auto [tag, after_tag] = plain_string(jsonjit_jit_skip_whitespace(p + 1, end), end);
  if (after_tag == nullptr) return {none, nullptr};
  for (std::size_t i = 0; i < type.elements.size(); ++i) {
    const std::string_view declared = type.descriptor->elements[i].tag;
    if (!declared.empty() && declared == tag) return {i, after_tag};
  }
  return {none, nullptr};  // an unknown tag: the interpreter's error
}
}  // namespace

const char* jsonjit_jit_read_variant(read_context* context, const char* cur, const jsonjit::detail::type_info* type,
                                     void* target) noexcept {
  const jsonjit::variant_ops& ops = *type->descriptor->variant;
  try {
    if (type->tagged && *cur == '{') {
      // The discriminator must come first (STJ's rule); without one, the alternative without
      // a tag takes the object, as the interpreter decides.
      const auto [chosen, after] = discriminated(*type, cur, context->end);
      if (after == nullptr) return nullptr;
      if (chosen < type->elements.size()) return type->jit_tagged_readers[chosen](context, ops.emplace(target, chosen), after);
      for (std::size_t i = 0; i < type->elements.size(); ++i) {
        const jsonjit::detail::type_info& alternative = *type->elements[i];
        if (!type->descriptor->elements[i].tag.empty() || alternative.kind != jsonjit::type_kind::object) continue;
        const jsonjit::detail::jit::read_fn read = alternative.jit_read.compiled();
        return read == nullptr ? nullptr : read(context, ops.emplace(target, i), cur);
      }
      return nullptr;  // missing discriminator: the interpreter's error
    }
    for (std::size_t i = 0; i < type->elements.size(); ++i) {
      const jsonjit::detail::type_info& alternative = *type->elements[i];
      if (type->tagged && !type->descriptor->elements[i].tag.empty()) continue;
      if (!accepts(alternative.kind, *cur)) continue;
      const jsonjit::detail::jit::read_fn read = alternative.jit_read.compiled();
      return read == nullptr ? nullptr : read(context, ops.emplace(target, i), cur);
    }
  } catch (...) {  // making the alternative threw: the interpreter's replay raises it again
    return nullptr;
  }
  return nullptr;  // no alternative takes it: the interpreter's error
}

const char* jsonjit_jit_read_number(read_context* context, const char* cur, const jsonjit::detail::type_info* type,
                                    void* target) noexcept {
  using jsonjit::type_kind;
  const type_kind kind = type->kind == type_kind::enumeration ? type->descriptor->underlying : type->kind;
  const auto number = [&](const char* p) -> const char* {
    switch (kind) {
      case type_kind::float32: return read_floating<float>(p, context->end, target);
      case type_kind::float64: return read_floating<double>(p, context->end, target);
      default: return read_integer_of(kind, p, context->end, target);
    }
  };
  if (*cur != '"') return number(cur);
  if (cur + 1 == context->end) return nullptr;  // the helpers read from a byte of the input
  const char* const p = number(cur + 1);
  return p != nullptr && p < context->end && *p == '"' ? p + 1 : nullptr;
}

const char* jsonjit_jit_read_enum(read_context* context, const char* cur, const jsonjit::detail::type_info* type,
                                  void* target) noexcept {
  if (*cur != '"') return read_integer_of(type->descriptor->underlying, cur, context->end, target);
  const auto [name, after] = plain_string(cur, context->end);
  if (after == nullptr) return nullptr;
  if (const jsonjit::detail::enum_name* e = jsonjit::detail::find_enumerator(*type, name)) {
    // The value, as an integer of the underlying type (stored by its width).
    const std::uint64_t bits = static_cast<std::uint64_t>(e->value);
    std::memcpy(target, &bits, type->descriptor->size);  // little-endian: the low bytes
    return after;
  }
  return nullptr;  // integer text, or no such name: the interpreter's
}

const char* jsonjit_jit_read_bytes(read_context* context, const char* cur, const jsonjit::detail::type_info* type,
                                   void* target) noexcept {
  const auto [text, after] = plain_string(cur, context->end);
  if (after == nullptr) return nullptr;
  const std::ptrdiff_t size = jsonjit::detail::base64_decoded_size(text.data(), text.size());
  if (size < 0) return nullptr;
  try {
    unsigned char* out = type->descriptor->bytes->resize(target, static_cast<std::size_t>(size));
    if (!jsonjit::detail::decode_base64(text.data(), text.size(), out)) return nullptr;
  } catch (...) {  // an allocation that failed: the interpreter's replay reports it
    return nullptr;
  }
  return after;
}

const char* jsonjit_jit_read_inserted(read_context* context, const char* cur, const jsonjit::detail::type_info* sequence,
                                      void* target) noexcept {
  const char* const end = context->end;
  const jsonjit::sequence_ops& ops = *sequence->descriptor->sequence;
  const jsonjit::detail::type_info& element = *sequence->element;
  const jsonjit::detail::jit::read_fn read = element.jit_read.compiled();
  if (read == nullptr || *cur != '[' || context->depth >= context->reading.max_depth) return nullptr;
  ++context->depth;
  ops.clear(target);
  cur = jsonjit_jit_skip_whitespace(cur + 1, end);
  if (cur != end && *cur == ']') {
    --context->depth;
    return cur + 1;
  }
  try {
    for (;;) {
      jsonjit::detail::temporary value(*element.descriptor);
      cur = read(context, value.construct(), cur);
      if (cur == nullptr) return nullptr;
      ops.insert(target, value.get());
      cur = jsonjit_jit_skip_whitespace(cur, end);
      if (cur == end) return nullptr;
      if (*cur == ']') break;
      if (*cur != ',') return nullptr;
      ++cur;
    }
  } catch (...) {  // an allocation that failed: the interpreter's replay reports it
    return nullptr;
  }
  --context->depth;
  return cur + 1;
}

jsonjit_jit_entry jsonjit_jit_map_entry(read_context* context, const char* cur, const jsonjit::detail::type_info* map,
                                        void* container) noexcept {
  using jsonjit::type_kind;
  const char* const end = context->end;
  const jsonjit_jit_entry give_up{nullptr, nullptr};
  cur = jsonjit_jit_skip_whitespace(cur, end);
  if (cur == end || *cur != '"') return give_up;
  const jsonjit::detail::type_info& key = *map->key;
  const jsonjit::map_ops& ops = *map->descriptor->map;
  const auto emplace = [&](void* k) -> jsonjit_jit_entry {
    const bool reject_duplicates = context->options->duplicates() == jsonjit::duplicate_members::reject;
    const std::size_t before = reject_duplicates ? ops.size(container) : 0;
    void* const value = ops.emplace(container, k);
    if (reject_duplicates && ops.size(container) == before) return give_up;  // the interpreter names the key
    return {value, cur + 1};
  };
  const bool integer_key = key.kind >= type_kind::int8 && key.kind <= type_kind::uint64;
  if (integer_key && cur + 1 < end) {
    // The common integer key, plain digits right up to the closing quote, without a scan of
    // the name first (anything else goes the general way below).
    std::uint64_t k = 0;
    if (const char* digits_end = read_integer_of(key.kind, cur + 1, end, &k); digits_end != nullptr && digits_end < end &&
                                                                              *digits_end == '"') {
      cur = jsonjit_jit_skip_whitespace(digits_end + 1, end);
      if (cur == end || *cur != ':') return give_up;
      try {
        return emplace(&k);
      } catch (...) {
        return give_up;
      }
    }
  }
  bool escaped = false;
  const char* const text = cur + 1;
  const char* const close = string_end(text, end, escaped);
  if (close == nullptr) return give_up;
  cur = jsonjit_jit_skip_whitespace(close + 1, end);
  if (cur == end || *cur != ':') return give_up;
  try {
    // Unescaped text is never longer than its escaped form.
    char buffer[256];
    std::string long_name;
    std::string_view name(text, static_cast<std::size_t>(close - text));
    if (escaped) {
      char* out = buffer;
      if (name.size() > sizeof buffer) {
        long_name.resize(name.size());
        out = long_name.data();
      }
      name = {out, static_cast<std::size_t>(jsonjit::detail::unescape(text, close, out) - out)};
    }
    // The key types the interpreter reads the same way from any name; others are its own.
    const char* const name_end = name.data() + name.size();
    if (integer_key) {
      // In a word on the stack; digits read a word at a time may look past the name but not
      // past the input.
      std::uint64_t k = 0;
      if (read_integer_of(key.kind, name.data(), escaped ? name_end : end, &k) != name_end) return give_up;
      return emplace(&k);
    }
    jsonjit::detail::temporary k(*key.descriptor);
    k.construct();
    switch (key.kind) {
      case type_kind::string: static_cast<std::string*>(k.get())->assign(name); break;
      case type_kind::custom:
        if (key.converter->read_key(key.converter->self, name, k.get(), *context->options) != jsonjit::error_code::none) {
          return give_up;
        }
        break;
      default: return give_up;
    }
    return emplace(k.get());
  } catch (...) {
    return give_up;
  }
}

jsonjit_jit_member jsonjit_jit_read_member(read_context* context, const char* cur,
                                           const jsonjit::detail::type_info* type, void* object,
                                           std::uint64_t* seen) noexcept {
  const char* const end = context->end;
  const jsonjit_jit_member give_up{nullptr, 0};
  cur = jsonjit_jit_skip_whitespace(cur, end);
  if (cur == end || *cur != '"') return give_up;
  const char* const member = cur;
  bool escaped = false;
  const char* const close = string_end(cur + 1, end, escaped);
  if (close == nullptr || escaped) return give_up;  // escaped names are the interpreter's
  const std::string_view name(cur + 1, static_cast<std::size_t>(close - cur - 1));
  cur = jsonjit_jit_skip_whitespace(close + 1, end);
  if (cur == end || *cur != ':') return give_up;
  cur = jsonjit_jit_skip_whitespace(cur + 1, end);
  if (cur == end) return give_up;
  const jsonjit::detail::property_info* p = find_property(*type, name);
  if (type->extension_data >= 0 && (p == nullptr || static_cast<int>(p->index) == type->extension_data)) {
    // Unknown data (the extension member's own name too) goes into the extension map, as an
    // entry of that map; the first one replaces what the map held (the interpreter's rule;
    // the extension member's bit of the seen mask says whether it came).
    const jsonjit::detail::property_info& extension =
        type->properties[static_cast<std::size_t>(type->extension_data)];
    void* map = static_cast<char*>(object) + extension.descriptor->offset;
    const std::uint64_t bit = std::uint64_t{1} << extension.index;
    if ((*seen & bit) == 0) {
      extension.type->descriptor->map->clear(map);
      *seen |= bit;
    }
    const jsonjit_jit_entry entry = jsonjit_jit_map_entry(context, member, extension.type, map);
    if (entry.value == nullptr) return give_up;
    return {jsonjit_jit_read_interpreted(context, entry.cur, extension.type->element, entry.value), -1};
  }
  if (p != nullptr && p->readable) return {cur, p->index};
  if (p == nullptr && (type->disallow_unmapped || context->options->unmapped() == jsonjit::unmapped_members::disallow)) {
    return give_up;
  }
  return {jsonjit_jit_skip_value(context, cur), -1};  // an unknown or read-only member
}

const char* jsonjit_jit_skip_value(read_context* context, const char* cur) noexcept {
  // Skipped (and checked) as the reader skips it: scalars here, containers by a reader.
  if (const char* after = skip_scalar(cur, context->end)) return after;
  return with_reader(context, cur, [](jsonjit::reader& in) {
    const bool container = in.token() == jsonjit::token_type::start_object || in.token() == jsonjit::token_type::start_array;
    return !container || in.skip();
  });
}

}  // extern "C"
