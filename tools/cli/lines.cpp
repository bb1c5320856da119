#include "lines.hpp"

#include <algorithm>
#include <charconv>
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

/// Bytes read, not zeroed first (a block is filled by a read at once).
struct byte_buffer {
  std::unique_ptr<char[]> data;
  std::size_t size = 0, capacity = 0;

  void reserve(std::size_t n) {
    if (n <= capacity) return;
    std::unique_ptr<char[]> bigger(new char[n]);  // default-initialized: not zeroed
    if (size > 0) std::memcpy(bigger.get(), data.get(), size);
    data = std::move(bigger);
    capacity = n;
  }
  std::string_view view() const noexcept { return {data.get(), size}; }
};

struct block {
  byte_buffer text;          // whole lines
  std::uint64_t first_line;  // the number of its first line
  block_output output;
  bool done = false;
};

/// The line feeds in `text`, found by memchr (vectorized in the C library: this thread reads for
/// all the workers and must keep up with them).
std::uint64_t newlines(std::string_view text) noexcept {
  std::uint64_t n = 0;
  const char* p = text.data();
  const char* const end = p + text.size();
  while ((p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)))) != nullptr) {
    ++n;
    ++p;
  }
  return n;
}

void run_block(block& b, unsigned worker, const line_work& work) {
  std::uint64_t number = b.first_line;
  const std::string_view text = b.text.view();
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

std::optional<unsigned> jobs_count(std::string_view text) {
  unsigned n = 0;
  const auto r = std::from_chars(text.data(), text.data() + text.size(), n);
  if (r.ec != std::errc{} || r.ptr != text.data() + text.size() || n == 0 || n > 256) return std::nullopt;
  return n;
}

int for_each_line(input_file& in, unsigned jobs, const line_work& work) {
  jobs = std::max(1u, jobs);
  int status = 0;
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

  // Printed blocks are used again: their memory is already mapped (fresh blocks of this
  // size would come from the system each time, its pages faulted in and zeroed on this thread,
  // which reads for every worker).
  std::vector<std::unique_ptr<block>> spare;
  auto printed = [&](std::unique_ptr<block> done) {
    print(done->output);
    status = std::max(status, done->output.status);
    done->output.out.clear();
    done->output.err.clear();
    done->output.status = 0;
    done->done = false;
    spare.push_back(std::move(done));
  };
  std::string carry;  // the start of a line the last read cut
  std::uint64_t line = 1;
  bool reading = true;
  std::unique_ptr<block> unfinished;  // a block holding part of one line longer than a block
  while (reading) {
    std::unique_ptr<block> b = std::move(unfinished);
    std::size_t kept = 0;
    if (b) {  // more of the long line, into the same block (its room doubled when full)
      kept = b->text.size;
      if (b->text.capacity - kept < block_size) b->text.reserve(std::max(2 * b->text.capacity, kept + block_size));
    } else {
      if (spare.empty()) {
        b = std::make_unique<block>();
      } else {
        b = std::move(spare.back());
        spare.pop_back();
        b->text.size = 0;
      }
      kept = carry.size();
      b->text.reserve(kept + block_size);
      if (kept > 0) std::memcpy(b->text.data.get(), carry.data(), kept);
      carry.clear();
    }
    const std::size_t n = in.read_some(b->text.data.get() + kept, b->text.capacity - kept);
    b->text.size = kept + n;
    if (!in.error().empty()) {
      std::fprintf(stderr, "jsonjit: cannot read %s: %s\n", in.name().c_str(), in.error().c_str());
      status = exit_usage;
      reading = false;
      b->text.size = kept;
    }
    if (n == 0) reading = false;
    if (reading) {  // whole lines only: the rest waits for the next block
      // (What was kept before this read holds no line feed: only the new bytes are searched.)
      const std::size_t in_new = b->text.view().substr(kept).rfind('\n');
      if (in_new == std::string::npos) {  // a line longer than a block: read on
        unfinished = std::move(b);
        continue;
      }
      const std::size_t last_newline = kept + in_new;
      carry.assign(b->text.view().substr(last_newline + 1));
      b->text.size = last_newline + 1;
    }
    b->first_line = line;
    line += newlines(b->text.view());
    if (jobs == 1) {
      run_block(*b, 0, work);
      printed(std::move(b));
      continue;
    }
    std::unique_lock lock(mutex);
    window.push_back(std::move(b));
    changed.notify_all();
    // Print what is done at the front. While the window is full, this thread works on a
    // block too (the reading alone would leave its core idle), or waits.
    for (;;) {
      while (!window.empty() && window.front()->done) {
        printed(std::move(window.front()));
        window.pop_front();
        --next_to_run;
      }
      if (window.size() < max_in_flight) break;
      if (next_to_run < window.size()) {
        block* mine = window[next_to_run++].get();
        lock.unlock();
        run_block(*mine, jobs, work);
        lock.lock();
        mine->done = true;
        changed.notify_all();
        continue;
      }
      changed.wait(lock);
    }
  }
  if (jobs > 1) {
    std::unique_lock lock(mutex);
    finished_reading = true;
    changed.notify_all();
    while (!window.empty()) {
      if (window.front()->done) {
        printed(std::move(window.front()));
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
