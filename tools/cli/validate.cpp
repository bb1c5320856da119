// `jsonjit validate`: instances checked against a JSON Schema, each error printed as
// FILE:LINE:COLUMN: INSTANCE_LOCATION: message (KEYWORD_LOCATION), or the standard output JSON
// with --output. References resolve to the --map folders and to local files (file: URIs,
// which a schema read from a file has for its base); never to the network.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <jsonjit/schema.hpp>

#include "commands.hpp"
#include "input.hpp"
#include "lines.hpp"

namespace jsonjit::cli {
namespace {

struct validate_options {
  schema_options schema;
  std::optional<output_format> output;  // print the output JSON instead of error lines
  bool lines = false;
  unsigned jobs = 1;  // threads for --lines
  std::vector<std::pair<std::string, std::filesystem::path>> maps;  // URI prefix → folder
  std::string schema_path;
  std::vector<std::string_view> files;
};

/// The file's text, or nothing (with the reason in `why`, where given).
std::optional<std::string> read_file(const std::filesystem::path& path, std::string* why = nullptr) {
  input_file in(path.string());
  std::string text;
  if (!in.is_open() || !in.read_all(text)) {
    if (why != nullptr) *why = in.error();
    return std::nullopt;
  }
  return text;
}

std::string file_uri(const std::filesystem::path& path) {
  return "file://" + std::filesystem::absolute(path).lexically_normal().generic_string();
}

/// --map prefixes first, then file: URIs as local paths.
std::optional<std::string> resolve(const validate_options& o, std::string_view uri) {
  for (const auto& [prefix, folder] : o.maps) {
    if (uri.starts_with(prefix)) return read_file(folder / std::string(uri.substr(prefix.size())));
  }
  if (uri.starts_with("file://")) return read_file(std::string(uri.substr(7)));
  return std::nullopt;
}

int usage_error(const char* what, std::string_view value) {
  std::fprintf(stderr, "jsonjit validate: %s '%.*s'\n", what, static_cast<int>(value.size()), value.data());
  return exit_usage;
}

/// Parses the arguments; returns 0 or the exit code of a usage error.
int parse_arguments(std::span<const std::string_view> args, validate_options& o) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view a = args[i];
    const auto value = [&]() -> std::optional<std::string_view> {
      if (i + 1 >= args.size()) return std::nullopt;
      return args[++i];
    };
    if (a == "--draft") {
      const std::optional<std::string_view> v = value();
      if (v == "2020-12") o.schema.default_draft = schema_draft::draft2020_12;
      else if (v == "2019-09") o.schema.default_draft = schema_draft::draft2019_09;
      else if (v == "7") o.schema.default_draft = schema_draft::draft7;
      else if (v == "6") o.schema.default_draft = schema_draft::draft6;
      else if (v == "4") o.schema.default_draft = schema_draft::draft4;
      else return usage_error("unknown draft", v.value_or(""));
    } else if (a == "--engine") {
      const std::optional<std::string_view> v = value();
      const std::optional<engine> named = engine_named(v.value_or(""));
      if (!named) return usage_error("unknown engine", v.value_or(""));
      o.schema.engine = *named;
    } else if (a == "--output") {
      const std::optional<std::string_view> v = value();
      if (v == "flag") o.output = output_format::flag;
      else if (v == "basic") o.output = output_format::basic;
      else if (v == "detailed") o.output = output_format::detailed;
      else return usage_error("unknown output format", v.value_or(""));
    } else if (a == "--format-assertion") {
      o.schema.format_assertion = true;
    } else if (a == "--regex-jit") {
      o.schema.regex_jit = true;
    } else if (a == "--lines") {
      o.lines = true;
    } else if (a == "--jobs") {
      const std::optional<std::string_view> v = value();
      const std::optional<unsigned> jobs = jobs_count(v.value_or(""));
      if (!jobs) return usage_error("--jobs needs a number from 1 to 256, not", v.value_or(""));
      o.jobs = *jobs;
    } else if (a == "--map") {
      const std::optional<std::string_view> v = value();
      const std::size_t eq = v ? v->find('=') : std::string_view::npos;
      if (eq == std::string_view::npos || eq == 0) return usage_error("--map needs URI_PREFIX=DIR, not", v.value_or(""));
      o.maps.emplace_back(std::string(v->substr(0, eq)), std::filesystem::path(std::string(v->substr(eq + 1))));
    } else if (a.size() > 1 && a[0] == '-') {
      return usage_error("unknown option", a);
    } else if (o.schema_path.empty()) {
      o.schema_path = std::string(a);
    } else {
      o.files.push_back(a);
    }
  }
  if (o.schema_path.empty()) {
    std::fputs("jsonjit validate: no schema given\n", stderr);
    return exit_usage;
  }
  if (o.files.empty()) o.files.push_back("-");
  if (o.jobs > 1 && !o.lines) return usage_error("--jobs splits JSON Lines: it needs", "--lines");
  o.schema.output = o.output.value_or(output_format::basic);
  return 0;
}

