// The mutable JSON tree: System.Text.Json's JsonNode in idiomatic C++ (a value type).
//
//   jsonjit::node config = jsonjit::node::object();
//   config.set("name", "jsonjit");
//   jsonjit::node& tags = config.set("tags", jsonjit::node::array());
//   tags.push_back("fast");
//   config["limits"]["depth"] = 64;          // operator[] adds missing members (null)
//   std::string text = config.to_json().value();   // {"name":"jsonjit","tags":["fast"],...}
//   auto parsed = jsonjit::node::parse(text);      // or node::from(document.root())
//
// Objects keep insertion order and unique names (set() replaces a value in place). Children
// live at stable addresses: a reference to a child stays valid while it is in the tree, even
// as siblings are added, and each child knows its parent, so path() names where it is.
// Copying a node copies its whole subtree. Nothing recurses: trees may be as deep as memory
// allows.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include <jsonjit/detail/export.hpp>
#include <jsonjit/document.hpp>
#include <jsonjit/error.hpp>
#include <jsonjit/writer.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

namespace detail {
struct node_access;
}  // namespace detail

class node {
  struct name_index;
  struct member_slot;

 public:
  struct object_tag {};
  struct array_tag {};

  /// null.
  node() noexcept = default;
  node(std::nullptr_t) noexcept {}              // NOLINT(google-explicit-constructor)
  node(bool value) noexcept : value_(value) {}  // NOLINT(google-explicit-constructor)
  /// Integers are int64 where they fit, else uint64.
  template <class T>
  requires(std::is_integral_v<T> && !std::is_same_v<T, bool> && !std::is_same_v<T, char>) node(T value)
  noexcept  // NOLINT(google-explicit-constructor)
      : value_(std::is_signed_v<T> ||
                       static_cast<std::uint64_t>(value) <= static_cast<std::uint64_t>(INT64_MAX)
                   ? storage(std::in_place_type<std::int64_t>, static_cast<std::int64_t>(value))
                   : storage(std::in_place_type<std::uint64_t>, static_cast<std::uint64_t>(value))) {}
  node(double value) noexcept : value_(value) {}                  // NOLINT(google-explicit-constructor)
  node(std::string value) noexcept : value_(std::move(value)) {}  // NOLINT(google-explicit-constructor)
  node(std::string_view value) : value_(std::string(value)) {}    // NOLINT(google-explicit-constructor)
  node(const char* value) : value_(std::string(value)) {}         // NOLINT(google-explicit-constructor)
  explicit node(object_tag) : value_(object_storage{}) {}
  explicit node(array_tag) : value_(array_storage{}) {}
  static node object() { return node(object_tag{}); }
  static node array() { return node(array_tag{}); }

  /// A copy of an element of a document. Numbers keep their kind (int64, uint64, double);
  /// where a name repeats in an object, the last value is kept, at the first one's place.
  static node from(const element& e);
  /// Parses `json` (through a document; the same options and errors).
  static result<node, parse_error> parse(std::string_view json, const document_options& options = {});
  /// Reads `source` to its end, then parses it (document::parse(input&)).
  static result<node, parse_error> parse(input& source, const document_options& options = {});

  /// A deep copy; the copy has no parent.
  node(const node& other);
  node& operator=(const node& other);
  /// Takes the value and children of `other`, which becomes null; the parent stays.
  node(node&& other) noexcept;
  /// As the move constructor; `other` may be a descendant of this node (r = std::move(r["a"])).
  /// Moving an ancestor into its own descendant would make the node own itself: refused with
  /// json_error(node_cycle) (the program stops where exceptions are disabled) and changes
  /// nothing; the same holds for set() and push_back(), while insert() returns the error.
  /// (A node moved into itself is such a cycle too; a copy, `a.push_back(a)`, is not.)
  node& operator=(node&& other);
  ~node();

  /// Nodes are allocated through a small per-thread cache of freed nodes (edits that add and
  /// remove members reuse them without the allocator); placement new is as usual.
  static void* operator new(std::size_t size);
  static void operator delete(void* block, std::size_t size) noexcept;
  static void* operator new(std::size_t, void* place) noexcept { return place; }
  static void operator delete(void*, void*) noexcept {}

