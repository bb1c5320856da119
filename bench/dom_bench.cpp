// Documents side by side: parsing each corpus file into a DOM, and serializing a parsed DOM
// compactly, with jsonjit::document, simdjson (DOM), RapidJSON (Document), Boost.JSON and
// nlohmann::json. Names are group/file/engine, as the report groups them.
//
// Every parser converts numbers exactly (RapidJSON with kParseFullPrecisionFlag) and keeps
// 64-bit integers, and validates UTF-8 where it can (RapidJSON and nlohmann do not by default).
// Parsers that can reuse their memory do (jsonjit: document::assign; simdjson: its parser);
// `jsonjit_new_document` parses into a fresh document each time. Writers keep UTF-8 unescaped,
// like RapidJSON's Writer; `jsonjit_html_safe` is System.Text.Json's default escaping.
//
// Before timing, each contender's result must be the file's value (holds_corpus): a
// parser's DOM as its own writer writes it, a writer's output of the DOM its library parsed.
// Boost.JSON 1.81 reads some doubles one unit off (canada), so it is reported wrong there.
#include <benchmark/benchmark.h>

#include <jsonjit/document.hpp>
#include <jsonjit/output.hpp>
#include <jsonjit/writer.hpp>

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>
#include <simdjson.h>
#include <boost/json.hpp>
#include <nlohmann/json.hpp>

#include <string>

#include "corpus.hpp"
#include "main.hpp"

