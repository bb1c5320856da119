// A program built against the installed package: writes JSON, reads it back, as tokens, as a
// document and as a node.
#include <cstdio>

#include <jsonjit/jsonjit.hpp>

int main() {
  jsonjit::memory_output out;
  jsonjit::writer w(out);
  w.start_object();
  w.property_name("consumer");
  w.start_array();
  w.number_value(1);
  w.bool_value(true);
  w.end_array();
  w.end_object();
  jsonjit::reader r(out.view());
  int tokens = 0;
  while (r.read()) ++tokens;
  if (!w.ok() || r.error() || tokens != 7) return 1;
  const auto doc = jsonjit::document::parse(out.view());
  if (!doc || doc->root()["consumer"][0].get_int64().value_or(0) != 1) return 1;
  jsonjit::node tree = jsonjit::node::from(doc->root());
  tree["consumer"].push_back("more");
  if (tree.to_json().value_or("") != R"({"consumer":[1,true,"more"]})") return 1;
  std::printf("%.*s\n", static_cast<int>(out.size()), out.data());
  return 0;
}