  json_type type() const noexcept {
    // The storage's alternatives in order: null, bool, int64, uint64, double, string, array, object.
    static constexpr json_type types[] = {json_type::null,   json_type::boolean, json_type::number,
                                          json_type::number, json_type::number,  json_type::string,
                                          json_type::array,  json_type::object};
    return types[value_.index()];
  }
  bool is_null() const noexcept { return std::holds_alternative<std::nullptr_t>(value_); }
  bool is_bool() const noexcept { return std::holds_alternative<bool>(value_); }
  bool is_number() const noexcept { return is_int64() || is_uint64() || is_double(); }
  bool is_int64() const noexcept { return std::holds_alternative<std::int64_t>(value_); }
  bool is_uint64() const noexcept { return std::holds_alternative<std::uint64_t>(value_); }
  bool is_double() const noexcept { return std::holds_alternative<double>(value_); }
  bool is_string() const noexcept { return std::holds_alternative<std::string>(value_); }
  bool is_array() const noexcept { return std::holds_alternative<array_storage>(value_); }
  bool is_object() const noexcept { return std::holds_alternative<object_storage>(value_); }

  // Typed access, with the same errors as element's getters (wrong_type, number_not_integer,
  // number_out_of_range).
  result<bool> get_bool() const noexcept;
  result<std::int32_t> get_int32() const noexcept;
  result<std::int64_t> get_int64() const noexcept;
  result<std::uint32_t> get_uint32() const noexcept;
  result<std::uint64_t> get_uint64() const noexcept;
  result<double> get_double() const noexcept;
  result<std::string_view> get_string() const noexcept;

  /// Elements of an array or members of an object; 0 for other values.
  std::size_t size() const noexcept {
    if (const auto* a = std::get_if<array_storage>(&value_)) return a->size();
    if (const auto* o = std::get_if<object_storage>(&value_)) return o->members.size() - o->erased;
    return 0;
  }

  // Arrays. Indexes past the end are errors (index_out_of_range), not undefined behaviour.
  /// Appends `value` to an array (null becomes an empty array first; other values are an
  /// error, as for operator[]); returns the stored value.
  node& push_back(node&& value);
  node& push_back(const node& value) { return push_back(node(value)); }
  /// Inserts `value` before `index` (index <= size()); returns it.
  result<node*> insert(std::size_t index, node&& value);
  result<node*> insert(std::size_t index, const node& value) { return insert(index, node(value)); }
  /// The element at `index`, which must exist: the error names it (`at $.tags[5]: the index is
  /// past the end of the array`; wrong_type where this is not an array).
  result<node*, parse_error> at(std::size_t index);
  result<const node*, parse_error> at(std::size_t index) const;
  /// Removes the element at `index`; false if there is none.
  bool erase(std::size_t index);

  // Objects.
  /// Sets the property `name` of an object (null becomes an empty object first; other values
  /// are an error, as for operator[]): replaces its value in place, or appends it. Returns the
  /// stored value.
  node& set(std::string_view name, node&& value);
  node& set(std::string_view name, const node& value);
  /// The value of `name`, or nullptr (also for values that are not objects).
  /// (Lookups in objects of more than 8 members build a name index the first time, so they
  /// may allocate.)
  node* find(std::string_view name);
  const node* find(std::string_view name) const;
  /// The value of `name`, which must exist: the error names it and where (`at $.user: the
  /// object has no property of that name: "email"`; wrong_type where this is not an object).
  result<node*, parse_error> at(std::string_view name);
  result<const node*, parse_error> at(std::string_view name) const;
  bool contains(std::string_view name) const { return find(name) != nullptr; }
  /// Removes the property; false if there is none.
  bool erase(std::string_view name);
  /// The position of the property `name` among the members (insertion order), or nullopt.
  std::optional<std::size_t> index_of(std::string_view name) const;
  /// Inserts the property `name` before the member at `index` (index <= size()); a null
  /// becomes an object first. Fails with duplicate_property_name where the object has the
  /// name already, index_out_of_range, wrong_type where this is neither an object nor null,
  /// node_cycle where `value` holds this node.
  result<node*> insert(std::size_t index, std::string_view name, node&& value);
  /// Renames the property `from` to `to`, keeping its value and its place; the value. Fails
  /// with property_not_found where there is no `from`, duplicate_property_name where another
  /// property is already named `to`, wrong_type where this is not an object.
  result<node*> rename(std::string_view from, std::string_view to);
  /// The value of `name`, added as null if missing. The node must be an object or null (which
  /// becomes an object); anything else is an error: json_error is thrown, or the program stops
  /// where exceptions are disabled.
  node& operator[](std::string_view name);
  node& operator[](const char* name);
  /// The value of `name`, which must exist: an error otherwise, naming it and the path.
  const node& operator[](std::string_view name) const;
  node& operator[](std::nullptr_t) = delete;
  /// The element at `index` of an array. It must exist (push_back() appends): an index past
  /// the end, or a node that is not an array, is an error as for operator[](name), which
  /// names the path (`$.a.b[3]`). An integer literal selects this overload, never the name's.
  template <class Index>
  requires(std::is_integral_v<Index> && !std::is_same_v<Index, bool>) node& operator[](Index index) {
    return element_at(checked_index(index));
  }
  template <class Index>
  requires(std::is_integral_v<Index> && !std::is_same_v<Index, bool>) const node& operator[](Index index) const {
    return element_at(checked_index(index));
  }

