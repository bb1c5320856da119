// The tokenizer: a hand-written state machine that reads left to right and reports the first
// problem it meets. Reaching the end of a non-final piece rolls back to the start of the
// token, which is what makes piecewise reading give exactly the whole-input results.
#include <jsonjit/reader.hpp>

#include <algorithm>
#include <cstring>
#include <optional>
#include <utility>

#include "text/simd_p.hpp"
#include "text/unescape_p.hpp"
#include "text/utf8_p.hpp"

// Small steps of the state machine are forced inline into read(): one call per token. Rare
// paths (errors, the end of a piece, comments) stay out of line, so that the common path
// keeps its registers.
#define JSONJIT_HOT [[gnu::always_inline]] inline
#define JSONJIT_COLD [[gnu::cold, gnu::noinline]]

namespace jsonjit {
namespace {

using detail::find_string_special;
using detail::hex_value;
using detail::is_digit;
using detail::is_short_escape;
using detail::read_hex4;

// Any byte above space starts a token (or is an error); bytes >= 0x80 count as above.
constexpr bool above_space(char c) noexcept {
  return static_cast<unsigned char>(c) > ' ';
}

// True if the available part of a four-digit hex run (fewer than four bytes) is all hex.
inline bool hex_prefix_ok(const char* p, const char* end) noexcept {
  for (; p < end; ++p) {
    if (hex_value(*p) < 0) return false;
  }
  return true;
}

}  // namespace

std::string_view to_string(token_type type) noexcept {
  switch (type) {
    case token_type::none: return "none";
    case token_type::start_object: return "start_object";
    case token_type::end_object: return "end_object";
    case token_type::start_array: return "start_array";
    case token_type::end_array: return "end_array";
    case token_type::property_name: return "property_name";
    case token_type::comment: return "comment";
    case token_type::string: return "string";
    case token_type::number: return "number";
    case token_type::true_value: return "true";
    case token_type::false_value: return "false";
    case token_type::null: return "null";
  }
  return "unknown";
}

reader::reader(std::string_view json, const reader_options& options)
    : reader(json, true, reader_state(options)) {}

reader::reader(std::string_view piece, bool is_final_block, reader_state state)
    : begin_(piece.data()),
      pos_(piece.data()),
      end_(piece.data() + piece.size()),
      final_(is_final_block),
      state_(std::move(state)) {
  if (state_.options_.max_depth <= 0) state_.options_.max_depth = reader_options{}.max_depth;
}

reader::reader(input& source, const reader_options& options)
    : reader(std::string_view(source.data(), static_cast<std::size_t>(source.end() - source.data())), false,
             reader_state(options)) {
  source_ = &source;
}

reader_state reader::state() const {
  reader_state copy = state_;
  copy.offset_ = offset_of(pos_);
  return copy;
}

JSONJIT_COLD bool reader::fail(error_code code, const char* at) {
  const std::uint64_t offset = offset_of(at);
  error_ = {code, offset, state_.line_, offset - state_.line_start_ + 1, at == end_};
  halt();
  return false;
}

JSONJIT_COLD bool reader::need_more() {
  pos_ = saved_.pos;
  state_.line_ = saved_.line;
  state_.line_start_ = saved_.line_start;
  state_.expect_ = saved_.expect_state;
  needs_more_ = true;
  return false;
}

JSONJIT_COLD bool reader::refill() {
  // The current token's view stays valid until the next read, so it is kept with the rest.
  const char* keep = pos_;
  if (token_ != token_type::none) {
    const int prefix = token_ == token_type::string || token_ == token_type::property_name ? 1
                       : token_ == token_type::comment                                     ? 2
                                                                                           : 0;
    keep = std::min(keep, value_.data() - prefix);
  }
  if (pin_ != nullptr) keep = std::min(keep, pin_);
  const std::uint64_t keep_offset = offset_of(keep);
  const bool more = source_->refill(keep);
  const char* const base = source_->data();
  const auto moved = [&](const char* p) { return base + (p - keep); };
  pos_ = moved(pos_);
  saved_.pos = moved(saved_.pos);
  if (pin_ != nullptr) pin_ = moved(pin_);
  if (token_ != token_type::none) value_ = {moved(value_.data()), value_.size()};
  begin_ = base;
  end_ = source_->end();
  state_.offset_ = keep_offset;
  if (!more) {
    if (source_->failed()) return fail(error_code::input_failed, end_);
    final_ = true;
  }
  return true;
}

JSONJIT_HOT void reader::set_token(token_type type, std::string_view value, bool escaped, std::uint64_t line,
                                   std::uint64_t line_start) noexcept {
  token_ = type;
  value_ = value;
  value_escaped_ = escaped;
  token_line_ = line;
  token_line_start_ = line_start;
}

JSONJIT_HOT void reader::begin_token(token_type type, const char* start, std::size_t size) noexcept {
  set_token(type, {start, size}, false, state_.line_, state_.line_start_);
}

JSONJIT_HOT void reader::after_scalar() noexcept {
  if (state_.depth_ == 0) {
    state_.expect_ = expect::end;
    state_.any_value_ = true;
  } else {
    state_.expect_ = expect::comma_or_end;
  }
}

const char* reader::skip_whitespace(const char* p) noexcept {
  while (p < end_) {
    const char c = *p;
    if (above_space(c)) return p;  // the common case: a token follows at once
    if (c == ' ' || c == '\t' || c == '\r') {
      ++p;
    } else if (c == '\n') {
      new_line(++p);
      p = detail::skip_spaces(p, end_);  // indentation usually follows
    } else {
      return p;
    }
  }
  return p;
}

template <bool is_final>
JSONJIT_COLD bool reader::at_end() {
  if (!is_final) return need_more();
  switch (state_.expect_) {
    case expect::end: halt(); return false;
    case expect::top_value:
      if (state_.any_value_) {
        halt();
        return false;
      }
      return fail(error_code::empty_input, end_);
    case expect::value_or_end_array: return fail(error_code::expected_value_or_end_array, end_);
    case expect::array_value:
    case expect::member_value: return fail(error_code::expected_value, end_);
    case expect::name_or_end_object: return fail(error_code::expected_property_name_or_end_object, end_);
    case expect::name: return fail(error_code::expected_property_name, end_);
    case expect::comma_or_end:
      return fail(state_.in_object_ ? error_code::expected_comma_or_end_object
                                    : error_code::expected_comma_or_end_array,
                  end_);
  }
  return fail(error_code::expected_value, end_);
}

JSONJIT_COLD bool reader::start() {
  // A UTF-8 byte order mark before the first value is skipped (as System.Text.Json does).
  const std::size_t available = static_cast<std::size_t>(end_ - pos_);
  const std::size_t n = available < 3 ? available : 3;
  // (n == 0 first: an empty view may have no data pointer at all.)
  if (n == 0 || std::memcmp(pos_, "\xEF\xBB\xBF", n) == 0) {
    if (n < 3 && !final_) {
      needs_more_ = true;
      return false;
    }
    if (n == 3) {
      pos_ += 3;
      state_.line_start_ = offset_of(pos_);
    }
  }
  state_.started_ = true;
  return true;
}

JSONJIT_HOT const char* reader::next_token_start(const char* p) noexcept {
  if (p < end_ && above_space(*p)) return p;
  // Without the call, what formatted JSON has between tokens: one space (after ':' or ','),
  // or a line break and indentation.
  if (end_ - p >= 2) {
    if (p[0] == ' ' && above_space(p[1])) return p + 1;
    if (p[0] == '\n') {
      new_line(p + 1);
      const char* q = detail::skip_spaces(p + 1, end_);
      if (q < end_ && above_space(*q)) return q;
      p = q;
    }
  }
  return skip_whitespace(p);
}

bool reader::read() {
  if (!fast_) [[unlikely]]
    return read_general();
  return read_token<true>();
}

namespace {
/// a[0..n) == b[0..n), for names of up to 16 bytes by two overlapping word compares.
bool same_bytes(const char* a, const char* b, std::size_t n) noexcept {
  const auto word = [](const char* p) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
  };
  const auto half = [](const char* p) {
    std::uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
  };
  if (n >= 8 && n <= 16) return ((word(a) ^ word(b)) | (word(a + n - 8) ^ word(b + n - 8))) == 0;
  if (n >= 4 && n < 8) return ((half(a) ^ half(b)) | (half(a + n - 4) ^ half(b + n - 4))) == 0;
  return std::memcmp(a, b, n) == 0;
}
}  // namespace

