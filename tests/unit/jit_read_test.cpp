// The JIT's readers against the interpreter: the same values from the same inputs — valid,
// reordered, padded, and mutated byte by byte into errors — and the same errors (code,
// position, path, name), under several option sets; the compiled code reads the common inputs
// itself (no replay by the interpreter); clear refusals for what it does not compile.
#include <gtest/gtest.h>

#include <jsonjit/jsonjit.hpp>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "dotnet_models.hpp"
#include "engines.hpp"

namespace jit_read_test {

using jsonjit::engine;
using jsonjit::error_code;
using jsonjit::serializer_options;

struct Widths {
  std::int8_t i8 = -128;
  std::uint8_t u8 = 255;
  std::int16_t i16 = -32768;
  std::uint16_t u16 = 65535;
  std::int32_t i32 = -2147483647 - 1;
  std::uint32_t u32 = 4294967295u;
  std::int64_t i64 = -9223372036854775807 - 1;
  std::uint64_t u64 = 18446744073709551615ull;
  float f32 = 1.5f;
  double f64 = -2.25e-300;
  bool yes = true;
  bool no = false;
  friend bool operator==(const Widths&, const Widths&) = default;
};
struct Inner {
  std::string name;
  int count = 0;
  friend bool operator==(const Inner&, const Inner&) = default;
};
enum class Color { red, green };
struct Everything {
  Inner first;
  std::vector<int> ints;
  std::vector<std::string> strings;
  std::vector<Inner> inners;
  std::vector<bool> bits;  // no emplace_back: the interpreter's
  std::optional<int> maybe_int;
  std::optional<std::string> maybe_string;
  std::optional<Inner> maybe_inner;
  std::unique_ptr<Inner> owned;
  std::map<std::string, int> counts;
  Color color = Color::red;
  jsonjit::uuid id;
  Widths widths;
  std::string note;
};
struct Required {
  int a = 0;
  int b = 0;
  friend bool operator==(const Required&, const Required&) = default;
};
struct Deep {
  Inner inner;
  std::vector<Inner> list;
  std::map<int, std::string> names;
  std::map<std::string, Inner> by_name;
};

/// Unknown members collected (the extension member's own name is unknown data too).
struct Collecting {
  std::string name;
  int count = 0;
  std::map<std::string, jsonjit::node> rest;
};
/// More properties than the seen mask has bits (declared in meta: aggregates reflect 64).
struct Wide {
  int m0 = 0, m1 = 0, m2 = 0, m3 = 0, m4 = 0, m5 = 0, m6 = 0, m7 = 0, m8 = 0, m9 = 0;
  int m10 = 0, m11 = 0, m12 = 0, m13 = 0, m14 = 0, m15 = 0, m16 = 0, m17 = 0, m18 = 0, m19 = 0;
  int m20 = 0, m21 = 0, m22 = 0, m23 = 0, m24 = 0, m25 = 0, m26 = 0, m27 = 0, m28 = 0, m29 = 0;
  int m30 = 0, m31 = 0, m32 = 0, m33 = 0, m34 = 0, m35 = 0, m36 = 0, m37 = 0, m38 = 0, m39 = 0;
  int m40 = 0, m41 = 0, m42 = 0, m43 = 0, m44 = 0, m45 = 0, m46 = 0, m47 = 0, m48 = 0, m49 = 0;
  int m50 = 0, m51 = 0, m52 = 0, m53 = 0, m54 = 0, m55 = 0, m56 = 0, m57 = 0, m58 = 0, m59 = 0;
  int m60 = 0, m61 = 0, m62 = 0, m63 = 0, m64 = 0, m65 = 0, m66 = 0, m67 = 0, m68 = 0, m69 = 0;
  std::string last;
  friend bool operator==(const Wide&, const Wide&) = default;
};

/// A converter that reads string tokens from their text and numbers through the reader.
struct tagged {
  std::string text;
  int number = 0;
  bool by_text = false;
  friend bool operator==(const tagged&, const tagged&) = default;
};
struct tagged_converter {
  using value_type = tagged;
  void write(jsonjit::writer& out, const tagged& t, const serializer_options&) const {
    out.string_value(t.text);
  }
  error_code read(jsonjit::reader& in, tagged& t, const serializer_options&) const {
    const auto n = in.get_int32();
    if (!n) return n.error();
    t = {"", *n, false};
    return error_code::none;
  }
  error_code read_string(std::string_view text, tagged& t, const serializer_options&) const {
    if (text == "bad") return error_code::invalid_value_format;
    t = {std::string(text), 0, true};
    return error_code::none;
  }
};
struct Tagged {
  tagged one;
  std::vector<tagged> many;
  friend bool operator==(const Tagged&, const Tagged&) = default;
};

struct Tree {
  std::string name;
  std::vector<Tree> children;
  std::unique_ptr<Tree> next;
};

/// Built by its constructor, which checks its arguments (no default constructor): one argument
/// a getter's, one a member; after it a member moved in, a value set through a setter, a
/// compiled member object, a sequence and extension data.
class Account {
 public:
  Account(std::int64_t id, std::string name) : owner(std::move(name)), id_(id) {
    if (owner == "nobody") throw std::invalid_argument("owner");
  }
  std::int64_t id() const { return id_; }
  int limit() const { return limit_; }
  void set_limit(int limit) { limit_ = limit; }
  std::string owner;
  std::string note = "new";  // kept when absent from the JSON
  std::vector<int> tags;
  Inner inner;
  std::map<std::string, jsonjit::node> rest;

 private:
  std::int64_t id_;
  int limit_ = 100;
};
/// Default-constructible, but read through its constructor (which orders the two).
struct Period {
  Period() = default;
  Period(int from, int to) : first(from), last(std::max(from, to)) {}
  int first = 0;
  int last = 0;
  friend bool operator==(const Period&, const Period&) = default;
};
struct Ledger {
  Period period;
  std::vector<Period> periods;
  std::optional<Period> maybe;
  std::map<std::string, Period> by_name;
  std::string name;
};
/// Its constructor takes an object without a default constructor: the frame cannot hold one.
struct Holder {
  explicit Holder(Account a) : account(std::move(a)) {}
  Account account;
};

/// Alternatives of a tagged variant.
struct Circle {
  double radius = 0;
};
struct Square {
  double side = 0;
};
}  // namespace jit_read_test

