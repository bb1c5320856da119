// What the JIT costs before it pays: each model's types resolved and compiled from scratch
// (fresh options every iteration), beside resolution alone (the interpreter's set-up), and the
// first serialization and deserialization from a cold start. Counters: functions compiled and
// machine code bytes per model, and compile time per function (jit_stats()). And the first
// use in a fresh process, measured by that process (jsonjit_first_use).
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "main.hpp"
#include "peers.hpp"

namespace jsonjit::bench::typed {
namespace {

using namespace models;

/// Per iteration: fresh options (made and freed outside the timing), then `first_use(options)`.
template <class FirstUse>
void fresh_options(benchmark::State& state, jsonjit::engine engine, FirstUse first_use) {
  const jsonjit::jit_statistics before = jsonjit::jit_stats();
  for (auto _ : state) {
    state.PauseTiming();
    auto options = std::make_unique<jsonjit::serializer_options>();
    options->engine(engine);
    state.ResumeTiming();
    first_use(*options);
    state.PauseTiming();
    options.reset();
    state.ResumeTiming();
  }
  const jsonjit::jit_statistics after = jsonjit::jit_stats();
  const auto n = static_cast<double>(state.iterations());
  const auto functions = static_cast<double>(after.functions - before.functions);
  state.counters["functions"] = functions / n;
  state.counters["code_bytes"] = static_cast<double>(after.code_bytes - before.code_bytes) / n;
  if (functions > 0) {
    state.counters["us_per_function"] =
        static_cast<double>(after.compile_nanoseconds - before.compile_nanoseconds) / 1e3 / functions;
  }
}

template <class T>
void add_costs(const std::string& name, const T& value) {
  const std::string json = jsonjit::serialize(value);
  register_benchmark("jit_compile/" + name + "/jsonjit", [](benchmark::State& state) {
    fresh_options(state, jsonjit::engine::automatic, [](const jsonjit::serializer_options& o) {
      benchmark::DoNotOptimize(jsonjit::precompile<T>(o));
    });
  })->Unit(benchmark::kMicrosecond);
  // The first write and read with fresh options: resolution, compilation (JIT), the calls.
  for (const auto engine : {jsonjit::engine::automatic, jsonjit::engine::interpreter}) {
    const std::string engine_name = engine == jsonjit::engine::automatic ? "jsonjit" : "jsonjit_interp";
    register_benchmark("jit_cold_start/" + name + "/" + engine_name,
                                 [engine, value, json](benchmark::State& state) {
                                   fresh_options(state, engine, [&](const jsonjit::serializer_options& o) {
                                     std::string out;
                                     T read{};
                                     if (jsonjit::serialize_to(value, out, o) || jsonjit::deserialize_into(read, json, o)) {
                                       state.SkipWithError("the first use failed");
                                     }
                                     benchmark::DoNotOptimize(out.data());
                                   });
                                 })
        ->Unit(benchmark::kMicrosecond);
  }
}

/// One run of jsonjit_first_use (beside this program): its two figures in nanoseconds, or
/// false if it did not run.
bool probe_first_use(const char* engine, long long& first, long long& second) {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return false;
  const char* emulator = std::getenv("JSONJIT_BENCH_EMULATOR");  // as report/driver.cpp runs children
  const std::string command =
      (emulator != nullptr && *emulator != '\0' ? std::string(emulator) + " " : std::string()) +
      (self.parent_path() / "jsonjit_first_use").string() + " " + engine;
  FILE* child = popen(command.c_str(), "r");
  if (child == nullptr) return false;
  const int read = std::fscanf(child, "%lld %lld", &first, &second);
  return pclose(child) == 0 && read == 2;
}

/// The first serialize and deserialize in a fresh process (first: of a program's first type,
/// which pays what the JIT sets up once per process; second: of the next type), as that
/// process measured them: each iteration starts a process.
void add_first_use() {
  for (const bool second_type : {false, true}) {
    for (const char* engine : {"automatic", "interpreter"}) {
      const std::string name = std::string("jit_first_use/") + (second_type ? "second_type" : "first_type") + "/" +
                               (std::string_view(engine) == "automatic" ? "jsonjit" : "jsonjit_interp");
      register_benchmark(name, [second_type, engine](benchmark::State& state) {
        for (auto _ : state) {
          long long first = 0, second = 0;
          if (!probe_first_use(engine, first, second)) {
            state.SkipWithError("jsonjit_first_use did not run");
            break;
          }
          state.SetIterationTime(static_cast<double>(second_type ? second : first) / 1e9);
        }
      })
          ->UseManualTime()
          ->Unit(benchmark::kMicrosecond);
    }
  }
}

void register_all() {
  for_each_model([](std::string_view name, const auto& value) { add_costs(std::string(name), value); });
  add_costs("User", make_users(1).front());
  add_first_use();
}

const bool registered = (register_all(), true);

}  // namespace
}  // namespace jsonjit::bench::typed
