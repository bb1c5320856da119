// The JIT's writers against the interpreter: the same bytes and the same errors, for every
// type it compiles, under several option sets; clear refusals for what it does not compile.
#include <gtest/gtest.h>

#include <jsonjit/jsonjit.hpp>

#include <atomic>
#include <cctype>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "dotnet_models.hpp"
#include "engines.hpp"

namespace jit_write_test {

using jsonjit::engine;
using jsonjit::error_code;
using jsonjit::serializer_options;

struct Widths {
  std::int8_t i8 = std::numeric_limits<std::int8_t>::min();
  std::uint8_t u8 = 255;
  std::int16_t i16 = -32768;
  std::uint16_t u16 = 65535;
  std::int32_t i32 = std::numeric_limits<std::int32_t>::min();
  std::uint32_t u32 = 4294967295u;
  std::int64_t i64 = std::numeric_limits<std::int64_t>::min();
  std::uint64_t u64 = std::numeric_limits<std::uint64_t>::max();
  bool yes = true;
  bool no = false;
};
struct Inner {
  std::string name;
  int count = 0;
};
struct Outer {
  Inner first;
  bool flag = false;
  Inner second;
  std::string note;
  Widths widths;
};
struct Empty {};
struct Containers {
  std::vector<int> ints;
  std::vector<std::string> strings;
  std::vector<Inner> inners;
  std::vector<bool> bits;  // no contiguous data: the interpreter's
  std::vector<std::vector<std::uint8_t>> nested;
  std::vector<jsonjit::uuid> ids;
  std::optional<int> maybe_int;
  std::optional<std::string> maybe_string;
  std::optional<Inner> maybe_inner;
  std::unique_ptr<Inner> owned;
  std::shared_ptr<Inner> shared;
  std::vector<std::int64_t> longs;
};
struct WithExtras {
  std::string name;
  std::map<std::string, jsonjit::node> extras;
};
struct WithOptional {
  std::optional<int> maybe;
};
/// A converter that writes a number, or fails the writer for negative values, or throws.
struct temperature {
  int degrees = 0;
};
struct temperature_converter {
  using value_type = temperature;
  void write(jsonjit::writer& out, const temperature& t, const serializer_options&) const {
    if (t.degrees == -999) throw std::runtime_error("sensor broken");
    if (t.degrees < 0) {
      out.number_value(std::nan(""));  // fails the writer: non_finite_number
      return;
    }
    out.start_object();
    out.property_name("C");
    out.number_value(t.degrees);
    out.end_object();
  }
  jsonjit::error_code read(jsonjit::reader&, temperature&, const serializer_options&) const {
    return error_code::none;
  }
};
struct Reading {
  std::string where;
  temperature inside;
  jsonjit::uuid sensor;
};
/// A code written as short text: "K-" and the number, or (for -1) a throw.
struct code {
  int number = 0;
};
struct code_converter {
  using value_type = code;
  static constexpr std::size_t max_text_size = 13;
  std::size_t write_text(char* out, const code& c, const serializer_options&) const {
    if (c.number == -1) throw std::runtime_error("no code");
    const std::string text = "K-" + std::to_string(c.number);
    text.copy(out, text.size());
    return text.size();
  }
  jsonjit::error_code read(jsonjit::reader&, code&, const serializer_options&) const { return error_code::none; }
};
/// The same text with room too large for generated code to reserve: written through a writer.
struct long_code_converter : code_converter {
  static constexpr std::size_t max_text_size = 1000;
};
struct Coded {
  code primary;
  std::optional<code> backup;
  std::vector<code> history;
  code other;
};
}  // namespace jit_write_test

template <>
struct jsonjit::meta<jit_write_test::code> {
  using converter = jit_write_test::code_converter;
};
template <>
struct jsonjit::meta<jit_write_test::Coded> {
  using T = jit_write_test::Coded;
  static constexpr auto properties = jsonjit::properties(
      jsonjit::property("primary", &T::primary), jsonjit::property("backup", &T::backup),
      jsonjit::property("history", &T::history),
      jsonjit::property("other", &T::other).with<jit_write_test::long_code_converter>());
};

template <>
struct jsonjit::meta<jit_write_test::WithExtras> {
  static constexpr auto properties =
      jsonjit::properties(jsonjit::property("name", &jit_write_test::WithExtras::name),
                          jsonjit::property("extras", &jit_write_test::WithExtras::extras).extension_data());
};

