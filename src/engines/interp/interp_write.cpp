// The interpreter's writing half: one switch on the kind per value, names pre-encoded, fields
// at their offsets.
#include <cmath>
#include <cstring>
#include <string>
#include <type_traits>

#include "common/stack_p.hpp"
#include "dom/json_path_p.hpp"
#include "engines/interp/interp_p.hpp"
#include "text/number_p.hpp"
#include "text/writer_access_p.hpp"

namespace jsonjit::detail {

std::string failure_path::str() const {
  std::string path = "$";
  for (auto it = segments_.rbegin(); it != segments_.rend(); ++it) {
    if (it->is_name) {
      append_path_name(path, it->name);
    } else {
      append_path_index(path, it->index);
    }
  }
  return path;
}

std::int64_t integer_value(type_kind kind, const void* v) noexcept {
  switch (kind) {
    case type_kind::int8: return *static_cast<const std::int8_t*>(v);
    case type_kind::int16: return *static_cast<const std::int16_t*>(v);
    case type_kind::int32: return *static_cast<const std::int32_t*>(v);
    case type_kind::uint8: return *static_cast<const std::uint8_t*>(v);
    case type_kind::uint16: return *static_cast<const std::uint16_t*>(v);
    case type_kind::uint32: return *static_cast<const std::uint32_t*>(v);
    case type_kind::uint64: return static_cast<std::int64_t>(*static_cast<const std::uint64_t*>(v));
    default: return *static_cast<const std::int64_t*>(v);
  }
}

namespace {

class write_engine {
 public:
  write_engine(writer& out, failure_path& path, const serializer_options& options)
      : out_(out), path_(path), options_(options),
        numbers_as_strings_(has_flag(options.numbers(), number_handling::write_as_string)) {}

  bool value(const type_info& info, const void* v) {
    // Each container's value recurses: max_depth allows what the thread's stack may not hold.
    const bool container = info.kind == type_kind::object || info.kind == type_kind::sequence ||
                           info.kind == type_kind::map || info.kind == type_kind::tuple;
    if (container && stack_exhausted()) {
      out_.direct_fail(error_code::stack_exhausted);
      return false;
    }
    switch (info.kind) {
      case type_kind::boolean: out_.bool_value(*static_cast<const bool*>(v)); break;
      case type_kind::int8: integer(*static_cast<const std::int8_t*>(v)); break;
      case type_kind::int16: integer(*static_cast<const std::int16_t*>(v)); break;
      case type_kind::int32: integer(*static_cast<const std::int32_t*>(v)); break;
      case type_kind::int64: integer(*static_cast<const std::int64_t*>(v)); break;
      case type_kind::uint8: integer(*static_cast<const std::uint8_t*>(v)); break;
      case type_kind::uint16: integer(*static_cast<const std::uint16_t*>(v)); break;
      case type_kind::uint32: integer(*static_cast<const std::uint32_t*>(v)); break;
      case type_kind::uint64: integer(*static_cast<const std::uint64_t*>(v)); break;
      case type_kind::float32: floating(*static_cast<const float*>(v)); break;
      case type_kind::float64: floating(*static_cast<const double*>(v)); break;
      case type_kind::character: out_.string_value(std::string_view(static_cast<const char*>(v), 1)); break;
      case type_kind::string: out_.string_value(*static_cast<const std::string*>(v)); break;
      case type_kind::string_view: out_.string_value(*static_cast<const std::string_view*>(v)); break;
      case type_kind::enumeration: enumeration(info, v); break;
      case type_kind::object:
        out_.start_object();
        if (!members(info, v)) return false;
        out_.end_object();
        break;
      case type_kind::nullable: {
        const void* inner = info.descriptor->nullable->get(v);
        if (inner == nullptr) {
          out_.null_value();
        } else {
          return value(*info.element, inner);
        }
        break;
      }
      case type_kind::sequence: return sequence(info, v);
      case type_kind::bytes: {
        const bytes_ops& ops = *info.descriptor->bytes;
        out_.base64_string_value({reinterpret_cast<const std::byte*>(ops.data(v)), ops.size(v)});
        break;
      }
      case type_kind::map: return map(info, v);
      case type_kind::tuple: return tuple(info, v);
      case type_kind::variant: return variant(info, v);
      case type_kind::custom: return converted(*info.converter, v);
      case type_kind::opaque: out_.direct_fail(error_code::unsupported_type); break;
    }
    return out_.ok();
  }

