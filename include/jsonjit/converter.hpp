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
#pragma once

#include <concepts>
#include <cstddef>

#include <jsonjit/error.hpp>
#include <jsonjit/type_model.hpp>

namespace jsonjit {

/// A class that converts its value_type to and from JSON (see above).
template <class C>
concept converter = requires(const C& c, writer& out, reader& in, const typename C::value_type& value,
                             typename C::value_type& target, const serializer_options& options) {
  c.write(out, value, options);
  { c.read(in, target, options) } -> std::same_as<error_code>;
};

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

template <converter C>
converter_descriptor converter_calls(const C* self) noexcept {
  using T = typename C::value_type;
  return {
      self,
      [](const void* c, writer& out, const void* value, const serializer_options& options) {
        static_cast<const C*>(c)->write(out, *static_cast<const T*>(value), options);
      },
      [](const void* c, reader& in, void* value, const serializer_options& options) {
        return static_cast<const C*>(c)->read(in, *static_cast<T*>(value), options);
      },
  };
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
