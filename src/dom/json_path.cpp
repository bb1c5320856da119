#include "dom/json_path_p.hpp"

namespace jsonjit::detail {
namespace {

bool is_identifier(std::string_view name) noexcept {
  if (name.empty()) return false;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
    if (!letter && !(i > 0 && c >= '0' && c <= '9')) return false;
  }
  return true;
}

}  // namespace

void append_path_name(std::string& path, std::string_view name) {
  if (is_identifier(name)) {
    path += '.';
    path += name;
    return;
  }
  path += "['";
  for (const char c : name) {
    if (c == '\'' || c == '\\') path += '\\';
    path += c;
  }
  path += "']";
}

void append_path_index(std::string& path, std::size_t index) {
  path += '[';
  path += std::to_string(index);
  path += ']';
}

}  // namespace jsonjit::detail
