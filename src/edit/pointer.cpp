// JSON Pointer: parsing and printing, lookups in documents and nodes (from parsed tokens or
// straight from the text), and RFC 6902's edits of a node.
#include <jsonjit/pointer.hpp>

#include <cstdint>
#include <utility>

#include "edit/pointer_p.hpp"

namespace jsonjit {

std::optional<std::size_t> detail::array_index_of(std::string_view token) noexcept {
  if (token.empty() || (token[0] == '0' && token.size() > 1)) return std::nullopt;
  std::size_t value = 0;
  for (const char c : token) {
    if (c < '0' || c > '9') return std::nullopt;
    const auto digit = static_cast<std::size_t>(c - '0');
    value = value > (SIZE_MAX - digit) / 10 ? SIZE_MAX : value * 10 + digit;
  }
  return value;
}

namespace {

using detail::array_index_of;
using detail::pointer_token;

// --- one step --------------------------------------------------------------------------------

/// Why a step along `raw` from an array finds nothing.
error_code array_step_failure(std::string_view raw) noexcept {
  return raw == "-" || array_index_of(raw) ? error_code::index_out_of_range : error_code::invalid_array_index;
}

/// The member `token` of a document's object: the last of that name, as element::find.
std::optional<element> member_of(const element& object, const pointer_token& token) noexcept {
  if (!token.escaped) return object.find(token.raw);
  std::optional<element> found;
  for (const member m : object.members()) {
    if (token.names(m.name)) found = m.value;
  }
  return found;
}

std::optional<element> step(const element& at, const pointer_token& token, error_code& why) noexcept {
  if (at.is_object()) {
    std::optional<element> found = member_of(at, token);
    if (!found) why = error_code::property_not_found;
    return found;
  }
  if (at.is_array()) {
    const std::optional<std::size_t> index = token.escaped ? std::nullopt : array_index_of(token.raw);
    if (index && *index < at.size()) return at[*index];
    why = array_step_failure(token.raw);
    return std::nullopt;
  }
  why = error_code::wrong_type;
  return std::nullopt;
}

const node* step(const node& at, const pointer_token& token, error_code& why) {
  if (at.is_object()) {
    const node* found = token.escaped ? at.find(token.unescaped()) : at.find(token.raw);
    if (found == nullptr) why = error_code::property_not_found;
    return found;
  }
  if (at.is_array()) {
    const std::optional<std::size_t> index = token.escaped ? std::nullopt : array_index_of(token.raw);
    if (index && *index < at.size()) return &at[*index];
    why = array_step_failure(token.raw);
    return nullptr;
  }
  why = error_code::wrong_type;
  return nullptr;
}

/// The error of a step along `token` from `at` that found nothing.
template <class Value>
parse_error failed_step(const Value& at, const pointer_token& token, error_code why) {
  return parse_error{error_info{why}, at.path(), token.unescaped()};
}

// --- walks -----------------------------------------------------------------------------------

/// The tokens of a parsed pointer, as the walks read them.
class token_list {
 public:
  explicit token_list(std::span<const std::string> tokens) noexcept : tokens_(tokens) {}
  bool next(pointer_token& token) noexcept {
    if (at_ == tokens_.size()) return false;
    token = pointer_token{tokens_[at_++], false};
    return true;
  }