  /// The parent array or object, or nullptr at the top.
  node* parent() noexcept { return parent_; }
  const node* parent() const noexcept { return parent_; }
  /// The JSON path from the topmost ancestor: "$", "$.a[2]['b c']".
  std::string path() const;

  /// A member seen through an iteration of members().
  template <bool is_const>
  struct member_ref {
    const std::string& name;
    std::conditional_t<is_const, const node&, node&> value;
  };
  template <class Slot, class Item>
  class child_range;

  using element_range = child_range<std::unique_ptr<node>, node&>;
  using const_element_range = child_range<std::unique_ptr<node>, const node&>;
  using member_range = child_range<member_slot, member_ref<false>>;
  using const_member_range = child_range<member_slot, member_ref<true>>;

  /// An array's elements, in order; empty for other values.
  element_range elements() noexcept;
  const_element_range elements() const noexcept;
  /// An object's members, in insertion order; empty for other values.
  member_range members() noexcept;
  const_member_range members() const noexcept;

  void write(writer& w) const;
  result<std::string> to_json(const writer_options& options = {}) const;

  /// Deep equality with element's rules (numbers by value, objects as sets of names).
  friend bool operator==(const node& a, const node& b);
  friend struct detail::node_access;  // the library's bulk walks (diff's hashes) read the storage

 private:
  using array_storage = std::vector<std::unique_ptr<node>>;
  struct member_slot {  // (declared at the top: the public range types name it)
    std::string name;
    std::unique_ptr<node> value;
  };
  struct name_index_deleter {  // name_index is private to node.cpp
    void operator()(name_index* index) const noexcept;
  };
  struct object_storage {
    std::vector<member_slot> members;
    std::unique_ptr<name_index, name_index_deleter> index;  // for larger objects, built when needed
    // Members erased from an object with an index leave their slot behind, value null, until
    // they are half the slots (node.cpp, erase): an erase costs no shift of the members and no
    // renumbering of the index. Iterations skip them.
    std::size_t erased = 0;
  };
  using storage = std::variant<std::nullptr_t, bool, std::int64_t, std::uint64_t, double, std::string,
                               array_storage, object_storage>;
  const std::vector<member_slot>* member_slots() const noexcept {
    const auto* o = std::get_if<object_storage>(&value_);
    return o != nullptr ? &o->members : nullptr;
  }
  /// The children in `slots` (none if null), as Range.
  template <class Range, class Slots>
  static Range children(const Slots* slots) noexcept {
    if (slots == nullptr) return {};
    return {slots->begin(), slots->end()};
  }
  /// Equal null, booleans, strings or numbers of the same kind.
  static bool same_scalar(const node& a, const node& b) noexcept;

