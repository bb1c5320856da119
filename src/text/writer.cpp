// The writer's general paths. The common case (compact output, a separator known in advance)
// is inline in writer.hpp; everything else — indentation, the top level, misuse, errors —
// comes here.
#include <jsonjit/writer.hpp>

#include <jsonjit/reader.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "text/base64_p.hpp"
#include "text/escape_p.hpp"
#include "text/indent_p.hpp"
#include "text/number_p.hpp"
#include "text/utf8_p.hpp"

namespace jsonjit {

namespace {
// Raw values and Base64 are copied in pieces of this many bytes.
constexpr std::size_t piece = 1024;
}  // namespace

writer::writer(output& out, const writer_options& options)
    : out_(out), options_(options), max_depth_(static_cast<std::uint32_t>(std::max(1, options.max_depth))) {
  reset();
}

void writer::reset() noexcept {
  depth_ = 0;
  last_ = last::opened;
  top_level_written_ = false;
  error_ = error_code::none;
  force_general_ = options_.indented ? general : nothing;
  value_separator_ = name_separator_ = general;
  enter_context();
  // The first top-level value needs nothing before it: compact output takes the fast path
  // (top_level_done() then knows it was written from last_).
  value_separator_ = force_general_;
  // (Compact output never writes them: writers made for one value each, the JIT's helpers',
  // skip the check.)
  if (options_.indented && !((options_.indent_char == ' ' || options_.indent_char == '\t') && options_.indent_size <= 127)) {
    fail(error_code::invalid_writer_options);
  }
}

void writer::fail(error_code code) noexcept {
  error_ = code;
  force_general_ = general;
  value_separator_ = name_separator_ = general;
  value_separator_after_value_ = name_separator_after_value_ = general;
}

std::size_t writer::indent_room() const {
  return options_.indented ? detail::line_room(options_, std::size_t{depth_} + indent_base_) : 0;
}

char* writer::write_indent(char* p, std::uint32_t depth) const {
  return detail::write_line(p, options_, std::size_t{depth} + indent_base_);
}

char* writer::begin_value_slow(std::size_t size) {
  if (error_ != error_code::none) return nullptr;
  if (!out_.reserve(size + 1 + indent_room())) {
    fail(error_code::sink_failed);
    return nullptr;
  }
  char* p = out_.pos();
  if (depth_ == 0) {
    if (top_level_done()) {
      if (!options_.skip_validation) {
        fail(error_code::multiple_top_level_values);
        return nullptr;
      }
      *p++ = '\n';  // keeps several top-level values apart (JSON Lines style)
    }
    top_level_written_ = true;
    return p;
  }
  if (last_ == last::name) return p;
  if (!options_.skip_validation && in_object()) {
    fail(error_code::value_needs_property_name);
    return nullptr;
  }
  if (last_ == last::value) *p++ = ',';
  if (options_.indented) p = write_indent(p, depth_);
  return p;
}

void writer::start_container(char open, bool is_object) {
  if (error_ == error_code::none && depth_ >= max_depth_) {
    fail(error_code::depth_exceeded);
    return;
  }
  char* p = begin_value(1);
  if (p == nullptr) return;
  *p++ = open;
  out_.advance_to(p);
  containers_.set(depth_, is_object);
  ++depth_;
  last_ = last::opened;
  enter_context();
  value_separator_ = (is_object ? general : nothing) | force_general_;
  name_separator_ = (is_object ? nothing : general) | force_general_;
}

void writer::end_container(char close, bool is_object) {
  if (error_ != error_code::none) return;
  if (!options_.skip_validation && (depth_ == 0 || in_object() != is_object || last_ == last::name)) {
    fail(depth_ > 0 && last_ == last::name ? error_code::expected_value_after_property_name
                                           : error_code::mismatched_end);
    return;
  }
  if (depth_ == 0) return;  // unbalanced end with validation off: nothing to close
  --depth_;
  if (!out_.reserve(1 + indent_room())) {
    fail(error_code::sink_failed);
    return;
  }
  char* p = out_.pos();
  if (options_.indented && last_ != last::opened) p = write_indent(p, depth_);
  *p++ = close;
  enter_context();
  end_value(p);
}

char* writer::write_escaped_string(char* p, std::string_view text) {
  error_code failure = error_code::none;
  p = detail::write_quoted_escaped(out_, p, text, options_.escaping, options_.replace_invalid_utf8, failure);
  if (p == nullptr) fail(failure);
  return p;
}

writer::window writer::direct_string(char* p, std::string_view text) {
  const window room = direct_room(p, escaped_room(text.size()));
  if (room.pos == nullptr) return room;
  char* end = write_escaped_string(room.pos, text);
  if (end == nullptr) return {nullptr, nullptr};
  return {end, out_.limit()};
}

void writer::property_name_general(std::string_view name, bool quoted) {
  if (error_ != error_code::none) return;
  if (!options_.skip_validation && (!in_object() || last_ == last::name)) {
    fail(last_ == last::name && in_object() ? error_code::expected_value_after_property_name
                                            : error_code::property_name_outside_object);
    return;
  }
  if (!out_.reserve((quoted ? name.size() : escaped_room(name.size())) + 4 + indent_room())) {
    fail(error_code::sink_failed);
    return;
  }
  char* p = out_.pos();
  if (last_ == last::value) *p++ = ',';
  if (options_.indented) p = write_indent(p, depth_);
  if (quoted) {
    std::memcpy(p, name.data(), name.size());
    p += name.size();
  } else {
    p = write_escaped_string(p, name);
    if (p == nullptr) return;
  }
  *p++ = ':';
  if (options_.indented) *p++ = ' ';
  out_.advance_to(p);
  after_property_name();
}

void writer::number_value(std::int64_t value) {
  char* p = begin_value(detail::max_number_chars);
  if (p != nullptr) end_value(detail::format_int64(p, value));
}

void writer::number_value(std::uint64_t value) {
  char* p = begin_value(detail::max_number_chars);
  if (p != nullptr) end_value(detail::format_uint64(p, value));
}

void writer::write_non_finite(double value) {
  if (error_ != error_code::none) return;
  if (!options_.allow_named_float_literals) {
    fail(error_code::non_finite_number);
    return;
  }
  string_value(std::isnan(value) ? "NaN" : value > 0 ? "Infinity" : "-Infinity");
}

void writer::number_value(double value) {
  if (!std::isfinite(value)) return write_non_finite(value);
  char* p = begin_value(detail::max_number_chars);
  if (p != nullptr) end_value(detail::format_double(p, value));
}

void writer::number_value(float value) {
  if (!std::isfinite(value)) return write_non_finite(value);
  char* p = begin_value(detail::max_number_chars);
  if (p != nullptr) end_value(detail::format_float(p, value));
}

void writer::raw_value_slow(std::string_view json, bool skip_input_validation) {
  if (error_ != error_code::none) return;
  if (!skip_input_validation) {
    reader_options strict;
    strict.max_depth = std::max(1, options_.max_depth - static_cast<int>(depth_));
    reader check(json, strict);
    bool any = false;
    while (check.read()) any = true;
    if (!any || check.error()) {
      fail(error_code::invalid_raw_value);
      return;
    }
  }
  char* p = begin_value(std::min(json.size(), piece));
  if (p == nullptr) return;
  const char* in = json.data();
  const char* const end = in + json.size();
  for (;;) {
    const std::size_t n = std::min(piece, static_cast<std::size_t>(end - in));
    std::memcpy(p, in, n);
    p += n;
    in += n;
    if (in == end) break;
    out_.advance_to(p);
    if (!out_.reserve(piece)) {
      fail(error_code::sink_failed);
      return;
    }
    p = out_.pos();
  }
  end_value(p);
}

void writer::base64_string_value(std::span<const std::byte> bytes) {
  constexpr std::size_t input_piece = piece / 4 * 3;  // whole 3-byte groups per piece
  const auto* in = reinterpret_cast<const unsigned char*>(bytes.data());
  std::size_t left = bytes.size();
  char* p = begin_value(detail::base64_encoded_size(std::min(left, input_piece)) + 2);
  if (p == nullptr) return;
  *p++ = '"';
  for (;;) {
    const std::size_t n = std::min(left, input_piece);
    p = detail::encode_base64(in, n, p);
    in += n;
    left -= n;
    if (left == 0) break;
    out_.advance_to(p);
    if (!out_.reserve(detail::base64_encoded_size(input_piece) + 2)) {
      fail(error_code::sink_failed);
      return;
    }
    p = out_.pos();
  }
  *p++ = '"';
  end_value(p);
}

void writer::comment_value(std::string_view text) {
  if (error_ != error_code::none) return;
  if (text.find("*/") != std::string_view::npos) return fail(error_code::comment_contains_end_marker);
  if (!detail::is_valid_utf8(text.data(), text.data() + text.size())) {
    return fail(error_code::invalid_utf8);
  }
  if (!out_.reserve(text.size() + 4 + indent_room() + 2)) return fail(error_code::sink_failed);
  char* p = out_.pos();
  if (options_.indented && (depth_ + indent_base_ > 0 || top_level_done())) p = write_indent(p, depth_);
  std::memcpy(p, "/*", 2);
  std::memcpy(p + 2, text.data(), text.size());
  p += 2 + text.size();
  std::memcpy(p, "*/", 2);
  out_.advance_to(p + 2);
}

bool writer::flush() {
  if (error_ == error_code::none && !out_.flush()) fail(error_code::sink_failed);
  return ok();
}

result<encoded_text> encoded_text::encode(std::string_view text, escape_mode mode, bool replace_invalid_utf8) {
  memory_output out(text.size() + 16);
  writer_options options;
  options.escaping = mode;
  options.replace_invalid_utf8 = replace_invalid_utf8;
  writer w(out, options);
  w.string_value(text);
  if (!w.ok()) return w.error();
  encoded_text encoded;
  encoded.quoted_ = out.str();
  return encoded;
}

}  // namespace jsonjit
