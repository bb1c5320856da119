// Property test: random values of a rich type, under many option sets, write to valid JSON,
// read back equal, and write again to the same bytes.
#include <gtest/gtest.h>

#include <jsonjit/jsonjit.hpp>

#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <limits>
#include <list>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <tuple>
#include <variant>

#include "engines.hpp"

namespace serializer_roundtrip_test {

/// SplitMix64: a small, fast, well-distributed generator with a fixed sequence per seed.
class random {
 public:
  explicit random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  std::uint64_t below(std::uint64_t n) { return next() % n; }
  bool coin() { return (next() & 1) != 0; }

 private:
  std::uint64_t state_;
};

enum class color : std::uint8_t { red, green, blue = 7 };

struct Leaf {
  std::string label;
  std::int64_t weight = 0;
  friend bool operator==(const Leaf&, const Leaf&) = default;
};
struct Branch {
  std::vector<int> sizes;
  friend bool operator==(const Branch&, const Branch&) = default;
};

struct Inner {
  std::int8_t tiny = 0;
  std::uint16_t port = 0;
  float ratio = 0;
  std::optional<std::string> maybe;
  std::vector<bool> flags;
  friend bool operator==(const Inner&, const Inner&) = default;
};

struct Rich {
  bool ok = false;
  std::int32_t count = 0;
  std::int64_t big = 0;
  std::uint64_t huge = 0;
  double measure = 0;
  char letter = 'a';
  std::string text;
  color shade = color::red;
  std::optional<double> maybe_number;
  std::unique_ptr<Inner> owned;
  std::vector<Inner> inners;
  std::array<std::int16_t, 3> triple{};
  std::set<std::string> tags;
  std::map<std::string, std::vector<double>> series;
  std::map<std::int32_t, std::string> by_number;
  std::map<color, int> by_color;
  std::pair<std::string, std::uint32_t> pair;
  std::tuple<bool, std::int64_t, std::string> tuple;
  std::variant<Leaf, Branch> shape;
  std::variant<std::int64_t, std::string, std::vector<std::int64_t>> loose;
  std::vector<std::uint8_t> blob;
  jsonjit::uuid id;
  std::chrono::sys_time<std::chrono::microseconds> when{};
  std::chrono::milliseconds how_long{};
  jsonjit::node extra;

  friend bool operator==(const Rich& a, const Rich& b) {
    const bool owned_equal = a.owned == nullptr ? b.owned == nullptr : b.owned != nullptr && *a.owned == *b.owned;
    return owned_equal && a.ok == b.ok && a.count == b.count && a.big == b.big && a.huge == b.huge &&
           same_double(a.measure, b.measure) && a.letter == b.letter && a.text == b.text && a.shade == b.shade &&
           a.maybe_number == b.maybe_number && a.inners == b.inners && a.triple == b.triple && a.tags == b.tags &&
           a.series == b.series && a.by_number == b.by_number && a.by_color == b.by_color && a.pair == b.pair &&
           a.tuple == b.tuple && a.shape == b.shape && a.loose == b.loose && a.blob == b.blob && a.id == b.id &&
           a.when == b.when && a.how_long == b.how_long && a.extra == b.extra;
  }
  static bool same_double(double x, double y) { return std::bit_cast<std::uint64_t>(x) == std::bit_cast<std::uint64_t>(y); }
};
}  // namespace serializer_roundtrip_test

template <>
struct jsonjit::meta<serializer_roundtrip_test::color> {
  using color = serializer_roundtrip_test::color;
  static constexpr auto enumerators =
      jsonjit::enumerators<color>({{color::red, "Red"}, {color::green, "Green"}, {color::blue, "Blue"}});
};
template <>
struct jsonjit::meta<serializer_roundtrip_test::Leaf> {
  static constexpr auto properties =
      jsonjit::properties(jsonjit::property("label", &serializer_roundtrip_test::Leaf::label),
                          jsonjit::property("weight", &serializer_roundtrip_test::Leaf::weight));
  static constexpr std::string_view tag = "leaf";
};
template <>
struct jsonjit::meta<serializer_roundtrip_test::Branch> {
  static constexpr auto properties = jsonjit::properties(jsonjit::property("sizes", &serializer_roundtrip_test::Branch::sizes));
  static constexpr std::string_view tag = "branch";
};

