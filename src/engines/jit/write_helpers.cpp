// What generated writers call for the parts they do not inline. Each produces exactly the
// writer's bytes (the same escaping and number formatting code).
#include <cstring>

#include "engines/interp/interp_p.hpp"
#include "engines/jit/jit_p.hpp"
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
}  // namespace

extern "C" {

char* jsonjit_jit_reserve(write_context* context, char* cur, std::size_t n) noexcept {
  context->out->advance_to(cur);
  if (!context->out->reserve(n)) return nullptr;
  context->end = context->out->limit();
  return context->out->pos();
}

char* jsonjit_jit_string(write_context* context, char* p, const std::string* value) noexcept {
  const std::size_t room = jsonjit::writer::escaped_room(value->size());
  if (static_cast<std::size_t>(context->end - p) < room) {
    p = jsonjit_jit_reserve(context, p, room);
    if (p == nullptr) return nullptr;
  }
  jsonjit::error_code failure = jsonjit::error_code::none;  // the interpreter's replay reports it
  p = jsonjit::detail::write_quoted_escaped(*context->out, p, *value, context->settings.escaping, false, failure);
  context->end = context->out->limit();  // long strings reserve as they go
  return p;
}

char* jsonjit_jit_converter(write_context* context, char* cur, const jsonjit::converter_descriptor* converter,
                            const void* value) noexcept {
  return with_writer(context, cur, [&](jsonjit::writer& w) {
    converter->write(converter->self, w, value, *context->options);
    return true;
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

char* jsonjit_jit_interpreted(write_context* context, char* cur, const jsonjit::detail::property_info* property,
                              const void* object) noexcept {
  return with_writer(context, cur, [&](jsonjit::writer& w) {
    jsonjit::detail::failure_path path;  // the replay reports the path
    const jsonjit::property_descriptor& d = *property->descriptor;
    if (d.offset >= 0) {
      return jsonjit::detail::interp_write(w, *property->type, static_cast<const char*>(object) + d.offset, path);
    }
    jsonjit::detail::temporary value(*property->type->descriptor);  // a getter's value
    d.get(object, value.get());
    value.constructed();
    return jsonjit::detail::interp_write(w, *property->type, value.get(), path);
  });
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

char* jsonjit_jit_map(write_context* context, char* cur, const jsonjit::detail::type_info* map,
                      const void* value) noexcept {
  using jsonjit::type_kind;
  const jsonjit::writer_options& settings = context->settings;
  if (context->depth >= settings.max_depth) return nullptr;  // the interpreter reports it
  const int depth = ++context->depth;
  const jsonjit::detail::type_info& key_type = *map->key;
  const jsonjit::detail::type_info& value_type = *map->element;
  const bool quoted_numbers =
      has_flag(context->options->numbers(), jsonjit::number_handling::write_as_string);
  const std::size_t line_room =
      settings.indented ? jsonjit::detail::line_room(settings, static_cast<std::size_t>(depth)) : 0;
  const bool text_key = key_type.kind == type_kind::string;
  const jsonjit::detail::jit::write_fn write =
      value_type.kind == type_kind::object ? value_type.jit_write.compiled() : nullptr;
  char* pos = room(context, cur, 1);
  if (pos == nullptr) return nullptr;
  *pos++ = '{';
  bool first = true;
  const auto entry = [&](const void* k, const void* v) -> bool {
    // The key, as a property name: digits need no escaping.
    char digits[jsonjit::detail::max_number_chars];
    std::string_view name;
    if (text_key) {
      name = *static_cast<const std::string*>(k);
    } else {
      char* const digits_end = jsonjit::detail::format_integer(digits, key_type.kind, k);
      name = {digits, static_cast<std::size_t>(digits_end - digits)};
    }
    char* p = room(context, pos, 1 + line_room + jsonjit::writer::escaped_room(name.size()) + 2);
    if (p == nullptr) return false;
    if (!first) *p++ = ',';
    first = false;
    if (settings.indented) p = jsonjit::detail::write_line(p, settings, static_cast<std::size_t>(depth));
    if (text_key) {
      jsonjit::error_code failure = jsonjit::error_code::none;
      p = jsonjit::detail::write_quoted_escaped(*context->out, p, name, settings.escaping, false, failure);
      if (p == nullptr) return false;
      context->end = context->out->limit();  // long keys reserve as they go
    } else {
      *p++ = '"';
      p = copy_text(p, name);
      *p++ = '"';
    }
    *p++ = ':';
    if (settings.indented) *p++ = ' ';
    // The value: the kinds the generated code writes itself without a writer, else the
    // interpreter.
    if (value_type.kind == type_kind::string) {
      p = jsonjit_jit_string(context, p, static_cast<const std::string*>(v));
    } else if (value_type.kind == type_kind::boolean) {
      p = room(context, p, 5);
      if (p != nullptr) p = copy_text(p, *static_cast<const bool*>(v) ? "true" : "false");
    } else if (value_type.kind >= type_kind::int8 && value_type.kind <= type_kind::uint64) {
      p = room(context, p, jsonjit::detail::max_number_chars + 2);
      if (p != nullptr) {
        if (quoted_numbers) *p++ = '"';
        p = jsonjit::detail::format_integer(p, value_type.kind, v);
        if (quoted_numbers) *p++ = '"';
      }
    } else if (write != nullptr) {
      context->cur = p;
      p = write(context, v) ? context->cur : nullptr;
    } else {
      p = with_writer(context, p, [&](jsonjit::writer& w) {
        jsonjit::detail::failure_path path;  // the replay reports the path
        return jsonjit::detail::interp_write(w, value_type, v, path);
      });
    }
    pos = p;
    return p != nullptr;
  };
  const bool ok = map->descriptor->map->for_each(
      value, [](void* f, const void* k, const void* v) { return (*static_cast<decltype(entry)*>(f))(k, v); },
      const_cast<void*>(static_cast<const void*>(&entry)));
  if (!ok) return nullptr;
  char* p = room(context, pos, 1 + line_room);
  if (p == nullptr) return nullptr;
  --context->depth;
  if (settings.indented && !first)
    p = jsonjit::detail::write_line(p, settings, static_cast<std::size_t>(depth - 1));
  *p++ = '}';
  return p;
}

char* jsonjit_jit_int64(char* cur, std::int64_t value) noexcept { return jsonjit::detail::format_int64(cur, value); }

char* jsonjit_jit_uint64(char* cur, std::uint64_t value) noexcept {
  return jsonjit::detail::format_uint64(cur, value);
}

}  // extern "C"
