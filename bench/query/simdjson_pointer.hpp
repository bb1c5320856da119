// simdjson On-Demand's at_pointer, in a file of its own: built for this machine's vectors
// (On-Demand has no run-time dispatch), like the other simdjson On-Demand peers.
#pragma once

#include <memory>
#include <string_view>

namespace jsonjit::bench {

class simdjson_pointer {
 public:
  explicit simdjson_pointer(std::string_view json);
  ~simdjson_pointer();
  /// The raw JSON of the value at `pointer` (the text iterated from its start each time);
  /// empty if there is none.
  std::string_view find(std::string_view pointer);

 private:
  struct state;
  std::unique_ptr<state> s_;
};

}  // namespace jsonjit::bench
