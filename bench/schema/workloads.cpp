#include "schema/workloads.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <jsonjit/node.hpp>
#include <jsonjit/serializer.hpp>

#include "corpus.hpp"
#include "dotnet_models.hpp"

namespace jsonjit::bench::schema {
namespace {

std::string read_or_exit(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "jsonjit_bench: cannot read %s\n", path.c_str());
    std::exit(1);
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string schema_file(std::string_view name) {
  return read_or_exit(std::filesystem::path(JSONJIT_BENCH_SCHEMA_DIR) / std::string(name));
}

schema_workload one_document(std::string name, std::string file, std::string_view corpus_name) {
  schema_workload w{std::move(name), file, schema_file(file), {std::string(corpus(corpus_name))}};
  w.bytes = w.instances.front().size();
  return w;
}

/// Every schema of the official suite's 2020-12 tests, each an instance of the meta-schema.
schema_workload metaschema_over_the_suite() {
  schema_workload w{"metaschema_suite", "https://json-schema.org/draft/2020-12/schema",
                    R"({"$ref": "https://json-schema.org/draft/2020-12/schema"})", {}};
  const std::filesystem::path tests = std::filesystem::path(JSONJIT_DATA_DIR) / "json-schema" / "test-suite" / "tests" / "draft2020-12";
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(tests)) {
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  for (const std::filesystem::path& file : files) {
    const result<node, parse_error> cases = node::parse(read_or_exit(file));
    if (!cases) continue;
    for (const node& c : cases->elements()) {
      if (const node* s = c.find("schema")) w.instances.push_back(*s->to_json());
    }
  }
  for (const std::string& i : w.instances) w.bytes += i.size();
  w.draft7_equivalent = false;  // the 2020-12 meta-schema: no draft-07 peer has it
  return w;
}

schema_workload users() {
  schema_workload w{"users_10000", "user.json", schema_file("user.json"), {}};
  for (const models::User& u : models::make_users()) w.instances.push_back(jsonjit::serialize(u));
  for (const std::string& i : w.instances) w.bytes += i.size();
  return w;
}

void rewrite(node& n, int draft) {
  if (n.is_object()) {
    node rewritten = node::object();
    for (auto m : n.members()) {
      std::string name = m.name;
      node value = std::move(m.value);
      rewrite(value, draft);
      if (name == "$defs") name = "definitions";
      if (name == "$ref" && value.is_string()) {
        std::string ref(*value.get_string());
        if (const std::size_t at = ref.find("#/$defs/"); at != std::string::npos) ref.replace(at, 8, "#/definitions/");
        value = node(ref);
      }
      if (name == "$schema") {
        value = node(draft == 4 ? "http://json-schema.org/draft-04/schema#" : "http://json-schema.org/draft-07/schema#");
      }
      if (draft == 4 && name == "$id") name = "id";
      if (draft == 4 && name == "const") {
        node values = node::array();
        values.push_back(std::move(value));
        name = "enum";
        value = std::move(values);
      }
      rewritten.set(name, std::move(value));
    }
    n = std::move(rewritten);
  } else if (n.is_array()) {
    for (node& e : n.elements()) rewrite(e, draft);
  }
}

}  // namespace

std::string schema_for_draft(std::string_view schema, int draft) {
  node n = node::parse(schema).value();
  rewrite(n, draft);
  return *n.to_json();
}

const std::vector<schema_workload>& schema_workloads() {
  static const std::vector<schema_workload> all = [] {
    std::vector<schema_workload> w;
    w.push_back(one_document("geojson_canada", "geojson.json", "canada"));
    w.push_back(one_document("twitter", "twitter.json", "twitter"));
    w.push_back(one_document("citm_catalog", "citm_catalog.json", "citm_catalog"));
    w.push_back(users());
    w.push_back(metaschema_over_the_suite());
    return w;
  }();
  return all;
}

}  // namespace jsonjit::bench::schema
