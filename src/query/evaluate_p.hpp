// The interpreter's entry for the library's other callers (selection from text). Private.
#pragma once

#include <jsonjit/path.hpp>

#include "query/program_p.hpp"

namespace jsonjit::detail::path {

/// A compiled query's program, for the library's tests and tools.
struct access {
  static const program& program_of(const json_path& query) noexcept { return *query.program_; }
};

/// Selects from `root` into `out`, which is emptied first (its memory kept for the values,
/// their places and their steps).
parse_error select_into(const program& p, const element& root, node_list& out);

}  // namespace jsonjit::detail::path
