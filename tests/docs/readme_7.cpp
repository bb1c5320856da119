// README.md's JSON Lines block: a text on four threads, then a file with the same parser.
#include <jsonjit/io.hpp>

#include <fstream>
#include <string>

#include "doc_check.hpp"

// @DECLARATIONS

int main() {
  std::string text;
  for (int i = 1; i <= 30000; ++i) text += "{\"amount\": " + std::to_string(i) + ".5}\n";
  text += "{\"amount\": oops}\n";
  std::ofstream("events.jsonl") << "{\"amount\": 1}\n\n{\"amount\": 2}\n";
  double total = 0;
  std::uint64_t seen = 0;
  auto on_line = [&](const jsonjit::parsed_line& line) { seen += line.number(); };
  // @STATEMENTS
  check(total == 30000.0 * 30001 / 2 + 0.5 * 30000, "every amount added, in any order");
  check(!failed && seen == 1 + 3, "the file's lines, numbered with the blank one counted");
}
