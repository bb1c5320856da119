// The interpreter's entry for the library's other callers (selection from text). Private.
#pragma once

#include <jsonjit/path.hpp>

#include "query/program_p.hpp"

namespace jsonjit::detail::path {

/// Selects from `root` into `out`, which is emptied first (its memory kept for the values,
/// their places and their steps).
parse_error select_into(const program& p, const element& root, node_list& out);

}  // namespace jsonjit::detail::path
