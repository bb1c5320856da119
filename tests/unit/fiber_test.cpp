// Fibers (src/stream/fiber_p.hpp), the switch of stacks the resumable writer, the incremental
// reader and the async operations run on: built once with the processor's switch (in the unit
// tests) and once with the POSIX ucontext switch that other processors use
// (jsonjit_fiber_ucontext_tests).
#include <cfenv>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "common/stack_p.hpp"
#include "stream/fiber_p.hpp"

namespace {

using jsonjit::detail::fiber;

struct ping_pong {
  fiber* self = nullptr;
  std::vector<int> seen;
  int value = 0;
};

TEST(Fiber, SuspendsAndResumesWhereItStoppedWithItsLocalsIntact) {
  ping_pong state;
  fiber f(
      [](void* argument) {
        auto& s = *static_cast<ping_pong*>(argument);
        std::string local = "kept";  // lives on the fiber's stack across every switch
        for (int i = 0; i < 1000; ++i) {
          s.seen.push_back(s.value + i);
          s.self->suspend();
          if (local != "kept") return;
        }
      },
      &state);
  state.self = &f;
  EXPECT_FALSE(f.started());
  for (int i = 0; i < 1000; ++i) {
    state.value = i;
    f.resume();
    ASSERT_FALSE(f.finished());
  }
  f.resume();
  EXPECT_TRUE(f.finished());
  ASSERT_EQ(state.seen.size(), 1000u);
  for (int i = 0; i < 1000; ++i) EXPECT_EQ(state.seen[static_cast<std::size_t>(i)], 2 * i);
}

// Deep recursion on the fiber's stack (as a deeply nested value read on a fiber), measured by
// the same check the engines use.
int depth_reached(int depth) {
  if (jsonjit::detail::stack_exhausted() || depth == 100'000) return depth;
  volatile char frame[256];
  frame[0] = 0;
  const int reached = depth_reached(depth + 1);
  return reached + frame[0];  // (read after the call: no tail call)
}

TEST(Fiber, ItsStackHoldsDeepRecursionAndTheStackCheckSeesIt) {
  struct result {
    int depth = 0;
  } r;
  fiber f([](void* argument) { static_cast<result*>(argument)->depth = depth_reached(0); }, &r);
  f.resume();
  EXPECT_TRUE(f.finished());
  EXPECT_GT(r.depth, 1000);  // megabytes of stack, not a guard page after a few frames
}

TEST(Fiber, TheFloatingPointModesStayWithTheirSideOfTheSwitch) {
  struct modes {
    fiber* self = nullptr;
    int inside_before = -1, inside_after = -1;
  } m;
  fiber f(
      [](void* argument) {
        auto& s = *static_cast<modes*>(argument);
        s.inside_before = std::fegetround();
        std::fesetround(FE_UPWARD);
        s.self->suspend();
        s.inside_after = std::fegetround();
        std::fesetround(FE_TONEAREST);
      },
      &m);
  m.self = &f;
  ASSERT_EQ(std::fegetround(), FE_TONEAREST);
  f.resume();
  EXPECT_EQ(m.inside_before, FE_TONEAREST);
  EXPECT_EQ(std::fegetround(), FE_TONEAREST);  // the fiber's mode did not leak out
  std::fesetround(FE_DOWNWARD);
  f.resume();
  std::fesetround(FE_TONEAREST);
  EXPECT_EQ(m.inside_after, FE_UPWARD);  // nor the caller's in
  EXPECT_TRUE(f.finished());
}

TEST(Fiber, ResumedFromAnotherThreadThanTheOneThatStartedIt) {
  ping_pong state;
  fiber f(
      [](void* argument) {
        auto& s = *static_cast<ping_pong*>(argument);
        for (int i = 0; i < 4; ++i) {
          s.seen.push_back(i);
          s.self->suspend();
        }
      },
      &state);
  state.self = &f;
  f.resume();
  for (int i = 0; i < 4; ++i) std::thread([&] { f.resume(); }).join();
  EXPECT_TRUE(f.finished());
  EXPECT_EQ(state.seen, (std::vector<int>{0, 1, 2, 3}));
}

TEST(Fiber, ManyFibersAtOnceEachKeepItsOwnStack) {
  constexpr int count = 200;
  struct slot {
    fiber* self = nullptr;
    int id = 0, sum = 0;
  };
  std::vector<slot> slots(count);
  std::vector<std::unique_ptr<fiber>> fibers;
  for (int i = 0; i < count; ++i) {
    slots[static_cast<std::size_t>(i)].id = i;
    fibers.push_back(std::make_unique<fiber>(
        [](void* argument) {
          auto& s = *static_cast<slot*>(argument);
          for (int round = 0; round < 3; ++round) {
            s.sum += s.id;
            s.self->suspend();
          }
        },
        &slots[static_cast<std::size_t>(i)]));
    slots[static_cast<std::size_t>(i)].self = fibers.back().get();
  }
  for (int round = 0; round < 4; ++round) {
    for (auto& f : fibers) f->resume();
  }
  for (int i = 0; i < count; ++i) {
    EXPECT_TRUE(fibers[static_cast<std::size_t>(i)]->finished());
    EXPECT_EQ(slots[static_cast<std::size_t>(i)].sum, 3 * i);
  }
}

}  // namespace
