// The official JSON-Schema-Test-Suite: every required test of drafts 2020-12, 2019-09, 07, 06
// and 04 must pass; the optional ones (optional/, and optional/format/ with format assertion
// on) are counted per file, each failure listed, and held to the goal of 95% per draft.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>

#include "suite_runner.hpp"

namespace jsonjit::test {
namespace {

struct draft_folder {
  const char* name;
  schema_draft draft;
};

class SchemaSuite : public ::testing::TestWithParam<draft_folder> {};

std::vector<std::filesystem::path> json_files(const std::filesystem::path& folder) {
  std::vector<std::filesystem::path> files;
  if (!std::filesystem::is_directory(folder)) return files;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    if (entry.is_regular_file() && entry.path().extension() == ".json") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST_P(SchemaSuite, EveryRequiredTestPasses) {
  const std::filesystem::path folder = suite_root() / "tests" / GetParam().name;
  std::size_t passed = 0, total = 0;
  for (const std::filesystem::path& file : json_files(folder)) {
    for (const suite_outcome& o : run_suite_file(folder, file, GetParam().draft, false)) {
      ++total;
      passed += o.passed;
      if (!o.passed) ADD_FAILURE() << o.file << ": " << o.test << ": " << o.why;
    }
  }
  std::printf("%s: %zu of %zu required tests pass\n", GetParam().name, passed, total);
  EXPECT_GT(total, 0u);
}

TEST_P(SchemaSuite, OptionalTestsAtLeast95Percent) {
  const std::filesystem::path folder = suite_root() / "tests" / GetParam().name;
  std::size_t passed = 0, total = 0;
  const auto run = [&](const std::filesystem::path& subfolder, bool format_assertion) {
    for (const std::filesystem::path& file : json_files(subfolder)) {
      std::size_t file_passed = 0, file_total = 0;
      std::string failures;
      for (const suite_outcome& o : run_suite_file(folder, file, GetParam().draft, format_assertion)) {
        ++file_total;
        file_passed += o.passed;
        if (!o.passed) failures += "    " + o.test + ": " + o.why + "\n";
      }
      passed += file_passed;
      total += file_total;
      std::printf("%s/%s: %zu/%zu\n%s", GetParam().name,
                  std::filesystem::relative(file, folder).generic_string().c_str(), file_passed, file_total,
                  failures.c_str());
    }
  };
  run(folder / "optional", false);
  run(folder / "optional" / "format", true);
  std::printf("%s: %zu of %zu optional tests pass\n", GetParam().name, passed, total);
  ASSERT_GT(total, 0u);
  EXPECT_GE(static_cast<double>(passed), 0.95 * static_cast<double>(total));
}

INSTANTIATE_TEST_SUITE_P(Drafts, SchemaSuite,
                         ::testing::Values(draft_folder{"draft2020-12", schema_draft::draft2020_12},
                                           draft_folder{"draft2019-09", schema_draft::draft2019_09},
                                           draft_folder{"draft7", schema_draft::draft7},
                                           draft_folder{"draft6", schema_draft::draft6},
                                           draft_folder{"draft4", schema_draft::draft4}),
                         [](const auto& param_info) {
                           std::string name = param_info.param.name;
                           name.erase(std::remove(name.begin(), name.end(), '-'), name.end());
                           return name;
                         });

}  // namespace
}  // namespace jsonjit::test
