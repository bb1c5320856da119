// compiled<T>: a type resolved and compiled once and held by the caller gives exactly what the
// free functions give with the same options — bytes, values and errors (code, position,
// path) — with either engine, for types the JIT refuses, and from many threads at once.
#include <gtest/gtest.h>

#include <limits>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include <jsonjit/jsonjit.hpp>

#include "dotnet_models.hpp"
#include "engines.hpp"

namespace compiled_test {

/// Built by its constructor (no default constructor): read into storage.
struct Span {
  Span(int f, int l) : first(f), last(l) {}
  int first, last;
  friend bool operator==(const Span&, const Span&) = default;
};

struct Reading {
  std::string sensor;
  double value = 0;
  std::vector<int> samples;
  friend bool operator==(const Reading&, const Reading&) = default;
};

/// Written and read only by a converter the options supply (none here).
struct opaque {
  opaque() {}
};
struct Undescribed {
  opaque o;
};

}  // namespace compiled_test

template <>
struct jsonjit::meta<compiled_test::opaque> {
  static constexpr bool converter_from_options = true;
};

template <>
struct jsonjit::meta<compiled_test::Span> {
  using T = compiled_test::Span;
  static constexpr auto properties =
      jsonjit::properties(jsonjit::property("first", &T::first), jsonjit::property("last", &T::last));
  static constexpr auto constructor = jsonjit::constructor<int, int>("first", "last");
};

