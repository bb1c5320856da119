#include <jsonjit/patch.hpp>

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

node parse_node(std::string_view json) {
  return node::parse(json).value();
}

// --- the JSON Patch test suite ---------------------------------------------------------------

struct suite_counts {
  int applied = 0, refused = 0;
};

/// Runs every test of a json-patch-tests file, disabled ones too (each does what its text
/// says: the duplicate-member ones are refused, as we read patches from the document with its
/// repeated names visible).
suite_counts run_patch_suite(const std::string& file) {
  const std::string text = test::read_file(std::string(JSONJIT_DATA_DIR) + "/json-patch-tests/" + file);
  const document suite = document::parse(text).value();
  suite_counts counts;
  for (const element test : suite.root().elements()) {
    if (!test["patch"].exists()) continue;  // a comment only
    const std::string name = test["comment"].get_string().value_or("(no comment)").data();
    SCOPED_TRACE(file + ": " + name);
    node doc = node::from(test["doc"]);
    const node before = doc;
    auto patch = json_patch::parse(test["patch"]);
    if (test["error"].exists()) {
      if (!patch) {
        EXPECT_NE(patch.error().code, error_code::none);
        ++counts.refused;
        continue;
      }
      const patch_error failed = patch->apply(doc);
      EXPECT_TRUE(failed) << "applied a patch the suite expects to fail";
      EXPECT_EQ(doc, before) << "a failed patch changed the document: " << compact(doc);
      EXPECT_EQ(compact(doc), compact(before));
      ++counts.refused;
      continue;
    }
    if (!patch) {
      ADD_FAILURE() << to_string(patch.error());
      continue;
    }
    const patch_error failed = patch->apply(doc);
    EXPECT_FALSE(failed) << to_string(failed);
    if (test["expected"].exists()) {
      EXPECT_EQ(doc, node::from(test["expected"])) << compact(doc);
    }
    // The patch written out and read back is the same patch.
    EXPECT_EQ(json_patch::parse(patch->to_node()).value(), *patch);
    ++counts.applied;
  }
  return counts;
}

TEST(PatchSuite, EveryTestOfJsonPatchTests) {
  const suite_counts counts = run_patch_suite("tests.json");
  EXPECT_EQ(counts.applied + counts.refused, 95);  // every test with a patch in the file
  EXPECT_EQ(counts.refused, 31);
}

TEST(PatchSuite, EveryExampleOfRfc6902) {
  const suite_counts counts = run_patch_suite("spec_tests.json");
  EXPECT_EQ(counts.applied + counts.refused, 17);
  EXPECT_EQ(counts.refused, 5);
}

// --- applying --------------------------------------------------------------------------------

patch_error apply_text(node& target, std::string_view patch_json) {
  const document patch = document::parse(patch_json).value();
  auto parsed = json_patch::parse(patch.root());
  if (!parsed) return parsed.error();
  return parsed->apply(target);
}

TEST(Patch, AFailingOperationLeavesTheNodeAsItWas) {
  const std::string original = R"({"a":{"b":[1,2,3],"c":"x"},"d":[{"e":1}],"f":null,"g":{"h":1,"i":2}})";
  // Every kind of operation applied before the one that fails, including moves out of and
  // into containers, replacements of the root and of members, and removals at every place.
  const std::string applied_first =
      R"([{"op":"add","path":"/a/b/1","value":"new"},)"
      R"({"op":"remove","path":"/a/c"},)"
      R"({"op":"replace","path":"/d/0","value":{"z":true}},)"
      R"({"op":"move","from":"/g/h","path":"/a/h"},)"
      R"({"op":"move","from":"/g","path":"/d/-"},)"
      R"({"op":"copy","from":"/a","path":"/copy"},)"
      R"({"op":"add","path":"/f","value":[1]},)"
      R"({"op":"remove","path":"/a/b/0"},)"
      R"({"op":"move","from":"/a/b","path":"/b"},)"
      R"({"op":"add","path":"","value":{"root":"replaced","keep":{"x":1}}},)"
      R"({"op":"move","from":"/keep","path":"/root"},)"
      R"({"op":"test","path":"/root","value":{"x":1}},)";
  const std::string failures[] = {
      R"({"op":"test","path":"/root/x","value":2}])",
      R"({"op":"remove","path":"/nothing"}])",
      R"({"op":"add","path":"/root/x/deeper","value":1}])",
      R"({"op":"move","from":"/root/x","path":"/none/x"}])",
      R"({"op":"copy","from":"/none","path":"/x"}])",
      R"({"op":"replace","path":"/root/7","value":1}])",
  };
  for (const std::string& failing : failures) {
    SCOPED_TRACE(failing);
    node n = parse_node(original);
    const patch_error failed = apply_text(n, applied_first + failing);
    ASSERT_TRUE(failed);
    EXPECT_EQ(failed.operation, 12u);
    EXPECT_EQ(compact(n), original);  // member order too
    // The tree is whole again: every child knows its parent.
    EXPECT_EQ(n["g"]["h"].parent(), &n["g"]);
    EXPECT_EQ(n["a"]["b"][0].parent(), &n["a"]["b"]);
    EXPECT_EQ(n.find("a")->path(), "$.a");
  }
  // And without the failure, all of it.
  node n = parse_node(original);
  ASSERT_FALSE(apply_text(n, applied_first.substr(0, applied_first.size() - 1) + "]"));
  EXPECT_EQ(compact(n), R"({"root":{"x":1}})");
}

