#include <cstdlib>
#include <filesystem>

#include <jsonjit/output.hpp>
#include <jsonjit/writer.hpp>

#include "schema/peers.hpp"

namespace jsonjit::bench::schema {
namespace {

/// The instances as a JSON array of strings: node reads each text exactly as it is.
std::string as_json_array(const std::vector<std::string>& instances) {
  memory_output out;
  writer_options options;
  options.escaping = escape_mode::relaxed;
  writer w(out, options);
  w.start_array();
  for (const std::string& text : instances) w.string_value(text);
  w.end_array();
  w.flush();
  return out.str();
}

}  // namespace

ajv_process::ajv_process(std::string_view schema, const std::vector<std::string>& instances, std::string& error) {
  const std::filesystem::path bench = bench_source_dir();
  if (!std::filesystem::exists(bench / "node_modules" / "ajv" / "package.json")) {
    error = "ajv is not installed in bench/node_modules (scripts/install-deps.sh installs it)";
    return;
  }
  schema_ = std::make_unique<temporary_file>(schema);
  instances_ = std::make_unique<temporary_file>(as_json_array(instances));
  if (schema_->path().empty() || instances_->path().empty()) {
    error = "cannot write the schema and instances for node";
    return;
  }
  node_ = std::make_unique<peer_process>(
      std::vector<std::string>{"node", (bench / "schema" / "ajv_runner.mjs").string(), schema_->path(), instances_->path()},
      error);
}

std::size_t ajv_process::count_valid() { return std::strtoull(node_->request("check").c_str(), nullptr, 10); }

double ajv_process::run(std::uint64_t batch) {
  return std::strtod(node_->request("run " + std::to_string(batch)).c_str(), nullptr) * 1e-9;
}

double ajv_process::compile(std::uint64_t repeat) {
  return std::strtod(node_->request("compile " + std::to_string(repeat)).c_str(), nullptr) * 1e-9 /
         static_cast<double>(repeat);
}

}  // namespace jsonjit::bench::schema
