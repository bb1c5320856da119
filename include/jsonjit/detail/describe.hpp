// descriptor_of<T>(): the type model's description of a C++ type, made by templates once per
// type. Containers are recognized by shape (what they can do), not by name, so this header
// needs none of them; the few class templates matched by name are the vocabulary types.
#pragma once

#include <array>
#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include <jsonjit/chrono.hpp>
#include <jsonjit/converter.hpp>
#include <jsonjit/detail/export.hpp>
#include <jsonjit/detail/reflect.hpp>
#include <jsonjit/detail/reflect_enum.hpp>
#include <jsonjit/meta.hpp>
#include <jsonjit/type_model.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

template <class T>
const type_descriptor& descriptor_of() noexcept;

namespace detail {

template <class T>
consteval std::string_view type_name_of() noexcept {
  std::string_view s = __PRETTY_FUNCTION__;
  const std::size_t start = s.find("T = ") + 4;
  std::size_t end = s.find(';', start);  // GCC: "[with T = int; std::string_view = ...]"
  if (end == std::string_view::npos) end = s.rfind(']');  // clang: "[T = int]"
  return s.substr(start, end - start);
}

template <class T>
inline constexpr bool is_optional = false;
template <class U>
inline constexpr bool is_optional<std::optional<U>> = true;
template <class T>
inline constexpr bool is_unique_ptr = false;
template <class U>
inline constexpr bool is_unique_ptr<std::unique_ptr<U>> = true;
template <class T>
inline constexpr bool is_shared_ptr = false;
template <class U>
inline constexpr bool is_shared_ptr<std::shared_ptr<U>> = true;
template <class T>
inline constexpr bool is_std_array = false;
template <class U, std::size_t N>
inline constexpr bool is_std_array<std::array<U, N>> = true;
template <class T>
inline constexpr bool is_tuple_like = false;
template <class... U>
inline constexpr bool is_tuple_like<std::tuple<U...>> = true;
template <class A, class B>
inline constexpr bool is_tuple_like<std::pair<A, B>> = true;
template <class T>
inline constexpr bool is_variant = false;
template <class... U>
inline constexpr bool is_variant<std::variant<U...>> = true;

template <class T>
concept has_meta_properties = requires { meta<T>::properties; };
template <class T>
concept has_meta_members = requires { meta<T>::members; };
template <class T>
concept has_meta_converter = requires { typename meta<T>::converter; };
template <class T>
concept has_builtin_converter = requires { typename builtin_converter<T>::type; };
template <class T>
concept has_meta_enumerators = requires { meta<T>::enumerators; };
/// The type is written and read only by a converter added to the options at run time.
template <class T>
concept converter_from_options = requires {
  requires meta<T>::converter_from_options;
};

template <class C>
concept map_container = requires(C& c, typename C::key_type&& k, typename C::mapped_type&& v) {
  c.begin();
  c.size();
  c.clear();
  c.insert_or_assign(std::move(k), std::move(v));
};
template <class C>
concept appendable_container = requires(C& c) {
  typename C::value_type;
  c.begin();
  c.size();
  c.clear();
  { c.emplace_back() } -> std::same_as<typename C::value_type&>;
};
/// Containers that append by value only (std::vector<bool>, whose elements are bits).
template <class C>
concept pushable_container = requires(C& c, typename C::value_type&& v) {
  c.begin();
  c.size();
  c.clear();
  c.push_back(std::move(v));
} && !appendable_container<C>;
template <class C>
concept set_container = requires(C& c, typename C::value_type&& v) {
  typename C::key_type;
  c.begin();
  c.size();
  c.clear();
  c.insert(std::move(v));
} && !map_container<C>;
template <class C>
concept contiguous_container = requires(const C& c) {
  { std::data(c) } -> std::convertible_to<const typename C::value_type*>;
};
template <class C>
concept byte_vector = appendable_container<C> && contiguous_container<C> &&
    (std::same_as<typename C::value_type, unsigned char> || std::same_as<typename C::value_type, std::byte>) &&
    requires(C& c) { c.resize(std::size_t{}); };

/// Calls `f` with an object of type T whose member addresses can be taken: a real one where T
/// is default-constructible, else storage in which no T was constructed (only addresses are
/// computed from it, nothing is read).
template <class T, class F>
auto with_sample(F f) {
  if constexpr (std::is_default_constructible_v<T>) {
    const T sample{};
    return f(sample);
  } else {
    union holder {
      holder() {}
      ~holder() {}
      T object;
    };
    const holder h;
    return f(h.object);
  }
}

template <class T, class M>
std::ptrdiff_t offset_between(const T& object, const M& member) noexcept {
  return reinterpret_cast<const char*>(std::addressof(member)) - reinterpret_cast<const char*>(std::addressof(object));
}

template <class T>
constexpr type_kind scalar_kind() noexcept {
  if constexpr (std::same_as<T, bool>) return type_kind::boolean;
  else if constexpr (std::same_as<T, char>) return type_kind::character;
  else if constexpr (std::is_floating_point_v<T>) return sizeof(T) == 4 ? type_kind::float32 : type_kind::float64;
  else if constexpr (std::is_signed_v<T>) {
    constexpr type_kind kinds[] = {type_kind::int8, type_kind::int16, type_kind::int32, type_kind::int64};
    return kinds[std::bit_width(sizeof(T)) - 1];
  } else {
    constexpr type_kind kinds[] = {type_kind::uint8, type_kind::uint16, type_kind::uint32, type_kind::uint64};
    return kinds[std::bit_width(sizeof(T)) - 1];
  }
}

template <class T>
concept scalar = std::is_arithmetic_v<T> && (std::is_integral_v<T> ? sizeof(T) <= 8 : sizeof(T) == 4 || sizeof(T) == 8) &&
                 !std::same_as<T, wchar_t> && !std::same_as<T, char8_t> && !std::same_as<T, char16_t> &&
                 !std::same_as<T, char32_t>;

template <class T>
type_descriptor base_descriptor(type_kind kind) noexcept {
  type_descriptor d{};
  d.kind = kind;
  d.name = type_name_of<T>();
  d.key = type_key<T>;
  d.size = sizeof(T);
  d.align = alignof(T);
  if constexpr (std::is_default_constructible_v<T>) d.construct = [](void* p) { ::new (p) T(); };
  d.destroy = [](void* p) { static_cast<T*>(p)->~T(); };
  if constexpr (std::is_move_assignable_v<T>) {
    d.move_assign = [](void* target, void* source) { *static_cast<T*>(target) = std::move(*static_cast<T*>(source)); };
  }
  return d;
}

// ---- objects ----

template <class T, std::size_t I>
using member_type_t = std::remove_cvref_t<std::tuple_element_t<I, decltype(tie_members(std::declval<T&>()))>>;

template <class T, std::size_t... I>
std::array<property_descriptor, sizeof...(I)> reflected_properties(std::index_sequence<I...>) {
  [[maybe_unused]] const std::array<std::ptrdiff_t, sizeof...(I)> offsets = with_sample<T>([](const T& sample) {
    [[maybe_unused]] const auto members = tie_members(sample);
    return std::array<std::ptrdiff_t, sizeof...(I)>{offset_between(sample, std::get<I>(members))...};
  });
  return {property_descriptor{member_names<T>[I], &descriptor_of<member_type_t<T, I>>, offsets[I]}...};
}

template <class P>
void apply_property_options(property_descriptor& d, const P& p) {
  d.name = p.name;
  d.ignore = p.ignore_condition;
  d.required = p.is_required;
  d.extension_data = p.is_extension_data;
  if (p.converter != nullptr) d.converter = p.converter();
}

template <class T, std::size_t I, const auto* List = &meta<T>::properties>
property_descriptor meta_property() {
  static constexpr auto& p = std::get<I>(*List);
  using P = std::remove_cvref_t<decltype(p)>;
  using V = typename P::value_type;
  property_descriptor d{};
  apply_property_options(d, p);
  d.type = &descriptor_of<V>;
  if constexpr (requires { p.member; }) {
    d.offset = with_sample<T>([](const T& sample) { return offset_between(sample, sample.*(p.member)); });
  } else {
    d.get = [](const void* object, void* storage) { ::new (storage) V(std::invoke(p.getter, *static_cast<const T*>(object))); };
    if constexpr (!std::same_as<std::remove_cvref_t<decltype(p.setter)>, no_setter>) {
      d.set = [](void* object, void* value) { std::invoke(p.setter, *static_cast<T*>(object), std::move(*static_cast<V*>(value))); };
    }
  }
  return d;
}

template <class T, std::size_t... I>
std::array<property_descriptor, sizeof...(I)> meta_properties(std::index_sequence<I...>) {
  return {meta_property<T, I>()...};
}

// ---- meta<T>::properties and meta<T>::members over an aggregate's reflected members ----

/// The index of the reflected member of T that `member` points at (member_count<T> if none).
template <class T, class M>
constexpr std::size_t reflected_index_of(M T::*member) {
  const void* wanted = static_cast<const void*>(&(external_object<T>.value.*member));
  std::size_t found = member_count<T>;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((static_cast<const void*>(&std::get<I>(tie_members(external_object<T>.value))) == wanted ? void(found = I) : void()),
     ...);
  }(std::make_index_sequence<member_count<T>>{});
  return found;
}

