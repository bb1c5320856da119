// The machine a report was measured on: CPU model and the vector extensions the code paths
// depend on, cores, compiler, build, date.
#include <sys/utsname.h>
#include <unistd.h>

#include <ctime>
#include <fstream>
#include <string>
#include <thread>

#include "report/report.hpp"

namespace jsonjit::bench::report {
namespace {

/// The value of the first "key : value" line of /proc/cpuinfo with that key.
std::string cpuinfo(const std::string& key) {
  std::ifstream file("/proc/cpuinfo");
  for (std::string line; std::getline(file, line);) {
    if (line.rfind(key, 0) == 0) {
      const std::size_t colon = line.find(':');
      if (colon != std::string::npos) return line.substr(colon + (colon + 1 < line.size() ? 2 : 1));
    }
  }
  return {};
}

bool has_flag(const std::string& flags, const std::string& flag) {
  return (" " + flags + " ").find(" " + flag + " ") != std::string::npos;
}

}  // namespace

std::string machine_description() {
  std::string out;
#if defined(__aarch64__)
  // AArch64's /proc/cpuinfo names no model: the implementer and part numbers say which core.
  const std::string implementer = cpuinfo("CPU implementer"), part = cpuinfo("CPU part");
  const std::string model =
      implementer.empty() ? "" : "AArch64, implementer " + implementer + ", part " + part;
  const std::string flags = cpuinfo("Features");
  const char* const wanted[] = {"asimd", "pmull", "sve", "sve2"};
  const char* const baseline = "the AArch64 baseline (NEON)";
#else
  const std::string model = cpuinfo("model name");
  const std::string flags = cpuinfo("flags");
  const char* const wanted[] = {"sse2", "ssse3", "sse4_2", "avx2", "bmi2", "avx512f", "avx512bw"};
  const char* const baseline = "the x86-64 baseline";
#endif
  out += "- **CPU**: " + (model.empty() ? std::string("unknown") : model) + ", " +
         std::to_string(std::thread::hardware_concurrency()) + " logical cores\n";
  std::string extensions;
  for (const char* flag : wanted) {
    if (has_flag(flags, flag)) extensions += std::string(extensions.empty() ? "" : " ") + flag;
  }
  out += "- **Vector extensions**: " + (extensions.empty() ? std::string("none reported") : extensions) +
         " (the JIT and the document parser pick their code by these at run time; the library itself is "
         "built for " +
         baseline + ")\n";
  utsname system{};
  if (uname(&system) == 0)
    out += std::string("- **System**: ") + system.sysname + " " + system.release + "\n";
#if defined(__clang__)
  out += std::string("- **Compiler**: clang ") + __clang_version__ + "\n";
#elif defined(__GNUC__)
  out += std::string("- **Compiler**: GCC ") + __VERSION__ + "\n";
#endif
  out += std::string("- **Build**: ") + JSONJIT_BENCH_BUILD +
#if defined(__aarch64__)
         " (RapidJSON with RAPIDJSON_NEON)";
#else
         " (the hand-written serializer with -mssse3, simdjson's On-Demand peers with -march=haswell; "
         "RapidJSON "
         "with RAPIDJSON_SSE2)";
#endif
#if !defined(NDEBUG)
  out += "; assertions on: the figures are not representative";
#endif
  out += "\n";
  const std::time_t now = std::time(nullptr);
  char date[64];
  std::strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
  out += std::string("- **Date**: ") + date + "\n";
  return out;
}

}  // namespace jsonjit::bench::report
