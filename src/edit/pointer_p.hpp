// What the pointer's lookups and the patch's edits share: a pointer's text read token by token
// without copying it (at_pointer, json_pointer::parse), array index tokens, the step to the
// container an edit changes. Private.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <jsonjit/error.hpp>
#include <jsonjit/node.hpp>

namespace jsonjit::detail {

/// A reference token as written: `escaped` when it holds "~0" or "~1".
struct pointer_token {
  std::string_view raw;
  bool escaped = false;

  std::string unescaped() const {
    if (!escaped) return std::string(raw);
    std::string text;
    text.reserve(raw.size());
    for (std::size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] == '~') {
        text += raw[++i] == '0' ? '~' : '/';
      } else {
        text += raw[i];
      }
    }
    return text;
  }
  /// Whether this token names `name` (unescaped), compared without unescaping.
  bool names(std::string_view name) const noexcept {
    std::size_t at = 0;
    for (std::size_t i = 0; i < raw.size(); ++i, ++at) {
      char c = raw[i];
      if (c == '~') c = raw[++i] == '0' ? '~' : '/';
      if (at == name.size() || name[at] != c) return false;
    }
    return at == name.size();
  }
};

/// The offset of the first thing wrong in a pointer's text (a first character other than
/// "/", a "~" not followed by 0 or 1), or npos.
inline std::size_t pointer_syntax_error(std::string_view text) noexcept {
  if (text.empty()) return std::string_view::npos;
  if (text[0] != '/') return 0;
  for (std::size_t i = text.find('~'); i != std::string_view::npos; i = text.find('~', i + 1)) {
    if (i + 1 == text.size() || (text[i + 1] != '0' && text[i + 1] != '1')) return i;
    ++i;
  }
  return std::string_view::npos;
}

/// The tokens of a pointer's text that pointer_syntax_error accepted.
class pointer_text_tokens {
 public:
  explicit pointer_text_tokens(std::string_view text) noexcept : rest_(text) {}
  bool next(pointer_token& token) noexcept {
    if (rest_.empty()) return false;
    rest_.remove_prefix(1);  // the "/"
    const std::size_t end = rest_.find('/');
    token.raw = rest_.substr(0, end);
    token.escaped = token.raw.find('~') != std::string_view::npos;
    rest_.remove_prefix(end == std::string_view::npos ? rest_.size() : end);
    return true;
  }

 private:
  std::string_view rest_;
};

/// An array index token's value: digits without a leading zero. Indexes too large for any
/// array are SIZE_MAX (past the end, not malformed); "-" and anything else is nullopt.
std::optional<std::size_t> array_index_of(std::string_view token) noexcept;

/// The container the last of `tokens` (not empty) steps into, or the error of the step that
/// failed on the way.
result<node*, parse_error> parent_of(node& root, std::span<const std::string> tokens);

/// The error of a step along `token` (unescaped) from `at` that found nothing, for `why`.
parse_error step_error(const node& at, std::string_view token, error_code why);

/// What an add or a remove did (json_pointer's edits; the patch's undo log reads it).
struct edit {
  enum class kind : std::uint8_t {
    replaced,         // `at` holds the new value, `value` the one it replaced (for "" too)
    added_member,     // `at` is the new member's value, `index` its position
    added_element,    // `at` is the new element, `index` its position
    removed_member,   // `at` is the object, `index` the member's position, `value` the value
    removed_element,  // `at` is the array, `index` the element's position, `value` the element
  } what;
  node* at;
  std::size_t index;
  node value;
};

/// RFC 6902's add at `tokens`: the parent must exist; a member is set (replaced where it
/// exists), an element inserted (or appended at "-"), "" replaces the whole value. On an error
/// nothing changed and `value` is untouched.
result<edit, parse_error> add_at(node& root, std::span<const std::string> tokens, node&& value);
/// RFC 6902's remove at `tokens` (for "", the root becomes null). On an error nothing changed.
result<edit, parse_error> remove_at(node& root, std::span<const std::string> tokens);

}  // namespace jsonjit::detail
