// JSON Schema validation side by side (issue 17): each workload's instances validated end to
// end, bytes to verdict, by jsonjit and its peers, after every contender has been checked to
// find every instance valid; our reader's plain token pass over the same bytes is the floor.
// And each schema's compile time.
#include <string>
#include <utility>

#include <jsonjit/reader.hpp>
#include <jsonjit/schema.hpp>

#include "main.hpp"
#include "schema/peers.hpp"
#include "schema/workloads.hpp"

namespace jsonjit::bench::schema {
namespace {

/// Fails the benchmark unless `valid` of every instance is true.
template <class Valid>
bool all_valid(benchmark::State& state, const schema_workload& w, Valid valid) {
  std::size_t rejected = 0;
  for (const std::string& instance : w.instances) rejected += !valid(instance);
  if (rejected == 0) return true;
  state.SkipWithError((std::to_string(rejected) + " of " + std::to_string(w.instances.size()) +
                       " valid instances rejected")
                          .c_str());
  return false;
}

template <class Valid>
void timed(benchmark::State& state, const schema_workload& w, Valid valid) {
  if (!all_valid(state, w, valid)) return;
  allocation_counter allocations(state);
  for (auto _ : state) {
    for (const std::string& instance : w.instances) benchmark::DoNotOptimize(valid(instance));
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * w.bytes));
}

jsonjit::schema_options on(jsonjit::engine e) {
  jsonjit::schema_options options;
  options.engine = e;
  return options;
}

void add_validation(const schema_workload& w) {
  const std::string prefix = "schema_validate/" + w.name + "/";
  // jsonjit's automatic engine (the JIT where it compiles the schema and expects to be
  // faster), the JIT itself, and the interpreter.
  for (const auto& [contender, engine] : {std::pair{"jsonjit", jsonjit::engine::automatic},
                                          std::pair{"jsonjit_jit", jsonjit::engine::jit},
                                          std::pair{"jsonjit_interp", jsonjit::engine::interpreter}}) {
    register_benchmark(prefix + contender, [&w, engine](benchmark::State& state) {
      const result<jsonjit::schema, parse_error> s = jsonjit::schema::compile(w.schema, on(engine));
      if (!s) return state.SkipWithError(to_string(s.error()).c_str());
      timed(state, w, [&](const std::string& instance) { return s->validate(instance).valid(); });
    })->Unit(benchmark::kMicrosecond);
  }
  register_benchmark(prefix + "jsonjit_tokens", [&w](benchmark::State& state) {
    // Not a validator: the token pass validation fuses with, over the same bytes.
    timed(state, w, [](const std::string& instance) {
      reader r(instance);
      while (r.read()) {
      }
      return !r.error();
    });
  })->Unit(benchmark::kMicrosecond);
  if (w.draft7_equivalent) {
    register_benchmark(prefix + "valijson", [&w](benchmark::State& state) {
      valijson_validator v(schema_for_draft(w.schema, 7));
      timed(state, w, [&](const std::string& instance) { return v.valid(instance); });
    })->Unit(benchmark::kMicrosecond);
    register_benchmark(prefix + "rapidjson", [&w](benchmark::State& state) {
      rapidjson_validator v(schema_for_draft(w.schema, 4));
      timed(state, w, [&](const std::string& instance) { return v.valid(instance); });
    })->Unit(benchmark::kMicrosecond);
  }
  register_benchmark(prefix + "ajv", [&w](benchmark::State& state) {
    std::string error;
    ajv_process ajv(w.schema, w.instances, error);
    if (!ajv.running()) return state.SkipWithError(error.c_str());
    if (const std::size_t valid = ajv.count_valid(); valid != w.instances.size()) {
      return state.SkipWithError(("ajv found " + std::to_string(valid) + " of " +
                                  std::to_string(w.instances.size()) + " valid instances valid").c_str());
    }
    // Batches of about a millisecond, timed by node itself (manual time per operation).
    const double one = std::max(ajv.run(1), 1e-7);
    const auto batch = static_cast<std::uint64_t>(std::max(1.0, 1e-3 / one));
    for (auto _ : state) state.SetIterationTime(ajv.run(batch) / static_cast<double>(batch));
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * w.bytes));
  })->Unit(benchmark::kMicrosecond)->UseManualTime();
}

void add_compilation(const schema_workload& w) {
  const std::string prefix = "schema_compile/" + w.name + "/";
  for (const auto& [contender, engine] : {std::pair{"jsonjit", jsonjit::engine::automatic},
                                          std::pair{"jsonjit_interp", jsonjit::engine::interpreter}}) {
    register_benchmark(prefix + contender, [&w, options = on(engine)](benchmark::State& state) {
      if (!jsonjit::schema::compile(w.schema, options)) return state.SkipWithError("the schema does not compile");
      allocation_counter allocations(state);
      for (auto _ : state) benchmark::DoNotOptimize(jsonjit::schema::compile(w.schema, options));
      state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * w.schema.size()));
    })->Unit(benchmark::kMicrosecond);
  }
  if (w.draft7_equivalent) {
    const std::string draft7 = schema_for_draft(w.schema, 7), draft4 = schema_for_draft(w.schema, 4);
    register_benchmark(prefix + "valijson", [draft7](benchmark::State& state) {
      for (auto _ : state) state.SetIterationTime(valijson_compile_seconds(draft7, 1));
    })->Unit(benchmark::kMicrosecond)->UseManualTime();
    register_benchmark(prefix + "rapidjson", [draft4](benchmark::State& state) {
      for (auto _ : state) state.SetIterationTime(rapidjson_compile_seconds(draft4, 1));
    })->Unit(benchmark::kMicrosecond)->UseManualTime();
  }
  register_benchmark(prefix + "ajv", [&w](benchmark::State& state) {
    std::string error;
    ajv_process ajv(w.schema, {}, error);
    if (!ajv.running()) return state.SkipWithError(error.c_str());
    for (auto _ : state) state.SetIterationTime(ajv.compile(1));
  })->Unit(benchmark::kMicrosecond)->UseManualTime();
}

void register_all() {
  for (const schema_workload& w : schema_workloads()) add_validation(w);
  for (const schema_workload& w : schema_workloads()) add_compilation(w);
}

const bool registered = (register_all(), true);

}  // namespace
}  // namespace jsonjit::bench::schema
