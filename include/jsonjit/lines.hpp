// JSON Lines (NDJSON) parsed into documents on several threads, each line's document handed to
// the caller in input order:
//
//   jsonjit::parse_lines(text, [](const jsonjit::parsed_line& line) {
//     if (line) use(line.value().root());                        // a jsonjit::document
//     else report(line.number(), jsonjit::to_string(line.error()));
//   }, {.threads = 4});
//
// The lines are handed to the threads in blocks of whole lines; a window of at most four blocks
// per thread is in flight, so memory stays bounded whatever the input's size (from an input,
// only that window is read), and the documents are reused from block to block (and, with a
// lines_parser kept, from text to text), so that once they have grown, parsing allocates
// nothing per line (a handful of allocations per text: the threads and the window).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <type_traits>
#include <utility>

#include <jsonjit/detail/export.hpp>
#include <jsonjit/document.hpp>
#include <jsonjit/error.hpp>
#include <jsonjit/input.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

namespace detail {
struct lines_access;
}  // namespace detail

struct lines_options {
  /// How each line is parsed.
  document_options document{};
  /// Threads that parse, the calling thread among them (0: one per processor the system has).
  unsigned threads = 0;
  /// Lines are handed out in blocks of about this many bytes (a line longer than that is a
  /// block of its own): large enough that handing them out costs little next to parsing, small
  /// enough that a block's documents stay in the cache of the thread that parses them (on
  /// twitter statuses of 5 KB, two threads were 1.6x one with blocks of 16 KB, 1.8x with 64 KB
  /// and 256 KB, which hold 3 times the memory).
  std::size_t block_size = std::size_t{64} << 10;
};

/// One non-blank line and what it parsed into; valid during the call that receives it.
class parsed_line {
 public:
  /// Its 1-based number in the whole input (blank lines counted).
  std::uint64_t number() const noexcept { return number_; }
  /// Where it starts in the whole input (bytes).
  std::uint64_t offset() const noexcept { return offset_; }
  /// Its text, without the line feed.
  std::string_view text() const noexcept { return text_; }
  /// Its document; empty (its root null) where the line is not JSON.
  const document& value() const noexcept { return *document_; }
  /// Why the line is not JSON (none where it is), its line and offset counted in the whole input.
  const parse_error& error() const noexcept { return *error_; }
  explicit operator bool() const noexcept { return !*error_; }

 private:
  friend struct detail::lines_access;
  std::uint64_t number_ = 0, offset_ = 0;
  std::string_view text_;
  const document* document_ = nullptr;
  const parse_error* error_ = nullptr;
};

namespace detail {
struct lines_state;
using line_callback = bool (*)(void* on_line, const parsed_line& line);
template <class F>
bool call_on_line(void* on_line, const parsed_line& line) {
  F& f = *static_cast<F*>(on_line);
  if constexpr (std::is_convertible_v<std::invoke_result_t<F&, const parsed_line&>, bool>) {
    return static_cast<bool>(f(line));
  } else {
    f(line);
    return true;
  }
}
}  // namespace detail

/// Parses JSON Lines texts one after another, keeping its documents and buffers from one to the
/// next (after the first texts, parsing allocates nothing per line where the lines need no more
/// room than before). One parse at a time: give each thread that parses its own. A parser moved
/// from may only be assigned to or destroyed.
class lines_parser {
 public:
  explicit lines_parser(const lines_options& options = {});
  lines_parser(lines_parser&&) noexcept;
  lines_parser& operator=(lines_parser&&) noexcept;
  ~lines_parser();

  /// Parses each non-blank line of `lines` (lines end at "\n"; a "\r" before it is whitespace)
  /// into a document, on options.threads threads, and calls on_line(const parsed_line&) with
  /// each, in input order, on the calling thread (one call at a time). A line that is not
  /// JSON is delivered too, with its error; on_line may return bool, false to stop (no line
  /// after it is delivered). If on_line throws, the threads stop and the exception propagates.
  template <class F>
  void parse(std::string_view lines, F&& on_line) {
    run(lines, nullptr, &detail::call_on_line<std::remove_reference_t<F>>, &on_line);
  }
  /// As above, the lines read from `source` (jsonjit::file_input, a pipe, a socket) as the
  /// threads need them, by whichever needs more (one at a time): what is in memory is the
  /// window of blocks in flight. Returns the error
  /// that ended reading (error_code::input_failed, its reason in `name`), else none.
  template <class F>
  parse_error parse(input& source, F&& on_line) {
    return run({}, &source, &detail::call_on_line<std::remove_reference_t<F>>, &on_line);
  }

  /// Bytes held for the next parse: the documents (each sized for the longest line it has held:
  /// about three bytes per byte of it) and, from an input, the blocks' text.
  std::size_t memory_usage() const noexcept;

 private:
  parse_error run(std::string_view lines, input* source, detail::line_callback f, void* on_line);
  std::unique_ptr<detail::lines_state> state_;
};

/// lines_parser(options).parse(lines, on_line).
template <class F>
void parse_lines(std::string_view lines, F&& on_line, const lines_options& options = {}) {
  lines_parser(options).parse(lines, std::forward<F>(on_line));
}

/// lines_parser(options).parse(source, on_line).
template <class F>
parse_error parse_lines(input& source, F&& on_line, const lines_options& options = {}) {
  return lines_parser(options).parse(source, std::forward<F>(on_line));
}

}  // namespace jsonjit
JSONJIT_EXPORT_END
