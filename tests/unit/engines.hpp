// The engines a test runs, as this build has them: the interpreter always, the JIT where the
// library has a code generator for the processor (jsonjit::jit_available(); a build with
// JSONJIT_JIT=OFF, or for a processor without one, runs the interpreter alone).
#pragma once

#include <vector>

#include <gtest/gtest.h>
#include <jsonjit/jit.hpp>
#include <jsonjit/serializer_options.hpp>

namespace jsonjit_test {

/// interpreter and jit; with `automatic`, automatic first.
inline std::vector<jsonjit::engine> engines_to_test(bool automatic = false) {
  std::vector<jsonjit::engine> engines;
  if (automatic) engines.push_back(jsonjit::engine::automatic);
  engines.push_back(jsonjit::engine::interpreter);
  if (jsonjit::jit_available()) engines.push_back(jsonjit::engine::jit);
  return engines;
}

}  // namespace jsonjit_test

/// For a test of what the JIT does: skipped, saying why, where the build has no code generator.
#define JSONJIT_TEST_NEEDS_JIT()                                          \
  do {                                                                    \
    if (!jsonjit::jit_available()) GTEST_SKIP() << "no code generator for this processor"; \
  } while (false)
