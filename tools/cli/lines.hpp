// JSON Lines on several threads: the input cut into blocks of whole lines, each block's lines
// processed by one of N workers, the blocks' outputs printed in input order; a window of
// blocks in flight keeps memory bounded whatever the input's size. A regular file is read by
// the workers themselves, each its own blocks (one reading thread could not keep up: the
// copy out of the page cache costs about what the queries do); a pipe by one thread, in order.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "input.hpp"

namespace jsonjit::cli {

/// What a worker makes of one block: what to print, in order, and the block's exit status
/// (0, or the worst of its lines').
struct block_output {
  std::string out, err;
  int status = 0;
};

/// Processes one line: `number` is its 1-based line number in the file (blank lines are
/// skipped before this is called). Called on the worker threads and on the reading thread
/// (which works while the workers have enough to do), `worker` naming which (0..jobs), so
/// that each may keep state of its own (a reused document).
using line_work = std::function<void(std::string_view line, std::uint64_t number, unsigned worker, block_output& out)>;

/// The N of "--jobs N": 1 to 256; nullopt for anything else.
std::optional<unsigned> jobs_count(std::string_view text);

/// Runs `work` on every non-blank line of `in` on `jobs` threads (1: on this one), prints each
/// block's output in input order; returns the worst status, or exit_usage where reading fails.
int for_each_line(input_file& in, unsigned jobs, const line_work& work);

}  // namespace jsonjit::cli
