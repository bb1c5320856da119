// json-serde written with peer libraries' DOMs, for the report's json_serde group: the
// same program (tools/json-serde/main.cpp: file reading, MD5, output) with another engine
// (typed_peer_engines.cpp has their typed variants). Every engine must print the expected
// hashes, so each parses doubles exactly and writes them in their shortest round-trip form
// (shortest_writers.hpp).
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>
#include <simdjson.h>
#include <nlohmann/json.hpp>

#include <charconv>
#include <vector>

#include "../../tools/json-serde/engines.hpp"
#include "shortest_writers.hpp"
#include "typed_peers.hpp"

namespace json_serde {
namespace {

bool run_nlohmann(std::string_view json, int n, outputs& out, std::string& error) {
  nlohmann::ordered_json first = nlohmann::ordered_json::parse(json, nullptr, false);
  if (first.is_discarded()) {
    error = "invalid JSON";
    return false;
  }
  write_nlohmann(first, out.single);
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (int i = 0; i < n; ++i) list.push_back(nlohmann::ordered_json::parse(json, nullptr, false));
  write_nlohmann(list, out.list);
  return true;
}

bool run_rapidjson(std::string_view json, int n, outputs& out, std::string& error) {
  rapidjson::Document first;
  first.Parse<rapidjson_flags>(json.data(), json.size());
  if (first.HasParseError()) {
    error = "invalid JSON";
    return false;
  }
  rapidjson::StringBuffer single;
  shortest_writer w(single);
  first.Accept(w);
  out.single.assign(single.GetString(), single.GetSize());
  std::vector<rapidjson::Document> list(static_cast<std::size_t>(n));
  for (rapidjson::Document& doc : list) doc.Parse<rapidjson_flags>(json.data(), json.size());
  rapidjson::StringBuffer all;
  shortest_writer lw(all);
  lw.StartArray();
  for (const rapidjson::Document& doc : list) doc.Accept(lw);
  lw.EndArray();
  out.list.assign(all.GetString(), all.GetSize());
  return true;
}

// simdjson parses (it has no writer in Debian's version); RapidJSON's Writer writes.
void write_simdjson(simdjson::dom::element e, shortest_writer& w) {
  switch (e.type()) {
    case simdjson::dom::element_type::ARRAY:
      w.StartArray();
      for (simdjson::dom::element child : simdjson::dom::array(e)) write_simdjson(child, w);
      w.EndArray();
      break;
    case simdjson::dom::element_type::OBJECT:
      w.StartObject();
      for (simdjson::dom::key_value_pair member : simdjson::dom::object(e)) {
        w.Key(member.key.data(), static_cast<rapidjson::SizeType>(member.key.size()));
        write_simdjson(member.value, w);
      }
      w.EndObject();
      break;
    case simdjson::dom::element_type::INT64: w.Int64(std::int64_t(e)); break;
    case simdjson::dom::element_type::UINT64: w.Uint64(std::uint64_t(e)); break;
    case simdjson::dom::element_type::DOUBLE: w.Double(double(e)); break;
    case simdjson::dom::element_type::STRING: {
      const std::string_view s(e);
      w.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
      break;
    }
    case simdjson::dom::element_type::BOOL: w.Bool(bool(e)); break;
    case simdjson::dom::element_type::NULL_VALUE: w.Null(); break;
  }
}

bool run_simdjson(std::string_view json, int n, outputs& out, std::string& error) {
  const simdjson::padded_string padded(json);
  simdjson::dom::parser parser;
  simdjson::dom::element first;
  if (parser.parse(padded).get(first) != simdjson::SUCCESS) {
    error = "invalid JSON";
    return false;
  }
  rapidjson::StringBuffer single;
  shortest_writer w(single);
  write_simdjson(first, w);
  out.single.assign(single.GetString(), single.GetSize());
  std::vector<simdjson::dom::document> list(static_cast<std::size_t>(n));
  for (simdjson::dom::document& doc : list) {
    if (parser.parse_into_document(doc, padded).error() != simdjson::SUCCESS) return false;
  }
  rapidjson::StringBuffer all;
  shortest_writer lw(all);
  lw.StartArray();
  for (simdjson::dom::document& doc : list) write_simdjson(doc.root(), lw);
  lw.EndArray();
  out.list.assign(all.GetString(), all.GetSize());
  return true;
}

}  // namespace

std::span<const engine> engines() {
  static constexpr engine all[] = {
      {"jsonjit", "jsonjit::document", run_dom},
      {"nlohmann", "nlohmann::ordered_json (keeps member order)", run_nlohmann},
      {"rapidjson", "rapidjson::Document and Writer", run_rapidjson},
      {"simdjson", "simdjson DOM parser, RapidJSON Writer", run_simdjson},
      {"jsonjit-typed", "jsonjit::deserialize/serialize into GeoJSON structs, compiled", run_typed},
      {"jsonjit-typed-interp", "the same structs by jsonjit's interpreter", run_typed_interpreter},
      {"nlohmann-typed", "nlohmann::ordered_json with from_json/to_json of the structs", run_nlohmann_typed},
      {"boost-typed", "Boost.JSON value_to/value_from with Boost.Describe", run_boost_typed},
      {"simdjson-typed", "simdjson On-Demand into the structs, RapidJSON Writer", run_simdjson_typed},
  };
  return all;
}

}  // namespace json_serde
