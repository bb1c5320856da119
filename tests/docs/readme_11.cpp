// README.md's writer and reader block.
#include "doc_check.hpp"

// @DECLARATIONS

int main() {
  // @STATEMENTS
  shown(out.view(), R"({"name":"jsonjit"})");
  check(!r.error(), "read to the end");
}
