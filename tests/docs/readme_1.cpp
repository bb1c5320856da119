// README.md's first code block (the introduction).
#include <jsonjit/jsonjit.hpp>

#include "doc_check.hpp"

// @DECLARATIONS

int main() {
  // @STATEMENTS
  shown(json, R"({"Email":"a@b.com","Password":"pw","RememberMe":true})");
  check(back.Email == "a@b.com" && back.RememberMe, "read back");
}