/// Which reflected members of T the data members of a property list name.
template <class T, class List>
constexpr std::array<bool, member_count<T>> members_named(const List& list) {
  std::array<bool, member_count<T>> named{};
  std::apply(
      [&](const auto&... p) {
        const auto mark = [&](const auto& q) {
          if constexpr (requires { q.member; }) {
            if (const std::size_t i = reflected_index_of<T>(q.member); i < member_count<T>) named[i] = true;
          }
        };
        (mark(p), ...);
      },
      list);
  return named;
}

/// The first member of T meta<T>::properties leaves out (member_count<T> if none).
template <class T>
consteval std::size_t first_member_left_out() {
  const std::array<bool, member_count<T>> named = members_named<T>(meta<T>::properties);
  for (std::size_t i = 0; i < named.size(); ++i) {
    if (!named[i]) return i;
  }
  return member_count<T>;
}

/// A member name as a template argument, so that a compiler's error shows it.
template <std::size_t N>
struct name_literal {
  char text[N];
  constexpr name_literal(std::string_view name) : text{} {
    for (std::size_t i = 0; i < N - 1 && i < name.size(); ++i) text[i] = name[i];
  }
};

template <class T, name_literal Member, bool LeftOut>
struct check_properties_cover_member {
  static_assert(!LeftOut,
                "meta<T>::properties leaves out a member of the aggregate T (its name is in "
                "'check_properties_cover_member<T, {\"name\"}, true>' above): list it "
                "(jsonjit::property(name, &T::member)), leave it out explicitly (jsonjit::ignored(&T::member)), "
                "or change only some members and keep the others reflected (meta<T>::members)");
  static constexpr bool value = !LeftOut;
};

