// json-serde in the report: each engine (jsonjit's DOM and typed engines, the peers' DOMs and
// typed variants; peer_engines.cpp lists them) runs the benchmark's cases, `canada 15` and
// `sample 5000` (`canada 3` and `sample 10` in a quick run). An engine's two MD5 hashes are
// checked against expected_hashes.txt before it is timed: a wrong one is reported, not timed.
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <utility>

#include "../../tools/json-serde/engines.hpp"
#include "../../tools/json-serde/md5.hpp"
#include "main.hpp"

namespace jsonjit::bench {
namespace {

std::string read_file(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

/// The expected "line1 line2" hashes of `stem n`, from the data set's table.
std::pair<std::string, std::string> expected_hashes(const std::string& stem, int n) {
  std::istringstream table(read_file(JSONJIT_DATA_DIR "/json-serde/expected_hashes.txt"));
  for (std::string line; std::getline(table, line);) {
    std::istringstream fields(line);
    std::string case_stem, first, second;
    int case_n = 0;
    if (fields >> case_stem >> case_n >> first >> second && case_stem == stem && case_n == n)
      return {first, second};
  }
  return {};
}

const bool registered = [] {
  const bool quick = std::getenv("JSONJIT_BENCH_QUICK") != nullptr;
  const std::pair<const char*, int> cases[] = {{"canada", quick ? 3 : 15}, {"sample", quick ? 10 : 5000}};
  for (const auto& [stem, n] : cases) {
    const std::string workload = std::string(stem) + "_" + std::to_string(n);
    for (const json_serde::engine& engine : json_serde::engines()) {
      add_benchmark(
          "json_serde", workload, engine.name,
          [stem = std::string(stem), n = n, run = engine.run](benchmark::State& state, std::string_view) {
            const std::string json = read_file(JSONJIT_DATA_DIR "/json-serde/" + stem + ".json");
            const auto [first, second] = expected_hashes(stem, n);
            json_serde::outputs out;
            std::string error;
            if (json.empty() || first.empty())
              return state.SkipWithError("the input or its hashes are missing");
            if (!run(json, n, out, error)) return state.SkipWithError(error.c_str());
            const std::string got_first = json_serde::md5_hex(out.single);
            const std::string got_second = json_serde::md5_hex(out.list);
            if (got_first != first || got_second != second) {
              const std::string message =
                  "hashes " + got_first + " " + got_second + ", expected " + first + " " + second;
              return state.SkipWithError(message.c_str());
            }
            allocation_counter allocations(state);
            for (auto _ : state) {
              if (!run(json, n, out, error)) state.SkipWithError(error.c_str());
              benchmark::DoNotOptimize(out.list.data());
            }
            // Every parse reads the whole text: n for the list, one for the single value.
            state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                                    static_cast<std::int64_t>(json.size()) * (n + 1));
          });
    }
  }
  return true;
}();

}  // namespace
}  // namespace jsonjit::bench