bool reader::read_name(std::string_view quoted_name, bool& matched) {
  matched = false;
  if (!fast_ || !state_.in_object_) return read();
  const char* p = next_token_start(pos_);
  if (state_.expect_ == expect::comma_or_end) {
    if (p == end_ || *p != ',') {
      pos_ = p;
      return read_token<true>();
    }
    p = next_token_start(p + 1);
    state_.expect_ = expect::name;
  } else if (state_.expect_ != expect::name_or_end_object) {
    return read();
  }
  pos_ = p;
  const std::size_t n = quoted_name.size();
  if (static_cast<std::size_t>(end_ - p) > n && same_bytes(p, quoted_name.data(), n)) {
    const std::uint64_t line = state_.line_, line_start = state_.line_start_;
    const char* colon = p + n;
    if (*colon != ':') colon = skip_whitespace(colon);  // counts the lines it crosses
    if (colon < end_ && *colon == ':') {
      set_token(token_type::property_name, {p + 1, n - 2}, false, line, line_start);
      pos_ = colon + 1;
      state_.expect_ = expect::member_value;
      matched = true;
      return true;
    }
    state_.line_ = line;  // read_token scans them again
    state_.line_start_ = line_start;
  }
  return read_token<true>();  // from the name's first byte, in the state after the comma
}