template <class T>
constexpr bool properties_cover_every_member() {
  constexpr std::size_t left_out = first_member_left_out<T>();
  if constexpr (left_out < member_count<T>) {
    constexpr std::string_view name = member_names<T>[left_out];
    return check_properties_cover_member<T, name_literal<name.size() + 1>(name), true>::value;
  } else {
    return true;
  }
}

/// How many entries of meta<T>::members are not data members (computed properties, getters
/// and setters): added after the reflected members.
template <class T>
constexpr std::size_t added_member_count = std::apply(
    [](const auto&... p) { return (std::size_t{0} + ... + (requires { p.member; } ? 0u : 1u)); }, meta<T>::members);

/// The reflected members, with the changes meta<T>::members makes, then its added properties.
template <class T, std::size_t... J>
std::array<property_descriptor, member_count<T> + added_member_count<T>> refined_properties(std::index_sequence<J...>) {
  std::array<property_descriptor, member_count<T> + added_member_count<T>> all{};
  const auto reflected = reflected_properties<T>(std::make_index_sequence<member_count<T>>{});
  std::copy(reflected.begin(), reflected.end(), all.begin());
  std::size_t added = member_count<T>;
  const auto refine = [&]<std::size_t K>(std::integral_constant<std::size_t, K>) {
    static constexpr auto& p = std::get<K>(meta<T>::members);
    if constexpr (requires { p.member; }) {
      constexpr std::size_t i = reflected_index_of<T>(p.member);
      static_assert(i < member_count<T>, "meta<T>::members names a member reflection does not see");
      property_descriptor& d = all[i];
      const std::string_view declared = d.name;
      apply_property_options(d, p);
      if (d.name.empty()) d.name = declared;
    } else {
      all[added++] = meta_property<T, K, &meta<T>::members>();
    }
  };
  (refine(std::integral_constant<std::size_t, J>{}), ...);
  return all;
}

