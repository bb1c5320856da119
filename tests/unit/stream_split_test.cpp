// Wherever the output or the input is cut, streaming gives what the whole-text functions
// give: serializer::write_some with buffers of every size writes serialize()'s bytes;
// deserializer<T> with pieces of every size, and stream inputs that deliver a few bytes at a
// time, read the same values and report the same errors (code, line, column, offset, path).
#include <gtest/gtest.h>

#include <istream>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include "dotnet_models.hpp"
#include "engines.hpp"
#include "stream_support.hpp"

namespace stream_split_test {
namespace {

using jsonjit::engine;
using jsonjit::parse_error;
using jsonjit::serializer_options;
using jsonjit::test::expect_same_error;
using jsonjit::test::with_engine;

/// A recursive value nested `depth` levels (each level an object holding the next).
struct nest {
  std::string name;
  std::vector<nest> children;
};

/// Members the JIT hands to the interpreter (variants, maps, sets, tuples) next to ones it
/// compiles, strings that need escapes, a 300-byte string.
struct assorted {
  std::string text = "caf\xC3\xA9 \"quoted\" <tag> \n\t\\";
  std::string long_text = std::string(300, 'x') + "\x01";
  std::vector<std::optional<int>> numbers{1, std::nullopt, -2147483647 - 1};
  std::map<std::string, double> map{{"pi", 3.14159}, {"e", 2.71828}, {"x\"y", -0.0}};
  std::variant<int, std::string> either = std::string("right");
  std::tuple<bool, std::string, std::uint64_t> triple{true, "t", 18446744073709551615ull};
  std::vector<std::vector<int>> grid{{1, 2}, {}, {3}};
};

nest make_nest(int depth) {
  nest n{"level" + std::to_string(depth), {}};
  if (depth > 0) {
    n.children.push_back(make_nest(depth - 1));
    n.children.push_back({"leaf", {}});
  }
  return n;
}

/// Buffer or piece sizes to try for `n` bytes: every size up to 300 (and up to n + 1 for short
/// texts), then sizes growing by a tenth up to n + 1.
std::vector<std::size_t> sizes_for(std::size_t n) {
  std::vector<std::size_t> sizes;
  const std::size_t every = std::max<std::size_t>(300, n <= 2048 ? n + 1 : 0);
  for (std::size_t s = 1; s <= every; ++s) sizes.push_back(s);
  for (std::size_t s = every + 1; s <= n + 1; s += std::max<std::size_t>(1, s / 10)) sizes.push_back(s);
  sizes.push_back(n + 1);
  return sizes;
}

/// What a serializer writes through buffers of `size` bytes each.
template <class T>
std::string written_through(const T& value, const serializer_options& options, std::size_t size,
                            parse_error* error = nullptr) {
  jsonjit::serializer s(value, options);
  std::string out;
  std::vector<char> buffer(size);
  while (!s.done()) {
    const std::size_t n = s.write_some(buffer);
    out.append(buffer.data(), n);
    if (n < size && !s.done()) {
      ADD_FAILURE() << "write_some left the buffer part-filled before the end, size " << size;
      break;
    }
  }
  if (error != nullptr) *error = s.error();
  return out;
}

template <class T>
void every_split_writes_alike(const T& value, const std::string& what) {
  // automatic: compiled code wherever the JIT compiles the type (TreeRecord's variant is not).
  for (const engine e : {engine::interpreter, engine::automatic}) {
    for (const bool indented : {false, true}) {
      const serializer_options options = with_engine(e, indented);
      const std::string expected = jsonjit::serialize(value, options);
      for (const std::size_t size : sizes_for(expected.size())) {
        const std::string written = written_through(value, options, size);
        ASSERT_TRUE(written == expected) << what << ", buffer size " << size << ", engine " << static_cast<int>(e)
                                         << (indented ? ", indented" : "") << "\n"
                                         << written.substr(0, 300);
      }
    }
  }
}

TEST(StreamSplit, SerializerWritesTheSameBytesThroughBuffersOfEverySize) {
  every_split_writes_alike(models::make_login(), "LoginViewModel");
  every_split_writes_alike(models::make_location(), "Location");
  every_split_writes_alike(models::make_index(models::fixed_clock()), "IndexViewModel");
  every_split_writes_alike(models::make_binary_data(), "BinaryDataPayload");
  every_split_writes_alike(models::make_tree(5), "TreeRecord");
  every_split_writes_alike(assorted{}, "assorted");
  every_split_writes_alike(make_nest(30), "nest");
}

TEST(StreamSplit, ADeepTreeStopsAndContinuesAtEveryLevel) {
  // 1,001 levels of objects and arrays: the writer's and the reader's frames all stop and
  // continue on the fiber's stack.
  const nest deep = make_nest(500);
  for (const engine e : {engine::interpreter, engine::automatic}) {
    serializer_options options = with_engine(e);
    options.max_depth(1100);
    const std::string expected = jsonjit::serialize(deep, options);
    for (const std::size_t size : {1u, 7u, 256u, 5000u}) {
      ASSERT_TRUE(written_through(deep, options, size) == expected) << "buffer size " << size;
      jsonjit::deserializer<nest> d(options);
      parse_error error;
      for (std::size_t at = 0; at < expected.size() && !error; at += size) {
        error = d.write(std::string_view(expected).substr(at, size));
      }
      if (!error) error = d.finish();
      ASSERT_FALSE(error) << jsonjit::to_string(error);
      EXPECT_TRUE(jsonjit::serialize(d.release(), options) == expected);
    }
  }
}

TEST(StreamSplit, SerializerWritesTheLargeModelsThroughBuffersOfManySizes) {
  every_split_writes_alike(models::make_my_events(models::fixed_clock()), "MyEventsListerViewModel");
  every_split_writes_alike(models::make_collections(models::fixed_clock()), "CollectionsOfPrimitives");
}

TEST(StreamSplit, SerializerTakesBuffersOfAnyMixOfSizes) {
  const auto value = models::make_my_events(models::fixed_clock());
  std::mt19937 random(7);
  for (const engine e : jsonjit_test::engines_to_test()) {
    const serializer_options options = with_engine(e);
    const std::string expected = jsonjit::serialize(value, options);
    for (int round = 0; round < 20; ++round) {
      jsonjit::serializer s(value, options);
      std::string out;
      std::vector<char> buffer(70000);
      while (!s.done()) {
        // Mostly small buffers, now and then a large one.
        const std::size_t size = random() % 8 == 0 ? 1 + random() % 70000 : 1 + random() % 600;
        out.append(buffer.data(), s.write_some(std::span<char>(buffer.data(), size)));
      }
      ASSERT_TRUE(out == expected) << "round " << round;
    }
  }
}

/// Fails to serialize after 5000 bytes: invalid UTF-8.
struct bad {
  std::string first = std::string(5000, 'a');
  std::string broken = "ok \xC3";
};

TEST(StreamSplit, SerializerReportsSerializeToErrorsAndStopsCleanly) {
  for (const engine e : jsonjit_test::engines_to_test()) {
    const serializer_options options = with_engine(e);
    std::string whole;
    const parse_error expected = jsonjit::serialize_to(bad{}, whole, options);
    ASSERT_EQ(expected.info.code, jsonjit::error_code::invalid_utf8);
    for (const std::size_t size : {1u, 2u, 100u, 4096u, 20000u}) {
      parse_error error;
      const std::string written = written_through(bad{}, options, size, &error);
      expect_same_error(expected, error, "buffer size " + std::to_string(size));
      // What was handed out before the failure is the start of the JSON: with the
      // interpreter, whose writer hands out each 1 KiB piece of the long string as it goes,
      // at least its opening; compiled code writes the clean string in one run into the
      // window and may hand out nothing before the failure.
      const std::string start = R"({"first":")" + bad{}.first + R"(","broken":"ok )";
      EXPECT_TRUE(written == start.substr(0, written.size())) << "buffer size " << size << ", " << written.size()
                                                              << " bytes handed out";
      if (e == engine::interpreter) {
        EXPECT_GE(written.size(), 10u) << "buffer size " << size;
      }
    }
  }
  // A serializer dropped halfway unwinds its writer: nothing leaks (the ASan run checks).
  const auto value = models::make_my_events(models::fixed_clock());
  for (const engine e : jsonjit_test::engines_to_test()) {
    const serializer_options options = with_engine(e);
    jsonjit::serializer s(value, options);
    char buffer[1000];
    EXPECT_EQ(s.write_some(buffer), sizeof buffer);
    EXPECT_FALSE(s.done());
  }
}

/// A converter that throws while writing (after some bytes were written).
struct throwing_converter {
  using value_type = int;
  void write(jsonjit::writer& w, const int& v, const serializer_options&) const {
    if (v < 0) throw std::runtime_error("negative");
    w.number_value(v);
  }
  jsonjit::error_code read(jsonjit::reader&, int&, const serializer_options&) const { return jsonjit::error_code::none; }
};
struct with_throwing {
  std::string padding = std::string(3000, 'p');
  int value = -1;
};

/// Immutable: read through its constructor, no default constructor.
class money {
 public:
  money(std::int64_t cents, std::string currency) : cents_(cents), currency_(std::move(currency)) {}
  std::int64_t cents() const { return cents_; }
  const std::string& currency() const { return currency_; }

