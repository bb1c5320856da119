// The JSON Schema workloads: each a schema (written for these benchmarks, in bench/schema/
// schemas/, or a meta-schema) and the instances it is validated against, all valid.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace jsonjit::bench::schema {

struct schema_workload {
  std::string name;         // "geojson_canada"
  std::string schema_file;  // its file name (in the report), or the meta-schema's URI
  std::string schema;       // 2020-12
  std::vector<std::string> instances;
  std::size_t bytes = 0;    // of all instances together
  bool draft7_equivalent = true;  // the schema means the same in draft-07 and draft-04 (peers)
};

/// Every workload (loaded once).
const std::vector<schema_workload>& schema_workloads();

/// `schema` (2020-12) as the same schema in draft-07 (`7`) or draft-04 (`4`): "$defs" as
/// "definitions", "$schema" changed, and for draft-04 "$id" as "id" and "const" as a one-value
/// "enum". The workloads' schemas use no keyword whose meaning differs between the drafts.
std::string schema_for_draft(std::string_view schema, int draft);

}  // namespace jsonjit::bench::schema
