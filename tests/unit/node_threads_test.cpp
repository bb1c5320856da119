// Nodes across threads: each thread keeps the nodes it frees for reuse (node_allocation.cpp).
// Trees built on one thread and dropped on another, edits on many threads at once, and nodes
// freed while a thread ends must give every block back: LeakSanitizer (the asan preset) reports
// a block left in a finished thread's cache, ThreadSanitizer a cache shared by mistake.
#include <jsonjit/node.hpp>
#include <jsonjit/patch.hpp>

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "common/sanitizers_p.hpp"

namespace jsonjit {
namespace {

/// An object of `members` members, each an object of a few scalars: enough nodes to fill a
/// thread's cache (1,024) several times over.
node wide_tree(int members) {
  node tree = node::object();
  for (int i = 0; i < members; ++i) {
    node& member = tree.set("m" + std::to_string(i), node::object());
    member.set("id", i);
    member.set("name", "member " + std::to_string(i));
    member.set("tags", node::array()).push_back(i % 3 == 0);
  }
  return tree;
}

node merge_patched(node target, const node& patch) {
  merge_patch(target, patch);
  return target;
}

TEST(NodeThreads, TreesBuiltOnOneThreadAreDroppedAndEditedOnOthers) {
  constexpr int rounds = 20;
  const node expected = wide_tree(500);
  std::vector<std::unique_ptr<node>> built(rounds);
  std::thread builder([&built] {
    for (auto& tree : built) tree = std::make_unique<node>(wide_tree(500));
  });
  builder.join();

  // Two threads take half the trees each: they check and edit them (members added and taken
  // back, as a merge patch and its inverse do), then drop them; their frees fill their caches.
  std::vector<int> equal(2, 0);
  std::vector<std::thread> droppers;
  for (int t = 0; t < 2; ++t) {
    droppers.emplace_back([&, t] {
      for (int i = t; i < rounds; i += 2) {
        node& tree = *built[static_cast<std::size_t>(i)];
        const node patch = node::parse(R"({"added":{"x":1,"y":[1,2]},"m7":null,"m8":{"name":"renamed"}})").value();
        const node inverse = merge_diff(merge_patched(tree, patch), tree).value();
        merge_patch(tree, patch);
        merge_patch(tree, inverse);
        if (tree == expected) ++equal[static_cast<std::size_t>(t)];
        built[static_cast<std::size_t>(i)].reset();
      }
    });
  }
  for (auto& t : droppers) t.join();
  EXPECT_EQ(equal[0] + equal[1], rounds);

  // Nodes made after the other threads ended are whole (their caches were given back).
  const node again = wide_tree(500);
  EXPECT_EQ(again, expected);
}

// A thread-local object made before the thread freed its first node is destroyed after the
// thread's cache was emptied: the nodes it frees then go straight back to the allocator.
struct tree_holder {
  node tree = wide_tree(200);
  ~tree_holder() { EXPECT_EQ(tree.size(), 200u); }  // (its nodes are freed after this)
};
thread_local std::unique_ptr<tree_holder> held;

TEST(NodeThreads, NodesFreedWhileAThreadEndsGoBack) {
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([] {
      held.reset();  // its first use: destroyed after everything the thread makes later
      held = std::make_unique<tree_holder>();
      for (int i = 0; i < 5; ++i) {
        node dropped = wide_tree(300);  // fills the thread's cache
        EXPECT_EQ(dropped.size(), 300u);
      }
      EXPECT_EQ(held->tree, wide_tree(200));
    });
  }
  for (auto& t : threads) t.join();
}

#if defined(JSONJIT_ASAN)
// A freed node waits poisoned for its reuse: reading it is still reported.
TEST(NodeThreads, AFreedNodeIsStillReportedByAddressSanitizer) {
  EXPECT_DEATH(
      {
        auto* n = new node("freed");
        delete n;
        volatile bool is_string = n->is_string();
        (void)is_string;
      },
      "use-after-poison");
}
#endif

}  // namespace
}  // namespace jsonjit
