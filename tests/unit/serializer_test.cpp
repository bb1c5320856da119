// The typed serializer: types, options, meta, converters and errors, as a user checks them.
#include <gtest/gtest.h>

#include <jsonjit/jsonjit.hpp>

#include <array>
#include <cmath>
#include <cstdlib>
#include <deque>
#include <list>
#include <map>
#include <optional>
#include <pthread.h>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "engines.hpp"

namespace serializer_test {

using jsonjit::error_code;
using jsonjit::serializer_options;

struct Point {
  int x = 0;
  int y = 0;
  friend bool operator==(const Point&, const Point&) = default;
};

struct Everything {
  bool b = true;
  std::int8_t i8 = -8;
  std::int16_t i16 = -16;
  std::int32_t i32 = -32;
  std::int64_t i64 = -64;
  std::uint8_t u8 = 8;
  std::uint16_t u16 = 16;
  std::uint32_t u32 = 32;
  std::uint64_t u64 = 18446744073709551615ull;
  float f = 1.5f;
  double d = 0.1;
  char c = 'c';
  std::string s = "text";
  std::optional<int> none;
  std::optional<int> some = 5;
  std::unique_ptr<Point> unique = std::make_unique<Point>(Point{1, 2});
  std::shared_ptr<Point> shared;
  std::vector<int> vector{1, 2};
  std::array<int, 3> array{7, 8, 9};
  std::deque<std::string> deque{"d"};
  std::list<Point> list{{3, 4}};
  std::set<int> set{2, 1};
  std::map<std::string, int> map{{"a", 1}};
  std::map<int, bool> int_keys{{-1, true}, {2, false}};
  std::pair<int, std::string> pair{1, "one"};
  std::tuple<bool, double, std::string> tuple{false, 2.5, "t"};
  std::vector<std::uint8_t> bytes{0, 1, 2, 255};
  std::variant<int, std::string> variant = std::string("v");
  jsonjit::uuid id = *jsonjit::uuid::parse("994cd293-2b06-4dff-9c3e-7c081b46dc0a");
  friend bool operator==(const Everything& a, const Everything& b) {
    auto same_ptr = [](const auto& p, const auto& q) { return p == nullptr ? q == nullptr : q != nullptr && *p == *q; };
    return a.b == b.b && a.i8 == b.i8 && a.i16 == b.i16 && a.i32 == b.i32 && a.i64 == b.i64 && a.u8 == b.u8 &&
           a.u16 == b.u16 && a.u32 == b.u32 && a.u64 == b.u64 && a.f == b.f && a.d == b.d && a.c == b.c &&
           a.s == b.s && a.none == b.none && a.some == b.some && same_ptr(a.unique, b.unique) &&
           same_ptr(a.shared, b.shared) && a.vector == b.vector && a.array == b.array && a.deque == b.deque &&
           a.list == b.list && a.set == b.set && a.map == b.map && a.int_keys == b.int_keys && a.pair == b.pair &&
           a.tuple == b.tuple && a.bytes == b.bytes && a.variant == b.variant && a.id == b.id;
  }
};

constexpr std::string_view everything_json =
    R"({"b":true,"i8":-8,"i16":-16,"i32":-32,"i64":-64,"u8":8,"u16":16,"u32":32,"u64":18446744073709551615,)"
    R"("f":1.5,"d":0.1,"c":"c","s":"text","none":null,"some":5,"unique":{"x":1,"y":2},"shared":null,)"
    R"("vector":[1,2],"array":[7,8,9],"deque":["d"],"list":[{"x":3,"y":4}],"set":[1,2],"map":{"a":1},)"
    R"("int_keys":{"-1":true,"2":false},"pair":[1,"one"],"tuple":[false,2.5,"t"],"bytes":"AAEC/w==",)"
    R"("variant":"v","id":"994cd293-2b06-4dff-9c3e-7c081b46dc0a"})";

TEST(Serializer, OptionsStartWithTheEngineTheEnvironmentNames) {
  // ctest runs this suite once as it is and once with JSONJIT_ENGINE=interpreter.
  const char* named = std::getenv("JSONJIT_ENGINE");
  const jsonjit::engine expected = named != nullptr && std::string_view(named) == "interpreter"
                                       ? jsonjit::engine::interpreter
                                       : jsonjit::engine::automatic;
  EXPECT_EQ(jsonjit::serializer_options{}.engine(), expected);
  EXPECT_EQ(jsonjit::serializer_options::defaults().engine(), expected);
}

TEST(Serializer, EveryVocabularyTypeWritesAndReadsBack) {
  const Everything value;
  EXPECT_EQ(jsonjit::serialize(value), everything_json);
  const Everything back = jsonjit::deserialize<Everything>(everything_json);
  EXPECT_TRUE(back == value);
}

TEST(Serializer, ReadingReplacesContainersAndKeepsMissingMembers) {
  Everything value;
  ASSERT_FALSE(jsonjit::deserialize_into(value, R"({"vector":[5],"set":[9],"s":"new"})"));
  EXPECT_EQ(value.vector, std::vector<int>{5});
  EXPECT_EQ(value.set, std::set<int>{9});
  EXPECT_EQ(value.s, "new");
  EXPECT_EQ(value.i32, -32);
}

TEST(Serializer, UnorderedContainersAndBitVectorsRoundTrip) {
  std::unordered_map<std::string, std::vector<int>> m{{"a", {1}}, {"b", {}}};
  EXPECT_EQ(jsonjit::deserialize<decltype(m)>(jsonjit::serialize(m)), m);
  std::unordered_set<std::string> s{"x", "y"};
  EXPECT_EQ(jsonjit::deserialize<decltype(s)>(jsonjit::serialize(s)), s);
  const std::vector<bool> bits{true, false, true};
  EXPECT_EQ(jsonjit::serialize(bits), "[true,false,true]");
  EXPECT_EQ(jsonjit::deserialize<std::vector<bool>>("[false,true]"), (std::vector<bool>{false, true}));
}

// ---- meta ----

class Account {
 public:
  int id() const { return id_; }
  void set_id(int id) { id_ = id; }
  const std::string& owner() const { return owner_; }

