// JSONPath queries side by side (RFC 9535), from the text to the selected values. Names are
// query/FILE_KIND/contender, over the corpus files:
// - names: a path of names and wildcards; descendant: $..name; filter: a comparison of two
//   members per candidate; function: $..[?length(@) > 20]; slice: a slice (negative steps
//   on twitter); pointer: a singular query (names and indexes only).
// Contenders: jsonjit (the text parsed into a document it keeps, then the query selects from
// it: both in the time); jsonjit_text (a path_selector over the text: the values' own bytes,
// their paths on demand; the query's native code where the JIT compiles it: names, descendant,
// pointer);
// jsonjit_text_interpreter (the same without the JIT: the one-pass stream engine);
// jsonjit_text_first (the pointer workloads: path_selector::select_first, which stops reading
// at the value as simdjson's at_pointer does); token_pass (jsonjit's reader reading every token of the same text:
// the floor a query that reads the text cannot go below); simdjson (On-Demand's at_pointer:
// the pointer workloads); jq 1.6 (`jq -c PROGRAM FILE`: a process per run, the figure
// end to end); json_p3 and jsonpath_rfc9535 on node (JSON.parse, then the query; timed by node).
// Every contender's values are checked against jsonjit's before it is timed.
//
// query_compile/FILE_KIND/jsonjit: json_path::compile of each query.
// query_lines/statuses_query|statuses_validate/...: a JSON Lines file of twitter's statuses
// (about 200 MB; 2 MB in a quick run) through the CLI: `jsonjit query --lines` on one and two
// threads and jq over the same file; `jsonjit check --lines` of each status, and `jsonjit
// validate --lines` of each status against bench/schema's twitter schema, on one and two threads.
#include <benchmark/benchmark.h>

#include <jsonjit/io.hpp>
#include <jsonjit/path.hpp>
#include <jsonjit/pointer.hpp>
#include <jsonjit/reader.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "corpus.hpp"
#include "main.hpp"
#include "peer_process.hpp"
#include "query/simdjson_pointer.hpp"

