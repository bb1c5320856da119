// json-serde's typed variants with peer libraries (typed_peer_engines.cpp): the text read into
// the GeoJSON structs (tools/json-serde/geojson.hpp) the way each library's documentation shows
// typed code, and written back from them.
#pragma once

#include "../../tools/json-serde/engines.hpp"

namespace json_serde {

bool run_nlohmann_typed(std::string_view json, int n, outputs& out, std::string& error);
bool run_boost_typed(std::string_view json, int n, outputs& out, std::string& error);
bool run_simdjson_typed(std::string_view json, int n, outputs& out, std::string& error);

}  // namespace json_serde
