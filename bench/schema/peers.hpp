// The validators jsonjit's is compared with: valijson (parse with RapidJSON, then validate;
// draft-07), RapidJSON's SchemaValidator (validating while parsing; draft-04) and ajv (on
// node: JSON.parse, then the compiled validator; 2020-12). Each answers whether an instance is
// valid, and is timed the way its documentation says to use it fastest.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "peer_process.hpp"

namespace jsonjit::bench::schema {

class valijson_validator {
 public:
  explicit valijson_validator(std::string_view draft7_schema);
  ~valijson_validator();
  bool valid(std::string_view instance);

 private:
  struct state;
  std::unique_ptr<state> s_;
};

class rapidjson_validator {
 public:
  explicit rapidjson_validator(std::string_view draft4_schema);
  ~rapidjson_validator();
  /// `instance` must be followed by a NUL (a std::string's data()).
  bool valid(const std::string& instance);

 private:
  struct state;
  std::unique_ptr<state> s_;
};

/// Compile times of the peers, in seconds per compilation (`repeat` compilations).
double valijson_compile_seconds(std::string_view draft7_schema, int repeat);
double rapidjson_compile_seconds(std::string_view draft4_schema, int repeat);

/// ajv 8 in a node process of its own, kept running for the benchmark: it times itself (a
/// batch of operations per request), so that a pipe's round trip is not in the figures.
class ajv_process {
 public:
  /// Starts node on bench/schema/ajv_runner.mjs with the schema and the instances; `error`
  /// says why when it cannot (no node, ajv not installed).
  ajv_process(std::string_view schema, const std::vector<std::string>& instances, std::string& error);

  bool running() const noexcept { return node_ && node_->running(); }
  /// How many instances ajv finds valid.
  std::size_t count_valid();
  /// Seconds for `batch` operations (each: every instance parsed and validated).
  double run(std::uint64_t batch);
  /// Seconds per compilation, over `repeat` compilations (by one Ajv instance, its compiled
  /// schemas dropped before each).
  double compile(std::uint64_t repeat);

 private:
  std::unique_ptr<temporary_file> schema_, instances_;
  std::unique_ptr<peer_process> node_;
};

}  // namespace jsonjit::bench::schema