 private:
  friend struct jsonjit::meta<Account>;
  int id_ = 0;
  std::string owner_ = "nobody";
  std::string secret_ = "s3cret";
};

}  // namespace serializer_test

template <>
struct jsonjit::meta<serializer_test::Account> {
  static constexpr auto properties = jsonjit::properties(
      jsonjit::property("Id", &serializer_test::Account::id, &serializer_test::Account::set_id).required(), jsonjit::property("Owner", &serializer_test::Account::owner_),
      jsonjit::property("Secret", &serializer_test::Account::secret_).ignore(),
      jsonjit::computed("Display", [](const serializer_test::Account& a) { return a.owner_ + "#" + std::to_string(a.id_); }));
};

namespace serializer_test {

TEST(SerializerMeta, GettersSettersPrivateMembersIgnoredAndComputed) {
  Account a;
  a.set_id(7);
  EXPECT_EQ(jsonjit::serialize(a), R"({"Id":7,"Owner":"nobody","Display":"nobody#7"})");
  const Account back = jsonjit::deserialize<Account>(R"({"Display":"ignored","Owner":"ann","Secret":"x","Id":3})");
  EXPECT_EQ(back.id(), 3);
  EXPECT_EQ(back.owner(), "ann");
  EXPECT_EQ(jsonjit::serialize(back), R"({"Id":3,"Owner":"ann","Display":"ann#3"})");
}

TEST(SerializerMeta, RequiredPropertyMissingNamesIt) {
  auto r = jsonjit::try_deserialize<Account>(R"({"Owner":"ann"})");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().info.code, error_code::missing_required_property);
  EXPECT_EQ(r.error().name, "Id");
  EXPECT_EQ(r.error().info.offset, 14u);  // the closing brace
}

enum class color : std::uint8_t { red, green, blue };
}  // namespace serializer_test

template <>
struct jsonjit::meta<serializer_test::color> {
  static constexpr auto enumerators =
      jsonjit::enumerators<serializer_test::color>({{serializer_test::color::red, "Red"}, {serializer_test::color::green, "Green"}, {serializer_test::color::blue, "Blue"}});
};

namespace serializer_test {

struct Paint {
  color c = color::green;
  std::map<color, int> amounts{{color::blue, 2}};
};

TEST(SerializerMeta, EnumsAreNumbersOrNames) {
  EXPECT_EQ(jsonjit::serialize(Paint{}), R"({"c":1,"amounts":{"Blue":2}})");
  serializer_options names;
  names.enums_as_strings(true);
  EXPECT_EQ(jsonjit::serialize(Paint{}, names), R"({"c":"Green","amounts":{"Blue":2}})");
  EXPECT_EQ(jsonjit::deserialize<Paint>(R"({"c":"blue"})", names).c, color::blue);  // case-insensitive
  EXPECT_EQ(jsonjit::deserialize<Paint>(R"({"c":0})", names).c, color::red);
  EXPECT_EQ(jsonjit::deserialize<Paint>(R"({"c":"2"})", names).c, color::blue);  // unnamed values as text
  EXPECT_EQ(jsonjit::serialize(Paint{static_cast<color>(7), {}}, names), R"({"c":7,"amounts":{}})");
  EXPECT_EQ(jsonjit::try_deserialize<Paint>(R"({"c":"Purple"})", names).error().info.code,
            error_code::invalid_value_format);
  EXPECT_EQ(jsonjit::try_deserialize<Paint>(R"({"c":300})").error().info.code, error_code::number_out_of_range);
}

struct Endpoint {
  std::string name;
  int port = 0;
  std::string cache;
  bool secure = false;
  std::string url() const { return (secure ? "https://" : "http://") + name + ":" + std::to_string(port); }
};

}  // namespace serializer_test

template <>
struct jsonjit::meta<serializer_test::Endpoint> {
  using T = serializer_test::Endpoint;
  static constexpr auto members = jsonjit::members(jsonjit::property("service", &T::name),
                                                   jsonjit::property(&T::port).required(), jsonjit::ignored(&T::cache),
                                                   jsonjit::computed("url", &T::url));
};

namespace serializer_test {

TEST(SerializerMeta, MembersChangeSomeMembersAndReflectionKeepsTheRest) {
  // Naming one member kept only that one: {"service":"x"} for a struct of four.
  const Endpoint e{"db", 5432, "stale", true};
  for (const jsonjit::engine engine : jsonjit_test::engines_to_test()) {
    serializer_options o;
    o.engine(engine);
    EXPECT_EQ(jsonjit::serialize(e, o), R"({"service":"db","port":5432,"secure":true,"url":"https://db:5432"})");
    const Endpoint back = jsonjit::deserialize<Endpoint>(R"({"service":"x","port":1,"cache":"c","secure":true})", o);
    EXPECT_EQ(back.name, "x");
    EXPECT_EQ(back.port, 1);
    EXPECT_EQ(back.cache, "");  // ignored
    EXPECT_TRUE(back.secure);
    const auto missing = jsonjit::try_deserialize<Endpoint>(R"({"service":"x"})", o);
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error().info.code, error_code::missing_required_property);
  }
}

struct Amount {  // no default constructor
  explicit Amount(long c) : cents(c) {}
  long cents;
  bool operator==(const Amount&) const = default;
};

}  // namespace serializer_test

template <>
struct jsonjit::meta<serializer_test::Amount> {
  static constexpr auto properties = jsonjit::properties(jsonjit::property("cents", &serializer_test::Amount::cents));
  static constexpr auto constructor = jsonjit::constructor<long>("cents");
};

namespace serializer_test {

struct Transfer {  // an aggregate without a default constructor: Amount has none
  Amount amount;
  std::string to;
};

TEST(SerializerMeta, AggregatesWhoseMembersLackDefaultConstructorsAreBuiltFromTheirMembers) {
  // deserialize<Transfer> did not compile: "jsonjit reads a T by default construction or
  // meta<T>::constructor" (README's Payment example could not be read back).
  // (The JIT leaves objects built by a constructor from a property without a default
  // constructor to the interpreter: README's list of what it refuses.)
  serializer_options jit;
  jit.engine(jsonjit::engine::jit);
  EXPECT_EQ(jsonjit::try_deserialize<Transfer>("{}", jit).error().info.code, error_code::not_compiled);
  for (const jsonjit::engine e : {jsonjit::engine::interpreter, jsonjit::engine::automatic}) {
    serializer_options o;
    o.engine(e);
    const Transfer t = jsonjit::deserialize<Transfer>(R"({"to":"Bob","amount":{"cents":250}})", o);
    EXPECT_EQ(t.amount, Amount(250));
    EXPECT_EQ(t.to, "Bob");
    const auto nested = jsonjit::deserialize<std::vector<Transfer>>(R"([{"amount":{"cents":1},"to":"A"}])", o);
    ASSERT_EQ(nested.size(), 1u);
    EXPECT_EQ(nested[0].amount.cents, 1);
    const auto bad = jsonjit::try_deserialize<Transfer>(R"({"amount":{"cents":"x"}})", o);
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().path, "$.amount.cents");
  }
}

enum class status : std::uint8_t { draft, published = 3, archived = 255 };
enum legacy_flags { legacy_a, legacy_b };  // no fixed underlying type: not reflected

struct Post {
  status s = status::published;
  std::map<status, int> counts{{status::draft, 1}};
  legacy_flags f = legacy_b;
};

TEST(SerializerMeta, EnumNamesAreReflectedWithoutMeta) {
  // enums_as_strings alone: the names come from the enumeration itself, on both engines.
  for (const jsonjit::engine e : jsonjit_test::engines_to_test()) {
    serializer_options names;
    names.enums_as_strings(true).engine(e);
    EXPECT_EQ(jsonjit::serialize(Post{}, names), R"({"s":"published","counts":{"draft":1},"f":1})");
    EXPECT_EQ(jsonjit::deserialize<Post>(R"({"s":"archived"})", names).s, status::archived);
    EXPECT_EQ(jsonjit::deserialize<Post>(R"({"s":"Draft"})", names).s, status::draft);  // case-insensitive
    EXPECT_EQ(jsonjit::serialize(Post{static_cast<status>(7), {}, legacy_a}, names), R"({"s":7,"counts":{},"f":0})");
    const auto deleted = jsonjit::try_deserialize<Post>(R"({"s":"deleted"})", names);
    EXPECT_EQ(deleted.error().info.code, error_code::invalid_value_format);
    // Which value, and what is accepted (both said "not in the format its type needs").
    EXPECT_EQ(jsonjit::to_string(deleted.error()),
              "line 1, column 6 (byte 5) at $.s: the value is not in the format its type needs: \"deleted\" is "
              "neither a name of the enumeration (draft, published, archived) nor an integer");
    serializer_options numbers;
    numbers.engine(e);
    EXPECT_EQ(jsonjit::serialize(Post{}, numbers), R"({"s":3,"counts":{"draft":1},"f":1})");
  }
  // Declared inside a function, with a negative value.
  enum class direction : std::int8_t { down = -1, up = 1 };
  serializer_options names;
  names.enums_as_strings(true);
  EXPECT_EQ(jsonjit::serialize(std::vector<direction>{direction::down, direction::up}, names), R"(["down","up"])");
  EXPECT_EQ(jsonjit::deserialize<std::vector<direction>>(R"(["up","down"])", names),
            (std::vector<direction>{direction::up, direction::down}));
}

TEST(SerializerMeta, TypesDeclaredInsideAFunctionAreReflected) {
  struct Vertex {
    int x = 0;
    std::string label;
  };
  struct Shape {
    std::vector<Vertex> points;
    std::optional<Vertex> center;
  };
  const Shape shape{{{1, "a"}, {2, "b"}}, Vertex{3, "c"}};
  for (const jsonjit::engine e : jsonjit_test::engines_to_test()) {
    serializer_options o;
    o.engine(e);
    const std::string json = jsonjit::serialize(shape, o);
    EXPECT_EQ(json, R"({"points":[{"x":1,"label":"a"},{"x":2,"label":"b"}],"center":{"x":3,"label":"c"}})");
    const Shape back = jsonjit::deserialize<Shape>(json, o);
    ASSERT_EQ(back.points.size(), 2u);
    EXPECT_EQ(back.points[1].label, "b");
    EXPECT_EQ(back.center->x, 3);
  }
}

// ---- converters ----

struct celsius {
  double degrees = 0;
};
struct celsius_converter {
  using value_type = celsius;
  void write(jsonjit::writer& out, const celsius& c, const serializer_options&) const {
    out.string_value(std::to_string(static_cast<int>(c.degrees)) + "C");
  }
  error_code read(jsonjit::reader& in, celsius& c, const serializer_options&) const {
    auto text = in.get_string();
    if (!text) return text.error();
    if (text->empty() || text->back() != 'C') return error_code::invalid_value_format;
    c.degrees = std::stod(text->substr(0, text->size() - 1));
    return error_code::none;
  }
};
struct Weather {
  celsius today{21};
  std::vector<celsius> week{{1}, {2}};
};

/// A converter that writes `mode`: nothing, an object left open, two values, or one value.
struct sloppy {
  int mode = 0;
};
struct sloppy_converter {
  using value_type = sloppy;
  void write(jsonjit::writer& out, const sloppy& s, const serializer_options&) const {
    if (s.mode == 1) {
      out.start_object();
    } else if (s.mode == 2) {
      out.number_value(1);
      out.number_value(2);
    } else if (s.mode == 3) {
      out.number_value(7);
    }
  }
  error_code read(jsonjit::reader&, sloppy&, const serializer_options&) const { return error_code::none; }
};
struct HoldsSloppy {
  sloppy o;
  int after = 7;
};

TEST(SerializerConverters, AConverterMustWriteExactlyOneCompleteValue) {
  // Each wrote invalid JSON, or lost a value, reported as success: [] or [,] for two values
  // that wrote nothing, {"a":} in a map, {"o":{"after":7} for an object left open.
  for (const jsonjit::engine e : jsonjit_test::engines_to_test(true)) {
    serializer_options options;
    options.add_converter<sloppy_converter>().engine(e);
    for (const int mode : {0, 1, 2}) {
      const auto expect_refused = [&](const auto& value, std::string_view path) {
        const auto r = jsonjit::try_serialize(value, options);
        ASSERT_FALSE(r) << "mode " << mode << ": wrote " << *r;
        EXPECT_EQ(r.error().info.code, error_code::converter_value_incomplete) << jsonjit::to_string(r.error());
        EXPECT_EQ(r.error().path, path);
      };
      expect_refused(std::vector<sloppy>(2, sloppy{mode}), "$[0]");
      expect_refused(std::map<std::string, sloppy>{{"a", {mode}}}, "$.a");
      expect_refused(HoldsSloppy{{mode}}, "$.o");
      expect_refused(sloppy{mode}, "$");
    }
    EXPECT_EQ(jsonjit::serialize(std::vector<sloppy>(2, sloppy{3}), options), "[7,7]");
    EXPECT_EQ(jsonjit::serialize(HoldsSloppy{{3}}, options), R"({"o":7,"after":7})");
    serializer_options indented = options;
    indented.write_indented(true);
    EXPECT_EQ(jsonjit::serialize(std::vector<sloppy>(2, sloppy{3}), indented), "[\n  7,\n  7\n]");
  }
}

TEST(SerializerConverters, OptionsConverterAppliesEverywhereTheTypeAppears) {
  serializer_options options;
  options.add_converter<celsius_converter>();
  EXPECT_EQ(jsonjit::serialize(Weather{}, options), R"({"today":"21C","week":["1C","2C"]})");
  const Weather w = jsonjit::deserialize<Weather>(R"({"today":"5C","week":["7C"]})", options);
  EXPECT_EQ(w.today.degrees, 5);
  ASSERT_EQ(w.week.size(), 1u);
  EXPECT_EQ(w.week[0].degrees, 7);
  auto bad = jsonjit::try_deserialize<Weather>(R"({"week":["7C", "7F"]})", options);
  EXPECT_EQ(bad.error().info.code, error_code::invalid_value_format);
  EXPECT_EQ(bad.error().path, "$.week[1]");
  EXPECT_EQ(bad.error().info.column, 16u);
}

struct Thermostat {
  celsius target{20};
  celsius outside{3};
};
}  // namespace serializer_test

