// Normalized paths (RFC 9535 §2.7): "$['a'][0]['b\'c']", one bracket per step, names in single
// quotes with the escapes the RFC prescribes.
#include <jsonjit/path.hpp>

namespace jsonjit::detail::path {

std::string normalized_path(const std::vector<path_step>& steps, std::uint32_t at) {
  std::vector<const path_step*> way;  // from the value up to the root
  for (std::uint32_t s = at; s != 0; s = steps[s].parent) way.push_back(&steps[s]);
  std::string text = "$";
  for (auto it = way.rbegin(); it != way.rend(); ++it) {
    const path_step& step = **it;
    if (step.is_index) {
      text += '[' + std::to_string(step.index) + ']';
      continue;
    }
    text += "['";
    for (const char c : step.name) {
      switch (c) {
        case '\b': text += "\\b"; break;
        case '\f': text += "\\f"; break;
        case '\n': text += "\\n"; break;
        case '\r': text += "\\r"; break;
        case '\t': text += "\\t"; break;
        case '\'': text += "\\'"; break;
        case '\\': text += "\\\\"; break;
        default:
          if (static_cast<unsigned char>(c) < 0x20) {
            static constexpr char hex[] = "0123456789abcdef";
            text += "\\u00";
            text += hex[(c >> 4) & 15];
            text += hex[c & 15];
          } else {
            text += c;
          }
      }
    }
    text += "']";
  }
  return text;
}

}  // namespace jsonjit::detail::path