 private:
  std::int64_t cents_;
  std::string currency_;
};
struct payments {
  std::vector<money> items;
  std::optional<money> largest;
};

}  // namespace
}  // namespace stream_split_test

template <>
struct jsonjit::meta<stream_split_test::with_throwing> {
  using T = stream_split_test::with_throwing;
  static constexpr auto properties = jsonjit::properties(
      jsonjit::property("padding", &T::padding),
      jsonjit::property("value", &T::value).with<stream_split_test::throwing_converter>());
};
template <>
struct jsonjit::meta<stream_split_test::money> {
  using T = stream_split_test::money;
  static constexpr auto properties =
      jsonjit::properties(jsonjit::computed("cents", &T::cents), jsonjit::computed("currency", &T::currency));
  static constexpr auto constructor = jsonjit::constructor<std::int64_t, std::string>("cents", "currency");
};

namespace stream_split_test {
namespace {

TEST(StreamSplit, ExceptionsFromConvertersArriveAtWriteSome) {
  for (const engine e : {engine::interpreter, engine::automatic}) {
    const serializer_options options = with_engine(e);
    const with_throwing value;
    // Small buffers: thrown on the fiber; a large one: thrown by the value written at once.
    for (const std::size_t size : {64u, 16384u}) {
      jsonjit::serializer s(value, options);
      std::vector<char> buffer(size);
      EXPECT_THROW(
          {
            while (!s.done()) s.write_some(buffer);
          },
          std::runtime_error);
      EXPECT_TRUE(s.done()) << size;
    }
  }
}

TEST(StreamSplit, AValueLargerThanTheTypesLastStartsOverOnAFiber) {
  // The type's last output was small, so write_some tries to write the value into the first
  // buffer at once; it does not fit: that attempt hands out nothing and the fiber writes it all.
  const std::vector<std::string> small{"a"};
  const std::vector<std::string> large(400, std::string(30, 'x') + "\xC3\xA9");
  for (const engine e : {engine::interpreter, engine::automatic}) {
    const serializer_options options = with_engine(e);
    const std::string expected = jsonjit::serialize(large, options);
    for (const std::size_t size : {std::size_t{1024}, std::size_t{2048}, std::size_t{5000}, expected.size() - 1}) {
      (void)jsonjit::serialize(small, options);  // the type's last output: 5 bytes
      ASSERT_TRUE(written_through(large, options, size) == expected) << "buffer size " << size;
    }
  }
}

/// The value or the error reading `json` whole gives, as text (values compared by their JSON).
template <class T>
std::string read_whole(const std::string& json, const serializer_options& options, parse_error& error) {
  auto r = jsonjit::try_deserialize<T>(json, options);
  if (!r) {
    error = r.error();
    return {};
  }
  return jsonjit::serialize(*r, options);
}

/// Reads `json` with deserializer<T> in pieces of `size` bytes.
template <class T>
parse_error read_in_pieces(const std::string& json, const serializer_options& options, std::size_t size,
                           std::string& shown) {
  jsonjit::deserializer<T> d(options);
  parse_error e;
  for (std::size_t at = 0; at < json.size() && !e; at += size) e = d.write(std::string_view(json).substr(at, size));
  if (!e) e = d.finish();
  if (!e) shown = jsonjit::serialize(d.release(), options);
  return e;
}

/// Reads `json` from an istream that delivers `step` bytes at a time.
template <class T>
parse_error read_trickled(const std::string& json, const serializer_options& options, std::size_t step,
                          std::string& shown) {
  jsonjit::test::trickle_buffer buffer(json, step);
  std::istream stream(&buffer);
  jsonjit::istream_input in(stream, 256);
  auto r = jsonjit::try_deserialize<T>(in, options);
  if (!r) return r.error();
  shown = jsonjit::serialize(*r, options);
  return {};
}

template <class T>
void every_split_reads_alike(const std::string& json, const std::string& what, bool every_size = true) {
  for (const engine e : {engine::interpreter, engine::automatic}) {
    const serializer_options options = with_engine(e);
    parse_error expected_error;
    const std::string expected = read_whole<T>(json, options, expected_error);
    const std::vector<std::size_t> sizes =
        every_size ? sizes_for(json.size()) : std::vector<std::size_t>{1, 2, 3, 5, 16, 64, 1000, json.size() + 1};
    for (const std::size_t size : sizes) {
      const std::string where = what + ", pieces of " + std::to_string(size) + ", engine " + std::to_string(static_cast<int>(e));
      std::string shown;
      const parse_error error = read_in_pieces<T>(json, options, size, shown);
      if (expected_error) {
        expect_same_error(expected_error, error, where);
      } else {
        ASSERT_FALSE(error) << where << ": " << jsonjit::to_string(error);
        ASSERT_TRUE(shown == expected) << where;
      }
      if (size > 64 && size != json.size() + 1) continue;  // the stream input: a few step sizes
      std::string trickled;
      const parse_error stream_error = read_trickled<T>(json, options, size, trickled);
      if (expected_error) {
        expect_same_error(expected_error, stream_error, where + " (istream)");
      } else {
        ASSERT_FALSE(stream_error) << where << " (istream): " << jsonjit::to_string(stream_error);
        ASSERT_TRUE(trickled == expected) << where << " (istream)";
      }
    }
  }
}

TEST(StreamSplit, DeserializerReadsTheSameValuesFromPiecesOfEverySize) {
  every_split_reads_alike<models::LoginViewModel>(jsonjit::serialize(models::make_login()), "LoginViewModel");
  every_split_reads_alike<models::Location>(jsonjit::serialize(models::make_location()), "Location");
  every_split_reads_alike<models::IndexViewModel>(
      jsonjit::serialize(models::make_index(models::fixed_clock()), with_engine(engine::interpreter, true)),
      "IndexViewModel indented");
  every_split_reads_alike<models::TreeRecord>(jsonjit::serialize(models::make_tree(5)), "TreeRecord");
  every_split_reads_alike<assorted>(jsonjit::serialize(assorted{}), "assorted");
  every_split_reads_alike<nest>(jsonjit::serialize(make_nest(30)), "nest");
  every_split_reads_alike<models::MyEventsListerViewModel>(
      jsonjit::serialize(models::make_my_events(models::fixed_clock())), "MyEventsListerViewModel", false);
  every_split_reads_alike<models::CollectionsOfPrimitives>(
      jsonjit::serialize(models::make_collections(models::fixed_clock())), "CollectionsOfPrimitives", false);
}

TEST(StreamSplit, DeserializerReportsTheSameErrorsFromPiecesOfEverySize) {
  const std::string login = jsonjit::serialize(models::make_login());
  // Truncated at every byte, then bytes that break it at several places.
  for (std::size_t cut = 0; cut < login.size(); cut += 3) {
    every_split_reads_alike<models::LoginViewModel>(login.substr(0, cut), "cut at " + std::to_string(cut), false);
  }
  const std::string location = jsonjit::serialize(models::make_location());
  for (const std::string insert : {"\xC3", "\xFF", "\"", ",", "}", "\n\n  x"}) {
    for (std::size_t at = 1; at < location.size(); at += 17) {
      std::string broken = location;
      broken.insert(at, insert);
      every_split_reads_alike<models::Location>(broken, "insert at " + std::to_string(at), false);
    }
  }
  every_split_reads_alike<assorted>(R"({"numbers":[1,null,"x"]})", "wrong element");
  every_split_reads_alike<assorted>("{\"map\":{\"a\":1,\"b\":tru}}", "bad literal in a map");
  every_split_reads_alike<nest>(R"({"name":"a","children":[{"name":"b","children":[{"name":7}]}]})", "deep error");
  every_split_reads_alike<nest>("  {\"name\":\"a\"}  x", "after the value");
  every_split_reads_alike<nest>("\xEF\xBB\xBF{\"name\":\"bom\"}", "byte order mark");
  every_split_reads_alike<nest>("", "empty");
}

TEST(StreamSplit, DeserializerReadsTypesBuiltByTheirConstructor) {
  every_split_reads_alike<money>(R"({"cents":1250,"currency":"EUR"})", "money");
  every_split_reads_alike<payments>(
      R"({"items":[{"cents":1,"currency":"EUR"},{"currency":"USD","cents":-5}],"largest":{"cents":9,"currency":"X"}})",
      "payments");
  every_split_reads_alike<money>(R"({"cents":"x","currency":"EUR"})", "money, wrong cents");
}

TEST(StreamSplit, DeserializerDroppedHalfwayLeaksNothing) {
  const std::string json = jsonjit::serialize(models::make_my_events(models::fixed_clock()));
  for (const engine e : {engine::interpreter, engine::automatic}) {
    const serializer_options options = with_engine(e);
    jsonjit::deserializer<models::MyEventsListerViewModel> d(options);
    EXPECT_FALSE(d.write(std::string_view(json).substr(0, json.size() / 2)));
  }
}

}  // namespace
}  // namespace stream_split_test
