// What generated writers call for the parts they do not inline. Each produces exactly the
// writer's bytes (the same escaping and number formatting code).
#include <algorithm>
#include <cmath>
#include <cstring>

#include "engines/interp/interp_p.hpp"
#include "engines/jit/jit_p.hpp"
#include "text/base64_p.hpp"
#include "text/escape_p.hpp"
#include "text/indent_p.hpp"
#include "text/number_p.hpp"
#include "text/writer_access_p.hpp"

using jsonjit::detail::jit::write_context;

namespace {
/// Runs `write(writer&)` with a writer on the context's output at `cur`, made by `start` to
/// continue the document where generated code stands and allowed to nest `depth_left` levels
/// (counting from its own top); the new position, or null on failure. An exception is a
/// failure too: the interpreter's replay raises it again.
template <class Start, class Write>
char* with_writer(write_context* context, char* cur, int depth_left, Start start, Write write) noexcept {
  // A writer opens at least one level; where none is left the interpreter decides.
  if (depth_left < 1) return nullptr;
  context->out->advance_to(cur);
  jsonjit::writer_options settings = context->settings;
  settings.max_depth = depth_left;
  jsonjit::writer w(*context->out, settings);
  start(w);
  try {
    if (!write(w) || !w.ok()) return nullptr;
  } catch (...) {
    return nullptr;
  }
  context->end = context->out->limit();
  return context->out->pos();
}

/// As above, for one value where generated code stands (after a name or a separator), nesting
/// as deep as the document's writer still would.
template <class Write>
char* with_writer(write_context* context, char* cur, Write write) noexcept {
  return with_writer(
      context, cur, context->settings.max_depth - context->depth,
      [&](jsonjit::writer& w) { jsonjit::detail::writer_access::nest(w, context->depth); }, write);
}

/// As above, for members of the object generated code is writing (`*written`: whether it has
/// members yet, updated).
template <class Write>
char* with_member_writer(write_context* context, char* cur, bool* written, Write write) noexcept {
  return with_writer(
      context, cur, context->settings.max_depth - context->depth + 1,
      [&](jsonjit::writer& w) {
        jsonjit::detail::writer_access::continue_object(w, context->depth, *written);
      },
      [&](jsonjit::writer& w) {
        if (!write(w)) return false;
        *written = jsonjit::detail::writer_access::has_members(w);
        return true;
      });
}

/// `n` bytes of room at `p`: without a call when the window has them.
char* room(write_context* context, char* p, std::size_t n) noexcept {
  return static_cast<std::size_t>(context->end - p) >= n ? p : jsonjit_jit_reserve(context, p, n);
}

char* copy_text(char* out, std::string_view text) noexcept {
  std::memcpy(out, text.data(), text.size());
  return out + text.size();
}
char* quoted_text(write_context* context, char* p, std::string_view text) noexcept {
  p = room(context, p, jsonjit::writer::escaped_room(text.size()));
  if (p == nullptr) return nullptr;
  jsonjit::error_code failure = jsonjit::error_code::none;  // the interpreter's replay reports it
  p = jsonjit::detail::write_quoted_escaped(*context->out, p, text, context->settings.escaping, false,
                                            failure);
  // Strings of more than one piece reserve as they go: the window may have moved.
  if (text.size() > jsonjit::writer::escape_piece) context->end = context->out->limit();
  return p;
}

template <class F>
char* floating(write_context* context, char* cur, F value, bool quoted) noexcept {
  if (!std::isfinite(value)) {
    if (!context->settings.allow_named_float_literals) return nullptr;
    return copy_text(cur, std::isnan(value) ? "\"NaN\"" : value > 0 ? "\"Infinity\"" : "\"-Infinity\"");
  }
  if (quoted) *cur++ = '"';
  if constexpr (sizeof(F) == 4) {
    cur = jsonjit::detail::format_float(cur, value);
  } else {
    cur = jsonjit::detail::format_double(cur, value);
  }
  if (quoted) *cur++ = '"';
  return cur;
}
}  // namespace

