// The mutable tree to and from other forms: documents, text, equality. All iterative.
#include <jsonjit/node.hpp>

#include <limits>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "dom/node_access_p.hpp"
#include "dom/to_json_p.hpp"

namespace jsonjit {

node node::from(const element& root) {
  node top;
  std::vector<std::pair<element, node*>> pending{{root, &top}};
  while (!pending.empty()) {
    const auto [e, to] = pending.back();
    pending.pop_back();
    switch (e.type()) {
      case json_type::undefined:
      case json_type::null: break;
      case json_type::boolean: *to = e.get_bool().value_or(false); break;
      case json_type::number:
        if (e.is_int64()) {
          *to = e.get_int64().value_or(0);
        } else if (e.is_uint64()) {
          *to = e.get_uint64().value_or(0);
        } else {
          // A number beyond double's range (kept where the document keeps number text) stays
          // out of range: writing the node fails on it rather than writing another number.
          *to = e.get_double().value_or((e.number_text().starts_with('-') ? -1 : 1) *
                                        std::numeric_limits<double>::infinity());
        }
        break;
      case json_type::string: *to = std::string(e.get_string().value_or({})); break;
      case json_type::array:
        to->as_array().reserve(e.size());
        for (const element child : e.elements()) pending.emplace_back(child, &to->push_back(node()));
        break;
      case json_type::object: {
        to->as_object().members.reserve(e.size());  // (an empty object stays an object)
        // Names in first-occurrence order; values: the last of each name.
        std::size_t count = 0;
        for (const auto [name, value] : e.members()) {
          to->set(name, node());
          ++count;
        }
        if (count == to->size()) {
          std::size_t i = 0;
          for (const auto [name, value] : e.members()) {
            pending.emplace_back(value, std::get<object_storage>(to->value_).members[i++].value.get());
          }
        } else {
          std::unordered_map<node*, element> last;
          for (const auto [name, value] : e.members()) last[to->find(name)] = value;
          for (const auto& [slot, value] : last) pending.emplace_back(value, slot);
        }
        break;
      }
    }
  }
  return top;
}

result<node, parse_error> node::parse(std::string_view json, const document_options& options) {
  auto doc = document::parse(json, options);
  if (!doc) return doc.error();
  return from(doc->root());
}

result<node, parse_error> node::parse(input& source, const document_options& options) {
  auto doc = document::parse(source, options);
  if (!doc) return doc.error();
  return from(doc->root());
}

void node::write(writer& w) const {
  struct frame {
    const node* container;
    std::size_t next;
  };
  std::vector<frame> open;
  auto start = [&](const node& n) {
    std::visit(
        [&](const auto& v) {
          using T = std::decay_t<decltype(v)>;
          if constexpr (std::is_same_v<T, std::nullptr_t>) {
            w.null_value();
          } else if constexpr (std::is_same_v<T, bool>) {
            w.bool_value(v);
          } else if constexpr (std::is_same_v<T, std::string>) {
            w.string_value(v);
          } else if constexpr (std::is_same_v<T, array_storage>) {
            w.start_array();
            open.push_back({&n, 0});
          } else if constexpr (std::is_same_v<T, object_storage>) {
            w.start_object();
            open.push_back({&n, 0});
          } else {
            w.number_value(v);
          }
        },
        n.value_);
  };
  start(*this);
  while (!open.empty()) {
    const node* container = open.back().container;
    const std::size_t i = open.back().next++;
    if (const auto* a = std::get_if<array_storage>(&container->value_)) {
      if (i < a->size()) {
        start(*(*a)[i]);
      } else {
        w.end_array();
        open.pop_back();
      }
    } else {
      const auto& members = std::get<object_storage>(container->value_).members;
      if (i < members.size() && members[i].value == nullptr) continue;  // an erased member's slot
      if (i < members.size()) {
        w.property_name(members[i].name);
        start(*members[i].value);
      } else {
        w.end_object();
        open.pop_back();
      }
    }
  }
}

result<std::string> node::to_json(const writer_options& options) const {
  return detail::to_json_text(*this, options);
}

bool node::same_scalar(const node& a, const node& b) noexcept {
  if (a.value_.index() != b.value_.index()) return false;
  auto same = [&a, &b](auto type_tag) noexcept {
    using T = typename decltype(type_tag)::type;
    return *std::get_if<T>(&a.value_) == *std::get_if<T>(&b.value_);  // same index: never null
  };
  switch (a.value_.index()) {
    case 0: return true;  // null
    case 1: return same(std::type_identity<bool>{});
    case 2: return same(std::type_identity<std::int64_t>{});
    case 3: return same(std::type_identity<std::uint64_t>{});
    case 4: return same(std::type_identity<double>{});
    case 5: return same(std::type_identity<std::string>{});
    default: return false;  // arrays and objects are compared member by member
  }
}

namespace {

/// Whether two values, not both containers, are equal: integers exactly, an integer and a
/// double as doubles (element's rule), other values by kind and value.
bool same_leaf(const node& x, const node& y) noexcept {
  if (x.is_number() && y.is_number() && x.is_double() != y.is_double()) return *x.get_double() == *y.get_double();
  return detail::node_access::same_scalar(x, y);  // (two doubles too: no conversions)
}

}  // namespace

bool operator==(const node& a, const node& b) {
  // Pairs of containers still to compare; scalars are compared where they are met, so values
  // without nested containers allocate nothing.
  std::vector<std::pair<const node*, const node*>> pending;
  auto compare_child = [&pending](const node& x, const node& y) {
    if ((x.is_array() || x.is_object()) && (y.is_array() || y.is_object())) {
      pending.emplace_back(&x, &y);
      return true;
    }
    return same_leaf(x, y);
  };
  const node* x = &a;
  const node* y = &b;
  for (;;) {
    if (const auto* xa = std::get_if<node::array_storage>(&x->value_)) {
      const auto* ya = std::get_if<node::array_storage>(&y->value_);
      if (ya == nullptr || xa->size() != ya->size()) return false;
      for (std::size_t i = 0; i < xa->size(); ++i) {
        if (!compare_child(*(*xa)[i], *(*ya)[i])) return false;
      }
    } else if (const auto* xo = std::get_if<node::object_storage>(&x->value_)) {
      if (!y->is_object() || x->size() != y->size()) return false;
      for (const auto& m : xo->members) {
        if (m.value == nullptr) continue;  // an erased member's slot
        const node* other = y->find(m.name);
        if (other == nullptr || !compare_child(*m.value, *other)) return false;
      }
    } else if (!same_leaf(*x, *y)) {
      return false;
    }
    if (pending.empty()) return true;
    std::tie(x, y) = pending.back();
    pending.pop_back();
  }
}

}  // namespace jsonjit