TEST(Patch, ErrorsNameTheOperationThePointerAndTheReason) {
  node n = parse_node(R"({"tags":["a","b"],"n":1})");
  struct failure {
    std::string_view patch, message;
  };
  const failure failures[] = {
      {R"([{"op":"remove","path":"/tags/0"},{"op":"remove","path":"/tags/7"}])",
       "operation 1 (remove /tags/7): the index is past the end of the array (at $.tags: \"7\")"},
      {R"([{"op":"test","path":"/n","value":2}])",
       "operation 0 (test /n): the value is not equal to the one the test expects (at $.n, found 1)"},
      {R"([{"op":"move","from":"/missing","path":"/x"}])",
       "operation 0 (move /missing): the object has no property of that name (at $: \"missing\")"},
      {R"([{"op":"add","path":"/tags/01","value":1}])",
       "operation 0 (add /tags/01): an array index must be digits without leading zeros (or '-' where an element "
       "is added) (at $.tags: \"01\")"},
      {R"([{"op":"spam","path":"/n"}])", "operation 0: not a JSON Patch operation (unknown op \"spam\")"},
      {R"([{"op":"add","value":1}])", "operation 0 (add): not a JSON Patch operation (the operation has no \"path\")"},
      {R"([{"op":"add","path":"n","value":1}])",
       "operation 0 (add n): not a JSON Pointer: it must be empty or start with '/', and '~' must be followed by 0 "
       "or 1 (\"path\", column 1)"},
      {R"([{"op":"move","from":"/tags","path":"/tags/0"}])",
       "operation 0 (move /tags): not a JSON Patch operation (a value cannot be moved into one of its own "
       "children)"},
      {R"({"op":"add"})", "operation 0: not a JSON Patch operation (a patch is an array of operation objects)"},
      {R"([1])", "operation 0: not a JSON Patch operation (an operation is an object)"},
      {R"([{"op":"add","path":"/a","value":1,"value":2}])",
       "operation 0: not a JSON Patch operation (the operation has two \"value\" members)"},
  };
  for (const failure& f : failures) {
    EXPECT_EQ(to_string(apply_text(n, f.patch)), f.message);
  }
  EXPECT_EQ(compact(n), R"({"tags":["a","b"],"n":1})");
}

TEST(Patch, AnRvaluePatchMovesItsValuesIntoTheTarget) {
  node big = node::array();
  for (int i = 0; i < 1000; ++i) big.push_back(i);
  json_patch patch;
  patch.push_back({patch_op::add, json_pointer{"big"}, {}, std::move(big)});
  const node* first_element = &patch.operations()[0].value[0];
  node target = node::object();
  EXPECT_FALSE(std::move(patch).apply(target));
  EXPECT_EQ(target["big"].size(), 1000u);
  EXPECT_EQ(&target["big"][0], first_element);  // the same node: moved, not copied
  EXPECT_TRUE(patch.empty());  // NOLINT(bugprone-use-after-move): the documented state
}