bool reader::read_general() {
  if (halted_) return false;
  for (;;) {
    if (state_.started_ || start()) {
      if (final_) {
        fast_ = true;
        return read_token<true>();
      }
      needs_more_ = false;
      // Only a non-final piece can run out mid-token and need to roll back.
      saved_ = {pos_, state_.line_, state_.line_start_, state_.expect_};
      if (read_token<false>()) return true;
    }
    // With a source, running out means asking it for more and reading the token again.
    if (!needs_more_ || source_ == nullptr) return false;
    needs_more_ = false;
    if (!refill()) return false;
  }
}

template <bool is_final>
JSONJIT_HOT bool reader::read_token() {
  for (;;) {
    const char* p = next_token_start(pos_);
    pos_ = p;
    if (p == end_) [[unlikely]]
      return at_end<is_final>();
    const char c = *p;
    if (c == '/') [[unlikely]] {
      if (state_.options_.comments == comment_handling::disallow) {
        return fail(error_code::comments_not_allowed, p);
      }
      if (!read_comment<is_final>()) return false;
      if (state_.options_.comments == comment_handling::allow) return true;
      continue;
    }
    switch (state_.expect_) {
      case expect::comma_or_end:
        if (c == ',') {
          // The usual continuations are taken at once; everything else (comments, trailing
          // commas, errors, the end of the input) goes round the loop.
          pos_ = next_token_start(p + 1);
          const char next = pos_ < end_ ? *pos_ : '\0';
          if (state_.in_object_) {
            state_.expect_ = expect::name;
            if (next == '"') return read_string<is_final>(token_type::property_name);
          } else {
            state_.expect_ = expect::array_value;
            if (next == '-' || is_digit(next)) return read_number<is_final>();
            if (next == '"') return read_string<is_final>(token_type::string);
            if (next == '[') return open_container(token_type::start_array, false);
            if (next == '{') return open_container(token_type::start_object, true);
          }
          continue;
        }
        if (state_.in_object_) {
          if (c == '}') return close_container(token_type::end_object);
          return fail(error_code::expected_comma_or_end_object, p);
        }
        if (c == ']') return close_container(token_type::end_array);
        return fail(error_code::expected_comma_or_end_array, p);
      case expect::name_or_end_object:
        if (c == '"') return read_string<is_final>(token_type::property_name);
        if (c == '}') return close_container(token_type::end_object);
        return fail(error_code::expected_property_name_or_end_object, p);
      case expect::name:
        if (c == '"') return read_string<is_final>(token_type::property_name);
        if (c == '}') {
          if (state_.options_.allow_trailing_commas) return close_container(token_type::end_object);
          return fail(error_code::trailing_comma_not_allowed, p);
        }
        return fail(error_code::expected_property_name, p);
      case expect::value_or_end_array:
        if (c == ']') return close_container(token_type::end_array);
        break;
      case expect::array_value:
        if (c == ']') {
          if (state_.options_.allow_trailing_commas) return close_container(token_type::end_array);
          return fail(error_code::trailing_comma_not_allowed, p);
        }
        break;
      case expect::member_value:
      case expect::top_value: break;
      case expect::end:
        if (!state_.options_.allow_multiple_values) return fail(error_code::expected_end_of_input, p);
        break;
    }
    switch (c) {
      case '"': return read_string<is_final>(token_type::string);
      case '{': return open_container(token_type::start_object, true);
      case '[': return open_container(token_type::start_array, false);
      case 't':
      case 'f':
      case 'n': return read_literal<is_final>();
      case '-':
      case '0':
      case '1':
      case '2':
      case '3':
      case '4':
      case '5':
      case '6':
      case '7':
      case '8':
      case '9': return read_number<is_final>();
      default:
        return fail(state_.expect_ == expect::value_or_end_array ? error_code::expected_value_or_end_array
                                                                 : error_code::expected_value,
                    p);
    }
  }
}

