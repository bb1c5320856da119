// What the README's code blocks are checked with (extract_blocks.py): shown(value, text)
// compares what the code gives with the output the README shows beside it.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

inline void shown(std::string_view value, std::string_view text) {
  if (value == text) return;
  std::fprintf(stderr, "the README shows\n  %.*s\nthe code gives\n  %.*s\n", static_cast<int>(text.size()), text.data(),
               static_cast<int>(value.size()), value.data());
  std::exit(1);
}

inline void check(bool holds, const char* what) {
  if (holds) return;
  std::fprintf(stderr, "not so: %s\n", what);
  std::exit(1);
}