template <class T, class Binding>
struct constructor_of;
template <class T, class... A>
struct constructor_of<T, constructor_binding<A...>> {
  static_assert(std::is_constructible_v<T, A&&...>, "meta<T>::constructor names a constructor T does not have");
  static constexpr descriptor_fn types[] = {&descriptor_of<A>...};
  template <std::size_t... I>
  static void construct(void* storage, void* const* arguments, std::index_sequence<I...>) {
    ::new (storage) T(std::move(*static_cast<A*>(arguments[I]))...);
  }
  static constexpr constructor_descriptor descriptor{
      meta<T>::constructor.parameters, types,
      [](void* storage, void* const* arguments) { construct(storage, arguments, std::index_sequence_for<A...>{}); }};
};

/// An aggregate without a default constructor (a member without one), described by
/// reflection alone: read as meta<T>::constructor would read it, with every member an
/// argument of its aggregate initialization.
template <class T>
concept built_from_members = !std::is_default_constructible_v<T> && fully_reflectable<T> &&
                             !has_meta_properties<T> && !has_meta_members<T> && !requires { meta<T>::constructor; };

template <class T, class Indices = std::make_index_sequence<member_count<T>>>
struct aggregate_constructor;
template <class T, std::size_t... I>
struct aggregate_constructor<T, std::index_sequence<I...>> {
  static constexpr descriptor_fn types[] = {&descriptor_of<member_type_t<T, I>>...};
  static constexpr constructor_descriptor descriptor{
      member_names<T>, types, [](void* storage, void* const* arguments) {
        ::new (storage) T{std::move(*static_cast<member_type_t<T, I>*>(arguments[I]))...};
      }};
};

template <class T>
type_descriptor object_descriptor() {
  type_descriptor d = base_descriptor<T>(type_kind::object);
  if constexpr (has_meta_properties<T>) {
    if constexpr (fully_reflectable<T>) static_assert(properties_cover_every_member<T>());
    static const auto properties =
        meta_properties<T>(std::make_index_sequence<std::tuple_size_v<std::remove_cvref_t<decltype(meta<T>::properties)>>>{});
    d.properties = properties;
  } else if constexpr (has_meta_members<T>) {
    static_assert(fully_reflectable<T>,
                  "meta<T>::members changes the reflected members of an aggregate without base classes; T is "
                  "not one: list every property in meta<T>::properties");
    static const auto properties =
        refined_properties<T>(std::make_index_sequence<std::tuple_size_v<std::remove_cvref_t<decltype(meta<T>::members)>>>{});
    d.properties = properties;
  } else {
    static const auto properties = reflected_properties<T>(std::make_index_sequence<member_count<T>>{});
    d.properties = properties;
  }
  if constexpr (requires { meta<T>::disallow_unmapped; }) d.disallow_unmapped = meta<T>::disallow_unmapped;
  if constexpr (requires { meta<T>::constructor; }) {
    d.constructor = &constructor_of<T, std::remove_cvref_t<decltype(meta<T>::constructor)>>::descriptor;
  } else if constexpr (built_from_members<T>) {
    d.constructor = &aggregate_constructor<T>::descriptor;
  }
  if constexpr (std::equality_comparable<T> && std::is_default_constructible_v<T>) {
    d.is_default = [](const void* object) { return *static_cast<const T*>(object) == T{}; };
  }
  return d;
}

// ---- containers and vocabulary types ----