TEST(Patch, WrittenAsRfc6902Text) {
  json_patch patch;
  patch.push_back({patch_op::move, json_pointer{"a/b"}, json_pointer{"c~d"}, {}});
  patch.push_back({patch_op::test, json_pointer{"x"}, {}, node(1.5)});
  patch.push_back({patch_op::remove, json_pointer{"y", "0"}, {}, {}});
  EXPECT_EQ(patch.to_json().value(),
            R"([{"op":"move","from":"/c~0d","path":"/a~1b"},{"op":"test","path":"/x","value":1.5},)"
            R"({"op":"remove","path":"/y/0"}])");
  EXPECT_EQ(compact(patch.to_node()), patch.to_json({.escaping = escape_mode::relaxed}).value());
}

TEST(Patch, DeepPatchValuesAndTargets) {
  // A value nested 200,000 deep in the patch, added, tested and removed: nothing recurses.
  std::string deep;
  for (int i = 0; i < 200000; ++i) deep += '[';
  for (int i = 0; i < 200000; ++i) deep += ']';
  const node value = node::parse(deep, {.max_depth = 300000}).value();
  node target = node::object();
  json_patch patch;
  patch.push_back({patch_op::add, json_pointer{"v"}, {}, value});
  patch.push_back({patch_op::test, json_pointer{"v"}, {}, value});
  patch.push_back({patch_op::copy, json_pointer{"w"}, json_pointer{"v"}, {}});
  patch.push_back({patch_op::remove, json_pointer{"nothing"}, {}, {}});
  EXPECT_TRUE(patch.apply(target));
  EXPECT_EQ(target.size(), 0u);
}

// --- diff ------------------------------------------------------------------------------------

TEST(Diff, SmallestPatchesForCommonEdits) {
  struct example {
    std::string_view from, to, patch;
  };
  const example examples[] = {
      {R"({"a":1})", R"({"a":1})", "[]"},
      {R"({"a":1})", R"({"a":1.0})", "[]"},  // equal numbers
      {R"({"a":{"b":[1,2,3]}})", R"({"a":{"b":[1,5,3]}})", R"([{"op":"replace","path":"/a/b/1","value":5}])"},
      {R"([1,2,3,4,5])", R"([1,2,9,3,4,5])", R"([{"op":"add","path":"/2","value":9}])"},
      {R"([1,2,3,4,5])", R"([1,2,4,5])", R"([{"op":"remove","path":"/2"}])"},
      {R"([1,2,3,4,5])", R"([1,5])", R"([{"op":"remove","path":"/1"},{"op":"remove","path":"/1"},)"
                                     R"({"op":"remove","path":"/1"}])"},
      {R"({"a":1,"b":2})", R"({"b":2,"c":3})", R"([{"op":"remove","path":"/a"},{"op":"add","path":"/c","value":3}])"},
      {R"({"a":[1]})", R"({"a":{"0":1}})", R"([{"op":"replace","path":"/a","value":{"0":1}}])"},
      {R"({"a/b":{"~":1}})", R"({"a/b":{"~":2}})", R"([{"op":"replace","path":"/a~1b/~0","value":2}])"},
      {"1", "[1]", R"([{"op":"replace","path":"","value":[1]}])"},
      // Arrays are aligned: equal elements stay where others were inserted or removed around
      // them, and elements alike (objects sharing their names) are one element changed.
      {R"([{"id":1},{"id":2,"v":2},{"id":3},{"id":4}])", R"([{"id":1},"new",{"id":2,"v":20},{"id":4},"end"])",
       R"([{"op":"add","path":"/1","value":"new"},{"op":"remove","path":"/3"},{"op":"add","path":"/4","value":"end"},)"
       R"({"op":"replace","path":"/2/v","value":20}])"},
      {R"([[1,2],{"a":1,"b":2},[3]])", R"([{"a":1,"b":3,"c":4},[1,2,0],[3]])",
       R"([{"op":"remove","path":"/0"},{"op":"add","path":"/1","value":[1,2,0]},)"
       R"({"op":"add","path":"/0/c","value":4},{"op":"replace","path":"/0/b","value":3}])"},
  };
  for (const example& e : examples) {
    const node from = parse_node(e.from), to = parse_node(e.to);
    const json_patch patch = diff(from, to);
    EXPECT_EQ(patch.to_json().value(), e.patch) << e.from << " -> " << e.to;
    node applied = from;
    EXPECT_FALSE(patch.apply(applied));
    EXPECT_EQ(applied, to);
  }
}