namespace jit_write_test {
struct Holder {
  Empty nothing;
  std::string text;
};
struct Self;  // recursive: calls itself through its slot
struct Self {
  std::string name;
  std::vector<Self> children;
};

/// How many times `what` occurs in `text`.
std::size_t occurrences(std::string_view text, std::string_view what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string_view::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

/// The same options with each engine.
std::pair<serializer_options, serializer_options> engines(serializer_options base) {
  serializer_options jit = base, interpreter = base;
  jit.engine(engine::jit);
  interpreter.engine(engine::interpreter);
  return {jit, interpreter};
}

std::uint64_t replays() {
  return jsonjit::jit_stats().writes_replayed;
}

/// The JIT writes `value` itself (no replay by the interpreter) and writes the interpreter's
/// bytes.
template <class T>
void expect_same_bytes(const T& value, const serializer_options& base = {}) {
  auto [jit, interpreter] = engines(base);
  const std::uint64_t replayed = replays();
  auto a = jsonjit::try_serialize(value, jit);
  auto b = jsonjit::try_serialize(value, interpreter);
  ASSERT_TRUE(a) << jsonjit::to_string(a.error());
  ASSERT_TRUE(b);
  EXPECT_EQ(*a, *b);
  EXPECT_EQ(replays(), replayed) << "the compiled writer failed and the interpreter wrote it";
}

TEST(JitWrite, ModelsAndEveryCompiledKindWriteTheInterpretersBytes) {
  JSONJIT_TEST_NEEDS_JIT();
  expect_same_bytes(models::make_login());
  expect_same_bytes(models::make_location());
  expect_same_bytes(models::make_simple_struct());
  expect_same_bytes(models::make_large_struct());
  expect_same_bytes(Widths{});
  expect_same_bytes(Widths{0, 0, 0, 0, 0, 0, 0, 0, false, true});
  expect_same_bytes(Outer{{"a\"b<c>&'", -1}, true, {"\xe2\x82\xac \xf0\x9d\x84\x9e \x01\n", 7}, "", {}});
  expect_same_bytes(Holder{{}, "x"});
  expect_same_bytes(Empty{});
  // The .NET expected file, through the JIT.
  serializer_options jit;
  jit.engine(engine::jit);
  EXPECT_EQ(jsonjit::serialize(models::make_login(), jit),
            R"({"Email":"name.familyname@not.com","Password":"abcdefgh123456!@","RememberMe":true})");
}

TEST(JitWrite, ModelsWithContainersGettersAndRecursionWriteTheInterpretersBytes) {
  JSONJIT_TEST_NEEDS_JIT();
  // Containers, optionals, getters, variants, recursion: the object and those values are
  // compiled, byte for byte as the interpreter writes them alone.
  expect_same_bytes(models::make_index(models::fixed_clock()));
  expect_same_bytes(models::make_my_events(models::fixed_clock()));
  expect_same_bytes(models::make_collections(models::fixed_clock()));
  expect_same_bytes(models::make_binary_data());
  expect_same_bytes(models::make_xml_class());
  expect_same_bytes(models::make_class_record());
  expect_same_bytes(Self{"root", {Self{"a", {}}, Self{"b", {Self{"c", {}}}}}});
  expect_same_bytes(WithOptional{});
  expect_same_bytes(WithOptional{7});
  // Their errors keep the interpreter's path, also inside a member written by the interpreter.
  auto [jit, interpreter] = engines({});
  const Self bad{"root", {Self{"a", {Self{"\xc3", {}}}}}};
  auto a = jsonjit::try_serialize(bad, jit);
  auto b = jsonjit::try_serialize(bad, interpreter);
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error().path, "$.children[0].children[0].name");
  EXPECT_EQ(a.error().path, b.error().path);
  EXPECT_EQ(a.error().info.code, b.error().info.code);
  // Nesting limits hold as in the interpreter: too deep a value fails the same way.
  serializer_options shallow;
  shallow.max_depth(2);
  auto [jit2, interpreter2] = engines(shallow);
  auto c = jsonjit::try_serialize(Self{"r", {Self{"a", {Self{"b", {}}}}}}, jit2);
  auto d = jsonjit::try_serialize(Self{"r", {Self{"a", {Self{"b", {}}}}}}, interpreter2);
  ASSERT_FALSE(d);
  ASSERT_FALSE(c);
  EXPECT_EQ(c.error().info.code, d.error().info.code);
  EXPECT_EQ(c.error().path, d.error().path);
}

/// Writes a value as `depth` nested arrays around a number: nesting a converter decides.
struct nest {
  int depth = 0;
};
struct nest_converter {
  using value_type = nest;
  void write(jsonjit::writer& out, const nest& n, const serializer_options&) const {
    for (int i = 0; i < n.depth; ++i) out.start_array();
    out.number_value(n.depth);
    for (int i = 0; i < n.depth; ++i) out.end_array();
  }
  error_code read(jsonjit::reader&, nest&, const serializer_options&) const { return error_code::none; }
};
struct Nesting {
  nest inside;
};
struct AroundNesting {
  Nesting nesting;
  std::vector<Nesting> list;
};

TEST(JitWrite, RecursiveTypesAndNestingLimitsAsTheInterpreters) {
  JSONJIT_TEST_NEEDS_JIT();
  // A type containing itself is compiled (it calls itself through its slot), and the nesting
  // limit is checked as the code runs, wherever a compiled type is used.
  Self chain{"0", {}};
  for (int i = 1; i < 6; ++i) chain = Self{std::to_string(i), {std::move(chain)}};
  for (int depth = 1; depth <= 13; ++depth) {
    serializer_options base;
    base.max_depth(depth);
    base.add_converter<nest_converter>();
    auto [jit, interpreter] = engines(base);
    auto check = [&, &jit = jit, &interpreter = interpreter](const auto& value) {
      auto a = jsonjit::try_serialize(value, jit);
      auto b = jsonjit::try_serialize(value, interpreter);
      ASSERT_EQ(a.has_value(), b.has_value()) << "max_depth " << depth;
      if (a) {
        EXPECT_EQ(*a, *b);
      } else {
        EXPECT_EQ(a.error().info.code, b.error().info.code);
        EXPECT_EQ(a.error().path, b.error().path);
      }
    };
    check(chain);
    // Nesting compiled alone first, then inside other objects and arrays (one level deeper,
    // then two): its converter gets the nesting still allowed where it is, each time.
    check(Nesting{{depth - 1}});
    check(Nesting{{depth}});
    check(AroundNesting{{{depth - 2}}, {}});
    check(AroundNesting{{{depth - 1}}, {}});
    check(AroundNesting{{{0}}, {Nesting{{depth - 3}}}});
    check(AroundNesting{{{0}}, {Nesting{{depth - 2}}}});
    if (HasFailure()) return;
  }
  // Compiled, and the children call the compiled writer itself, not the interpreter.
  std::string listing;
  serializer_options listed;
  listed.jit_dump([&](std::string_view text) { listing += text; });
  EXPECT_TRUE(jsonjit::try_serialize(chain, engines(listed).first));
  EXPECT_NE(listing.find("calls itself"), std::string::npos) << listing;
  EXPECT_EQ(listing.find("by the interpreter"), std::string::npos);
}

TEST(JitWrite, SequencesAndOptionalsAreLoopsAndBranches) {
  JSONJIT_TEST_NEEDS_JIT();
  Containers empty;
  expect_same_bytes(empty);
  Containers full;
  full.ints = {0, -1, 2147483647, std::numeric_limits<int>::min()};
  full.strings = {"", "a", std::string(40, '<'), "\xe2\x82\xac"};
  full.inners = {{"x", 1}, {"", 0}, {"y\n", -2}};
  full.bits = {true, false};
  full.nested = {{1, 2}, {}};
  full.ids = {jsonjit::uuid{}, *jsonjit::uuid::parse("994cd293-2b06-4dff-9c3e-7c081b46dc0a")};
  full.maybe_int = 0;
  full.maybe_string = "s";
  full.maybe_inner = Inner{"i", 3};
  full.owned = std::make_unique<Inner>(Inner{"o", 4});
  full.shared = std::make_shared<Inner>(Inner{"p", 5});
  for (int i = 0; i < 3000; ++i) full.longs.push_back(std::numeric_limits<std::int64_t>::min() + i);  // growth
  expect_same_bytes(full);
  serializer_options relaxed;
  relaxed.escaping(jsonjit::escape_mode::relaxed).naming(jsonjit::naming_policy::kebab_case_lower);
  expect_same_bytes(full, relaxed);
  // An error inside an element keeps its index in the path.
  full.inners[2].name = "\xc3";
  auto [jit, interpreter] = engines({});
  auto a = jsonjit::try_serialize(full, jit);
  auto b = jsonjit::try_serialize(full, interpreter);
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error().path, "$.inners[2].name");
  EXPECT_EQ(a.error().path, b.error().path);
  // Depth limits with arrays of objects: what the interpreter rejects, the compiled code
  // rejects alike; a type whose members reach the limit is not compiled (engine::jit says so,
  // engine::automatic gives the interpreter's result).
  for (int depth : {1, 2, 3, 4}) {
    serializer_options limited;
    limited.max_depth(depth);
    auto [jit_limited, interpreter_limited] = engines(limited);
    Containers c;
    c.inners = {{"x", 1}};
    auto x = jsonjit::try_serialize(c, jit_limited);
    auto y = jsonjit::try_serialize(c, interpreter_limited);
    if (!x && x.error().info.code == error_code::not_compiled) {
      auto z = jsonjit::try_serialize(c, limited);
      ASSERT_EQ(static_cast<bool>(z), static_cast<bool>(y)) << depth;
      if (!z) {
        EXPECT_EQ(z.error().path, y.error().path) << depth;
      }
      continue;
    }
    ASSERT_EQ(static_cast<bool>(x), static_cast<bool>(y)) << depth;
    if (x) {
      EXPECT_EQ(*x, *y);
    } else {
      EXPECT_EQ(x.error().info.code, y.error().info.code);
      EXPECT_EQ(x.error().path, y.error().path);
    }
  }
}

