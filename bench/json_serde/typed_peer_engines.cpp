// json-serde's typed variants with nlohmann and Boost.JSON (simdjson's is in
// simdjson_typed_engine.cpp). nlohmann: from_json/to_json of the structs through ordered_json;
// Boost.JSON: value_to/value_from with Boost.Describe, written by a walk of the json::value
// (its serializer writes doubles in exponent form, 4.3418052999999986E1, which gives other
// hashes). Every double is written in its shortest round-trip form (shortest_writers.hpp).
#include <boost/describe.hpp>
#include <boost/json.hpp>

#include <vector>

#include "../../tools/json-serde/geojson.hpp"
#include "shortest_writers.hpp"
#include "typed_peers.hpp"

namespace json_serde::geojson {

// nlohmann's macros define these for nlohmann::json only, whose objects sort their members
// (the output must keep the input's order): the same functions, written out for ordered_json.
using ordered_json = nlohmann::ordered_json;
void to_json(ordered_json& j, const feature_properties& p) { j = ordered_json{{"name", p.name}}; }
void from_json(const ordered_json& j, feature_properties& p) { j.at("name").get_to(p.name); }
void to_json(ordered_json& j, const polygon& g) { j = ordered_json{{"type", g.type}, {"coordinates", g.coordinates}}; }
void from_json(const ordered_json& j, polygon& g) {
  j.at("type").get_to(g.type);
  j.at("coordinates").get_to(g.coordinates);
}
void to_json(ordered_json& j, const feature& f) {
  j = ordered_json{{"type", f.type}, {"properties", f.properties}, {"geometry", f.geometry}};
}
void from_json(const ordered_json& j, feature& f) {
  j.at("type").get_to(f.type);
  j.at("properties").get_to(f.properties);
  j.at("geometry").get_to(f.geometry);
}
void to_json(ordered_json& j, const feature_collection& c) {
  j = ordered_json{{"type", c.type}, {"features", c.features}};
}
void from_json(const ordered_json& j, feature_collection& c) {
  j.at("type").get_to(c.type);
  j.at("features").get_to(c.features);
}

BOOST_DESCRIBE_STRUCT(feature_properties, (), (name))
BOOST_DESCRIBE_STRUCT(polygon, (), (type, coordinates))
BOOST_DESCRIBE_STRUCT(feature, (), (type, properties, geometry))
BOOST_DESCRIBE_STRUCT(feature_collection, (), (type, features))

}  // namespace json_serde::geojson

namespace json_serde {
namespace {

using geojson::feature_collection;

bool run_nlohmann_typed_impl(std::string_view json, int n, outputs& out, std::string& error) {
  const auto parse = [&](feature_collection& value) {
    const nlohmann::ordered_json j = nlohmann::ordered_json::parse(json, nullptr, false);
    if (j.is_discarded()) return false;
    value = j.get<feature_collection>();
    return true;
  };
  feature_collection first;
  if (!parse(first)) {
    error = "invalid JSON";
    return false;
  }
  write_nlohmann(nlohmann::ordered_json(first), out.single);
  std::vector<feature_collection> list(static_cast<std::size_t>(n));
  for (feature_collection& value : list) {
    if (!parse(value)) return false;
  }
  write_nlohmann(nlohmann::ordered_json(list), out.list);
  return true;
}

// A json::value written compactly, doubles in their shortest form (members in their order).
void write_boost(const boost::json::value& v, std::string& out) {
  switch (v.kind()) {
    case boost::json::kind::array: {
      out += '[';
      bool first = true;
      for (const boost::json::value& element : v.get_array()) {
        if (!first) out += ',';
        first = false;
        write_boost(element, out);
      }
      out += ']';
      break;
    }
    case boost::json::kind::object: {
      out += '{';
      bool first = true;
      for (const boost::json::key_value_pair& member : v.get_object()) {
        if (!first) out += ',';
        first = false;
        out += boost::json::serialize(boost::json::string_view(member.key()));
        out += ':';
        write_boost(member.value(), out);
      }
      out += '}';
      break;
    }
    case boost::json::kind::double_: append_shortest(out, v.get_double()); break;
    default: out += boost::json::serialize(v); break;
  }
}

bool run_boost_typed_impl(std::string_view json, int n, outputs& out, std::string& error) {
  const auto parse = [&](feature_collection& value) {
    boost::json::error_code ec;
    const boost::json::value v = boost::json::parse(json, ec);
    if (ec) return false;
    value = boost::json::value_to<feature_collection>(v);
    return true;
  };
  feature_collection first;
  if (!parse(first)) {
    error = "invalid JSON";
    return false;
  }
  write_boost(boost::json::value_from(first), out.single);
  std::vector<feature_collection> list(static_cast<std::size_t>(n));
  for (feature_collection& value : list) {
    if (!parse(value)) return false;
  }
  write_boost(boost::json::value_from(list), out.list);
  return true;
}

}  // namespace

bool run_nlohmann_typed(std::string_view json, int n, outputs& out, std::string& error) {
  return run_nlohmann_typed_impl(json, n, out, error);
}
bool run_boost_typed(std::string_view json, int n, outputs& out, std::string& error) {
  return run_boost_typed_impl(json, n, out, error);
}

}  // namespace json_serde
