#include "engines.hpp"

namespace json_serde {

std::span<const engine> engines() {
  static constexpr engine all[] = {
      {"dom", "jsonjit::document (untyped, like PLB's 1.cs)", run_dom},
  };
  return all;
}

}  // namespace json_serde
