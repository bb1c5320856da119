// The processor's part of a fiber (fiber_p.hpp): switching stacks, and the first frame of a new
// fiber's stack. One file per ABI implements it — fiber_switch_x86_64.cpp (System V),
// fiber_switch_aarch64.cpp (AAPCS64) — and fiber_switch_ucontext.cpp serves every other
// processor through POSIX ucontext (much slower: a signal-mask system call per switch).
// src/CMakeLists.txt picks one. Private to the library.
#pragma once

#include <cstddef>

extern "C" {
/// Saves the running context (the registers its ABI says a callee keeps) and a handle to it at
/// *save, then continues the context `to` (a handle saved the same way, or a new fiber's
/// first frame).
void jsonjit_fiber_switch(void** save, void* to) noexcept;
}

namespace jsonjit::detail {

/// Prepares a new fiber on the stack [base, base + size) (16-byte aligned at both ends): the
/// first switch to the handle returned runs start(argument) there. start never returns.
void* first_fiber_frame(void* base, std::size_t size, void (*start)(void* argument), void* argument) noexcept;

}  // namespace jsonjit::detail
