// Fuzz target for editing nodes: each input is a sequence of operations (push_back, set,
// insert, erase by name and by index, moves between a node and its descendants or ancestors,
// copies of the tree into itself) applied at places chosen by the input, to a node and to a
// simple value-semantics model of it. After every operation:
//  - the node writes exactly the model's JSON;
//  - every child knows its parent, and every member is found by name (through the name index
//    of larger objects too), a name that is not there is not found;
//  - moving an ancestor into its own descendant is refused with node_cycle and changes nothing.
// Under ASan this finds use-after-free and leaks in the tree's ownership.
#include <jsonjit/node.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "property.hpp"

namespace {

using jsonjit::node;
using jsonjit::fuzz::fail;

/// What the node should hold: integers, strings of a small alphabet, null, arrays, objects.
struct model {
  enum class kind : std::uint8_t { null, integer, string, array, object } type = kind::null;
  std::int64_t integer = 0;
  std::string text;
  std::vector<model> items;
  std::vector<std::string> names;  // an object's members: names[i] and values[i]
  std::vector<model> values;       // (a vector of pairs would need model complete)

  void write(std::string& out) const {
    switch (type) {
      case kind::null: out += "null"; break;
      case kind::integer: out += std::to_string(integer); break;
      case kind::string: (out += '"') += text, out += '"'; break;
      case kind::array:
        out += '[';
        for (std::size_t i = 0; i < items.size(); ++i) {
          if (i != 0) out += ',';
          items[i].write(out);
        }
        out += ']';
        break;
      case kind::object:
        out += '{';
        for (std::size_t i = 0; i < names.size(); ++i) {
          if (i != 0) out += ',';
          ((out += '"') += names[i]) += "\":";
          values[i].write(out);
        }
        out += '}';
        break;
    }
  }
  /// The position of the member `name`, or names.size().
  std::size_t position(const std::string& name) const {
    return static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
  }
};

/// Reads the operations' bytes.
struct bytes {
  const std::uint8_t* p;
  std::size_t left;
  std::uint8_t next() {
    if (left == 0) return 0;
    --left;
    return *p++;
  }
};

/// A value made from the input: a scalar, an empty container or a small one.
std::pair<node, model> make_value(bytes& in) {
  const std::uint8_t b = in.next();
  node n;
  model m;
  switch (b % 6) {
    case 0: break;
    case 1:
      n = static_cast<std::int64_t>(b);
      m.type = model::kind::integer;
      m.integer = b;
      break;
    case 2:
      n = std::string(1, static_cast<char>('a' + b % 26));
      m.type = model::kind::string;
      m.text = std::string(1, static_cast<char>('a' + b % 26));
      break;
    case 3:
      n = node::array();
      m.type = model::kind::array;
      break;
    case 4:
      n = node::object();
      m.type = model::kind::object;
      break;
    default:
      n = node::array();
      m.type = model::kind::array;
      for (int i = 0; i < b % 4; ++i) {
        n.push_back(i);
        model item;
        item.type = model::kind::integer;
        item.integer = i;
        m.items.push_back(std::move(item));
      }
  }
  return {std::move(n), std::move(m)};
}

/// Names from a small set, so that sets replace and erases find; some long enough to be
/// stored outside the string (the name index must survive the members' storage moving).
std::string make_name(bytes& in) {
  const std::uint8_t b = in.next();
  std::string name(1, static_cast<char>('a' + b % 20));
  if (b & 0x80) name += std::string(20, 'x');
  return name;
}

/// Walks down from (n, m) as the input says, up to `steps` levels.
std::pair<node*, model*> descend(node* n, model* m, bytes& in, int steps) {
  for (int i = 0; i < steps && n->size() != 0; ++i) {
    const std::uint8_t b = in.next();
    if (b % 4 == 0) break;  // stop here
    const std::size_t k = b % n->size();
    if (n->is_array()) {
      n = n->at(k).value();
      m = &m->items[k];
    } else {
      auto it = n->members().begin();
      for (std::size_t j = 0; j < k; ++j) ++it;
      n = &(*it).value;
      m = &m->values[k];
    }
  }
  return {n, m};
}

std::string json_of(const node& n) { return n.to_json({.escaping = jsonjit::escape_mode::relaxed}).value(); }

void check(const node& root, const model& expected) {
  std::string text;
  expected.write(text);
  if (json_of(root) != text) fail("the node writes what the model holds", json_of(root) + "\n" + text);
  std::vector<const node*> pending{&root};
  while (!pending.empty()) {
    const node* n = pending.back();
    pending.pop_back();
    for (const node& child : n->elements()) {
      if (child.parent() != n) fail("an element knows its array");
      pending.push_back(&child);
    }
    for (const auto member : n->members()) {
      if (member.value.parent() != n) fail("a member knows its object");
      if (n->find(member.name) != &member.value) fail("a member is found by its name", member.name);
      pending.push_back(&member.value);
    }
    if (n->is_object() && n->find("not a member") != nullptr) fail("a missing name is not found");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  bytes in{data, size};
  node root = node::object();
  model expected;
  expected.type = model::kind::object;
  for (int op = 0; in.left != 0 && op < 400; ++op) {
    auto [n, m] = descend(&root, &expected, in, 6);
    switch (in.next() % 9) {
      case 0:  // push_back
        if (n->is_array() || n->is_null()) {
          auto [v, mv] = make_value(in);
          n->push_back(std::move(v));
          m->type = model::kind::array;
          m->items.push_back(std::move(mv));
        }
        break;
      case 1: {  // set
        if (!n->is_object() && !n->is_null()) break;
        const std::string name = make_name(in);
        auto [v, mv] = make_value(in);
        n->set(name, std::move(v));
        m->type = model::kind::object;
        if (const std::size_t at = m->position(name); at != m->names.size()) {
          m->values[at] = std::move(mv);
        } else {
          m->names.push_back(name);
          m->values.push_back(std::move(mv));
        }
        break;
      }
      case 2: {  // erase by name
        const std::string name = make_name(in);
        const bool erased = n->erase(name);
        if (m->type != model::kind::object) {
          if (erased) fail("erase by name on a non-object");
          break;
        }
        const std::size_t at = m->position(name);
        if (erased != (at != m->names.size())) fail("erase by name finds what the model has", name);
        if (erased) {
          m->names.erase(m->names.begin() + static_cast<std::ptrdiff_t>(at));
          m->values.erase(m->values.begin() + static_cast<std::ptrdiff_t>(at));
        }
        break;
      }
      case 3: {  // erase by index
        const std::size_t i = in.next() % 4;
        const bool erased = n->erase(i);
        const bool expected_erase = m->type == model::kind::array && i < m->items.size();
        if (erased != expected_erase) fail("erase by index");
        if (erased) m->items.erase(m->items.begin() + static_cast<std::ptrdiff_t>(i));
        break;
      }
      case 4: {  // insert
        if (!n->is_array() && !n->is_null()) break;
        const std::size_t i = in.next() % 4;
        auto [v, mv] = make_value(in);
        const auto r = n->insert(i, std::move(v));
        const std::size_t model_size = m->type == model::kind::array ? m->items.size() : 0;
        if (r.has_value() != (i <= model_size)) fail("insert within the array's size");
        if (r) {
          m->type = model::kind::array;
          m->items.insert(m->items.begin() + static_cast<std::ptrdiff_t>(i), std::move(mv));
        }
        break;
      }
      case 5: {  // a descendant moved into its ancestor
        auto [d, md] = descend(n, m, in, 4);
        if (d == n) break;
        model taken = *md;
        *n = std::move(*d);
        *m = std::move(taken);
        break;
      }
      case 6: {  // an ancestor moved into its descendant: refused, nothing changes
        auto [d, md] = descend(n, m, in, 4);
        if (d == n || n->size() == 0) break;
        const std::string before = json_of(root);
        try {
          *d = std::move(*n);
          fail("an ancestor moved into its descendant");
        } catch (const jsonjit::json_error& e) {
          if (e.code() != jsonjit::error_code::node_cycle) fail("the refusal says node_cycle");
        }
        if (json_of(root) != before) fail("a refused move changes nothing");
        break;
      }
      case 7: {  // the whole tree copied into itself
        if (!n->is_array() && !n->is_null()) break;
        if (json_of(root).size() > 4096) break;  // copies double the tree: keep it small
        const model copy = expected;
        n->push_back(root);
        m->type = model::kind::array;
        m->items.push_back(copy);
        break;
      }
      default: {  // a copy of the node replaces it (assignment from a copy of itself)
        const node copy = *n;
        *n = copy;
        break;
      }
    }
    check(root, expected);
  }
  return 0;
}
