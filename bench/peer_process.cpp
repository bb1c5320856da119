#include "peer_process.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

extern char** environ;

namespace jsonjit::bench {
namespace {

int wait_for(pid_t pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  return status;
}

std::vector<char*> argv_of(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  return argv;
}

/// Spawns `args` with its standard input from `in` (or /dev/null when negative) and its
/// standard output into `out`; the pid, or -1.
pid_t spawn(const std::vector<std::string>& args, int in, int out, int close_in_child) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (in >= 0) {
    posix_spawn_file_actions_adddup2(&actions, in, 0);
  } else {
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  }
  posix_spawn_file_actions_adddup2(&actions, out, 1);
  if (close_in_child >= 0) posix_spawn_file_actions_addclose(&actions, close_in_child);
  std::vector<char*> argv = argv_of(args);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  return spawned == 0 ? pid : -1;
}

}  // namespace

peer_process::peer_process(const std::vector<std::string>& argv, std::string& error) {
  int to[2], from[2];
  if (pipe2(to, O_CLOEXEC) != 0) {
    error = std::string("cannot make a pipe: ") + std::strerror(errno);
    return;
  }
  if (pipe2(from, O_CLOEXEC) != 0) {
    error = std::string("cannot make a pipe: ") + std::strerror(errno);
    close(to[0]);
    close(to[1]);
    return;
  }
  const pid_t pid = spawn(argv, to[0], from[1], -1);
  close(to[0]);
  close(from[1]);
  if (pid < 0) {
    close(to[1]);
    close(from[0]);
    error = "cannot run " + argv[0] + " (scripts/install-deps.sh installs it)";
    return;
  }
  pid_ = pid;
  to_ = to[1];
  from_ = from[0];
}

peer_process::~peer_process() {
  if (to_ >= 0) close(to_);  // the peer ends at the end of its input
  if (from_ >= 0) close(from_);
  if (pid_ > 0) wait_for(pid_);
}

std::string peer_process::request(const std::string& line) {
  const std::string text = line + "\n";
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = write(to_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return {};
    done += static_cast<std::size_t>(n);
  }
  for (;;) {
    if (const std::size_t end = pending_.find('\n'); end != std::string::npos) {
      std::string answer = pending_.substr(0, end);
      pending_.erase(0, end + 1);
      return answer;
    }
    char buffer[4096];
    const ssize_t n = read(from_, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return {};
    pending_.append(buffer, static_cast<std::size_t>(n));
  }
}

temporary_file::temporary_file(std::string_view content) {
  char path[] = "/tmp/jsonjit_bench_XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0) return;
  std::size_t done = 0;
  while (done < content.size()) {
    const ssize_t n = write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  close(fd);
  if (done == content.size()) {
    path_ = path;
  } else {
    unlink(path);
  }
}

temporary_file::~temporary_file() {
  if (!path_.empty()) unlink(path_.c_str());
}

bool run_command(const std::vector<std::string>& argv, std::string& out) {
  out.clear();
  int from[2];
  if (pipe2(from, O_CLOEXEC) != 0) {
    out = std::string("cannot make a pipe: ") + std::strerror(errno);
    return false;
  }
  const pid_t pid = spawn(argv, -1, from[1], -1);
  close(from[1]);
  if (pid < 0) {
    close(from[0]);
    out = "cannot run " + argv[0];
    return false;
  }
  char buffer[65536];
  for (;;) {
    const ssize_t n = read(from[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    out.append(buffer, static_cast<std::size_t>(n));
  }
  close(from[0]);
  const int status = wait_for(pid);
  if (status < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    out = argv[0] + " failed (status " + std::to_string(status) + ")";
    return false;
  }
  return true;
}

std::string bench_source_dir() { return JSONJIT_BENCH_SOURCE_DIR; }

}  // namespace jsonjit::bench
