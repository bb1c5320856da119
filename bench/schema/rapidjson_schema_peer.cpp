#include <chrono>

#include <rapidjson/document.h>
#include <rapidjson/reader.h>
#include <rapidjson/schema.h>

#include "schema/peers.hpp"

namespace jsonjit::bench::schema {

struct rapidjson_validator::state {
  rapidjson::Document schema_document;
  std::unique_ptr<rapidjson::SchemaDocument> schema;
};

rapidjson_validator::rapidjson_validator(std::string_view draft4_schema) : s_(std::make_unique<state>()) {
  s_->schema_document.Parse(draft4_schema.data(), draft4_schema.size());
  s_->schema = std::make_unique<rapidjson::SchemaDocument>(s_->schema_document);
}

rapidjson_validator::~rapidjson_validator() = default;

bool rapidjson_validator::valid(const std::string& instance) {
  // Validating while parsing: the SAX reader drives the validator (RapidJSON's documented way
  // to validate without a DOM).
  rapidjson::SchemaValidator validator(*s_->schema);
  rapidjson::Reader reader;
  rapidjson::StringStream stream(instance.c_str());
  const bool parsed = !reader.Parse(stream, validator).IsError();
  return parsed && validator.IsValid();
}

double rapidjson_compile_seconds(std::string_view draft4_schema, int repeat) {
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < repeat; ++i) {
    rapidjson::Document d;
    d.Parse(draft4_schema.data(), draft4_schema.size());
    rapidjson::SchemaDocument schema(d);
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / repeat;
}

}  // namespace jsonjit::bench::schema
