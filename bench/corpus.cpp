#include "corpus.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

#include <jsonjit/document.hpp>
#include <jsonjit/node.hpp>

namespace jsonjit::bench {

const std::string& corpus(std::string_view name) {
  static std::map<std::string, std::string, std::less<>> files;
  if (auto it = files.find(name); it != files.end()) return it->second;
  const std::string path = std::string(JSONJIT_CORPUS_DIR "/") + std::string(name) + ".json";
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", path.c_str());
    std::exit(2);
  }
  std::ostringstream text;
  text << in.rdbuf();
  return files.emplace(std::string(name), text.str()).first->second;
}

const status_lines& statuses_lines() {
  static const status_lines lines = [] {
    const bool quick = std::getenv("JSONJIT_BENCH_QUICK") != nullptr;
    const std::size_t bytes = quick ? (std::size_t{2} << 20) : (std::size_t{200} << 20);
    const node twitter = node::parse(corpus("twitter")).value();
    status_lines made;
    made.text.reserve(bytes + (1 << 20));
    std::uint64_t id_sum = 0;
    for (; made.text.size() < bytes; ++made.copies) {
      for (const node& status : twitter["statuses"].elements()) {
        node line = status;
        const std::int64_t id = status["id"].get_int64().value() + static_cast<std::int64_t>(made.copies);
        line.set("id", node(id));
        id_sum += static_cast<std::uint64_t>(id);
        made.text += line.to_json().value();
        made.text += '\n';
        ++made.lines;
      }
    }
    made.id_sum = static_cast<std::int64_t>(id_sum);
    return made;
  }();
  return lines;
}

const std::vector<recorded_token>& recorded_tokens(std::string_view name) {
  static std::map<std::string, std::vector<recorded_token>, std::less<>> streams;
  static std::map<std::string, std::string, std::less<>> arenas;  // unescaped strings
  if (auto it = streams.find(name); it != streams.end()) return it->second;
  const std::string& json = corpus(name);
  std::string& arena = arenas[std::string(name)];
  arena.reserve(json.size());  // unescaped text is never longer: pointers stay valid
  std::vector<recorded_token> tokens;
  reader r(json);
  while (r.read()) {
    recorded_token t{r.token()};
    t.integer = 0;
    if (t.type == token_type::string || t.type == token_type::property_name) {
      const std::string text = *r.get_string();
      t.text = arena.data() + arena.size();
      t.size = static_cast<std::uint32_t>(text.size());
      arena += text;
    } else if (t.type == token_type::number) {
      t.text = r.value().data();
      t.size = static_cast<std::uint32_t>(r.value().size());
      if (auto integer = r.get_int64()) {
        t.is_integer = true;
        t.integer = *integer;
      } else {
        t.number = *r.get_double();
      }
    }
    tokens.push_back(t);
  }
  if (r.error()) {
    std::fprintf(stderr, "%.*s: %s\n", static_cast<int>(name.size()), name.data(),
                 to_string(r.error()).c_str());
    std::exit(2);
  }
  return streams.emplace(std::string(name), std::move(tokens)).first->second;
}

bool holds_corpus(benchmark::State& state, std::string_view name, std::string_view json) {
  static std::map<std::string, document, std::less<>> references;
  auto it = references.find(name);
  if (it == references.end()) {
    auto parsed = document::parse(corpus(name));  // the corpus is valid (recorded_tokens checked it)
    it = references.emplace(std::string(name), std::move(*parsed)).first;
  }
  const auto written = document::parse(json);
  if (!written) {
    state.SkipWithError(("the output is not JSON: " + to_string(written.error())).c_str());
    return false;
  }
  if (!(written->root() == it->second.root())) {
    state.SkipWithError("the output is not the input's value");
    return false;
  }
  return true;
}

}  // namespace jsonjit::bench