/// Random edits of a node: values changed, members and elements added and removed, types
/// changed, at any depth.
class editor {
 public:
  explicit editor(unsigned seed) : random_(seed) {}

  void edit(node& root) {
    std::vector<node*> all;
    std::vector<node*> pending{&root};
    while (!pending.empty()) {
      node* n = pending.back();
      pending.pop_back();
      all.push_back(n);
      for (node& child : n->elements()) pending.push_back(&child);
      for (auto m : n->members()) pending.push_back(&m.value);
    }
    node& target = *all[pick(all.size())];
    switch (pick(6)) {
      case 0: target = value(); break;
      case 1:
        if (target.is_object() && target.size() > 0) {
          const std::string name = (*std::next(target.members().begin(), static_cast<std::ptrdiff_t>(pick(target.size())))).name;
          target.erase(name);
          break;
        }
        [[fallthrough]];
      case 2:
        if (target.is_array() && target.size() > 0) {
          target.erase(pick(target.size()));
          break;
        }
        [[fallthrough]];
      case 3:
        if (target.is_array()) {
          (void)target.insert(pick(target.size() + 1), value());
          break;
        }
        [[fallthrough]];
      case 4:
        if (target.is_object()) {
          target.set("new" + std::to_string(pick(1000)), value());
          break;
        }
        [[fallthrough]];
      default: target = value(); break;
    }
  }

 private:
  std::size_t pick(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(random_); }
  node value() {
    switch (pick(7)) {
      case 0: return nullptr;
      case 1: return pick(2) == 0;
      case 2: return static_cast<std::int64_t>(pick(100000)) - 50000;
      case 3: return static_cast<double>(pick(1000)) / 8;
      case 4: return "s" + std::to_string(pick(100));
      case 5: {
        node a = node::array();
        for (std::size_t i = pick(4); i > 0; --i) a.push_back(value());
        return a;
      }
      default: {
        node o = node::object();
        for (std::size_t i = pick(4); i > 0; --i) o.set("k" + std::to_string(pick(10)), value());
        return o;
      }
    }
  }
  std::mt19937 random_;
};

/// Documents from the corpus: each of twitter's statuses and citm's performances (real
/// shapes: nested objects, arrays of objects, nulls, numbers of every kind).
std::vector<node> real_documents() {
  std::vector<node> documents;
  const node twitter =
      node::parse(test::read_file(std::string(JSONJIT_DATA_DIR) + "/corpus/twitter.json")).value();
  for (const node& status : twitter["statuses"].elements()) documents.push_back(status);
  const node citm =
      node::parse(test::read_file(std::string(JSONJIT_DATA_DIR) + "/corpus/citm_catalog.json")).value();
  std::size_t taken = 0;
  for (const node& performance : citm["performances"].elements()) {
    if (++taken > 100) break;
    documents.push_back(performance);
  }
  return documents;
}

TEST(Diff, ApplyingTheDiffOfRandomEditsOfRealDocumentsGivesTheEditedDocument) {
  const std::vector<node> documents = real_documents();
  ASSERT_EQ(documents.size(), 200u);
  editor edits(20261204);
  int pairs = 0, merge_patches = 0, merge_refusals = 0;
  std::size_t made = 0, operations = 0;
  for (int round = 0; round < 15; ++round) {
    for (const node& original : documents) {
      node edited = original;
      for (int k = 0; k <= round % 5; ++k) edits.edit(edited);
      made += static_cast<std::size_t>(round % 5 + 1);
      const json_patch patch = diff(original, edited);
      operations += patch.size();
      node patched = original;
      const patch_error failed = patch.apply(patched);
      ASSERT_FALSE(failed) << to_string(failed);
      ASSERT_EQ(patched, edited) << patch.to_json().value();
      EXPECT_TRUE(diff(edited, patched).empty());
      ++pairs;
      // The merge patch, where null members do not stand in the way.
      auto merge = merge_diff(original, edited);
      if (!merge) {
        ASSERT_EQ(merge.error().info.code, error_code::null_in_merge_patch);
        ++merge_refusals;
        continue;
      }
      node merged = original;
      merge_patch(merged, *merge);
      ASSERT_EQ(merged, edited) << compact(*merge);
      ++merge_patches;
    }
  }
  EXPECT_EQ(pairs, 3000);
  // Short: about an operation per edit (an edit that replaces a container with one alike
  // may take a few).
  EXPECT_LE(operations, made * 3 / 2) << operations << " operations for " << made << " edits";
  EXPECT_GT(merge_patches, 2000);  // the edits make a null member one time in seven at most
  EXPECT_GT(merge_refusals, 0);
}