namespace jsonjit::bench {
namespace {

struct query_workload {
  std::string_view file, kind;
  std::string_view query;  // JSONPath
  std::string_view jq;     // the jq program selecting the same values in the same order
  std::string_view pointer = {};  // pointer workloads: the same place as a JSON Pointer
};

// $..[?length(@) > 20] in jq: the children of every array and object, in order, whose length
// (strings in code points) is above 20.
constexpr std::string_view longer_than_20_jq =
    "..|select(type == \"object\" or type == \"array\")|.[]|"
    "select((type == \"string\" or type == \"array\" or type == \"object\") and length > 20)";

// twitter.json's statuses are all in Japanese or Chinese: the filter asks for 'ja'.
constexpr query_workload workloads[] = {
    {"twitter", "names", "$.statuses[*].user.screen_name", ".statuses[].user.screen_name"},
    {"twitter", "descendant", "$..id", "..|objects|select(has(\"id\")).id"},
    {"twitter", "filter", "$.statuses[?@.retweet_count > 10 && @.lang == 'ja'].id",
     ".statuses[]|select(.retweet_count > 10 and .lang == \"ja\").id"},
    {"twitter", "function", "$..[?length(@) > 20]", longer_than_20_jq},
    {"twitter", "slice", "$.statuses[::-7].id", ".statuses as $s|range($s|length - 1; -1; -7) as $i|$s[$i].id"},
    {"twitter", "pointer", "$.statuses[50].user.screen_name", ".statuses[50].user.screen_name",
     "/statuses/50/user/screen_name"},
    {"citm_catalog", "names", "$.performances[*].seatCategories[*].areas[*].areaId",
     ".performances[].seatCategories[].areas[].areaId"},
    {"citm_catalog", "descendant", "$..id", "..|objects|select(has(\"id\")).id"},
    {"citm_catalog", "filter", "$.performances[?@.eventId > 339420000 && @.venueCode == 'PLEYEL_PLEYEL'].id",
     ".performances[]|select(.eventId > 339420000 and .venueCode == \"PLEYEL_PLEYEL\").id"},
    {"citm_catalog", "function", "$..[?length(@) > 20]", longer_than_20_jq},
    {"citm_catalog", "slice", "$.performances[-10:].start", ".performances[-10:][].start"},
    {"citm_catalog", "pointer", "$.events['138586341'].name", ".events[\"138586341\"].name",
     "/events/138586341/name"},
    {"canada", "names", "$.features[*].geometry.type", ".features[].geometry.type"},
    {"canada", "descendant", "$..type", "..|objects|select(has(\"type\")).type"},
    {"canada", "filter", "$.features[*].geometry.coordinates[*][?@[0] < -140 && @[1] > 60][0]",
     ".features[].geometry.coordinates[][]|select(type == \"array\" and .[0] < -140 and .[1] > 60)|.[0]"},
    {"canada", "function", "$..[?length(@) > 20]", longer_than_20_jq},
    {"canada", "slice", "$.features[0].geometry.coordinates[0][::-97]",
     ".features[0].geometry.coordinates[0] as $s|range($s|length - 1; -1; -97) as $i|$s[$i]"},
    {"canada", "pointer", "$.features[0].geometry.coordinates[10][3][1]", ".features[0].geometry.coordinates[10][3][1]",
     "/features/0/geometry/coordinates/10/3/1"},
};

std::string name_of(const query_workload& w) { return std::string(w.file) + "_" + std::string(w.kind); }

/// What jsonjit selects (over a node: the reference the contenders are checked against).
const std::vector<node>& expected(const query_workload& w) {
  static std::map<const query_workload*, std::vector<node>> cache;
  auto it = cache.find(&w);
  if (it != cache.end()) return it->second;
  const node root = node::parse(corpus(w.file)).value();
  std::vector<node> values;
  const node_ref_list selected = json_path::compile(w.query)->select(root).value();
  for (const node* v : selected) values.push_back(*v);
  return cache.emplace(&w, std::move(values)).first->second;
}

/// The values' JSON, each value read and written again (numbers by value), sorted.
std::vector<std::string> sorted_texts(const std::vector<node>& values) {
  std::vector<std::string> texts;
  for (const node& v : values) texts.push_back(v.to_json().value());
  std::sort(texts.begin(), texts.end());
  return texts;
}

/// Whether `values` (JSON texts) are the expected values, in order; else the benchmark fails
/// saying where they differ. A descendant segment's order is the RFC's only in part (each
/// node before its descendants, arrays in order): there, the same values in another order
/// pass too.
bool check_values(benchmark::State& state, const query_workload& w, const std::vector<std::string_view>& values) {
  const std::vector<node>& want = expected(w);
  if (want.empty()) {
    state.SkipWithError("the query selects nothing");
    return false;
  }
  if (values.size() != want.size()) {
    state.SkipWithError(("selected " + std::to_string(values.size()) + " values, not " + std::to_string(want.size())).c_str());
    return false;
  }
  std::vector<node> got;
  for (const std::string_view text : values) {
    auto value = node::parse(text);
    if (!value) {
      state.SkipWithError(("not JSON: " + std::string(text.substr(0, 100))).c_str());
      return false;
    }
    got.push_back(std::move(*value));
  }
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (got[i] == want[i]) continue;
    if (w.query.find("..") != std::string_view::npos && sorted_texts(got) == sorted_texts(want)) return true;
    state.SkipWithError(("value " + std::to_string(i) + " is " + std::string(values[i].substr(0, 100))).c_str());
    return false;
  }
  return true;
}

/// The lines of `text` (jq's output), without empty ones.
std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    if (end > 0) lines.push_back(text.substr(0, end));
    text.remove_prefix(std::min(end + 1, text.size()));
  }
  return lines;
}

