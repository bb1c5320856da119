// The JIT's executable memory: placed code runs, knows its address, runs what was written last
// where other code was given back (also under an emulator that translates code), and no page of
// the process is ever writable and executable at once — checked in /proc/self/maps while 8
// threads place code concurrently — and a forked child places its code apart from its
// parent's, and neither reuses memory the other may still run. On x86-64 memory given back is
// reused by the next functions that fit. Machine code is written by hand for each processor.
#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

#include "engines/jit/emit/code_memory_p.hpp"
#include "process_maps.hpp"

namespace jsonjit::detail::jit {
namespace {

using jsonjit_test::permissions_at;
using jsonjit_test::writable_and_executable_mappings;

#if defined(__x86_64__) || defined(__aarch64__)

/// A function returning `value` (< 65536): x86-64 `mov eax, imm32; ret`, AArch64
/// `movz w0, #value; ret`.
std::vector<std::uint8_t> return_constant(std::uint32_t value) {
#if defined(__x86_64__)
  std::vector<std::uint8_t> code{0xB8, 0, 0, 0, 0, 0xC3};
  std::memcpy(&code[1], &value, 4);
#else
  const std::uint32_t instructions[] = {0x52800000u | (value << 5), 0xD65F03C0u};
  std::vector<std::uint8_t> code(sizeof instructions);
  std::memcpy(code.data(), instructions, sizeof instructions);
#endif
  return code;
}

/// A function returning its own address: x86-64 `lea rax, [rip - 7]; ret`, AArch64
/// `adr x0, .; ret`.
std::vector<std::uint8_t> return_own_address() {
#if defined(__x86_64__)
  return {0x48, 0x8D, 0x05, 0xF9, 0xFF, 0xFF, 0xFF, 0xC3};
#else
  const std::uint32_t instructions[] = {0x10000000u, 0xD65F03C0u};
  std::vector<std::uint8_t> code(sizeof instructions);
  std::memcpy(code.data(), instructions, sizeof instructions);
  return code;
#endif
}

void copy_bytes(void* context, void* writable, std::uintptr_t) {
  const auto& bytes = *static_cast<const std::vector<std::uint8_t>*>(context);
  std::memcpy(writable, bytes.data(), bytes.size());
}

TEST(JitCodeMemory, PlacedCodeRunsFromAnExecutableViewThatIsNotWritable) {
  // (Compared with what the process had before: PCRE2's JIT, which a test may have asked for
  // through schema_options::regex_jit, keeps writable and executable pages.)
  const std::vector<std::string> before = writable_and_executable_mappings();
  code_memory memory;
  auto bytes = return_constant(42);
  const placed_code code = memory.place(bytes.size(), copy_bytes, &bytes);
  ASSERT_NE(code.entry, nullptr);
  EXPECT_EQ(code.size, bytes.size());
  EXPECT_EQ(reinterpret_cast<int (*)()>(const_cast<void*>(code.entry))(), 42);
  const std::string perms = permissions_at(code.entry);
  EXPECT_EQ(perms[1], '-') << perms;  // not writable
  EXPECT_EQ(perms[2], 'x') << perms;
  EXPECT_EQ(writable_and_executable_mappings(), before);
  memory.release(code);
}

TEST(JitCodeMemory, FillSeesTheAddressTheCodeRunsAt) {
  code_memory memory;
  struct seen {
    std::vector<std::uint8_t> bytes = return_own_address();
    std::uintptr_t executable = 0;
  } fill;
  const placed_code code = memory.place(
      fill.bytes.size(),
      [](void* context, void* writable, std::uintptr_t executable_address) {
        auto& f = *static_cast<seen*>(context);
        std::memcpy(writable, f.bytes.data(), f.bytes.size());
        f.executable = executable_address;
      },
      &fill);
  ASSERT_NE(code.entry, nullptr);
  EXPECT_EQ(fill.executable, reinterpret_cast<std::uintptr_t>(code.entry));
  EXPECT_EQ(reinterpret_cast<const void* (*)()>(const_cast<void*>(code.entry))(), code.entry);
  memory.release(code);
}

TEST(JitCodeMemory, CodePlacedAfterOtherCodeWasGivenBackRunsAsWritten) {
  // Options objects come and go, each giving its functions back: what is placed afterwards must
  // run as written, never as code that ran before (an emulator such as qemu-user keeps its
  // translation of an address it ran while the code is written through the other view).
  for (std::uint32_t round = 1; round <= 2000; ++round) {
    code_memory memory;
    std::vector<placed_code> placed;
    for (std::uint32_t i = 0; i < 5; ++i) {
      auto bytes = return_constant(round * 10 + i);
      placed.push_back(memory.place(bytes.size(), copy_bytes, &bytes));
      ASSERT_NE(placed.back().entry, nullptr);
    }
    for (std::uint32_t i = 0; i < 5; ++i) {
      ASSERT_EQ(reinterpret_cast<std::uint32_t (*)()>(const_cast<void*>(placed[i].entry))(), round * 10 + i)
          << "round " << round << ", function " << i;
    }
    if (round % 2 == 0) memory.release(placed.front());  // the rest with the memory
  }
}

TEST(JitCodeMemory, ManyThreadsPlaceAndReleaseWhileNoPageIsEverWritableAndExecutable) {
  const std::vector<std::string> before = writable_and_executable_mappings();
  code_memory memory;
  std::atomic<bool> done{false};
  std::atomic<int> wx_seen{0}, scans{0};
  std::thread watcher([&] {
    while (!done.load()) {
      if (writable_and_executable_mappings() != before) ++wx_seen;
      ++scans;
    }
  });
  std::vector<std::thread> threads;
  std::atomic<int> wrong{0};
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      while (scans.load() == 0) std::this_thread::yield();  // placing starts once watched
      std::vector<placed_code> kept;
      for (int i = 0; i < 200; ++i) {
        auto bytes = return_constant(static_cast<std::uint32_t>(t * 1000 + i));
        const placed_code code = memory.place(bytes.size(), copy_bytes, &bytes);
        if (code.entry == nullptr ||
            reinterpret_cast<int (*)()>(const_cast<void*>(code.entry))() != t * 1000 + i) {
          ++wrong;
        }
        kept.push_back(code);
        if (i % 3 == 0) {  // give some back while others are placed
          memory.release(kept.front());
          kept.erase(kept.begin());
        }
      }
      for (const placed_code& code : kept) memory.release(code);
    });
  }
  for (std::thread& t : threads) t.join();
  done = true;
  watcher.join();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_GT(scans.load(), 1);
  EXPECT_EQ(wx_seen.load(), 0);
}

