// The mutable tree: construction, copying and destruction without recursion, typed access,
// editing arrays and objects, parents and paths.
#include <jsonjit/node.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <utility>

#include "dom/json_path_p.hpp"
#include "text/narrow_p.hpp"

namespace jsonjit {

// Larger objects find names through a hash index: an open-addressing table (linear probing,
// at most half full) of member slots. It holds slot numbers, not views of the names, so it
// stays valid when the members' storage moves; an erased member leaves its slot (value null)
// and its entry is deleted, so an erase costs a lookup, until erased slots are half the
// object's and it is compacted (the index is then filled again, in its own table).
struct node::name_index {
  struct entry {
    std::size_t hash;
    std::size_t position;  // SIZE_MAX: empty
  };
  std::vector<entry> table;
  std::size_t count = 0;

  /// Names are short: hashed 8 bytes at a time, seeded per process (by where the program is
  /// loaded), so that names colliding in one run do not in another. (std::hash's Murmur was
  /// the largest cost of merge patches.)
  static std::size_t hash_of(std::string_view name) noexcept {
    static const int anchor = 0;
    std::uint64_t h = (reinterpret_cast<std::uintptr_t>(&anchor) * 0x9E3779B97F4A7C15ull) ^ name.size();
    const char* p = name.data();
    std::size_t left = name.size();
    for (; left >= 8; p += 8, left -= 8) {
      std::uint64_t word;
      std::memcpy(&word, p, 8);
      h = (h ^ word) * 0xBF58476D1CE4E5B9ull;
      h ^= h >> 29;
    }
    if (left > 0) {  // the rest by whole loads (a copy of `left` bytes would go byte by byte)
      std::uint64_t word;
      if (name.size() >= 8) {
        std::memcpy(&word, name.data() + name.size() - 8, 8);  // the last 8, overlapping
      } else if (left >= 4) {
        std::uint32_t first, last;
        std::memcpy(&first, p, 4);
        std::memcpy(&last, p + left - 4, 4);
        word = first | std::uint64_t{last} << 32;
      } else {
        auto byte = [p](std::size_t i) { return std::uint64_t{static_cast<unsigned char>(p[i])}; };
        word = byte(0) | byte(left / 2) << 8 | byte(left - 1) << 16;
      }
      h = (h ^ word) * 0x94D049BB133111EBull;
    }
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ull;
    return static_cast<std::size_t>(h ^ (h >> 30));
  }
  /// Whether two names are equal: short ones by whole loads (memcmp's call was a fifth of a
  /// lookup's instructions).
  static bool same_name(std::string_view a, std::string_view b) noexcept {
    const std::size_t n = a.size();
    if (n != b.size()) return false;
    auto load = [](const char* p, auto word) {
      std::memcpy(&word, p, sizeof word);
      return word;
    };
    if (n >= 8) {
      if (n > 16) return std::memcmp(a.data(), b.data(), n) == 0;
      return load(a.data(), std::uint64_t{}) == load(b.data(), std::uint64_t{}) &&
             load(a.data() + n - 8, std::uint64_t{}) == load(b.data() + n - 8, std::uint64_t{});
    }
    if (n >= 4) {
      return load(a.data(), std::uint32_t{}) == load(b.data(), std::uint32_t{}) &&
             load(a.data() + n - 4, std::uint32_t{}) == load(b.data() + n - 4, std::uint32_t{});
    }
    for (std::size_t i = 0; i < n; ++i) {
      if (a[i] != b[i]) return false;
    }
    return true;
  }
  std::size_t mask() const noexcept { return table.size() - 1; }