void query_jsonjit(benchmark::State& state, const query_workload& w) {
  const std::string& text = corpus(w.file);
  const json_path query = json_path::compile(w.query).value();
  document doc;
  std::vector<std::string> written;
  if (doc.assign(text)) return state.SkipWithError("the corpus file does not parse");
  const node_list selected = query.select(doc.root()).value();
  for (const element& e : selected) written.push_back(e.to_json().value());
  if (!check_values(state, w, {written.begin(), written.end()})) return;
  allocation_counter allocations(state);
  for (auto _ : state) {
    benchmark::DoNotOptimize(doc.assign(text));
    benchmark::DoNotOptimize(query.select(doc.root()));
  }
  set_throughput(state, w.file);
}

void query_jsonjit_text(benchmark::State& state, const query_workload& w, engine e) {
  const std::string& text = corpus(w.file);
  path_selector selector(json_path::compile(w.query, {.engine = e}).value());
  std::vector<std::string_view> raw;
  if (selector.select(text, [&](const path_match& m) { raw.push_back(m.json()); })) {
    return state.SkipWithError("the corpus file does not parse");
  }
  if (!check_values(state, w, raw)) return;
  allocation_counter allocations(state);
  for (auto _ : state) {
    std::size_t bytes = 0;
    benchmark::DoNotOptimize(selector.select(text, [&](const path_match& m) { bytes += m.json().size(); }));
    benchmark::DoNotOptimize(bytes);
  }
  set_throughput(state, w.file);
}

/// The pointer workloads as On-Demand's at_pointer answers them: the first value selected, the
/// text after it not read (path_selector::select_first).
void query_jsonjit_text_first(benchmark::State& state, const query_workload& w) {
  const std::string& text = corpus(w.file);
  path_selector selector(json_path::compile(w.query).value());
  const auto first = selector.select_first(text);
  if (!first || !first->has_value()) return state.SkipWithError("nothing selected");
  if (!check_values(state, w, {(*first)->json()})) return;
  allocation_counter allocations(state);
  for (auto _ : state) benchmark::DoNotOptimize(selector.select_first(text));
  set_throughput(state, w.file);
}

void query_token_pass(benchmark::State& state, const query_workload& w) {
  const std::string& text = corpus(w.file);
  allocation_counter allocations(state);
  for (auto _ : state) {
    reader r(text);
    std::size_t tokens = 0;
    while (r.read()) ++tokens;
    if (r.error()) return state.SkipWithError("the corpus file does not read");
    benchmark::DoNotOptimize(tokens);
  }
  set_throughput(state, w.file);
}

void query_simdjson(benchmark::State& state, const query_workload& w) {
  simdjson_pointer simdjson(corpus(w.file));
  if (!check_values(state, w, {simdjson.find(w.pointer)})) return;
  allocation_counter allocations(state);
  for (auto _ : state) benchmark::DoNotOptimize(simdjson.find(w.pointer));
  set_throughput(state, w.file);
}

/// The corpus file in /tmp for the peers that read files (one per file, kept for the run).
const std::string& corpus_file(std::string_view name) {
  static std::map<std::string, std::unique_ptr<temporary_file>, std::less<>> files;
  auto it = files.find(name);
  if (it == files.end()) it = files.emplace(std::string(name), std::make_unique<temporary_file>(corpus(name))).first;
  return it->second->path();
}