extern "C" {

char* jsonjit_jit_reserve(write_context* context, char* cur, std::size_t n) noexcept {
  context->out->advance_to(cur);
  if (!context->out->reserve(n)) return nullptr;
  context->end = context->out->limit();
  return context->out->pos();
}

char* jsonjit_jit_string(write_context* context, char* p, const std::string* value) noexcept {
  return quoted_text(context, p, *value);
}

char* jsonjit_jit_string_tail(write_context* context, char* p, const char* text, std::size_t size) noexcept {
  p = room(context, p, jsonjit::writer::escaped_room(size));
  if (p == nullptr) return nullptr;
  jsonjit::error_code failure = jsonjit::error_code::none;  // the interpreter's replay reports it
  p = jsonjit::detail::write_escaped_rest(*context->out, p, {text, size}, context->settings.escaping, false,
                                          failure);
  // Strings of more than one piece reserve as they go: the window may have moved.
  if (size > jsonjit::writer::escape_piece) context->end = context->out->limit();
  return p;
}

char* jsonjit_jit_converter(write_context* context, char* cur, const jsonjit::converter_descriptor* converter,
                            const void* value) noexcept {
  return with_writer(context, cur, [&](jsonjit::writer& w) {
    converter->write(converter->self, w, value, *context->options);
    return w.is_complete();  // else the interpreter's replay reports converter_value_incomplete
  });
}

char* jsonjit_jit_text(write_context* context, char* cur, const jsonjit::converter_descriptor* converter,
                       const void* value) noexcept {
  try {
    cur[0] = '"';
    const std::size_t n = converter->write_text(converter->self, cur + 1, value, *context->options);
    cur[n + 1] = '"';
    return cur + n + 2;
  } catch (...) {
    return nullptr;
  }
}

char* jsonjit_jit_getter(write_context* context, char* cur, const jsonjit::detail::property_info* property,
                         const void* object) noexcept {
  try {
    jsonjit::detail::temporary value(*property->type->descriptor);
    property->descriptor->get(object, value.get());
    value.constructed();
    if (property->converter != nullptr)
      return jsonjit_jit_converter(context, cur, property->converter, value.get());
    if (const jsonjit::detail::jit::write_fn write = property->type->jit_write.compiled()) {
      context->cur = cur;
      return write(context, value.get()) ? context->cur : nullptr;
    }
    return jsonjit_jit_interpreted_value(context, cur, property->type, value.get());
  } catch (...) {  // the getter threw: the interpreter's replay raises it again
    return nullptr;
  }
}

char* jsonjit_jit_write_member(write_context* context, char* cur,
                               const jsonjit::detail::property_info* property, const void* object,
                               bool* written) noexcept {
  return with_member_writer(context, cur, written, [&](jsonjit::writer& w) {
    jsonjit::detail::failure_path path;  // the replay reports the path
    return jsonjit::detail::interp_write_property(w, *property, object, path);
  });
}

char* jsonjit_jit_write_extension(write_context* context, char* cur, const jsonjit::detail::type_info* type,
                                  const void* object, bool* written) noexcept {
  return with_member_writer(context, cur, written, [&](jsonjit::writer& w) {
    jsonjit::detail::failure_path path;
    return jsonjit::detail::interp_write_extension(w, *type, object, path);
  });
}

char* jsonjit_jit_interpreted_value(write_context* context, char* cur, const jsonjit::detail::type_info* type,
                                    const void* value) noexcept {
  return with_writer(context, cur, [&](jsonjit::writer& w) {
    jsonjit::detail::failure_path path;  // the replay reports the path
    return jsonjit::detail::interp_write(w, *type, value, path);
  });
}

char* jsonjit_jit_enum(write_context* context, char* cur, const jsonjit::detail::type_info* type,
                       const void* value) noexcept {
  const jsonjit::type_kind underlying = type->descriptor->underlying;
  if (context->options->enums_as_strings()) {
    const std::int64_t n = jsonjit::detail::integer_value(underlying, value);
    for (const jsonjit::detail::enum_name& e : type->enum_names) {
      if (e.value != n) continue;
      const std::string_view name = e.encoded.quoted();
      char* p = room(context, cur, name.size());
      return p == nullptr ? nullptr : copy_text(p, name);
    }
  }
  // Values without a name are numbers, as the interpreter writes them.
  const bool quoted = has_flag(context->options->numbers(), jsonjit::number_handling::write_as_string);
  char* p = room(context, cur, jsonjit::detail::max_number_chars + 2);
  if (p == nullptr) return nullptr;
  if (quoted) *p++ = '"';
  p = jsonjit::detail::format_integer(p, underlying, value);
  if (quoted) *p++ = '"';
  return p;
}

char* jsonjit_jit_bytes(write_context* context, char* cur, const jsonjit::detail::type_info* type,
                        const void* value) noexcept {
  // Whole 3-byte groups per piece, as the writer encodes them: a long byte vector never asks
  // for more room than a piece's.
  constexpr std::size_t input_piece = 3 * 1024;
  const jsonjit::bytes_ops& ops = *type->descriptor->bytes;
  const unsigned char* in = ops.data(value);
  std::size_t left = ops.size(value);
  char* p = room(context, cur, jsonjit::detail::base64_encoded_size(std::min(left, input_piece)) + 2);
  if (p == nullptr) return nullptr;
  *p++ = '"';
  for (;;) {
    const std::size_t n = std::min(left, input_piece);
    p = jsonjit::detail::encode_base64(in, n, p);
    in += n;
    left -= n;
    p = room(context, p,
             left == 0 ? 1 : jsonjit::detail::base64_encoded_size(std::min(left, input_piece)) + 1);
    if (p == nullptr) return nullptr;
    if (left == 0) break;
  }
  *p++ = '"';
  return p;
}

char* jsonjit_jit_string_view(write_context* context, char* cur, const std::string_view* value) noexcept {
  return quoted_text(context, cur, *value);
}

char* jsonjit_jit_character(write_context* context, char* cur, const char* value) noexcept {
  return quoted_text(context, cur, std::string_view(value, 1));
}

char* jsonjit_jit_float32(write_context* context, char* cur, const float* value, bool quoted) noexcept {
  return floating(context, cur, *value, quoted);
}

char* jsonjit_jit_float64(write_context* context, char* cur, const double* value, bool quoted) noexcept {
  return floating(context, cur, *value, quoted);
}

char* jsonjit_jit_int64(char* cur, std::int64_t value) noexcept {
  return jsonjit::detail::format_int64(cur, value);
}

char* jsonjit_jit_uint64(char* cur, std::uint64_t value) noexcept {
  return jsonjit::detail::format_uint64(cur, value);
}

}  // extern "C"
