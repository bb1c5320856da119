// jsonjit — command-line front end: `jsonjit check`, `fmt`, `validate`, `pointer`, `patch`,
// `merge-patch`, `diff`, `query`.
#include <cstdio>
#include <string_view>
#include <vector>

#include <jsonjit/version.hpp>

#include "commands.hpp"

namespace {

constexpr std::string_view usage =
    "usage: jsonjit check [--lines [--jobs N]] [FILE...]\n"
    "         exits 0 if every file is valid JSON; prints FILE:LINE:COLUMN: message\n"
    "         for each invalid one and exits 1. '-' or no FILE reads standard input.\n"
    "         --lines: each line is a document (JSON Lines), each invalid one printed;\n"
    "         --jobs N: on N threads, output in input order.\n"
    "       jsonjit fmt [--indent N | --compact] [--relaxed] [FILE]\n"
    "         re-writes JSON to standard output (default: indented by 2 spaces);\n"
    "         number text is kept, strings are re-escaped (--relaxed keeps UTF-8).\n"
    "       jsonjit validate [--draft 2020-12|2019-09|7|6|4] [--engine automatic|interpreter|jit]\n"
    "                        [--format-assertion] [--regex-jit] [--output flag|basic|detailed]\n"
    "                        [--lines [--jobs N]] [--map URI_PREFIX=DIR]... SCHEMA [FILE...]\n"
    "         validates each FILE against the JSON Schema SCHEMA; prints\n"
    "         FILE:LINE:COLUMN: INSTANCE_LOCATION: message (KEYWORD_LOCATION) per error, or\n"
    "         the standard output JSON per instance with --output. --lines: each line is an\n"
    "         instance (JSON Lines), --jobs N: on N threads, output in input order.\n"
    "         --map: $refs under URI_PREFIX read files under DIR\n"
    "         (a schema's relative $refs read the files beside it; nothing is downloaded).\n"
    "         --regex-jit: PCRE2 compiles patterns to machine code (writable and\n"
    "         executable memory; see schema_options::regex_jit).\n"
    "       jsonjit query [--engine automatic|interpreter|jit] [--paths] [--first] [--lines]\n"
    "                     [--jobs N] QUERY [FILE...]\n"
    "         prints the values the JSONPath query (RFC 9535) selects, one compact JSON\n"
    "         value per line in the query's order (--paths: their normalized paths;\n"
    "         --first: the first only, the text after it not read where it need not be);\n"
    "         an empty result is no error. --lines: each line is a document; --jobs N\n"
    "         shares them out to N threads, the output in input order. --engine jit:\n"
    "         a query the JIT does not compile is a usage error saying why.\n"
    "       jsonjit pointer POINTER [FILE]\n"
    "         prints the value the JSON Pointer (RFC 6901) names in FILE; exits 1 when\n"
    "         nothing is there.\n"
    "       jsonjit patch PATCH [FILE]\n"
    "         applies the JSON Patch (RFC 6902) in the file PATCH to FILE and prints the\n"
    "         result; exits 1, printing nothing, when an operation fails (all or nothing).\n"
    "       jsonjit merge-patch PATCH [FILE]\n"
    "         applies the JSON Merge Patch (RFC 7396) in the file PATCH to FILE.\n"
    "       jsonjit diff A B\n"
    "         prints the JSON Patch that turns the document in A into the one in B.\n"
    "         The edit commands print compact JSON on one line, UTF-8 kept.\n"
    "       jsonjit --version | --help\n"
    "exit codes: 0 ok, 1 invalid JSON (or an instance the schema rejects, nothing\n"
    "            at the pointer, a patch operation that fails), 2 usage error, unreadable\n"
    "            file, a schema that does not compile, an invalid pointer, patch or query\n";

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string_view> args(argv + 1, argv + argc);
  if (args.empty()) {
    std::fputs(usage.data(), stderr);
    return jsonjit::cli::exit_usage;
  }
  const std::string_view command = args.front();
  const std::span<const std::string_view> rest(args.data() + 1, args.size() - 1);
  if (command == "check") return jsonjit::cli::check(rest);
  if (command == "fmt") return jsonjit::cli::fmt(rest);
  if (command == "validate") return jsonjit::cli::validate(rest);
  if (command == "query") return jsonjit::cli::query(rest);
  if (command == "pointer") return jsonjit::cli::pointer(rest);
  if (command == "patch") return jsonjit::cli::patch(rest);
  if (command == "merge-patch") return jsonjit::cli::merge_patch(rest);
  if (command == "diff") return jsonjit::cli::diff(rest);
  if (command == "--help" || command == "-h") {
    std::fputs(usage.data(), stdout);
    return 0;
  }
  if (command == "--version") {
    std::printf("jsonjit %s\n", jsonjit::version_string());
    return 0;
  }
  std::fprintf(stderr, "jsonjit: unknown command '%.*s'\n%s", static_cast<int>(command.size()),
               command.data(), usage.data());
  return jsonjit::cli::exit_usage;
}
