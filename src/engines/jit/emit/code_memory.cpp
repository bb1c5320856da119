#include "engines/jit/emit/code_memory_p.hpp"

#include <algorithm>
#include <mutex>
#include <unordered_map>
#include <vector>

#include <asmjit/core.h>

#include "engines/jit/emit/debug_registry_p.hpp"

namespace jsonjit::detail::jit {
namespace {

/// One allocator for the whole process: its pool is a memory file mapped twice (read+write
/// and read+execute), set up once rather than per options object, and shared by the small
/// functions of many types. It serializes its own bookkeeping. Never destroyed: options with
/// static storage may give their code back after every other static object is gone.
asmjit::JitAllocator& shared_allocator() {
  static asmjit::JitAllocator* const allocator = [] {
    asmjit::JitAllocator::CreateParams params{};
    params.options = asmjit::JitAllocatorOptions::kUseDualMapping;
    return new asmjit::JitAllocator(&params);
  }();
  return *allocator;
}

}  // namespace

struct code_memory::state {
  std::mutex mutex;
  std::vector<const void*> placed;                          // given back with the memory
  std::unordered_map<const void*, debug_entry*> announced;  // by entry point

  /// Withdraws and frees one function (the lock held).
  void free(const void* entry) noexcept {
    if (const auto it = announced.find(entry); it != announced.end()) {
      unregister_function(it->second);
      announced.erase(it);
    }
    shared_allocator().release(const_cast<void*>(entry));
  }
};

code_memory::code_memory() : state_(std::make_unique<state>()) {}

code_memory::~code_memory() {
  const std::lock_guard lock(state_->mutex);
  for (const void* entry : state_->placed) state_->free(entry);
}

placed_code code_memory::place(std::size_t size,
                               void (*fill)(void* context, void* writable, std::uintptr_t executable_address),
                               void* context, std::string_view name, std::span<const std::uint8_t> unwind) noexcept {
  void* executable = nullptr;
  void* writable = nullptr;
  if (size == 0 || shared_allocator().alloc(&executable, &writable, size) != asmjit::kErrorOk) return {};
  fill(context, writable, reinterpret_cast<std::uintptr_t>(executable));
  asmjit::VirtMem::flushInstructionCache(executable, size);
  debug_entry* announcement = name.empty() ? nullptr : register_function(executable, size, name, unwind);
  try {
    const std::lock_guard lock(state_->mutex);
    state_->placed.push_back(executable);
    if (announcement != nullptr) state_->announced.emplace(executable, announcement);
  } catch (...) {  // no memory to keep track: not placed at all
    unregister_function(announcement);
    shared_allocator().release(executable);
    return {};
  }
  return {executable, size};
}

void code_memory::release(const placed_code& code) noexcept {
  if (code.entry == nullptr) return;
  const std::lock_guard lock(state_->mutex);
  auto& placed = state_->placed;
  if (const auto it = std::find(placed.begin(), placed.end(), code.entry); it != placed.end()) {
    placed.erase(it);
    state_->free(code.entry);
  }
}

}  // namespace jsonjit::detail::jit
