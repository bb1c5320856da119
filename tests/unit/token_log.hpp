// Test helper: a readable log of everything a reader reports, to compare whole-input and
// piecewise reading (and to make failures easy to read).
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include <jsonjit/reader.hpp>

namespace jsonjit::test {

/// One line per token ("string d=1 @5 1:6 esc=0 [abc]"), then "end" or "error <code> @off l:c".
std::string log_whole(std::string_view json, const reader_options& options = {});

/// The same log when the input arrives in pieces cut at `cuts` (ascending offsets), the caller
/// keeping the unconsumed bytes as the reader's contract says.
std::string log_in_pieces(std::string_view json, std::span<const std::size_t> cuts,
                          const reader_options& options = {});

/// The same log read with reader::read_name(quoted_name) at every step; `matches` counts the
/// steps where the shortcut was taken.
std::string log_expecting_name(std::string_view json, std::string_view quoted_name, int& matches,
                               const reader_options& options = {});

/// True if the whole input reads without error.
bool accepts(std::string_view json, const reader_options& options = {});

/// The error of reading the whole input (code none if it is valid).
error_info first_error(std::string_view json, const reader_options& options = {});

}  // namespace jsonjit::test