/// Appends what to print of one instance's validation to `out`.
void print_validation(const std::string& name, const validation& v, const validate_options& o,
                      std::uint64_t line_offset, block_output& out) {
  if (!v.valid()) out.status = std::max(out.status, exit_invalid);
  if (o.output) {
    out.out += v.to_json(*o.output) + "\n";
    return;
  }
  for (const validation_error& e : v.errors()) {
    // An instance that is not JSON fails before any keyword: no keyword location to show.
    const std::string keyword = e.keyword_location.empty() ? "" : " (" + e.keyword_location + ")";
    out.out += name + ":" + std::to_string(e.position.line + line_offset) + ":" + std::to_string(e.position.column) +
               ": " + (e.instance_location.empty() ? "(root)" : e.instance_location) + ": " + e.message + keyword +
               "\n";
  }
}

}  // namespace

int validate(std::span<const std::string_view> args) {
  validate_options o;
  if (const int status = parse_arguments(args, o); status != 0) return status;
  std::string why;
  const std::optional<std::string> schema_text = read_file(o.schema_path, &why);
  if (!schema_text) {
    std::fprintf(stderr, "jsonjit validate: cannot read the schema %s: %s\n", o.schema_path.c_str(), why.c_str());
    return exit_usage;
  }
  o.schema.base_uri = file_uri(o.schema_path);
  o.schema.resolver = [&o](std::string_view uri) { return resolve(o, uri); };
  const result<schema, parse_error> s = schema::compile(*schema_text, o.schema);
  if (!s) {
    // FILE:LINE:COLUMN: as for instances (and as compilers print), then where in the schema.
    const parse_error& e = s.error();
    std::string where = o.schema_path + ":";
    if (e.info.line != 0) where += std::to_string(e.info.line) + ":" + std::to_string(e.info.column) + ":";
    std::string what = message(e.info);
    if (!e.name.empty()) what += ": \"" + e.name + "\"";
    std::fprintf(stderr, "%s %s%s\n", where.c_str(), e.path.empty() ? "" : (e.path + ": ").c_str(), what.c_str());
    return exit_usage;
  }
  int status = 0;
  for (std::string_view file : o.files) {
    input_file in(file);
    if (o.lines && in.is_open()) {
      status = std::max(status, for_each_line(in, o.jobs,
                                              [&](std::string_view line, std::uint64_t number, unsigned, block_output& out) {
                                                print_validation(in.name(), s->validate(line), o, number - 1, out);
                                              }));
      continue;
    }
    std::string text;
    if (!in.is_open() || !in.read_all(text)) {
      std::fprintf(stderr, "jsonjit validate: cannot read %s: %s\n", in.name().c_str(), in.error().c_str());
      status = exit_usage;
      continue;
    }
    block_output out;
    print_validation(in.name(), s->validate(text), o, 0, out);
    std::fwrite(out.out.data(), 1, out.out.size(), stdout);
    status = std::max(status, out.status);
  }
  return status;
}

}  // namespace jsonjit::cli
