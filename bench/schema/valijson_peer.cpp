#include <chrono>

#include <rapidjson/document.h>
#include <valijson/adapters/rapidjson_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validator.hpp>

#include "schema/peers.hpp"

namespace jsonjit::bench::schema {

struct valijson_validator::state {
  rapidjson::Document schema_document;
  valijson::Schema schema;
  valijson::Validator validator;  // kept: it caches the compiled regular expressions
};

valijson_validator::valijson_validator(std::string_view draft7_schema) : s_(std::make_unique<state>()) {
  s_->schema_document.Parse(draft7_schema.data(), draft7_schema.size());
  valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
  valijson::adapters::RapidJsonAdapter adapter(s_->schema_document);
  parser.populateSchema(adapter, s_->schema);
}

valijson_validator::~valijson_validator() = default;

bool valijson_validator::valid(std::string_view instance) {
  rapidjson::Document d;
  d.Parse(instance.data(), instance.size());
  if (d.HasParseError()) return false;
  valijson::adapters::RapidJsonAdapter adapter(d);
  return s_->validator.validate(s_->schema, adapter, nullptr);
}

double valijson_compile_seconds(std::string_view draft7_schema, int repeat) {
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < repeat; ++i) {
    rapidjson::Document d;
    d.Parse(draft7_schema.data(), draft7_schema.size());
    valijson::Schema schema;
    valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
    valijson::adapters::RapidJsonAdapter adapter(d);
    parser.populateSchema(adapter, schema);
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / repeat;
}

}  // namespace jsonjit::bench::schema
