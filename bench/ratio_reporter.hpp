// Console output plus, at the end, a table of throughput ratios against RapidJSON and simdjson: the
// machines are shared and noisy, so ratios from one run are what the project quotes.
#pragma once

#include <benchmark/benchmark.h>

#include <map>
#include <string>
#include <vector>

namespace jsonjit::bench {

class ratio_reporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override;
  void Finalize() override;

 private:
  struct measurement {
    double seconds_per_op = 0;
    double bytes_per_second = 0;
    double allocs_per_op = 0;
    double alloc_bytes_per_op = 0;
    bool from_median = false;
  };
  // group/file -> engine -> the median of the repetitions, or the fastest
  std::map<std::string, std::map<std::string, measurement>> results_;
};

}  // namespace jsonjit::bench
