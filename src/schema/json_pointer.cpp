#include "schema/json_pointer_p.hpp"

#include <cstddef>
#include <cstdint>

#include "schema/uri_p.hpp"

namespace jsonjit::detail::schema {
namespace {

/// An array index token: "0", or digits without a leading zero; nullopt otherwise (or when
/// too large to be an index).
std::optional<std::size_t> array_index(std::string_view token) {
  if (token.empty() || token.size() > 18 || (token[0] == '0' && token.size() > 1)) return std::nullopt;
  std::size_t value = 0;
  for (char c : token) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + static_cast<std::size_t>(c - '0');
  }
  return value;
}

}  // namespace

std::optional<std::vector<std::string>> parse_json_pointer(std::string_view pointer) {
  std::vector<std::string> tokens;
  if (pointer.empty()) return tokens;
  if (pointer[0] != '/') return std::nullopt;
  std::string token;
  for (std::size_t i = 1; i <= pointer.size(); ++i) {
    if (i == pointer.size() || pointer[i] == '/') {
      tokens.push_back(std::move(token));
      token.clear();
      continue;
    }
    if (pointer[i] != '~') {
      token += pointer[i];
      continue;
    }
    if (i + 1 == pointer.size() || (pointer[i + 1] != '0' && pointer[i + 1] != '1')) return std::nullopt;
    token += pointer[i + 1] == '0' ? '~' : '/';
    ++i;
  }
  return tokens;
}

std::optional<std::vector<std::string>> parse_fragment_pointer(std::string_view fragment) {
  const std::optional<std::string> decoded = percent_decoded(fragment);
  if (!decoded) return std::nullopt;
  return parse_json_pointer(*decoded);
}

void append_token(std::string& pointer, std::string_view token) {
  pointer += '/';
  for (char c : token) {
    if (c == '~') {
      pointer += "~0";
    } else if (c == '/') {
      pointer += "~1";
    } else {
      pointer += c;
    }
  }
}

std::string json_pointer(std::span<const std::string> tokens) {
  std::string pointer;
  for (const std::string& token : tokens) append_token(pointer, token);
  return pointer;
}

std::optional<element> resolve_pointer(const element& root, std::span<const std::string> tokens) {
  element at = root;
  for (const std::string& token : tokens) {
    if (at.is_object()) {
      const std::optional<element> member = at.find(token);
      if (!member) return std::nullopt;
      at = *member;
    } else if (at.is_array()) {
      const std::optional<std::size_t> index = array_index(token);
      if (!index || *index >= at.size()) return std::nullopt;
      at = at[*index];
    } else {
      return std::nullopt;
    }
  }
  return at;
}

}  // namespace jsonjit::detail::schema
