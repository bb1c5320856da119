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
  std::uint64_t index = 0;   // its place in the input (placed_lines)
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

/// Runs `work` on the non-blank lines of `text` (whole lines), the first numbered `number`.
void run_lines(std::string_view text, std::uint64_t number, unsigned worker, const line_work& work, block_output& out) {
  for (std::size_t start = 0; start < text.size(); ++number) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    // A byte order mark may start the file (the parsers skip one at the start of a text) but
    // not a later line, where it is no value: its first byte alone fails every parser with
    // the error the whole line gets from one that does not skip a mark.
    const bool misplaced_mark = number > 1 && line.starts_with("\xEF\xBB\xBF");
    work(misplaced_mark ? line.substr(0, 1) : line, number, worker, out);
  }
}

void run_block(block& b, unsigned worker, const line_work& work) {
  run_lines(b.text.view(), b.first_line, worker, work, b.output);
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

namespace {

/// A regular file on several threads: block k holds the lines that start in bytes
/// [k * block_size, (k + 1) * block_size), each read by the thread that runs it (pread; the
/// last line read on to its end), so that no thread reads for the others. A block's first line
/// number is 1 + the line feeds before it: each block counts those of its own bytes as soon as
/// it has read them, and waits for the blocks before it to have counted theirs.
class placed_lines {
 public:
  placed_lines(const input_file& in, std::uint64_t size, unsigned jobs, const line_work& work)
      : in_(in), size_(size), jobs_(jobs), work_(work), blocks_((size + block_size - 1) / block_size),
        counts_(blocks_, 0), counted_(blocks_, 0), line_base_(blocks_ + 1, 1) {}

  int run() {
    // This thread runs blocks too between giving them out and printing them: jobs - 1 more.
    std::vector<std::thread> workers;
    for (unsigned w = 0; w + 1 < jobs_; ++w) {
      workers.emplace_back([this, w] {
        for (;;) {
          block* b = nullptr;
          {
            std::unique_lock lock(mutex_);
            changed_.wait(lock, [&] { return next_to_run_ < window_.size() || finished_; });
            if (next_to_run_ == window_.size()) return;  // (every block given out)
            b = window_[next_to_run_++].get();
          }
          run_placed(*b, w);
        }
      });
    }
    const std::size_t max_in_flight = 2 * static_cast<std::size_t>(jobs_);
    std::unique_lock lock(mutex_);
    for (std::uint64_t next = 0; next < blocks_ || !window_.empty();) {
      while (!window_.empty() && window_.front()->done) {
        print_front();
      }
      if (next < blocks_ && window_.size() < max_in_flight) {
        std::unique_ptr<block> b = spare_.empty() ? std::make_unique<block>() : std::move(spare_.back());
        if (!spare_.empty()) spare_.pop_back();
        b->index = next++;
        window_.push_back(std::move(b));
        changed_.notify_all();
        continue;
      }
      if (next_to_run_ < window_.size()) {  // (this thread's core would be idle)
        block* mine = window_[next_to_run_++].get();
        lock.unlock();
        run_placed(*mine, jobs_);
        lock.lock();
        continue;
      }
      if (!window_.empty()) changed_.wait(lock);
    }
    finished_ = true;
    changed_.notify_all();
    lock.unlock();
    for (std::thread& t : workers) t.join();
    return status_;
  }

 private:
  void print_front() {
    std::unique_ptr<block> done = std::move(window_.front());
    window_.pop_front();
    --next_to_run_;
    print(done->output);
    status_ = std::max(status_, done->output.status);
    done->output = {};
    done->done = false;
    spare_.push_back(std::move(done));
  }

  /// Reads block b, counts its line feeds, runs its lines.
  void run_placed(block& b, unsigned worker) {
    const std::uint64_t index = b.index, begin = index * block_size;
    const std::uint64_t end = std::min(begin + block_size, size_);
    const std::uint64_t from = index > 0 ? begin - 1 : 0;  // (the byte before: does a line start at `begin`?)
    std::string error;
    b.text.size = 0;
    b.text.reserve(static_cast<std::size_t>(end - from) + (1 << 16));
    std::size_t& size = b.text.size;  // (what reserve keeps)
    size = in_.read_at(b.text.data.get(), static_cast<std::size_t>(end - from), from, error);
    const std::size_t own = static_cast<std::size_t>(begin - from);  // where its bytes start in the text
    const std::uint64_t feeds = newlines(std::string_view(b.text.data.get(), size).substr(std::min(own, size)));
    {
      std::lock_guard lock(mutex_);
      counts_[index] = feeds;
      counted_[index] = 1;
      while (known_ < blocks_ && counted_[known_] != 0) {
        line_base_[known_ + 1] = line_base_[known_] + counts_[known_];
        ++known_;
      }
    }
    changed_.notify_all();
    // Its first line: at `begin` where a line feed is just before it, else after its first
    // line feed (none: the block lies inside one long line, and holds no line).
    std::size_t start = own;
    std::uint64_t skipped = 0;
    if (index > 0 && size > 0 && b.text.data[0] != '\n') {
      const void* feed = std::memchr(b.text.data.get() + own, '\n', size > own ? size - own : 0);
      start = feed != nullptr ? static_cast<std::size_t>(static_cast<const char*>(feed) - b.text.data.get()) + 1 : size;
      skipped = 1;
    }
    // Its last line read on to its end.
    if (start < size && b.text.data[size - 1] != '\n' && from + size < size_) {
      for (;;) {
        b.text.reserve(size + (1 << 16));
        const std::size_t more = in_.read_at(b.text.data.get() + size, b.text.capacity - size, from + size, error);
        if (more == 0) break;
        const void* feed = std::memchr(b.text.data.get() + size, '\n', more);
        if (feed != nullptr) {
          size = static_cast<std::size_t>(static_cast<const char*>(feed) - b.text.data.get()) + 1;
          break;
        }
        size += more;
        if (b.text.capacity - size < (1 << 16)) b.text.reserve(2 * b.text.capacity);
      }
    }
    {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [&] { return known_ >= index; });
      b.first_line = line_base_[index] + skipped;
    }
    if (!error.empty()) {
      b.output.err = "jsonjit: cannot read " + in_.name() + ": " + error + "\n";
      b.output.status = exit_usage;
    } else if (start < size) {
      run_lines(b.text.view().substr(start), b.first_line, worker, work_, b.output);
    }
    {
      std::lock_guard lock(mutex_);
      b.done = true;
    }
    changed_.notify_all();
  }

  const input_file& in_;
  const std::uint64_t size_;
  const unsigned jobs_;
  const line_work& work_;
  const std::uint64_t blocks_;

  std::mutex mutex_;  // guards what follows
  std::condition_variable changed_;
  std::deque<std::unique_ptr<block>> window_;  // in input order: queued, running, done
  std::size_t next_to_run_ = 0;                // in `window_`
  bool finished_ = false;
  std::vector<std::unique_ptr<block>> spare_;  // printed blocks, their memory used again
  std::vector<std::uint64_t> counts_;          // by block: its line feeds
  std::vector<char> counted_;
  std::vector<std::uint64_t> line_base_;  // by block: 1 + the line feeds before it (known_ first ones)
  std::uint64_t known_ = 0;
  int status_ = 0;
};

}  // namespace

int for_each_line(input_file& in, unsigned jobs, const line_work& work) {
  jobs = std::max(1u, jobs);
  if (const std::uint64_t size = in.regular_size(); jobs > 1 && size > 0) return placed_lines(in, size, jobs, work).run();
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
