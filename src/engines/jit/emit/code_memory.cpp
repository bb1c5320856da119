#include "engines/jit/emit/code_memory_p.hpp"

#include <asmjit/core.h>

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
};

code_memory::code_memory() : state_(std::make_unique<state>()) {}

code_memory::~code_memory() = default;

placed_code code_memory::place(std::size_t size,
                               void (*fill)(void* context, void* writable, std::uintptr_t executable_address),
                               void* context) noexcept {
  void* executable = nullptr;
  void* writable = nullptr;
  if (size == 0 || state_->allocator.alloc(&executable, &writable, size) != asmjit::kErrorOk) return {};
  fill(context, writable, reinterpret_cast<std::uintptr_t>(executable));
  asmjit::VirtMem::flushInstructionCache(executable, size);
  return {executable, size};
}

void code_memory::release(const placed_code& code) noexcept {
  if (code.entry != nullptr) state_->allocator.release(const_cast<void*>(code.entry));
}

}  // namespace jsonjit::detail::jit
