#include "engines/jit/emit/code_memory_p.hpp"

#include <algorithm>
#include <iterator>
#include <map>
#include <mutex>
#include <unordered_map>
#include <vector>

#include <pthread.h>
#include <sys/mman.h>

#include <asmjit/core.h>

#include "engines/jit/emit/debug_registry_p.hpp"

namespace jsonjit::detail::jit {
namespace {

/// Where functions start: a cache line each, as asmjit's own allocator places them.
constexpr std::size_t function_alignment = 64;
/// The memory mapped at a time for small functions (a larger one gets an arena of its size).
constexpr std::size_t arena_size = 256 * 1024;

/// The process's executable memory: arenas, each a memory file mapped twice (read+write and
/// read+execute), shared by the functions of every options object, set up once rather than per
/// object. Functions are placed one after another; an arena is unmapped once every function in
/// it is released and the last is full.
///
/// On x86-64 the memory a function gives back is reused, first fit, by the next functions
/// that fit: a query compiled, run and dropped again and again writes and runs its code where
/// the last one was, in pages the processor (and a virtual machine's page tables) already
/// hold, instead of touching fresh ones (on this project's virtual machines each page costs
/// about 3 us at its first write and again at its first run, more than assembling a small
/// query). x86 processors keep instruction fetch coherent with writes through any mapping of
/// the page. On AArch64 an address that has held code is never given to other code while its
/// arena is mapped: that would be correct on the processor (the caches are flushed) but not
/// under an emulator that translates code, such as qemu-user, which does not see writes
/// through the other view and would keep running the old code. Never destroyed: options
/// with static storage may give their code back after every other static object is gone.
///
/// The memory files are mapped shared, so a forked child shares its parent's arenas: what
/// either writes there the other runs. Both would place their next function at the same
/// address, the child's code replacing the parent's (a server that compiles types and then
/// forks workers that compile more), and memory the parent reused would replace code the child
/// still runs. So a child places nothing in what it inherited: its next function opens an
/// arena of its own, while the parent goes on filling the shared one, at addresses the child
/// never uses; and neither reuses what is given back in the arenas they share.
class arenas {
 public:
  static arenas& instance() {
    static arenas* const the = new arenas;
    return *the;
  }

  arenas() noexcept {
    // No function is half placed when the process forks: the lock is held across fork().
    pthread_atfork([] { instance().mutex_.lock(); }, [] { instance().after_fork(false); },
                   [] { instance().after_fork(true); });
  }

  /// `size` bytes: the executable address and where to write them; false if no memory.
  bool allocate(std::size_t size, void** executable, void** writable) noexcept {
    const std::size_t needed = rounded(size);
    const std::lock_guard lock(mutex_);
    if (reuse_given_back(needed, executable, writable)) return true;
    if (current_ == nullptr || current_->size - current_->used < needed) {
      arena* fresh = map(std::max(arena_size, needed));
      if (fresh == nullptr) return false;
      arena* const previous = current_;
      current_ = fresh;
      if (previous != nullptr && previous->live == 0) unmap(previous);
    }
    *executable = static_cast<char*>(current_->view.rx) + current_->used;
    *writable = static_cast<char*>(current_->view.rw) + current_->used;
    current_->used += needed;
    ++current_->live;
    return true;
  }

  /// Gives back the `size` bytes placed at `executable`.
  void release(const void* executable, std::size_t size) noexcept {
    const std::lock_guard lock(mutex_);
    const auto address = reinterpret_cast<std::uintptr_t>(executable);
    auto it = by_address_.upper_bound(address);
    if (it == by_address_.begin()) return;
    arena* const holder = &std::prev(it)->second;
    if (--holder->live == 0 && holder != current_) {
      unmap(holder);
    } else if (reuses_addresses && !holder->shared_with_fork) {
      keep_given_back(*holder, address, rounded(size));
    }
  }

 private:
  /// x86-64 processors fetch what was written through the other view (see the class comment).
#if defined(__x86_64__)
  static constexpr bool reuses_addresses = true;
#else
  static constexpr bool reuses_addresses = false;
#endif

  static std::size_t rounded(std::size_t size) {
    return (size + function_alignment - 1) / function_alignment * function_alignment;
  }

  struct arena {
    asmjit::VirtMem::DualMapping view{};
    std::size_t size = 0;
    std::size_t used = 0;
    std::size_t live = 0;  ///< functions placed and not released
    bool shared_with_fork = false;  ///< mapped in a forked process too: nothing reused
  };

  /// The first given-back block of at least `needed` bytes, if there is one.
  bool reuse_given_back(std::size_t needed, void** executable, void** writable) noexcept {
    const auto fits = std::find_if(given_back_.begin(), given_back_.end(),
                                   [&](const auto& block) { return block.second >= needed; });
    if (fits == given_back_.end()) return false;
    const std::uintptr_t address = fits->first;
    if (fits->second == needed) {
      given_back_.erase(fits);
    } else {  // the rest stays given back (the map's node moved, nothing allocated)
      auto rest = given_back_.extract(fits);
      rest.key() += needed;
      rest.mapped() -= needed;
      given_back_.insert(std::move(rest));
    }
    arena& holder = std::prev(by_address_.upper_bound(address))->second;
    ++holder.live;
    *executable = reinterpret_cast<void*>(address);
    *writable = static_cast<char*>(holder.view.rw) + (address - reinterpret_cast<std::uintptr_t>(holder.view.rx));
    return true;
  }