template <>
struct jsonjit::meta<jit_read_test::Circle> {
  static constexpr auto properties = jsonjit::properties(jsonjit::property("radius", &jit_read_test::Circle::radius));
  static constexpr std::string_view tag = "circle";
};
template <>
struct jsonjit::meta<jit_read_test::Square> {
  static constexpr auto properties = jsonjit::properties(jsonjit::property("side", &jit_read_test::Square::side));
  static constexpr std::string_view tag = "square";
};

template <>
struct jsonjit::meta<jit_read_test::Account> {
  using T = jit_read_test::Account;
  static constexpr auto properties = jsonjit::properties(
      jsonjit::computed("id", &T::id), jsonjit::property("owner", &T::owner),
      jsonjit::property("note", &T::note), jsonjit::property("limit", &T::limit, &T::set_limit),
      jsonjit::property("tags", &T::tags), jsonjit::property("inner", &T::inner),
      jsonjit::property("rest", &T::rest).extension_data());
  static constexpr auto constructor = jsonjit::constructor<std::int64_t, std::string>("id", "owner");
};
template <>
struct jsonjit::meta<jit_read_test::Period> {
  using T = jit_read_test::Period;
  static constexpr auto properties =
      jsonjit::properties(jsonjit::property("first", &T::first), jsonjit::property("last", &T::last));
  static constexpr auto constructor = jsonjit::constructor<int, int>("first", "last");
};
template <>
struct jsonjit::meta<jit_read_test::Holder> {
  using T = jit_read_test::Holder;
  static constexpr auto properties = jsonjit::properties(jsonjit::property("account", &T::account));
  static constexpr auto constructor = jsonjit::constructor<jit_read_test::Account>("account");
};

template <>
struct jsonjit::meta<jit_read_test::Required> {
  using T = jit_read_test::Required;
  static constexpr auto properties = jsonjit::properties(jsonjit::property("a", &T::a).required(), jsonjit::property("b", &T::b));
};

template <>
struct jsonjit::meta<jit_read_test::Collecting> {
  using T = jit_read_test::Collecting;
  static constexpr auto properties =
      jsonjit::properties(jsonjit::property("name", &T::name), jsonjit::property("count", &T::count),
                          jsonjit::property("rest", &T::rest).extension_data());
};

template <>
struct jsonjit::meta<jit_read_test::Wide> {
  using T = jit_read_test::Wide;
  static constexpr auto properties = jsonjit::properties(
      jsonjit::property("m0", &T::m0), jsonjit::property("m1", &T::m1), jsonjit::property("m2", &T::m2),
      jsonjit::property("m3", &T::m3), jsonjit::property("m4", &T::m4), jsonjit::property("m5", &T::m5),
      jsonjit::property("m6", &T::m6), jsonjit::property("m7", &T::m7), jsonjit::property("m8", &T::m8),
      jsonjit::property("m9", &T::m9), jsonjit::property("m10", &T::m10), jsonjit::property("m11", &T::m11),
      jsonjit::property("m12", &T::m12), jsonjit::property("m13", &T::m13), jsonjit::property("m14", &T::m14),
      jsonjit::property("m15", &T::m15), jsonjit::property("m16", &T::m16), jsonjit::property("m17", &T::m17),
      jsonjit::property("m18", &T::m18), jsonjit::property("m19", &T::m19), jsonjit::property("m20", &T::m20),
      jsonjit::property("m21", &T::m21), jsonjit::property("m22", &T::m22), jsonjit::property("m23", &T::m23),
      jsonjit::property("m24", &T::m24), jsonjit::property("m25", &T::m25), jsonjit::property("m26", &T::m26),
      jsonjit::property("m27", &T::m27), jsonjit::property("m28", &T::m28), jsonjit::property("m29", &T::m29),
      jsonjit::property("m30", &T::m30), jsonjit::property("m31", &T::m31), jsonjit::property("m32", &T::m32),
      jsonjit::property("m33", &T::m33), jsonjit::property("m34", &T::m34), jsonjit::property("m35", &T::m35),
      jsonjit::property("m36", &T::m36), jsonjit::property("m37", &T::m37), jsonjit::property("m38", &T::m38),
      jsonjit::property("m39", &T::m39), jsonjit::property("m40", &T::m40), jsonjit::property("m41", &T::m41),
      jsonjit::property("m42", &T::m42), jsonjit::property("m43", &T::m43), jsonjit::property("m44", &T::m44),
      jsonjit::property("m45", &T::m45), jsonjit::property("m46", &T::m46), jsonjit::property("m47", &T::m47),
      jsonjit::property("m48", &T::m48), jsonjit::property("m49", &T::m49), jsonjit::property("m50", &T::m50),
      jsonjit::property("m51", &T::m51), jsonjit::property("m52", &T::m52), jsonjit::property("m53", &T::m53),
      jsonjit::property("m54", &T::m54), jsonjit::property("m55", &T::m55), jsonjit::property("m56", &T::m56),
      jsonjit::property("m57", &T::m57), jsonjit::property("m58", &T::m58), jsonjit::property("m59", &T::m59),
      jsonjit::property("m60", &T::m60), jsonjit::property("m61", &T::m61), jsonjit::property("m62", &T::m62),
      jsonjit::property("m63", &T::m63), jsonjit::property("m64", &T::m64), jsonjit::property("m65", &T::m65),
      jsonjit::property("m66", &T::m66), jsonjit::property("m67", &T::m67), jsonjit::property("m68", &T::m68),
      jsonjit::property("m69", &T::m69), jsonjit::property("last", &T::last));
};

