// README.md's document and node block.
#include <iostream>

#include "doc_check.hpp"

// @DECLARATIONS

int main() {
  // @STATEMENTS
  check(name == "jsonjit", "name");
  check(first == "fast", "first tag");
  shown(text, "{\n  \"depth\": 64\n}");
}
