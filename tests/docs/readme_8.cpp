// README.md's pointers, patches and diffs block.
#include <optional>

#include "doc_check.hpp"

// @DECLARATIONS

int main() {
  // @STATEMENTS
  check(found && found->get_string().value() == "Ada", "the name found");
  shown(why, R"(at $.users[0]: the object has no property of that name: "email")");
  shown(reason,
        R"(operation 1 (test /users/0/name): the value is not equal to the one the test expects (at $.users[0].name, found "Ada"))");
  check(users["count"] == 0 && !users.contains("users"), "the merge patch applied");
  shown(changes, R"([{"op":"replace","path":"/users/0/name","value":"Grace"}])");
  check(back && back->find("users") != nullptr, "a merge patch back");
}