namespace jit_read_test {
namespace {

/// Options with the given engine, built by `configure` (each engine its own options object).
template <class Configure>
serializer_options with_engine(engine e, Configure configure) {
  serializer_options o;
  configure(o);
  o.engine(e);
  return o;
}

/// A serialization of what was read, for types without ==.
template <class T>
std::string shown(const T& value) {
  static const serializer_options plain = with_engine(engine::interpreter, [](serializer_options&) {});
  return jsonjit::serialize(value, plain);
}

void expect_same_error(const jsonjit::parse_error& ea, const jsonjit::parse_error& eb,
                       const std::string& where) {
  ASSERT_EQ(ea.info.code, eb.info.code) << where;
  EXPECT_EQ(ea.info.offset, eb.info.offset) << where;
  EXPECT_EQ(ea.info.line, eb.info.line) << where;
  EXPECT_EQ(ea.info.column, eb.info.column) << where;
  EXPECT_EQ(ea.path, eb.path) << where;
  EXPECT_EQ(ea.name, eb.name) << where;
}

/// Reads `json` into a T with both engines (a new T where it has no default constructor);
/// the same error or the same value.
template <class T>
void same_reading(std::string_view json, const serializer_options& interp, const serializer_options& jit) {
  const std::string where = "input: " + std::string(json);
  if constexpr (std::is_default_constructible_v<T>) {
    T a{}, b{};
    const auto ea = jsonjit::deserialize_into(a, json, interp);
    expect_same_error(ea, jsonjit::deserialize_into(b, json, jit), where);
    if (!ea) {
      EXPECT_EQ(shown(a), shown(b)) << where;
    }
  } else {
    const auto a = jsonjit::try_deserialize<T>(json, interp);
    const auto b = jsonjit::try_deserialize<T>(json, jit);
    ASSERT_EQ(a.has_value(), b.has_value()) << where;
    if (a) {
      EXPECT_EQ(shown(*a), shown(*b)) << where;
    } else {
      expect_same_error(a.error(), b.error(), where);
    }
  }
}

/// Every one-byte deletion, replacement and insertion of `json`, read by both engines.
template <class T>
void mutations_read_alike(const std::string& json, const serializer_options& interp, const serializer_options& jit) {
  static constexpr char replacements[] = {' ', '"', '\\', '0', '9', '-', '.', 'e', '}', ']', '{', ',', ':', 'x', '\n', '\x80', '\xff'};
  for (std::size_t i = 0; i <= json.size(); ++i) {
    if (i < json.size()) {
      same_reading<T>(json.substr(0, i) + json.substr(i + 1), interp, jit);
      for (const char c : replacements) {
        std::string changed = json;
        changed[i] = c;
        same_reading<T>(changed, interp, jit);
      }
    }
    same_reading<T>(json.substr(0, i) + " " + json.substr(i), interp, jit);
    same_reading<T>(json.substr(0, i) + "," + json.substr(i), interp, jit);
    if (::testing::Test::HasFailure()) return;  // one failing input says enough
  }
}

Everything make_everything() {
  Everything e;
  e.first = {"first", 1};
  e.ints = {1, -2, 30};
  e.strings = {"a", "", "long enough to leave the small buffer of the string"};
  e.inners = {{"x", 1}, {"y", -1}};
  e.bits = {true, false};
  e.maybe_int = 7;
  e.maybe_inner = Inner{"m", 3};
  e.owned = std::make_unique<Inner>(Inner{"o", 4});
  e.counts = {{"k", 1}};
  e.color = Color::green;
  e.id = *jsonjit::uuid::parse("01234567-89ab-cdef-0123-456789abcdef");
  e.note = "caf\xc3\xa9";
  return e;
}

std::uint64_t replays() { return jsonjit::jit_stats().reads_replayed; }

// Types compiled while the program's static objects are still being constructed (as by
// benchmark registrations): the JIT must not depend on constants of its own that are not
// yet initialized then (a test binary initializes its own files before the library's).
const std::string written_at_start = jsonjit::serialize(models::make_index(models::fixed_clock()));
const bool read_at_start = [] {
  models::IndexViewModel read;
  return !jsonjit::deserialize_into(read, written_at_start) && read == models::make_index(models::fixed_clock());
}();

TEST(JitRead, TypesCompiledDuringStaticInitialization) {
  JSONJIT_TEST_NEEDS_JIT();
  const serializer_options interp = with_engine(engine::interpreter, [](serializer_options&) {});
  EXPECT_EQ(written_at_start, jsonjit::serialize(models::make_index(models::fixed_clock()), interp));
  EXPECT_TRUE(read_at_start);
}

TEST(JitRead, ModelsReadBackByTheCompiledCodeAlone) {
  JSONJIT_TEST_NEEDS_JIT();
  const serializer_options jit = with_engine(engine::jit, [](serializer_options&) {});
  const auto now = models::fixed_clock();
  const std::uint64_t before = replays();
  auto check = [&](const auto& value) {
    using T = std::decay_t<decltype(value)>;
    const std::string json = shown(value);
    T read{};
    const auto e = jsonjit::deserialize_into(read, json, jit);
    ASSERT_FALSE(e) << jsonjit::to_string(e);
    EXPECT_TRUE(read == value) << json;
  };
  check(models::make_login());
  check(models::make_location());
  check(models::make_index(now));
  check(models::make_my_events(now));
  check(models::make_collections(now));
  check(models::make_binary_data());
  check(models::make_large_struct());
  check(models::make_xml_class());  // a property with a setter
  check(Widths{});
  check(Required{3, 4});
  EXPECT_EQ(replays(), before) << "the compiled readers left common input to the interpreter";
  Everything e;
  ASSERT_FALSE(jsonjit::deserialize_into(e, shown(make_everything()), jit));
  EXPECT_EQ(shown(e), shown(make_everything()));
  EXPECT_EQ(replays(), before);
  // A read-only member in written output is expected in its place, not looked up.
  std::string listing;
  const serializer_options listed = with_engine(engine::jit, [&](serializer_options& o) {
    o.jit_dump([&](std::string_view text) { listing += text; });
  });
  EXPECT_FALSE(jsonjit::precompile<models::MyEventsListerItemTask>(listed));
  const std::size_t formatted = listing.find("; property FormattedDate: its name expected here");
  ASSERT_NE(formatted, std::string::npos) << listing;
  const std::size_t skipped = listing.find("; read-only: its value skipped");
  ASSERT_NE(skipped, std::string::npos) << listing;
  EXPECT_GT(skipped, formatted);
}

TEST(JitRead, OrderWhitespaceAndUnknownMembers) {
  JSONJIT_TEST_NEEDS_JIT();
  const serializer_options jit = with_engine(engine::jit, [](serializer_options&) {});
  const std::uint64_t before = replays();
  Inner in;
  ASSERT_FALSE(jsonjit::deserialize_into(in, R"({"count":5,"name":"n"})", jit));
  EXPECT_EQ(in, (Inner{"n", 5}));
  ASSERT_FALSE(jsonjit::deserialize_into(in, " {\n  \"name\" : \"p\" ,\t\"extra\": [1, {\"a\": null}], \"count\": -6 }\r\n", jit));
  EXPECT_EQ(in, (Inner{"p", -6}));
  ASSERT_FALSE(jsonjit::deserialize_into(in, R"({"name":"q","name":"r"})", jit));  // the last one wins
  EXPECT_EQ(in.name, "r");
  // Runs of every length of every whitespace byte (spaces are skipped 16 at a time), to the
  // input's end.
  for (std::size_t n = 0; n <= 40; ++n) {
    for (const std::string_view unit : {" ", "\t", "\r\n", "\n ", "  \t"}) {
      std::string gap;
      for (std::size_t i = 0; i < n; ++i) gap += unit;
      const std::string json = gap + "{" + gap + R"("name")" + gap + ":" + gap + R"("w")" + gap + "," + gap +
                               R"("count")" + gap + ":" + gap + "7" + gap + "}" + gap;
      Inner value;
      ASSERT_FALSE(jsonjit::deserialize_into(value, json, jit)) << json;
      EXPECT_EQ(value, (Inner{"w", 7})) << json;
    }
  }
  // Indented output of every model reads back.
  const serializer_options indented = with_engine(engine::interpreter, [](serializer_options& o) { o.write_indented(true); });
  models::MyEventsListerViewModel events;
  ASSERT_FALSE(jsonjit::deserialize_into(events, jsonjit::serialize(models::make_my_events(models::fixed_clock()), indented), jit));
  EXPECT_EQ(events, models::make_my_events(models::fixed_clock()));
  EXPECT_EQ(replays(), before);
  // Escapes in names are the interpreter's: the same result, by a replay.
  ASSERT_FALSE(jsonjit::deserialize_into(in, R"({"n\u0061me":"s"})", jit));
  EXPECT_EQ(in.name, "s");
  EXPECT_EQ(replays(), before + 1);
  // Bytes next to whitespace's (backspace, vertical tab, form feed) are not whitespace:
  // after a run of spaces of any length they are the interpreter's error, at the same place.
  static const serializer_options interp = with_engine(engine::interpreter, [](serializer_options&) {});
  for (std::size_t n = 0; n <= 40; ++n) {
    for (const char other : {'\x08', '\x0B', '\x0C'}) {
      const std::string json = R"({"name":)" + std::string(n, ' ') + other + std::string(20, ' ') + R"("w"})";
      Inner value;
      const jsonjit::parse_error compiled = jsonjit::deserialize_into(value, json, jit);
      const jsonjit::parse_error interpreted = jsonjit::deserialize_into(value, json, interp);
      ASSERT_TRUE(compiled) << n;
      EXPECT_EQ(compiled.info.code, interpreted.info.code);
      EXPECT_EQ(compiled.info.offset, 8 + n);
    }
  }
}

TEST(JitRead, MutatedInputsGiveTheInterpretersResultsAndErrors) {
  JSONJIT_TEST_NEEDS_JIT();
  using configure = void (*)(serializer_options&);
  const configure option_sets[] = {
      [](serializer_options&) {},
      [](serializer_options& o) { o.duplicates(jsonjit::duplicate_members::reject); },
      [](serializer_options& o) { o.unmapped(jsonjit::unmapped_members::disallow); },
      [](serializer_options& o) { o.case_insensitive_names(true); },
      [](serializer_options& o) {
        o.skip_comments(true);
        o.allow_trailing_commas(true);
        o.numbers(jsonjit::number_handling::allow_reading_from_string);
      },
      [](serializer_options& o) { o.max_depth(2); },
  };
  const std::string login = shown(models::make_login());
  const std::string location = shown(models::make_location());
  const std::string required = R"({"a":1,"b":2})";
  // With a read-only member the writer writes (FormattedDate): expected in place, skipped.
  const std::string task =
      shown(models::make_my_events(models::fixed_clock()).CurrentEvents.at(0).Tasks.at(0));
  ASSERT_NE(task.find("\"FormattedDate\":\"From"), std::string::npos) << task;
  const std::string deep =
      R"({"inner":{"name":"a","count":1},"list":[{"name":"b","count":2}],"names":{"1":"x","-2":"y"},"by_name":{"k":{"count":3}}})";
  for (const configure c : option_sets) {
    const serializer_options interp = with_engine(engine::interpreter, c);
    const serializer_options jit = with_engine(engine::jit, c);
    mutations_read_alike<models::LoginViewModel>(login, interp, jit);
    mutations_read_alike<models::Location>(location, interp, jit);
    mutations_read_alike<Required>(required, interp, jit);
    mutations_read_alike<Deep>(deep, interp, jit);
    mutations_read_alike<Widths>(shown(Widths{}), interp, jit);
    mutations_read_alike<models::MyEventsListerItemTask>(task, interp, jit);
    if (HasFailure()) return;
  }
  const serializer_options interp = with_engine(engine::interpreter, [](serializer_options&) {});
  const serializer_options jit = with_engine(engine::jit, [](serializer_options&) {});
  mutations_read_alike<Everything>(shown(make_everything()), interp, jit);
}

TEST(JitRead, NumbersAtTheirLimits) {
  JSONJIT_TEST_NEEDS_JIT();
  const serializer_options interp = with_engine(engine::interpreter, [](serializer_options&) {});
  const serializer_options jit = with_engine(engine::jit, [](serializer_options&) {});
  const char* const numbers[] = {"0", "-0", "1", "-1", "127", "128", "-128", "-129", "255", "256", "32767", "32768",
                                 "65535", "65536", "2147483647", "2147483648", "-2147483648", "-2147483649",
                                 "4294967295", "4294967296", "9223372036854775807", "9223372036854775808",
                                 "-9223372036854775808", "-9223372036854775809", "18446744073709551615",
                                 "18446744073709551616", "00", "01", "-", "1.0", "1e2", "1E+2", "-1.5e-3", "3.4e38",
                                 "3.5e38", "1e400", "1e-400", ".5", "1.", "1e", "123456789012345678901234567890",
                                 // every count of digits the short paths take, and what may follow them
                                 "12", "123", "1234", "12345", "123456", "1234567", "12345678", "123456789", "-1234",
                                 "-12345", "10", "100", "1000", "10000", "0001", "-01", "1234.5", "12e3", "12E3",
                                 "1234e", "1234567.5", "1234567e1", "-0.0", "-a", "1234x"};
  const char* const members[] = {"i8", "u8", "i16", "u16", "i32", "u32", "i64", "u64", "f32", "f64"};
  // Numbers in quotes too, where the options allow them (and where they do not).
  const auto quoting = [](serializer_options& o) { o.numbers(jsonjit::number_handling::allow_reading_from_string); };
  const serializer_options interp_quoted = with_engine(engine::interpreter, quoting);
  const serializer_options jit_quoted = with_engine(engine::jit, quoting);
  for (const char* member : members) {
    for (const char* number : numbers) {
      // At the input's end, and with at least eight bytes after the number's start.
      for (const char* after : {"}", "        }", ",\"yes\":true}"}) {
        const std::string plain = std::string("{\"") + member + "\":" + number + after;
        const std::string quoted = std::string("{\"") + member + "\":\"" + number + "\"" + after;
        same_reading<Widths>(plain, interp, jit);
        same_reading<Widths>(plain, interp_quoted, jit_quoted);
        same_reading<Widths>(quoted, interp, jit);
        same_reading<Widths>(quoted, interp_quoted, jit_quoted);
      }
    }
  }
}

TEST(JitRead, FloatsRoundOnceAsStrtofRounds) {
  JSONJIT_TEST_NEEDS_JIT();
  // A float read through a double rounds twice: near a halfway point between two floats the
  // double can land exactly on it, and the second rounding then goes the wrong way.
  std::vector<std::string> inputs = {"16777217.000000001", "7.006492321624086e-46", "3.4028235677973366e38",
                                     "-3.4028235677973366e38", "1.4012984643248170e-45", "7.006492321624085e-46",
                                     "3.4028235e38", "1e-50", "-1e-50", "0.1", "33554434.999999999", "1.17549435e-38"};
  std::mt19937_64 random(26);
  for (int i = 0; i < 4000; ++i) {
    // The midpoint between a random float and the next (exact in a double), printed with 17
    // significant digits and nudged by one in the last place either way.
    float f = 0;
    do f = std::bit_cast<float>(static_cast<std::uint32_t>(random())); while (!std::isfinite(f) || f == 0);
    const float next = std::nextafter(f, f > 0 ? INFINITY : -INFINITY);
    if (!std::isfinite(next)) continue;
    const double middle = (static_cast<double>(f) + static_cast<double>(next)) / 2;
    char text[64];
    std::snprintf(text, sizeof text, "%.17e", middle);
    std::string nudged = text;
    const std::size_t last = nudged.find('e') - 1;
    nudged[last] = static_cast<char>(nudged[last] == '9' ? '8' : nudged[last] + 1);
    inputs.push_back(text);
    inputs.push_back(nudged);
  }
  for (const engine e : jsonjit_test::engines_to_test()) {
    const serializer_options options = with_engine(e, [](serializer_options&) {});
    int differences = 0;
    for (const std::string& input : inputs) {
      errno = 0;
      const float expected = std::strtof(input.c_str(), nullptr);
      const auto got = jsonjit::try_deserialize<float>(input, options);
      if (std::isinf(expected)) {
        EXPECT_FALSE(got.has_value()) << input;
        continue;
      }
      ASSERT_TRUE(got.has_value()) << input << ": " << jsonjit::to_string(got.error());
      // As a member too: the JIT compiles Widths, while a float alone may be interpreted.
      Widths member;
      ASSERT_FALSE(jsonjit::deserialize_into(member, "{\"f32\":" + input + "}", options)) << input;
      ASSERT_EQ(std::bit_cast<std::uint32_t>(member.f32), std::bit_cast<std::uint32_t>(*got)) << input;
      if (std::bit_cast<std::uint32_t>(*got) != std::bit_cast<std::uint32_t>(expected)) {
        ADD_FAILURE() << input << ": " << *got << " where strtof gives " << expected << " (engine "
                      << static_cast<int>(e) << ")";
        if (++differences == 5) break;
      }
    }
  }
}

TEST(JitRead, InputsCutAfterAnOpeningQuote) {
  JSONJIT_TEST_NEEDS_JIT();
  // Text that ends right after a quote where a quoted number or an integer map key begins,
  // in a buffer of exactly its size (the sanitizers' runs see any byte read past it): the
  // interpreter's error, and nothing read beyond the input.
  const auto quoting = [](serializer_options& o) { o.numbers(jsonjit::number_handling::allow_reading_from_string); };
  const serializer_options interp = with_engine(engine::interpreter, quoting);
  const serializer_options jit = with_engine(engine::jit, quoting);
  for (const std::string_view text : {R"({"i8":")", R"({"f64":")", R"({"u64":")"}) {
    const std::vector<char> exact(text.begin(), text.end());
    same_reading<Widths>(std::string_view(exact.data(), exact.size()), interp, jit);
  }
  const std::vector<char> key{'{', '"'};
  std::map<std::int32_t, int> a, b;
  expect_same_error(jsonjit::deserialize_into(a, std::string_view(key.data(), key.size()), interp),
                    jsonjit::deserialize_into(b, std::string_view(key.data(), key.size()), jit), "{\"");
}

TEST(JitRead, StringsOfEveryShortLengthWithEverySpecialByte) {
  JSONJIT_TEST_NEEDS_JIT();
  // Plain strings are found by the generated code itself and short ones stored in place
  // (into strings that keep their text there); anything else goes to the helper. Every length around the
  // 16-byte vector, every byte a string scan stops at, at every position, into fresh strings
  // and into strings whose text is on the heap, and cut short by the end of the input.
  const serializer_options interp = with_engine(engine::interpreter, [](serializer_options&) {});
  const serializer_options jit = with_engine(engine::jit, [](serializer_options&) {});
  const std::string specials[] = {"\\\"", "\\n", "\\u00e9", "\x01", "\xc3\xa9", "\xff", "\"", "a"};
  std::vector<std::size_t> lengths;
  for (std::size_t n = 0; n <= 33; ++n) lengths.push_back(n);
  for (std::size_t n : {47u, 48u, 49u, 64u, 100u}) lengths.push_back(n);  // scanned a vector at a time
  for (const std::size_t n : lengths) {
    for (const std::string& special : specials) {
      for (std::size_t at = 0; at <= n; ++at) {
        const std::string text = std::string(at, 'x') + special + std::string(n - at, 'y');
        const std::string json = "{\"name\":\"" + text + "\",\"count\":1}";
        same_reading<Inner>(json, interp, jit);
        same_reading<Inner>(json.substr(0, 10 + n), interp, jit);
        // The byte where the closing quote should be: the string never ends there.
        same_reading<Inner>("{\"name\":\"" + std::string(at, 'x') + special + ",\"count\":1}", interp, jit);
        Inner a, b;
        a.name.assign(100, 'h');  // heap storage, kept by assign
        b.name.assign(100, 'h');
        const auto ea = jsonjit::deserialize_into(a, json, interp);
        const auto eb = jsonjit::deserialize_into(b, json, jit);
        ASSERT_EQ(ea.info.code, eb.info.code) << json;
        EXPECT_EQ(a.name, b.name) << json;
      }
    }
  }
}

TEST(JitRead, DepthLimitsAsTheInterpreters) {
  JSONJIT_TEST_NEEDS_JIT();
  for (int depth = 1; depth <= 4; ++depth) {
    const serializer_options interp = with_engine(engine::interpreter, [&](serializer_options& o) { o.max_depth(depth); });
    const serializer_options jit = with_engine(engine::jit, [&](serializer_options& o) { o.max_depth(depth); });
    same_reading<Deep>(R"({"inner":{"name":"a"},"list":[{"count":2}]})", interp, jit);
    same_reading<Deep>(R"({"unknown":[[[{}]]],"inner":{}})", interp, jit);
    same_reading<Deep>(R"({"by_name":{"a":{"name":"b"}},"names":{"3":""}})", interp, jit);
    same_reading<Everything>(R"({"counts":{"a":1},"inners":[{"name":"x"}]})", interp, jit);
  }
}

TEST(JitRead, RecursiveTypes) {
  JSONJIT_TEST_NEEDS_JIT();
  const std::string json =
      R"({"name":"a","children":[{"name":"b","children":[],"next":{"name":"c","children":[{"name":"d","children":[],"next":null}],"next":null}}],"next":null})";
  std::string listing;
  const serializer_options jit = with_engine(engine::jit, [&](serializer_options& o) {
    o.jit_dump([&](std::string_view text) { listing += text; });
  });
  const std::uint64_t before = replays();
  Tree tree;
  ASSERT_FALSE(jsonjit::deserialize_into(tree, json, jit));
  EXPECT_EQ(replays(), before);
  EXPECT_EQ(shown(tree), json);
  // Both recursive members (a vector's elements and a pointer's value) call the compiled reader
  // itself; nothing is left to the interpreter.
  EXPECT_NE(listing.find("; jsonjit::read<"), std::string::npos);
  std::size_t calls = 0;
  for (std::size_t at = listing.find("calls itself"); at != std::string::npos; at = listing.find("calls itself", at + 1)) {
    ++calls;
  }
  EXPECT_EQ(calls, 2u) << listing;
  EXPECT_EQ(listing.find("by the interpreter"), std::string::npos);
  for (int depth = 1; depth <= 7; ++depth) {
    const serializer_options i = with_engine(engine::interpreter, [&](serializer_options& o) { o.max_depth(depth); });
    const serializer_options j = with_engine(engine::jit, [&](serializer_options& o) { o.max_depth(depth); });
    same_reading<Tree>(json, i, j);
  }
  const serializer_options interp = with_engine(engine::interpreter, [](serializer_options&) {});
  mutations_read_alike<Tree>(R"({"name":"a","children":[{"name":"b"}],"next":{"next":null}})", interp, jit);
}

enum class level { low, high };

TEST(JitRead, EngineJitSaysWhatItDoesNotCompile) {
  JSONJIT_TEST_NEEDS_JIT();
  const serializer_options jit = with_engine(engine::jit, [](serializer_options&) {});
  auto check = [&](auto target, std::string_view json, std::string_view reason) {
    const auto e = jsonjit::deserialize_into(target, json, jit);
    EXPECT_EQ(e.info.code, error_code::not_compiled) << json;
    EXPECT_NE(e.name.find(reason), std::string::npos) << e.name;
    // Under engine::automatic the interpreter reads it.
    EXPECT_FALSE(jsonjit::deserialize_into(target, json)) << json;
  };
  check('a', R"("b")", "characters are read by the interpreter");
  using shape = std::variant<Circle, Square>;
  check(std::map<level, int>{}, R"({"1":1})", "only maps whose keys are strings, integers or converted");
  // What earlier versions refused is compiled now: top-level maps and scalars, nested sequences.
  EXPECT_EQ((jsonjit::deserialize<std::map<std::string, int>>(R"({"a":1})", jit)), (std::map<std::string, int>{{"a", 1}}));
  EXPECT_EQ((jsonjit::deserialize<std::vector<std::vector<int>>>("[[1],[]]", jit)), (std::vector<std::vector<int>>{{1}, {}}));
  EXPECT_EQ(jsonjit::deserialize<double>(" 2.5 ", jit), 2.5);
  EXPECT_EQ(jsonjit::deserialize<level>("1", jit), level::high);
  EXPECT_EQ(jsonjit::deserialize<std::vector<std::uint8_t>>(R"("AQI=")", jit), (std::vector<std::uint8_t>{1, 2}));
  EXPECT_EQ((jsonjit::deserialize<std::variant<int, std::string>>(R"("a")", jit)), (std::variant<int, std::string>("a")));
  EXPECT_EQ(std::get<Square>(jsonjit::deserialize<shape>(R"({"$type":"square","side":2})", jit)).side, 2);
  // precompile names the half that is refused.
  const auto e = jsonjit::precompile<char>(jit);
  EXPECT_EQ(e.info.code, error_code::not_compiled);
  EXPECT_EQ(e.name.find("writing: "), std::string::npos) << e.name;
  EXPECT_NE(e.name.find("reading: "), std::string::npos) << e.name;
}

TEST(JitRead, ExtensionDataAndObjectsOfManyProperties) {
  JSONJIT_TEST_NEEDS_JIT();
  const serializer_options interp = with_engine(engine::interpreter, [](serializer_options&) {});
  const serializer_options jit = with_engine(engine::jit, [](serializer_options&) {});
  const std::uint64_t before = replays();
  Collecting c;
  ASSERT_FALSE(jsonjit::deserialize_into(
      c, R"({"x":1,"name":"a","rest":{"y":2},"count":3,"z":[true,{"q":null}],"x":"again"})", jit));
  EXPECT_EQ(c.name, "a");
  EXPECT_EQ(c.count, 3);
  EXPECT_EQ(shown(c), R"({"name":"a","count":3,"rest":{"y":2},"x":"again","z":[true,{"q":null}]})");
  EXPECT_EQ(replays(), before) << "extension data was left to the interpreter";
  // Every mutation, under the options that change what unknown members do.
  const std::string collecting = R"({"name":"a","u":[1,{}],"count":2,"v":"w"})";
  using configure = void (*)(serializer_options&);
  for (const configure options :
       {configure{[](serializer_options&) {}},
        configure{[](serializer_options& o) { o.unmapped(jsonjit::unmapped_members::disallow); }},
        configure{[](serializer_options& o) { o.duplicates(jsonjit::duplicate_members::reject); }},
        configure{[](serializer_options& o) { o.case_insensitive_names(true).max_depth(2); }}}) {
    mutations_read_alike<Collecting>(collecting, with_engine(engine::interpreter, options),
                                     with_engine(engine::jit, options));
    if (HasFailure()) return;
  }

  // 71 properties: in order, reversed, and a few, each read by the compiled code alone.
  Wide wide;
  wide.m0 = 1;
  wide.m63 = 63;
  wide.m64 = 64;
  wide.m69 = -69;
  wide.last = "end";
  const std::string in_order = shown(wide);
  std::string reversed = "{\"last\":\"end\"";
  for (int i = 69; i >= 0; --i)
    reversed += ",\"m" + std::to_string(i) + "\":" +
                std::to_string(i == 0    ? 1
                               : i == 63 ? 63
                               : i == 64 ? 64
                               : i == 69 ? -69
                                         : 0);
  reversed += "}";
  const std::uint64_t wide_before = replays();
  for (const std::string& json : {in_order, reversed}) {
    Wide read;
    ASSERT_FALSE(jsonjit::deserialize_into(read, json, jit));
    EXPECT_EQ(read, wide);
  }
  EXPECT_EQ(replays(), wide_before);
  mutations_read_alike<Wide>(R"({"m1":1,"m64":2,"m70":3,"last":"x","m65":4})", interp, jit);
  // Duplicates rejected beyond the 64th property need more than the mask: not compiled.
  const serializer_options strict = with_engine(
      engine::jit, [](serializer_options& o) { o.duplicates(jsonjit::duplicate_members::reject); });
  auto refused = jsonjit::try_deserialize<Wide>(in_order, strict);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().info.code, error_code::not_compiled);
  EXPECT_NE(refused.error().name.find("64"), std::string::npos) << refused.error().name;
}

TEST(JitRead, ObjectsBuiltByTheirConstructor) {
  JSONJIT_TEST_NEEDS_JIT();
  const serializer_options interp = with_engine(engine::interpreter, [](serializer_options&) {});
  const serializer_options jit = with_engine(engine::jit, [](serializer_options&) {});
  const std::uint64_t before = replays();
  // Into new storage (no default constructor): arguments, then the rest moved in or set.
  const std::string account =
      R"({"id":7,"owner":"ann","note":"n","limit":5,"tags":[1,2],"inner":{"name":"i","count":2},"x":[true]})";
  const auto a = jsonjit::try_deserialize<Account>(account, jit);
  ASSERT_TRUE(a) << a.error().name;
  EXPECT_EQ(a->id(), 7);
  EXPECT_EQ(a->owner, "ann");
  EXPECT_EQ(a->note, "n");
  EXPECT_EQ(a->limit(), 5);
  EXPECT_EQ(a->tags, (std::vector<int>{1, 2}));
  EXPECT_EQ(a->inner, (Inner{"i", 2}));
  EXPECT_EQ(
      shown(*a),
      R"({"id":7,"owner":"ann","note":"n","limit":5,"tags":[1,2],"inner":{"name":"i","count":2},"x":[true]})");
  // An argument absent is default-constructed; other properties absent keep the constructor's
  // values; of a duplicate the last wins.
  const auto b = jsonjit::try_deserialize<Account>(R"({"owner":"bo","limit":1,"owner":"bob"})", jit);
  ASSERT_TRUE(b) << b.error().name;
  EXPECT_EQ(b->id(), 0);
  EXPECT_EQ(b->owner, "bob");
  EXPECT_EQ(b->note, "new");
  EXPECT_EQ(b->limit(), 1);
  // Built by their constructor inside compiled objects, sequences, optionals and maps.
  Ledger l;
  l.maybe = Period{-1, -1};
  ASSERT_FALSE(jsonjit::deserialize_into(
      l,
      R"({"period":{"first":5,"last":1},"periods":[{"last":2},{"first":3}],"maybe":{"last":10,"first":9},)"
      R"("by_name":{"x":{"first":4,"last":0}},"name":"l"})",
      jit));
  EXPECT_EQ(l.period, (Period{5, 5}));
  EXPECT_EQ(l.periods, (std::vector<Period>{{0, 2}, {3, 3}}));
  EXPECT_EQ(l.maybe, (Period{9, 10}));
  EXPECT_EQ(l.by_name, (std::map<std::string, Period>{{"x", {4, 4}}}));
  EXPECT_EQ(replays(), before) << "the interpreter read objects built by their constructor";
  // A constructor that throws: the interpreter's replay throws it, as it does alone.
  EXPECT_THROW((void)jsonjit::deserialize<Account>(R"({"owner":"nobody","id":1})", jit),
               std::invalid_argument);
  EXPECT_EQ(replays(), before + 1);
  // Every mutation, under the options that change duplicates and unknown members.
  using configure = void (*)(serializer_options&);
  for (const configure options :
       {configure{[](serializer_options&) {}},
        configure{[](serializer_options& o) { o.duplicates(jsonjit::duplicate_members::reject); }},
        configure{[](serializer_options& o) { o.case_insensitive_names(true).max_depth(2); }}}) {
    mutations_read_alike<Account>(R"({"owner":"ann","id":7,"tags":[1],"u":0,"limit":5})",
                                  with_engine(engine::interpreter, options),
                                  with_engine(engine::jit, options));
    mutations_read_alike<Ledger>(
        R"({"period":{"first":5,"last":1},"periods":[{"last":2}],"maybe":{"first":1}})",
        with_engine(engine::interpreter, options), with_engine(engine::jit, options));
    if (HasFailure()) return;
  }
  // A property whose type has no default constructor cannot wait in the frame: refused.
  const auto holder = jsonjit::try_deserialize<Holder>(R"({"account":{"owner":"h"}})", jit);
  ASSERT_FALSE(holder);
  EXPECT_EQ(holder.error().info.code, error_code::not_compiled);
  EXPECT_NE(holder.error().name.find("without a default constructor"), std::string::npos)
      << holder.error().name;
  const auto interpreted = jsonjit::try_deserialize<Holder>(R"({"account":{"owner":"h"}})", interp);
  ASSERT_TRUE(interpreted);
  EXPECT_EQ(interpreted->account.owner, "h");
}

TEST(JitRead, ConvertersReadStringsFromTheirText) {
  JSONJIT_TEST_NEEDS_JIT();
  // String tokens go to read_string (unescaped), every other token to read, in both engines.
  const auto add = [](serializer_options& o) { o.add_converter<tagged_converter>(); };
  const serializer_options interp = with_engine(engine::interpreter, add);
  const serializer_options jit = with_engine(engine::jit, add);
  const std::uint64_t before = replays();
  Tagged read;
  ASSERT_FALSE(jsonjit::deserialize_into(read, R"({"one":"a\"b","many":[7,"x",""]})", jit));
  EXPECT_EQ(read, (Tagged{{"a\"b", 0, true}, {{"", 7, false}, {"x", 0, true}, {"", 0, true}}}));
  EXPECT_EQ(replays(), before);
  for (const char* json :
       {R"({"one":"bad"})", R"({"many":[1,"bad"]})", R"({"one":null})", R"({"one":"\u0062ad"})"}) {
    same_reading<Tagged>(json, interp, jit);
  }
  mutations_read_alike<Tagged>(R"({"one":"t","many":["u\n",-3]})", interp, jit);
  const std::string long_escaped = "{\"one\":\"" + std::string(300, 'x') + "\\t\"}";
  same_reading<Tagged>(long_escaped, interp, jit);
  ASSERT_FALSE(jsonjit::deserialize_into(read, long_escaped, jit));
  EXPECT_EQ(read.one.text, std::string(300, 'x') + "\t");
}

TEST(JitRead, TopLevelSequences) {
  JSONJIT_TEST_NEEDS_JIT();
  const serializer_options interp = with_engine(engine::interpreter, [](serializer_options&) {});
  const serializer_options jit = with_engine(engine::jit, [](serializer_options&) {});
  const std::uint64_t before = replays();
  std::vector<Inner> inners;
  ASSERT_FALSE(jsonjit::deserialize_into(inners, R"([{"name":"a","count":1}, {"count":2} ])", jit));
  EXPECT_EQ(inners, (std::vector<Inner>{{"a", 1}, {"", 2}}));
  std::vector<std::string> strings{"stale"};
  ASSERT_FALSE(jsonjit::deserialize_into(strings, R"([])", jit));
  EXPECT_TRUE(strings.empty());
  EXPECT_EQ(replays(), before);
  // Written by the JIT too, as the interpreter writes them.
  EXPECT_EQ(jsonjit::serialize(inners, jit), R"([{"name":"a","count":1},{"name":"","count":2}])");
  EXPECT_EQ(jsonjit::serialize(std::vector<int>{-1, 0, 7}, jit), jsonjit::serialize(std::vector<int>{-1, 0, 7}, interp));
  EXPECT_EQ(jsonjit::serialize(std::vector<std::string>{"a\n", ""}, jit),
            jsonjit::serialize(std::vector<std::string>{"a\n", ""}, interp));
  EXPECT_EQ(jsonjit::serialize(std::vector<models::DateTime>{{1, models::DateTime::Kind::Utc}}, jit),
            jsonjit::serialize(std::vector<models::DateTime>{{1, models::DateTime::Kind::Utc}}, interp));
  mutations_read_alike<std::vector<Inner>>(R"([{"name":"a","count":1},{"count":2}])", interp, jit);
  mutations_read_alike<std::vector<double>>("[1.5,-2e3,0]", interp, jit);
  for (int depth = 1; depth <= 3; ++depth) {
    const serializer_options i = with_engine(engine::interpreter, [&](serializer_options& o) { o.max_depth(depth); });
    const serializer_options j = with_engine(engine::jit, [&](serializer_options& o) { o.max_depth(depth); });
    same_reading<std::vector<Deep>>(R"([{"inner":{"name":"a"}}])", i, j);
    same_reading<std::vector<int>>("[1]", i, j);
  }
}

TEST(JitRead, PrecompileCompilesAheadAndCounts) {
  JSONJIT_TEST_NEEDS_JIT();
  const serializer_options options;
  const jsonjit::jit_statistics before = jsonjit::jit_stats();
  ASSERT_FALSE(jsonjit::precompile<models::Location>(options));
  const jsonjit::jit_statistics after = jsonjit::jit_stats();
  EXPECT_EQ(after.functions, before.functions + 2);  // a writer and a reader
  EXPECT_GT(after.code_bytes, before.code_bytes);
  EXPECT_GT(after.compile_nanoseconds, before.compile_nanoseconds);
  ASSERT_FALSE(jsonjit::precompile<models::Location>(options));  // once per type and options
  EXPECT_EQ(jsonjit::jit_stats().functions, after.functions);
  models::Location read;
  ASSERT_FALSE(jsonjit::deserialize_into(read, jsonjit::serialize(models::make_location(), options), options));
  EXPECT_EQ(read, models::make_location());
  EXPECT_EQ(jsonjit::jit_stats().functions, after.functions);
}

TEST(JitRead, ManyThreadsCompileAndReadTheSameTypes) {
  JSONJIT_TEST_NEEDS_JIT();
  const serializer_options options = with_engine(engine::jit, [](serializer_options&) {});
  const auto now = models::fixed_clock();
  const std::string events_json = shown(models::make_my_events(now));
  const std::string location_json = shown(models::make_location());
  const std::uint64_t functions_before = jsonjit::jit_stats().functions;
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 50; ++i) {
        models::MyEventsListerViewModel events;
        models::Location location;
        if (jsonjit::deserialize_into(events, events_json, options) || !(events == models::make_my_events(now))) ++wrong;
        if (jsonjit::deserialize_into(location, location_json, options) || !(location == models::make_location())) ++wrong;
        const auto account = jsonjit::try_deserialize<Account>(R"({"id":1,"owner":"o","limit":2})", options);
        if (!account || account->id() != 1 || account->owner != "o" || account->limit() != 2) ++wrong;
      }
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(wrong.load(), 0);
  // MyEventsListerViewModel, MyEventsListerItem, MyEventsListerItemTask and Location: one
  // reader each, however many threads asked at once; Account (built by its constructor) and
  // its Inner: a members function and an entry, and a reader.
  EXPECT_EQ(jsonjit::jit_stats().functions, functions_before + 7);
}

}  // namespace
}  // namespace jit_read_test
