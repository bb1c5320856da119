#include "ratio_reporter.hpp"

#include <cstdio>

namespace jsonjit::bench {

void ratio_reporter::ReportRuns(const std::vector<Run>& runs) {
  ConsoleReporter::ReportRuns(runs);
  for (const Run& run : runs) {
    // Repetitions: the median where Google Benchmark computed one, else the fastest run.
    const bool median = run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
    if ((run.run_type != Run::RT_Iteration && !median) || run.error_occurred) continue;
    const std::string name = run.run_name.function_name;
    const std::size_t engine_at = name.rfind('/');
    if (engine_at == std::string::npos) continue;
    const std::string key = name.substr(0, engine_at);
    const std::string engine = name.substr(engine_at + 1);
    measurement m;
    m.seconds_per_op = run.GetAdjustedRealTime() / benchmark::GetTimeUnitMultiplier(run.time_unit);
    m.from_median = median;
    if (auto it = run.counters.find("bytes_per_second"); it != run.counters.end())
      m.bytes_per_second = it->second;
    if (auto it = run.counters.find("allocs/op"); it != run.counters.end()) m.allocs_per_op = it->second;
    if (auto it = run.counters.find("alloc_bytes/op"); it != run.counters.end()) m.alloc_bytes_per_op = it->second;
    auto [slot, added] = results_[key].try_emplace(engine, m);
    if (added || slot->second.from_median) continue;
    if (median || m.seconds_per_op < slot->second.seconds_per_op) slot->second = m;
  }
}

void ratio_reporter::Finalize() {
  ConsoleReporter::Finalize();
  std::printf("\n%-40s %-22s %12s %10s %10s %12s %13s %13s %13s %13s\n", "benchmark", "engine", "ns/op", "MB/s",
              "allocs/op", "alloc B/op", "vs rapidjson", "vs simdjson", "vs hand", "vs string");
  for (const auto& [key, engines] : results_) {
    for (const auto& [engine, m] : engines) {
      std::printf("%-40s %-22s %12.0f %10.1f %10.1f %12.0f", key.c_str(), engine.c_str(), m.seconds_per_op * 1e9,
                  m.bytes_per_second / 1e6, m.allocs_per_op, m.alloc_bytes_per_op);
      if (engine == "replay_only") {
        std::printf("  (the replay loop both writers include)\n");
        continue;
      }
      for (const char* peer : {"rapidjson", "simdjson", "hand_written", "jsonjit_string"}) {
        const auto baseline = engines.find(peer);
        if (baseline != engines.end() && engine != peer) {
          std::printf(" %12.2fx", baseline->second.seconds_per_op / m.seconds_per_op);
        } else {
          std::printf(" %13s", "");
        }
      }
      std::printf("\n");
    }
  }
  std::printf(
      "\n'vs PEER' = PEER's time / this engine's time in the same run (higher is faster; 2.00x = twice "
      "PEER's throughput; 'vs hand' compares with the hand-written code; 'vs string', in the stream groups, "
      "with jsonjit writing or reading the same value in memory).\n");
  std::fflush(stdout);
}

}  // namespace jsonjit::bench
