#include "lines.hpp"

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "commands.hpp"

namespace jsonjit::cli {
namespace {

constexpr std::size_t block_size = 1 << 20;  // of input per block (more where a line is longer)

struct block {
  std::string text;          // whole lines
  std::uint64_t first_line;  // the number of its first line
  block_output output;
  bool done = false;
};

void run_block(block& b, unsigned worker, const line_work& work) {
  std::uint64_t number = b.first_line;
  const std::string_view text = b.text;
  for (std::size_t start = 0; start < text.size(); ++number) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    work(line, number, worker, b.output);
  }
}

void print(const block_output& o) {
  std::fwrite(o.out.data(), 1, o.out.size(), stdout);
  std::fwrite(o.err.data(), 1, o.err.size(), stderr);
}

}  // namespace

int for_each_line(input_file& in, unsigned jobs, const line_work& work) {
  jobs = std::max(1u, jobs);
  std::mutex mutex;
  std::condition_variable changed;
  std::deque<std::unique_ptr<block>> window;  // in input order: being read, queued, running, done
  std::size_t next_to_run = 0;                // in `window`
  bool finished_reading = false;
  const std::size_t max_in_flight = 2 * static_cast<std::size_t>(jobs);

  std::vector<std::thread> workers;
  for (unsigned w = 0; w < jobs && jobs > 1; ++w) {
    workers.emplace_back([&, w] {
      for (;;) {
        block* b = nullptr;
        {
          std::unique_lock lock(mutex);
          changed.wait(lock, [&] { return next_to_run < window.size() || finished_reading; });
          if (next_to_run == window.size()) return;  // (finished reading)
          b = window[next_to_run++].get();
        }
        run_block(*b, w, work);
        {
          std::lock_guard lock(mutex);
          b->done = true;
        }
        changed.notify_all();
      }
    });
  }

  int status = 0;
  std::string carry;  // the start of a line the last read cut
  std::uint64_t line = 1;
  bool reading = true;
  while (reading) {
    auto b = std::make_unique<block>();
    b->text = std::move(carry);
    carry.clear();
    b->text.resize(b->text.size() + block_size);
    const std::size_t kept = b->text.size() - block_size;
    const std::size_t n = in.read_some(b->text.data() + kept, block_size);
    b->text.resize(kept + n);
    if (!in.error().empty()) {
      std::fprintf(stderr, "jsonjit: cannot read %s: %s\n", in.name().c_str(), in.error().c_str());
      status = exit_usage;
      reading = false;
      b->text.resize(kept);
    }
    if (n == 0) reading = false;
    if (reading) {  // whole lines only: the rest waits for the next block
      const std::size_t last_newline = b->text.rfind('\n');
      if (last_newline == std::string::npos) {
        carry = std::move(b->text);
        continue;
      }
      carry.assign(b->text, last_newline + 1);
      b->text.resize(last_newline + 1);
    }
    b->first_line = line;
    line += static_cast<std::uint64_t>(std::count(b->text.begin(), b->text.end(), '\n'));
    if (jobs == 1) {
      run_block(*b, 0, work);
      print(b->output);
      status = std::max(status, b->output.status);
      continue;
    }
    std::unique_lock lock(mutex);
    window.push_back(std::move(b));
    changed.notify_all();
    // Print what is done at the front; wait while the window is full.
    for (;;) {
      while (!window.empty() && window.front()->done) {
        print(window.front()->output);
        status = std::max(status, window.front()->output.status);
        window.pop_front();
        --next_to_run;
      }
      if (window.size() < max_in_flight) break;
      changed.wait(lock);
    }
  }
  if (jobs > 1) {
    std::unique_lock lock(mutex);
    finished_reading = true;
    changed.notify_all();
    while (!window.empty()) {
      if (window.front()->done) {
        print(window.front()->output);
        status = std::max(status, window.front()->output.status);
        window.pop_front();
        --next_to_run;
      } else {
        changed.wait(lock);
      }
    }
    lock.unlock();
    for (std::thread& t : workers) t.join();
  }
  return status;
}

}  // namespace jsonjit::cli