namespace {

using namespace compiled_test;
using jsonjit::engine;
using jsonjit::error_code;
using jsonjit::parse_error;
using jsonjit::serializer_options;

serializer_options with(engine e, jsonjit::escape_mode escaping = jsonjit::escape_mode::html_safe) {
  serializer_options o;
  o.engine(e);
  o.escaping(escaping);
  return o;
}

void expect_same_error(const parse_error& held, const parse_error& free) {
  EXPECT_EQ(held.info.code, free.info.code);
  EXPECT_EQ(held.info.line, free.info.line);
  EXPECT_EQ(held.info.column, free.info.column);
  EXPECT_EQ(held.info.offset, free.info.offset);
  EXPECT_EQ(held.path, free.path);
  EXPECT_EQ(held.name, free.name);
}

template <class T>
void expect_same_as_free_functions(const T& value, const serializer_options& options) {
  const jsonjit::compiled<T> held(options);
  const std::string json = jsonjit::serialize(value, options);
  std::string out = "old content, replaced";
  ASSERT_FALSE(held.serialize_to(value, out));
  EXPECT_EQ(out, json);
  EXPECT_EQ(held.serialize(value), json);
  auto back = held.try_deserialize(json);
  ASSERT_TRUE(back) << jsonjit::to_string(back.error());
  EXPECT_TRUE(*back == value);
  T into{};
  ASSERT_FALSE(held.deserialize_into(into, json));
  EXPECT_TRUE(into == value);
}

TEST(JitCompiledHandle, EveryModelWritesAndReadsAsTheFreeFunctionsInEveryEngineAndEscaping) {
  JSONJIT_TEST_NEEDS_JIT();
  for (const engine e : {engine::automatic, engine::jit, engine::interpreter}) {
    for (const auto escaping : {jsonjit::escape_mode::html_safe, jsonjit::escape_mode::relaxed}) {
      SCOPED_TRACE(testing::Message() << "engine " << static_cast<int>(e) << ", escaping " << static_cast<int>(escaping));
      const serializer_options options = with(e, escaping);
      expect_same_as_free_functions(models::make_login(), options);
      expect_same_as_free_functions(models::make_location(), options);
      expect_same_as_free_functions(models::make_index(models::fixed_clock()), options);
      expect_same_as_free_functions(models::make_my_events(models::fixed_clock()), options);
      expect_same_as_free_functions(models::make_collections(models::fixed_clock()), options);
      expect_same_as_free_functions(models::make_users().front(), options);
    }
  }
}

TEST(JitCompiledHandle, ACompiledTypeReportsNothingAndReadErrorsAreTheFreeFunctions) {
  JSONJIT_TEST_NEEDS_JIT();
  const serializer_options options = with(engine::jit);
  const jsonjit::compiled<Reading> held(options);
  EXPECT_FALSE(held.error()) << jsonjit::to_string(held.error());
  for (const char* bad : {R"({"sensor":"a","value":"x"})", "{\n  \"sensor\": \"a\",\n  \"samples\": [1, 2,, 3]\n}",
                          R"({"sensor":"a)", R"({"sensor":"a","samples":[1,99999999999]})", "[1]", ""}) {
    SCOPED_TRACE(bad);
    Reading r;
    const parse_error from_held = held.deserialize_into(r, bad);
    ASSERT_TRUE(from_held);
    Reading s;
    expect_same_error(from_held, jsonjit::deserialize_into(s, bad, options));
    expect_same_error(held.try_deserialize(bad).error(), jsonjit::try_deserialize<Reading>(bad, options).error());
  }
}

TEST(JitCompiledHandle, AWriteThatFailsReportsTheFreeFunctionsError) {
  JSONJIT_TEST_NEEDS_JIT();
  for (const engine e : {engine::automatic, engine::interpreter}) {
    const serializer_options options = with(e);
    const jsonjit::compiled<Reading> held(options);
    const Reading not_finite{"t", std::numeric_limits<double>::infinity(), {}};
    std::string out;
    const parse_error from_held = held.serialize_to(not_finite, out);
    ASSERT_TRUE(from_held);
    EXPECT_EQ(from_held.path, "$.value");
    std::string other;
    expect_same_error(from_held, jsonjit::serialize_to(not_finite, other, options));
  }
}

TEST(JitCompiledHandle, ATypeBuiltByItsConstructorIsReadIntoStorage) {
  JSONJIT_TEST_NEEDS_JIT();
  const jsonjit::compiled<Span> held;
  EXPECT_EQ(held.deserialize(R"({"last":9,"first":4})"), Span(4, 9));
  EXPECT_EQ(held.serialize(Span(1, 2)), R"({"first":1,"last":2})");
  expect_same_error(held.try_deserialize(R"({"first":4})").error(),
                    jsonjit::try_deserialize<Span>(R"({"first":4})").error());
}

enum class level { low, high };

TEST(JitCompiledHandle, WhatTheJitRefusesIsReportedAndTheInterpreterServesItUnderAutomatic) {
  JSONJIT_TEST_NEEDS_JIT();
  using map = std::map<level, int>;  // keys neither compiled writer nor reader takes
  const map value{{level::low, 1}, {level::high, 2}};
  const jsonjit::compiled<map> automatic;
  ASSERT_TRUE(automatic.error());
  EXPECT_EQ(automatic.error().info.code, error_code::not_compiled);
  EXPECT_EQ(automatic.error().name, jsonjit::precompile<map>().name);
  EXPECT_EQ(automatic.serialize(value), R"({"low":1,"high":2})");  // enumerations as keys by name, as STJ
  EXPECT_EQ(automatic.deserialize(R"({"low":1,"high":2})"), value);

  const serializer_options jit = with(engine::jit);
  const jsonjit::compiled<map> refused(jit);
  std::string out;
  expect_same_error(refused.serialize_to(value, out), jsonjit::serialize_to(value, out, jit));
  EXPECT_EQ(refused.serialize_to(value, out).info.code, error_code::not_compiled);
  map back;
  expect_same_error(refused.deserialize_into(back, "{}"), jsonjit::deserialize_into(back, "{}", jit));
}

TEST(JitCompiledHandle, ATypeWhoseConverterTheOptionsLackIsReportedByEveryCall) {
  JSONJIT_TEST_NEEDS_JIT();
  const jsonjit::compiled<Undescribed> held;
  ASSERT_TRUE(held.error());
  EXPECT_EQ(held.error().info.code, error_code::unsupported_type);
  std::string out;
  expect_same_error(held.serialize_to(Undescribed{}, out), jsonjit::serialize_to(Undescribed{}, out));
  Undescribed u;
  expect_same_error(held.deserialize_into(u, "{}"), jsonjit::deserialize_into(u, "{}"));
}

TEST(JitCompiledHandle, ManyThreadsShareOneHandle) {
  JSONJIT_TEST_NEEDS_JIT();
  const jsonjit::compiled<models::User> held;
  const std::vector<models::User> users = models::make_users();
  std::vector<std::string> expected;
  for (std::size_t i = 0; i < 64; ++i) expected.push_back(jsonjit::serialize(users[i]));
  std::vector<int> mismatches(4, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      std::string out;
      for (int round = 0; round < 50; ++round) {
        for (std::size_t i = 0; i < expected.size(); ++i) {
          models::User back;
          if (held.serialize_to(users[i], out) || out != expected[i] || held.deserialize_into(back, out) ||
              !(back == users[i])) {
            ++mismatches[static_cast<std::size_t>(t)];
          }
        }
      }
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(mismatches, std::vector<int>(4, 0));
}

}  // namespace
