// Property test: random values of a rich type, under many option sets, write to valid JSON,
// read back equal, and write again to the same bytes.
#include <gtest/gtest.h>

#include <jsonjit/jsonjit.hpp>

#include <bit>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <set>

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
