// `jsonjit check`: validates each input while streaming it in pieces, so memory stays small
// whatever the file size (this also exercises the reader's piecewise mode end to end).
#include <cstdio>
#include <string>

#include <jsonjit/reader.hpp>

#include "commands.hpp"
#include "input.hpp"

namespace jsonjit::cli {
namespace {

constexpr std::size_t piece_size = 1 << 16;

enum class outcome { valid, invalid, unreadable };

outcome check_one(std::string_view path) {
  input_file in(path);
  if (!in.is_open()) {
    std::fprintf(stderr, "jsonjit: cannot open %s: %s\n", in.name().c_str(), in.error().c_str());
    return outcome::unreadable;
  }
  std::string buffer;  // unconsumed bytes of the previous piece, then the new piece
  reader_state state;
  bool final_block = false;
  while (!final_block) {
    const std::size_t kept = buffer.size();
    buffer.resize(kept + piece_size);
    const std::size_t n = in.read_some(buffer.data() + kept, piece_size);
    buffer.resize(kept + n);
    if (!in.error().empty()) {
      std::fprintf(stderr, "jsonjit: cannot read %s: %s\n", in.name().c_str(), in.error().c_str());
      return outcome::unreadable;
    }
    final_block = n == 0;
    reader r(buffer, final_block, state);
    while (r.read()) {
    }
    if (const error_info& e = r.error()) {
      print_error(stdout, in.name(), e);
      return outcome::invalid;
    }
    state = r.state();
    buffer.erase(0, r.bytes_consumed());
  }
  return outcome::valid;
}

}  // namespace

int check(std::span<const std::string_view> args) {
  static constexpr std::string_view stdin_only[] = {"-"};
  const std::span<const std::string_view> files = args.empty() ? stdin_only : args;
  for (std::string_view file : files) {
    if (file.size() > 1 && file[0] == '-') {
      std::fprintf(stderr, "jsonjit check: unknown option '%.*s'\n", static_cast<int>(file.size()),
                   file.data());
      return exit_usage;
    }
  }
  int status = 0;
  for (std::string_view file : files) {
    switch (check_one(file)) {
      case outcome::valid: break;
      case outcome::invalid:
        if (status == 0) status = exit_invalid;
        break;
      case outcome::unreadable: status = exit_usage; break;
    }
  }
  return status;
}

}  // namespace jsonjit::cli
