// Stage 1 of the document parser alone, for the work on it: every stage-1 kernel this CPU runs
// (its structural index, and the UTF-8 check where the text has non-ASCII bytes, as
// parse_structural runs them) against simdjson's stage 1 of its active implementation (which
// validates UTF-8 in the same pass), interleaved in one process, minimum over rounds. Before
// timing, each kernel's index must equal the first kernel's. Not part of the report: the
// report's parse workloads time whole parses.
//   jsonjit_stage1_probe ROUNDS FILE...
#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "dom/structural_index_p.hpp"

namespace {

using jsonjit::detail::index_buffer;
using jsonjit::detail::named_stage1;
using jsonjit::detail::structural_index;

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

/// Stage 1 as the parser runs it; whether the text passed.
bool run_stage1(const named_stage1& kernel, const std::string& json, structural_index& index) {
  const auto size = static_cast<std::uint32_t>(json.size());
  kernel.kernels.index(json.data(), size, index);
  return index.state.in_string == 0 && index.state.bad == 0 &&
         (index.state.non_ascii == 0 || kernel.kernels.valid_utf8(json.data(), json.data() + size));
}

/// The index's positions, empty if the text did not pass.
std::vector<std::uint32_t> positions_of(const named_stage1& kernel, const std::string& json,
                                        index_buffer& buffer) {
  structural_index index = buffer.reserve(static_cast<std::uint32_t>(json.size()));
  if (!run_stage1(kernel, json, index)) return {};
  return {index.positions, index.positions + index.count};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: jsonjit_stage1_probe ROUNDS FILE...\n");
    return 2;
  }
  const int rounds = std::atoi(argv[1]);
  const std::vector<named_stage1> kernels = jsonjit::detail::every_stage1();
  if (kernels.empty()) {
    std::fprintf(stderr, "no stage 1 for this CPU\n");
    return 2;
  }
  simdjson::dom::parser parser;
  std::printf("simdjson %s\n", simdjson::get_active_implementation()->name().c_str());
  for (int a = 2; a < argc; ++a) {
    std::ifstream file(argv[a], std::ios::binary);
    std::stringstream content;
    content << file.rdbuf();
    const std::string json = content.str();
    const simdjson::padded_string padded(json);
    simdjson::dom::element root;
    if (parser.parse(padded).get(root) != simdjson::SUCCESS) {
      std::fprintf(stderr, "%s: simdjson rejects it\n", argv[a]);
      return 1;
    }
    index_buffer buffer;
    const std::vector<std::uint32_t> want = positions_of(kernels.front(), json, buffer);
    for (const named_stage1& kernel : kernels) {
      if (want.empty() || positions_of(kernel, json, buffer) != want) {
        std::fprintf(stderr, "%s: %s differs or rejects it\n", argv[a], std::string(kernel.name).c_str());
        return 1;
      }
    }
    const int inner = std::max(1, static_cast<int>(20e6 / static_cast<double>(json.size())));
    std::vector<double> best(kernels.size() + 1, 1e9);
    for (int r = 0; r < rounds; ++r) {
      for (std::size_t k = 0; k < kernels.size(); ++k) {
        const double start = now();
        for (int i = 0; i < inner; ++i) {
          structural_index index = buffer.reserve(static_cast<std::uint32_t>(json.size()));
          if (!run_stage1(kernels[k], json, index)) return 1;
        }
        best[k] = std::min(best[k], (now() - start) / inner);
      }
      const double start = now();
      for (int i = 0; i < inner; ++i) {
        if (parser.implementation->stage1(reinterpret_cast<const std::uint8_t*>(padded.data()), padded.size(),
                                          simdjson::stage1_mode::regular) != simdjson::SUCCESS) {
          return 1;
        }
      }
      best.back() = std::min(best.back(), (now() - start) / inner);
    }
    std::printf("%s (%zu bytes): simdjson %.1f us", argv[a], json.size(), best.back() * 1e6);
    for (std::size_t k = 0; k < kernels.size(); ++k) {
      std::printf(", %s %.1f us (%.2fx simdjson's speed)", std::string(kernels[k].name).c_str(),
                  best[k] * 1e6, best.back() / best[k]);
    }
    std::printf("\n");
  }
  return 0;
}
