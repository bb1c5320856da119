// README.md's block on the JIT's controls.
#include <jsonjit/jsonjit.hpp>

#include <iostream>

#include "doc_check.hpp"

struct Order {
  std::string id;
  double total = 0;
};

// @DECLARATIONS

int main() {
  jsonjit::serializer_options options;
  Order value{"A-1", 9.5};
  std::string buffer;
  const std::string json = R"({"id":"A-2","total":3})";
  // @STATEMENTS
  // (A build without a code generator for the processor says so, and the interpreter serves.)
  check(jsonjit::jit_available() ? !order.error() : order.error().info.code == jsonjit::error_code::not_compiled,
        "compiled where jsonjit has a code generator");
  check(buffer == R"({"id":"A-1","total":9.5})", "written through the handle");
  check(value.id == "A-2", "read through the handle");
  check((s.functions > 0) == jsonjit::jit_available(), "functions compiled");
}