  /// The value `converter` writes, on a writer of its own that continues the document where
  /// out_ stands, so that what it wrote can be checked: exactly one complete value (nothing
  /// and an object left open would be invalid JSON, two values in an array one value too many).
  bool converted(const converter_descriptor& converter, const void* v) {
    if (!writer_access::begin_nested_value(out_)) return false;
    writer nested(writer_access::output_of(out_), writer_access::nested_options(out_));
    writer_access::nest(nested, writer_access::nesting(out_));
    converter.write(converter.self, nested, v, options_);
    const error_code code = !nested.ok() && nested.error() != error_code::multiple_top_level_values ? nested.error()
                            : !nested.is_complete() ? error_code::converter_value_incomplete
                                                    : error_code::none;
    if (code != error_code::none) {
      out_.direct_fail(code);
      return false;
    }
    writer_access::end_nested_value(out_);
    return true;
  }

  /// One property of `object`: its name and value, unless its condition leaves it out.
  bool property(const property_info& p, const void* object) {
    const property_descriptor& d = *p.descriptor;
    bool ok = true;
    if (d.offset >= 0) {
      const void* field = static_cast<const char*>(object) + d.offset;
      if (p.write != write_condition::always && skip_property(p, field)) return true;
      out_.property_name(p.encoded);
      // The commonest members without the general call.
      if (p.converter == nullptr && p.type->kind == type_kind::string) {
        out_.string_value(*static_cast<const std::string*>(field));
        ok = out_.ok();
      } else {
        ok = property_value(p, field);
      }
    } else {
      if (p.write == write_condition::never) return true;
      temporary field(*p.type->descriptor);
      d.get(object, field.get());
      field.constructed();
      if (skip_property(p, field.get())) return true;
      out_.property_name(p.encoded);
      ok = property_value(p, field.get());
    }
    if (!ok) path_.add_name(p.json_name);
    return ok;
  }

  /// The entries of the extension-data member, as properties of the object.
  bool extension_members(const type_info& info, const void* object) {
    const property_info& p = info.properties[static_cast<std::size_t>(info.extension_data)];
    return map_entries(*p.type, static_cast<const char*>(object) + p.descriptor->offset);
  }

 private:
  template <class I>
  void integer(I n) {
    if (!numbers_as_strings_) {
      out_.number_value(n);
      return;
    }
    char text[max_number_chars + 2];
    text[0] = '"';
    char* end;
    if constexpr (std::is_signed_v<I>) {
      end = format_int64(text + 1, n);
    } else {
      end = format_uint64(text + 1, n);
    }
    *end++ = '"';
    out_.raw_value(std::string_view(text, static_cast<std::size_t>(end - text)), true);
  }

  template <class F>
  void floating(F x) {
    if (!numbers_as_strings_ || !std::isfinite(x)) {
      out_.number_value(x);  // non-finite values are strings already, if allowed at all
      return;
    }
    char text[max_number_chars + 2];
    text[0] = '"';
    char* end = sizeof(F) == 4 ? format_float(text + 1, static_cast<float>(x)) : format_double(text + 1, x);
    *end++ = '"';
    out_.raw_value(std::string_view(text, static_cast<std::size_t>(end - text)), true);
  }

  void enumeration(const type_info& info, const void* v) {
    const std::int64_t n = integer_value(info.descriptor->underlying, v);
    if (options_.enums_as_strings()) {
      for (const enum_name& e : info.enum_names) {
        if (e.value == n) {
          out_.raw_value(e.encoded.quoted(), true);
          return;
        }
      }
    }
    // Values without a name are numbers, as STJ writes them.
    if (info.descriptor->underlying == type_kind::uint64) {
      integer(static_cast<std::uint64_t>(n));
    } else {
      integer(n);
    }
  }

  bool skip_property(const property_info& p, const void* field) const {
    switch (p.write) {
      case write_condition::always: return false;
      case write_condition::never: return true;
      case write_condition::unless_null:
        return p.type->kind == type_kind::nullable && p.type->descriptor->nullable->get(field) == nullptr;
      case write_condition::unless_default:
        return p.type->descriptor->is_default != nullptr && p.type->descriptor->is_default(field);
    }
    return false;
  }

  bool property_value(const property_info& p, const void* field) {
    if (p.converter != nullptr) return converted(*p.converter, field);
    return value(*p.type, field);
  }

  /// The properties of an object, between its braces.
  bool members(const type_info& info, const void* object) {
    for (const property_info& p : info.properties) {
      if (!property(p, object)) return false;
    }
    if (info.extension_data >= 0) return extension_members(info, object);
    return true;
  }

  bool sequence(const type_info& info, const void* v) {
    const sequence_ops& ops = *info.descriptor->sequence;
    const type_info& element = *info.element;
    out_.start_array();
    if (ops.data != nullptr) {
      const std::size_t n = ops.size(v);
      const char* p = static_cast<const char*>(ops.data(v));
      for (std::size_t i = 0; i < n; ++i, p += ops.stride) {
        if (!value(element, p)) {
          path_.add_index(i);
          return false;
        }
      }
    } else {
      struct visit_state {
        write_engine* self;
        const type_info* element;
        std::size_t index;
      } state{this, &element, 0};
      const bool ok = ops.for_each(
          v,
          [](void* context, const void* e) {
            auto& s = *static_cast<visit_state*>(context);
            if (s.self->value(*s.element, e)) {
              ++s.index;
              return true;
            }
            return false;
          },
          &state);
      if (!ok) {
        path_.add_index(state.index);
        return false;
      }
    }
    out_.end_array();
    return out_.ok();
  }

