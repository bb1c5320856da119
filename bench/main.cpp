// Benchmark driver: Google Benchmark with allocation counting and the ratio table.
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "corpus.hpp"
#include "main.hpp"
#include "ratio_reporter.hpp"

namespace {
std::atomic<std::uint64_t> allocation_count{0};
}

std::uint64_t jsonjit::bench::allocations_so_far() noexcept {
  return allocation_count.load(std::memory_order_relaxed);
}

void* operator new(std::size_t size) {
  allocation_count.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  // Inputs are loaded before anything is measured (and so outside every benchmark function,
  // which keeps instruction counts per function clean).
  for (std::string_view name : jsonjit::bench::corpus_names) jsonjit::bench::recorded_tokens(name);
  jsonjit::bench::ratio_reporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return 0;
}
