// Describing types where reflection is not enough: `jsonjit::meta<T>`.
//
// Aggregates need nothing: their members, in declaration order and by their declared names,
// are the JSON properties. Specialize `meta<T>` to say more:
//
//   template <> struct jsonjit::meta<IndexViewModel> {
//     static constexpr auto properties = jsonjit::properties(
//         jsonjit::property("ActiveOrUpcomingEvents", &IndexViewModel::events),
//         jsonjit::property("IsNewAccount", &IndexViewModel::is_new_account).required(),
//         jsonjit::property("Secret", &IndexViewModel::secret).ignore(),
//         jsonjit::property("Age", &Person::age, &Person::set_age),           // getter, setter
//         jsonjit::computed("HasFeaturedCampaign",                            // read-only
//                           [](const IndexViewModel& m) { return m.campaign.has_value(); }));
//   };
//
// `properties` lists every property (reflection is then not used, so classes with private
// members work: make `meta<T>` a friend); for an aggregate, a member left out of the list is
// a compile-time error unless it is left out explicitly: jsonjit::ignored(&T::cache).
// To change a few members of an aggregate and keep reflection for the rest, list only those
// in `members` instead:
//
//   template <> struct jsonjit::meta<Service> {
//     static constexpr auto members = jsonjit::members(
//         jsonjit::property("service", &Service::name),            // renamed
//         jsonjit::property(&Service::port).required(),            // its declared name
//         jsonjit::ignored(&Service::cache),
//         jsonjit::computed("url", [](const Service& s) { return s.url(); }));  // added last
//   };
//
// Other members meta<T> may have:
//   using converter = C;                     T is written and read by converter C (converter.hpp)
//   static constexpr std::string_view tag = "leaf";    T's discriminator value in variants
//   static constexpr std::string_view discriminator = "$kind";  (meta of a std::variant) the
//                                            discriminator property's name ("$type" by default)
//   static constexpr auto enumerators = jsonjit::enumerators<E>({{E::red, "Red"}, ...});
//   static constexpr bool disallow_unmapped = true;    reading rejects unknown properties
//   static constexpr auto constructor =                 reading builds T by T(amount, currency)
//       jsonjit::constructor<std::int64_t, std::string>("Amount", "Currency");
//   static constexpr bool converter_from_options = true;  T is written and read only by a
//                                            converter serializer_options::add_converter supplies
//                                            at run time (without one, serializing fails then)
//
// A type jsonjit cannot describe (not an aggregate, and meta<T> says neither how to reach its
// members nor how to convert it) is a compile-time error where it is used. Enumerations are
// written as numbers, or by name with serializer_options::enums_as_strings: the names of an
// enumeration with a fixed underlying type (every `enum class`) are reflected for the values
// -128 to 127 (0 to 255 if unsigned); meta<E>::enumerators names others, or renames.
//
// An aggregate with a member that has no default constructor is read the same way without
// meta: its members are the constructor's arguments, in order (aggregate initialization).
//
// With a constructor (STJ's [JsonConstructor]), reading collects the properties first, then
// calls T's constructor with the named properties' values (default-constructed when absent
// from the JSON, an error when required) and stores the remaining properties afterwards.
// T then needs no default constructor; a T inside another object must be move-assignable.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <functional>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

#include <jsonjit/converter.hpp>
#include <jsonjit/detail/export.hpp>
#include <jsonjit/type_model.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

/// Specialize to describe T (see above). The primary template says nothing.
template <class T>
struct meta {};

namespace detail {

/// Flags every property form shares, set by the chained calls.
template <class Derived>
struct property_options {
  std::string_view name;
  property_ignore ignore_condition = property_ignore::inherit;
  bool is_required = false;
  bool is_extension_data = false;
  const converter_descriptor* (*converter)() noexcept = nullptr;

  /// Reading fails (missing_required_property) when the JSON object does not have it.
  constexpr Derived required() const {
    Derived d = self();
    d.is_required = true;
    return d;
  }
  /// Never written or read (STJ [JsonIgnore]); with a condition, left out of the output
  /// when the condition holds.
  constexpr Derived ignore(property_ignore condition = property_ignore::always) const {
    Derived d = self();
    d.ignore_condition = condition;
    return d;
  }
  /// Collects the properties the type does not have (STJ [JsonExtensionData]); the member is
  /// a map from std::string to jsonjit::node (or document).
  constexpr Derived extension_data() const {
    Derived d = self();
    d.is_extension_data = true;
    return d;
  }
  /// Writes and reads this property with converter C.
  template <class C>
  constexpr Derived with() const {
    Derived d = self();
    d.converter = &static_converter<C>;
    return d;
  }

