// Runs files of the official JSON-Schema-Test-Suite (data/json-schema/test-suite) through
// jsonjit::schema: every case's schema compiled for the interpreter, the JIT and the automatic
// engine, every test's data validated as text and as a parsed document, the verdicts compared
// with the suite's and across the engines. Remote references under
// http://localhost:1234/ resolve to the suite's remotes/ folder (no network).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <jsonjit/schema.hpp>

namespace jsonjit::test {

struct suite_outcome {
  std::string file;  // relative to the draft's folder ("optional/bignum.json")
  std::string test;  // "case description / test description"
  bool passed = false;
  std::string why;  // for a failure: the verdict given, the compile error, or the engines' disagreement
  /// Whether the JIT compiled the schema (else `jit_refusal` says why: error_code::not_compiled's
  /// text), and whether its code found a valid instance valid without the interpreter.
  bool jit_compiled = false;
  bool jit_decided = false;
  std::string jit_refusal;
};

std::filesystem::path suite_root();

/// A file's bytes; how the suite's files are parsed (numbers keep their text: the suite's
/// bignums and decimals reach the validator as written).
std::string read_suite_file(const std::filesystem::path& path);
document_options suite_document_options();

/// The options the suite's tests run with: `d` as the default draft, the remotes mapped.
schema_options suite_options(schema_draft d, bool format_assertion);

/// Every test of `file` (a path under the draft's folder).
std::vector<suite_outcome> run_suite_file(const std::filesystem::path& draft_folder, const std::filesystem::path& file,
                                          schema_draft d, bool format_assertion);

}  // namespace jsonjit::test
