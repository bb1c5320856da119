// Compiling each (type, options) once, from many threads: the first request compiles under the
// options' JIT lock; the result (a function, or the reason there is none) is published by the
// entry's state, which later requests read without a lock.
#pragma once

#include <chrono>
#include <mutex>
#include <string>
#include <string_view>

#include "engines/jit/emit/code_memory_p.hpp"
#include "engines/jit/jit_p.hpp"
#include "model/type_info_p.hpp"

namespace jsonjit::detail::jit {

/// The function of `entry` (a member of `info`), compiling it first if it was never tried:
/// `compile(context)` sets the entry. Null with `why` set when it was refused.
template <class Fn, class Compile>
Fn compile_once(const type_info& info, const jit_entry<Fn>& entry, std::string_view& why, Compile compile) {
  if (entry.state.load(std::memory_order_acquire) == jit_state::untried) {
    options_context& context = info.options->context();
    const std::lock_guard lock(context.jit_mutex());
    if (entry.state.load(std::memory_order_relaxed) == jit_state::untried) {
      const auto start = std::chrono::steady_clock::now();
      compile(context);
      const auto spent = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start);
      statistics().compile_nanoseconds.fetch_add(static_cast<std::uint64_t>(spent.count()), std::memory_order_relaxed);
    }
  }
  if (const Fn fn = entry.compiled()) return fn;
  why = entry.refusal;
  return nullptr;
}

/// Counts a placed function in the statistics.
inline void account(const placed_code& code) {
  statistics().functions.fetch_add(1, std::memory_order_relaxed);
  statistics().code_bytes.fetch_add(code.size, std::memory_order_relaxed);
}

/// Publishes a compiled function.
template <class Fn>
Fn publish(const jit_entry<Fn>& entry, const placed_code& code) {
  account(code);
  entry.fn = reinterpret_cast<Fn>(const_cast<void*>(code.entry));
  entry.state.store(jit_state::compiled, std::memory_order_release);
  return entry.fn;
}

/// Publishes a refusal: "Type: reason".
template <class Fn>
void refuse(const jit_entry<Fn>& entry, const type_info& info, std::string_view reason) {
  statistics().refusals.fetch_add(1, std::memory_order_relaxed);
  entry.refusal = std::string(info.descriptor->name) + ": " + std::string(reason);
  entry.state.store(jit_state::refused, std::memory_order_release);
}

}  // namespace jsonjit::detail::jit
