// Shared by the benchmark files: registration, throughput, heap allocation counting.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>

namespace jsonjit::bench {

/// benchmark::RegisterBenchmark, with a fixed iteration count where JSONJIT_BENCH_ITERATIONS
/// says so (the report's callgrind mode counts two runs of different counts and takes the
/// difference: the instructions of that many operations, nothing around them).
template <class... Args>
benchmark::internal::Benchmark* register_benchmark(const std::string& name, Args&&... args) {
  benchmark::internal::Benchmark* b = benchmark::RegisterBenchmark(name.c_str(), std::forward<Args>(args)...);
  if (const char* n = std::getenv("JSONJIT_BENCH_ITERATIONS")) b->Iterations(std::atoll(n));
  return b;
}

/// Registers `fn(state, file)` as "group/file/engine" (the report groups by these names).
template <class Fn>
void add_benchmark(std::string_view group, std::string_view file, std::string_view engine, Fn fn) {
  const std::string name = std::string(group) + "/" + std::string(file) + "/" + std::string(engine);
  register_benchmark(name, fn, file)->Unit(benchmark::kMillisecond);
}

/// Reports throughput as one pass over the corpus file per iteration.
void set_throughput(benchmark::State& state, std::string_view file);

/// Heap allocations made so far by this process, and the bytes they asked for (every malloc
/// family call is counted, so C++ new too).
std::uint64_t allocations_so_far() noexcept;
std::uint64_t allocated_bytes_so_far() noexcept;

/// Reports the allocations made during a benchmark's loop as the "allocs/op" and
/// "alloc_bytes/op" counters.
class allocation_counter {
 public:
  explicit allocation_counter(benchmark::State& state)
      : state_(state), start_(allocations_so_far()), start_bytes_(allocated_bytes_so_far()) {}
  ~allocation_counter() {
    const auto iterations = static_cast<double>(state_.iterations());
    auto per_op = [&](std::uint64_t n) { return iterations > 0 ? static_cast<double>(n) / iterations : 0.0; };
    state_.counters["allocs/op"] = per_op(allocations_so_far() - start_);
    state_.counters["alloc_bytes/op"] = per_op(allocated_bytes_so_far() - start_bytes_);
  }
  allocation_counter(const allocation_counter&) = delete;
  allocation_counter& operator=(const allocation_counter&) = delete;

 private:
  benchmark::State& state_;
  std::uint64_t start_, start_bytes_;
};

}  // namespace jsonjit::bench
