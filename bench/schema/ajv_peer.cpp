#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <jsonjit/writer.hpp>
#include <jsonjit/output.hpp>

#include "schema/peers.hpp"

extern char** environ;

namespace jsonjit::bench::schema {
namespace {

std::string temporary_file(std::string_view content) {
  char path[] = "/tmp/jsonjit_bench_ajv_XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0) return {};
  for (std::size_t done = 0; done < content.size();) {
    const ssize_t n = write(fd, content.data() + done, content.size() - done);
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  close(fd);
  return path;
}

/// The instances as a JSON array of strings: node reads each text exactly as it is.
std::string as_json_array(const std::vector<std::string>& instances) {
  memory_output out;
  writer_options options;
  options.escaping = escape_mode::relaxed;
  writer w(out, options);
  w.start_array();
  for (const std::string& text : instances) w.string_value(text);
  w.end_array();
  w.flush();
  return out.str();
}

}  // namespace

ajv_process::ajv_process(std::string_view schema, const std::vector<std::string>& instances, std::string& error) {
  const std::filesystem::path runner = std::filesystem::path(JSONJIT_BENCH_SCHEMA_DIR).parent_path() / "ajv_runner.mjs";
  const std::filesystem::path ajv = std::filesystem::path(JSONJIT_BENCH_SCHEMA_DIR).parent_path().parent_path() /
                                    "node_modules" / "ajv" / "package.json";
  if (!std::filesystem::exists(ajv)) {
    error = "ajv is not installed in bench/node_modules (scripts/install-deps.sh installs it)";
    return;
  }
  files_[0] = temporary_file(schema);
  files_[1] = temporary_file(as_json_array(instances));
  int to[2], from[2];
  if (files_[0].empty() || files_[1].empty() || pipe(to) != 0 || pipe(from) != 0) {
    error = "cannot set up the node process";
    return;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, to[0], 0);
  posix_spawn_file_actions_adddup2(&actions, from[1], 1);
  posix_spawn_file_actions_addclose(&actions, to[1]);
  posix_spawn_file_actions_addclose(&actions, from[0]);
  const std::string runner_path = runner.string();
  char* argv[] = {const_cast<char*>("node"), const_cast<char*>(runner_path.c_str()), files_[0].data(),
                  files_[1].data(), nullptr};
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, "node", &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  close(to[0]);
  close(from[1]);
  if (spawned != 0) {
    close(to[1]);
    close(from[0]);
    error = "cannot run node (scripts/install-deps.sh installs it)";
    return;
  }
  pid_ = pid;
  to_ = to[1];
  from_ = from[0];
}

ajv_process::~ajv_process() {
  if (to_ >= 0) close(to_);  // node ends at the end of its input
  if (from_ >= 0) close(from_);
  if (pid_ > 0) {
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
  }
  for (const std::string& f : files_) {
    if (!f.empty()) unlink(f.c_str());
  }
}

std::string ajv_process::request(const std::string& line) {
  const std::string text = line + "\n";
  if (write(to_, text.data(), text.size()) != static_cast<ssize_t>(text.size())) return {};
  for (;;) {
    if (const std::size_t end = pending_.find('\n'); end != std::string::npos) {
      std::string answer = pending_.substr(0, end);
      pending_.erase(0, end + 1);
      return answer;
    }
    char buffer[256];
    const ssize_t n = read(from_, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return {};
    pending_.append(buffer, static_cast<std::size_t>(n));
  }
}

std::size_t ajv_process::count_valid() { return std::strtoull(request("check").c_str(), nullptr, 10); }

double ajv_process::run(std::uint64_t batch) {
  return std::strtod(request("run " + std::to_string(batch)).c_str(), nullptr) * 1e-9;
}

double ajv_process::compile(std::uint64_t repeat) {
  return std::strtod(request("compile " + std::to_string(repeat)).c_str(), nullptr) * 1e-9 / static_cast<double>(repeat);
}

}  // namespace jsonjit::bench::schema
