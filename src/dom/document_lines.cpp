// parse_lines: JSON Lines into documents on several threads, delivered in input order.
//
// The input is cut into blocks of whole lines (from an input, read), a window of them in
// flight: the calling thread delivers the finished block at the front of the window line by
// line and, while it has nothing to deliver, reads or parses blocks; the other threads parse
// the window's blocks in order and read more where it has room (one thread at a time). A
// block's line numbers count from its start; the delivering thread, which sees the blocks in
// order, adds the lines before it.
#include <jsonjit/lines.hpp>

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <exception>
#include <iterator>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace jsonjit {
namespace detail {

struct lines_access {
  static parsed_line make(std::uint64_t number, std::uint64_t offset, std::string_view text,
                          const document& value, const parse_error& error) {
    parsed_line line;
    line.number_ = number;
    line.offset_ = offset;
    line.text_ = text;
    line.document_ = &value;
    line.error_ = &error;
    return line;
  }
};

namespace {

bool is_blank(std::string_view line) noexcept {
  return line.find_first_not_of(" \t\r") == std::string_view::npos;
}

/// Where `feed` (a pointer memchr returned, or null) is in `text`; its size if null.
std::size_t position_of(const void* feed, std::string_view text) noexcept {
  if (feed == nullptr) return text.size();
  return static_cast<std::size_t>(static_cast<const char*>(feed) - text.data());
}

// A byte order mark is skipped where the input starts (document::assign skips it at the start
// of its text), but one at the start of a later line is not whitespace: that line is no value.
// The mark's first byte alone gets the parser's own error for it (the CLI's lines do the same).
constexpr std::string_view byte_order_mark = "\xEF\xBB\xBF";

/// Whole lines and what they parsed into.
struct block {
  struct line {
    std::size_t begin, size;     // in `text`
    std::uint64_t index;         // 0-based, from the block's first line (blank ones counted)
    std::size_t error = npos;    // in `errors`, or none
  };
  static constexpr std::size_t npos = ~std::size_t{0};

  std::string_view text;
  std::uint64_t offset = 0;  // of `text` in the whole input
  std::string bytes;         // what `text` views, where the block was read from an input
  std::vector<line> lines;          // the non-blank ones
  std::vector<document> documents;  // by non-blank line, taken from the parsing thread's pool (empty
                                    // until then, and again once it is delivered)
  std::vector<parse_error> errors;
  std::uint64_t feeds = 0;  // line feeds in `text`
  unsigned parsed_by = 0;   // the thread whose pool its documents go back to
  bool running = false, done = false;

  void parse(const document_options& options, std::vector<document>& pool) {
    lines.clear();
    errors.clear();
    feeds = 0;
    for (std::size_t at = 0; at < text.size(); ++feeds) {
      const void* feed = std::memchr(text.data() + at, '\n', text.size() - at);
      const std::size_t end = position_of(feed, text);
      const std::string_view line_text = text.substr(at, end - at);
      if (!is_blank(line_text)) {
        if (pool.empty()) {
          documents.emplace_back();
        } else {
          documents.push_back(std::move(pool.back()));
          pool.pop_back();
        }
        line& l = lines.emplace_back(line{at, end - at, feeds});
        const bool misplaced_mark = offset + at != 0 && line_text.starts_with(byte_order_mark);
        const std::string_view parsed = misplaced_mark ? line_text.substr(0, 1) : line_text;
        if (parse_error e = documents.back().assign(parsed, options)) {
          l.error = errors.size();
          errors.push_back(std::move(e));
        }
      }
      if (feed == nullptr) break;
      at = end + 1;
    }
  }
};

/// Where the blocks come from: a text in memory, or an input read block by block.
class block_source {
 public:
  block_source(std::string_view text, input* in, std::size_t block_size)
      : text_(text), in_(in), block_size_(std::max<std::size_t>(block_size, 1)) {
    if (in_ != nullptr) at_ = in_->data();
  }

  /// Fills `b` with the next whole lines; false at the end (or where reading failed).
  bool next(block& b) {
    if (in_ != nullptr) return read(b);
    if (offset_ == text_.size()) return false;
    std::size_t end = offset_ + std::min(block_size_, text_.size() - offset_);
    if (end < text_.size()) {
      const void* feed = std::memchr(text_.data() + end, '\n', text_.size() - end);
      end = feed != nullptr ? position_of(feed, text_) + 1 : text_.size();
    }
    b.text = text_.substr(offset_, end - offset_);
    b.offset = offset_;
    offset_ = end;
    return true;
  }

  /// Why reading stopped early, once next() has returned false; `lines_before` are the line
  /// feeds of every block delivered.
  parse_error failure(std::uint64_t lines_before) const {
    if (in_ == nullptr || !in_->failed()) return {};
    parse_error e;
    e.info.code = error_code::input_failed;
    e.info.offset = offset_ + carry_.size();
    e.info.line = 1 + lines_before;
    e.info.column = carry_.size() + 1;
    e.info.at_end_of_input = true;
    e.name = in_->failure_reason();
    return e;
  }

