// json-serde through jsonjit::document: every number is stored as int64 or double and written
// in its shortest round-trip form, which the benchmark's expected hashes require. The texts are
// written straight into the outputs' strings (kept from run to run by the benchmark, their
// memory reused).
#include <jsonjit/document.hpp>
#include <jsonjit/output.hpp>
#include <jsonjit/writer.hpp>

#include <vector>

#include "engines.hpp"

namespace json_serde {
namespace {

constexpr jsonjit::writer_options compact{.escaping = jsonjit::escape_mode::relaxed};

bool failed(const jsonjit::writer& w, std::string& error) {
  if (w.ok()) return false;
  error = std::string(jsonjit::message(w.error()));
  return true;
}

}  // namespace

bool run_dom(std::string_view json, int n, outputs& out, std::string& error) {
  auto first = jsonjit::document::parse(json);
  if (!first) {
    error = jsonjit::to_string(first.error());
    return false;
  }
  {
    jsonjit::string_output text(out.single);
    jsonjit::writer w(text, compact);
    first->root().write(w);
    if (failed(w, error)) return false;
  }
  std::vector<jsonjit::document> list;
  list.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    auto doc = jsonjit::document::parse(json);
    if (!doc) {
      error = jsonjit::to_string(doc.error());
      return false;
    }
    list.push_back(std::move(*doc));
  }
  jsonjit::string_output text(out.list);
  jsonjit::writer w(text, compact);
  w.start_array();
  for (const jsonjit::document& doc : list) doc.root().write(w);
  w.end_array();
  return !failed(w, error);
}

}  // namespace json_serde