TEST(Diff, LargeElementsThatBeginAlikeAreMatchedAndPatchedInside) {
  // Elements are aligned by their beginnings: arrays of 40 numbers whose first 32 are equal
  // collide, and are matched with one another; the patch is still right, made of changes
  // inside the elements. Elements that begin differently are aligned as equal values are.
  auto row = [](int last) {
    node r = node::array();
    for (int i = 0; i < 40; ++i) r.push_back(i < 32 ? 0 : last);
    return r;
  };
  node from = node::array(), to = node::array();
  for (int i = 0; i < 6; ++i) from.push_back(row(i));
  to.push_back(row(9));  // inserted in front, beginning as every other does
  for (int i = 0; i < 6; ++i) to.push_back(row(i == 3 ? 7 : i));
  const json_patch patch = diff(from, to);
  node patched = from;
  ASSERT_FALSE(patch.apply(patched)) << patch.to_json().value();
  EXPECT_EQ(patched, to);
  EXPECT_TRUE(diff(patched, to).empty());

  // Members in another order begin alike: equal objects stay, the inserted one is added.
  const node objects = parse_node(R"([{"a":1,"b":[1,2]},{"c":3,"d":{"e":4}},{"f":5}])");
  const node reordered = parse_node(R"([{"b":[1,2],"a":1},"new",{"d":{"e":4},"c":3},{"f":6}])");
  EXPECT_EQ(diff(objects, reordered).to_json().value(),
            R"([{"op":"add","path":"/1","value":"new"},{"op":"replace","path":"/3/f","value":6}])");
}

TEST(Diff, DeepValuesDifferingAtTheBottom) {
  // 100,000 arrays inside each other, different only in the innermost value: one replace, found
  // in time linear in the depth (each level is compared once, not once per level above it).
  constexpr int depth = 100'000;
  auto nested = [](std::string_view leaf) {
    return node::parse(std::string(depth, '[') + std::string(leaf) + std::string(depth, ']'), {.max_depth = 2 * depth})
        .value();
  };
  const node from = nested("1"), to = nested("2");
  const json_patch patch = diff(from, to);
  ASSERT_EQ(patch.size(), 1u);
  EXPECT_EQ(patch.operations()[0].path.size(), static_cast<std::size_t>(depth));
  node patched = from;
  EXPECT_FALSE(patch.apply(patched));
  EXPECT_EQ(patched, to);
  const node other = nested("{\"a\":[1]}");
  EXPECT_FALSE(diff(from, other).empty());
}

// --- merge patch -----------------------------------------------------------------------------

TEST(MergePatch, EveryExampleOfRfc7396AppendixA) {
  struct example {
    std::string_view original, patch, result;
  };
  const example examples[] = {
      {R"({"a":"b"})", R"({"a":"c"})", R"({"a":"c"})"},
      {R"({"a":"b"})", R"({"b":"c"})", R"({"a":"b","b":"c"})"},
      {R"({"a":"b"})", R"({"a":null})", R"({})"},
      {R"({"a":"b","b":"c"})", R"({"a":null})", R"({"b":"c"})"},
      {R"({"a":["b"]})", R"({"a":"c"})", R"({"a":"c"})"},
      {R"({"a":"c"})", R"({"a":["b"]})", R"({"a":["b"]})"},
      {R"({"a":{"b":"c"}})", R"({"a":{"b":"d","c":null}})", R"({"a":{"b":"d"}})"},
      {R"({"a":[{"b":"c"}]})", R"({"a":[1]})", R"({"a":[1]})"},
      {R"(["a","b"])", R"(["c","d"])", R"(["c","d"])"},
      {R"({"a":"b"})", R"(["c"])", R"(["c"])"},
      {R"({"a":"foo"})", "null", "null"},
      {R"({"a":"foo"})", R"("bar")", R"("bar")"},
      {R"({"e":null})", R"({"a":1})", R"({"e":null,"a":1})"},
      {R"([1,2])", R"({"a":"b","c":null})", R"({"a":"b"})"},
      {R"({})", R"({"a":{"bb":{"ccc":null}}})", R"({"a":{"bb":{}}})"},
  };
  for (const example& e : examples) {
    node target = parse_node(e.original);
    merge_patch(target, parse_node(e.patch));
    EXPECT_EQ(compact(target), e.result) << e.original << " + " << e.patch;
  }
}

