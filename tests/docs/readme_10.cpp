// README.md's JSON Schema block.
#include <jsonjit/jsonjit.hpp>

#include <iostream>

#include "doc_check.hpp"

// @DECLARATIONS

int main() {
  const std::string address_schema_text = R"({"type": "object", "required": ["zip"]})";
  const std::string schema_text = R"({"properties": {"home": {"$ref": "https://example.com/address.json"}}})";
  const std::string json_text = R"({"home": {"street": "Main"}})";
  const auto document = jsonjit::document::parse(json_text).value();
  const jsonjit::node node = jsonjit::node::parse(json_text).value();
  jsonjit::memory_input input(json_text);
  // @STATEMENTS
  check(!v.valid(), "the address has no zip");
  check(out.find("\"instanceLocation\":\"/home\"") != std::string::npos, out.c_str());
}
