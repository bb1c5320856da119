// Peers that are programs rather than libraries: a node script kept running and asked one line
// at a time (ajv, the JavaScript JSONPath libraries), and a command run to its end (jq).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace jsonjit::bench {

/// A child process that answers one line per request line on its standard output. Peers that
/// run this way time themselves (a batch of operations per request), so that neither the
/// start of the process nor a pipe's round trip is in the figures.
class peer_process {
 public:
  /// Starts `argv` (argv[0] looked up in PATH); `error` says why when it cannot.
  peer_process(const std::vector<std::string>& argv, std::string& error);
  ~peer_process();
  peer_process(const peer_process&) = delete;
  peer_process& operator=(const peer_process&) = delete;

  bool running() const noexcept { return pid_ > 0; }
  /// Sends `line` and returns the answer line (empty if the process is gone).
  std::string request(const std::string& line);

 private:
  int pid_ = -1;
  int to_ = -1, from_ = -1;
  std::string pending_;
};

/// A file in /tmp holding `content`, removed when this is destroyed.
class temporary_file {
 public:
  explicit temporary_file(std::string_view content);
  ~temporary_file();
  temporary_file(const temporary_file&) = delete;
  temporary_file& operator=(const temporary_file&) = delete;
  /// Empty if the file could not be written.
  const std::string& path() const noexcept { return path_; }

 private:
  std::string path_;
};

/// Runs `argv` to its end with its standard output into `out`; false (and `out` says why) if
/// it cannot start or does not exit with 0.
bool run_command(const std::vector<std::string>& argv, std::string& out);

/// Where bench/ is in the source tree (node scripts and node_modules live there).
std::string bench_source_dir();

}  // namespace jsonjit::bench
