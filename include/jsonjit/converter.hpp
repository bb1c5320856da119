// Custom converters: a class that writes and reads one type itself.
//
//   struct celsius_converter {
//     using value_type = celsius;
//     void write(jsonjit::writer& out, const celsius& c, const jsonjit::serializer_options&) const {
//       out.number_value(c.degrees);
//     }
//     jsonjit::error_code read(jsonjit::reader& in, celsius& c, const jsonjit::serializer_options&) const {
//       auto v = in.get_double();            // the reader is on the value's first token
//       if (!v) return v.error();
//       c.degrees = *v;
//       return jsonjit::error_code::none;    // ... and is left on the value's last token
//     }
//   };
//
// Register it for every use of the type in options (`options.add_converter<celsius_converter>()`),
// for the type itself in `meta<celsius>` (`using converter = celsius_converter;`), or for one
// property (`jsonjit::property("Temp", &S::temp).with<celsius_converter>()`). Engines call it
// directly, never through a virtual function. Errors returned by read are reported at the
// reader's current token, with the JSON path.
//
// A converter of values written as strings (dates, identifiers) may also have
//   jsonjit::error_code read_string(std::string_view text, T& value,
//                                   const jsonjit::serializer_options&) const;
//       // `text` is the string's unescaped text
// Engines then call it for every string token instead of read() (read() gets the other
// tokens, null among them), and skip building a reader for the value.
//
// A converter of values written as short strings with nothing to escape (dates, identifiers,
// codes) may have, instead of write(),
//   static constexpr std::size_t max_text_size = 40;     // at most this many bytes
//   std::size_t write_text(char* out, const T& value, const jsonjit::serializer_options&) const;
//       // writes the string's text at `out` (valid UTF-8, no character JSON or the options'
//       // escaping would escape) and returns its length; the engines add the quotes
// Engines then give it room in their own buffer instead of a writer (compiled code calls it
// in place, for a max_text_size of up to 256 bytes; at most 4096). Its text is trusted: it is
// not checked.
//
// A converter whose read_string() may fail with error_code::invalid_value_format may say what
// it accepts, for the error message ("\"5 pm\" is not a time of day (HH:MM)"):
//   static std::string expected_format() { return "a time of day (HH:MM)"; }
//
// A converter whose type is used as a map key (STJ's WriteAsPropertyName/ReadAsPropertyName)
// also has
//   void write_key(jsonjit::writer& out, const T& key, const jsonjit::serializer_options&) const;
//       // calls out.property_name(...) once
//   jsonjit::error_code read_key(std::string_view name, T& key, const jsonjit::serializer_options&) const;
//       // `name` is the unescaped property name
#pragma once

#include <concepts>
#include <cstddef>
#include <span>
#include <string_view>

#include <jsonjit/detail/export.hpp>
#include <jsonjit/error.hpp>
#include <jsonjit/type_model.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

/// A converter's writing as short text (see above).
template <class C>
concept text_writer = requires(const C& c, char* out, const typename C::value_type& value,
                               const serializer_options& options) {
  { C::max_text_size } -> std::convertible_to<std::size_t>;
  { c.write_text(out, value, options) } -> std::same_as<std::size_t>;
} && (C::max_text_size > 0 && C::max_text_size <= 4096);  // short text, on the stack

/// A class that converts its value_type to and from JSON (see above): write() or (short
/// text) write_text(), and read().
template <class C>
concept converter = requires(const C& c, writer& out, reader& in, const typename C::value_type& value,
                             typename C::value_type& target, const serializer_options& options) {
  { c.read(in, target, options) } -> std::same_as<error_code>;
} && (text_writer<C> != requires(const C& c, writer& out, const typename C::value_type& value,
                                 const serializer_options& options) { c.write(out, value, options); });

/// A converter that also writes and reads its values as property names (map keys).
template <class C>
concept key_converter = converter<C> && requires(const C& c, writer& out, std::string_view name,
                                                 const typename C::value_type& value,
                                                 typename C::value_type& target, const serializer_options& options) {
  c.write_key(out, value, options);
  { c.read_key(name, target, options) } -> std::same_as<error_code>;
};

/// A converter that also reads string tokens from their text (see above).
template <class C>
concept string_converter = converter<C> &&
    requires(const C& c, std::string_view text, typename C::value_type& target,
             const serializer_options& options) {
  { c.read_string(text, target, options) } -> std::same_as<error_code>;
};

/// For converters of values written as short text (dates, identifiers): the current string
/// token's text, unescaped into `buffer`. Fails with expected_string (null_not_allowed on
/// null) on other tokens, and invalid_value_format when the text does not fit.
error_code read_string_into(reader& in, std::span<char> buffer, std::string_view& text);

namespace detail {

/// Library types that convert themselves (dates, UUIDs, documents) specialize this with
/// `using type = TheirConverter;`.
template <class T>
struct builtin_converter {};

/// One address per C++ type (what type_descriptor::key holds).
template <class T>
inline constexpr char type_tag = 0;
template <class T>
inline constexpr const void* type_key = &type_tag<T>;

/// A text converter's output through a writer: `quoted` (its text in quotes) as a string value.
void write_quoted_text(writer& out, std::string_view quoted);

template <converter C>
converter_descriptor converter_calls(const C* self) noexcept {
  using T = typename C::value_type;
  converter_descriptor d{
      self,
      nullptr,
      [](const void* c, reader& in, void* value, const serializer_options& options) {
        return static_cast<const C*>(c)->read(in, *static_cast<T*>(value), options);
      },
  };
  if constexpr (text_writer<C>) {
    d.write_text = [](const void* c, char* out, const void* value, const serializer_options& options) {
      return static_cast<const C*>(c)->write_text(out, *static_cast<const T*>(value), options);
    };
    d.max_text_size = C::max_text_size;
    d.write = [](const void* c, writer& out, const void* value, const serializer_options& options) {
      char quoted[C::max_text_size + 2];
      quoted[0] = '"';
      const std::size_t n = static_cast<const C*>(c)->write_text(quoted + 1, *static_cast<const T*>(value), options);
      quoted[n + 1] = '"';
      write_quoted_text(out, std::string_view(quoted, n + 2));
    };
  } else {
    d.write = [](const void* c, writer& out, const void* value, const serializer_options& options) {
      static_cast<const C*>(c)->write(out, *static_cast<const T*>(value), options);
    };
  }
  if constexpr (string_converter<C>) {
    d.read_string = [](const void* c, std::string_view text, void* value, const serializer_options& options) {
      return static_cast<const C*>(c)->read_string(text, *static_cast<T*>(value), options);
    };
  }
  if constexpr (requires { { C::expected_format() } -> std::convertible_to<std::string>; }) {
    d.expected_format = [] { return std::string(C::expected_format()); };
  }
  if constexpr (key_converter<C>) {
    d.write_key = [](const void* c, writer& out, const void* key, const serializer_options& options) {
      static_cast<const C*>(c)->write_key(out, *static_cast<const T*>(key), options);
    };
    d.read_key = [](const void* c, std::string_view name, void* key, const serializer_options& options) {
      return static_cast<const C*>(c)->read_key(name, *static_cast<T*>(key), options);
    };
  }
  return d;
}

/// A converter that lives as long as the program (for meta and property converters).
template <converter C>
const converter_descriptor* static_converter() noexcept {
  static const C object{};
  static const converter_descriptor calls = converter_calls<C>(&object);
  return &calls;
}

}  // namespace detail
}  // namespace jsonjit
JSONJIT_EXPORT_END