 private:
  constexpr const Derived& self() const { return static_cast<const Derived&>(*this); }
};

template <class T, class M>
struct member_property : property_options<member_property<T, M>> {
  using object_type = T;
  using value_type = M;
  M T::*member;
};

/// The value type a getter returns (a member function or a callable taking const T&).
template <class T, class Getter>
using getter_result_t = std::remove_cvref_t<std::invoke_result_t<Getter, const T&>>;

struct no_setter {};

/// The object type of a callable's `operator()(const T&) const`.
template <class F>
struct first_argument;
template <class G, class R, class A>
struct first_argument<R (G::*)(A) const> {
  using type = std::remove_cvref_t<A>;
};

template <class T, class Getter, class Setter>
struct accessor_property : property_options<accessor_property<T, Getter, Setter>> {
  using object_type = T;
  using value_type = getter_result_t<T, Getter>;
  Getter getter;
  Setter setter;
};

}  // namespace detail

/// A data member.
template <class T, class M>
constexpr detail::member_property<T, M> property(std::string_view name, M T::*member) {
  detail::member_property<T, M> p{};
  p.name = name;
  p.member = member;
  return p;
}

/// A value reached through a getter and a setter: member functions (`int age() const`,
/// `void set_age(int)`) or callables (`[](const T&)`, `[](T&, V)`).
template <class T, class Getter, class Setter>
constexpr detail::accessor_property<T, Getter, Setter> property(std::string_view name, Getter getter,
                                                                Setter setter) {
  detail::accessor_property<T, Getter, Setter> p{};
  p.name = name;
  p.getter = getter;
  p.setter = setter;
  return p;
}
/// The same, the object type taken from member-function pointers.
template <class T, class R, class Setter>
constexpr auto property(std::string_view name, R (T::*getter)() const, Setter setter) {
  return property<T, R (T::*)() const, Setter>(name, getter, setter);
}

/// A read-only property: written from the getter, skipped when reading (STJ's get-only
/// properties).
template <class T, class Getter>
constexpr detail::accessor_property<T, Getter, detail::no_setter> computed(std::string_view name, Getter getter) {
  detail::accessor_property<T, Getter, detail::no_setter> p{};
  p.name = name;
  p.getter = getter;
  return p;
}
template <class T, class R>
constexpr auto computed(std::string_view name, R (T::*getter)() const) {
  return computed<T, R (T::*)() const>(name, getter);
}
/// With a callable that takes `const T&`, T is deduced from it.
template <class Getter>
requires requires { &Getter::operator(); }
constexpr auto computed(std::string_view name, Getter getter) {
  using call = decltype(&Getter::operator());
  return computed<typename detail::first_argument<call>::type, Getter>(name, getter);
}

/// A data member under its declared name (in meta<T>::members: only its options change).
template <class T, class M>
constexpr detail::member_property<T, M> property(M T::*member) {
  return property(std::string_view{}, member);
}

/// A data member never written or read: in meta<T>::properties of an aggregate, where a
/// member left out of the list must be left out explicitly.
template <class T, class M>
constexpr detail::member_property<T, M> ignored(M T::*member) {
  return property(member).ignore();
}

/// The list meta<T>::properties holds: every property of T, in order.
template <class... P>
constexpr std::tuple<P...> properties(P... p) {
  return {p...};
}

/// The list meta<T>::members holds: changes to the reflected members of an aggregate T
/// (renamed, ignored, required, converted), and computed properties added after them.
template <class... P>
constexpr std::tuple<P...> members(P... p) {
  return {p...};
}

/// The constructor meta<T>::constructor names: argument types A..., each taken from the
/// property with the declared name at its position.
template <class... A>
struct constructor_binding {
  std::array<std::string_view, sizeof...(A)> parameters;
};
template <class... A, class... Names>
requires(sizeof...(A) == sizeof...(Names) && (std::convertible_to<Names, std::string_view> && ...))
constexpr constructor_binding<A...> constructor(Names... names) {
  return {{std::string_view(names)...}};
}

/// A named value of enumeration E.
template <class E>
struct enumerator {
  E value;
  std::string_view name;
};
template <class E, std::size_t N>
constexpr std::array<enumerator<E>, N> enumerators(const enumerator<E> (&list)[N]) {
  std::array<enumerator<E>, N> a{};
  for (std::size_t i = 0; i < N; ++i) a[i] = list[i];
  return a;
}

}  // namespace jsonjit
JSONJIT_EXPORT_END