JSONJIT_HOT bool reader::open_container(token_type type, bool is_object) {
  if (state_.depth_ >= static_cast<std::uint32_t>(state_.options_.max_depth)) {
    return fail(error_code::depth_exceeded, pos_);
  }
  begin_token(type, pos_, 1);
  ++pos_;
  state_.containers_.set(state_.depth_, is_object);
  ++state_.depth_;
  state_.in_object_ = is_object;
  state_.expect_ = is_object ? expect::name_or_end_object : expect::value_or_end_array;
  return true;
}

JSONJIT_HOT bool reader::close_container(token_type type) {
  --state_.depth_;
  state_.in_object_ = state_.depth_ > 0 && state_.containers_.get(state_.depth_ - 1);
  begin_token(type, pos_, 1);
  ++pos_;
  after_scalar();
  return true;
}

void reader::close_value_at(const char* after) noexcept {
  // Line breaks can only be whitespace in a value that was read successfully.
  for (const char* p = value_.data();;) {
    p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(after - p)));
    if (p == nullptr) break;
    new_line(++p);
  }
  pos_ = after - 1;
  close_container(token_ == token_type::start_object ? token_type::end_object : token_type::end_array);
}

template <bool is_final>
bool reader::read_string(token_type type) {
  const char* const quote = pos_;
  const std::uint64_t line = state_.line_, line_start = state_.line_start_;
  // The string ends at `close` (its closing quote): finish the token.
  const auto finish = [&](const char* close, bool escaped) {
    pos_ = close + 1;
    if (type == token_type::property_name) {
      // The ':' belongs to the property name token.
      const char* q = pos_ < end_ && *pos_ == ':' ? pos_ : skip_whitespace(pos_);
      if (q == end_) {
        if (!is_final) return need_more();
        return fail(error_code::expected_colon, end_);
      }
      if (*q != ':') return fail(error_code::expected_colon, q);
      pos_ = q + 1;
      state_.expect_ = expect::member_value;
    } else {
      after_scalar();
    }
    set_token(type, {quote + 1, static_cast<std::size_t>(close - quote - 1)}, escaped, line, line_start);
    return true;
  };
  const char* p = quote + 1;
#if JSONJIT_VEC16
  // Most strings are short and plain: if the first byte to look at in the next 16 is a quote,
  // that is the end, known from the masks without loading the byte again.
  if (end_ - p >= 16) {
    using namespace detail::vec16;
    const vec v = load(p);
    const byte_mask quotes = mask_of(equal(v, splat('"')));
    const byte_mask others = mask_of(bit_or(equal(v, splat('\\')), less_signed(v, splat(0x20))));
    const byte_mask special = quotes | others;
    if ((quotes & special & (byte_mask{0} - special)) != 0) return finish(p + first_byte(special), false);
    p += special != 0 ? first_byte(special) : 16;  // the scan goes on from there
  }
#endif
  bool escaped = false;
  for (;;) {
    p = find_string_special(p, end_);
    if (p == end_) break;
    const char c = *p;
    if (c == '"') return finish(p, escaped);
    if (c == '\\') {
      escaped = true;
      if (end_ - p < 2) break;
      if (is_short_escape(p[1])) {
        p += 2;
        continue;
      }
      if (p[1] != 'u') return fail(error_code::invalid_escape, p);
      if (end_ - p < 6) {
        if (!hex_prefix_ok(p + 2, end_)) return fail(error_code::invalid_unicode_escape, p);
        break;
      }
      const int unit = read_hex4(p + 2);
      if (unit < 0) return fail(error_code::invalid_unicode_escape, p);
      if (unit >= 0xDC00 && unit <= 0xDFFF) return fail(error_code::lone_surrogate, p);
      if (unit < 0xD800 || unit > 0xDBFF) {
        p += 6;
        continue;
      }
      // A high surrogate must be followed by an escaped low surrogate.
      const char* low = p + 6;
      const std::ptrdiff_t available = end_ - low;
      if ((available >= 1 && low[0] != '\\') || (available >= 2 && low[1] != 'u')) {
        return fail(error_code::lone_surrogate, p);
      }
      if (available < 6) {
        if (available > 2 && !hex_prefix_ok(low + 2, end_)) {
          return fail(error_code::invalid_unicode_escape, low);
        }
        break;
      }
      const int low_unit = read_hex4(low + 2);
      if (low_unit < 0) return fail(error_code::invalid_unicode_escape, low);
      if (low_unit < 0xDC00 || low_unit > 0xDFFF) return fail(error_code::lone_surrogate, p);
      p += 12;
      continue;
    }
    if (static_cast<unsigned char>(c) < 0x20) return fail(error_code::control_character_in_string, p);
    // Non-ASCII: 16 bytes at a time while they last, then whole sequences while they last
    // (from where the blocks stopped, or from here where they found invalid UTF-8: the
    // sequences say where it is).
    if (const char* valid_to = detail::skip_utf8_string_text(p, end_)) p = valid_to;
    while (p < end_ && static_cast<unsigned char>(*p) >= 0x80) {
      const int length = detail::valid_utf8_length(reinterpret_cast<const unsigned char*>(p),
                                                   reinterpret_cast<const unsigned char*>(end_));
      if (length == 0) return fail(error_code::invalid_utf8, p);
      if (length < 0) {
        if (!is_final) return need_more();
        return fail(error_code::invalid_utf8, p);
      }
      p += length;
    }
  }
  if (!is_final) return need_more();
  return fail(error_code::unterminated_string, end_);
}

