// Benchmark inputs from data/corpus, loaded once, and their token streams recorded once.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <jsonjit/reader.hpp>

namespace jsonjit::bench {

/// The classic nativejson-benchmark trio.
inline constexpr std::string_view corpus_names[] = {"canada", "citm_catalog", "twitter"};

/// The file's bytes (cached; exits with a message if it cannot be read).
const std::string& corpus(std::string_view name);

/// One token with its value decoded, as a writer benchmark replays it.
struct recorded_token {
  token_type type;
  bool is_integer = false;  // numbers: the text is an int64
  std::int64_t integer = 0;
  double number = 0;
  std::string text;      // strings and property names, unescaped
  std::string_view raw;  // numbers: the text as written
};

/// The file's tokens (cached).
const std::vector<recorded_token>& recorded_tokens(std::string_view name);

}  // namespace jsonjit::bench
