// The ways json-serde can turn text into values and back. Each engine does the benchmark's
// two steps: one value serialized compactly, and the text parsed `n` times into a list that is
// serialized as one array: untyped (a DOM, like PLB's 1.cs) or typed (GeoJSON structs, like
// PLB's 2.cs).
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace json_serde {

struct outputs {
  std::string single;  // compact(parse(json))
  std::string list;    // "[" + n copies of single joined by "," + "]", from n separate parses
};

struct engine {
  std::string_view name;
  std::string_view description;
  /// Fills `out`; on invalid input returns false with a message in `error`.
  bool (*run)(std::string_view json, int n, outputs& out, std::string& error);
};

/// Every engine; the first is the default. The tool's list is in engines.cpp; benchmarks link
/// their own list with peer libraries' engines.
std::span<const engine> engines();

/// jsonjit::document (dom_engine.cpp).
bool run_dom(std::string_view json, int n, outputs& out, std::string& error);
/// The typed serializer into GeoJSON structs, with the JIT and with the interpreter
/// (typed_engine.cpp).
bool run_typed(std::string_view json, int n, outputs& out, std::string& error);
bool run_typed_interpreter(std::string_view json, int n, outputs& out, std::string& error);

}  // namespace json_serde