template <>
struct jsonjit::meta<serializer_test::Thermostat> {
  static constexpr auto properties =
      jsonjit::properties(jsonjit::property("target", &serializer_test::Thermostat::target).with<serializer_test::celsius_converter>(),
                          jsonjit::property("outside", &serializer_test::Thermostat::outside));
};

namespace serializer_test {
struct celsius_as_number {
  using value_type = celsius;
  void write(jsonjit::writer& out, const celsius& c, const serializer_options&) const { out.number_value(c.degrees); }
  error_code read(jsonjit::reader& in, celsius& c, const serializer_options&) const {
    auto d = in.get_double();
    if (!d) return d.error();
    c.degrees = *d;
    return error_code::none;
  }
};

TEST(SerializerConverters, PropertyConverterWinsForItsProperty) {
  serializer_options options;
  options.add_converter<celsius_as_number>();
  EXPECT_EQ(jsonjit::serialize(Thermostat{}, options), R"({"target":"20C","outside":3})");
  const Thermostat t = jsonjit::deserialize<Thermostat>(R"({"target":"25C","outside":-4})", options);
  EXPECT_EQ(t.target.degrees, 25);
  EXPECT_EQ(t.outside.degrees, -4);
}

/// Written and read only by a converter the options supply (none here).
struct opaque {
  opaque() {}
};
struct Holder {
  opaque o;
};

}  // namespace serializer_test