TEST(MergePatch, DiffGivesTheSmallestPatchOrSaysWhereNullStandsInTheWay) {
  const node from = parse_node(R"({"title":"Hello!","author":{"givenName":"John","familyName":"Doe"},)"
                               R"("tags":["example","sample"],"content":"This will be unchanged"})");
  const node to = parse_node(R"({"title":"Hello!","author":{"givenName":"John"},"tags":["example"],)"
                             R"("content":"This will be unchanged","phoneNumber":"+01-123-456-7890"})");
  EXPECT_EQ(compact(merge_diff(from, to).value()),
            R"({"author":{"familyName":null},"tags":["example"],"phoneNumber":"+01-123-456-7890"})");
  EXPECT_EQ(to_string(merge_diff(from, parse_node(R"({"title":null})")).error()),
            "at $.title: a merge patch cannot make a member null (null in a merge patch removes the member)");
  EXPECT_EQ(merge_diff(parse_node("1"), parse_node(R"({"a":{"b":null}})")).error().path, "$.a.b");
  // Nulls inside arrays travel with the array, and a null member that stays needs no patch.
  EXPECT_EQ(compact(merge_diff(parse_node(R"({"n":null,"a":1})"), parse_node(R"({"n":null,"a":[null]})")).value()),
            R"({"a":[null]})");
}

TEST(MergePatch, DiffOfDeepObjectChainsDifferingAtTheBottom) {
  // 100,000 objects inside each other, different only in the innermost member: a patch as deep
  // as the chain, found in time linear in the depth (no level compares the objects below it).
  constexpr int depth = 100'000;
  auto chain = [](std::string_view leaf) {
    std::string text;
    for (int i = 0; i < depth; ++i) text += "{\"k\":";
    text += leaf;
    text += std::string(depth, '}');
    return node::parse(text, {.max_depth = 2 * depth}).value();
  };
  const node from = chain(R"({"a":1,"same":[1,2]})"), to = chain(R"({"b":2,"same":[1,2]})");
  const node patch = merge_diff(from, to).value();
  const node* bottom = &patch;
  for (int i = 0; i < depth; ++i) {
    ASSERT_EQ(bottom->size(), 1u) << "level " << i;
    bottom = bottom->find("k");
    ASSERT_NE(bottom, nullptr) << "level " << i;
  }
  EXPECT_EQ(compact(*bottom), R"({"a":null,"b":2})");
  node patched = from;
  merge_patch(patched, patch);
  EXPECT_EQ(patched, to);
  EXPECT_EQ(compact(merge_diff(from, from).value()), "{}");
}

TEST(MergePatch, ManyObjectsAtOneLevelAndNestedInEachAreAllMerged) {
  // Forty sibling objects, each with one nested below it: more objects waiting to be merged at
  // once than merge_patch keeps in place before it keeps them on the heap.
  node target = node::object(), patch = node::object();
  for (int i = 0; i < 40; ++i) {
    const std::string name = "k" + std::to_string(i);
    target.set(name, parse_node(R"({"a":1,"b":2,"inner":{"x":1}})"));
    patch.set(name, parse_node(R"({"a":)" + std::to_string(i) + R"(,"b":null,"inner":{"x":null,"y":[1]}})"));
  }
  merge_patch(target, patch);
  ASSERT_EQ(target.size(), 40u);
  for (int i = 0; i < 40; ++i) {
    EXPECT_EQ(compact(target["k" + std::to_string(i)]), R"({"a":)" + std::to_string(i) + R"(,"inner":{"y":[1]}})")
        << "member " << i;
  }
}

TEST(MergePatch, APatchFromTheTargetsOwnTree) {
  node n = parse_node(R"({"a":{"x":null,"y":1},"b":2})");
  merge_patch(n, n["a"]);  // read from a copy: the patch is changed as it is applied
  EXPECT_EQ(compact(n), R"({"a":{"x":null,"y":1},"b":2,"y":1})");
  merge_patch(n, n);
  EXPECT_EQ(compact(n), R"({"a":{"y":1},"b":2,"y":1})");
}

}  // namespace
}  // namespace jsonjit