  /// Where `name` (of hash `hash`) is, or the empty entry where it would go.
  std::size_t probe(const std::vector<member_slot>& members, std::string_view name, std::size_t hash) const {
    for (std::size_t at = hash & mask();; at = (at + 1) & mask()) {
      const entry& e = table[at];
      if (e.position == SIZE_MAX || (e.hash == hash && same_name(members[e.position].name, name))) return at;
    }
  }
  std::size_t find(const std::vector<member_slot>& members, std::string_view name, std::size_t hash) const {
    return table[probe(members, name, hash)].position;
  }
  /// Adds the member at `position` (its name, of hash `hash`, is not in the table yet).
  void add(std::size_t position, std::size_t hash) {
    if ((count + 1) * 2 > table.size()) grow();
    std::size_t at = hash & mask();
    while (table[at].position != SIZE_MAX) at = (at + 1) & mask();
    table[at] = {hash, position};
    ++count;
  }
  /// Removes the entry of the member in slot `position` (its name, of hash `hash`, still there).
  void remove(const std::vector<member_slot>& members, std::size_t position, std::size_t hash) {
    std::size_t hole = probe(members, members[position].name, hash);
    // Backward-shift deletion: entries after the hole that it separates from their home
    // move into it, so probes never meet a gap before their entry.
    for (std::size_t next = (hole + 1) & mask(); table[next].position != SIZE_MAX; next = (next + 1) & mask()) {
      const std::size_t home = table[next].hash & mask();
      const bool hole_between = hole <= next ? (home <= hole || home > next) : (home <= hole && home > next);
      if (hole_between) {
        table[hole] = table[next];
        hole = next;
      }
    }
    table[hole].position = SIZE_MAX;
    --count;
  }
  /// Empties the table, keeping its size, and adds every member.
  void refill(const std::vector<member_slot>& members) {
    std::fill(table.begin(), table.end(), entry{0, SIZE_MAX});
    count = 0;
    for (std::size_t i = 0; i < members.size(); ++i) add(i, hash_of(members[i].name));
  }
  void grow() {
    std::vector<entry> old(std::max<std::size_t>(16, table.size() * 2), entry{0, SIZE_MAX});
    old.swap(table);
    for (const entry& e : old) {
      if (e.position == SIZE_MAX) continue;
      std::size_t at = e.hash & mask();
      while (table[at].position != SIZE_MAX) at = (at + 1) & mask();
      table[at] = e;
    }
  }
};

void node::name_index_deleter::operator()(name_index* index) const noexcept {
  delete index;
}

namespace {

constexpr std::size_t linear_lookup_limit = 8;

/// An access that the signature cannot report as a result: json_error names where it failed
/// (the path, and the member asked for), or the program stops where exceptions are disabled.
[[noreturn]] void refuse_access(error_code code, std::string path, std::string_view name = {}) {
#if defined(__cpp_exceptions)
  throw json_error(parse_error{error_info{code}, std::move(path), std::string(name)});
#else
  (void)code, (void)path, (void)name;
  __builtin_trap();
#endif
}

}  // namespace

// --- lifetime ------------------------------------------------------------------------------

bool node::is_within(const node& n) const noexcept {
  for (const node* at = this; at != nullptr; at = at->parent_) {
    if (at == &n) return true;
  }
  return false;
}

bool node::would_contain_itself(const node& value) const noexcept {
  // Only a container with children can hold this node; the walk up is as long as this node
  // is deep, and adding a scalar or an empty container skips it.
  return value.size() != 0 && is_within(value);
}

void node::refuse_cycle() {
#if defined(__cpp_exceptions)
  throw json_error(error_code::node_cycle);
#else
  __builtin_trap();
#endif
}

template <class Value>
std::unique_ptr<node> node::adopt(Value&& value) {
  auto child = std::make_unique<node>(std::forward<Value>(value));
  child->parent_ = this;
  return child;
}

void node::reparent_children() noexcept {
  if (auto* a = std::get_if<array_storage>(&value_)) {
    for (auto& child : *a) child->parent_ = this;
  } else if (auto* o = std::get_if<object_storage>(&value_)) {
    for (auto& m : o->members) {
      if (m.value) m.value->parent_ = this;
    }
  }
}

void node::destroy_children() noexcept {
  // Children are moved to a worklist before they are destroyed, so no destructor recurses
  // (the worklist is the one allocation; see operator=(node&&)).
  std::vector<std::unique_ptr<node>> pending;
  auto take = [&pending](node& n) {
    if (auto* a = std::get_if<array_storage>(&n.value_)) {
      for (auto& child : *a) pending.push_back(std::move(child));
      a->clear();
    } else if (auto* o = std::get_if<object_storage>(&n.value_)) {
      for (auto& m : o->members) {
        if (m.value) pending.push_back(std::move(m.value));
      }
      o->members.clear();
      o->index.reset();
      o->erased = 0;
    }
  };
  take(*this);
  while (!pending.empty()) {
    std::unique_ptr<node> n = std::move(pending.back());
    pending.pop_back();
    take(*n);
  }  // each node is destroyed here, childless
}

node::~node() {
  destroy_children();
}

node::node(node&& other) noexcept : value_(std::move(other.value_)) {
  other.value_ = storage();
  reparent_children();
}

node& node::operator=(node&& other) {
  if (this == &other) return *this;
  // An ancestor moved into its own descendant would own itself (an unreachable cycle).
  if (would_contain_itself(other)) refuse_cycle();
  // The value is taken before this node's children go: `other` may be one of them
  // (r = std::move(r["a"])).
  storage taken = std::move(other.value_);
  other.value_ = storage();
  destroy_children();
  value_ = std::move(taken);
  reparent_children();
  return *this;
}

node::node(const node& other) {
  // Scalars are copied where they are met; containers level by level from a worklist of
  // (source, destination) pairs, which a value without containers inside never allocates.
  auto is_container = [](const node& n) { return n.is_array() || n.is_object(); };
  if (!is_container(other)) {
    copy_scalar(other);
    return;
  }
  std::vector<std::pair<const node*, node*>> pending{{&other, this}};
  auto child_of = [&](node* parent, const node& from) {
    auto child = std::make_unique<node>();
    child->parent_ = parent;
    if (is_container(from)) {
      pending.emplace_back(&from, child.get());
    } else {
      child->copy_scalar(from);
    }
    return child;
  };
  while (!pending.empty()) {
    const node* const from = pending.back().first;
    node* const to = pending.back().second;
    pending.pop_back();
    if (const auto* a = std::get_if<array_storage>(&from->value_)) {
      auto& copy = to->value_.emplace<array_storage>();
      copy.reserve(a->size());
      for (const auto& child : *a) copy.push_back(child_of(to, *child));
    } else {
      const auto& o = std::get<object_storage>(from->value_);
      auto& copy = to->value_.emplace<object_storage>();
      copy.members.reserve(o.members.size() - o.erased);
      for (const auto& m : o.members) {
        if (m.value) copy.members.push_back({m.name, child_of(to, *m.value)});
      }
    }
  }
}

void node::copy_scalar(const node& from) {
  std::visit(
      [this](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (!std::is_same_v<T, array_storage> && !std::is_same_v<T, object_storage>) value_ = v;
      },
      from.value_);
}

node& node::operator=(const node& other) {
  if (this == &other) return *this;
  if (!is_array() && !is_object() && !other.is_array() && !other.is_object()) {
    copy_scalar(other);  // scalars: no children to let go or adopt (a string keeps its buffer)
    return *this;
  }
  node copy(other);  // (first: `other` may be inside this node)
  *this = std::move(copy);
  return *this;
}

// --- reading -------------------------------------------------------------------------------

result<bool> node::get_bool() const noexcept {
  if (const bool* b = std::get_if<bool>(&value_)) return *b;
  return error_code::wrong_type;
}

result<std::int64_t> node::get_int64() const noexcept {
  if (const auto* i = std::get_if<std::int64_t>(&value_)) return *i;
  if (is_uint64()) return error_code::number_out_of_range;
  if (is_double()) return error_code::number_not_integer;
  return error_code::wrong_type;
}

result<std::uint64_t> node::get_uint64() const noexcept {
  if (const auto* u = std::get_if<std::uint64_t>(&value_)) return *u;
  if (const auto* i = std::get_if<std::int64_t>(&value_)) {
    if (*i < 0) return error_code::number_out_of_range;
    return static_cast<std::uint64_t>(*i);
  }
  if (is_double()) return error_code::number_not_integer;
  return error_code::wrong_type;
}

result<std::int32_t> node::get_int32() const noexcept {
  return detail::narrow<std::int32_t>(get_int64());
}

result<std::uint32_t> node::get_uint32() const noexcept {
  return detail::narrow<std::uint32_t>(get_uint64());
}

result<double> node::get_double() const noexcept {
  if (const auto* d = std::get_if<double>(&value_)) return *d;
  if (const auto* i = std::get_if<std::int64_t>(&value_)) return static_cast<double>(*i);
  if (const auto* u = std::get_if<std::uint64_t>(&value_)) return static_cast<double>(*u);
  return error_code::wrong_type;
}

result<std::string_view> node::get_string() const noexcept {
  if (const auto* s = std::get_if<std::string>(&value_)) return std::string_view(*s);
  return error_code::wrong_type;
}

// --- arrays --------------------------------------------------------------------------------

node::array_storage& node::as_array() {
  if (is_null()) value_.emplace<array_storage>();
  if (!is_array()) refuse_access(error_code::wrong_type, path());
  return std::get<array_storage>(value_);
}

node& node::push_back(node&& value) {
  if (would_contain_itself(value)) refuse_cycle();
  array_storage& a = as_array();
  a.push_back(adopt(std::move(value)));
  return *a.back();
}

result<node*> node::insert(std::size_t index, node&& value) {
  if (!is_array() && !is_null()) return error_code::wrong_type;
  if (would_contain_itself(value)) return error_code::node_cycle;
  if (index > size()) return error_code::index_out_of_range;  // (before a null becomes an array)
  array_storage& a = as_array();
  auto it = a.emplace(a.begin() + static_cast<std::ptrdiff_t>(index), adopt(std::move(value)));
  return it->get();
}

result<const node*, parse_error> node::at(std::size_t index) const {
  const auto* a = std::get_if<array_storage>(&value_);
  if (a == nullptr) return parse_error{error_info{error_code::wrong_type}, path(), std::string()};
  if (index >= a->size()) {
    std::string where = path();
    detail::append_path_index(where, index);
    return parse_error{error_info{error_code::index_out_of_range}, std::move(where), std::string()};
  }
  return static_cast<const node*>((*a)[index].get());
}

result<node*, parse_error> node::at(std::size_t index) {
  auto found = std::as_const(*this).at(index);
  if (!found) return found.error();
  return const_cast<node*>(*found);
}

bool node::erase(std::size_t index) {
  auto* a = std::get_if<array_storage>(&value_);
  if (a == nullptr || index >= a->size()) return false;
  std::unique_ptr<node> gone = std::move((*a)[index]);
  a->erase(a->begin() + static_cast<std::ptrdiff_t>(index));
  gone->parent_ = nullptr;
  return true;
}

// --- objects -------------------------------------------------------------------------------

node::object_storage& node::as_object() {
  if (is_null()) value_.emplace<object_storage>();
  if (!is_object()) refuse_access(error_code::wrong_type, path());
  return std::get<object_storage>(value_);
}

node::name_lookup node::find_slot(std::string_view name) const {
  const auto* o = std::get_if<object_storage>(&value_);
  if (o == nullptr) return {SIZE_MAX, 0};
  const auto& members = o->members;
  if (members.size() <= linear_lookup_limit) {
    for (std::size_t i = 0; i < members.size(); ++i) {
      if (name_index::same_name(members[i].name, name)) return {i, 0};
    }
    return {SIZE_MAX, 0};
  }
  auto& index = const_cast<object_storage*>(o)->index;  // a cache: lookups stay const
  if (!index) {  // (erased slots exist only while there is an index)
    index.reset(new name_index);
    index->refill(members);
  }
  const std::size_t hash = name_index::hash_of(name);
  return {index->find(members, name, hash), hash};
}

node& node::set(std::string_view name, node&& value) {
  if (would_contain_itself(value)) refuse_cycle();
  object_storage& o = as_object();
  const name_lookup found = find_slot(name);
  if (found.slot != SIZE_MAX) {
    *o.members[found.slot].value = std::move(value);
    return *o.members[found.slot].value;
  }
  return append_member(o, name, adopt(std::move(value)), found.hash);
}

node& node::set(std::string_view name, const node& value) {
  // A null node becomes an object first: where `value` holds this node, copied before that.
  if (is_null() && is_within(value)) return set(name, node(value));
  object_storage& o = as_object();
  const name_lookup found = find_slot(name);
  if (found.slot != SIZE_MAX) {
    *o.members[found.slot].value = value;  // (a copy: it cannot contain this node)
    return *o.members[found.slot].value;
  }
  return append_member(o, name, adopt(value), found.hash);
}

node& node::append_member(object_storage& o, std::string_view name, std::unique_ptr<node> child, std::size_t hash) {
  o.members.push_back({std::string(name), std::move(child)});
  if (o.index) o.index->add(o.members.size() - 1, hash);
  return *o.members.back().value;
}

node* node::find(std::string_view name) {
  const std::size_t i = find_index(name);
  return i == SIZE_MAX ? nullptr : std::get<object_storage>(value_).members[i].value.get();
}

const node* node::find(std::string_view name) const {
  const std::size_t i = find_index(name);
  return i == SIZE_MAX ? nullptr : std::get<object_storage>(value_).members[i].value.get();
}

result<const node*, parse_error> node::at(std::string_view name) const {
  const error_code code = !is_object() ? error_code::wrong_type : error_code::property_not_found;
  if (const node* n = find(name)) return n;
  return parse_error{error_info{code}, path(), std::string(name)};
}

result<node*, parse_error> node::at(std::string_view name) {
  auto found = std::as_const(*this).at(name);
  if (!found) return found.error();
  return const_cast<node*>(*found);
}

bool node::erase(std::string_view name) {
  const name_lookup found = find_slot(name);
  const std::size_t i = found.slot;
  if (i == SIZE_MAX) return false;
  object_storage& o = std::get<object_storage>(value_);
  std::unique_ptr<node> gone = std::move(o.members[i].value);
  gone->parent_ = nullptr;
  if (!o.index) {  // a small object: shifted
    o.members.erase(o.members.begin() + static_cast<std::ptrdiff_t>(i));
    return true;
  }
  o.index->remove(o.members, i, found.hash);
  if (i + 1 == o.members.size()) {
    // The last member (often one just added, taken back: an undo, a merge patch's way back):
    // its slot goes, with the erased ones before it, leaving no hole to compact later.
    o.members.pop_back();
    while (!o.members.empty() && o.members.back().value == nullptr) {
      o.members.pop_back();
      --o.erased;
    }
    if (o.members.size() <= linear_lookup_limit) {  // small objects: no erased slots, no index
      compact(o);
      o.index.reset();  // (else members added meanwhile, looked up linearly, miss from it)
    }
    return true;
  }
  std::string().swap(o.members[i].name);
  if (++o.erased * 2 > o.members.size()) compact(o);
  return true;
}

void node::compact(object_storage& o) {
  if (o.erased == 0) return;
  std::erase_if(o.members, [](const member_slot& m) { return m.value == nullptr; });
  o.erased = 0;
  if (o.members.size() > linear_lookup_limit) {
    o.index->refill(o.members);
  } else {
    o.index.reset();
  }
}

std::optional<std::size_t> node::index_of(std::string_view name) const {
  const std::size_t i = find_index(name);
  if (i == SIZE_MAX) return std::nullopt;
  const auto& members = std::get<object_storage>(value_).members;
  // The position among the members: erased slots before it do not count.
  return i - static_cast<std::size_t>(std::count_if(members.begin(), members.begin() + static_cast<std::ptrdiff_t>(i),
                                                    [](const member_slot& m) { return m.value == nullptr; }));
}

result<node*> node::insert(std::size_t index, std::string_view name, node&& value) {
  if (!is_object() && !is_null()) return error_code::wrong_type;
  if (would_contain_itself(value)) return error_code::node_cycle;
  if (index > size()) return error_code::index_out_of_range;
  const name_lookup found = find_slot(name);
  if (found.slot != SIZE_MAX) return error_code::duplicate_property_name;
  object_storage& o = as_object();
  compact(o);  // (positions count members, not slots)
  if (index == o.members.size()) return &append_member(o, name, adopt(std::move(value)), found.hash);
  o.members.insert(o.members.begin() + static_cast<std::ptrdiff_t>(index),
                   member_slot{std::string(name), adopt(std::move(value))});
  o.index.reset();  // the positions after `index` moved: built again on the next lookup
  return o.members[index].value.get();
}

result<node*> node::rename(std::string_view from, std::string_view to) {
  if (!is_object()) return error_code::wrong_type;
  const name_lookup found = find_slot(from);
  const std::size_t i = found.slot;
  if (i == SIZE_MAX) return error_code::property_not_found;
  object_storage& o = std::get<object_storage>(value_);
  if (from == to) return o.members[i].value.get();
  const name_lookup taken = find_slot(to);
  if (taken.slot != SIZE_MAX) return error_code::duplicate_property_name;
  if (o.index) {
    o.index->remove(o.members, i, found.hash);
    o.index->add(i, taken.hash);
  }
  o.members[i].name = std::string(to);
  return o.members[i].value.get();
}

node& node::operator[](std::string_view name) {
  if (!is_object() && !is_null()) refuse_access(error_code::wrong_type, path(), name);
  object_storage& o = as_object();
  const name_lookup found = find_slot(name);
  if (found.slot != SIZE_MAX) return *o.members[found.slot].value;
  return append_member(o, name, adopt(node()), found.hash);  // one lookup, not find() then set()
}

const node& node::operator[](std::string_view name) const {
  if (!is_object()) refuse_access(error_code::wrong_type, path(), name);
  const node* value = find(name);
  if (value == nullptr) refuse_access(error_code::property_not_found, path(), name);
  return *value;
}

node& node::operator[](const char* name) {
  if (name == nullptr) refuse_access(error_code::property_not_found, path(), "(a null pointer as the name)");
  return (*this)[std::string_view(name)];
}

void node::refuse_element(std::size_t index) const {
  if (!is_array()) refuse_access(error_code::wrong_type, path());
  std::string at = path();
  detail::append_path_index(at, index);
  refuse_access(error_code::index_out_of_range, std::move(at));
}

[[noreturn]] void node::refuse_negative_index() const {
  refuse_access(error_code::index_out_of_range, path() + "[-]");
}

// --- paths ---------------------------------------------------------------------------------

std::string node::path() const {
  std::vector<const node*> chain;  // this node up to the top
  for (const node* n = this; n != nullptr; n = n->parent_) chain.push_back(n);
  std::string path = "$";
  for (std::size_t k = chain.size() - 1; k > 0; --k) {
    const node* parent = chain[k];
    const node* child = chain[k - 1];
    if (const auto* a = std::get_if<array_storage>(&parent->value_)) {
      for (std::size_t i = 0; i < a->size(); ++i) {
        if ((*a)[i].get() == child) detail::append_path_index(path, i);
      }
    } else if (const auto* o = std::get_if<object_storage>(&parent->value_)) {
      for (const member_slot& m : o->members) {
        if (m.value.get() == child) detail::append_path_name(path, m.name);
      }
    }
  }
  return path;
}

}  // namespace jsonjit