template <>
struct jsonjit::meta<serializer_test::opaque> {
  static constexpr bool converter_from_options = true;
};

namespace serializer_test {

TEST(SerializerConverters, TypeWhoseConverterTheOptionsLackIsReported) {
  auto r = jsonjit::try_serialize(Holder{});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().info.code, error_code::unsupported_type);
  EXPECT_NE(r.error().name.find("opaque"), std::string::npos) << r.error().name;
}

// ---- options ----

struct Names {
  int FirstName = 1;
  int URLValue = 2;
  int already_snake = 3;
};

TEST(SerializerOptions, NamingPolicies) {
  auto with = [](jsonjit::naming_policy p) {
    serializer_options o;
    o.naming(p);
    return jsonjit::serialize(Names{}, o);
  };
  EXPECT_EQ(with(jsonjit::naming_policy::camel_case), R"({"firstName":1,"urlValue":2,"already_snake":3})");
  EXPECT_EQ(with(jsonjit::naming_policy::snake_case_lower), R"({"first_name":1,"url_value":2,"already_snake":3})");
  EXPECT_EQ(with(jsonjit::naming_policy::snake_case_upper), R"({"FIRST_NAME":1,"URL_VALUE":2,"ALREADY_SNAKE":3})");
  EXPECT_EQ(with(jsonjit::naming_policy::kebab_case_lower), R"({"first-name":1,"url-value":2,"already_snake":3})");
  EXPECT_EQ(with(jsonjit::naming_policy::kebab_case_upper), R"({"FIRST-NAME":1,"URL-VALUE":2,"ALREADY_SNAKE":3})");
  // STJ's published examples.
  EXPECT_EQ(jsonjit::apply_naming_policy(jsonjit::naming_policy::snake_case_lower, "XMLHttpRequest"), "xml_http_request");
  EXPECT_EQ(jsonjit::apply_naming_policy(jsonjit::naming_policy::snake_case_lower, "SHA512Hash"), "sha512_hash");
  EXPECT_EQ(jsonjit::apply_naming_policy(jsonjit::naming_policy::kebab_case_lower, "  Leading Spaces "), "leading-spaces");
  EXPECT_EQ(jsonjit::apply_naming_policy(jsonjit::naming_policy::camel_case, "IPhone"), "iPhone");
  EXPECT_EQ(jsonjit::apply_naming_policy(jsonjit::naming_policy::camel_case, "ABC DEF"), "abc DEF");
}

