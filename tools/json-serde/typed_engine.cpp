// json-serde through the typed serializer, like PLB's 2.cs: the text is read into the GeoJSON
// structs (geojson.hpp) and written back from them; doubles are written in their shortest
// round-trip form, which the benchmark's expected hashes require.
#include <jsonjit/jsonjit.hpp>

#include <string>
#include <vector>

#include "engines.hpp"
#include "geojson.hpp"

namespace json_serde {
namespace {

using namespace geojson;

/// Compact output with the benchmark's escaping, with `engine`.
const jsonjit::serializer_options& options_for(jsonjit::engine engine) {
  static const jsonjit::serializer_options jit = [] {
    jsonjit::serializer_options o;
    o.escaping(jsonjit::escape_mode::relaxed).engine(jsonjit::engine::jit);
    return o;
  }();
  static const jsonjit::serializer_options interpreter = [] {
    jsonjit::serializer_options o;
    o.escaping(jsonjit::escape_mode::relaxed).engine(jsonjit::engine::interpreter);
    return o;
  }();
  return engine == jsonjit::engine::jit ? jit : interpreter;
}

bool run_typed_with(jsonjit::engine engine, std::string_view json, int n, outputs& out, std::string& error) {
  const jsonjit::serializer_options& options = options_for(engine);
  const auto failed = [&](const jsonjit::parse_error& e) {
    error = jsonjit::to_string(e);
    return false;
  };
  feature_collection first;
  if (const auto e = jsonjit::deserialize_into(first, json, options)) return failed(e);
  if (const auto e = jsonjit::serialize_to(first, out.single, options)) return failed(e);
  std::vector<feature_collection> list(static_cast<std::size_t>(n));
  for (feature_collection& value : list) {
    if (const auto e = jsonjit::deserialize_into(value, json, options)) return failed(e);
  }
  if (const auto e = jsonjit::serialize_to(list, out.list, options)) return failed(e);
  return true;
}

}  // namespace

bool run_typed(std::string_view json, int n, outputs& out, std::string& error) {
  return run_typed_with(jsonjit::engine::jit, json, n, out, error);
}

bool run_typed_interpreter(std::string_view json, int n, outputs& out, std::string& error) {
  return run_typed_with(jsonjit::engine::interpreter, json, n, out, error);
}

}  // namespace json_serde
