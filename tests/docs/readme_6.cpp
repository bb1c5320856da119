// README.md's document and node block.
#include <iostream>

#include "doc_check.hpp"

// @DECLARATIONS

int main() {
  // @STATEMENTS
  check(name == "jsonjit", "name");
  check(first == "first", "first tag");
  check(!email && to_string(email.error()) == R"(at $: the object has no property of that name: "email")",
        "a missing member named");
  check(!sixth && to_string(sixth.error()) == "at $.tags[5]: the index is past the end of the array", "no sixth tag");
  shown(where, R"($.limits.depth)");
  shown(text, "{\n  \"depth\": 64\n}");
}
