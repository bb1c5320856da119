// The JIT's counters (jsonjit::jit_stats()), kept by the typed JIT and the schema JIT alike:
// what the schema code needs of the typed JIT's header. Private to the library.
#pragma once

#include <atomic>
#include <cstdint>

namespace jsonjit::detail::jit {

/// The process's counters behind jsonjit::jit_stats() (relaxed atomics: counts, not order).
struct counters {
  std::atomic<std::uint64_t> functions{0}, code_bytes{0}, compile_nanoseconds{0}, refusals{0};
  std::atomic<std::uint64_t> writes_replayed{0}, reads_replayed{0};
  std::atomic<std::uint64_t> validations_replayed{0};
};
counters& statistics() noexcept;

}  // namespace jsonjit::detail::jit
