// Compile-time reflection of aggregates: how many members, references to them, their names.
// Standard C++20, no macros; the technique glaze and reflect-cpp use, written here:
//  - the member count is the largest N for which T{x1, ..., xN} compiles, each x converting to
//    anything;
//  - the members are bound by a structured binding of that many names (tie_members.hpp);
//  - a member's name is read from the compiler's spelling of a template argument that points at
//    that member of an object that is never constructed (__PRETTY_FUNCTION__ prints it as
//    "...external_object<S>...value.S::name..." with GCC, "...external_object.value.name..."
//    with clang).
// Limits: aggregates without base classes, up to max_reflected_members members; C arrays as
// members are not supported (brace elision would miscount them; std::array works).
#pragma once

#include <array>
#include <cstddef>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

#include <jsonjit/detail/export.hpp>
#include <jsonjit/detail/tie_members.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit::detail {

/// Converts to any type; only ever named in unevaluated aggregate initializations. (Defined,
/// never called: GCC counts the conversion to a type declared inside a function as a use,
/// and such a function cannot be defined elsewhere.)
struct any_value {
  template <class U>
  operator U() const {  // NOLINT(google-explicit-constructor)
    __builtin_unreachable();
  }
};

/// Converts to any type but T's base classes: then brace elision initializes a base's
/// members one by one, and T counts differently exactly where it has a base class.
template <class T>
struct any_value_but_bases {
  template <class U>
  requires(!std::is_base_of_v<U, T>)
  operator U() const {  // NOLINT(google-explicit-constructor)
    __builtin_unreachable();
  }
};

template <class T, class Any, std::size_t... I>
constexpr bool initializable_with(std::index_sequence<I...>) noexcept {
  return requires {
    T{(void(I), Any{})...};
  };
}

template <class T, class Any = any_value, std::size_t N = 0>
constexpr std::size_t count_members() noexcept {
  if constexpr (N > max_reflected_members || !initializable_with<T, Any>(std::make_index_sequence<N + 1>{})) {
    return N;
  } else {
    return count_members<T, Any, N + 1>();
  }
}

/// An aggregate class whose members jsonjit can reflect.
template <class T>
concept reflectable_aggregate = std::is_aggregate_v<T> && std::is_class_v<T>;

template <reflectable_aggregate T>
inline constexpr std::size_t member_count = count_members<T>();

/// Whether reflection sees every member of T: an aggregate without base classes and with at
/// most max_reflected_members members.
template <class T>
concept fully_reflectable = reflectable_aggregate<T> && member_count<T> <= max_reflected_members &&
                            count_members<T, any_value_but_bases<T>>() == member_count<T>;

/// References to the members of `object`, in declaration order.
template <class T>
requires reflectable_aggregate<std::remove_const_t<T>>
constexpr auto tie_members(T& object) noexcept {
  return tie_members<member_count<std::remove_const_t<T>>>(object);
}

/// Static storage for a T that is never constructed: only the addresses of its members are
/// used, in constant expressions. (Not an object declared `extern` and never defined, as
/// glaze does: a type declared inside a function has no linkage, and such an object of it is
/// an error. A union member's address as a template argument: GCC 12 crashes on an anonymous
/// union, so the union is the object.)
template <class T>
union storage_for {
  char none;
  T value;
  constexpr storage_for() noexcept : none() {}
  ~storage_for() {}
};
template <class T>
inline storage_for<T> external_object;

/// A pointer wrapped in a class: clang 14 takes a pointer to a subobject as a template
/// argument only this way.
template <class M>
struct member_address {
  const M* pointer;
};

template <member_address Address>
consteval std::string_view spelling_of() noexcept {
  return __PRETTY_FUNCTION__;
}

/// The member name in a spelling_of() text: the identifier after the last '.' or ':' of the
/// template argument, before the closing brackets.
consteval std::string_view member_name_in(std::string_view spelling) noexcept {
  std::size_t end = spelling.find(';');  // GCC: "[with auto Address = ...; std::string_view = ...]"
  if (end == std::string_view::npos) end = spelling.rfind(']');  // clang: "[Address = {&...}]"
  std::string_view argument = spelling.substr(0, end);
  while (!argument.empty() && (argument.back() == '}' || argument.back() == ')' || argument.back() == ' ')) {
    argument.remove_suffix(1);
  }
  return argument.substr(argument.find_last_of(".:") + 1);
}

template <class T, std::size_t I>
consteval std::string_view member_name() noexcept {
  constexpr auto& member = std::get<I>(tie_members(external_object<T>.value));
  return member_name_in(spelling_of<member_address<std::remove_cvref_t<decltype(member)>>{&member}>());
}

template <class T, std::size_t... I>
consteval auto member_names_of(std::index_sequence<I...>) noexcept {
  return std::array<std::string_view, sizeof...(I)>{member_name<T, I>()...};
}

/// The names of T's members, in declaration order.
template <reflectable_aggregate T>
inline constexpr auto member_names = member_names_of<T>(std::make_index_sequence<member_count<T>>{});

}  // namespace jsonjit::detail
JSONJIT_EXPORT_END
