// The official JSON-Schema-Test-Suite: every required test of drafts 2020-12, 2019-09, 07, 06
// and 04 must pass on the interpreter, the JIT (where it compiles the schema: it refuses only
// the keywords it leaves to the interpreter, counted here) and the automatic engine; the
// optional ones (optional/, and optional/format/ with format assertion
// on) are counted per file, each failure listed, and held to the goal of 95% per draft.
#include <gtest/gtest.h>
#include <jsonjit/jit.hpp>

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

// (So that test listings name the draft, not the parameter's bytes.)
void PrintTo(const draft_folder& d, std::ostream* out) { *out << d.name; }

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
  std::size_t passed = 0, total = 0, on_jit = 0, decided_by_jit = 0;
  std::map<std::string, std::size_t> refusals;  // the keyword the JIT refused → tests
  for (const std::filesystem::path& file : json_files(folder)) {
    for (const suite_outcome& o : run_suite_file(folder, file, GetParam().draft, false)) {
      ++total;
      passed += o.passed;
      on_jit += o.jit_compiled;
      decided_by_jit += o.jit_decided;
      if (!o.passed) ADD_FAILURE() << o.file << ": " << o.test << ": " << o.why;
      if (o.jit_compiled) continue;
      if (!jsonjit::jit_available()) {
        // A build without a code generator refuses every schema, saying why.
        EXPECT_NE(o.jit_refusal.find("no code generator for this processor"), std::string::npos) << o.jit_refusal;
        continue;
      }
      // The JIT refuses only what it leaves to the interpreter, by name.
      std::string keyword;
      for (const char* k : {"unevaluatedProperties", "unevaluatedItems", "$dynamicRef", "$recursiveRef"}) {
        if (o.jit_refusal.find(std::string(k) + " at ") != std::string::npos) keyword = k;
      }
      if (o.jit_refusal.find("without end") != std::string::npos) keyword = "a dynamic reference applying itself";
      EXPECT_FALSE(keyword.empty()) << o.file << ": " << o.test << ": the JIT refused: " << o.jit_refusal;
      ++refusals[keyword];
    }
  }
  std::printf("%s: %zu of %zu required tests pass; %zu on the JIT (%zu valid instances decided by its code)\n",
              GetParam().name, passed, total, on_jit, decided_by_jit);
  for (const auto& [keyword, n] : refusals) std::printf("  left to the interpreter for %s: %zu\n", keyword.c_str(), n);
  EXPECT_GT(total, 0u);
  // Most schemas of the suite use none of what the JIT refuses.
  if (jsonjit::jit_available()) {
    EXPECT_GT(on_jit, total * 8 / 10);
  } else {
    EXPECT_EQ(on_jit, 0u);
  }
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

/// The suite's output tests (output-tests/<draft>/content): the output of each test's
/// validation, in the formats the test names, is valid against the test's schema for it
/// (which refers to the specification's output schema); and our flag and detailed outputs are
/// valid against that output schema too.
class SchemaOutputSuite : public ::testing::TestWithParam<draft_folder> {};

TEST_P(SchemaOutputSuite, OutputsMatchTheOutputTests) {
  const std::filesystem::path folder = suite_root() / "output-tests" / GetParam().name / "content";
  schema_options options = suite_options(GetParam().draft, false);
  options.annotations = true;
  std::size_t checked = 0;
  const std::string output_schema_uri = GetParam().draft == schema_draft::draft2020_12
                                            ? "https://json-schema.org/draft/2020-12/output/schema"
                                            : "https://json-schema.org/draft/2019-09/output/schema";
  const result<schema, parse_error> output_schema =
      schema::compile(R"({"$ref": ")" + output_schema_uri + R"("})", options);
  ASSERT_TRUE(output_schema) << to_string(output_schema.error());
  for (const std::filesystem::path& file : json_files(folder)) {
    const result<document, parse_error> cases = document::parse(read_suite_file(file), suite_document_options());
    ASSERT_TRUE(cases) << file;
    for (const element& c : cases->root().elements()) {
      const result<schema, parse_error> compiled = schema::compile(*c["schema"].to_json(), options);
      ASSERT_TRUE(compiled) << file << ": " << to_string(compiled.error());
      for (const element& t : c["tests"].elements()) {
        const std::string name = file.filename().string() + ": " + std::string(*t["description"].get_string());
        const validation v = compiled->validate(*t["data"].to_json());
        for (const member& format : t["output"].members()) {
          ASSERT_EQ(format.name, "basic") << name;  // the only format the content tests name
          const std::string output = v.to_json(output_format::basic);
          const result<schema, parse_error> expectation = schema::compile(*format.value.to_json(), options);
          ASSERT_TRUE(expectation) << name << ": " << to_string(expectation.error());
          const validation checked_output = expectation->validate(output);
          EXPECT_TRUE(checked_output.valid()) << name << ": " << output << "\n"
                                              << (checked_output.errors().empty() ? "" : checked_output.errors()[0].message + " at " + checked_output.errors()[0].keyword_location);
          ++checked;
        }
        for (const output_format f : {output_format::flag, output_format::basic, output_format::detailed}) {
          EXPECT_TRUE(output_schema->validate(v.to_json(f)).valid()) << name << ": " << v.to_json(f);
        }
      }
    }
  }
  EXPECT_GT(checked, 0u);
}

INSTANTIATE_TEST_SUITE_P(Drafts, SchemaOutputSuite,
                         ::testing::Values(draft_folder{"draft2020-12", schema_draft::draft2020_12},
                                           draft_folder{"draft2019-09", schema_draft::draft2019_09}),
                         [](const auto& param_info) {
                           std::string name = param_info.param.name;
                           name.erase(std::remove(name.begin(), name.end(), '-'), name.end());
                           return name;
                         });

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
