// The report's driver: lists the benchmarks, runs each workload in a process of its own (this
// program again, as Google Benchmark with JSON output), reads the results back with
// jsonjit::document and hands them to the tables.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include <jsonjit/document.hpp>

#include "report/report.hpp"

extern char** environ;

namespace jsonjit::bench::report {
namespace {

struct child_result {
  int status = -1;     // the exit status, or -1 when it did not exit normally
  int signal = 0;      // the signal that ended it, if one did
  std::string output;  // its standard output
  std::string errors;  // its standard error
};

/// Runs `program` with `args` (and JSONJIT_BENCH_QUICK=1 when `quick`, and `extra_env`),
/// collecting what it prints.
child_result run_child(const char* program, const std::vector<std::string>& args, bool quick,
                       const std::vector<std::string>& extra_env = {}) {
  child_result result;
  int out[2];
  if (pipe(out) != 0) return result;
  char errors_path[] = "/tmp/jsonjit_bench_stderr_XXXXXX";
  const int errors_fd = mkstemp(errors_path);
  // JSONJIT_BENCH_EMULATOR runs each child under an emulator (qemu-aarch64, where the tests run
  // a cross-compiled report on a host that cannot exec the target's programs itself).
  std::vector<char*> argv;
  if (const char* emulator = std::getenv("JSONJIT_BENCH_EMULATOR");
      emulator != nullptr && *emulator != '\0') {
    argv.push_back(const_cast<char*>(emulator));
  }
  argv.push_back(const_cast<char*>(program));
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  std::vector<std::string> env_text;
  for (char** e = environ; *e != nullptr; ++e) {
    if (std::strncmp(*e, "JSONJIT_BENCH_QUICK=", 20) != 0) env_text.emplace_back(*e);
  }
  if (quick) env_text.emplace_back("JSONJIT_BENCH_QUICK=1");
  env_text.insert(env_text.end(), extra_env.begin(), extra_env.end());
  std::vector<char*> envp;
  for (std::string& e : env_text) envp.push_back(e.data());
  envp.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  if (errors_fd >= 0) posix_spawn_file_actions_adddup2(&actions, errors_fd, 2);
  posix_spawn_file_actions_addclose(&actions, out[0]);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  close(out[1]);
  if (spawned == 0) {
    char buffer[65536];
    for (ssize_t n; (n = read(out[0], buffer, sizeof buffer)) != 0;) {
      if (n < 0) {
        if (errno == EINTR) continue;
        break;
      }
      result.output.append(buffer, static_cast<std::size_t>(n));
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  }
  close(out[0]);
  if (errors_fd >= 0) {
    std::ifstream errors(errors_path);
    result.errors.assign(std::istreambuf_iterator<char>(errors), std::istreambuf_iterator<char>());
    close(errors_fd);
    unlink(errors_path);
  }
  return result;
}

/// A benchmark's name as group/workload/contender: without the "/manual_time" Google
/// Benchmark appends to a benchmark that times itself (ajv, timed by node).
std::string shown_name(const std::string& name) {
  constexpr std::string_view suffix = "/manual_time";
  return name.ends_with(suffix) ? name.substr(0, name.size() - suffix.size()) : name;
}

std::string regex_escaped(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (std::strchr("\\^$.|?*+()[]{}", c) != nullptr) out += '\\';
    out += c;
  }
  return out;
}

double seconds_per(std::string_view unit) {
  if (unit == "ns") return 1e-9;
  if (unit == "us") return 1e-6;
  if (unit == "ms") return 1e-3;
  return 1;
}

/// Google Benchmark's JSON output for one workload into measurements (in `by_name`).
bool read_results(std::string json, std::map<std::string, measurement>& by_name, std::string& error) {
  // Google Benchmark writes a statistic it cannot compute (the spread of a counter that is 0)
  // as NaN, which is not JSON: null takes its place.
  static const std::regex not_a_number(R"(: -?(nan|inf|infinity)\b)", std::regex::icase);
  json = std::regex_replace(json, not_a_number, ": null");
  auto doc = document::parse(json);
  if (!doc) {
    error = "unreadable benchmark output: " + to_string(doc.error());
    return false;
  }
  for (const element run : doc->root()["benchmarks"].elements()) {
    // Repetitions only: the aggregates are computed here, from all of them.
    if (run["run_type"].get_string().value_or("") != "iteration") continue;
    const std::string name(run["run_name"].get_string().value_or(run["name"].get_string().value_or("")));
    auto it = by_name.find(name);
    if (it == by_name.end()) continue;
    measurement& m = it->second;
    if (run["error_occurred"].get_bool().value_or(false)) {
      m.wrong = std::string(run["error_message"].get_string().value_or("failed"));
      continue;
    }
    const double seconds =
        run["real_time"].get_double().value_or(0) * seconds_per(run["time_unit"].get_string().value_or("ns"));
    m.seconds_per_op.push_back(seconds);
    // Bytes and allocations per operation are the same in every repetition (throughput is
    // taken from the median time, in the tables).
    m.bytes_per_op = run["bytes_per_second"].get_double().value_or(0) * seconds;
    m.allocs_per_op = run["allocs/op"].get_double().value_or(0);
    m.alloc_bytes_per_op = run["alloc_bytes/op"].get_double().value_or(0);
    m.held_per_input_byte = run["held/byte"].get_double().value_or(0);
  }
  return true;
}

/// The instructions callgrind counted in the benchmark bodies of one run of `name` with
/// `iterations` iterations; negative if it failed.
double instructions_of(const char* self, const std::string& name, int iterations, bool quick) {
  char out_path[] = "/tmp/jsonjit_bench_callgrind_XXXXXX";
  const int fd = mkstemp(out_path);
  if (fd < 0) return -1;
  close(fd);
  // Only the registered benchmark bodies are counted (inputs are loaded before them; a fixed
  // iteration count adds "/iterations:N" to the name);
  // LD_BIND_NOW: symbols are bound at start-up, not on a first call counted here.
  const child_result ran =
      run_child("valgrind",
                {"--tool=callgrind", std::string("--callgrind-out-file=") + out_path, "--collect-atstart=no",
                 "--toggle-collect=*LambdaBenchmark*::Run*", self,
                 "--benchmark_filter=^" + regex_escaped(name) + "(/iterations:[0-9]+)?$",
                 "--benchmark_repetitions=1", "--benchmark_format=json"},
                quick, {"LD_BIND_NOW=1", "JSONJIT_BENCH_ITERATIONS=" + std::to_string(iterations)});
  double total = -1;
  std::ifstream file(out_path);
  for (std::string line; ran.status == 0 && std::getline(file, line);) {
    if (line.rfind("summary: ", 0) == 0 || line.rfind("totals: ", 0) == 0)
      total = std::atof(line.c_str() + line.find(' ') + 1);
  }
  unlink(out_path);
  if (ran.output.find("\"error_occurred\": true") != std::string::npos) return -1;  // wrong: nothing to count
  return total;
}

std::string elapsed_text(std::chrono::steady_clock::duration d) {
  const auto s = std::chrono::duration_cast<std::chrono::seconds>(d).count();
  char text[32];
  std::snprintf(text, sizeof text, "%lld:%02lld", static_cast<long long>(s / 60),
                static_cast<long long>(s % 60));
  return text;
}

bool write_file(const std::filesystem::path& path, const std::string& content) {
  std::ofstream file(path, std::ios::binary);
  file << content;
  return static_cast<bool>(file);
}

}  // namespace

bool parse_options(int argc, char** argv, options& out, std::string& error) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const auto value = [&](std::string& into) {
      if (i + 1 >= argc) return false;
      into = argv[++i];
      return true;
    };
    std::string text;
    if (arg == "--quick") {
      out.quick = true;
    } else if (arg == "--callgrind") {
      out.callgrind = true;
    } else if (arg == "--filter" && value(out.filter)) {
    } else if (arg == "--results" && value(out.results_dir)) {
    } else if (arg == "--repetitions" && value(text)) {
      out.repetitions = std::atoi(text.c_str());
      if (out.repetitions < 1) return error = "--repetitions needs a positive count", false;
    } else if (arg == "--min-time" && value(text)) {
      out.min_time = std::atof(text.c_str());
      if (!(out.min_time >= 0)) return error = "--min-time needs seconds", false;
    } else {
      error = "unknown argument: " + std::string(arg);
      return false;
    }
  }
  try {
    (void)std::regex(out.filter);
  } catch (const std::regex_error&) {
    error = "--filter is not a regular expression: " + out.filter;
    return false;
  }
  if (out.quick) {
    out.repetitions = 1;
    out.min_time = 0;
  }
  return true;
}