template <class C>
type_descriptor sequence_descriptor() {
  using E = typename C::value_type;
  type_descriptor d = base_descriptor<C>(type_kind::sequence);
  d.element = &descriptor_of<E>;
  d.is_default = [](const void* c) { return static_cast<const C*>(c)->size() == 0; };
  static constexpr sequence_ops ops = [] {
    sequence_ops o{};
    o.size = [](const void* c) -> std::size_t { return static_cast<const C*>(c)->size(); };
    if constexpr (contiguous_container<C>) {
      o.data = [](const void* c) -> const void* { return std::data(*static_cast<const C*>(c)); };
    }
    o.for_each = [](const void* c, bool (*visit)(void*, const void*), void* context) {
      for (const E& e : *static_cast<const C*>(c)) {
        if (!visit(context, &e)) return false;
      }
      return true;
    };
    o.stride = sizeof(E);
    if constexpr (is_std_array<C>) {
      o.fixed_size = std::tuple_size_v<C>;
      o.at = [](void* c, std::size_t i) -> void* { return &(*static_cast<C*>(c))[i]; };
      o.clear = [](void*) {};
    } else {
      o.clear = [](void* c) { static_cast<C*>(c)->clear(); };
      if constexpr (appendable_container<C> && std::is_default_constructible_v<E>) {
        o.emplace_back = [](void* c) -> void* {
          C& container = *static_cast<C*>(c);
          // Room for four at the first element, as .NET's List<T> grows (libstdc++'s vector
          // would allocate for one, then two: short arrays, such as GeoJSON's points, took
          // three allocations each).
          if constexpr (requires { container.reserve(4); }) {
            if (container.capacity() == 0) container.reserve(4);
          }
          return &container.emplace_back();
        };
      } else if constexpr (pushable_container<C> || appendable_container<C>) {
        o.insert = [](void* c, void* e) { static_cast<C*>(c)->push_back(std::move(*static_cast<E*>(e))); };
      } else {
        o.insert = [](void* c, void* e) { static_cast<C*>(c)->insert(std::move(*static_cast<E*>(e))); };
      }
    }
    return o;
  }();
  d.sequence = &ops;
  return d;
}

template <class C>
type_descriptor bytes_descriptor() {
  type_descriptor d = base_descriptor<C>(type_kind::bytes);
  d.is_default = [](const void* c) { return static_cast<const C*>(c)->size() == 0; };
  static constexpr bytes_ops ops{
      [](const void* c) -> std::size_t { return static_cast<const C*>(c)->size(); },
      [](const void* c) { return reinterpret_cast<const unsigned char*>(std::data(*static_cast<const C*>(c))); },
      [](void* c, std::size_t n) {
        auto& bytes = *static_cast<C*>(c);
        bytes.resize(n);
        return reinterpret_cast<unsigned char*>(std::data(bytes));
      },
  };
  d.bytes = &ops;
  return d;
}

template <class M>
type_descriptor map_descriptor() {
  using K = typename M::key_type;
  using V = typename M::mapped_type;
  type_descriptor d = base_descriptor<M>(type_kind::map);
  d.element = &descriptor_of<V>;
  d.map_key = &descriptor_of<K>;
  d.is_default = [](const void* m) { return static_cast<const M*>(m)->size() == 0; };
  static constexpr map_ops ops{
      [](const void* m) -> std::size_t { return static_cast<const M*>(m)->size(); },
      [](const void* m, bool (*visit)(void*, const void*, const void*), void* context) {
        for (const auto& [key, value] : *static_cast<const M*>(m)) {
          if (!visit(context, &key, &value)) return false;
        }
        return true;
      },
      [](void* m) { static_cast<M*>(m)->clear(); },
      [](void* m, void* key) -> void* {
        M& map = *static_cast<M*>(m);
        K& k = *static_cast<K*>(key);
        if constexpr (!std::is_default_constructible_v<V>) {
          return nullptr;
        } else if constexpr (requires { map.try_emplace(map.end(), std::move(k)); } && std::is_move_assignable_v<V>) {
          // Keys often arrive in the map's order (a sorted map written out): the end is then
          // the right place and the insertion takes constant time.
          const std::size_t before = map.size();
          const auto it = map.try_emplace(map.end(), std::move(k));
          if (map.size() == before) it->second = V{};  // a duplicate key: the last one wins
          return &it->second;
        } else {
          return &map.insert_or_assign(std::move(k), V{}).first->second;
        }
      },
      [](void* m, void* key, void* value) {
        static_cast<M*>(m)->insert_or_assign(std::move(*static_cast<K*>(key)), std::move(*static_cast<V*>(value)));
      },
  };
  d.map = &ops;
  return d;
}