struct Clashing {
  int FirstName = 1;
  int first_name = 2;
};
struct Cased {
  int Name = 1;
  int name = 2;
};

TEST(SerializerOptions, MembersThatOnePolicyNamesAlikeAreRefused) {
  // Written as they were, {"first_name":1,"first_name":2} loses one value to any reader.
  EXPECT_EQ(jsonjit::serialize(Clashing{}), R"({"FirstName":1,"first_name":2})");
  for (const jsonjit::engine e : jsonjit_test::engines_to_test(true)) {
    serializer_options snake;
    snake.naming(jsonjit::naming_policy::snake_case_lower).engine(e);
    const auto written = jsonjit::try_serialize(Clashing{}, snake);
    ASSERT_FALSE(written);
    EXPECT_EQ(written.error().info.code, error_code::conflicting_property_names);
    EXPECT_NE(written.error().name.find("first_name"), std::string::npos) << written.error().name;
    EXPECT_NE(written.error().name.find("Clashing"), std::string::npos) << written.error().name;
    Clashing read;
    EXPECT_EQ(jsonjit::deserialize_into(read, R"({"first_name":5})", snake).info.code,
              error_code::conflicting_property_names);
    serializer_options insensitive;  // names that differ only in case, read case-insensitively
    insensitive.case_insensitive_names(true).naming(jsonjit::naming_policy::camel_case).engine(e);
    EXPECT_EQ(jsonjit::try_serialize(Clashing{}, insensitive).has_value(), true);  // firstName, first_name
    EXPECT_EQ(jsonjit::try_serialize(Cased{}, insensitive).error().info.code, error_code::conflicting_property_names);
  }
}

TEST(SerializerOptions, CaseInsensitiveNamesAndUnmappedMembers) {
  serializer_options insensitive;
  insensitive.case_insensitive_names(true);
  EXPECT_EQ(jsonjit::deserialize<Point>(R"({"X":5,"Y":6})", insensitive), (Point{5, 6}));
  EXPECT_EQ(jsonjit::deserialize<Point>(R"({"X":5,"Y":6})"), (Point{0, 0}));  // skipped by default

  serializer_options strict;
  strict.unmapped(jsonjit::unmapped_members::disallow);
  auto r = jsonjit::try_deserialize<Point>(R"({"x":1,"z":[1,{}]})", strict);
  EXPECT_EQ(r.error().info.code, error_code::unmapped_member);
  EXPECT_EQ(r.error().name, "z");
  EXPECT_EQ(r.error().info.offset, 7u);
}

struct Städte {
  int größe = 0;
  int Ärzte = 0;
  int straße = 0;
};

enum class Farbe { grün, weiß };

TEST(SerializerOptions, CaseInsensitiveNamesFoldUnicodeCase) {
  // ASCII only, "GRÖSSE"-style spellings of a name beyond ASCII did not match it. Unicode's
  // simple case folding: "Ö" and "ö" are one, "ß" stays itself (its full folding "ss" is not
  // simple), the Kelvin sign is "k".
  for (const jsonjit::engine e : jsonjit_test::engines_to_test()) {
    serializer_options insensitive;
    insensitive.case_insensitive_names(true).engine(e);
    const Städte s = jsonjit::deserialize<Städte>(R"({"GRÖßE":1,"ärzte":2,"STRASSE":3})", insensitive);
    EXPECT_EQ(s.größe, 1);
    EXPECT_EQ(s.Ärzte, 2);
    EXPECT_EQ(s.straße, 0);  // "SS" is not "ß" under simple folding
    // Escaped names fold too.
    EXPECT_EQ(jsonjit::deserialize<Städte>(R"({"Ärzte":4})", insensitive).Ärzte, 4);
    serializer_options names;
    names.enums_as_strings(true).engine(e);
    EXPECT_EQ(jsonjit::deserialize<std::vector<Farbe>>(R"(["GRÜN","Weiß"])", names),
              (std::vector<Farbe>{Farbe::grün, Farbe::weiß}));
  }
}