namespace serializer_roundtrip_test {

/// Text with what stresses a writer and a reader: escapes, controls, multi-byte UTF-8, HTML
/// characters, quotes; always valid UTF-8.
std::string random_text(random& r) {
  static constexpr std::string_view pieces[] = {"a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\x01", "\x1f", "<", ">",
                                                "&", "'", "+", "é", "€", "𝄞", "\xe2\x80\xa8", "0", "9", "{", "]"};
  std::string s;
  const std::size_t n = r.below(4) == 0 ? r.below(200) : r.below(12);
  for (std::size_t i = 0; i < n; ++i) s += pieces[r.below(std::size(pieces))];
  return s;
}

/// Any finite double, weighted toward the edges: integers, tiny, huge, negative zero.
double random_double(random& r) {
  switch (r.below(5)) {
    case 0: return static_cast<double>(static_cast<std::int64_t>(r.next()) >> r.below(63));
    case 1: return r.coin() ? -0.0 : std::numeric_limits<double>::denorm_min() * static_cast<double>(r.below(1000));
    case 2: return r.coin() ? std::numeric_limits<double>::max() : std::numeric_limits<double>::lowest();
    default: {
      double d;
      do {
        d = std::bit_cast<double>(r.next());
      } while (!std::isfinite(d));
      return d;
    }
  }
}

jsonjit::node random_node(random& r, int depth) {
  switch (r.below(depth > 2 ? 5 : 7)) {
    case 0: return nullptr;
    case 1: return r.coin();
    case 2: return static_cast<std::int64_t>(r.next());
    case 3: return random_double(r);
    case 4: return random_text(r);
    case 5: {
      jsonjit::node a = jsonjit::node::array();
      for (std::size_t i = r.below(4); i > 0; --i) a.push_back(random_node(r, depth + 1));
      return a;
    }
    default: {
      jsonjit::node o = jsonjit::node::object();
      for (std::size_t i = r.below(4); i > 0; --i) o.set(random_text(r), random_node(r, depth + 1));
      return o;
    }
  }
}

Inner random_inner(random& r) {
  Inner in;
  in.tiny = static_cast<std::int8_t>(r.next());
  in.port = static_cast<std::uint16_t>(r.next());
  in.ratio = static_cast<float>(random_double(r) / 1e300);  // within float's range
  if (r.coin()) in.maybe = random_text(r);
  for (std::size_t i = r.below(5); i > 0; --i) in.flags.push_back(r.coin());
  return in;
}

Rich random_rich(random& r) {
  Rich v;
  v.ok = r.coin();
  v.count = static_cast<std::int32_t>(r.next());
  v.big = r.coin() ? std::numeric_limits<std::int64_t>::min() : static_cast<std::int64_t>(r.next());
  v.huge = r.coin() ? std::numeric_limits<std::uint64_t>::max() : r.next();
  v.measure = random_double(r);
  v.letter = static_cast<char>(' ' + r.below(95));
  v.text = random_text(r);
  v.shade = std::array{color::red, color::green, color::blue, static_cast<color>(200)}[r.below(4)];
  if (r.coin()) v.maybe_number = random_double(r);
  if (r.coin()) v.owned = std::make_unique<Inner>(random_inner(r));
  for (std::size_t i = r.below(4); i > 0; --i) v.inners.push_back(random_inner(r));
  for (auto& t : v.triple) t = static_cast<std::int16_t>(r.next());
  for (std::size_t i = r.below(4); i > 0; --i) v.tags.insert(random_text(r));
  for (std::size_t i = r.below(3); i > 0; --i) {
    auto& s = v.series[random_text(r)];
    for (std::size_t j = r.below(4); j > 0; --j) s.push_back(random_double(r));
  }
  for (std::size_t i = r.below(3); i > 0; --i) v.by_number[static_cast<std::int32_t>(r.next())] = random_text(r);
  for (std::size_t i = r.below(3); i > 0; --i) v.by_color[static_cast<color>(r.below(9))] = static_cast<int>(r.next());
  v.pair = {random_text(r), static_cast<std::uint32_t>(r.next())};
  v.tuple = {r.coin(), static_cast<std::int64_t>(r.next()), random_text(r)};
  if (r.coin()) {
    v.shape = Leaf{random_text(r), static_cast<std::int64_t>(r.next())};
  } else {
    Branch b;
    for (std::size_t i = r.below(4); i > 0; --i) b.sizes.push_back(static_cast<int>(r.next()));
    v.shape = b;
  }
  switch (r.below(3)) {
    case 0: v.loose = static_cast<std::int64_t>(r.next()); break;
    case 1: v.loose = random_text(r); break;
    default: v.loose = std::vector<std::int64_t>(r.below(3), static_cast<std::int64_t>(r.next()));
  }
  for (std::size_t i = r.below(40); i > 0; --i) v.blob.push_back(static_cast<std::uint8_t>(r.next()));
  for (auto& b : v.id.bytes) b = static_cast<std::uint8_t>(r.next());
  // Within 0000-9999, the range ISO 8601 text covers.
  v.when = std::chrono::sys_time<std::chrono::microseconds>(
      std::chrono::microseconds(static_cast<std::int64_t>(r.below(315'537'897'600ull * 1'000'000)) - 62'167'219'200'000'000));
  v.how_long = std::chrono::milliseconds(static_cast<std::int64_t>(r.next()));
  v.extra = random_node(r, 0);
  return v;
}

std::vector<jsonjit::serializer_options> option_sets() {
  using jsonjit::number_handling;
  std::vector<jsonjit::serializer_options> sets(9);
  sets[1].write_indented(true);
  sets[2].naming(jsonjit::naming_policy::camel_case).case_insensitive_names(true);
  sets[3].enums_as_strings(true);
  sets[4].numbers(number_handling::write_as_string | number_handling::allow_reading_from_string);
  sets[5].escaping(jsonjit::escape_mode::relaxed).naming(jsonjit::naming_policy::snake_case_upper);
  sets[6].default_ignore(jsonjit::default_ignore::when_writing_default);
  sets[7].default_ignore(jsonjit::default_ignore::when_writing_null).naming(jsonjit::naming_policy::kebab_case_lower);
  sets[8].write_indented(true).indent_char('\t').indent_size(1).enums_as_strings(true).duplicates(
      jsonjit::duplicate_members::reject);
  return sets;
}

TEST(SerializerRoundTrip, RandomValuesReadBackEqualUnderEveryOptionSet) {
  const auto sets = option_sets();
  random r(20261130);
  for (int i = 0; i < 300; ++i) {
    const Rich value = random_rich(r);
    for (std::size_t o = 0; o < sets.size(); ++o) {
      SCOPED_TRACE("value " + std::to_string(i) + ", option set " + std::to_string(o));
      const std::string json = jsonjit::serialize(value, sets[o]);
      ASSERT_TRUE(jsonjit::document::parse(json)) << json;  // valid JSON, whatever the options
      auto back = jsonjit::try_deserialize<Rich>(json, sets[o]);
      ASSERT_TRUE(back) << jsonjit::to_string(back.error()) << "\n" << json;
      ASSERT_TRUE(*back == value) << json << "\nread back as\n" << jsonjit::serialize(*back, sets[o]);
      ASSERT_EQ(jsonjit::serialize(*back, sets[o]), json);
    }
  }
}

/// The options with `engine` chosen.
jsonjit::serializer_options with_engine(jsonjit::serializer_options options, jsonjit::engine engine) {
  options.engine(engine);
  return options;
}

/// Under engine::jit, `value` is written by compiled code (no replay by the interpreter) and
/// as the interpreter writes it.
template <class T>
void jit_writes_alike(const T& value, const jsonjit::serializer_options& options) {
  const std::uint64_t replayed = jsonjit::jit_stats().writes_replayed;
  auto jit = jsonjit::try_serialize(value, with_engine(options, jsonjit::engine::jit));
  auto interpreted = jsonjit::try_serialize(value, with_engine(options, jsonjit::engine::interpreter));
  ASSERT_TRUE(jit) << jsonjit::to_string(jit.error());
  ASSERT_TRUE(interpreted);
  EXPECT_EQ(*jit, *interpreted);
  EXPECT_EQ(jsonjit::jit_stats().writes_replayed, replayed) << "the interpreter wrote it after all";
}

TEST(JitWrite, EveryKindAsTheInterpreterWritesIt) {
  JSONJIT_TEST_NEEDS_JIT();
  // Every kind the model has, inside an object and as a value of its own (top-level scalars,
  // sets, maps, fixed arrays, pairs, tuples, variants tagged and untagged, byte vectors,
  // nested sequences), under every option set.
  auto sets = option_sets();
  sets.emplace_back().numbers(jsonjit::number_handling::write_as_string).enums_as_strings(true).write_indented(true);
  random r(20261201);
  for (int i = 0; i < 120; ++i) {
    const Rich v = random_rich(r);
    const std::vector<std::vector<std::vector<double>>> rings = {{{v.measure, -0.0}, {1e300, 5e-324}}, {}, {{}}};
    for (std::size_t o = 0; o < sets.size(); ++o) {
      SCOPED_TRACE("value " + std::to_string(i) + ", option set " + std::to_string(o));
      const auto& options = sets[o];
      jit_writes_alike(v, options);
      jit_writes_alike(v.count, options);
      jit_writes_alike(v.measure, options);
      jit_writes_alike(v.letter, options);
      jit_writes_alike(v.text, options);
      jit_writes_alike(std::string_view(v.text), options);
      jit_writes_alike(v.shade, options);
      jit_writes_alike(v.maybe_number, options);
      jit_writes_alike(v.owned, options);
      jit_writes_alike(v.inners, options);
      jit_writes_alike(v.triple, options);
      jit_writes_alike(v.tags, options);
      jit_writes_alike(v.series, options);
      jit_writes_alike(v.by_number, options);
      jit_writes_alike(v.pair, options);
      jit_writes_alike(v.tuple, options);
      jit_writes_alike(v.shape, options);
      jit_writes_alike(v.loose, options);
      jit_writes_alike(v.blob, options);
      jit_writes_alike(v.id, options);
      jit_writes_alike(rings, options);
      jit_writes_alike(std::vector<std::variant<Leaf, Branch>>{v.shape, Branch{}, Leaf{}}, options);
      jit_writes_alike(std::list<std::set<std::int64_t>>{{1, -2}, {}, {v.big}}, options);
      jit_writes_alike(std::tuple<>{}, options);
      jit_writes_alike(std::vector<std::uint8_t>(5000, static_cast<std::uint8_t>(v.count)), options);
      if (HasFailure()) return;
    }
  }
}

/// Under engine::jit, `value`'s JSON is read by compiled code (no replay by the interpreter)
/// into what the interpreter reads from it (compared as written again).
template <class T>
void jit_reads_alike(const T& value, const jsonjit::serializer_options& options) {
  const std::string json = jsonjit::serialize(value, options);
  const std::uint64_t replayed = jsonjit::jit_stats().reads_replayed;
  T by_jit{}, by_interpreter{};
  const auto a = jsonjit::deserialize_into(by_jit, json, with_engine(options, jsonjit::engine::jit));
  const auto b = jsonjit::deserialize_into(by_interpreter, json, with_engine(options, jsonjit::engine::interpreter));
  ASSERT_FALSE(a) << jsonjit::to_string(a) << "\n" << json;
  ASSERT_FALSE(b) << jsonjit::to_string(b);
  EXPECT_EQ(jsonjit::serialize(by_jit, options), jsonjit::serialize(by_interpreter, options)) << json;
  EXPECT_EQ(jsonjit::jit_stats().reads_replayed, replayed) << "the interpreter read it after all: " << json;
}

TEST(JitRead, EveryKindAsTheInterpreterReadsIt) {
  JSONJIT_TEST_NEEDS_JIT();
  // Every compiled kind as a value of its own (scalars, optionals, sequences growing at the
  // end, fixed arrays, sets, maps, pairs, tuples, nested sequences), and the whole model
  // (whose variants, enumerations and byte vectors the interpreter reads per value), under
  // every option set.
  const auto sets = option_sets();
  random r(20261202);
  for (int i = 0; i < 60; ++i) {
    const Rich v = random_rich(r);
    const std::vector<std::vector<std::vector<double>>> rings = {{{v.measure, -0.0}, {1e300, 5e-324}}, {}, {{}}};
    for (std::size_t o = 0; o < sets.size(); ++o) {
      SCOPED_TRACE("value " + std::to_string(i) + ", option set " + std::to_string(o));
      const auto& options = sets[o];
      jit_reads_alike(v, options);
      jit_reads_alike(v.ok, options);
      jit_reads_alike(v.count, options);
      jit_reads_alike(v.huge, options);
      jit_reads_alike(v.measure, options);
      jit_reads_alike(v.text, options);
      jit_reads_alike(v.maybe_number, options);
      jit_reads_alike(v.owned, options);
      jit_reads_alike(v.inners, options);
      jit_reads_alike(v.triple, options);
      jit_reads_alike(v.tags, options);
      jit_reads_alike(v.series, options);
      jit_reads_alike(v.by_number, options);
      jit_reads_alike(v.pair, options);
      jit_reads_alike(v.tuple, options);
      jit_reads_alike(v.id, options);
      jit_reads_alike(v.shade, options);
      jit_reads_alike(v.blob, options);
      jit_reads_alike(v.loose, options);
      jit_reads_alike(v.shape, options);
      jit_reads_alike(std::vector<std::variant<Leaf, Branch>>{v.shape, Branch{}, Leaf{}}, options);
      jit_reads_alike(std::vector<std::variant<bool, std::int64_t, std::string, std::vector<double>, Inner>>{
                          true, v.big, v.text, std::vector<double>{v.measure}, random_inner(r)},
                      options);
      jit_reads_alike(rings, options);
      jit_reads_alike(std::list<std::set<std::int64_t>>{{1, -2}, {}, {v.big}}, options);
      jit_reads_alike(std::array<Inner, 2>{random_inner(r), random_inner(r)}, options);
      jit_reads_alike(std::vector<std::optional<std::string>>{std::nullopt, v.text}, options);
      if (HasFailure()) return;
    }
  }
}

/// The listing of the compiled readers `T` needs, compiled afresh under `base`.
template <class T>
std::string reader_listing(const jsonjit::serializer_options& base, std::string_view json) {
  jsonjit::serializer_options options = base;
  std::string listing;
  options.jit_dump([&](std::string_view l) {
    if (l.find("; jsonjit::read<") == 0) listing += l;
  });
  T value{};
  EXPECT_FALSE(jsonjit::deserialize_into(value, json, with_engine(options, jsonjit::engine::jit)));
  return listing;
}

TEST(JitRead, ContainersOfContainersAreReadByTheirCompiledReaders) {
  JSONJIT_TEST_NEEDS_JIT();
  // Nested values are calls to their types' compiled readers, never the interpreter per value
  // (a test of readers' results alone could not tell).
  for (const bool names : {false, true}) {
    jsonjit::serializer_options options;
    options.enums_as_strings(names);
    const std::string listings[] = {
        reader_listing<std::vector<std::vector<std::vector<double>>>>(options, "[[[1,2],[3]],[]]"),
        reader_listing<std::list<std::set<std::int64_t>>>(options, "[[1,2],[]]"),
        reader_listing<std::array<Inner, 2>>(options, R"([{"port":1},{}])"),
        reader_listing<std::map<std::string, std::vector<std::optional<std::string>>>>(options, R"({"a":[null,"b"]})"),
        reader_listing<std::tuple<bool, std::int64_t, std::string>>(options, R"([true,1,"a"])"),
        reader_listing<std::vector<color>>(options, names ? R"(["Red","blue",7])" : "[0,7]"),
        reader_listing<std::vector<std::vector<std::uint8_t>>>(options, R"(["AQI=",""])"),
        reader_listing<std::vector<std::variant<std::int64_t, std::string, std::vector<int>>>>(options,
                                                                                                  R"([1,"a",[2]])"),
        reader_listing<std::vector<std::variant<Leaf, Branch>>>(options, R"([{"$type":"branch","sizes":[1]}])"),
    };
    for (const std::string& listing : listings) {
      EXPECT_FALSE(listing.empty());
      EXPECT_EQ(listing.find("by the interpreter"), std::string::npos) << listing;
    }
  }
}

/// `json` read into a new T by each engine under `options`: the same error (code, offset,
/// path) or, both succeeding, the same value (after an error the value is unspecified).
/// The compiled reader's result.
template <class T>
jsonjit::parse_error jit_reads_as_interpreter(std::string_view json, const jsonjit::serializer_options& options = {}) {
  T a{}, b{};
  const auto e = jsonjit::deserialize_into(a, json, with_engine(options, jsonjit::engine::jit));
  const auto f = jsonjit::deserialize_into(b, json, with_engine(options, jsonjit::engine::interpreter));
  EXPECT_EQ(e.info.code, f.info.code) << json;
  EXPECT_EQ(e.info.offset, f.info.offset) << json;
  EXPECT_EQ(e.path, f.path) << json;
  if (!e && !f) {
    EXPECT_TRUE(a == b) << json;
  }
  return e;
}

TEST(JitRead, FixedArraysTuplesSetsAndVariantsRejectWhatTheInterpreterRejects) {
  JSONJIT_TEST_NEEDS_JIT();
  // Wrong lengths, wrong kinds, too deep: the compiled reader gives up and the interpreter's
  // replay reports its error (the same code and position as the interpreter alone).
  for (const std::string_view json : {"[1,2]", "[1,2,3,4]", "[]", "{}", "[1,\"2\",3]", "[1,2,3", "[1,2,3]x"})
    EXPECT_TRUE((jit_reads_as_interpreter<std::array<std::int16_t, 3>>(json))) << json;
  for (const std::string_view json : {"[\"a\"]", "[\"a\",1,2]", "[1,1]", "[\"a\",1", "null"})
    EXPECT_TRUE((jit_reads_as_interpreter<std::pair<std::string, std::uint32_t>>(json))) << json;
  for (const std::string_view json : {"[\"a\",1]", "[\"a\"", "[\"a\",]", "{\"a\":1}"})
    EXPECT_TRUE(jit_reads_as_interpreter<std::set<std::string>>(json)) << json;
  jsonjit::serializer_options shallow;
  shallow.max_depth(2);
  EXPECT_TRUE(jit_reads_as_interpreter<std::set<std::vector<int>>>("[[1],[2,[3]]]", shallow));
  EXPECT_TRUE((jit_reads_as_interpreter<std::array<std::vector<int>, 1>>("[[[1]]]", shallow)));
  EXPECT_TRUE(jit_reads_as_interpreter<std::vector<std::vector<std::vector<double>>>>("[[[1]]]", shallow));
  // An untagged variant: the alternative the JSON kind chooses, or the interpreter's error.
  using loose = std::variant<bool, std::int64_t, std::string, std::vector<int>, std::optional<double>>;
  for (const std::string_view json : {"true", "7", "-7", "1.5", "\"a\"", "[1,2]", "[1,\"x\"]", "null", "{}", "tru",
                                      "\"\\ud800\"", "99999999999999999999"})
    jit_reads_as_interpreter<loose>(json);
  // A tagged one: the discriminator first, or the interpreter's error (or its choice).
  using shape = std::variant<Leaf, Branch>;
  jsonjit::serializer_options flat;
  flat.max_depth(1);
  for (const std::string_view json :
       {R"({"$type":"leaf","label":"a","weight":2})", R"({ "$type" : "branch" , "sizes" : [1] })", R"({"$type":"leaf"})",
        R"({"label":"a","$type":"leaf"})", R"({})", R"({"$type":"tree"})", R"({"$type":7})", R"({"\u0024type":"leaf"})",
        R"({"$type":"le\u0061f"})", R"({"$type":"leaf","$type":"branch"})", R"({"$type":"leaf","sizes":[1]})",
        R"({"$type":"leaf",})", R"({"$type":"leaf")", R"(["leaf"])", R"("leaf")", R"(null)"}) {
    jit_reads_as_interpreter<shape>(json);
    jit_reads_as_interpreter<shape>(json, flat);
  }
  // And what they accept, they read alike: a fixed array's elements are read in place, so
  // members absent from the JSON keep their values, as the interpreter keeps them.
  std::array<Inner, 1> kept{Inner{5, 6, 0.5f, "old", {true}}};
  ASSERT_FALSE(jsonjit::deserialize_into(kept, R"([{"port":7}])", with_engine({}, jsonjit::engine::jit)));
  EXPECT_EQ(kept[0], (Inner{5, 7, 0.5f, "old", {true}}));
  std::array<Inner, 1> kept_too{Inner{5, 6, 0.5f, "old", {true}}};
  ASSERT_FALSE(jsonjit::deserialize_into(kept_too, R"([{"port":7}])", with_engine({}, jsonjit::engine::interpreter)));
  EXPECT_EQ(kept_too, kept);
}

TEST(JitRead, IntegerMapKeysAsTheInterpreterReadsThem) {
  JSONJIT_TEST_NEEDS_JIT();
  // Keys of plain digits are read without a scan of the name first; every other key (escaped,
  // signed, out of range, not a number) the general way, or the interpreter's error.
  for (const std::string_view key : {"0", "7", "127", "128", "-128", "-129", "-0", "01", "1.0", "1e2", " 1", "1 ", "",
                                     "\\u0031", "1\\u0030", "x", "12345678", "99999999999999999999"}) {
    for (const std::string_view after : {"", " ", "   "}) {
      jit_reads_as_interpreter<std::map<std::int8_t, int>>("{\"" + std::string(key) + "\"" + std::string(after) +
                                                           ":1,\"5\":2}");
    }
  }
  // Duplicates: the last one wins, or (rejected) the interpreter's error.
  EXPECT_FALSE((jit_reads_as_interpreter<std::map<std::uint16_t, int>>(R"({"3":1,"3":2})")));
  std::map<std::uint16_t, int> m;
  ASSERT_FALSE(jsonjit::deserialize_into(m, R"({"3":1,"3":2})", with_engine({}, jsonjit::engine::jit)));
  EXPECT_EQ(m, (std::map<std::uint16_t, int>{{3, 2}}));
  jsonjit::serializer_options rejecting;
  rejecting.duplicates(jsonjit::duplicate_members::reject);
  EXPECT_TRUE((jit_reads_as_interpreter<std::map<std::uint16_t, int>>(R"({"3":1,"3":2})", rejecting)));
}

TEST(JitWrite, FloatsThatAreNotFiniteAsTheInterpreterWritesThem) {
  JSONJIT_TEST_NEEDS_JIT();
  // Named literals where allowed (also quoted numbers); else the interpreter's error, from
  // the compiled writer's replay.
  for (const double x : {std::nan(""), std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()}) {
    jsonjit::serializer_options named;
    named.numbers(jsonjit::number_handling::allow_named_float_literals);
    jit_writes_alike(x, named);
    jit_writes_alike(std::vector<float>{1.5f, static_cast<float>(x)}, named);
    named.numbers(jsonjit::number_handling::allow_named_float_literals | jsonjit::number_handling::write_as_string);
    jit_writes_alike(std::map<int, double>{{1, x}, {2, 0.1}}, named);
    const std::vector<double> values{0.5, x};
    auto jit = jsonjit::try_serialize(values, with_engine({}, jsonjit::engine::jit));
    auto interpreted = jsonjit::try_serialize(values, with_engine({}, jsonjit::engine::interpreter));
    ASSERT_FALSE(jit);
    ASSERT_FALSE(interpreted);
    EXPECT_EQ(jit.error().info.code, jsonjit::error_code::non_finite_number);
    EXPECT_EQ(jit.error().path, interpreted.error().path);
    EXPECT_EQ(jit.error().path, "$[1]");
  }
}

TEST(SerializerRoundTrip, WhatTheDomRewritesReadsBackEqual) {
  // The DOM writes the same values with other escapes (STJ writes Base64 unescaped, the DOM
  // escapes its '+' as any string's); reading does not depend on how text was escaped.
  random r(7);
  for (int i = 0; i < 200; ++i) {
    const Rich value = random_rich(r);
    const auto tree = jsonjit::node::parse(jsonjit::serialize(value));
    ASSERT_TRUE(tree);
    const std::string rewritten = tree->to_json().value();
    auto back = jsonjit::try_deserialize<Rich>(rewritten);
    ASSERT_TRUE(back) << jsonjit::to_string(back.error()) << "\n" << rewritten;
    ASSERT_TRUE(*back == value) << rewritten;
  }
}

}  // namespace serializer_roundtrip_test