template <bool is_final>
JSONJIT_HOT bool reader::read_number() {
  const char* const start = pos_;
  const char* p = start;
  // Reaching the end mid-number: more input may continue it.
  const auto incomplete = [&]() {
    if (!is_final) return need_more();
    return fail(error_code::expected_digit, end_);
  };
  if (*p == '-') {
    ++p;
    if (p == end_) return incomplete();
  }
  if (*p == '0') {
    ++p;
    if (p < end_ && is_digit(*p)) return fail(error_code::number_leading_zero, p - 1);
  } else if (is_digit(*p)) {
    p = detail::skip_digits(p + 1, end_);
  } else {
    return fail(error_code::expected_digit, p);
  }
  if (p < end_ && *p == '.') {
    ++p;
    if (p == end_) return incomplete();
    if (!is_digit(*p)) return fail(error_code::expected_digit, p);
    p = detail::skip_digits(p + 1, end_);
  }
  if (p < end_ && (*p == 'e' || *p == 'E')) {
    ++wide_numbers_;  // (counted before the token is complete: a miscount only costs a check)
    ++p;
    if (p == end_) return incomplete();
    if (*p == '+' || *p == '-') {
      ++p;
      if (p == end_) return incomplete();
    }
    if (!is_digit(*p)) return fail(error_code::expected_digit, p);
    p = detail::skip_digits(p + 1, end_);
  }
  if (p == end_ && !is_final) return need_more();
  wide_numbers_ += p - start > 308;
  begin_token(token_type::number, start, static_cast<std::size_t>(p - start));
  pos_ = p;
  after_scalar();
  return true;
}

