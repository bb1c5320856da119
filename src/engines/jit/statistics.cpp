#include <jsonjit/jit.hpp>

#include "engines/jit/jit_p.hpp"

namespace jsonjit {

namespace detail::jit {
counters& statistics() noexcept {
  static counters all;
  return all;
}
}  // namespace detail::jit

jit_statistics jit_stats() noexcept {
  const detail::jit::counters& c = detail::jit::statistics();
  constexpr auto relaxed = std::memory_order_relaxed;
  return {c.functions.load(relaxed),       c.code_bytes.load(relaxed),      c.compile_nanoseconds.load(relaxed),
          c.refusals.load(relaxed),        c.writes_replayed.load(relaxed), c.reads_replayed.load(relaxed),
          c.validations_replayed.load(relaxed)};
}

}  // namespace jsonjit
