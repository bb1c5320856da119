// The sub-commands of the `jsonjit` tool. Each returns the process exit code:
// 0 success, 1 invalid JSON (or an instance a schema rejects), 2 usage error, unreadable
// input or a schema that does not compile.
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include <jsonjit/engine.hpp>

namespace jsonjit::cli {

inline constexpr int exit_invalid = 1;
inline constexpr int exit_usage = 2;

/// The engine `--engine NAME` names (automatic, interpreter, jit), or nullopt.
inline std::optional<engine> engine_named(std::string_view name) {
  if (name == "automatic") return engine::automatic;
  if (name == "interpreter") return engine::interpreter;
  if (name == "jit") return engine::jit;
  return std::nullopt;
}

int check(std::span<const std::string_view> args);
int fmt(std::span<const std::string_view> args);
int validate(std::span<const std::string_view> args);
int pointer(std::span<const std::string_view> args);
int patch(std::span<const std::string_view> args);
int merge_patch(std::span<const std::string_view> args);
int diff(std::span<const std::string_view> args);
int query(std::span<const std::string_view> args);

}  // namespace jsonjit::cli