template <bool is_final>
JSONJIT_HOT bool reader::read_literal() {
  std::string_view literal;
  token_type type;
  switch (*pos_) {
    case 't': literal = "true", type = token_type::true_value; break;
    case 'f': literal = "false", type = token_type::false_value; break;
    default: literal = "null", type = token_type::null; break;
  }
  const std::size_t available = static_cast<std::size_t>(end_ - pos_);
  const std::size_t n = available < literal.size() ? available : literal.size();
  for (std::size_t i = 1; i < n; ++i) {
    if (pos_[i] != literal[i]) return fail(error_code::invalid_literal, pos_ + i);
  }
  if (n < literal.size()) {
    if (!is_final) return need_more();
    return fail(error_code::invalid_literal, end_);
  }
  begin_token(type, pos_, literal.size());
  pos_ += literal.size();
  after_scalar();
  return true;
}

template <bool is_final>
JSONJIT_COLD bool reader::read_comment() {
  const char* const start = pos_;
  if (end_ - start < 2) {
    if (!is_final) return need_more();
    return fail(error_code::invalid_comment, start);
  }
  const bool line_comment = start[1] == '/';
  if (!line_comment && start[1] != '*') return fail(error_code::invalid_comment, start);
  const std::uint64_t line = state_.line_, line_start = state_.line_start_;
  const char* p = start + 2;
  const char* text_end = nullptr;
  while (p < end_) {
    const auto c = static_cast<unsigned char>(*p);
    if (c >= 0x80) {
      const int length = detail::valid_utf8_length(reinterpret_cast<const unsigned char*>(p),
                                                   reinterpret_cast<const unsigned char*>(end_));
      if (length == 0 || (length < 0 && is_final)) return fail(error_code::invalid_utf8, p);
      if (length < 0) return need_more();
      p += length;
      continue;
    }
    if (line_comment) {
      if (c == '\n' || c == '\r') {
        text_end = p;
        break;  // the line break is left to the whitespace scan
      }
    } else if (c == '*' && p + 1 < end_ && p[1] == '/') {
      text_end = p;
      p += 2;
      break;
    } else if (c == '\n') {
      new_line(p + 1);
    }
    ++p;
  }
  if (text_end == nullptr) {
    if (!is_final) return need_more();
    if (!line_comment) return fail(error_code::unterminated_comment, end_);
    text_end = end_;
  }
  if (state_.options_.comments == comment_handling::allow) {
    set_token(token_type::comment, {start + 2, static_cast<std::size_t>(text_end - start - 2)}, false, line,
              line_start);
  }
  pos_ = p;
  return true;
}

bool reader::skip() {
  if (halted_) return false;
  if (token_ != token_type::property_name && token_ != token_type::start_object &&
      token_ != token_type::start_array) {
    return true;
  }
  // On a non-final piece, running out of data restores the reader so that skip() can be
  // called again once more data is there.
  std::optional<reader> saved;
  if (!final_ && source_ == nullptr) saved = *this;  // a source never leaves the reader short
  if (token_ == token_type::property_name) {
    if (!read()) goto out_of_data;
    while (token_ == token_type::comment) {
      if (!read()) goto out_of_data;
    }
  }
  if (token_ == token_type::start_object || token_ == token_type::start_array) {
    const int target = depth();
    do {
      if (!read()) goto out_of_data;
    } while (!((token_ == token_type::end_object || token_ == token_type::end_array) && depth() == target));
  }
  return true;

out_of_data:
  if (needs_more_ && saved) {
    *this = std::move(*saved);
    needs_more_ = true;
  }
  return false;
}

bool reader::skip_value(std::string_view& text) {
  if (halted_) return false;
  switch (token_) {
    case token_type::none:
    case token_type::end_object:
    case token_type::end_array:
    case token_type::property_name:
    case token_type::comment: return fail(error_code::expected_value, pos_);
    default: break;
  }
  // The value's text must stay in the window while the rest of it is read: pinned.
  pin_ = token_ == token_type::string ? value_.data() - 1 : value_.data();
  const bool skipped = skip();
  const char* const start = pin_;
  pin_ = nullptr;
  if (!skipped) return false;
  const char* end = value_.data() + value_.size() + (token_ == token_type::string ? 1 : 0);
  text = std::string_view(start, static_cast<std::size_t>(end - start));
  return true;
}

}  // namespace jsonjit
