// Shared by the benchmark files: registration, throughput, heap allocation counting.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace jsonjit::bench {

/// Registers `fn(state, file)` as "group/file/engine" (the name the ratio table reads).
template <class Fn>
void add_benchmark(std::string_view group, std::string_view file, std::string_view engine, Fn fn) {
  const std::string name = std::string(group) + "/" + std::string(file) + "/" + std::string(engine);
  benchmark::RegisterBenchmark(name.c_str(), fn, file)->Unit(benchmark::kMillisecond);
}

/// Reports throughput as one pass over the corpus file per iteration.
void set_throughput(benchmark::State& state, std::string_view file);

/// Heap allocations made so far by this process (global operator new is counted).
std::uint64_t allocations_so_far() noexcept;

/// Reports the allocations made during a benchmark's loop as the "allocs/op" counter.
class allocation_counter {
 public:
  explicit allocation_counter(benchmark::State& state) : state_(state), start_(allocations_so_far()) {}
  ~allocation_counter() {
    const auto iterations = static_cast<double>(state_.iterations());
    state_.counters["allocs/op"] =
        iterations > 0 ? static_cast<double>(allocations_so_far() - start_) / iterations : 0.0;
  }
  allocation_counter(const allocation_counter&) = delete;
  allocation_counter& operator=(const allocation_counter&) = delete;

 private:
  benchmark::State& state_;
  std::uint64_t start_;
};

}  // namespace jsonjit::bench
