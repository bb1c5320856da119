// A plugin, as a server loads one with dlopen: it links the shared libjsonjit.so, defines a type
// of its own, and serializes, deserializes and validates with the JIT (engine::jit refuses
// rather than falling back, so a plugin that got no code fails). The host calls
// jsonjit_plugin_run (plugin_host.cpp).
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include <jsonjit/jsonjit.hpp>
#include <jsonjit/schema.hpp>

namespace {

struct Reading {
  std::string sensor;
  double celsius = 0;
  std::vector<int> samples;
  bool calibrated = false;
};

constexpr const char* reading_schema = R"({
  "type": "object",
  "properties": {
    "sensor": {"type": "string", "minLength": 1},
    "celsius": {"type": "number", "minimum": -273.15},
    "samples": {"type": "array", "items": {"type": "integer"}},
    "calibrated": {"type": "boolean"}
  },
  "required": ["sensor", "celsius"]
})";

/// What the plugin did, as one line for the host to check ("error: ..." where a step failed).
std::string run() {
  jsonjit::serializer_options options;
  options.engine(jsonjit::engine::jit);
  const Reading reading{"probe-7", 21.5, {3, 1, 4}, true};
  auto json = jsonjit::try_serialize(reading, options);
  if (!json) return "error: serialize: " + to_string(json.error());
  auto back = jsonjit::try_deserialize<Reading>(*json, options);
  if (!back) return "error: deserialize: " + to_string(back.error());
  if (back->sensor != reading.sensor || back->samples != reading.samples || !back->calibrated) {
    return "error: read back differs";
  }
  jsonjit::schema_options schema_options;
  schema_options.engine = jsonjit::engine::jit;
  auto schema = jsonjit::schema::compile(reading_schema, schema_options);
  if (!schema) return "error: schema: " + to_string(schema.error());
  if (!schema->compiled()) return "error: the schema was not compiled";
  const bool valid = schema->validate(*json).valid();
  const bool rejects = !schema->validate(R"({"sensor":"","celsius":-300})").valid();
  return *json + (valid ? " valid" : " invalid") + (rejects ? " rejects" : " accepts");
}

}  // namespace

/// Writes what run() says into `out` (NUL-terminated, cut to `size`); returns its length.
extern "C" __attribute__((visibility("default"))) int jsonjit_plugin_run(char* out, int size) {
  const std::string said = run();
  const std::size_t n = std::min(said.size(), static_cast<std::size_t>(size) - 1);
  std::memcpy(out, said.data(), n);
  out[n] = '\0';
  return static_cast<int>(n);
}
