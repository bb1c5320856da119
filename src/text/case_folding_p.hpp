// Names compared without regard to case: Unicode's simple case folding (CaseFolding.txt's C
// and S entries), as case_insensitive_names and enumerator names read them. (.NET's
// OrdinalIgnoreCase compares simple upper-case mappings instead; the two differ on a few
// letters, such as the Kelvin sign, which folds to "k" but is its own upper case.) Private.
#pragma once

#include <string>
#include <string_view>

namespace jsonjit::detail {

/// The simple case folding of `c`.
char32_t fold_case(char32_t c) noexcept;
/// `text` (UTF-8) with each code point folded, at `out` (room for 2 * text.size() bytes: a
/// folding is at most one and a half times as long); its length. Bytes that start no valid
/// UTF-8 sequence stay as they are.
std::size_t fold_case(std::string_view text, char* out) noexcept;
void fold_case(std::string_view text, std::string& out);
/// Whether `text` folds to `folded` (itself folded already).
bool folds_to(std::string_view text, std::string_view folded) noexcept;

}  // namespace jsonjit::detail