template <class N>
type_descriptor nullable_descriptor() {
  using V = std::remove_cvref_t<decltype(*std::declval<N&>())>;
  type_descriptor d = base_descriptor<N>(type_kind::nullable);
  d.element = &descriptor_of<V>;
  d.is_default = [](const void* n) { return !*static_cast<const N*>(n); };
  static constexpr nullable_ops ops{
      [](const void* n) -> const void* {
        const N& holder = *static_cast<const N*>(n);
        return holder ? std::addressof(*holder) : nullptr;
      },
      [](void* n) -> void* {
        N& holder = *static_cast<N*>(n);
        if constexpr (!std::is_default_constructible_v<V>) {
          return nullptr;
        } else if constexpr (is_optional<N>) {
          return std::addressof(holder.emplace());
        } else if constexpr (is_unique_ptr<N>) {
          holder = std::make_unique<V>();
          return holder.get();
        } else {
          holder = std::make_shared<V>();
          return holder.get();
        }
      },
      [](void* n, void* value) {
        N& holder = *static_cast<N*>(n);
        V& v = *static_cast<V*>(value);
        if constexpr (is_optional<N>) {
          holder.emplace(std::move(v));
        } else if constexpr (is_unique_ptr<N>) {
          holder = std::make_unique<V>(std::move(v));
        } else {
          holder = std::make_shared<V>(std::move(v));
        }
      },
      [](void* n) { static_cast<N*>(n)->reset(); },
  };
  d.nullable = &ops;
  return d;
}

template <class T, std::size_t... I>
type_descriptor tuple_descriptor(std::index_sequence<I...>) {
  type_descriptor d = base_descriptor<T>(type_kind::tuple);
  static const std::array<element_descriptor, sizeof...(I)> elements = with_sample<T>([](const T& sample) {
    return std::array<element_descriptor, sizeof...(I)>{element_descriptor{
        &descriptor_of<std::remove_cvref_t<std::tuple_element_t<I, T>>>, offset_between(sample, std::get<I>(sample)),
        {}}...};
  });
  d.elements = elements;
  return d;
}

template <class A>
constexpr std::string_view tag_of() noexcept {
  if constexpr (requires { meta<A>::tag; }) {
    return meta<A>::tag;
  } else {
    return {};
  }
}

template <class V, std::size_t... I>
type_descriptor variant_descriptor(std::index_sequence<I...>) {
  type_descriptor d = base_descriptor<V>(type_kind::variant);
  static const std::array<element_descriptor, sizeof...(I)> alternatives{
      element_descriptor{&descriptor_of<std::variant_alternative_t<I, V>>, 0, tag_of<std::variant_alternative_t<I, V>>()}...};
  d.elements = alternatives;
  if constexpr (requires { meta<V>::discriminator; }) {
    d.discriminator = meta<V>::discriminator;
  } else {
    d.discriminator = "$type";
  }
  static constexpr variant_ops ops{
      [](const void* v) -> std::size_t { return static_cast<const V*>(v)->index(); },
      [](const void* v) -> const void* {
        return std::visit([](const auto& alternative) -> const void* { return std::addressof(alternative); },
                          *static_cast<const V*>(v));
      },
      [](void* v, std::size_t index) -> void* {
        using emplace_fn = void* (*)(V&);
        // Alternatives that cannot be default-constructed are refused when the type is resolved.
        static constexpr emplace_fn table[] = {[](V& x) -> void* {
          if constexpr (std::is_default_constructible_v<std::variant_alternative_t<I, V>>) {
            return std::addressof(x.template emplace<I>());
          } else {
            return nullptr;
          }
        }...};
        return table[index](*static_cast<V*>(v));
      },
  };
  d.variant = &ops;
  return d;
}

template <class E>
type_descriptor enum_descriptor() {
  type_descriptor d = base_descriptor<E>(type_kind::enumeration);
  d.underlying = scalar_kind<std::underlying_type_t<E>>();
  d.is_default = [](const void* e) { return *static_cast<const E*>(e) == E{}; };
  if constexpr (has_meta_enumerators<E>) {
    static constexpr auto names = [] {
      constexpr auto& list = meta<E>::enumerators;
      std::array<enumerator_descriptor, std::size(list)> a{};
      for (std::size_t i = 0; i < a.size(); ++i) {
        a[i] = {static_cast<std::int64_t>(list[i].value), list[i].name};
      }
      return a;
    }();
    d.enumerators = names;
  } else if constexpr (reflectable_enum<E>) {
    static constexpr auto names = [] {
      std::array<enumerator_descriptor, reflected_enumerator_count<E>> a{};
      std::size_t n = 0;
      for (std::size_t i = 0; i < enumerator_names_by_value<E>.size(); ++i) {
        if (enumerator_names_by_value<E>[i].empty()) continue;
        a[n++] = {reflected_range<E>::min + static_cast<std::int64_t>(i), enumerator_names_by_value<E>[i]};
      }
      return a;
    }();
    d.enumerators = names;
  }
  return d;
}