TEST(JitWrite, ConvertersAreCalledDirectly) {
  JSONJIT_TEST_NEEDS_JIT();
  // The library's converters (UUIDs, .NET dates in the models) and a user's, registered in
  // the options; their errors and exceptions are the interpreter's.
  for (const models::User& u : models::make_users(50)) expect_same_bytes(u);
  models::ActiveOrUpcomingEvent event;
  event.Name = "e";
  event.StartDate = {models::ticks_of(2025, 1, 15, 10, 30, 45), 60};
  expect_same_bytes(event);
  serializer_options with_converter;
  with_converter.add_converter<temperature_converter>();
  expect_same_bytes(Reading{"hall", {21}, {}}, with_converter);
  auto [jit, interpreter] = engines(with_converter);
  auto a = jsonjit::try_serialize(Reading{"hall", {-1}, {}}, jit);
  auto b = jsonjit::try_serialize(Reading{"hall", {-1}, {}}, interpreter);
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error().info.code, error_code::non_finite_number);
  EXPECT_EQ(a.error().info.code, b.error().info.code);
  EXPECT_EQ(a.error().path, b.error().path);
  EXPECT_THROW((void)jsonjit::serialize(Reading{"hall", {-999}, {}}, jit), std::runtime_error);
}

struct Identified {
  jsonjit::uuid id;
  std::optional<jsonjit::uuid> parent;
  std::vector<jsonjit::uuid> children;
};
/// A user's converter for uuids: upper case, in braces.
struct braced_uuid_converter {
  using value_type = jsonjit::uuid;
  void write(jsonjit::writer& out, const jsonjit::uuid& id, const serializer_options&) const {
    std::string text = "{" + id.to_string() + "}";
    for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    out.string_value(text);
  }
  jsonjit::error_code read(jsonjit::reader&, jsonjit::uuid&, const serializer_options&) const {
    return error_code::none;
  }
};

/// How many values T's compiled writer (under `base`, compiled afresh) writes as a text
/// converter's text in place, as its listing says.
template <class T>
std::size_t texts_in_place(const T& value, const serializer_options& base = {}) {
  serializer_options options = base;
  std::string listing;
  options.jit_dump([&](std::string_view l) {
    if (l.find("; jsonjit::write<") == 0) listing += l;
  });
  if (jsonjit::try_serialize(value, options).has_value() == false) return 0;
  return occurrences(listing, "; the converter's text, in place");
}

TEST(JitWrite, UuidsAreWrittenInPlaceUnlessAnotherConverterIsRegistered) {
  JSONJIT_TEST_NEEDS_JIT();
  // The built-in converter is a text converter: generated code writes its text without a
  // writer — every digit value in every position, in members, optionals and vectors, as the
  // interpreter's.
  Identified value;
  for (std::size_t i = 0; i < 16; ++i) value.id.bytes[i] = static_cast<std::uint8_t>(i * 17);
  jsonjit::uuid all_nibbles;
  for (std::size_t i = 0; i < 16; ++i) all_nibbles.bytes[i] = static_cast<std::uint8_t>((15 - i) << 4 | i);
  value.parent = all_nibbles;
  value.children = {value.id, all_nibbles, jsonjit::uuid{}};
  expect_same_bytes(value);
  EXPECT_EQ(jsonjit::serialize(value.id), "\"00112233-4455-6677-8899-aabbccddeeff\"");
  EXPECT_NE(jsonjit::serialize(value).find("\"f0e1d2c3-b4a5-9687-7869-5a4b3c2d1e0f\""), std::string::npos);
  for (const models::User& u : models::make_users(200)) expect_same_bytes(u);
  // A converter in the options replaces the built-in one, in generated code too.
  serializer_options braced;
  braced.add_converter<braced_uuid_converter>();
  expect_same_bytes(value, braced);
  EXPECT_NE(jsonjit::serialize(value, braced).find("{00112233-4455-6677-8899-AABBCCDDEEFF}"), std::string::npos);
  EXPECT_EQ(texts_in_place(value), 3u);  // the member, the optional's value, the vector's elements
  EXPECT_EQ(texts_in_place(value, braced), 0u);
}

