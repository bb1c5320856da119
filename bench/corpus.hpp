// Benchmark inputs from data/corpus, loaded once, and their token streams recorded once.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <benchmark/benchmark.h>

#include <jsonjit/reader.hpp>

namespace jsonjit::bench {

/// The classic nativejson-benchmark trio.
inline constexpr std::string_view corpus_names[] = {"canada", "citm_catalog", "twitter"};

/// The file's bytes (cached; exits with a message if it cannot be read).
const std::string& corpus(std::string_view name);

/// One token with its value decoded, as a writer benchmark replays it. Kept to 24 bytes (text
/// lives in an arena) so that replaying, which both engines share, stays small next to the
/// writing it feeds (a token holding a std::string was 80 bytes: 7 MB per pass over citm).
struct recorded_token {
  token_type type;
  bool is_integer = false;     // numbers: the text is an int64
  std::uint32_t size = 0;      // of `text`
  const char* text = nullptr;  // strings and names: unescaped; numbers: as written
  union {
    std::int64_t integer;
    double number;
  };

  std::string_view view() const noexcept { return {text, size}; }
};
static_assert(sizeof(recorded_token) == 24);

/// twitter.json's statuses, one per line, repeated to about 200 MB (2 MB in a quick run), each
/// copy's ids raised by its copy number so that the lines are not all alike (cached).
struct status_lines {
  std::string text;
  std::size_t copies = 0;   // of the statuses
  std::size_t lines = 0;
  std::int64_t id_sum = 0;  // of every line's "id" (wrapping)
};
const status_lines& statuses_lines();

/// The file's tokens (cached).
const std::vector<recorded_token>& recorded_tokens(std::string_view name);

/// The check before a contender is timed: whether `json` (its output, or its DOM written back)
/// is the file's value (deep equality: member order, numbers by value, strings after
/// unescaping). If not, the benchmark fails with what differs.
bool holds_corpus(benchmark::State& state, std::string_view name, std::string_view json);

}  // namespace jsonjit::bench
