// The JIT's executable memory: placed code runs, knows its address, runs what was written last
// where other code was given back (also under an emulator that translates code), and no page of
// the process is ever writable and executable at once — checked in /proc/self/maps while 8
// threads place code concurrently. Machine code is written by hand for each processor.
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