static_assert(jsonjit::converter<jit_write_test::code_converter>);
/// write() or write_text(), not both: which one the engines call must not be a question.
struct both_converter : jit_write_test::code_converter {
  void write(jsonjit::writer&, const jit_write_test::code&, const serializer_options&) const {}
};
static_assert(!jsonjit::converter<both_converter>);

TEST(JitWrite, TextConvertersWriteInPlaceAsTheInterpreterWritesThem) {
  JSONJIT_TEST_NEEDS_JIT();
  Coded value{{7}, code{-25}, {{0}, {123456789}, {-2147483647}}, {42}};
  expect_same_bytes(value);
  EXPECT_EQ(jsonjit::serialize(value),
            R"({"primary":"K-7","backup":"K--25","history":["K-0","K-123456789","K--2147483647"],"other":"K-42"})");
  expect_same_bytes(Coded{{1}, std::nullopt, {}, {2}});
  // In place for the three values of code_converter; `other`'s room is too large to reserve.
  EXPECT_EQ(texts_in_place(value), 3u);
  // A throw in write_text reaches the caller, from either engine, after the interpreter wrote
  // the value again.
  auto [jit, interpreter] = engines({});
  EXPECT_THROW((void)jsonjit::serialize(Coded{{-1}, {}, {}, {}}, jit), std::runtime_error);
  EXPECT_THROW((void)jsonjit::serialize(Coded{{1}, {}, {{-1}}, {}}, interpreter), std::runtime_error);
  EXPECT_THROW((void)jsonjit::serialize(Coded{{1}, {}, {}, {-1}}, jit), std::runtime_error);
}

TEST(JitWrite, OptionsTheCompiledCodeBakesIn) {
  JSONJIT_TEST_NEEDS_JIT();
  serializer_options relaxed, camel, snake;
  relaxed.escaping(jsonjit::escape_mode::relaxed);
  camel.naming(jsonjit::naming_policy::camel_case);
  snake.naming(jsonjit::naming_policy::snake_case_upper).escaping(jsonjit::escape_mode::relaxed);
  const Outer o{{"\"quoted\" \\ <tag> \xc3\xa9", 1}, false, {"+", 2}, "\x7f", {}};
  for (const serializer_options* options : {&relaxed, &camel, &snake}) {
    expect_same_bytes(o, *options);
    expect_same_bytes(models::make_location(), *options);
  }
}

TEST(JitWrite, LongStringsAndGrowthFromAnEmptyBuffer) {
  JSONJIT_TEST_NEEDS_JIT();
  // Strings of every length around the escaper's 16-byte blocks and 1024-byte pieces, clean and
  // escape-heavy, so the output grows many times from a buffer that starts empty.
  for (std::size_t n : {0u, 1u, 15u, 16u, 17u, 31u, 32u, 33u, 1023u, 1024u, 1025u, 5000u}) {
    for (char c : {'a', '<', '\n'}) {
      Outer o{{std::string(n, c), 1}, true, {std::string(n / 2, 'z') + std::string(n / 2, c), 2}, std::string(n, c), {}};
      auto [jit, interpreter] = engines({});
      std::string a, b;
      ASSERT_FALSE(jsonjit::serialize_to(o, a, jit));
      ASSERT_FALSE(jsonjit::serialize_to(o, b, interpreter));
      EXPECT_EQ(a, b) << n << " " << static_cast<int>(c);
    }
  }
}

/// Members each ignore condition can leave out, in every order around always-written ones.
struct Sparse {
  std::optional<int> a;
  std::string b;
  int c = 0;
  std::unique_ptr<Inner> d;
  bool e = false;
  std::vector<int> f;
  std::optional<std::string> g;
  double h = 0;
};

/// A Sparse with the members whose bits are in `set` given a value (each member's bit is its
/// place, from 1 for `a`).
Sparse make_sparse(unsigned set) {
  Sparse v;
  if (set & 1) v.a = 0;
  if (set & 2) v.b = "b";
  if (set & 4) v.c = -3;
  if (set & 8) v.d = std::make_unique<Inner>(Inner{"d", 4});
  if (set & 16) v.e = true;
  if (set & 32) v.f = {1, 2};
  if (set & 64) v.g = "";
  if (set & 128) v.h = -0.0;  // not the default: compared by bits
  return v;
}

TEST(JitWrite, IgnoreConditionsLeaveOutWhatTheInterpreterLeavesOut) {
  JSONJIT_TEST_NEEDS_JIT();
  // Every combination of the eight members set or not, under each default ignore condition:
  // the commas and braces come out as the interpreter writes them.
  for (const auto ignore : {jsonjit::default_ignore::never, jsonjit::default_ignore::when_writing_null,
                            jsonjit::default_ignore::when_writing_default}) {
    serializer_options base;
    base.default_ignore(ignore);
    auto [jit, interpreter] = engines(base);
    for (unsigned set = 0; set < 256; ++set) {
      const Sparse v = make_sparse(set);
      auto a = jsonjit::try_serialize(v, jit);
      ASSERT_TRUE(a) << jsonjit::to_string(a.error());
      EXPECT_EQ(*a, jsonjit::serialize(v, interpreter)) << set;
    }
    Outer nested{{"", 0}, false, {"n", 1}, "", {}};
    EXPECT_EQ(jsonjit::serialize(nested, jit), jsonjit::serialize(nested, interpreter));
  }
}

/// A sink that keeps what it is given and can be told to fail from its n-th chunk on.
struct keeping_sink final : jsonjit::chunk_sink {
  std::string kept;
  int chunks = 0;
  int fail_from = -1;
  bool write_chunk(std::span<const char> bytes) override {
    if (++chunks == fail_from) return false;
    kept.append(bytes.data(), bytes.size());
    return true;
  }
};

/// A type whose second member may be left out by a condition only its getter's value decides.
struct Computed {
  int stored = 0;
  int twice() const { return 2 * stored; }
  std::optional<std::string> label() const {
    return stored > 0 ? std::optional<std::string>("p") : std::nullopt;
  }
};
}  // namespace jit_write_test

template <>
struct jsonjit::meta<jit_write_test::Computed> {
  using T = jit_write_test::Computed;
  static constexpr auto properties =
      jsonjit::properties(jsonjit::computed("label", &T::label), jsonjit::property("stored", &T::stored),
                          jsonjit::computed("twice", &T::twice));
};

