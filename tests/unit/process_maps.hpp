// What /proc/self/maps says about this process's memory: the W^X checks of the JIT's code
// memory and of the schema validator's regular expressions.
#pragma once

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

namespace jsonjit_test {

/// Mappings of this process that are both writable and executable ("rwxp" and the like).
inline std::vector<std::string> writable_and_executable_mappings() {
  std::ifstream maps("/proc/self/maps");
  std::vector<std::string> found;
  for (std::string line; std::getline(maps, line);) {
    const std::size_t perms = line.find(' ') + 1;
    if (line[perms + 1] == 'w' && line[perms + 2] == 'x') found.push_back(line);
  }
  return found;
}

/// The permissions ("r-xs", "rw-s") of the mapping that holds `address`.
inline std::string permissions_at(const void* address) {
  const auto a = reinterpret_cast<std::uintptr_t>(address);
  std::ifstream maps("/proc/self/maps");
  for (std::string line; std::getline(maps, line);) {
    const std::uintptr_t start = std::stoull(line.substr(0, line.find('-')), nullptr, 16);
    const std::uintptr_t end = std::stoull(line.substr(line.find('-') + 1), nullptr, 16);
    if (a >= start && a < end) return line.substr(line.find(' ') + 1, 4);
  }
  return "unmapped";
}

}  // namespace jsonjit_test