 private:
  /// Reads at least block_size bytes (or to the end), keeps the part after the last line feed
  /// for the next block.
  bool read(block& b) {
    b.bytes.swap(carry_);
    carry_.clear();
    std::size_t searched = 0;  // of b.bytes, for a line feed
    for (;;) {
      while (b.bytes.size() < searched + block_size_ && !ended_) {
        if (at_ == in_->end()) {
          if (!in_->refill(at_)) {
            ended_ = true;
            break;
          }
          at_ = in_->data();
        }
        const std::size_t take =
            std::min(static_cast<std::size_t>(in_->end() - at_), searched + block_size_ - b.bytes.size());
        b.bytes.append(at_, take);
        at_ += take;
      }
      if (ended_ && !in_->failed()) break;  // (the rest is the last line)
      const std::size_t last_feed = std::string_view(b.bytes).rfind('\n');
      if (last_feed != std::string_view::npos && last_feed >= searched) {
        carry_.assign(b.bytes, last_feed + 1);
        b.bytes.resize(last_feed + 1);
        break;
      }
      if (ended_) {  // a line cut short by a failure is not delivered: the failure is reported instead
        carry_.swap(b.bytes);
        b.bytes.clear();
        break;
      }
      searched = b.bytes.size();  // a line longer than a block: read on
    }
    if (b.bytes.empty()) return false;
    b.text = b.bytes;
    b.offset = offset_;
    offset_ += b.bytes.size();
    return true;
  }

  std::string_view text_;
  input* in_;
  std::size_t block_size_;
  std::uint64_t offset_ = 0;  // of the next block
  const char* at_ = nullptr;  // the next byte to take from the input's window
  std::string carry_;         // a line begun in the last block read
  bool ended_ = false;
};

/// One parse: the window of blocks, the threads, the delivery.
class block_runner {
 public:
  using document_pools = std::vector<std::vector<document>>;
  block_runner(block_source& source, const lines_options& options, std::vector<std::unique_ptr<block>>& spare,
               document_pools& pools, document_pools& taken, line_callback f, void* on_line)
      : source_(source), options_(options), f_(f), on_line_(on_line), spare_(spare), pools_(pools),
        taken_(taken) {}

  parse_error run(unsigned threads) {
    window_size_ = window_per_thread * static_cast<std::size_t>(threads);
    if (pools_.size() < threads) pools_.resize(threads);
    if (taken_.size() < threads) taken_.resize(threads);
    std::vector<std::thread> helpers;
    try {
      for (unsigned i = 1; i < threads; ++i) helpers.emplace_back([this, i] { help(i); });
      deliver_all();
    } catch (...) {
      std::lock_guard lock(mutex_);
      stop(std::current_exception());
    }
    {
      std::lock_guard lock(mutex_);
      stop(nullptr);
    }
    for (std::thread& t : helpers) t.join();
    for (std::unique_ptr<block>& b : window_) recycle(std::move(b));  // (where it stopped early)
    if (failure_) std::rethrow_exception(failure_);
    return source_.failure(line_base_ - 1);
  }

 private:
  // Blocks in flight per thread: enough that a thread finding the block at the front still
  // unfinished has others to parse.
  static constexpr std::size_t window_per_thread = 4;

  /// What the other threads do: parse the window's blocks, in order, reading more where the
  /// window has room, until stopped.
  void help(unsigned worker) {
    std::unique_lock lock(mutex_);
    while (!stopped_) {
      if (block* b = unstarted()) {
        run_one(*b, lock, worker);
      } else if (can_read()) {
        read_one(lock);
      } else {
        changed_.wait(lock);
      }
    }
  }

  /// What the calling thread does: deliver the finished block at the front, else read, else
  /// parse, until every block is delivered.
  void deliver_all() {
    std::unique_lock lock(mutex_);
    while (!stopped_) {
      if (!window_.empty() && window_.front()->done) {
        std::unique_ptr<block> b = std::move(window_.front());
        window_.pop_front();
        first_unstarted_ = first_unstarted_ > 0 ? first_unstarted_ - 1 : 0;
        lock.unlock();
        const bool go_on = deliver(*b);
        lock.lock();
        recycle(std::move(b));
        if (!go_on) break;
        changed_.notify_all();  // (room in the window)
      } else if (can_read()) {
        read_one(lock);
      } else if (block* b = unstarted()) {
        run_one(*b, lock, 0);
      } else if (window_.empty() && !more_ && !reading_) {
        break;
      } else {
        changed_.wait(lock);
      }
    }
  }

  /// The first block of the window nobody has started, or null.
  block* unstarted() {
    for (; first_unstarted_ < window_.size(); ++first_unstarted_) {
      if (!window_[first_unstarted_]->running) return window_[first_unstarted_].get();
    }
    return nullptr;
  }

  bool can_read() const noexcept { return more_ && !reading_ && window_.size() < window_size_; }