namespace jit_write_test {
/// Getters of every shape the compiled writer takes: values with and without compiled
/// writers of their own, one through a property converter, one that throws, one of the
/// type itself.
struct Derived {
  std::string name;
  std::vector<int> ints;
  Inner inner() const { return {name + "!", static_cast<int>(ints.size())}; }
  std::vector<std::vector<int>> nested() const { return {ints, ints}; }
  std::string shout() const { return name + "<&>"; }
  std::optional<std::string> maybe() const { return ints.empty() ? std::nullopt : std::optional(name); }
  code coded() const { return {static_cast<int>(ints.size())}; }
  temperature warmth() const {
    if (name == "throw") throw std::runtime_error("no warmth");
    return {static_cast<int>(ints.size())};
  }
  std::unique_ptr<Derived> child() const {
    return name.size() > 1 ? std::make_unique<Derived>(Derived{name.substr(1), ints}) : nullptr;
  }
};
}  // namespace jit_write_test

template <>
struct jsonjit::meta<jit_write_test::Derived> {
  using T = jit_write_test::Derived;
  static constexpr auto properties = jsonjit::properties(
      jsonjit::property("name", &T::name), jsonjit::ignored(&T::ints), jsonjit::computed("inner", &T::inner),
      jsonjit::computed("nested", &T::nested), jsonjit::computed("shout", &T::shout),
      jsonjit::computed("maybe", &T::maybe), jsonjit::computed("coded", &T::coded),
      jsonjit::computed("long", &T::coded).with<jit_write_test::long_code_converter>(),
      jsonjit::computed("warmth", &T::warmth), jsonjit::computed("child", &T::child));
};

