#include "engines/jit/emit/code_memory_p.hpp"

#include <mutex>
#include <unordered_map>

#include <asmjit/core.h>

#include "engines/jit/emit/debug_registry_p.hpp"

namespace jsonjit::detail::jit {

// asmjit's allocator keeps its pools in a memory file mapped twice (read+write and
// read+execute) when asked for dual mapping; it serializes its own bookkeeping.
struct code_memory::state {
  static asmjit::JitAllocator::CreateParams dual_mapping() noexcept {
    asmjit::JitAllocator::CreateParams params{};
    params.options = asmjit::JitAllocatorOptions::kUseDualMapping | asmjit::JitAllocatorOptions::kUseMultiplePools;
    return params;
  }
  asmjit::JitAllocator::CreateParams params = dual_mapping();
  asmjit::JitAllocator allocator{&params};
  std::mutex mutex;
  std::unordered_map<const void*, debug_entry*> announced;  // by entry point
};

code_memory::code_memory() : state_(std::make_unique<state>()) {}

code_memory::~code_memory() {
  for (const auto& [entry, announcement] : state_->announced) unregister_function(announcement);
}

placed_code code_memory::place(std::size_t size,
                               void (*fill)(void* context, void* writable, std::uintptr_t executable_address),
                               void* context, std::string_view name, std::span<const std::uint8_t> unwind) noexcept {
  void* executable = nullptr;
  void* writable = nullptr;
  if (size == 0 || state_->allocator.alloc(&executable, &writable, size) != asmjit::kErrorOk) return {};
  fill(context, writable, reinterpret_cast<std::uintptr_t>(executable));
  asmjit::VirtMem::flushInstructionCache(executable, size);
  if (!name.empty()) {
    debug_entry* announcement = register_function(executable, size, name, unwind);
    if (announcement != nullptr) {
      try {
        const std::lock_guard lock(state_->mutex);
        state_->announced.emplace(executable, announcement);
      } catch (...) {
        unregister_function(announcement);
      }
    }
  }
  return {executable, size};
}

void code_memory::release(const placed_code& code) noexcept {
  if (code.entry == nullptr) return;
  {
    const std::lock_guard lock(state_->mutex);
    if (const auto it = state_->announced.find(code.entry); it != state_->announced.end()) {
      unregister_function(it->second);
      state_->announced.erase(it);
    }
  }
  state_->allocator.release(const_cast<void*>(code.entry));
}

}  // namespace jsonjit::detail::jit
