// `jsonjit pointer`, `jsonjit patch`, `jsonjit merge-patch`, `jsonjit diff`: JSON Pointer
// lookups and the edits of <jsonjit/patch.hpp> on files. Output is compact JSON on one line,
// UTF-8 kept; nothing is printed unless the whole command succeeds.
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include <jsonjit/patch.hpp>
#include <jsonjit/pointer.hpp>

#include "commands.hpp"
#include "input.hpp"

namespace jsonjit::cli {
namespace {

constexpr std::string_view edit_usage =
    "usage: jsonjit pointer POINTER [FILE]\n"
    "       jsonjit patch PATCH [FILE]\n"
    "       jsonjit merge-patch PATCH [FILE]\n"
    "       jsonjit diff A B\n";

int usage_error(std::string_view command, const std::string& what) {
  std::fprintf(stderr, "jsonjit %.*s: %s\n%s", static_cast<int>(command.size()), command.data(), what.c_str(),
               edit_usage.data());
  return exit_usage;
}

/// A file read and parsed, or the exit code of why not (its message printed).
struct parsed_file {
  document doc;
  std::string name;
  int failure = 0;
};

parsed_file parse_file(std::string_view path, const document_options& options = {}) {
  parsed_file parsed;
  input_file in(path);
  parsed.name = in.name();
  std::string text;
  if (!in.is_open() || !in.read_all(text)) {
    std::fprintf(stderr, "jsonjit: cannot read %s: %s\n", in.name().c_str(), in.error().c_str());
    parsed.failure = exit_usage;
    return parsed;
  }
  auto doc = document::parse(text, options);
  if (!doc) {
    print_error(stderr, in.name(), doc.error().info);
    parsed.failure = exit_invalid;
    return parsed;
  }
  parsed.doc = std::move(*doc);
  return parsed;
}

/// Prints `value` compact on one line; the exit code.
template <class Value>
int print(const Value& value) {
  auto text = value.to_json({.escaping = escape_mode::relaxed});
  if (!text) {
    std::fprintf(stderr, "jsonjit: %s\n", std::string(message(text.error())).c_str());
    return exit_invalid;
  }
  std::fwrite(text->data(), 1, text->size(), stdout);
  std::fputc('\n', stdout);
  return std::fflush(stdout) == 0 ? 0 : exit_usage;
}

/// The operands of a command taking `count` of them, files from `first_file` on (the last one
/// optional: standard input), or nullopt after printing a usage error.
std::optional<std::vector<std::string_view>> operands(std::string_view command, std::span<const std::string_view> args,
                                                      std::size_t count, std::size_t first_file, bool last_optional) {
  std::vector<std::string_view> found;
  for (const std::string_view arg : args) {
    if (arg.size() > 1 && arg[0] == '-') {
      usage_error(command, "unknown option '" + std::string(arg) + "'");
      return std::nullopt;
    }
    found.push_back(arg);
  }
  if (found.size() + (last_optional ? 1 : 0) < count || found.size() > count) {
    usage_error(command, "expects " + std::to_string(count) + " operands");
    return std::nullopt;
  }
  if (found.size() < count) found.push_back("-");
  std::size_t from_stdin = 0;
  for (std::size_t i = first_file; i < found.size(); ++i) {
    if (found[i] == "-") ++from_stdin;
  }
  if (from_stdin > 1) {
    usage_error(command, "only one input can be standard input");
    return std::nullopt;
  }
  return found;
}

}  // namespace

int pointer(std::span<const std::string_view> args) {
  const auto given = operands("pointer", args, 2, 1, true);
  if (!given) return exit_usage;
  const auto parsed = json_pointer::parse((*given)[0]);
  if (!parsed) {
    std::fprintf(stderr, "pointer:1:%llu: %s\n", static_cast<unsigned long long>(parsed.error().info.column),
                 message(parsed.error().info).c_str());
    return exit_usage;
  }
  const parsed_file file = parse_file((*given)[1], {.preserve_number_text = true});
  if (file.failure != 0) return file.failure;
  auto found = parsed->at(file.doc.root());
  if (!found) {
    std::fprintf(stderr, "%s: %s\n", file.name.c_str(), to_string(found.error()).c_str());
    return exit_invalid;
  }
  return print(*found);
}

int patch(std::span<const std::string_view> args) {
  const auto given = operands("patch", args, 2, 0, true);
  if (!given) return exit_usage;
  const parsed_file patch_file = parse_file((*given)[0]);
  if (patch_file.failure != 0) return patch_file.failure;
  auto patch = json_patch::parse(patch_file.doc.root());
  if (!patch) {
    std::fprintf(stderr, "%s: %s\n", patch_file.name.c_str(), to_string(patch.error()).c_str());
    return exit_usage;
  }
  const parsed_file target_file = parse_file((*given)[1]);
  if (target_file.failure != 0) return target_file.failure;
  node target = node::from(target_file.doc.root());
  if (const patch_error failed = std::move(*patch).apply(target)) {
    std::fprintf(stderr, "%s: %s\n", patch_file.name.c_str(), to_string(failed).c_str());
    return exit_invalid;
  }
  return print(target);
}

int merge_patch(std::span<const std::string_view> args) {
  const auto given = operands("merge-patch", args, 2, 0, true);
  if (!given) return exit_usage;
  const parsed_file patch_file = parse_file((*given)[0]);
  if (patch_file.failure != 0) return patch_file.failure;
  const parsed_file target_file = parse_file((*given)[1]);
  if (target_file.failure != 0) return target_file.failure;
  node target = node::from(target_file.doc.root());
  jsonjit::merge_patch(target, node::from(patch_file.doc.root()));
  return print(target);
}

int diff(std::span<const std::string_view> args) {
  const auto given = operands("diff", args, 2, 0, false);
  if (!given) return exit_usage;
  const parsed_file from = parse_file((*given)[0]);
  if (from.failure != 0) return from.failure;
  const parsed_file to = parse_file((*given)[1]);
  if (to.failure != 0) return to.failure;
  return print(jsonjit::diff(node::from(from.doc.root()), node::from(to.doc.root())));
}

}  // namespace jsonjit::cli