void query_jq(benchmark::State& state, const query_workload& w) {
  const std::vector<std::string> argv{"jq", "-c", std::string(w.jq), corpus_file(w.file)};
  std::string out;
  if (!run_command(argv, out)) return state.SkipWithError(out.c_str());
  if (!check_values(state, w, lines_of(out))) return;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    if (!run_command(argv, out)) return state.SkipWithError(out.c_str());
    state.SetIterationTime(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  set_throughput(state, w.file);
}

void query_node_peer(benchmark::State& state, const query_workload& w, const char* library) {
  const std::filesystem::path bench = bench_source_dir();
  if (!std::filesystem::exists(bench / "node_modules" / library / "package.json")) {
    return state.SkipWithError((std::string(library) + " is not installed in bench/node_modules (scripts/install-deps.sh installs it)").c_str());
  }
  const temporary_file query_file(w.query);
  std::string error;
  peer_process peer({"node", (bench / "query" / "jsonpath_runner.mjs").string(), library, corpus_file(w.file), query_file.path()},
                    error);
  if (!peer.running()) return state.SkipWithError(error.c_str());
  const auto values = node::parse(peer.request("check"));
  if (!values || !values->is_array()) return state.SkipWithError("no values from node");
  std::vector<std::string> written;
  for (const node& v : values->elements()) written.push_back(v.to_json().value());
  if (!check_values(state, w, {written.begin(), written.end()})) return;
  auto run = [&](std::uint64_t n) { return std::strtod(peer.request("run " + std::to_string(n)).c_str(), nullptr) * 1e-9; };
  // Batches of about a millisecond, timed by node itself (manual time per operation).
  const auto batch = static_cast<std::uint64_t>(std::max(1.0, 1e-3 / std::max(run(1), 1e-7)));
  for (auto _ : state) state.SetIterationTime(run(batch) / static_cast<double>(batch));
  set_throughput(state, w.file);
}

void compile_jsonjit(benchmark::State& state, const query_workload& w) {
  if (!json_path::compile(w.query)) return state.SkipWithError("the query does not compile");
  allocation_counter allocations(state);
  for (auto _ : state) benchmark::DoNotOptimize(json_path::compile(w.query));
}

// --- JSON Lines --------------------------------------------------------------------------------

constexpr std::string_view lines_query = "$.user.screen_name";

/// corpus.hpp's statuses lines in a file, and what the query selects from each line, in order.
struct lines_file {
  std::unique_ptr<temporary_file> file;
  std::vector<node> selected;
};

const lines_file& statuses_lines_file() {
  static const lines_file lines = [] {
    const status_lines& text = statuses_lines();
    const node twitter = node::parse(corpus("twitter")).value();
    const json_path query = json_path::compile(lines_query).value();
    lines_file made;
    for (std::size_t copy = 0; copy < text.copies; ++copy) {
      for (const node& status : twitter["statuses"].elements()) {  // (the query does not select the id)
        const node_ref_list selected = query.select(status).value();
        for (const node* v : selected) made.selected.push_back(*v);
      }
    }
    made.file = std::make_unique<temporary_file>(text.text);
    return made;
  }();
  return lines;
}

/// The schema of one status: bench/schema's twitter schema with its root asking for a status.
const temporary_file& status_schema() {
  static std::unique_ptr<temporary_file> file = [] {
    const std::filesystem::path path = std::filesystem::path(bench_source_dir()) / "schema" / "schemas" / "twitter.json";
    file_input in(path);
    node schema = node::parse(in).value();
    for (const char* keyword : {"type", "required", "properties"}) schema.erase(keyword);
    schema.set("$ref", node("#/$defs/status"));
    return std::make_unique<temporary_file>(schema.to_json().value());
  }();
  return *file;
}

/// Runs a command over the lines file, timed from start to exit; its output checked first (a
/// query's values, a validation's silence: every status is valid).
void lines_command(benchmark::State& state, const std::vector<std::string>& argv, bool is_query) {
  const lines_file& lines = statuses_lines_file();
  std::string out;
  if (!run_command(argv, out)) return state.SkipWithError(out.c_str());
  if (is_query) {
    const std::vector<std::string_view> got = lines_of(out);
    bool same = got.size() == lines.selected.size();
    for (std::size_t i = 0; same && i < got.size(); ++i) {
      const auto value = node::parse(got[i]);
      same = value && *value == lines.selected[i];
    }
    if (!same) return state.SkipWithError("not the values the query selects from each line");
  } else if (!out.empty()) {
    return state.SkipWithError(("statuses reported invalid: " + out.substr(0, 200)).c_str());
  }
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    if (!run_command(argv, out)) return state.SkipWithError(out.c_str());
    state.SetIterationTime(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * std::filesystem::file_size(lines.file->path())));
}