  node& element_at(std::size_t index) { return const_cast<node&>(std::as_const(*this).element_at(index)); }
  const node& element_at(std::size_t index) const {
    const auto* a = std::get_if<array_storage>(&value_);
    if (a == nullptr || index >= a->size()) refuse_element(index);
    return *(*a)[index];
  }
  [[noreturn]] void refuse_element(std::size_t index) const;
  template <class Index>
  std::size_t checked_index(Index index) const {
    if constexpr (std::is_signed_v<Index>) {
      if (index < 0) refuse_negative_index();
    }
    return static_cast<std::size_t>(index);
  }
  [[noreturn]] void refuse_negative_index() const;
  /// Whether `n` is this node or one of its ancestors.
  bool is_within(const node& n) const noexcept;
  /// Whether taking `value` as this node's value or child would put this node inside itself.
  bool would_contain_itself(const node& value) const noexcept;
  [[noreturn]] static void refuse_cycle();
  /// `value` (moved or copied into a node of its own) as a child of this node, which must not
  /// be inside it. (Defined in node.cpp, its only user.)
  template <class Value>
  std::unique_ptr<node> adopt(Value&& value);
  /// Appends a member known not to exist yet, its value adopted; `hash`: its name's in the
  /// object's index, where there is one (from the lookup that did not find it).
  node& append_member(object_storage& o, std::string_view name, std::unique_ptr<node> child, std::size_t hash);
  /// Drops the slots of erased members; the index, which numbers the slots, is refilled.
  static void compact(object_storage& o);
  array_storage& as_array();    // null becomes an array
  object_storage& as_object();  // null becomes an object
  /// Where a member is: its slot (SIZE_MAX where none is) and its name's hash where the
  /// object is indexed (what adding or removing it next needs).
  struct name_lookup {
    std::size_t slot;
    std::size_t hash;
  };
  name_lookup find_slot(std::string_view name) const;
  std::size_t find_index(std::string_view name) const { return find_slot(name).slot; }
  /// Moves every descendant out and destroys them without recursion.
  void destroy_children() noexcept;
  /// Points the children's parent at this node (after a move).
  void reparent_children() noexcept;
  /// `from`'s value as this node's, where it is a scalar (containers are copied level by level).
  void copy_scalar(const node& from);

  storage value_;
  node* parent_ = nullptr;
};

// The friend again at namespace scope: declared in class only, a shared library would not export it.
bool operator==(const node& a, const node& b);

/// Children of a node (Slot: an array's or an object's entry) seen as Item: node& for
/// elements, member_ref for members (const through a const node).
template <class Slot, class Item>
class node::child_range {
  using base = typename std::vector<Slot>::const_iterator;

 public:
  class iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = std::remove_cvref_t<Item>;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = Item;
    iterator() = default;
    iterator(base it, base end) : it_(it), end_(end) { skip_erased(); }
    Item operator*() const {
      if constexpr (std::is_same_v<Slot, member_slot>) {
        return {it_->name, *it_->value};
      } else {
        return **it_;
      }
    }
    iterator& operator++() {
      ++it_;
      skip_erased();
      return *this;
    }
    iterator operator++(int) {
      iterator before = *this;
      ++*this;
      return before;
    }
    friend bool operator==(const iterator& a, const iterator& b) { return a.it_ == b.it_; }

   private:
    void skip_erased() {
      if constexpr (std::is_same_v<Slot, member_slot>) {
        while (it_ != end_ && it_->value == nullptr) ++it_;
      }
    }
    base it_{}, end_{};
  };
  child_range() = default;  // empty
  child_range(base first, base last) : first_(first), last_(last) {}
  iterator begin() const { return iterator(first_, last_); }
  iterator end() const { return iterator(last_, last_); }
  bool empty() const { return begin() == end(); }

 private:
  base first_{}, last_{};
};

inline node::element_range node::elements() noexcept {
  return children<element_range>(std::get_if<array_storage>(&value_));
}
inline node::const_element_range node::elements() const noexcept {
  return children<const_element_range>(std::get_if<array_storage>(&value_));
}
inline node::member_range node::members() noexcept {
  return children<member_range>(member_slots());
}
inline node::const_member_range node::members() const noexcept {
  return children<const_member_range>(member_slots());
}

namespace detail {
/// A node as a typed value (a free-form member, extension data): read exactly as node::parse
/// reads the value's text.
struct node_converter {
  using value_type = node;
  void write(writer& out, const node& value, const serializer_options& options) const;
  error_code read(reader& in, node& value, const serializer_options& options) const;
};
template <>
struct builtin_converter<node> {
  using type = node_converter;
};
}  // namespace detail

}  // namespace jsonjit
JSONJIT_EXPORT_END
