// The JIT's first use in a fresh process, measured inside that process: run by the
// jit_first_use workload (compile_bench.cpp) once per iteration. Nothing here touches jsonjit
// before the measurement (the benchmark program itself serializes while registering its
// workloads, so it cannot measure this). Prints, in nanoseconds: the first serialize and
// deserialize of a one-member struct, then those of a second type of five members.
//   jsonjit_first_use automatic|interpreter
#include <jsonjit/jsonjit.hpp>

#include <chrono>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace {

struct first_type {
  int id;
};

struct second_type {
  std::string name;
  int count;
  double ratio;
  bool active;
  std::vector<int> values;
};

template <class T>
long long first_use_nanoseconds(const T& value, const jsonjit::serializer_options& options) {
  const auto start = std::chrono::steady_clock::now();
  std::string json;
  T back{};
  if (jsonjit::serialize_to(value, json, options) || jsonjit::deserialize_into(back, json, options)) return -1;
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  const std::string_view engine = argv[1];
  jsonjit::serializer_options options;
  options.engine(engine == "interpreter" ? jsonjit::engine::interpreter : jsonjit::engine::automatic);
  const long long first = first_use_nanoseconds(first_type{7}, options);
  const long long second = first_use_nanoseconds(second_type{"a", 1, 0.5, true, {1, 2}}, options);
  if (first < 0 || second < 0) return 1;
  std::printf("%lld %lld\n", first, second);
  return 0;
}