#if defined(__x86_64__)
TEST(JitCodeMemory, MemoryGivenBackIsReusedByTheNextFunctionsThatFit) {
  // A query compiled, run and dropped again and again writes its code where the last one was:
  // in pages already touched, not fresh ones (each costing microseconds on a virtual machine).
  // Checked in a forked child, which places its code in arenas of its own: none of what the
  // tests before this one gave back is there to be reused first.
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    code_memory memory;
    const auto function = [](std::uint32_t value, std::size_t size) {
      std::vector<std::uint8_t> bytes = return_constant(value);
      bytes.resize(size, 0x90);
      return bytes;
    };
    const auto returns = [](const placed_code& code, std::uint32_t value) {
      return code.entry != nullptr && reinterpret_cast<std::uint32_t (*)()>(const_cast<void*>(code.entry))() == value;
    };
    auto big = function(7, 100'032);  // (sizes in 64-byte multiples, as functions are aligned)
    const placed_code first = memory.place(big.size(), copy_bytes, &big);
    if (!returns(first, 7)) _exit(1);
    memory.release(first);
    auto again = function(8, 100'032);
    const placed_code second = memory.place(again.size(), copy_bytes, &again);
    if (second.entry != first.entry || !returns(second, 8)) _exit(2);
    // Smaller ones share the block; neighbours given back make one again, which a function
    // as large as both takes.
    auto after = function(9, 64);
    const placed_code fence = memory.place(after.size(), copy_bytes, &after);
    memory.release(second);
    auto half = function(10, 49'984);
    const placed_code low = memory.place(half.size(), copy_bytes, &half);
    const placed_code high = memory.place(half.size(), copy_bytes, &half);
    if (low.entry != first.entry || high.entry != static_cast<const char*>(first.entry) + 49'984) _exit(3);
    if (!returns(low, 10) || !returns(high, 10) || !returns(fence, 9)) _exit(4);
    memory.release(high);
    memory.release(low);
    const placed_code joined = memory.place(again.size(), copy_bytes, &again);
    if (joined.entry != first.entry || !returns(joined, 8)) _exit(5);
    _exit(0);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
      << "child's status " << status << " (exit code: the first check that failed)";
}
#endif

TEST(JitCodeMemory, ParentAndChildOfAForkPlaceCodeWithoutOverwritingEachOther) {
  // Servers compile types, then fork workers that compile more. The arenas are memory files
  // mapped shared, so what either process writes there after fork() the other sees: both
  // must not place their next functions at the same address of an arena they share, nor
  // reuse there what they give back (the other may still run it).
  code_memory memory;
  auto first = return_constant(1);
  const placed_code inherited = memory.place(first.size(), copy_bytes, &first);
  ASSERT_NE(inherited.entry, nullptr);
  auto fourth = return_constant(4);
  const placed_code dropped_by_parent = memory.place(fourth.size(), copy_bytes, &fourth);
  ASSERT_NE(dropped_by_parent.entry, nullptr);
  const auto call = [](const placed_code& code) {
    return reinterpret_cast<std::uint32_t (*)()>(const_cast<void*>(code.entry))();
  };
  int to_child[2], to_parent[2];
  ASSERT_EQ(pipe(to_child), 0);
  ASSERT_EQ(pipe(to_parent), 0);
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  char token = 0;
  if (child == 0) {  // places its function after the parent placed one, then reports
    if (read(to_child[0], &token, 1) != 1) _exit(2);
    auto bytes = return_constant(3);
    const placed_code mine = memory.place(bytes.size(), copy_bytes, &bytes);
    const bool ok =
        mine.entry != nullptr && call(mine) == 3 && call(inherited) == 1 && call(dropped_by_parent) == 4;
    if (write(to_parent[1], &token, 1) != 1) _exit(2);
    _exit(ok ? 0 : 1);
  }
  memory.release(dropped_by_parent);  // the child still runs it
  auto bytes = return_constant(2);
  const placed_code parents = memory.place(bytes.size(), copy_bytes, &bytes);
  ASSERT_NE(parents.entry, nullptr);
  ASSERT_EQ(write(to_child[1], &token, 1), 1);
  ASSERT_EQ(read(to_parent[0], &token, 1), 1);  // the child has placed and run its function
  EXPECT_EQ(call(parents), 2u) << "the child's code was written over the parent's";
  EXPECT_EQ(call(inherited), 1u);
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "child's status " << status;
  for (int fd : {to_child[0], to_child[1], to_parent[0], to_parent[1]}) close(fd);
  memory.release(parents);
  memory.release(inherited);
}

#endif

}  // namespace
}  // namespace jsonjit::detail::jit