  /// A map key as a property name.
  void key(const type_info& key, const void* k) {
    char text[max_number_chars];
    const auto digits = [&](type_kind kind) {
      return std::string_view(text, static_cast<std::size_t>(format_integer(text, kind, k) - text));
    };
    std::string_view name;
    switch (key.kind) {
      case type_kind::string: name = *static_cast<const std::string*>(k); break;
      case type_kind::character: name = std::string_view(static_cast<const char*>(k), 1); break;
      case type_kind::enumeration: {
        const std::int64_t n = integer_value(key.descriptor->underlying, k);
        for (const enum_name& e : key.enum_names) {
          if (e.value == n) {
            out_.property_name(e.encoded);
            return;
          }
        }
        name = digits(key.descriptor->underlying);
        break;
      }
      case type_kind::custom: key.converter->write_key(key.converter->self, out_, k, options_); return;
      default: name = digits(key.kind); break;  // the integers
    }
    if (options_.key_naming() != naming_policy::none && key.kind == type_kind::string) {
      out_.property_name(apply_naming_policy(options_.key_naming(), name));
    } else {
      out_.property_name(name);
    }
  }

  bool map_entries(const type_info& info, const void* m) {
    struct visit_state {
      write_engine* self;
      const type_info* info;
      const void* failed_key;
    } state{this, &info, nullptr};
    const bool ok = info.descriptor->map->for_each(
        m,
        [](void* context, const void* k, const void* v) {
          auto& s = *static_cast<visit_state*>(context);
          s.self->key(*s.info->key, k);
          if (s.self->value(*s.info->element, v)) return true;
          s.failed_key = k;
          return false;
        },
        &state);
    if (!ok) {
      if (state.failed_key != nullptr && info.key->kind == type_kind::string) {
        path_.add_name(*static_cast<const std::string*>(state.failed_key));
      }
      return false;
    }
    return true;
  }

  bool map(const type_info& info, const void* m) {
    out_.start_object();
    if (!map_entries(info, m)) return false;
    out_.end_object();
    return out_.ok();
  }

  bool tuple(const type_info& info, const void* t) {
    const auto& elements = info.descriptor->elements;
    out_.start_array();
    for (std::size_t i = 0; i < elements.size(); ++i) {
      if (!value(*info.elements[i], static_cast<const char*>(t) + elements[i].offset)) {
        path_.add_index(i);
        return false;
      }
    }
    out_.end_array();
    return out_.ok();
  }

  bool variant(const type_info& info, const void* v) {
    const variant_ops& ops = *info.descriptor->variant;
    const std::size_t index = ops.index(v);
    if (index >= info.elements.size()) {  // valueless by exception
      out_.null_value();
      return out_.ok();
    }
    const type_info& alternative = *info.elements[index];
    const void* inner = ops.get(v);
    if (!info.tagged || info.descriptor->elements[index].tag.empty()) {
      // Untagged, the JSON kind picks the alternative on reading: a number stays a number
      // (quoted, a string alternative would take it).
      if (!is_number_kind(alternative.kind) || !numbers_as_strings_) return value(alternative, inner);
      numbers_as_strings_ = false;
      const bool ok = value(alternative, inner);
      numbers_as_strings_ = true;
      return ok;
    }
    out_.start_object();
    out_.property_name(info.discriminator);
    out_.raw_value(info.tags[index].quoted(), true);
    if (!members(alternative, inner)) return false;
    out_.end_object();
    return out_.ok();
  }

  writer& out_;
  failure_path& path_;
  const serializer_options& options_;
  bool numbers_as_strings_;
};

}  // namespace

char* format_integer(char* out, type_kind kind, const void* value) noexcept {
  return kind == type_kind::uint64 ? format_uint64(out, *static_cast<const std::uint64_t*>(value))
                                   : format_int64(out, integer_value(kind, value));
}

bool interp_write(writer& out, const type_info& info, const void* value, failure_path& path) {
  return write_engine(out, path, *info.options).value(info, value);
}

bool interp_write_property(writer& out, const property_info& property, const void* object,
                           failure_path& path) {
  return write_engine(out, path, *property.type->options).property(property, object);
}

bool interp_write_extension(writer& out, const type_info& info, const void* object, failure_path& path) {
  return write_engine(out, path, *info.options).extension_members(info, object);
}

}  // namespace jsonjit::detail