namespace jit_write_test {
TEST(JitWrite, GettersValuesAreWrittenByTheirTypesCompiledWriters) {
  JSONJIT_TEST_NEEDS_JIT();
  serializer_options base;
  base.add_converter<temperature_converter>();
  for (const Derived& d : {Derived{"abc", {1, 2}}, Derived{"", {}}, Derived{"x\xc3", {1}}}) {
    for (const bool indented : {false, true}) {
      serializer_options options = base;
      options.write_indented(indented);
      auto [jit, interpreter] = engines(options);
      auto a = jsonjit::try_serialize(d, jit);
      auto b = jsonjit::try_serialize(d, interpreter);
      ASSERT_EQ(a.has_value(), b.has_value());
      if (a) {
        EXPECT_EQ(*a, *b);
      } else {
        EXPECT_EQ(a.error().info.code, b.error().info.code);
        EXPECT_EQ(a.error().path, b.error().path);
      }
    }
  }
  // A getter that throws: the exception reaches the caller, as from the interpreter.
  auto [jit, interpreter] = engines(base);
  EXPECT_THROW((void)jsonjit::try_serialize(Derived{"throw", {}}, jit), std::runtime_error);
  // No value by the interpreter: each getter's value goes to its type's writer.
  std::string listing;
  serializer_options listed = base;
  listed.jit_dump([&](std::string_view text) { listing += text; });
  ASSERT_TRUE(jsonjit::try_serialize(Derived{"ab", {1}}, engines(listed).first));
  EXPECT_EQ(occurrences(listing, "; its getter's value, by its type's writer"), 8u) << listing;
  EXPECT_EQ(listing.find("by the interpreter"), std::string::npos) << listing;
}

struct Computeds {
  Computed first;
  std::vector<Computed> more;
  WithExtras extras;
};

/// Maps with integer and string keys, with every kind of value.
struct Maps {
  std::map<std::string, std::string> texts;
  std::map<std::int8_t, bool> flags;
  std::map<std::uint64_t, std::int16_t> numbers;
  std::map<std::int64_t, Inner> inners;
  std::map<std::string, std::optional<int>> maybes;
  std::map<std::string, std::map<int, double>> nested;
  std::map<std::string, temperature> converted;
  std::map<std::string, Self> selves;
};
Maps make_maps() {
  Maps m;
  m.texts = {{"", ""}, {"a\"b<>", "c\nd&"}, {"\xc3\xa9", std::string(40, 'x')}};
  m.flags = {{-128, true}, {0, false}, {127, true}};
  m.numbers = {{0, -32768}, {18446744073709551615ull, 32767}};
  m.inners = {{-9223372036854775807 - 1, {"min", 1}}, {42, {"", 0}}};
  m.maybes = {{"none", std::nullopt}, {"some", 3}};
  m.nested = {{"empty", {}}, {"two", {{1, 0.5}, {-2, 1e300}}}};
  m.converted = {{"t", {20}}};
  m.selves = {{"s", Self{"x", {Self{"y", {}}}}}};
  return m;
}

/// Values whose indentation, numbers, left-out members and interpreted members the compiled
/// writer must get right at several depths: at the top level, inside objects and arrays, in a
/// recursive chain, around values the interpreter or a converter writes.
void expect_same_bytes_for_all(const serializer_options& options) {
  expect_same_bytes(models::make_login(), options);
  expect_same_bytes(models::make_location(), options);
  expect_same_bytes(models::make_index(models::fixed_clock()), options);
  expect_same_bytes(models::make_my_events(models::fixed_clock()), options);
  expect_same_bytes(models::make_collections(models::fixed_clock()), options);
  expect_same_bytes(models::make_large_struct(), options);
  expect_same_bytes(Outer{{"a", -1}, true, {"b", 7}, "", {}}, options);
  expect_same_bytes(Widths{}, options);
  expect_same_bytes(Empty{}, options);
  expect_same_bytes(Holder{{}, "x"}, options);
  Containers full;
  full.ints = {0, -1, 2147483647};
  full.strings = {"", "a"};
  full.inners = {{"x", 1}, {"", 0}};
  full.bits = {true, false};
  full.nested = {{1, 2}, {}};
  full.maybe_int = 0;
  full.maybe_inner = Inner{"i", 3};
  full.owned = std::make_unique<Inner>(Inner{"o", 4});
  full.longs = {-5};
  expect_same_bytes(Containers{}, options);
  expect_same_bytes(full, options);
  Self chain{"0", {}};
  for (int i = 1; i < 6; ++i) chain = Self{std::to_string(i), {std::move(chain), Self{"leaf", {}}}};
  expect_same_bytes(chain, options);
  expect_same_bytes(AroundNesting{{{2}}, {Nesting{{1}}, Nesting{{0}}}}, options);
  expect_same_bytes(std::vector<Inner>{}, options);
  expect_same_bytes(std::vector<Inner>{{"a", 1}, {"b", 2}}, options);
  expect_same_bytes(std::vector<std::int64_t>{-1, 0, 1}, options);
  WithExtras extras{"n", {}};
  expect_same_bytes(extras, options);
  extras.extras.emplace("x", 1.5);
  extras.extras.emplace("y", *jsonjit::node::parse(R"({"z":[1,{}],"e":[]})"));
  expect_same_bytes(extras, options);
  expect_same_bytes(WithExtras{"", {{"only", "extra"}}}, options);
  for (int stored : {-1, 0, 1}) expect_same_bytes(Computed{stored}, options);
  expect_same_bytes(Computeds{{1}, {{0}, {-1}, {2}}, extras}, options);
  expect_same_bytes(Maps{}, options);
  expect_same_bytes(make_maps(), options);
}

TEST(JitWrite, IndentedOutputAsTheWritersAtEveryDepth) {
  JSONJIT_TEST_NEEDS_JIT();
  // The indentation depends on the nesting at run time (a compiled type is written at whatever
  // depth it is met); what the interpreter and converters write inside continues it.
  serializer_options two, tabs, none, wide, four;
  two.write_indented(true);
  tabs.write_indented(true).indent_char('\t').indent_size(1);
  none.write_indented(true).indent_size(0);
  wide.write_indented(true).indent_size(127).newline(jsonjit::newline::crlf);
  four.write_indented(true).indent_size(4).default_ignore(jsonjit::default_ignore::when_writing_null);
  for (serializer_options* options : {&two, &tabs, &none, &wide, &four}) {
    options->add_converter<nest_converter>();
    expect_same_bytes_for_all(*options);
    if (HasFailure()) return;
  }
  auto [jit, interpreter] = engines(two);
  EXPECT_EQ(jsonjit::serialize(Inner{"x", 1}, jit), "{\n  \"name\": \"x\",\n  \"count\": 1\n}");
  EXPECT_EQ(jsonjit::serialize(std::vector<Inner>{{"x", 1}}, jit),
            "[\n  {\n    \"name\": \"x\",\n    \"count\": 1\n  }\n]");
  EXPECT_EQ(jsonjit::serialize(Containers{}, jit).substr(0, 19), "{\n  \"ints\": [],\n  \"");
  // Every combination of members left out: the closing line only after a member.
  serializer_options sparse_options;
  sparse_options.write_indented(true).default_ignore(jsonjit::default_ignore::when_writing_default);
  for (unsigned set = 0; set < 256; ++set) expect_same_bytes(make_sparse(set), sparse_options);
  // Deep lines grow a small chunked output many times.
  Self chain{"0", {}};
  for (int i = 1; i < 30; ++i) chain = Self{"", {std::move(chain)}};  // 59 levels: within max_depth
  auto [wide_jit, wide_interpreter] = engines(wide);
  keeping_sink sink;
  jsonjit::chunked_output chunks(sink, 64);
  const std::uint64_t replayed = replays();
  const auto e = jsonjit::serialize_to(chain, chunks, wide_jit);
  ASSERT_FALSE(e) << jsonjit::to_string(e);
  EXPECT_EQ(replays(), replayed);
  EXPECT_EQ(sink.kept, jsonjit::serialize(chain, wide_interpreter));
  EXPECT_GT(sink.kept.size(), 59u * 59u * 127u);
}

TEST(JitWrite, QuotedNumbersAndMembersLeftToTheInterpreter) {
  JSONJIT_TEST_NEEDS_JIT();
  // Integers in quotes; getters whose ignore condition needs their value and extension data,
  // written by the interpreter among the compiled members, commas and all.
  serializer_options quoted, quoted_indented, skip_null, skip_default;
  quoted.numbers(jsonjit::number_handling::write_as_string);
  quoted_indented.numbers(jsonjit::number_handling::write_as_string).write_indented(true);
  skip_null.default_ignore(jsonjit::default_ignore::when_writing_null);
  skip_default.default_ignore(jsonjit::default_ignore::when_writing_default);
  for (serializer_options* options : {&quoted, &quoted_indented, &skip_null, &skip_default}) {
    options->add_converter<nest_converter>();
    expect_same_bytes_for_all(*options);
    if (HasFailure()) return;
  }
  auto [jit, interpreter] = engines(quoted);
  EXPECT_EQ(jsonjit::serialize(Inner{"x", -12}, jit), R"({"name":"x","count":"-12"})");
  auto [jit_default, interpreter_default] = engines(skip_default);
  EXPECT_EQ(jsonjit::serialize(Computed{0}, jit_default), "{}");
  EXPECT_EQ(jsonjit::serialize(Computed{1}, jit_default), R"({"label":"p","stored":1,"twice":2})");
  EXPECT_EQ(jsonjit::serialize(WithExtras{"", {{"a", 1.0}}}, jit_default), R"({"a":1})");
}

TEST(JitWrite, MapsAreWrittenByGeneratedVisitorsAsTheInterpreterWritesThem) {
  JSONJIT_TEST_NEEDS_JIT();
  expect_same_bytes(make_maps());
  serializer_options converter, relaxed, keys_named;
  converter.add_converter<temperature_converter>();
  relaxed.escaping(jsonjit::escape_mode::relaxed).add_converter<temperature_converter>();
  keys_named.key_naming(jsonjit::naming_policy::camel_case).add_converter<temperature_converter>();
  for (const serializer_options* options : {&converter, &relaxed, &keys_named})
    expect_same_bytes(make_maps(), *options);
  // Errors in keys and values, and the nesting limit, as the interpreter reports them.
  auto [jit, interpreter] = engines(converter);
  Maps bad_key;
  bad_key.texts = {{"\xff", "v"}};
  Maps bad_value = make_maps();
  bad_value.inners[42].name = "\xc3";
  Maps bad_converted;
  bad_converted.converted = {{"cold", {-1}}};
  for (const Maps* bad : {&bad_key, &bad_value, &bad_converted}) {
    auto a = jsonjit::try_serialize(*bad, jit);
    auto b = jsonjit::try_serialize(*bad, interpreter);
    ASSERT_FALSE(a);
    ASSERT_FALSE(b);
    EXPECT_EQ(a.error().info.code, b.error().info.code);
    EXPECT_EQ(a.error().path, b.error().path);
  }
  for (int depth = 1; depth <= 5; ++depth) {
    serializer_options limited = converter;
    limited.max_depth(depth);
    auto [jit_limited, interpreter_limited] = engines(limited);
    auto a = jsonjit::try_serialize(make_maps(), jit_limited);
    auto b = jsonjit::try_serialize(make_maps(), interpreter_limited);
    ASSERT_EQ(a.has_value(), b.has_value()) << depth;
    if (a) {
      EXPECT_EQ(*a, *b);
    } else {
      EXPECT_EQ(a.error().info.code, b.error().info.code);
      EXPECT_EQ(a.error().path, b.error().path);
    }
  }
  // Compiled: each map type is a function handing the map to its for_each with a generated
  // visitor for one entry (the 8 members' and the map inside `nested`), nothing interpreted.
  std::string listing;
  serializer_options listed = converter;
  listed.jit_dump([&](std::string_view text) { listing += text; });
  EXPECT_TRUE(jsonjit::try_serialize(make_maps(), engines(listed).first));
  EXPECT_EQ(occurrences(listing, "; entries, by its for_each"), 9u) << listing;
  EXPECT_EQ(occurrences(listing, "; one entry"), 9u);
  EXPECT_EQ(listing.find("by the interpreter"), std::string::npos);
  // Keys renamed by a policy are the interpreter's: that map type is refused, and written
  // by the interpreter inside the compiled object.
  const std::string refusal = jsonjit::precompile<std::map<std::string, int>>(engines(keys_named).first).name;
  EXPECT_NE(refusal.find("only maps whose keys are integers, or strings under no key naming policy"),
            std::string::npos)
      << refusal;
}

TEST(JitWrite, ShortStringsCopiedInlineOnlyWhenNothingIsEscaped) {
  JSONJIT_TEST_NEEDS_JIT();
  // Strings up to 31 bytes are checked and copied by the generated code itself; every
  // character either escaping mode escapes, at every position of every length (in place and
  // in heap storage), must still come out as the writer writes it.
  const std::string specials[] = {"\"", "\\", "<", ">", "&", "'", "+", "`", "\x7f", "\x01", "\x1f",
                                  "\xc3\xa9", "\xff", " ", "~"};
  for (const jsonjit::escape_mode mode : {jsonjit::escape_mode::html_safe, jsonjit::escape_mode::relaxed}) {
    serializer_options base;
    base.escaping(mode);
    auto [jit, interpreter] = engines(base);
    for (std::size_t n = 0; n <= 33; ++n) {
      for (const std::string& special : specials) {
        for (std::size_t at = 0; at <= n; ++at) {
          std::string text = std::string(at, 'a') + special + std::string(n - at, 'b');
          std::string on_heap;
          on_heap.reserve(64);
          on_heap = text.substr(0, n);
          const Inner values[] = {{text, 1}, {text.substr(0, n), 2}, {on_heap, 3}};
          for (const Inner& value : values) {
            auto a = jsonjit::try_serialize(value, jit);
            auto b = jsonjit::try_serialize(value, interpreter);
            ASSERT_EQ(a.has_value(), b.has_value()) << value.name;
            if (a) {
              EXPECT_EQ(*a, *b);
            } else {
              EXPECT_EQ(a.error().info.code, b.error().info.code);
            }
          }
        }
      }
    }
  }
}

TEST(JitWrite, LongStringsAreCopiedByVectorsUpToTheFirstEscape) {
  JSONJIT_TEST_NEEDS_JIT();
  // Strings of 32 bytes and more: the shared routine checks and copies 16 bytes at a time
  // (the last vector overlapping) and hands the rest to a helper from the first vector with a
  // byte to escape. Escapes at the edges of every vector, several of them, invalid UTF-8
  // after clean vectors, and windows too small for the string (a chunked output of 64-byte
  // chunks: the general helper) must all come out as the writer writes them.
  const std::string specials[] = {"\"", "<", "\x01", "\xc3\xa9", "\xf0\x9d\x84\x9e", "\xff", "\xc3"};
  for (const jsonjit::escape_mode mode : {jsonjit::escape_mode::html_safe, jsonjit::escape_mode::relaxed}) {
    serializer_options base;
    base.escaping(mode);
    auto [jit, interpreter] = engines(base);
    for (const std::size_t n : {32u, 33u, 47u, 48u, 49u, 63u, 64u, 100u, 1023u, 1024u, 1025u, 5000u}) {
      std::vector<std::string> texts{std::string(n, 'x')};
      for (const std::string& special : specials) {
        for (const std::size_t at : {std::size_t{0}, std::size_t{15}, std::size_t{16}, std::size_t{31}, n / 2, n - 17,
                                     n - 16, n - 1}) {
          std::string text(n, 'x');
          text.replace(at, 1, special);
          texts.push_back(text);
        }
        std::string many(n, 'y');
        for (std::size_t at = 3; at + special.size() < n; at += 37) many.replace(at, special.size(), special);
        texts.push_back(many);
      }
      for (const std::string& text : texts) {
        const Inner value{text, 1};
        const std::uint64_t replayed = replays();
        auto a = jsonjit::try_serialize(value, jit);
        const bool compiled_wrote_it = replays() == replayed;
        auto b = jsonjit::try_serialize(value, interpreter);
        ASSERT_EQ(a.has_value(), b.has_value()) << n;
        if (a) {
          ASSERT_EQ(*a, *b) << n;
          EXPECT_TRUE(compiled_wrote_it) << "replayed: " << *b;
        } else {
          EXPECT_EQ(a.error().info.code, b.error().info.code);
          EXPECT_EQ(a.error().path, b.error().path);
        }
        keeping_sink sink;
        jsonjit::chunked_output chunks(sink, 64);
        const auto e = jsonjit::serialize_to(value, chunks, jit);
        EXPECT_EQ(e.info.code, a ? error_code::none : a.error().info.code);
        if (a) {
          EXPECT_EQ(sink.kept, *a);
        }
      }
    }
  }
}

TEST(JitWrite, EveryByteValueInAShortStringIsClassifiedAsTheWriterDoes) {
  JSONJIT_TEST_NEEDS_JIT();
  // The generated code classifies 16 bytes at once (by table lookups where the processor has
  // SSSE3, by compares without it: JSONJIT_CPU=baseline runs this again): every byte value, at
  // the start, the middle and the end of strings of the lengths it handles in one and two
  // vectors, must come out as the writer writes it (or fail as it fails: bytes that are not
  // UTF-8 on their own).
  for (const jsonjit::escape_mode mode : {jsonjit::escape_mode::html_safe, jsonjit::escape_mode::relaxed}) {
    serializer_options base;
    base.escaping(mode);
    auto [jit, interpreter] = engines(base);
    for (int byte = 0; byte < 256; ++byte) {
      for (const std::size_t n : {1u, 2u, 15u, 16u, 17u, 31u}) {
        for (const std::size_t at : {std::size_t{0}, n / 2, n - 1}) {
          std::string text(n, 'x');
          text[at] = static_cast<char>(byte);
          const Inner value{text, 1};
          auto a = jsonjit::try_serialize(value, jit);
          auto b = jsonjit::try_serialize(value, interpreter);
          ASSERT_EQ(a.has_value(), b.has_value()) << "byte " << byte << " at " << at << " of " << n;
          if (a) {
            EXPECT_EQ(*a, *b) << "byte " << byte << " at " << at << " of " << n;
          } else {
            EXPECT_EQ(a.error().info.code, b.error().info.code);
          }
        }
      }
    }
  }
}

TEST(JitWrite, ErrorsAreTheInterpretersWithTheSamePath) {
  JSONJIT_TEST_NEEDS_JIT();
  const Outer bad{{"ok", 1}, false, {"\xff", 2}, "", {}};
  auto [jit, interpreter] = engines({});
  auto a = jsonjit::try_serialize(bad, jit);
  auto b = jsonjit::try_serialize(bad, interpreter);
  ASSERT_FALSE(a);
  ASSERT_FALSE(b);
  EXPECT_EQ(a.error().info.code, error_code::invalid_utf8);
  EXPECT_EQ(a.error().info.code, b.error().info.code);
  EXPECT_EQ(a.error().path, "$.second.name");
  EXPECT_EQ(a.error().path, b.error().path);
}

TEST(JitWrite, OutputsOtherThanStrings) {
  JSONJIT_TEST_NEEDS_JIT();
  // Small chunks: the compiled writer's room checks hand full chunks to the sink.
  auto [jit, interpreter] = engines({});
  const Outer o{{std::string(300, 'x'), 1}, true, {"y", 2}, std::string(100, '&'), {}};
  keeping_sink sink;
  jsonjit::chunked_output chunks(sink, 64);
  ASSERT_FALSE(jsonjit::serialize_to(o, chunks, jit));
  EXPECT_EQ(sink.kept, jsonjit::serialize(o, interpreter));
  EXPECT_GT(sink.chunks, 5);

  // A sink that fails: reported, and nothing is written to it twice.
  keeping_sink failing;
  failing.fail_from = 2;
  jsonjit::chunked_output failing_chunks(failing, 64);
  const auto e = jsonjit::serialize_to(o, failing_chunks, jit);
  EXPECT_EQ(e.info.code, error_code::sink_failed);
  EXPECT_EQ(failing.chunks, 2);
}

enum class level { low, high };

TEST(JitWrite, EngineJitSaysWhatItDoesNotCompile) {
  JSONJIT_TEST_NEEDS_JIT();
  serializer_options jit;
  jit.engine(engine::jit);
  auto check = [](const auto& value, const serializer_options& options, std::string_view reason) {
    auto r = jsonjit::try_serialize(value, options);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().info.code, error_code::not_compiled);
    EXPECT_NE(r.error().name.find(reason), std::string::npos) << r.error().name;
  };
  // Map keys the generated code does not write: enumerations, and strings renamed by a
  // key naming policy.
  constexpr std::string_view keys = "only maps whose keys are integers, or strings under no key naming policy";
  check(std::map<level, int>{{level::high, 1}}, jit, keys);
  serializer_options renamed = jit;
  renamed.key_naming(jsonjit::naming_policy::snake_case_lower);
  check(std::map<std::string, int>{{"aB", 1}}, renamed, keys);
  // The same under engine::automatic: written by the interpreter, no error.
  // (Enumerations as keys by name, as STJ writes them: the names are reflected.)
  EXPECT_EQ(jsonjit::serialize(std::map<level, int>{{level::high, 1}}), R"({"high":1})");
  serializer_options renamed_automatic;
  renamed_automatic.key_naming(jsonjit::naming_policy::snake_case_lower);
  EXPECT_EQ(jsonjit::serialize(std::map<std::string, int>{{"aB", 1}}, renamed_automatic), R"({"a_b":1})");
  // What earlier versions refused is compiled now: top-level maps and scalars, nested
  // sequences.
  EXPECT_EQ(jsonjit::serialize(std::map<std::string, int>{{"a", 1}}, jit), R"({"a":1})");
  EXPECT_EQ(jsonjit::serialize(std::vector<std::vector<int>>{{1}, {}}, jit), "[[1],[]]");
  EXPECT_EQ(jsonjit::serialize(2.5, jit), "2.5");
}

TEST(JitWrite, ManyThreadsCompileAndWriteTheSameTypes) {
  JSONJIT_TEST_NEEDS_JIT();
  // Fresh options: every thread asks for the writers at once; each is compiled once (under
  // the options' JIT lock) and every output is right.
  serializer_options options;
  options.engine(engine::jit);
  const std::string expected_outer =
      jsonjit::serialize(Outer{{"n", 1}, true, {"m", 2}, "note", {}}, serializer_options{});
  const std::string expected_location = jsonjit::serialize(models::make_location(), serializer_options{});
  std::vector<std::thread> threads;
  std::atomic<int> wrong{0};
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&] {
      std::string out;
      for (int i = 0; i < 200; ++i) {
        if (jsonjit::serialize_to(Outer{{"n", 1}, true, {"m", 2}, "note", {}}, out, options) || out != expected_outer) ++wrong;
        if (jsonjit::serialize_to(models::make_location(), out, options) || out != expected_location) ++wrong;
      }
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(wrong.load(), 0);
}

}  // namespace jit_write_test
