// lines_parse/statuses/...: corpus.hpp's JSON Lines of twitter statuses (about 200 MB; 2 MB in
// a quick run), in memory, each line parsed into a DOM and its "id" read: a jsonjit::lines_parser
// (kept from run to run) on one and two threads, and simdjson's parse_many (its fastest
// documented way through many documents: with its threads enabled, as Debian builds it, stage 1
// of the next batch runs on a thread of its own). Each contender must see every line and the
// ids' sum before it is timed; the times are wall-clock times.
#include <benchmark/benchmark.h>

#include <jsonjit/lines.hpp>

#include <simdjson.h>

#include <chrono>
#include <string>

#include "corpus.hpp"
#include "main.hpp"

namespace jsonjit::bench {
namespace {

struct tally {
  std::size_t lines = 0;
  std::int64_t id_sum = 0;
  bool failed = false;

  void add(std::int64_t id) {  // (wrapping, as the expected sum is made)
    id_sum = static_cast<std::int64_t>(static_cast<std::uint64_t>(id_sum) + static_cast<std::uint64_t>(id));
    ++lines;
  }
};

/// Whether a contender's tally is the input's: else the benchmark fails saying so.
bool right(benchmark::State& state, const tally& t) {
  const status_lines& lines = statuses_lines();
  if (!t.failed && t.lines == lines.lines && t.id_sum == lines.id_sum) return true;
  const std::string seen =
      "saw " + std::to_string(t.lines) + " lines, ids summing to " + std::to_string(t.id_sum);
  state.SkipWithError(seen.c_str());
  return false;
}

void set_lines_throughput(benchmark::State& state) {
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(statuses_lines().text.size()));
}

tally parse_jsonjit(lines_parser& parser) {
  tally t;
  parser.parse(statuses_lines().text, [&](const parsed_line& line) {
    const auto id = line.value().root()["id"].get_int64();
    t.failed |= !line || !id;
    t.add(id.value_or(0));
  });
  return t;
}

void lines_jsonjit(benchmark::State& state, unsigned threads) {
  lines_parser parser({.threads = threads});  // (kept, as simdjson's parser is: its documents reused)
  if (!right(state, parse_jsonjit(parser))) return;
  allocation_counter allocations(state);
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    benchmark::DoNotOptimize(parse_jsonjit(parser));
    state.SetIterationTime(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  set_lines_throughput(state);
}

tally parse_simdjson(simdjson::dom::parser& parser, const simdjson::padded_string& text) {
  tally t;
  simdjson::dom::document_stream stream;
  if (parser.parse_many(text).get(stream)) return {.failed = true};
  for (auto doc : stream) {
    std::int64_t id = 0;
    t.failed |= doc["id"].get_int64().get(id) != simdjson::SUCCESS;
    t.add(id);
  }
  return t;
}

void lines_simdjson(benchmark::State& state) {
  const simdjson::padded_string text(statuses_lines().text);
  simdjson::dom::parser parser;
  if (!right(state, parse_simdjson(parser, text))) return;
  allocation_counter allocations(state);
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    benchmark::DoNotOptimize(parse_simdjson(parser, text));
    state.SetIterationTime(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  set_lines_throughput(state);
}

void register_all() {
  auto add = [](const char* contender, auto fn) {
    register_benchmark(std::string("lines_parse/statuses/") + contender, fn)
        ->Unit(benchmark::kMillisecond)
        ->UseManualTime();
  };
  add("jsonjit_threads1", [](benchmark::State& state) { lines_jsonjit(state, 1); });
  add("jsonjit_threads2", [](benchmark::State& state) { lines_jsonjit(state, 2); });
  add("simdjson", lines_simdjson);
}

const bool registered = (register_all(), true);

}  // namespace
}  // namespace jsonjit::bench
