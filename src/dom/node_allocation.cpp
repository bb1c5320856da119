// Where nodes come from: each thread keeps the nodes it freed, up to a bound, and gives them
// out again before asking the allocator. Edits that add and remove members (a merge patch and
// its way back, a patch's undo) and trees built and dropped in turn reuse the same blocks:
// a pop instead of malloc's bins (glibc's per-thread cache holds 7 blocks of a size; a merge
// patch removing 30 members went through its shared bins for the rest).
#include <jsonjit/node.hpp>

#include <cstdint>
#include <new>

#include "common/sanitizers_p.hpp"

namespace jsonjit {
namespace {

// A freed node's block holds the link to the next one.
struct free_block {
  free_block* next;
};
static_assert(sizeof(node) >= sizeof(free_block) && alignof(node) >= alignof(free_block));

// At most this many blocks wait per thread (56 KB): a tree of a million nodes freed at once
// gives the rest back to the allocator.
constexpr std::uint32_t cache_limit = 1024;

// Trivially destructible, so a node freed by another thread-local object's destructor, after
// the cache was emptied at the thread's exit, still finds it (closed: the block goes back).
struct block_cache {
  free_block* first = nullptr;
  std::uint32_t count = 0;
  bool closed = false;
};
thread_local block_cache cache;

// Under ASan a waiting block stays poisoned: a use of a freed node is still reported.
void hide(free_block* block) noexcept {
#if defined(JSONJIT_ASAN)
  ASAN_POISON_MEMORY_REGION(block, sizeof(node));
#else
  (void)block;
#endif
}
void reveal(free_block* block, std::size_t bytes) noexcept {
#if defined(JSONJIT_ASAN)
  ASAN_UNPOISON_MEMORY_REGION(block, bytes);
#else
  (void)block, (void)bytes;
#endif
}

free_block* take() noexcept {
  free_block* block = cache.first;
  reveal(block, sizeof(free_block));
  cache.first = block->next;
  --cache.count;
  reveal(block, sizeof(node));
  return block;
}

/// Gives the thread's blocks back to the allocator when the thread ends.
struct cache_owner {
  ~cache_owner() {
    cache.closed = true;
    while (cache.first != nullptr) ::operator delete(take());
  }
};
thread_local cache_owner owner;

}  // namespace

void* node::operator new(std::size_t size) {
  if (size == sizeof(node) && cache.first != nullptr) return take();
  return ::operator new(size);
}

void node::operator delete(void* block, std::size_t size) noexcept {
  if (size != sizeof(node) || cache.count >= cache_limit || cache.closed) {
    ::operator delete(block);  // (unsized: clang declares the sized form only with -fsized-deallocation)
    return;
  }
  if (cache.count == 0) (void)&owner;  // (its first use registers its destructor)
  auto* freed = static_cast<free_block*>(block);
  freed->next = cache.first;
  cache.first = freed;
  ++cache.count;
  hide(freed);
}

}  // namespace jsonjit
