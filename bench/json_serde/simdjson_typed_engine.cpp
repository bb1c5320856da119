// json-serde's typed variant with simdjson: On-Demand reading into the GeoJSON structs (the
// members as they come, matched by name), written by RapidJSON's Writer (simdjson has no writer
// in Debian's version) with doubles in their shortest round-trip form. Built for this machine
// (bench/CMakeLists.txt): On-Demand has no run-time dispatch.
#include <simdjson.h>

#include <vector>

#include "../../tools/json-serde/geojson.hpp"
#include "shortest_writers.hpp"
#include "typed_peers.hpp"

namespace json_serde {
namespace {

using geojson::feature_collection;

simdjson::error_code read(simdjson::ondemand::value v, std::string& s) {
  std::string_view text;
  if (const auto e = v.get_string().get(text)) return e;
  s.assign(text);
  return simdjson::SUCCESS;
}
simdjson::error_code read(simdjson::ondemand::value v, double& d) { return v.get_double().get(d); }
simdjson::error_code read(simdjson::ondemand::value v, geojson::feature_properties& p);
simdjson::error_code read(simdjson::ondemand::value v, geojson::polygon& g);
simdjson::error_code read(simdjson::ondemand::value v, geojson::feature& f);
simdjson::error_code read(simdjson::ondemand::value v, feature_collection& c);
template <class T>
simdjson::error_code read(simdjson::ondemand::value v, std::vector<T>& list) {
  simdjson::ondemand::array a;
  if (const auto e = v.get_array().get(a)) return e;
  list.clear();
  for (auto element : a) {
    simdjson::ondemand::value value;
    if (const auto e = element.get(value)) return e;
    if (const auto e = read(value, list.emplace_back())) return e;
  }
  return simdjson::SUCCESS;
}
/// An object's members by name: `member(key, value)` reads the ones it knows.
template <class Member>
simdjson::error_code read_object(simdjson::ondemand::value v, Member member) {
  simdjson::ondemand::object o;
  if (const auto e = v.get_object().get(o)) return e;
  for (auto field : o) {
    std::string_view key;
    if (const auto e = field.unescaped_key().get(key)) return e;
    simdjson::ondemand::value value;
    if (const auto e = field.value().get(value)) return e;
    if (const auto e = member(key, value)) return e;
  }
  return simdjson::SUCCESS;
}
simdjson::error_code read(simdjson::ondemand::value v, geojson::feature_properties& p) {
  return read_object(v, [&](std::string_view key, simdjson::ondemand::value value) {
    return key == "name" ? read(value, p.name) : simdjson::SUCCESS;
  });
}
simdjson::error_code read(simdjson::ondemand::value v, geojson::polygon& g) {
  return read_object(v, [&](std::string_view key, simdjson::ondemand::value value) {
    if (key == "type") return read(value, g.type);
    if (key == "coordinates") return read(value, g.coordinates);
    return simdjson::SUCCESS;
  });
}
simdjson::error_code read(simdjson::ondemand::value v, geojson::feature& f) {
  return read_object(v, [&](std::string_view key, simdjson::ondemand::value value) {
    if (key == "type") return read(value, f.type);
    if (key == "properties") return read(value, f.properties);
    if (key == "geometry") return read(value, f.geometry);
    return simdjson::SUCCESS;
  });
}
simdjson::error_code read(simdjson::ondemand::value v, feature_collection& c) {
  return read_object(v, [&](std::string_view key, simdjson::ondemand::value value) {
    if (key == "type") return read(value, c.type);
    if (key == "features") return read(value, c.features);
    return simdjson::SUCCESS;
  });
}

void write(shortest_writer& w, const std::string& s) { w.String(s.data(), static_cast<rapidjson::SizeType>(s.size())); }
void write(shortest_writer& w, double d) { w.Double(d); }
void write(shortest_writer& w, const geojson::feature& f);
void write(shortest_writer& w, const geojson::polygon& g);
void write(shortest_writer& w, const geojson::feature_properties& p);
void write(shortest_writer& w, const feature_collection& c);
template <class T>
void write(shortest_writer& w, const std::vector<T>& list) {
  w.StartArray();
  for (const T& element : list) write(w, element);
  w.EndArray();
}
void write(shortest_writer& w, const geojson::feature_properties& p) {
  w.StartObject();
  w.Key("name");
  write(w, p.name);
  w.EndObject();
}
void write(shortest_writer& w, const geojson::polygon& g) {
  w.StartObject();
  w.Key("type");
  write(w, g.type);
  w.Key("coordinates");
  write(w, g.coordinates);
  w.EndObject();
}
void write(shortest_writer& w, const geojson::feature& f) {
  w.StartObject();
  w.Key("type");
  write(w, f.type);
  w.Key("properties");
  write(w, f.properties);
  w.Key("geometry");
  write(w, f.geometry);
  w.EndObject();
}
void write(shortest_writer& w, const feature_collection& c) {
  w.StartObject();
  w.Key("type");
  write(w, c.type);
  w.Key("features");
  write(w, c.features);
  w.EndObject();
}

bool run_simdjson_typed_impl(std::string_view json, int n, outputs& out, std::string& error) {
  const simdjson::padded_string padded(json);
  simdjson::ondemand::parser parser;
  const auto parse = [&](feature_collection& value) {
    simdjson::ondemand::document doc;
    if (parser.iterate(padded).get(doc)) return false;
    simdjson::ondemand::value root;
    return !doc.get_value().get(root) && !read(root, value);
  };
  feature_collection first;
  if (!parse(first)) {
    error = "invalid JSON";
    return false;
  }
  const auto written = [](const auto& value, std::string& text) {
    rapidjson::StringBuffer buffer;
    shortest_writer w(buffer);
    write(w, value);
    text.assign(buffer.GetString(), buffer.GetSize());
  };
  written(first, out.single);
  std::vector<feature_collection> list(static_cast<std::size_t>(n));
  for (feature_collection& value : list) {
    if (!parse(value)) return false;
  }
  written(list, out.list);
  return true;
}

}  // namespace

bool run_simdjson_typed(std::string_view json, int n, outputs& out, std::string& error) {
  return run_simdjson_typed_impl(json, n, out, error);
}

}  // namespace json_serde
