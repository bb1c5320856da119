#include "query/simdjson_pointer.hpp"

#include <simdjson.h>

namespace jsonjit::bench {

struct simdjson_pointer::state {
  simdjson::padded_string text;
  simdjson::ondemand::parser parser;
};

simdjson_pointer::simdjson_pointer(std::string_view json) : s_(new state{simdjson::padded_string(json), simdjson::ondemand::parser()}) {}
simdjson_pointer::~simdjson_pointer() = default;

std::string_view simdjson_pointer::find(std::string_view pointer) {
  auto doc = s_->parser.iterate(s_->text);
  simdjson::ondemand::value value;
  if (doc.at_pointer(pointer).get(value) != simdjson::SUCCESS) return {};
  simdjson::ondemand::json_type type;
  if (value.type().get(type) != simdjson::SUCCESS) return {};
  std::string_view raw;
  simdjson::error_code error = simdjson::SUCCESS;
  if (type == simdjson::ondemand::json_type::array) {
    simdjson::ondemand::array array;
    if ((error = value.get_array().get(array)) == simdjson::SUCCESS) error = array.raw_json().get(raw);
  } else if (type == simdjson::ondemand::json_type::object) {
    simdjson::ondemand::object object;
    if ((error = value.get_object().get(object)) == simdjson::SUCCESS) error = object.raw_json().get(raw);
  } else {
    raw = value.raw_json_token();  // a scalar's token (trailing whitespace included)
  }
  return error == simdjson::SUCCESS ? raw : std::string_view();
}

}  // namespace jsonjit::bench