  /// Keeps [address, address + size) in `holder` for reuse, joined with the given-back blocks
  /// on either side in the same arena.
  void keep_given_back(const arena& holder, std::uintptr_t address, std::size_t size) noexcept {
    const auto arena_end = reinterpret_cast<std::uintptr_t>(holder.view.rx) + holder.size;
    auto after = given_back_.lower_bound(address);
    if (after != given_back_.end() && after->first == address + size && after->first < arena_end) {
      size += after->second;
      after = given_back_.erase(after);
    }
    if (after != given_back_.begin()) {
      const auto before = std::prev(after);
      if (before->first + before->second == address &&
          before->first >= reinterpret_cast<std::uintptr_t>(holder.view.rx)) {
        before->second += size;
        return;
      }
    }
    try {
      given_back_.emplace_hint(after, address, size);
    } catch (...) {  // no memory to remember it: the block stays unused until its arena goes
    }
  }

  /// After fork() (the lock held since before it), in the parent and in the child: nothing in
  /// the arenas both now map is reused, and the child places its next function in a new
  /// arena.
  void after_fork(bool in_child) noexcept {
    given_back_.clear();
    for (auto& [address, a] : by_address_) a.shared_with_fork = true;
    if (in_child) {
      arena* const inherited = current_;
      current_ = nullptr;
      if (inherited != nullptr && inherited->live == 0) unmap(inherited);
    }
    mutex_.unlock();
  }

  arena* map(std::size_t size) noexcept {
    const std::size_t page = asmjit::VirtMem::info().pageGranularity;
    size = (size + page - 1) / page * page;
    asmjit::VirtMem::DualMapping view{};
    if (asmjit::VirtMem::allocDualMapping(&view, size, asmjit::VirtMem::MemoryFlags::kAccessRWX) !=
        asmjit::kErrorOk) {
      return nullptr;
    }
    populate(view, size);
    try {
      arena& a = by_address_[reinterpret_cast<std::uintptr_t>(view.rx)];
      a = {view, size, 0, 0};
      return &a;
    } catch (...) {
      asmjit::VirtMem::releaseDualMapping(&view, size);
      return nullptr;
    }
  }

  /// Faults the arena's pages in, in both views, with one call each: its functions are written
  /// into fresh pages (addresses are not reused), and a page fault per small function (a
  /// compiled query's, say) took more time than compiling it. Where the kernel cannot (before
  /// Linux 5.14) the pages fault in as they are first written.
  static void populate(const asmjit::VirtMem::DualMapping& view, std::size_t size) noexcept {
#if defined(MADV_POPULATE_WRITE) && defined(MADV_POPULATE_READ)
    ::madvise(view.rw, size, MADV_POPULATE_WRITE);
    ::madvise(const_cast<void*>(view.rx), size, MADV_POPULATE_READ);
#else
    (void)view;
    (void)size;
#endif
  }

  void unmap(arena* a) noexcept {
    const auto key = reinterpret_cast<std::uintptr_t>(a->view.rx);
    given_back_.erase(given_back_.lower_bound(key), given_back_.lower_bound(key + a->size));
    asmjit::VirtMem::releaseDualMapping(&a->view, a->size);
    by_address_.erase(key);
  }

  std::mutex mutex_;
  std::map<std::uintptr_t, arena> by_address_;  ///< by executable address
  arena* current_ = nullptr;                    ///< where the next function goes
  std::map<std::uintptr_t, std::size_t> given_back_;  ///< blocks to reuse: size by executable address
};

}  // namespace

struct code_memory::state {
  std::mutex mutex;
  std::vector<placed_code> placed;                          // given back with the memory
  std::unordered_map<const void*, debug_entry*> announced;  // by entry point

  /// Withdraws and frees one function (the lock held).
  void free(const placed_code& code) noexcept {
    if (const auto it = announced.find(code.entry); it != announced.end()) {
      unregister_function(it->second);
      announced.erase(it);
    }
    arenas::instance().release(code.entry, code.size);
  }
};

code_memory::code_memory() : state_(std::make_unique<state>()) {}

code_memory::~code_memory() {
  const std::lock_guard lock(state_->mutex);
  for (const placed_code& code : state_->placed) state_->free(code);
}

placed_code code_memory::place(std::size_t size,
                               void (*fill)(void* context, void* writable, std::uintptr_t executable_address),
                               void* context, std::string_view name, std::span<const std::uint8_t> unwind) noexcept {
  void* executable = nullptr;
  void* writable = nullptr;
  if (size == 0 || !arenas::instance().allocate(size, &executable, &writable)) return {};
  fill(context, writable, reinterpret_cast<std::uintptr_t>(executable));
  asmjit::VirtMem::flushInstructionCache(executable, size);
  debug_entry* announcement = name.empty() ? nullptr : register_function(executable, size, name, unwind);
  try {
    const std::lock_guard lock(state_->mutex);
    state_->placed.push_back({executable, size});
    if (announcement != nullptr) state_->announced.emplace(executable, announcement);
  } catch (...) {  // no memory to keep track: not placed at all
    unregister_function(announcement);
    arenas::instance().release(executable, size);
    return {};
  }
  return {executable, size};
}

void code_memory::release(const placed_code& code) noexcept {
  if (code.entry == nullptr) return;
  const std::lock_guard lock(state_->mutex);
  auto& placed = state_->placed;
  if (const auto it = std::find_if(placed.begin(), placed.end(),
                                   [&](const placed_code& p) { return p.entry == code.entry; });
      it != placed.end()) {
    const placed_code freed = *it;
    placed.erase(it);
    state_->free(freed);
  }
}

}  // namespace jsonjit::detail::jit