template <class T>
type_descriptor custom_descriptor(const converter_descriptor* converter) {
  type_descriptor d = base_descriptor<T>(type_kind::custom);
  d.converter = converter;
  return d;
}

template <class T>
type_descriptor make_descriptor() {
  if constexpr (has_meta_converter<T>) {
    return custom_descriptor<T>(static_converter<typename meta<T>::converter>());
  } else if constexpr (has_builtin_converter<T>) {
    return custom_descriptor<T>(static_converter<typename builtin_converter<T>::type>());
  } else if constexpr (has_meta_properties<T> || has_meta_members<T>) {
    return object_descriptor<T>();
  } else if constexpr (std::is_enum_v<T>) {
    return enum_descriptor<T>();
  } else if constexpr (scalar<T>) {
    type_descriptor d = base_descriptor<T>(scalar_kind<T>());
    if constexpr (std::is_floating_point_v<T>) {
      // -0.0 == 0.0, but leaving -0.0 out would read back as 0.0: compare the bits.
      using bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
      d.is_default = [](const void* v) { return std::bit_cast<bits>(*static_cast<const T*>(v)) == 0; };
    } else {
      d.is_default = [](const void* v) { return *static_cast<const T*>(v) == T{}; };
    }
    return d;
  } else if constexpr (std::same_as<T, std::string>) {
    type_descriptor d = base_descriptor<T>(type_kind::string);
    d.is_default = [](const void* s) { return static_cast<const std::string*>(s)->empty(); };
    return d;
  } else if constexpr (std::same_as<T, std::string_view>) {
    type_descriptor d = base_descriptor<T>(type_kind::string_view);
    d.construct = nullptr;  // never read: the text it would view does not outlive reading
    d.is_default = [](const void* s) { return static_cast<const std::string_view*>(s)->empty(); };
    return d;
  } else if constexpr (is_optional<T> || is_unique_ptr<T> || is_shared_ptr<T>) {
    return nullable_descriptor<T>();
  } else if constexpr (byte_vector<T>) {
    return bytes_descriptor<T>();
  } else if constexpr (map_container<T>) {
    return map_descriptor<T>();
  } else if constexpr (is_std_array<T> || appendable_container<T> || pushable_container<T> || set_container<T>) {
    return sequence_descriptor<T>();
  } else if constexpr (is_tuple_like<T>) {
    return tuple_descriptor<T>(std::make_index_sequence<std::tuple_size_v<T>>{});
  } else if constexpr (is_variant<T>) {
    return variant_descriptor<T>(std::make_index_sequence<std::variant_size_v<T>>{});
  } else if constexpr (reflectable_aggregate<T>) {
    return object_descriptor<T>();
  } else {
    static_assert(converter_from_options<T>,
                  "jsonjit cannot describe this type (see the type in 'make_descriptor<T>' above): it is not an "
                  "aggregate (it has constructors, private members, virtual functions or base classes) and "
                  "jsonjit::meta<T> gives neither properties nor a converter. Specialize jsonjit::meta<T> "
                  "(<jsonjit/meta.hpp>); for a converter that serializer_options::add_converter supplies at "
                  "run time, say so there: static constexpr bool converter_from_options = true;");
    return base_descriptor<T>(type_kind::opaque);
  }
}

}  // namespace detail

/// The description of T (made on first use; thread-safe; lives as long as the program).
template <class T>
const type_descriptor& descriptor_of() noexcept {
  if constexpr (!std::same_as<T, std::remove_cv_t<T>>) {
    return descriptor_of<std::remove_cv_t<T>>();
  } else {
    static const type_descriptor descriptor = detail::make_descriptor<T>();
    return descriptor;
  }
}

}  // namespace jsonjit
JSONJIT_EXPORT_END
