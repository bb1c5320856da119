// The GeoJSON structs json-serde's typed engines read and write (PLB's 2.cs types): a
// FeatureCollection of Features whose Polygon coordinates are vector<vector<vector<double>>>.
// The members are in the order the inputs have them (the outputs keep declaration order).
#pragma once

#include <string>
#include <vector>

namespace json_serde::geojson {

struct feature_properties {
  std::string name;
};
struct polygon {
  std::string type;
  std::vector<std::vector<std::vector<double>>> coordinates;
};
struct feature {
  std::string type;
  feature_properties properties;
  polygon geometry;
};
struct feature_collection {
  std::string type;
  std::vector<feature> features;
};

}  // namespace json_serde::geojson