namespace jsonjit::bench {
namespace {

constexpr unsigned rapidjson_flags = rapidjson::kParseFullPrecisionFlag;

const simdjson::padded_string& padded(std::string_view file) {
  static std::map<std::string, simdjson::padded_string, std::less<>> cache;
  auto it = cache.find(file);
  if (it == cache.end()) it = cache.emplace(std::string(file), simdjson::padded_string(corpus(file))).first;
  return it->second;
}

/// A DOM written back as compact JSON: what is compared with the input before timing.
std::string written(const element& root) {
  memory_output out;
  writer w(out);
  root.write(w);
  return out.str();
}
std::string written(const rapidjson::Document& doc) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> w(buffer);
  doc.Accept(w);
  return {buffer.GetString(), buffer.GetSize()};
}

// --- parsing -------------------------------------------------------------------------------

/// Reports what a parsed DOM holds, per byte of its input (the report's Held/byte).
void set_held(benchmark::State& state, std::string_view file, std::size_t bytes) {
  state.counters["held/byte"] = static_cast<double>(bytes) / static_cast<double>(corpus(file).size());
}

/// What a simdjson DOM document of `capacity` holds: its tape and string buffer, as its
/// document::allocate sizes them (simdjson 3.0).
std::size_t simdjson_document_bytes(std::size_t capacity) {
  auto round_up = [](std::size_t n) { return (n + 63) / 64 * 64; };
  return 8 * round_up(capacity + 3) + round_up(5 * capacity / 3 + simdjson::SIMDJSON_PADDING);
}

void parse_jsonjit(benchmark::State& state, std::string_view file) {
  const std::string& json = corpus(file);
  document doc;
  if (doc.assign(json)) return state.SkipWithError("invalid input");
  if (!holds_corpus(state, file, written(doc.root()))) return;
  allocation_counter allocations(state);
  for (auto _ : state) {
    benchmark::DoNotOptimize(doc.assign(json));
    benchmark::ClobberMemory();
  }
  set_throughput(state, file);
  set_held(state, file, doc.memory_usage());
}

void parse_jsonjit_new_document(benchmark::State& state, std::string_view file) {
  const std::string& json = corpus(file);
  if (const auto first = document::parse(json); !first) {
    return state.SkipWithError("invalid input");
  } else if (!holds_corpus(state, file, written(first->root()))) {
    return;
  } else {
    set_held(state, file, first->memory_usage());
  }
  allocation_counter allocations(state);
  for (auto _ : state) {
    auto doc = document::parse(json);
    if (!doc) state.SkipWithError("invalid input");
    benchmark::DoNotOptimize(doc);
  }
  set_throughput(state, file);
}

void parse_simdjson(benchmark::State& state, std::string_view file) {
  const simdjson::padded_string& json = padded(file);
  simdjson::dom::parser parser;
  simdjson::dom::element first;
  if (parser.parse(json).get(first) != simdjson::SUCCESS) return state.SkipWithError("invalid input");
  if (!holds_corpus(state, file, simdjson::to_string(first))) return;
  allocation_counter allocations(state);
  for (auto _ : state) {
    simdjson::dom::element root;
    if (parser.parse(json).get(root) != simdjson::SUCCESS) state.SkipWithError("invalid input");
    benchmark::DoNotOptimize(root);
  }
  set_throughput(state, file);
  set_held(state, file, simdjson_document_bytes(parser.doc.capacity()));
}

void parse_rapidjson(benchmark::State& state, std::string_view file) {
  const std::string& json = corpus(file);
  {
    rapidjson::Document first;
    first.Parse<rapidjson_flags>(json.data(), json.size());
    if (first.HasParseError()) return state.SkipWithError("invalid input");
    if (!holds_corpus(state, file, written(first))) return;
  }
  allocation_counter allocations(state);
  std::size_t held = 0;
  for (auto _ : state) {
    rapidjson::Document doc;
    doc.Parse<rapidjson_flags>(json.data(), json.size());
    if (doc.HasParseError()) state.SkipWithError("invalid input");
    benchmark::DoNotOptimize(doc);
    held = doc.GetAllocator().Capacity();
  }
  set_throughput(state, file);
  set_held(state, file, held);
}

void parse_boost_json(benchmark::State& state, std::string_view file) {
  const std::string& json = corpus(file);
  boost::json::error_code first_error;
  const boost::json::value first = boost::json::parse(json, first_error);
  if (first_error) return state.SkipWithError("invalid input");
  if (!holds_corpus(state, file, boost::json::serialize(first))) return;
  allocation_counter allocations(state);
  for (auto _ : state) {
    boost::json::error_code ec;
    boost::json::value value = boost::json::parse(json, ec);
    if (ec) state.SkipWithError("invalid input");
    benchmark::DoNotOptimize(value);
  }
  set_throughput(state, file);
}

void parse_nlohmann(benchmark::State& state, std::string_view file) {
  const std::string& json = corpus(file);
  const nlohmann::json first = nlohmann::json::parse(json, nullptr, false);
  if (first.is_discarded()) return state.SkipWithError("invalid input");
  if (!holds_corpus(state, file, first.dump())) return;
  allocation_counter allocations(state);
  for (auto _ : state) {
    nlohmann::json value = nlohmann::json::parse(json, nullptr, false);
    if (value.is_discarded()) state.SkipWithError("invalid input");
    benchmark::DoNotOptimize(value);
  }
  set_throughput(state, file);
}

// --- serializing ---------------------------------------------------------------------------

void serialize_jsonjit(benchmark::State& state, std::string_view file, escape_mode escaping) {
  const auto doc = document::parse(corpus(file));
  if (!doc) return state.SkipWithError("invalid input");
  memory_output out(corpus(file).size() * 2);
  writer_options options;
  options.escaping = escaping;
  const auto write = [&] {
    out.clear();
    writer w(out, options);
    doc->root().write(w);
    return w.ok();
  };
  if (!write()) return state.SkipWithError("write failed");
  if (!holds_corpus(state, file, out.view())) return;
  allocation_counter allocations(state);
  for (auto _ : state) {
    if (!write()) state.SkipWithError("write failed");
    benchmark::DoNotOptimize(out.data());
  }
  set_throughput(state, file);
}

void serialize_simdjson(benchmark::State& state, std::string_view file) {
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  if (parser.parse(padded(file)).get(root) != simdjson::SUCCESS) return state.SkipWithError("invalid input");
  if (!holds_corpus(state, file, simdjson::to_string(root))) return;
  allocation_counter allocations(state);
  for (auto _ : state) {
    std::string text = simdjson::to_string(root);
    benchmark::DoNotOptimize(text.data());
  }
  set_throughput(state, file);
}

void serialize_rapidjson(benchmark::State& state, std::string_view file) {
  const std::string& json = corpus(file);
  rapidjson::Document doc;
  doc.Parse<rapidjson_flags>(json.data(), json.size());
  if (doc.HasParseError()) return state.SkipWithError("invalid input");
  if (!holds_corpus(state, file, written(doc))) return;
  rapidjson::StringBuffer buffer;
  allocation_counter allocations(state);
  for (auto _ : state) {
    buffer.Clear();
    rapidjson::Writer<rapidjson::StringBuffer> w(buffer);
    doc.Accept(w);
    benchmark::DoNotOptimize(buffer.GetString());
  }
  set_throughput(state, file);
}

void serialize_boost_json(benchmark::State& state, std::string_view file) {
  const boost::json::value value = boost::json::parse(corpus(file));
  if (!holds_corpus(state, file, boost::json::serialize(value))) return;
  allocation_counter allocations(state);
  for (auto _ : state) {
    std::string text = boost::json::serialize(value);
    benchmark::DoNotOptimize(text.data());
  }
  set_throughput(state, file);
}

void serialize_nlohmann(benchmark::State& state, std::string_view file) {
  const nlohmann::json value = nlohmann::json::parse(corpus(file));
  if (!holds_corpus(state, file, value.dump())) return;
  allocation_counter allocations(state);
  for (auto _ : state) {
    std::string text = value.dump();
    benchmark::DoNotOptimize(text.data());
  }
  set_throughput(state, file);
}

void register_all() {
  for (std::string_view file : corpus_names) {
    auto add = [file](std::string_view group, std::string_view engine, auto fn) {
      add_benchmark(group, file, engine, fn);
    };
    add("dom_parse", "jsonjit", parse_jsonjit);
    add("dom_parse", "jsonjit_new_document", parse_jsonjit_new_document);
    add("dom_parse", "simdjson", parse_simdjson);
    add("dom_parse", "rapidjson", parse_rapidjson);
    add("dom_parse", "boost_json", parse_boost_json);
    add("dom_parse", "nlohmann", parse_nlohmann);
    add("dom_serialize", "jsonjit",
        [](benchmark::State& s, std::string_view x) { serialize_jsonjit(s, x, escape_mode::relaxed); });
    add("dom_serialize", "jsonjit_html_safe",
        [](benchmark::State& s, std::string_view x) { serialize_jsonjit(s, x, escape_mode::html_safe); });
    add("dom_serialize", "simdjson", serialize_simdjson);
    add("dom_serialize", "rapidjson", serialize_rapidjson);
    add("dom_serialize", "boost_json", serialize_boost_json);
    add("dom_serialize", "nlohmann", serialize_nlohmann);
  }
}

const bool registered = (register_all(), true);

}  // namespace
}  // namespace jsonjit::bench
