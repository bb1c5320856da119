// `jsonjit query`: the values a JSONPath query (RFC 9535) selects, one compact JSON value per
// line in the query's order (or their normalized paths; --first: the first value only, the text
// after it not read); JSON Lines on several threads.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <jsonjit/path.hpp>

#include "commands.hpp"
#include "input.hpp"
#include "lines.hpp"

namespace jsonjit::cli {
namespace {

constexpr std::string_view query_usage =
    "usage: jsonjit query [--engine automatic|interpreter|jit] [--paths] [--first] [--lines] [--jobs N] QUERY [FILE...]\n";

int usage_error(const std::string& what) {
  std::fprintf(stderr, "jsonjit query: %s\n%s", what.c_str(), query_usage.data());
  return exit_usage;
}

struct query_options {
  bool paths = false;
  bool first = false;  // only each document's first value, read no further than it
  bool lines = false;
  unsigned jobs = 1;
  path_options compiling;
  std::string_view query;
  std::vector<std::string_view> files;
};

/// "FILE:LINE:COLUMN: message" of an input that is not JSON (LINE counted in the file).
void not_json(block_output& out, const std::string& name, const parse_error& e, std::uint64_t line_offset) {
  out.err += name + ":" + std::to_string(e.info.line + line_offset) + ":" + std::to_string(e.info.column) + ": " +
             message(e.info) + "\n";
  out.status = std::max(out.status, exit_invalid);
}

/// What one thread keeps from document to document.
struct selecting {
  path_selector selector;
  document value;  // an array or object selected, read again to be printed compact
};

/// Appends one selected value, compact: a scalar is printed as written (numbers keep their
/// text) unless it has escapes to write the way the relaxed writer does.
void print_compact(std::string_view json, document& value, std::string& out) {
  const bool scalar = json[0] != '{' && json[0] != '[';
  if (scalar && (json[0] != '"' || json.find('\\') == std::string_view::npos)) {
    out += json;
    return;
  }
  // (Within a text read with these options: it reads again.)
  if (!value.assign(json, {.preserve_number_text = true})) out += value.root().to_json({.escaping = escape_mode::relaxed}).value_or("");
}

/// Selects from one document's text and appends what to print.
void select_from(const query_options& o, std::string_view text, const std::string& name, std::uint64_t line_offset,
                 selecting& with, block_output& out) {
  auto print = [&](const path_match& m) {
    if (o.paths) {
      out.out += m.path();
    } else {
      print_compact(m.json(), with.value, out.out);
    }
    out.out += '\n';
  };
  parse_error e;
  if (o.first) {
    auto first = with.selector.select_first(text);
    if (!first) {
      e = first.error();
    } else if (first->has_value()) {
      print(**first);
    }
  } else {
    e = with.selector.select(text, print);
  }
  if (!e) return;
  if (e.info.code == error_code::query_too_costly) {
    out.err += name + ":" + std::to_string(line_offset + 1) + ": " + to_string(e) + "\n";
    out.status = std::max(out.status, exit_invalid);
    return;
  }
  not_json(out, name, e, line_offset);
}

}  // namespace

int query(std::span<const std::string_view> args) {
  query_options o;
  bool have_query = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view a = args[i];
    if (a == "--paths") {
      o.paths = true;
    } else if (a == "--first") {
      o.first = true;
    } else if (a == "--lines") {
      o.lines = true;
    } else if (a == "--engine") {
      if (i + 1 == args.size()) return usage_error("missing engine after --engine");
      const std::optional<engine> named = engine_named(args[++i]);
      if (!named) return usage_error("unknown engine '" + std::string(args[i]) + "'");
      o.compiling.engine = *named;
    } else if (a == "--jobs") {
      if (i + 1 == args.size()) return usage_error("missing number after --jobs");
      const std::string_view n = args[++i];
      const std::optional<unsigned> jobs = jobs_count(n);
      if (!jobs) return usage_error("--jobs needs a number from 1 to 256, not '" + std::string(n) + "'");
      o.jobs = *jobs;
    } else if (a.size() > 1 && a[0] == '-' && !(have_query || a[1] == '$')) {
      return usage_error("unknown option '" + std::string(a) + "'");
    } else if (!have_query) {
      o.query = a;
      have_query = true;
    } else {
      o.files.push_back(a);
    }
  }
  if (!have_query) return usage_error("no query given");
  if (o.jobs > 1 && !o.lines) return usage_error("--jobs splits JSON Lines: it needs --lines");
  if (o.files.empty()) o.files.push_back("-");

  const auto compiled = json_path::compile(o.query, o.compiling);
  if (!compiled) {
    const parse_error& e = compiled.error();
    std::fprintf(stderr, "query:1:%llu: %s: %s\n", static_cast<unsigned long long>(e.info.column),
                 std::string(message(e.info.code)).c_str(), e.name.c_str());
    return exit_usage;
  }
  // Numbers are printed as the input wrote them.
  const document_options reading{.preserve_number_text = true};
  int status = 0;
  for (const std::string_view file : o.files) {
    input_file in(file);
    if (!in.is_open()) {
      std::fprintf(stderr, "jsonjit: cannot read %s: %s\n", in.name().c_str(), in.error().c_str());
      status = exit_usage;
      continue;
    }
    if (o.lines) {
      std::vector<selecting> workers;  // one per thread, reused
      for (unsigned i = 0; i <= o.jobs; ++i) workers.push_back({path_selector(*compiled, reading), {}});
      const int s = for_each_line(in, o.jobs, [&](std::string_view line, std::uint64_t number, unsigned worker,
                                                  block_output& out) {
        select_from(o, line, in.name(), number - 1, workers[worker], out);
      });
      status = std::max(status, s);
      continue;
    }
    std::string text;
    if (!in.read_all(text)) {
      std::fprintf(stderr, "jsonjit: cannot read %s: %s\n", in.name().c_str(), in.error().c_str());
      status = exit_usage;
      continue;
    }
    selecting with{path_selector(*compiled, reading), {}};
    block_output out;
    select_from(o, text, in.name(), 0, with, out);
    std::fwrite(out.out.data(), 1, out.out.size(), stdout);
    std::fwrite(out.err.data(), 1, out.err.size(), stderr);
    status = std::max(status, out.status);
  }
  return std::fflush(stdout) == 0 ? status : exit_usage;
}

}  // namespace jsonjit::cli
