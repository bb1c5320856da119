// Inputs read whole (documents, nodes, schemas, validations that explain): the error when
// reading failed. Private.
#pragma once

#include <jsonjit/error.hpp>
#include <jsonjit/input.hpp>

namespace jsonjit::detail {

/// error_code::input_failed where `source` (read to the end of what it gave) stopped, with
/// its reason in `name`.
parse_error input_failure(const input& source);

}  // namespace jsonjit::detail