TEST(SerializerOptions, DuplicatesLastWinsOrRejected) {
  EXPECT_EQ(jsonjit::deserialize<Point>(R"({"x":1,"x":2})").x, 2);
  serializer_options reject;
  reject.duplicates(jsonjit::duplicate_members::reject);
  auto r = jsonjit::try_deserialize<Point>(R"({"x":1,"x":2})", reject);
  EXPECT_EQ(r.error().info.code, error_code::duplicate_property_name);
  EXPECT_EQ(r.error().name, "x");

  // Map keys too: the last value replaces the first (not merged into it), in any key order.
  using points = std::map<std::string, Point>;
  const auto m = jsonjit::deserialize<points>(R"({"b":{"x":1,"y":5},"a":{"x":3},"b":{"x":2}})");
  EXPECT_EQ(m, (points{{"a", {3, 0}}, {"b", {2, 0}}}));
  auto dup = jsonjit::try_deserialize<points>(R"({"a":{},"b":{},"a":{}})", reject);
  ASSERT_FALSE(dup);
  EXPECT_EQ(dup.error().info.code, error_code::duplicate_property_name);
  EXPECT_EQ(dup.error().name, "a");
  EXPECT_EQ(dup.error().info.column, 16u);  // at the second "a"
}

struct Optionals {
  std::optional<int> a;
  int b = 0;
  std::string c;
  std::vector<int> d;
};

TEST(SerializerOptions, IgnoreConditions) {
  serializer_options null;
  null.default_ignore(jsonjit::default_ignore::when_writing_null);
  EXPECT_EQ(jsonjit::serialize(Optionals{}, null), R"({"b":0,"c":"","d":[]})");
  serializer_options defaults;
  defaults.default_ignore(jsonjit::default_ignore::when_writing_default);
  EXPECT_EQ(jsonjit::serialize(Optionals{}, defaults), "{}");
  EXPECT_EQ(jsonjit::serialize(Optionals{1, 2, "x", {3}}, defaults), R"({"a":1,"b":2,"c":"x","d":[3]})");
}

TEST(SerializerOptions, NumberHandling) {
  serializer_options quoted;
  quoted.numbers(jsonjit::number_handling::write_as_string | jsonjit::number_handling::allow_reading_from_string);
  EXPECT_EQ(jsonjit::serialize(Point{1, -2}, quoted), R"({"x":"1","y":"-2"})");
  EXPECT_EQ(jsonjit::deserialize<Point>(R"({"x":"7","y":8})", quoted), (Point{7, 8}));
  EXPECT_EQ(jsonjit::deserialize<Point>(R"({"x":"\u0037"})", quoted), (Point{7, 0}));  // escaped digits
  EXPECT_EQ(jsonjit::try_deserialize<Point>(R"({"x":"a\n"})", quoted).error().info.code,
            error_code::invalid_value_format);
  EXPECT_EQ(jsonjit::try_deserialize<Point>(R"({"x":"7"})").error().info.code, error_code::expected_number);
  EXPECT_EQ(jsonjit::try_deserialize<Point>(R"({"x":"07"})", quoted).error().info.code,
            error_code::invalid_value_format);

  serializer_options named;
  named.numbers(jsonjit::number_handling::allow_named_float_literals);
  const std::vector<double> specials{std::numeric_limits<double>::infinity(), -1.0 / 0.0};
  EXPECT_EQ(jsonjit::serialize(specials, named), R"(["Infinity","-Infinity"])");
  EXPECT_TRUE(std::isnan(jsonjit::deserialize<std::vector<double>>(R"(["NaN"])", named)[0]));
  auto strict = jsonjit::try_serialize(specials);
  EXPECT_EQ(strict.error().info.code, error_code::non_finite_number);
  EXPECT_EQ(strict.error().path, "$[0]");
}

TEST(SerializerOptions, IndentationAndEscaping) {
  serializer_options o;
  o.write_indented(true).escaping(jsonjit::escape_mode::relaxed);
  const std::map<std::string, std::vector<int>> m{{"a+é", {1, 2}}, {"b", {}}};
  EXPECT_EQ(jsonjit::serialize(m, o), "{\n  \"a+é\": [\n    1,\n    2\n  ],\n  \"b\": []\n}");
  EXPECT_EQ(jsonjit::serialize(m), R"({"a\u002B\u00E9":[1,2],"b":[]})");
  serializer_options tabs;
  tabs.write_indented(true).indent_char('\t').indent_size(1);
  EXPECT_EQ(jsonjit::serialize(std::vector<int>{1}, tabs), "[\n\t1\n]");
#if defined(__cpp_exceptions)
  serializer_options bad;
  EXPECT_THROW(bad.indent_char('x'), std::invalid_argument);  // `[\nx1\n]` is not JSON
  EXPECT_THROW(bad.indent_char('\n'), std::invalid_argument);
  EXPECT_THROW(bad.indent_size(128), std::invalid_argument);
  EXPECT_EQ(bad.indent_char(), ' ');  // unchanged
  EXPECT_EQ(bad.indent_size(), 2);
#endif
}

TEST(SerializerOptions, CommentsTrailingCommasAndDepth) {
  EXPECT_EQ(jsonjit::try_deserialize<Point>("{\"x\":1,}").error().info.code, error_code::trailing_comma_not_allowed);
  serializer_options lenient;
  lenient.skip_comments(true).allow_trailing_commas(true);
  EXPECT_EQ(jsonjit::deserialize<Point>("{/*c*/\"x\":1, // y\n}", lenient), (Point{1, 0}));

  serializer_options shallow;
  shallow.max_depth(2);
  using nested = std::vector<std::vector<std::vector<int>>>;
  EXPECT_EQ(jsonjit::try_deserialize<nested>("[[[1]]]", shallow).error().info.code, error_code::depth_exceeded);
  EXPECT_EQ(jsonjit::try_serialize(nested{{{1}}}, shallow).error().info.code, error_code::depth_exceeded);
}

