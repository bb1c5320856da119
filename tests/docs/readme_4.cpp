// README.md's streams block: a file, a sequence, resumable writing, incremental reading.
#include <jsonjit/stream.hpp>

#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <span>
#include <vector>

#include "doc_check.hpp"

struct Order {
  std::string id;
  double total = 0;
};

// @DECLARATIONS

namespace {
std::vector<Order> processed;
std::string sent;
void process(const Order& o) { processed.push_back(o); }
void report(const std::string& why) { std::fprintf(stderr, "%s\n", why.c_str()); std::exit(1); }
void report(const jsonjit::parse_error& e) { report(jsonjit::to_string(e)); }
void send(const char* bytes, std::size_t n) { sent.append(bytes, n); }

jsonjit::parse_error streams(const std::filesystem::path& path, const std::vector<Order>& orders,
                             const std::vector<std::string_view>& pieces, const jsonjit::serializer_options& options) {
  // @STATEMENTS
  check(read && read->size() == orders.size(), "read back from the file");
  check(processed.size() == orders.size(), "every element");
  shown(sent, jsonjit::serialize(orders, options));
  check(order.id == "B", "pieces");
  return {};
}
}  // namespace

int main() {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("jsonjit_readme_" + std::to_string(getpid()) + ".json");
  const jsonjit::serializer_options options;
  const jsonjit::parse_error e = streams(path, {{"A", 1.5}, {"B", 2}}, {R"({"id")", R"(:"B","tot)", R"(al":2})"}, options);
  std::filesystem::remove(path);
  check(!e, "no error");
}
