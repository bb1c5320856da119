// The benchmark report: what `make bench` prints and writes. The driver runs each workload
// (every contender of one group/model, e.g. typed_write/Location) in a process of its own,
// interleaved and repeated, then writes the tables (Markdown and CSV) and the machine they
// were measured on.
#pragma once

#include <string>
#include <vector>

namespace jsonjit::bench::report {

/// One contender on one workload: its repeated timings, or why it was not timed.
struct measurement {
  std::string group;                   // typed_write
  std::string workload;                // LoginViewModel
  std::string contender;               // jsonjit
  std::vector<double> seconds_per_op;  // one per repetition
  double bytes_per_op = 0;             // input or output bytes; 0 where not meaningful
  double allocs_per_op = 0;
  double alloc_bytes_per_op = 0;
  double held_per_input_byte = 0;  // what the result holds (a parsed DOM); 0 where not reported
  /// Not empty: the contender's output was wrong, or (`failed`) its workload did not run to
  /// the end; it has no figures.
  std::string wrong;
  bool failed = false;
};

struct options {
  bool quick = false;        // every workload once, small inputs
  std::string filter = ".";  // regex over group/workload/contender
  std::string results_dir = "bench/results";
  int repetitions = 5;
  double min_time = 0.05;  // seconds per repetition
  bool callgrind = false;  // instructions per operation (valgrind) instead of times
};

/// Parses the report's command line; false (with a message) on a bad one.
bool parse_options(int argc, char** argv, options& out, std::string& error);

/// Runs the report; the process's exit status (0, or 1 when a contender was wrong or a
/// workload failed to run).
int run(const options& options, const char* self);

/// Instructions per operation of one contender (the callgrind mode); 0 where it failed.
struct instruction_count {
  std::string group, workload, contender;
  double per_op = 0;
};
std::string instructions_markdown(const std::vector<instruction_count>& counts, const std::string& machine);

/// The tables: Markdown (for people and the README) and CSV (for the charts), with the
/// machine at the top of the Markdown.
std::string markdown(const std::vector<measurement>& results, const std::string& machine,
                     const options& options);
std::string csv(const std::vector<measurement>& results);

/// CPU model and flags, compiler, build, date.
std::string machine_description();

/// The contender each group's ratios are taken against.
std::string baseline_of(const std::string& group);

}  // namespace jsonjit::bench::report
