// Compile-time reflection of enumerator names, for enumerations with a fixed underlying type
// (every `enum class`, and `enum E : T`): the compiler's spelling of a template argument of
// type E names the enumerator where the value has one ("...V = ns::Color::red...") and prints a
// cast where it has none ("...V = (ns::Color)3..."). Standard C++20, no macros; the technique
// magic_enum uses, written here. Values from -128 to 127 are looked at (0 to 255 for an unsigned
// underlying type); enumerators beyond need meta<E>::enumerators. (Without a fixed underlying
// type, a value outside the enumerators' range is not a constant expression to every compiler.)
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>
#include <type_traits>
#include <utility>

#include <jsonjit/detail/export.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit::detail {

template <auto V>
consteval std::string_view enumerator_spelling() noexcept {
  return __PRETTY_FUNCTION__;
}

/// The enumerator's name in an enumerator_spelling() text; empty where the value has none.
consteval std::string_view enumerator_name_in(std::string_view spelling) noexcept {
  const std::size_t from = spelling.find("V = ") + 4;
  std::size_t end = spelling.find(';', from);  // GCC: "[with auto V = ...; std::string_view = ...]"
  if (end == std::string_view::npos) end = spelling.rfind(']');  // clang: "[V = ...]"
  const std::string_view value = spelling.substr(from, end - from);
  // A value without a name is a cast, "(ns::Color)3"; a name may be qualified by clang's
  // "(anonymous namespace)::Color::red": what follows the last ')' and then the last ':'.
  const std::size_t paren = value.rfind(')');
  const std::string_view tail = paren == std::string_view::npos ? value : value.substr(paren + 1);
  const std::string_view name = tail.substr(tail.find_last_of(':') + 1);
  if (name.empty() || name[0] == '-' || (name[0] >= '0' && name[0] <= '9')) return {};
  return name;
}

/// An enumeration whose names can be reflected: a fixed underlying type (list-initializing
/// from it compiles only then).
template <class E>
concept reflectable_enum = std::is_enum_v<E> && requires { E{std::underlying_type_t<E>{}}; };

template <reflectable_enum E>
struct reflected_range {
  using underlying = std::underlying_type_t<E>;
  static constexpr std::int64_t min = std::is_signed_v<underlying> ? -128 : 0;
  static constexpr std::int64_t max =
      std::is_signed_v<underlying> ? 127 : std::min<std::int64_t>(255, static_cast<std::int64_t>(std::numeric_limits<underlying>::max()));
};

template <class E, std::size_t... I>
consteval std::array<std::string_view, sizeof...(I)> enumerator_names_of(std::index_sequence<I...>) noexcept {
  using range = reflected_range<E>;
  return {enumerator_name_in(
      enumerator_spelling<static_cast<E>(static_cast<typename range::underlying>(range::min + static_cast<std::int64_t>(I)))>())...};
}

/// The names of E's values from reflected_range<E>::min on (empty for a value without one).
template <reflectable_enum E>
inline constexpr auto enumerator_names_by_value =
    enumerator_names_of<E>(std::make_index_sequence<static_cast<std::size_t>(reflected_range<E>::max - reflected_range<E>::min + 1)>{});

/// How many of E's values in the range have names.
template <reflectable_enum E>
inline constexpr std::size_t reflected_enumerator_count = [] {
  std::size_t n = 0;
  for (const std::string_view name : enumerator_names_by_value<E>) n += name.empty() ? 0u : 1u;
  return n;
}();

}  // namespace jsonjit::detail
JSONJIT_EXPORT_END
