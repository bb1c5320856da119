#include "token_log.hpp"

#include <string>

namespace jsonjit::test {
namespace {

void log_token(const reader& r, std::string& log) {
  log += to_string(r.token());
  log += " d=" + std::to_string(r.depth()) + " @" + std::to_string(r.token_offset()) + " " +
         std::to_string(r.token_line()) + ":" + std::to_string(r.token_column()) +
         " esc=" + std::to_string(r.value_is_escaped()) + " [";
  log += r.value();
  log += "]\n";
}

void log_end(const reader& r, std::string& log) {
  if (const error_info& e = r.error()) {
    log += "error " + std::string(message(e.code)) + " @" + std::to_string(e.offset) + " " +
           std::to_string(e.line) + ":" + std::to_string(e.column) + (e.at_end_of_input ? " at-end" : "") +
           "\n";
  } else if (r.needs_more_data()) {
    log += "needs-more-data\n";
  } else {
    log += "end\n";
  }
}

}  // namespace

std::string log_whole(std::string_view json, const reader_options& options) {
  reader r(json, options);
  std::string log;
  while (r.read()) log_token(r, log);
  log_end(r, log);
  return log;
}

std::string log_expecting_name(std::string_view json, std::string_view quoted_name, int& matches,
                               const reader_options& options) {
  reader r(json, options);
  std::string log;
  matches = 0;
  bool matched = false;
  while (r.read_name(quoted_name, matched)) {
    log_token(r, log);
    matches += matched;
  }
  log_end(r, log);
  return log;
}

std::string log_in_pieces(std::string_view json, std::span<const std::size_t> cuts,
                          const reader_options& options) {
  std::string log;
  std::string buffer;
  reader_state state(options);
  std::size_t taken = 0;
  for (std::size_t i = 0; i <= cuts.size(); ++i) {
    const std::size_t next = i < cuts.size() ? cuts[i] : json.size();
    buffer.append(json.substr(taken, next - taken));
    taken = next;
    const bool final_block = i == cuts.size();
    reader r(buffer, final_block, state);
    while (r.read()) log_token(r, log);
    if (r.error() || final_block) {
      log_end(r, log);
      return log;
    }
    if (!r.needs_more_data()) {
      log += "stopped without asking for more data\n";
      return log;
    }
    state = r.state();
    buffer.erase(0, r.bytes_consumed());
  }
  return log;
}

bool accepts(std::string_view json, const reader_options& options) {
  return first_error(json, options).code == error_code::none;
}

error_info first_error(std::string_view json, const reader_options& options) {
  reader r(json, options);
  while (r.read()) {
  }
  return r.error();
}

}  // namespace jsonjit::test