void register_all() {
  for (const query_workload& w : workloads) {
    const std::string workload = name_of(w);
    auto add = [&](const char* group, const char* contender, auto fn, bool manual_time = false) {
      auto* b = register_benchmark(std::string(group) + "/" + workload + "/" + contender,
                                   [&w, fn](benchmark::State& state) { fn(state, w); });
      b->Unit(benchmark::kMicrosecond);
      if (manual_time) b->UseManualTime();
    };
    add("query", "jsonjit", query_jsonjit);
    add("query", "jsonjit_text", [](benchmark::State& s, const query_workload& q) { query_jsonjit_text(s, q, engine::automatic); });
    add("query", "jsonjit_text_interpreter",
        [](benchmark::State& s, const query_workload& q) { query_jsonjit_text(s, q, engine::interpreter); });
    add("query", "token_pass", query_token_pass);
    if (!w.pointer.empty()) add("query", "jsonjit_text_first", query_jsonjit_text_first);
    if (!w.pointer.empty()) add("query", "simdjson", query_simdjson);
    add("query", "jq", query_jq, true);
    add("query", "json_p3", [](benchmark::State& s, const query_workload& q) { query_node_peer(s, q, "json-p3"); }, true);
    add("query", "jsonpath_rfc9535",
        [](benchmark::State& s, const query_workload& q) { query_node_peer(s, q, "jsonpath-rfc9535"); }, true);
    add("query_compile", "jsonjit", compile_jsonjit);
  }
#ifdef JSONJIT_BENCH_CLI
  auto add_lines = [](const char* workload, const char* contender, std::vector<std::string> (*argv)(const std::string& file)) {
    const bool is_query = std::string_view(workload) == "statuses_query";
    register_benchmark(std::string("query_lines/") + workload + "/" + contender, [argv, is_query](benchmark::State& state) {
      lines_command(state, argv(statuses_lines_file().file->path()), is_query);
    })->Unit(benchmark::kMillisecond)->UseManualTime();
  };
  using args = std::vector<std::string>;
  add_lines("statuses_query", "jsonjit_jobs1", [](const std::string& f) { return args{JSONJIT_BENCH_CLI, "query", "--lines", "--jobs", "1", std::string(lines_query), f}; });
  add_lines("statuses_query", "jsonjit_jobs2", [](const std::string& f) { return args{JSONJIT_BENCH_CLI, "query", "--lines", "--jobs", "2", std::string(lines_query), f}; });
  add_lines("statuses_query", "jq", [](const std::string& f) { return args{"jq", "-c", ".user.screen_name", f}; });
  add_lines("statuses_check", "jsonjit_jobs1", [](const std::string& f) {
    return args{JSONJIT_BENCH_CLI, "check", "--lines", "--jobs", "1", f};
  });
  add_lines("statuses_check", "jsonjit_jobs2", [](const std::string& f) {
    return args{JSONJIT_BENCH_CLI, "check", "--lines", "--jobs", "2", f};
  });
  add_lines("statuses_validate", "jsonjit_jobs1", [](const std::string& f) { return args{JSONJIT_BENCH_CLI, "validate", "--lines", "--jobs", "1", status_schema().path(), f}; });
  add_lines("statuses_validate", "jsonjit_jobs2", [](const std::string& f) { return args{JSONJIT_BENCH_CLI, "validate", "--lines", "--jobs", "2", status_schema().path(), f}; });
#endif
}

const bool registered = (register_all(), true);

}  // namespace
}  // namespace jsonjit::bench
