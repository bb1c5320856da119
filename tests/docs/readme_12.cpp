// README.md's block on errors without exceptions.
#include <jsonjit/jsonjit.hpp>

#include "doc_check.hpp"

struct Order {
  std::string id;
  double total = 0;
};

// @DECLARATIONS

int main() {
  const std::string json = R"({"id": 7})";
  const jsonjit::serializer_options options;
  // @STATEMENTS
}