 private:
  std::span<const std::string> tokens_;
  std::size_t at_ = 0;
};

/// Walks `tokens` from `root`: what is there, or nothing with `error` set (an error is built
/// only where one is asked for).
template <class Tokens>
std::optional<element> walk(element at, Tokens tokens, parse_error* error) {
  pointer_token token;
  while (tokens.next(token)) {
    error_code why = error_code::none;
    std::optional<element> next = step(at, token, why);
    if (!next) {
      if (error != nullptr) *error = failed_step(at, token, why);
      return std::nullopt;
    }
    at = *next;
  }
  return at;
}

template <class Tokens>
const node* walk(const node& root, Tokens tokens, parse_error* error) {
  const node* at = &root;
  pointer_token token;
  while (tokens.next(token)) {
    error_code why = error_code::none;
    const node* next = step(*at, token, why);
    if (next == nullptr) {
      if (error != nullptr) *error = failed_step(*at, token, why);
      return nullptr;
    }
    at = next;
  }
  return at;
}

template <class Result, class Found>
Result found_or(Found found, parse_error& error) {
  if (!found) return error;
  return Result(*found);
}

int hex_digit_value(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

parse_error syntax_error(std::size_t offset) {
  return parse_error{error_info{error_code::invalid_pointer, offset, 1, offset + 1, false}, {}, {}};
}

}  // namespace

// --- text ------------------------------------------------------------------------------------

json_pointer::json_pointer(std::initializer_list<std::string_view> tokens) {
  tokens_.reserve(tokens.size());
  for (const std::string_view token : tokens) tokens_.emplace_back(token);
}

result<json_pointer, parse_error> json_pointer::parse(std::string_view text) {
  if (const std::size_t bad = detail::pointer_syntax_error(text); bad != std::string_view::npos) {
    return syntax_error(bad);
  }
  std::vector<std::string> tokens;
  detail::pointer_text_tokens walk(text);
  for (pointer_token token; walk.next(token);) tokens.push_back(token.unescaped());
  return json_pointer(std::move(tokens));
}

result<json_pointer, parse_error> json_pointer::parse_fragment(std::string_view fragment) {
  const std::size_t skipped = !fragment.empty() && fragment[0] == '#' ? 1 : 0;
  std::string decoded;
  std::vector<std::size_t> source_offset;  // of each decoded byte, for the error's column
  for (std::size_t i = skipped; i < fragment.size(); ++i) {
    source_offset.push_back(i);
    if (fragment[i] != '%') {
      decoded += fragment[i];
      continue;
    }
    const int high = i + 2 < fragment.size() ? hex_digit_value(fragment[i + 1]) : -1;
    const int low = high >= 0 ? hex_digit_value(fragment[i + 2]) : -1;
    if (low < 0) return syntax_error(i);
    decoded += static_cast<char>(high * 16 + low);
    i += 2;
  }
  auto pointer = parse(decoded);
  if (!pointer) return syntax_error(source_offset[pointer.error().info.offset]);
  return pointer;
}

json_pointer json_pointer::parent() const {
  json_pointer up = *this;
  if (!up.tokens_.empty()) up.tokens_.pop_back();
  return up;
}

json_pointer& json_pointer::append(std::string_view token) {
  tokens_.emplace_back(token);
  return *this;
}

json_pointer& json_pointer::append(std::size_t index) {
  tokens_.push_back(std::to_string(index));
  return *this;
}

void json_pointer::append_escaped(std::string& text, std::string_view token) {
  text += '/';
  for (const char c : token) {
    if (c == '~') {
      text += "~0";
    } else if (c == '/') {
      text += "~1";
    } else {
      text += c;
    }
  }
}

std::string json_pointer::to_string() const {
  std::string text;
  for (const std::string& token : tokens_) append_escaped(text, token);
  return text;
}

std::string json_pointer::to_fragment() const {
  // RFC 3986: a fragment holds pchar, "/" and "?"; pchar is unreserved, sub-delims, ":", "@"
  // and percent-encodings.
  static constexpr std::string_view kept = "-._~!$&'()*+,;=:@/?";
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string fragment = "#";
  for (const char c : to_string()) {
    const auto byte = static_cast<unsigned char>(c);
    const bool alphanumeric = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (alphanumeric || kept.find(c) != std::string_view::npos) {
      fragment += c;
    } else {
      fragment += '%';
      fragment += hex[byte >> 4];
      fragment += hex[byte & 15];
    }
  }
  return fragment;
}

// --- lookups ---------------------------------------------------------------------------------

std::optional<element> json_pointer::find(const element& root) const noexcept {
  return walk(root, token_list(tokens_), nullptr);
}

const node* json_pointer::find(const node& root) const {
  return walk(root, token_list(tokens_), nullptr);
}

node* json_pointer::find(node& root) const {
  return const_cast<node*>(walk(std::as_const(root), token_list(tokens_), nullptr));
}

result<element, parse_error> json_pointer::at(const element& root) const {
  parse_error error;
  return found_or<result<element, parse_error>>(walk(root, token_list(tokens_), &error), error);
}

result<const node*, parse_error> json_pointer::at(const node& root) const {
  parse_error error;
  const node* found = walk(root, token_list(tokens_), &error);
  if (found == nullptr) return error;
  return found;
}

result<node*, parse_error> json_pointer::at(node& root) const {
  auto found = at(std::as_const(root));
  if (!found) return found.error();
  return const_cast<node*>(*found);
}

result<element, parse_error> at_pointer(const element& root, std::string_view pointer) {
  if (const std::size_t bad = detail::pointer_syntax_error(pointer); bad != std::string_view::npos) {
    return syntax_error(bad);
  }
  parse_error error;
  return found_or<result<element, parse_error>>(walk(root, detail::pointer_text_tokens(pointer), &error), error);
}

result<const node*, parse_error> at_pointer(const node& root, std::string_view pointer) {
  if (const std::size_t bad = detail::pointer_syntax_error(pointer); bad != std::string_view::npos) {
    return syntax_error(bad);
  }
  parse_error error;
  const node* found = walk(root, detail::pointer_text_tokens(pointer), &error);
  if (found == nullptr) return error;
  return found;
}

result<node*, parse_error> at_pointer(node& root, std::string_view pointer) {
  auto found = at_pointer(std::as_const(root), pointer);
  if (!found) return found.error();
  return const_cast<node*>(*found);
}

// --- edits -----------------------------------------------------------------------------------

result<node*, parse_error> detail::parent_of(node& root, std::span<const std::string> tokens) {
  parse_error error;
  const node* parent = walk(std::as_const(root), token_list(tokens.first(tokens.size() - 1)), &error);
  if (parent == nullptr) return error;
  return const_cast<node*>(parent);
}

parse_error detail::step_error(const node& at, std::string_view token, error_code why) {
  return parse_error{error_info{why}, at.path(), std::string(token)};
}

result<detail::edit, parse_error> detail::add_at(node& root, std::span<const std::string> tokens, node&& value) {
  if (tokens.empty()) {
    node previous = std::move(root);
    root = std::move(value);
    return edit{edit::kind::replaced, &root, 0, std::move(previous)};
  }
  auto found = parent_of(root, tokens);
  if (!found) return found.error();
  node& parent = **found;
  const std::string& last = tokens.back();
  if (parent.is_object()) {
    if (node* existing = parent.find(last)) {
      node previous = std::move(*existing);
      *existing = std::move(value);
      return edit{edit::kind::replaced, existing, 0, std::move(previous)};
    }
    return edit{edit::kind::added_member, &parent.set(last, std::move(value)), parent.size() - 1, node()};
  }
  if (!parent.is_array()) return step_error(parent, last, error_code::wrong_type);
  std::size_t index = parent.size();
  if (last != "-") {
    const std::optional<std::size_t> given = array_index_of(last);
    if (!given) return step_error(parent, last, error_code::invalid_array_index);
    if (*given > parent.size()) return step_error(parent, last, error_code::index_out_of_range);
    index = *given;
  }
  return edit{edit::kind::added_element, *parent.insert(index, std::move(value)), index, node()};
}

result<detail::edit, parse_error> detail::remove_at(node& root, std::span<const std::string> tokens) {
  if (tokens.empty()) return edit{edit::kind::replaced, &root, 0, std::move(root)};  // null now
  auto found = parent_of(root, tokens);
  if (!found) return found.error();
  node& parent = **found;
  const std::string& last = tokens.back();
  if (parent.is_object()) {
    const std::optional<std::size_t> index = parent.index_of(last);
    if (!index) return step_error(parent, last, error_code::property_not_found);
    node taken = std::move(*parent.find(last));
    parent.erase(last);
    return edit{edit::kind::removed_member, &parent, *index, std::move(taken)};
  }
  if (!parent.is_array()) return step_error(parent, last, error_code::wrong_type);
  const std::optional<std::size_t> index = array_index_of(last);
  if (!index) return step_error(parent, last, last == "-" ? error_code::index_out_of_range : error_code::invalid_array_index);
  if (*index >= parent.size()) return step_error(parent, last, error_code::index_out_of_range);
  node taken = std::move(parent[*index]);
  parent.erase(*index);
  return edit{edit::kind::removed_element, &parent, *index, std::move(taken)};
}

result<node*, parse_error> json_pointer::add(node& root, node value) const {
  auto done = detail::add_at(root, tokens_, std::move(value));
  if (!done) return done.error();
  return done->at;
}

result<node*, parse_error> json_pointer::replace(node& root, node value) const {
  auto target = at(root);
  if (!target) return target.error();
  **target = std::move(value);
  return *target;
}

result<node, parse_error> json_pointer::remove(node& root) const {
  auto done = detail::remove_at(root, tokens_);
  if (!done) return done.error();
  return std::move(done->value);
}

}  // namespace jsonjit
