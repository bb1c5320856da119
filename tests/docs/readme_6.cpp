// README.md's document and node block.
#include <iostream>

#include "doc_check.hpp"

// @DECLARATIONS

int main() {
  // @STATEMENTS
  check(name == "jsonjit", "name");
  check(first == "first", "first tag");
  check(!sixth && sixth.error() == jsonjit::error_code::index_out_of_range, "no sixth tag");
  shown(where, R"($.limits.depth)");
  shown(text, "{\n  \"depth\": 64\n}");
}
