// Listings of compiled functions: their annotated assembly, for the options' jit_dump sink or
// the JSONJIT_DUMP environment variable.
#pragma once

#include <string>
#include <string_view>

#include <jsonjit/serializer_options.hpp>

#include "engines/jit/emit/code_memory_p.hpp"

namespace jsonjit::detail::jit {

/// Whether functions compiled for `options` are listed.
bool listing_wanted(const serializer_options& options);

/// Hands the listing `body` of the function `name`, placed as `code`, to the options' sink or
/// to where JSONJIT_DUMP says.
void deliver_listing(const serializer_options& options, std::string_view name, const placed_code& code,
                     std::string_view body);

}  // namespace jsonjit::detail::jit
