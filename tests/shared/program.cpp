// A program linked against the shared libjsonjit.so: the JIT compiles its types (the code and
// the assembler live in the library), and the library says which version it is.
#include <cstdio>
#include <string>

#include <jsonjit/jsonjit.hpp>

struct Point {
  int x = 0;
  int y = 0;
  std::string label;
};

int main() {
  jsonjit::serializer_options options;
  options.engine(jsonjit::engine::jit);
  const auto json = jsonjit::try_serialize(Point{3, -4, "p"}, options);
  if (!json) {
    std::printf("serialize: %s\n", to_string(json.error()).c_str());
    return 1;
  }
  const auto back = jsonjit::try_deserialize<Point>(*json, options);
  if (!back || back->y != -4 || back->label != "p") return 1;
  if (jsonjit::jit_stats().functions < 2) return 1;  // a writer and a reader
  std::printf("%s %s\n", json->c_str(), jsonjit::version_string());
  return 0;
}