  /// Reads the next block into the window with the lock released (one thread at a time: an
  /// input may block, and the others go on meanwhile).
  void read_one(std::unique_lock<std::mutex>& lock) {
    reading_ = true;
    std::unique_ptr<block> b;
    if (!spare_.empty()) {
      b = std::move(spare_.back());
      spare_.pop_back();
    } else {
      b = std::make_unique<block>();
    }
    lock.unlock();
    bool got = false;
    std::exception_ptr failure;
    try {
      got = source_.next(*b);
    } catch (...) {
      failure = std::current_exception();
    }
    lock.lock();
    reading_ = false;
    if (got) {
      window_.push_back(std::move(b));
    } else {
      more_ = false;
      spare_.push_back(std::move(b));
    }
    if (failure) stop(failure);
    changed_.notify_all();
  }

  /// Parses `b` with the lock released, into documents of the pool of `worker` (that thread
  /// parsed into them last: their memory is in its caches).
  void run_one(block& b, std::unique_lock<std::mutex>& lock, unsigned worker) {
    b.running = true;
    b.parsed_by = worker;
    std::vector<document>& pool = taken_[worker];  // (swapped, not moved: both keep their capacity)
    pool.swap(pools_[worker]);
    lock.unlock();
    std::exception_ptr failure;
    try {
      b.parse(options_.document, pool);
    } catch (...) {
      failure = std::current_exception();
    }
    lock.lock();
    std::move(pool.begin(), pool.end(), std::back_inserter(pools_[worker]));
    pool.clear();
    if (failure) return stop(failure);
    b.done = true;
    changed_.notify_all();
  }

  /// Keeps `b` and its documents for the next block (and parse). With the lock held.
  void recycle(std::unique_ptr<block> b) {
    std::vector<document>& pool = pools_[b->parsed_by];
    std::move(b->documents.begin(), b->documents.end(), std::back_inserter(pool));
    b->documents.clear();
    b->running = b->done = false;
    spare_.push_back(std::move(b));
  }

  /// Calls on_line for each line of `b`; false where it said to stop.
  bool deliver(block& b) {
    std::size_t k = 0;
    for (const block::line& l : b.lines) {
      const parse_error* error = &none_;
      if (l.error != block::npos) {
        parse_error& e = b.errors[l.error];
        if (e.info.line != 0) {  // (positions in the whole input)
          e.info.offset += b.offset + l.begin;
          e.info.line += line_base_ + l.index - 1;
        }
        error = &e;
      }
      const parsed_line line = lines_access::make(line_base_ + l.index, b.offset + l.begin,
                                                  b.text.substr(l.begin, l.size), b.documents[k++], *error);
      if (!f_(on_line_, line)) return false;
    }
    line_base_ += b.feeds;
    return true;
  }

  /// Ends the run: the helpers finish the block they are on and return. Called with the lock
  /// held.
  void stop(std::exception_ptr failure) {
    if (failure && !failure_) failure_ = failure;
    stopped_ = true;
    changed_.notify_all();
  }

  block_source& source_;
  const lines_options& options_;
  line_callback f_;
  void* on_line_;
  const parse_error none_{};
  std::uint64_t line_base_ = 1;  // the number of the first line of the block delivered next

  std::mutex mutex_;  // guards what follows
  std::condition_variable changed_;
  std::deque<std::unique_ptr<block>> window_;  // in input order
  std::size_t first_unstarted_ = 0;            // in window_: the blocks before it are started
  std::size_t window_size_ = 0;
  std::vector<std::unique_ptr<block>>& spare_;  // delivered blocks, their memory used again
  document_pools& pools_;  // by thread (0: the calling one): spare documents
  document_pools& taken_;  // by thread: its pool while it parses (its own)
  bool more_ = true;      // the source has more blocks
  bool reading_ = false;  // a thread is reading one
  bool stopped_ = false;
  std::exception_ptr failure_;
};

}  // namespace

struct lines_state {
  lines_options options;
  std::vector<std::unique_ptr<block>> spare;  // the blocks of the last parse
  std::vector<std::vector<document>> pools;   // its documents, by the thread that parsed into them
  std::vector<std::vector<document>> taken;   // (block_runner::taken_)
};

}  // namespace detail

lines_parser::lines_parser(const lines_options& options)
    : state_(std::make_unique<detail::lines_state>(detail::lines_state{options, {}, {}, {}})) {}
lines_parser::lines_parser(lines_parser&&) noexcept = default;
lines_parser& lines_parser::operator=(lines_parser&&) noexcept = default;
lines_parser::~lines_parser() = default;

std::size_t lines_parser::memory_usage() const noexcept {
  std::size_t bytes = 0;
  for (const std::unique_ptr<detail::block>& b : state_->spare) bytes += b->bytes.capacity();
  for (const std::vector<document>& pool : state_->pools) {
    for (const document& d : pool) bytes += d.memory_usage();
  }
  return bytes;
}

parse_error lines_parser::run(std::string_view lines, input* source, detail::line_callback f, void* on_line) {
  const lines_options& options = state_->options;
  unsigned threads = options.threads;
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  if (source == nullptr && lines.size() <= options.block_size) threads = 1;  // (one block: nothing to share)
  detail::block_source blocks(lines, source, options.block_size);
  detail::block_runner runner(blocks, options, state_->spare, state_->pools, state_->taken, f, on_line);
  return runner.run(threads);
}

}  // namespace jsonjit
