#include <jsonjit/node.hpp>

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "test_files.hpp"

namespace jsonjit {
namespace {

std::string compact(const node& n) {
  return n.to_json({.escaping = escape_mode::relaxed}).value();
}

node parse_ok(std::string_view json) {
  auto n = node::parse(json);
  EXPECT_TRUE(n.has_value()) << json;
  return n.has_value() ? std::move(*n) : node();
}

TEST(Node, BuildAndWrite) {
  node config = node::object();
  config.set("name", "jsonjit");
  node& tags = config.set("tags", node::array());
  tags.push_back("fast");
  tags.push_back(true);
  config["limits"]["depth"] = 64;
  config["limits"]["ratio"] = 0.5;
  config.set("big", std::uint64_t{18446744073709551615u});
  config.set("none", nullptr);
  EXPECT_EQ(
      compact(config),
      R"({"name":"jsonjit","tags":["fast",true],"limits":{"depth":64,"ratio":0.5},"big":18446744073709551615,)"
      R"("none":null})");
  EXPECT_EQ(
      config.to_json({.indented = true}).value(),
      "{\n  \"name\": \"jsonjit\",\n  \"tags\": [\n    \"fast\",\n    true\n  ],\n  \"limits\": {\n"
      "    \"depth\": 64,\n    \"ratio\": 0.5\n  },\n  \"big\": 18446744073709551615,\n  \"none\": null\n}");
  EXPECT_EQ(config.size(), 5u);
  EXPECT_EQ(node().to_json().value(), "null");
  EXPECT_EQ(node(node::array()).to_json().value(), "[]");
}

TEST(Node, TypedGetters) {
  const node n = parse_ok(R"({"i":-5,"u":18446744073709551615,"d":1.5,"s":"x","b":false,"n":null})");
  EXPECT_EQ(n.find("i")->get_int64().value(), -5);
  EXPECT_EQ(n.find("i")->get_int32().value(), -5);
  EXPECT_EQ(n.find("i")->get_uint64().error(), error_code::number_out_of_range);
  EXPECT_EQ(n.find("u")->get_uint64().value(), 18446744073709551615u);
  EXPECT_EQ(n.find("u")->get_int64().error(), error_code::number_out_of_range);
  EXPECT_EQ(n.find("d")->get_int64().error(), error_code::number_not_integer);
  EXPECT_EQ(n.find("d")->get_double().value(), 1.5);
  EXPECT_EQ(n.find("i")->get_double().value(), -5.0);
  EXPECT_EQ(n.find("s")->get_string().value(), "x");
  EXPECT_EQ(n.find("b")->get_bool().value(), false);
  EXPECT_EQ(n.find("n")->type(), json_type::null);
  EXPECT_EQ(n.find("s")->get_bool().error(), error_code::wrong_type);
  EXPECT_EQ(n.type(), json_type::object);
  EXPECT_EQ(node(std::uint32_t{7}).get_uint32().value(), 7u);
  EXPECT_TRUE(node(std::uint64_t{7}).is_int64());  // small unsigned values are int64
}

TEST(Node, EditArrays) {
  node a = parse_ok("[1,2,3]");
  EXPECT_EQ(*a.insert(1, "x").value(), node("x"));
  EXPECT_EQ(a.insert(9, 0).error(), error_code::index_out_of_range);
  EXPECT_TRUE(a.erase(0));
  EXPECT_FALSE(a.erase(5));
  EXPECT_EQ(compact(a), R"(["x",2,3])");
  EXPECT_EQ(a.at(2).value()->get_int64().value(), 3);
  EXPECT_EQ(a.at(3).error().info.code, error_code::index_out_of_range);
  EXPECT_EQ(to_string(a.at(3).error()), "at $[3]: the index is past the end of the array");
  EXPECT_EQ(node(1).at(0).error().info.code, error_code::wrong_type);
  std::vector<std::string> seen;
  for (const node& e : a.elements()) seen.push_back(compact(e));
  EXPECT_EQ(seen, (std::vector<std::string>{"\"x\"", "2", "3"}));
  for (node& e : a.elements()) e = 0;
  EXPECT_EQ(compact(a), "[0,0,0]");
  EXPECT_TRUE(node(1).elements().empty());
}

TEST(Node, EditObjects) {
  node o = parse_ok(R"({"a":1,"b":2})");
  o.set("a", "replaced");
  o.set("c", 3);
  EXPECT_EQ(compact(o), R"({"a":"replaced","b":2,"c":3})");  // replaced in place, appended at the end
  EXPECT_TRUE(o.erase("b"));
  EXPECT_FALSE(o.erase("b"));
  EXPECT_EQ(compact(o), R"({"a":"replaced","c":3})");
  EXPECT_TRUE(o.contains("c"));
  EXPECT_EQ(o.find("zz"), nullptr);
  EXPECT_EQ(o.at("zz").error().info.code, error_code::property_not_found);
  EXPECT_EQ(to_string(std::as_const(o).at("zz").error()), "at $: the object has no property of that name: \"zz\"");
  EXPECT_EQ(o.at("a").value()->get_string().value(), "replaced");
  EXPECT_EQ(node(1).at("a").error().info.code, error_code::wrong_type);
  EXPECT_EQ(node(1).at("a").error().name, "a");
  std::vector<std::string> names;
  for (const auto [name, value] : o.members()) names.push_back(name);
  EXPECT_EQ(names, (std::vector<std::string>{"a", "c"}));
#if defined(__cpp_exceptions)
  node number = 5;
  EXPECT_THROW(number["a"], json_error);
  EXPECT_THROW(number.push_back(1), json_error);
  EXPECT_THROW(number.set("a", 1), json_error);
  EXPECT_EQ(compact(number), "5");  // unchanged
#endif
}

TEST(Node, LargeObjectsFindNamesThroughTheirIndex) {
  node o = node::object();
  for (int i = 0; i < 2000; ++i) o.set("k" + std::to_string(i), i);
  for (int i = 0; i < 2000; i += 7) EXPECT_EQ(o.find("k" + std::to_string(i))->get_int64().value(), i);
  o.set("k5", -1);  // replaces, does not append
  EXPECT_EQ(o.size(), 2000u);
  EXPECT_TRUE(o.erase("k0"));
  EXPECT_EQ(o.find("k1999")->get_int64().value(), 1999);  // positions moved after the erase
  EXPECT_EQ(o.find("k5")->get_int64().value(), -1);
  EXPECT_EQ(o.find("k0"), nullptr);
  o.set("k0", 0);
  EXPECT_EQ(o.find("k0")->path(), "$.k0");
}

TEST(Node, MovingADescendantIntoItsAncestorKeepsTheDescendantsValue) {
  node r = parse_ok(R"({"a":{"b":[1,2,{"c":3}]},"z":4})");
  r = std::move(r["a"]);  // the source is destroyed with the old tree: taken out first
  EXPECT_EQ(compact(r), R"({"b":[1,2,{"c":3}]})");
  EXPECT_EQ(r["b"][2]["c"].path(), "$.b[2].c");
  EXPECT_EQ(r["b"].parent(), &r);
  node& b = r["b"];
  b = std::move(b[2]);
  EXPECT_EQ(compact(r), R"({"b":{"c":3}})");
  r.set("b", std::move(r["b"]["c"]));  // set() from its own descendant
  EXPECT_EQ(compact(r), R"({"b":3})");
  node list = parse_ok("[[[1]]]");
  list = std::move(list[0][0]);
  EXPECT_EQ(compact(list), "[1]");
}

TEST(Node, MovingAnAncestorIntoItsDescendantIsRefused) {
#if defined(__cpp_exceptions)
  node r = parse_ok(R"({"a":{"b":[1]}})");
  node& b = r["a"]["b"];
  try {
    b = std::move(r);
    FAIL() << "an ancestor moved into its descendant";
  } catch (const json_error& e) {
    EXPECT_EQ(e.code(), error_code::node_cycle);
  }
  EXPECT_EQ(compact(r), R"({"a":{"b":[1]}})");  // nothing moved
  EXPECT_THROW(b.push_back(std::move(r)), json_error);
  EXPECT_THROW(r["a"].set("x", std::move(r)), json_error);
  EXPECT_THROW(r["a"]["b"] = std::move(r["a"]), json_error);
  EXPECT_EQ(b.insert(0, std::move(r)).error(), error_code::node_cycle);
  EXPECT_THROW(r.push_back(std::move(r)), json_error);  // a node into itself
  EXPECT_EQ(compact(r), R"({"a":{"b":[1]}})");  // each refusal left the tree as it was
  b.push_back(r);  // a copy is no cycle
  EXPECT_EQ(compact(r), R"({"a":{"b":[1,{"a":{"b":[1]}}]}})");
  r["a"]["b"] = r;
  EXPECT_EQ(compact(r), R"({"a":{"b":{"a":{"b":[1,{"a":{"b":[1]}}]}}}})");
#endif
}

TEST(Node, EraseAndLookupInTurnStayLinear) {
  // Erasing used to drop the name index, so every lookup after an erase rebuilt it: erasing
  // half of 16,000 members with a lookup between took 46 s. The index now follows the erase.
  constexpr int count = 4000;
  node o = node::object();
  for (int i = 0; i < count; ++i) o.set("member" + std::to_string(i), i);
  for (int i = 0; i < count; i += 2) {
    ASSERT_TRUE(o.erase("member" + std::to_string(i)));
    ASSERT_EQ(o.find("member" + std::to_string(i)), nullptr);
    ASSERT_EQ(o.find("member" + std::to_string(i + 1))->get_int64().value(), i + 1);
  }
  EXPECT_EQ(o.size(), static_cast<std::size_t>(count / 2));
  for (int i = 1; i < count; i += 2) ASSERT_EQ(o.find("member" + std::to_string(i))->get_int64().value(), i);
  std::size_t position = 0;
  for (const auto m : o.members()) {
    ASSERT_EQ(m.name, "member" + std::to_string(2 * position + 1));
    ++position;
  }
  o.set("member0", 0);  // appended after the erases: found through the same index
  EXPECT_EQ(o.find("member0")->get_int64().value(), 0);
  EXPECT_EQ(o.find("member0")->path(), "$.member0");
}

TEST(Node, ErasingTheLastMembersOfALargeObjectLeavesLookupsRight) {
  // The last member erased (one just added, taken back) gives its slot up at once, with the
  // erased slots before it; an object that shrinks to the size looked up without an index
  // keeps no erased slot (whose name is "", as a member's may be).
  node o = node::object();
  for (const std::string name : {"a0", "a1", "a2", "a3", "", "a5", "a6", "a7", "a8", "a9", "a10", "a11"}) {
    o.set(name, static_cast<std::int64_t>(o.size()));
  }
  ASSERT_NE(o.find("a11"), nullptr);  // (the name index is built)
  ASSERT_TRUE(o.erase("a0"));         // a hole
  for (const char* last : {"a11", "a10", "a9", "a8"}) {
    ASSERT_TRUE(o.erase(last));
    ASSERT_EQ(o.find(last), nullptr) << last;
  }
  EXPECT_EQ(o.size(), 7u);
  ASSERT_NE(o.find(""), nullptr);
  EXPECT_EQ(o.find("")->get_int64().value(), 4);
  EXPECT_EQ(o.index_of(""), 3u);
  EXPECT_EQ(compact(o), R"({"a1":1,"a2":2,"a3":3,"":4,"a5":5,"a6":6,"a7":7})");
  o.set("a8", 8);  // added again, found again
  EXPECT_EQ(o.find("a8")->get_int64().value(), 8);
  EXPECT_EQ(o.index_of("a8"), 7u);
}

TEST(Node, AnObjectThatShrinksToLinearLookupAndGrowsAgainFindsEveryName) {
  // Erased from the end without a hole (found by the node fuzzer): members set while the
  // object is small are looked up linearly, and must be in the index once it is large again.
  node o = node::object();
  auto name = [](int i) { return "member" + std::to_string(i) + std::string(20, 'x'); };
  for (int i = 0; i < 12; ++i) o.set(name(i), i);
  ASSERT_NE(o.find(name(11)), nullptr);  // (the name index is built)
  for (int i = 11; i >= 6; --i) ASSERT_TRUE(o.erase(name(i)));
  for (int i = 20; i < 30; ++i) o.set(name(i), i);
  ASSERT_EQ(o.size(), 16u);
  for (int i : {0, 1, 2, 3, 4, 5, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29}) {
    const node* found = o.find(name(i));
    ASSERT_NE(found, nullptr) << i;
    EXPECT_EQ(found->get_int64().value(), i);
  }
  for (int i = 6; i < 12; ++i) EXPECT_EQ(o.find(name(i)), nullptr) << i;
}

TEST(Node, SettingACopyOfTheObjectOrOfItsOwnMemberCopiesItFirst) {
  node o = node::object();
  o.set("a", std::string(40, 'x'));  // (a string on the heap, replaced in place below)
  o.set("self", o);                   // appended: a copy of the object as it was
  EXPECT_EQ(compact(o), R"({"a":")" + std::string(40, 'x') + R"(","self":{"a":")" + std::string(40, 'x') + R"("}})");
  o.set("self", o);  // replaced by a copy of the object that holds it
  EXPECT_EQ(compact(o["self"]["self"]), R"({"a":")" + std::string(40, 'x') + R"("})");
  o.set("a", o["self"]["a"]);  // a scalar from inside, copied over a scalar
  o.set("a", node("short"));
  o.set("self", o["self"]["self"]);  // a container from inside the value it replaces
  EXPECT_EQ(compact(o), R"({"a":"short","self":{"a":")" + std::string(40, 'x') + R"("}})");
  EXPECT_EQ(o["self"].parent(), &o);
  EXPECT_EQ(o["self"]["a"].parent(), &o["self"]);
  // A null node set to hold a copy of itself, or of what holds it: the copy is of the null.
  node null_root;
  null_root.set("self", null_root);
  EXPECT_EQ(compact(null_root), R"({"self":null})");
  node root = parse_ok(R"({"a":null})");
  root["a"].set("x", root);
  EXPECT_EQ(compact(root), R"({"a":{"x":{"a":null}}})");
}

TEST(Node, ObjectsAgreeWithAListOfMembersThroughRandomEdits) {
  // Erased members of larger objects leave their slot behind until they are half the slots:
  // every operation, across sizes on both sides of the name index and through compactions,
  // is checked against a plain list of members (names from a small pool, "" among them, so
  // that names come back after they were erased).
  std::mt19937 random(20261205);
  auto pick = [&random](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(random); };
  for (const std::size_t pool : {6u, 40u, 300u}) {
    node o = node::object();
    std::vector<std::pair<std::string, int>> model;
    auto name_of = [](std::size_t i) { return i == 0 ? std::string() : "name" + std::to_string(i); };
    auto position_in_model = [&model](const std::string& name) {
      for (std::size_t i = 0; i < model.size(); ++i) {
        if (model[i].first == name) return static_cast<int>(i);
      }
      return -1;
    };
    for (int step = 0; step < 20000; ++step) {
      const std::string name = name_of(pick(pool));
      const int at = position_in_model(name);
      switch (pick(8)) {
        case 0:
        case 1:  // set: in place, or appended
          o.set(name, step);
          if (at >= 0) {
            model[static_cast<std::size_t>(at)].second = step;
          } else {
            model.emplace_back(name, step);
          }
          break;
        case 2:
        case 3:
        case 4:  // erase (most often, so that objects shrink as well as grow)
          ASSERT_EQ(o.erase(name), at >= 0);
          if (at >= 0) model.erase(model.begin() + at);
          break;
        case 5: {  // insert at a position
          const std::size_t index = pick(model.size() + 1);
          const auto inserted = o.insert(index, name, node(step));
          ASSERT_EQ(inserted.has_value(), at < 0);
          if (at < 0) model.insert(model.begin() + static_cast<std::ptrdiff_t>(index), {name, step});
          break;
        }
        case 6: {  // rename to another name from the pool
          const std::string to = name_of(pick(pool));
          const auto renamed = o.rename(name, to);
          const bool can = at >= 0 && (to == name || position_in_model(to) < 0);
          ASSERT_EQ(renamed.has_value(), can);
          if (can) model[static_cast<std::size_t>(at)].first = to;
          break;
        }
        default: {  // lookups
          const node* found = o.find(name);
          ASSERT_EQ(found != nullptr, at >= 0);
          if (found != nullptr) {
            ASSERT_EQ(found->get_int64().value(), model[static_cast<std::size_t>(at)].second);
            ASSERT_EQ(o.index_of(name), static_cast<std::size_t>(at));
            ASSERT_EQ(found->path(), name.empty() ? "$['']" : "$." + name);
          }
          break;
        }
      }
      ASSERT_EQ(o.size(), model.size());
      if (step % 97 == 0 || model.size() < 3) {  // the whole object: iteration, text, copies, equality
        std::string expected = "{";
        std::size_t i = 0;
        for (const auto m : o.members()) {
          ASSERT_LT(i, model.size());
          ASSERT_EQ(m.name, model[i].first);
          ASSERT_EQ(m.value.get_int64().value(), model[i].second);
          ASSERT_EQ(m.value.parent(), &o);
          expected += (i == 0 ? "\"" : ",\"") + model[i].first + "\":" + std::to_string(model[i].second);
          ++i;
        }
        ASSERT_EQ(i, model.size());
        ASSERT_EQ(o.members().empty(), model.empty());
        ASSERT_EQ(compact(o), expected + "}");
        const node copy = o;
        ASSERT_EQ(compact(copy), compact(o));
        ASSERT_EQ(copy, o);
        ASSERT_EQ(parse_ok(compact(o)), o);
      }
    }
  }
}

TEST(Node, NamesDifferingInOneByteAreDifferentMembers) {
  // Names are compared by whole loads of their first and last bytes (overlapping where they
  // are short): every length up to 40, a difference at every position, in an object small
  // enough to search from end to end and in one with a name index.
  for (std::size_t length = 1; length <= 40; ++length) {
    for (const std::size_t members : {2u, 12u}) {
      node o = node::object();
      const std::string base(length, 'n');
      for (std::size_t i = 1; i < members; ++i) o.set(std::string(length + i, 'o'), 0);  // other sizes
      o.set(base, 1);
      for (std::size_t at = 0; at < length; ++at) {
        std::string other = base;
        other[at] = 'x';
        ASSERT_EQ(o.find(other), nullptr) << length << " " << at;
        o.set(other, 2);
        ASSERT_EQ(o[base].get_int64().value(), 1) << length << " " << at;
        ASSERT_EQ(o[other].get_int64().value(), 2) << length << " " << at;
        ASSERT_TRUE(o.erase(other));
      }
      ASSERT_EQ(o.size(), members);
    }
  }
}

TEST(Node, RenameKeepsTheValueAndItsPlace) {
  for (const int count : {3, 40}) {  // a linear search, and the name index
    node o = node::object();
    for (int i = 0; i < count; ++i) o.set("m" + std::to_string(i), i);
    node* renamed = o.rename("m1", "second").value();
    EXPECT_EQ(renamed->get_int64().value(), 1);
    EXPECT_EQ(renamed->path(), "$.second");
    EXPECT_EQ(o.find("m1"), nullptr);
    EXPECT_EQ(o.find("second"), renamed);
    auto second = o.members().begin();
    ++second;
    EXPECT_EQ((*second).name, "second");  // in place
    EXPECT_EQ(o.find("m2")->get_int64().value(), 2);
    EXPECT_EQ(o.rename("missing", "x").error(), error_code::property_not_found);
    EXPECT_EQ(o.rename("m0", "m2").error(), error_code::duplicate_property_name);
    EXPECT_EQ(o.find("m0")->get_int64().value(), 0);  // unchanged
    EXPECT_EQ(o.rename("m0", "m0").value(), o.find("m0"));
    o.erase("second");
    EXPECT_EQ(o.find("m2")->get_int64().value(), 2);
  }
  node a = node::array();
  EXPECT_EQ(a.rename("a", "b").error(), error_code::wrong_type);
}

template <class T>
concept indexable_by_null = requires(T& x) { x[nullptr]; };

TEST(Node, IndexesSelectElementsAndErrorsNameThePath) {
  node null_node;
  EXPECT_EQ(null_node.insert(1, 5).error(), error_code::index_out_of_range);
  EXPECT_TRUE(null_node.is_null());  // a failed insert left it as it was (node_fuzzer found it)
  node n = parse_ok(R"({"a":{"b":[10,20]}})");
  EXPECT_EQ(n["a"]["b"][0].get_int64().value(), 10);  // the literal 0 is an index, not a name
  EXPECT_EQ(n["a"]["b"][1u].get_int64().value(), 20);
  const node& c = n;
  EXPECT_EQ(c["a"]["b"][std::size_t{1}].get_int64().value(), 20);
  static_assert(!indexable_by_null<node>);
  EXPECT_EQ(c["a"]["b"].size(), 2u);  // const: lookups only
#if defined(__cpp_exceptions)
  auto what = [](auto access) -> std::string {
    try {
      access();
    } catch (const json_error& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_EQ(what([&] { n["a"]["b"][2]; }), "at $.a.b[2]: the index is past the end of the array");
  EXPECT_EQ(what([&] { n["a"]["b"][-1]; }), "at $.a.b[-]: the index is past the end of the array");
  EXPECT_EQ(what([&] { n["a"][0]; }), "at $.a: the value does not have the requested type");
  EXPECT_EQ(what([&] { n["a"]["b"]["c"]; }), "at $.a.b: the value does not have the requested type: \"c\"");
  EXPECT_EQ(what([&] { n["x"][0]; }), "at $.x: the value does not have the requested type");  // null
  EXPECT_EQ(what([&] { n["a"]["b"].set("k", 1); }), "at $.a.b: the value does not have the requested type");
  EXPECT_EQ(what([&] { c["a"]["x"]; }), "at $.a: the object has no property of that name: \"x\"");
  const char* no_name = nullptr;
  EXPECT_EQ(what([&] { n[no_name]; }),
            "at $: the object has no property of that name: \"(a null pointer as the name)\"");
#endif
}

TEST(Node, ChildrenKeepTheirAddressAndKnowTheirPath) {
  node root = node::object();
  node& list = root.set("list", node::array());
  node& first = list.push_back(node::object());
  for (int i = 0; i < 100; ++i) list.push_back(i);  // the array's storage grows
  first["a b"] = 1;
  for (int i = 0; i < 100; ++i) root.set("m" + std::to_string(i), i);  // the object's storage grows
  EXPECT_EQ(first.path(), "$.list[0]");
  EXPECT_EQ(first.find("a b")->path(), "$.list[0]['a b']");
  EXPECT_EQ(first.parent(), &list);
  EXPECT_EQ(list.parent(), &root);
  EXPECT_EQ(root.parent(), nullptr);
  EXPECT_EQ(root.path(), "$");
  EXPECT_EQ(list.at(100).value()->path(), "$.list[100]");
}

TEST(Node, CopiesAreDeepAndMovesKeepParents) {
  node original = parse_ok(R"({"a":[1,{"b":2}]})");
  node copy = original;
  copy["a"].push_back(3);
  EXPECT_EQ(compact(original), R"({"a":[1,{"b":2}]})");
  EXPECT_EQ(compact(copy), R"({"a":[1,{"b":2},3]})");
  EXPECT_EQ(copy.find("a")->parent(), &copy);
  EXPECT_EQ(copy.find("a")->at(1).value()->find("b")->path(), "$.a[1].b");

  node moved = std::move(copy);
  EXPECT_TRUE(copy.is_null());  // NOLINT(bugprone-use-after-move): moved-from nodes are null
  EXPECT_EQ(moved.find("a")->parent(), &moved);
  // Assigning into a child keeps it in its place.
  node& slot = *moved.find("a");
  slot = parse_ok(R"({"c":true})");
  EXPECT_EQ(slot.parent(), &moved);
  EXPECT_EQ(slot.find("c")->path(), "$.a.c");
  EXPECT_EQ(compact(moved), R"({"a":{"c":true}})");
  // A copy has no parent.
  node detached = *moved.find("a");
  EXPECT_EQ(detached.parent(), nullptr);
  EXPECT_EQ(detached.find("c")->path(), "$.c");
}

TEST(Node, FromDocument) {
  const auto doc = document::parse(R"({"x":1,"y":[true,null,"s",2.5,18446744073709551615],"x":3})");
  const node n = node::from(doc->root());
  // A repeated name: the last value, at the first one's place.
  EXPECT_EQ(compact(n), R"({"x":3,"y":[true,null,"s",2.5,18446744073709551615]})");
  EXPECT_TRUE(n.find("y")->at(4).value()->is_uint64());
  EXPECT_EQ(node::from(doc->root()["y"]), parse_ok(R"([true,null,"s",2.5,18446744073709551615])"));
  EXPECT_TRUE(node::from(doc->root()["missing"]).is_null());
  // Empty containers stay containers.
  const auto empty = document::parse(R"({"o":{},"a":[]})");
  EXPECT_EQ(compact(node::from(empty->root())), R"({"o":{},"a":[]})");
}

TEST(Node, ParseErrorsAreTheDocumentsErrors) {
  const auto n = node::parse(R"({"a":[1,}])");
  ASSERT_FALSE(n.has_value());
  EXPECT_EQ(n.error().info.code, error_code::expected_value);
  EXPECT_EQ(n.error().path, "$.a[1]");
}

TEST(Node, Equality) {
  EXPECT_EQ(parse_ok(R"({"a":1,"b":[1,2]})"), parse_ok(R"({"b":[1,2],"a":1.0})"));
  EXPECT_NE(parse_ok("[1,2]"), parse_ok("[2,1]"));
  EXPECT_NE(parse_ok(R"({"a":1})"), parse_ok(R"({"a":1,"b":2})"));
  EXPECT_NE(parse_ok(R"("1")"), parse_ok("1"));
  EXPECT_NE(node(9007199254740993), node(9007199254740992));
  EXPECT_EQ(node(98114411440148100), node(98114411440148100.41481));
  EXPECT_NE(node(true), node(false));
  EXPECT_EQ(node(), node(nullptr));
}

TEST(Node, DeepTreesNeedNoRecursion) {
  constexpr int depth = 1'000'000;
  node root;
  node* at = &root;
  for (int i = 0; i < depth; ++i) at = &at->push_back(node());
  node copy = root;                                                         // copied
  EXPECT_TRUE(copy == root);                                                // compared
  const std::string text = root.to_json({.max_depth = depth + 1}).value();  // written
  EXPECT_EQ(text.size(), 2u * depth + 4);                                   // [[...[null]...]]
  EXPECT_EQ(node::from(document::parse(text, {.max_depth = depth + 1})->root()), root);
}  // and destroyed

TEST(Node, TwitterRoundTrip) {
  const auto doc = document::parse(test::read_file(JSONJIT_DATA_DIR "/corpus/twitter.simdjson.json"));
  const node tree = node::from(doc->root());
  const std::string written = compact(tree);
  EXPECT_EQ(written, doc->root().to_json({.escaping = escape_mode::relaxed}).value());
  EXPECT_EQ(parse_ok(written), tree);
}

}  // namespace
}  // namespace jsonjit
