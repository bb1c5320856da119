// jsonjit_bench: with no Google Benchmark flags, the report (bench/report/: every workload in a
// process of its own, tables and CSV); with them (--benchmark_filter=..., as the report runs
// its workloads and its callgrind mode counts them), Google Benchmark as it is, with
// allocation counting.
#include <benchmark/benchmark.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>

#include "corpus.hpp"
#include "main.hpp"
#include "report/report.hpp"

namespace {
std::atomic<std::uint64_t> allocation_count{0};
std::atomic<std::uint64_t> allocated_bytes{0};
void count(std::size_t bytes) noexcept {
  allocation_count.fetch_add(1, std::memory_order_relaxed);
  allocated_bytes.fetch_add(bytes, std::memory_order_relaxed);
}
}  // namespace

void jsonjit::bench::set_throughput(benchmark::State& state, std::string_view file) {
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(corpus(file).size()));
}

std::uint64_t jsonjit::bench::allocations_so_far() noexcept {
  return allocation_count.load(std::memory_order_relaxed);
}

std::uint64_t jsonjit::bench::allocated_bytes_so_far() noexcept {
  return allocated_bytes.load(std::memory_order_relaxed);
}

// Every heap allocation is counted where all of them pass, whatever the library: C++ new, C
// malloc (RapidJSON's allocator), aligned allocation (simdjson). glibc's own entry points do
// the work.
extern "C" {
void* __libc_malloc(std::size_t size);
void* __libc_calloc(std::size_t count, std::size_t size);
void* __libc_realloc(void* p, std::size_t size);
void* __libc_memalign(std::size_t alignment, std::size_t size);

void* malloc(std::size_t size) {
  count(size);
  return __libc_malloc(size);
}
void* calloc(std::size_t n, std::size_t size) {
  count(n * size);
  return __libc_calloc(n, size);
}
void* realloc(void* p, std::size_t size) {
  count(size);
  return __libc_realloc(p, size);
}
void* aligned_alloc(std::size_t alignment, std::size_t size) {
  count(size);
  return __libc_memalign(alignment, size);
}
int posix_memalign(void** p, std::size_t alignment, std::size_t size) {
  count(size);
  *p = __libc_memalign(alignment, size);
  return *p != nullptr ? 0 : ENOMEM;
}
}

namespace {
bool google_benchmark_arguments(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg.rfind("--benchmark_", 0) == 0 || arg == "--help" || arg.rfind("--v=", 0) == 0) return true;
  }
  return false;
}
}  // namespace

int main(int argc, char** argv) {
  if (!google_benchmark_arguments(argc, argv)) {
    jsonjit::bench::report::options options;
    std::string error;
    if (!jsonjit::bench::report::parse_options(argc, argv, options, error)) {
      std::fprintf(
          stderr,
          "jsonjit_bench: %s\nusage: jsonjit_bench [--quick] [--filter REGEX] [--results DIR] "
          "[--repetitions N] [--min-time SECONDS]\n       jsonjit_bench --benchmark_... (Google Benchmark)\n",
          error.c_str());
      return 2;
    }
    // This program's own path (run again per workload, and under valgrind by path).
    std::error_code ec;
    const std::string self = std::filesystem::read_symlink("/proc/self/exe", ec).string();
    return jsonjit::bench::report::run(options, ec ? argv[0] : self.c_str());
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  // Inputs are loaded before anything is measured (and so outside every benchmark function,
  // which keeps instruction counts per function clean).
  for (std::string_view name : jsonjit::bench::corpus_names) jsonjit::bench::recorded_tokens(name);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
