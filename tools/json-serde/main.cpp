// json-serde, the Programming-Language-Benchmarks program (bench/algorithm/json-serde):
//   json-serde [--engine NAME] STEM N
// reads STEM.json, prints the MD5 of its compact re-serialization, then parses it N times into
// a list and prints the MD5 of the list serialized as one JSON array (lower-case hex, one per
// line). Exit status 0, or 1 for unreadable or invalid input, 2 for bad arguments.
#include <charconv>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <string_view>

#include "engines.hpp"
#include "md5.hpp"

namespace {

int usage() {
  std::fputs("usage: json-serde [--engine NAME] STEM N\n  engines:", stderr);
  for (const json_serde::engine& e : json_serde::engines()) {
    std::fprintf(stderr, " %.*s (%.*s)", static_cast<int>(e.name.size()), e.name.data(),
                 static_cast<int>(e.description.size()), e.description.data());
  }
  std::fputs("\n", stderr);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  const json_serde::engine* engine = &json_serde::engines()[0];
  int arg = 1;
  if (arg + 1 < argc && std::string_view(argv[arg]) == "--engine") {
    engine = nullptr;
    for (const json_serde::engine& e : json_serde::engines()) {
      if (e.name == argv[arg + 1]) engine = &e;
    }
    if (engine == nullptr) return usage();
    arg += 2;
  }
  if (argc - arg != 2) return usage();
  const std::string_view count_text = argv[arg + 1];
  int n = 0;
  const auto parsed = std::from_chars(count_text.data(), count_text.data() + count_text.size(), n);
  if (parsed.ec != std::errc{} || parsed.ptr != count_text.data() + count_text.size() || n < 0)
    return usage();

  const std::string path = std::string(argv[arg]) + ".json";
  std::ifstream file(path, std::ios::binary);
  std::ostringstream content;
  if (!file || !(content << file.rdbuf())) {
    std::fprintf(stderr, "json-serde: cannot read %s\n", path.c_str());
    return 1;
  }
  const std::string json = std::move(content).str();

  json_serde::outputs out;
  std::string error;
  if (!engine->run(json, n, out, error)) {
    std::fprintf(stderr, "json-serde: %s: %s\n", path.c_str(), error.c_str());
    return 1;
  }
  std::printf("%s\n%s\n", json_serde::md5_hex(out.single).c_str(), json_serde::md5_hex(out.list).c_str());
  return 0;
}
