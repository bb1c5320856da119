// The JIT's counters (jsonjit::jit_stats()), kept by the typed, schema and JSONPath JITs alike:
// what the schema and query code need of the typed JIT's header. Private to the library.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>

namespace jsonjit::detail::jit {

/// The process's counters behind jsonjit::jit_stats() (relaxed atomics: counts, not order).
struct counters {
  std::atomic<std::uint64_t> functions{0}, code_bytes{0}, compile_nanoseconds{0}, refusals{0};
  std::atomic<std::uint64_t> writes_replayed{0}, reads_replayed{0};
  std::atomic<std::uint64_t> validations_replayed{0};
};
counters& statistics() noexcept;

/// Counts code placed as one piece: its functions, its bytes, the time since compiling began.
inline void count_compiled(std::size_t functions, std::size_t bytes, std::chrono::steady_clock::time_point started) {
  counters& c = statistics();
  c.functions += functions;
  c.code_bytes += bytes;
  c.compile_nanoseconds += static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - started).count());
}

}  // namespace jsonjit::detail::jit