TEST(SerializerOptions, FrozenOnceUsed) {
  serializer_options o;
  EXPECT_FALSE(o.frozen());
  (void)jsonjit::serialize(Point{}, o);
  EXPECT_TRUE(o.frozen());
  EXPECT_THROW(o.write_indented(true), std::logic_error);
  serializer_options copy = o;
  EXPECT_FALSE(copy.frozen());
  copy.write_indented(true);
  EXPECT_EQ(jsonjit::serialize(Point{}, copy), "{\n  \"x\": 0,\n  \"y\": 0\n}");
}

// ---- variants ----

struct Circle {
  double radius = 1;
};
struct Square {
  double side = 2;
};
}  // namespace serializer_test

template <>
struct jsonjit::meta<serializer_test::Circle> {
  static constexpr std::string_view tag = "circle";
};

template <>
struct jsonjit::meta<serializer_test::Square> {
  static constexpr std::string_view tag = "square";
};

namespace serializer_test {
using shape = std::variant<Circle, Square>;

TEST(SerializerVariants, TaggedByDiscriminatorFirst) {
  const std::vector<shape> shapes{Circle{3}, Square{4}};
  EXPECT_EQ(jsonjit::serialize(shapes), R"([{"$type":"circle","radius":3},{"$type":"square","side":4}])");
  const auto back = jsonjit::deserialize<std::vector<shape>>(R"([{"$type":"square","side":5}])");
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(std::get<Square>(back[0]).side, 5);
  for (const jsonjit::engine e : jsonjit_test::engines_to_test()) {
    serializer_options o;
    o.engine(e);
    auto unknown = jsonjit::try_deserialize<std::vector<shape>>(R"([{"$type":"hexagon"}])", o);
    EXPECT_EQ(unknown.error().info.code, error_code::unknown_discriminator);
    EXPECT_EQ(jsonjit::to_string(unknown.error()),
              R"(line 1, column 11 (byte 10) at $[0]: no type of the variant has this discriminator: "hexagon")");
  }
  auto late = jsonjit::try_deserialize<shape>(R"({"side":1,"$type":"square"})");
  EXPECT_EQ(late.error().info.code, error_code::missing_discriminator);
}

TEST(SerializerVariants, UntaggedChosenByJsonKind) {
  using v = std::variant<bool, std::int64_t, std::string, std::vector<int>, Point>;
  EXPECT_EQ(jsonjit::serialize(std::vector<v>{true, std::int64_t{3}, "s", std::vector<int>{1}, Point{1, 2}}),
            R"([true,3,"s",[1],{"x":1,"y":2}])");
  const auto back = jsonjit::deserialize<std::vector<v>>(R"([false,4,"t",[2],{"x":3}])");
  EXPECT_EQ(std::get<bool>(back[0]), false);
  EXPECT_EQ(std::get<std::int64_t>(back[1]), 4);
  EXPECT_EQ(std::get<std::string>(back[2]), "t");
  EXPECT_EQ(std::get<std::vector<int>>(back[3]), std::vector<int>{2});
  EXPECT_EQ(std::get<Point>(back[4]).x, 3);
}

// ---- errors ----

struct Event {
  std::string Name;
  int Seats = 0;
};
struct Schedule {
  std::vector<Event> Events;
};

TEST(SerializerErrors, PositionAndPathOfEveryKindOfError) {
  const std::string json = "{\"Events\":[{\"Name\":\"a\"},\n {\"Name\":\"b\",\"Seats\":3000000000}]}";
  try {
    (void)jsonjit::deserialize<Schedule>(json);
    FAIL() << "no error";
  } catch (const jsonjit::json_error& e) {
    EXPECT_EQ(e.code(), error_code::number_out_of_range);
    EXPECT_EQ(e.path(), "$.Events[1].Seats");
    EXPECT_EQ(e.line(), 2u);
    EXPECT_EQ(e.column(), 22u);
    EXPECT_EQ(e.byte_offset(), 46u);
    EXPECT_NE(std::string(e.what()).find("$.Events[1].Seats"), std::string::npos) << e.what();
  }
  auto check = [](std::string_view text, error_code code, std::string_view path) {
    auto r = jsonjit::try_deserialize<Schedule>(text);
    ASSERT_FALSE(r) << text;
    EXPECT_EQ(r.error().info.code, code) << text;
    EXPECT_EQ(r.error().path, path) << text;
  };
  check(R"({"Events":[{"Name":null}]})", error_code::null_not_allowed, "$.Events[0].Name");
  check(R"({"Events":{}})", error_code::expected_array, "$.Events");
  check(R"({"Events":[{"Seats":1.5}]})", error_code::number_not_integer, "$.Events[0].Seats");
  check(R"({"Events":[{"Name":"\ud800"}]})", error_code::lone_surrogate, "$.Events[0].Name");
  check(R"({"Events":[]} x)", error_code::expected_end_of_input, "$");
  check("", error_code::empty_input, "$");
  check(R"({"Events":[{"Name":"x"})", error_code::expected_comma_or_end_array, "$.Events");
  auto bad_utf8 = jsonjit::try_serialize(Event{"\xff", 1});
  EXPECT_EQ(bad_utf8.error().info.code, error_code::invalid_utf8);
  EXPECT_EQ(bad_utf8.error().path, "$.Name");
}

TEST(SerializerErrors, BytesAndFixedArraysAreChecked) {
  EXPECT_EQ(jsonjit::try_deserialize<std::vector<std::uint8_t>>(R"("AAE")").error().info.code,
            error_code::invalid_value_format);
  EXPECT_EQ(jsonjit::try_deserialize<std::vector<std::uint8_t>>(R"("AAF=")").error().info.code,
            error_code::invalid_value_format);  // unused bits set
  EXPECT_EQ(jsonjit::deserialize<std::vector<std::uint8_t>>(R"("AAE=")"), (std::vector<std::uint8_t>{0, 1}));
  EXPECT_EQ((jsonjit::try_deserialize<std::array<int, 2>>("[1]").error().info.code), error_code::wrong_array_length);
  EXPECT_EQ((jsonjit::try_deserialize<std::array<int, 2>>("[1,2,3]").error().info.code),
            error_code::wrong_array_length);
  EXPECT_EQ((jsonjit::try_deserialize<std::pair<int, int>>("[1]").error().info.code), error_code::wrong_array_length);
}

// ---- output targets ----

TEST(SerializerOutput, ReusedBufferAndSinks) {
  std::string buffer;
  ASSERT_FALSE(jsonjit::serialize_to(Point{1, 2}, buffer));
  EXPECT_EQ(buffer, R"({"x":1,"y":2})");
  ASSERT_FALSE(jsonjit::serialize_to(std::vector<int>{3}, buffer));
  EXPECT_EQ(buffer, "[3]");

  jsonjit::memory_output out;
  jsonjit::writer w(out);
  w.start_array();
  ASSERT_FALSE(jsonjit::serialize_to(Point{}, w));
  ASSERT_FALSE(jsonjit::serialize_to(std::string("s"), w));
  w.end_array();
  EXPECT_EQ(out.view(), R"([{"x":0,"y":0},"s"])");

  struct collect : jsonjit::chunk_sink {
    std::string all;
    bool write_chunk(std::span<const char> bytes) override {
      all.append(bytes.data(), bytes.size());
      return true;
    }
  } sink;
  jsonjit::chunked_output chunks(sink, 16);
  const std::vector<std::string> many(100, "0123456789");
  ASSERT_FALSE(jsonjit::serialize_to(many, chunks));
  EXPECT_EQ(sink.all, jsonjit::serialize(many));
}

// ---- recursion ----

struct Tree {
  int value = 0;
  std::vector<Tree> children;
  friend bool operator==(const Tree&, const Tree&) = default;
};

TEST(SerializerRecursion, RecursiveTypesAndDeepInputStopAtMaxDepth) {
  Tree t{1, {{2, {}}, {3, {{4, {}}}}}};
  const std::string json = jsonjit::serialize(t);
  EXPECT_EQ(json, R"({"value":1,"children":[{"value":2,"children":[]},{"value":3,"children":[{"value":4,"children":[]}]}]})");
  EXPECT_EQ(jsonjit::deserialize<Tree>(json), t);
  std::string deep;
  for (int i = 0; i < 100000; ++i) deep += "{\"children\":[";
  auto r = jsonjit::try_deserialize<Tree>(deep);
  EXPECT_EQ(r.error().info.code, error_code::depth_exceeded);
}

/// A chain of `depth` nested trees, and its teardown without recursion (the default
/// destructor recurses once per level).
Tree deep_tree(int depth) {
  Tree top;
  Tree* at = &top;
  for (int i = 1; i < depth; ++i) at = &at->children.emplace_back();
  return top;
}
void dismantle(Tree& t) {
  std::vector<Tree> pending;
  pending.swap(t.children);
  while (!pending.empty()) {
    Tree last = std::move(pending.back());
    pending.pop_back();
    for (Tree& child : last.children) pending.push_back(std::move(child));
  }
}

/// Runs `body` on a thread with a stack of `size` bytes.
void on_stack_of(std::size_t size, void (*body)()) {
  pthread_attr_t attr;
  ASSERT_EQ(pthread_attr_init(&attr), 0);
  ASSERT_EQ(pthread_attr_setstacksize(&attr, size), 0);
  pthread_t thread;
  ASSERT_EQ(pthread_create(
                &thread, &attr,
                [](void* f) -> void* {
                  reinterpret_cast<void (*)()>(f)();
                  return nullptr;
                },
                reinterpret_cast<void*>(body)),
            0);
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
}

/// Reads and writes trees nested far deeper than the thread's stack could hold by recursion,
/// with max_depth allowing them: each engine stops with stack_exhausted, never a crash.
void deep_trees_stop_at_the_stack() {
  constexpr int depth = 300'000;
  std::string json;
  for (int i = 0; i < depth; ++i) json += R"({"children":[)";
  for (int i = 0; i < depth; ++i) json += "]}";
  Tree tree = deep_tree(depth);
  for (const jsonjit::engine e : jsonjit_test::engines_to_test()) {
    serializer_options o;
    o.max_depth(2 * depth + 2).engine(e);
    Tree read;
    const auto r = jsonjit::deserialize_into(read, json, o);
    EXPECT_EQ(r.info.code, error_code::stack_exhausted) << jsonjit::to_string(r);
    EXPECT_GT(r.info.offset, 0u);
    dismantle(read);
    const auto w = jsonjit::try_serialize(tree, o);
    ASSERT_FALSE(w);
    EXPECT_EQ(w.error().info.code, error_code::stack_exhausted) << jsonjit::to_string(w.error());
  }
  dismantle(tree);
}

TEST(SerializerRecursion, NestingBeyondTheThreadsStackIsAnErrorOnEveryEngine) {
  deep_trees_stop_at_the_stack();                          // this thread's (8 MiB, usually)
  on_stack_of(std::size_t{512} << 10, deep_trees_stop_at_the_stack);  // a small one
}

}  // namespace serializer_test
