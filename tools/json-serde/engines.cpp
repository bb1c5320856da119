#include "engines.hpp"

namespace json_serde {

std::span<const engine> engines() {
  static constexpr engine all[] = {
      {"dom", "jsonjit::document (untyped, like PLB's 1.cs)", run_dom},
      {"typed", "jsonjit::deserialize/serialize into GeoJSON structs, compiled (like PLB's 2.cs)", run_typed},
      {"typed-interpreter", "the same structs by the interpreter", run_typed_interpreter},
  };
  return all;
}

}  // namespace json_serde