int run(const options& options, const char* self) {
  const auto start = std::chrono::steady_clock::now();
  const child_result listed = run_child(self, {"--benchmark_list_tests=true"}, options.quick);
  if (listed.status != 0) {
    std::fprintf(stderr, "jsonjit_bench: listing the benchmarks failed\n%s", listed.errors.c_str());
    return 1;
  }
  // Workloads in the order they were first registered, each with its contenders.
  const std::regex filter(options.filter);
  std::vector<std::pair<std::string, std::vector<std::string>>> workloads;
  std::map<std::string, std::size_t> workload_index;
  std::size_t line_start = 0;
  while (line_start < listed.output.size()) {
    std::size_t line_end = listed.output.find('\n', line_start);
    if (line_end == std::string::npos) line_end = listed.output.size();
    const std::string name = listed.output.substr(line_start, line_end - line_start);
    line_start = line_end + 1;
    const std::string shown = shown_name(name);
    const std::size_t last = shown.rfind('/');
    if (last == std::string::npos || !std::regex_search(shown, filter)) continue;
    const std::string workload = shown.substr(0, last);
    const auto [at, added] = workload_index.try_emplace(workload, workloads.size());
    if (added) workloads.push_back({workload, {}});
    workloads[at->second].second.push_back(name);
  }
  if (workloads.empty()) {
    std::fprintf(stderr, "jsonjit_bench: no benchmark matches %s\n", options.filter.c_str());
    return 1;
  }

  if (options.callgrind) {
    // Two runs per contender, of 1 and 11 operations: the difference is ten operations' worth,
    // without what surrounds them (the warm-up call, the check before timing).
    std::vector<instruction_count> counts;
    for (std::size_t w = 0; w < workloads.size(); ++w) {
      const auto& [workload, names] = workloads[w];
      std::fprintf(stderr, "[%3zu/%zu] %-48s %2zu contenders under callgrind  (%s elapsed)\n", w + 1,
                   workloads.size(), workload.c_str(), names.size(),
                   elapsed_text(std::chrono::steady_clock::now() - start).c_str());
      for (const std::string& name : names) {
        const std::string shown = shown_name(name);
        const std::size_t first = shown.find('/'), last = shown.rfind('/');
        instruction_count c{shown.substr(0, first), shown.substr(first + 1, last - first - 1),
                            shown.substr(last + 1), 0};
        const double one = instructions_of(self, name, 1, options.quick);
        const double eleven = instructions_of(self, name, 11, options.quick);
        if (one >= 0 && eleven >= one) c.per_op = (eleven - one) / 10;
        counts.push_back(std::move(c));
      }
    }
    const std::string table = instructions_markdown(counts, machine_description());
    std::error_code ec;
    std::filesystem::create_directories(options.results_dir, ec);
    if (ec || !write_file(std::filesystem::path(options.results_dir) / "instructions.md", table)) {
      std::fprintf(stderr, "jsonjit_bench: cannot write the report into %s\n", options.results_dir.c_str());
      return 1;
    }
    std::fwrite(table.data(), 1, table.size(), stdout);
    return 0;
  }

  std::vector<measurement> results;
  bool failed = false;
  char min_time[64], repetitions[64];
  std::snprintf(min_time, sizeof min_time, "--benchmark_min_time=%g", options.min_time);
  std::snprintf(repetitions, sizeof repetitions, "--benchmark_repetitions=%d", options.repetitions);
  for (std::size_t w = 0; w < workloads.size(); ++w) {
    const auto& [workload, names] = workloads[w];
    std::fprintf(stderr, "[%3zu/%zu] %-48s %2zu contenders  (%s elapsed)\n", w + 1, workloads.size(),
                 workload.c_str(), names.size(),
                 elapsed_text(std::chrono::steady_clock::now() - start).c_str());
    std::string exact = "^(";
    std::map<std::string, measurement> by_name;
    for (const std::string& name : names) {
      exact += (exact.size() > 2 ? "|" : "") + regex_escaped(name);
      measurement m;
      const std::string shown = shown_name(name);
      const std::size_t first = shown.find('/'), last = shown.rfind('/');
      m.group = shown.substr(0, first);
      m.workload = shown.substr(first + 1, last - first - 1);
      m.contender = shown.substr(last + 1);
      by_name.emplace(name, std::move(m));
    }
    exact += ")$";
    std::vector<std::string> args{"--benchmark_filter=" + exact, "--benchmark_format=json", min_time,
                                  repetitions, "--benchmark_enable_random_interleaving=true"};
    if (!options.quick) args.emplace_back("--benchmark_min_warmup_time=0.02");
    const child_result ran = run_child(self, args, options.quick);
    std::string error;
    if (ran.status != 0 || !read_results(ran.output, by_name, error)) {
      const std::string how = ran.signal != 0 ? std::string("killed by ") + strsignal(ran.signal)
                                              : "exit status " + std::to_string(ran.status);
      std::fprintf(stderr, "  %s failed (%s) %s\n%s", workload.c_str(), how.c_str(), error.c_str(),
                   ran.errors.c_str());
      failed = true;
    }
    for (const std::string& name : names) {
      measurement& m = by_name.at(name);
      if (m.wrong.empty() && m.seconds_per_op.empty()) {
        m.wrong = "not measured: its workload's process failed";
        m.failed = true;
      } else if (!m.wrong.empty()) {
        std::fprintf(stderr, "  %s: WRONG: %s\n", m.contender.c_str(), m.wrong.c_str());
      }
      results.push_back(std::move(m));
    }
  }

  // Groups in the order a reader wants them (typed work first), workloads as registered.
  const auto rank = [](const std::string& group) {
    static const char* const order[] = {
        "typed_write",  "typed_write_relaxed", "typed_read",    "stream_write",  "stream_read",
        "json_serde",   "schema_validate",     "schema_compile", "dom_parse",    "dom_serialize", "lines_parse", "query", "query_compile", "query_lines", "pointer", "patch", "merge_patch", "diff", "read_tokens",
        "read_values",
        "write_values", "write_number_text",   "jit_compile",   "jit_cold_start", "jit_first_use"};
    for (std::size_t i = 0; i < std::size(order); ++i) {
      if (group == order[i]) return i;
    }
    return std::size(order);
  };
  std::stable_sort(results.begin(), results.end(),
                   [&](const measurement& a, const measurement& b) { return rank(a.group) < rank(b.group); });

  const std::string machine = machine_description();
  const std::string table = markdown(results, machine, options);
  std::error_code ec;
  std::filesystem::create_directories(options.results_dir, ec);
  const std::filesystem::path dir(options.results_dir);
  if (ec || !write_file(dir / "report.md", table) || !write_file(dir / "report.csv", csv(results))) {
    std::fprintf(stderr, "jsonjit_bench: cannot write the report into %s\n", options.results_dir.c_str());
    return 1;
  }
  std::fwrite(table.data(), 1, table.size(), stdout);
  std::fprintf(stderr, "\n%zu workloads in %s; the report is in %s/report.md and report.csv\n",
               workloads.size(), elapsed_text(std::chrono::steady_clock::now() - start).c_str(),
               options.results_dir.c_str());
  return failed ? 1 : 0;
}

}  // namespace jsonjit::bench::report
