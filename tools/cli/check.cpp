// `jsonjit check`: validates each input while streaming it in pieces, so memory stays small
// whatever the file size (this also exercises the reader's piecewise mode end to end); with
// --lines, each line is parsed as a document, on --jobs threads.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <jsonjit/document.hpp>
#include <jsonjit/reader.hpp>

#include "commands.hpp"
#include "input.hpp"
#include "lines.hpp"

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

/// Each line a document: its errors printed as FILE:LINE:COLUMN: message, in input order.
int check_lines(std::string_view path, unsigned jobs) {
  input_file in(path);
  if (!in.is_open()) {
    std::fprintf(stderr, "jsonjit: cannot open %s: %s\n", in.name().c_str(), in.error().c_str());
    return exit_usage;
  }
  std::vector<document> documents(jobs + 1);  // by worker (the reading thread is worker `jobs`)
  auto check_line = [&](std::string_view line, std::uint64_t number, unsigned worker, block_output& out) {
    const parse_error e = documents[worker].assign(line);
    if (!e) return;
    out.out += in.name() + ":" + std::to_string(number + e.info.line - 1) + ":" +
               std::to_string(e.info.column) + ": " + message(e.info) + "\n";
    out.status = exit_invalid;
  };
  return for_each_line(in, jobs, check_line);
}

}  // namespace

int check(std::span<const std::string_view> args) {
  std::vector<std::string_view> files;
  bool lines = false;
  unsigned jobs = 1;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view a = args[i];
    if (a == "--lines") {
      lines = true;
    } else if (a == "--jobs") {
      const std::optional<unsigned> n = i + 1 < args.size() ? jobs_count(args[++i]) : std::nullopt;
      if (!n) {
        std::fputs("jsonjit check: --jobs needs a number from 1 to 256\n", stderr);
        return exit_usage;
      }
      jobs = *n;
    } else if (a.size() > 1 && a[0] == '-') {
      std::fprintf(stderr, "jsonjit check: unknown option '%.*s'\n", static_cast<int>(a.size()), a.data());
      return exit_usage;
    } else {
      files.push_back(a);
    }
  }
  if (jobs > 1 && !lines) {
    std::fputs("jsonjit check: --jobs splits JSON Lines: it needs --lines\n", stderr);
    return exit_usage;
  }
  if (files.empty()) files.push_back("-");
  int status = 0;
  for (std::string_view file : files) {
    if (lines) {
      status = std::max(status, check_lines(file, jobs));
      continue;
    }
    switch (check_one(file)) {
      case outcome::valid: break;
      case outcome::invalid: status = std::max(status, exit_invalid); break;
      case outcome::unreadable: status = exit_usage; break;
    }
  }
  return status;
}

}  // namespace jsonjit::cli
