// The JIT's executable memory: placed code runs, knows its address, and no page of the process
// is ever writable and executable at once — checked in /proc/self/maps while 8 threads place
// code concurrently.
#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "engines/jit/emit/code_memory_p.hpp"

namespace jsonjit::detail::jit {
namespace {

/// x86-64: `mov eax, imm32; ret`.
std::vector<std::uint8_t> return_constant(std::uint32_t value) {
  std::vector<std::uint8_t> code{0xB8, 0, 0, 0, 0, 0xC3};
  std::memcpy(&code[1], &value, 4);
  return code;
}

void copy_bytes(void* context, void* writable, std::uintptr_t) {
  const auto& bytes = *static_cast<const std::vector<std::uint8_t>*>(context);
  std::memcpy(writable, bytes.data(), bytes.size());
}

/// Mappings of this process that are both writable and executable ("rwxp" and the like).
std::vector<std::string> writable_and_executable_mappings() {
  std::ifstream maps("/proc/self/maps");
  std::vector<std::string> found;
  for (std::string line; std::getline(maps, line);) {
    const std::size_t perms = line.find(' ') + 1;
    if (line[perms + 1] == 'w' && line[perms + 2] == 'x') found.push_back(line);
  }
  return found;
}

/// The permissions ("r-xs", "rw-s") of the mapping that holds `address`.
std::string permissions_at(const void* address) {
  const auto a = reinterpret_cast<std::uintptr_t>(address);
  std::ifstream maps("/proc/self/maps");
  for (std::string line; std::getline(maps, line);) {
    const std::uintptr_t start = std::stoull(line.substr(0, line.find('-')), nullptr, 16);
    const std::uintptr_t end = std::stoull(line.substr(line.find('-') + 1), nullptr, 16);
    if (a >= start && a < end) return line.substr(line.find(' ') + 1, 4);
  }
  return "unmapped";
}

#if defined(__x86_64__)

TEST(JitCodeMemory, PlacedCodeRunsFromAnExecutableViewThatIsNotWritable) {
  code_memory memory;
  auto bytes = return_constant(42);
  const placed_code code = memory.place(bytes.size(), copy_bytes, &bytes);
  ASSERT_NE(code.entry, nullptr);
  EXPECT_EQ(code.size, bytes.size());
  EXPECT_EQ(reinterpret_cast<int (*)()>(const_cast<void*>(code.entry))(), 42);
  const std::string perms = permissions_at(code.entry);
  EXPECT_EQ(perms[1], '-') << perms;  // not writable
  EXPECT_EQ(perms[2], 'x') << perms;
  EXPECT_TRUE(writable_and_executable_mappings().empty()) << writable_and_executable_mappings().front();
  memory.release(code);
}

TEST(JitCodeMemory, FillSeesTheAddressTheCodeRunsAt) {
  // `movabs rax, imm64; ret` returning the executable address it was told.
  code_memory memory;
  const placed_code code = memory.place(
      11,
      [](void*, void* writable, std::uintptr_t executable_address) {
        auto* p = static_cast<std::uint8_t*>(writable);
        p[0] = 0x48;
        p[1] = 0xB8;
        const std::uint64_t address = executable_address;
        std::memcpy(p + 2, &address, 8);
        p[10] = 0xC3;
      },
      nullptr);
  ASSERT_NE(code.entry, nullptr);
  EXPECT_EQ(reinterpret_cast<const void* (*)()>(const_cast<void*>(code.entry))(), code.entry);
  memory.release(code);
}

TEST(JitCodeMemory, ManyThreadsPlaceAndReleaseWhileNoPageIsEverWritableAndExecutable) {
  code_memory memory;
  std::atomic<bool> done{false};
  std::atomic<int> wx_seen{0}, scans{0};
  std::thread watcher([&] {
    while (!done.load()) {
      if (!writable_and_executable_mappings().empty()) ++wx_seen;
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

#endif

}  // namespace
}  // namespace jsonjit::detail::jit
