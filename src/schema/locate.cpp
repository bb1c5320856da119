#include "schema/locate_p.hpp"

#include <vector>

#include <jsonjit/reader.hpp>

#include "dom/json_path_p.hpp"

namespace jsonjit::detail::schema {

parse_error locate(std::string_view text, std::span<const std::string> tokens, error_code code) {
  parse_error found;
  found.info.code = code;
  found.path = "$";
  reader_options options;
  options.max_depth = 4096;
  reader r(text, options);
  struct level {
    bool is_object;
    std::string name;
    std::size_t next_index = 0;
  };
  std::vector<level> levels;
  // How many of `tokens` the current path matches (the path is a prefix of them).
  const auto matches_prefix = [&] {
    if (levels.size() > tokens.size()) return false;
    for (std::size_t i = 0; i < levels.size(); ++i) {
      const level& l = levels[i];
      const std::string step = l.is_object ? l.name : std::to_string(l.next_index - 1);
      if (step != tokens[i]) return false;
    }
    return true;
  };
  std::string path = "$";
  while (r.read()) {
    const token_type t = r.token();
    if (t == token_type::property_name) {
      levels.back().name = r.get_string().value_or(std::string());
      continue;
    }
    if (t == token_type::end_object || t == token_type::end_array) {
      levels.pop_back();
      continue;
    }
    if (t == token_type::comment) continue;
    if (!levels.empty() && !levels.back().is_object) ++levels.back().next_index;
    if (matches_prefix()) {
      // The deepest value on the way to the target so far: the target itself at the end.
      found.info.offset = r.token_offset();
      found.info.line = r.token_line();
      found.info.column = r.token_column();
      found.path = "$";
      for (const level& l : levels) {
        if (l.is_object) {
          append_path_name(found.path, l.name);
        } else {
          append_path_index(found.path, l.next_index - 1);
        }
      }
      if (levels.size() == tokens.size()) break;
    }
    if (t == token_type::start_object || t == token_type::start_array) levels.push_back({t == token_type::start_object, {}});
  }
  return found;
}

}  // namespace jsonjit::detail::schema
