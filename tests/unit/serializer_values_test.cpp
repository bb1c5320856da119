// The typed serializer's library-provided values: std::chrono times as ISO 8601, free-form DOM
// members, extension data, converters for map keys, and objects built by their constructor.
#include <gtest/gtest.h>

#include <jsonjit/jsonjit.hpp>

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <map>
#include <tuple>
#include <unordered_map>

#include "engines.hpp"

namespace serializer_values_test {

using namespace std::chrono;
using namespace std::chrono_literals;
using jsonjit::error_code;
using jsonjit::serializer_options;

template <class T>
error_code read_error(std::string_view json) {
  auto r = jsonjit::try_deserialize<T>(json);
  return r ? error_code::none : r.error().info.code;
}

// ---- time ----

TEST(SerializerTime, SystemTimeIsUtcWithTheShortestExactFraction) {
  const sys_days leap_day = 2024y / February / 29;
  EXPECT_EQ(jsonjit::serialize(sys_seconds(leap_day) + 13h + 45min + 30s), R"("2024-02-29T13:45:30Z")");
  EXPECT_EQ(jsonjit::serialize(sys_time<milliseconds>(leap_day) + 250ms), R"("2024-02-29T00:00:00.25Z")");
  EXPECT_EQ(jsonjit::serialize(sys_time<nanoseconds>(leap_day) + 1ns), R"("2024-02-29T00:00:00.000000001Z")");
  EXPECT_EQ(jsonjit::serialize(sys_seconds{}), R"("1970-01-01T00:00:00Z")");
  EXPECT_EQ(jsonjit::serialize(sys_seconds{} - 1s), R"("1969-12-31T23:59:59Z")");
  EXPECT_EQ(jsonjit::serialize(sys_days(0000y / January / 1)), R"("0000-01-01T00:00:00Z")");
  EXPECT_EQ(jsonjit::serialize(sys_seconds(sys_days(9999y / December / 31)) + 86399s), R"("9999-12-31T23:59:59Z")");
  // .NET's 100 ns ticks: seven digits at most.
  using ticks = duration<std::int64_t, std::ratio<1, 10'000'000>>;
  EXPECT_EQ(jsonjit::serialize(sys_time<ticks>(ticks(1))), R"("1970-01-01T00:00:00.0000001Z")");
  EXPECT_EQ(jsonjit::serialize(local_days(2024y / March / 1) + 1h), R"("2024-03-01T01:00:00")");

  auto too_late = jsonjit::try_serialize(sys_days(10000y / January / 1));
  ASSERT_FALSE(too_late);
  EXPECT_EQ(too_late.error().info.code, error_code::number_out_of_range);
}

TEST(SerializerTime, ErrorsNameTheTextAndWhatTheTypeAccepts) {
  // A time finer than the type holds, and a malformed one, said only "the value is not in the
  // format its type needs".
  for (const jsonjit::engine e : jsonjit_test::engines_to_test()) {
    jsonjit::serializer_options o;
    o.engine(e);
    const auto fine = jsonjit::try_deserialize<std::vector<sys_time<milliseconds>>>(R"(["2024-02-29T13:45:30.1234Z"])", o);
    ASSERT_FALSE(fine);
    EXPECT_EQ(fine.error().name,
              "\"2024-02-29T13:45:30.1234Z\" is not an ISO 8601 UTC date and time (2024-05-01T09:30:00Z) with at "
              "most 3 decimals of a second");
    EXPECT_EQ(fine.error().path, "$[0]");
    const auto whole = jsonjit::try_deserialize<sys_seconds>(R"("2024-02-29T13:45:30.5Z")", o);
    EXPECT_NE(whole.error().name.find("in whole seconds"), std::string::npos) << whole.error().name;
    const auto day = jsonjit::try_deserialize<year_month_day>(R"("yesterday")", o);
    EXPECT_EQ(day.error().name, R"("yesterday" is not an ISO 8601 date (2024-05-01))");
    const auto span = jsonjit::try_deserialize<seconds>(R"("P1Y")", o);
    EXPECT_EQ(span.error().name, R"("P1Y" is not an ISO 8601 duration (PT1H30M) in whole seconds)");
    const std::string long_text = "\"" + std::string(100, '9') + "\"";
    const auto cut = jsonjit::try_deserialize<seconds>(long_text, o);
    EXPECT_EQ(cut.error().name.substr(0, 69), "\"" + std::string(64, '9') + "...\"");
  }
}

TEST(SerializerTime, SystemTimeReadsIso8601VariantsAsUtc) {
  const sys_seconds expected = sys_days(2024y / February / 29) + 13h + 45min + 30s;
  EXPECT_EQ(jsonjit::deserialize<sys_seconds>(R"("2024-02-29T13:45:30Z")"), expected);
  EXPECT_EQ(jsonjit::deserialize<sys_seconds>(R"("2024-02-29T13:45:30")"), expected);  // no offset: UTC
  EXPECT_EQ(jsonjit::deserialize<sys_seconds>(R"("2024-02-29T15:45:30+02:00")"), expected);
  EXPECT_EQ(jsonjit::deserialize<sys_seconds>(R"("2024-02-29T08:15:30-0530")"), expected);
  EXPECT_EQ(jsonjit::deserialize<sys_seconds>(R"("2024-02-29T14:45:30+01")"), expected);
  EXPECT_EQ(jsonjit::deserialize<sys_seconds>(R"("2024-03-01T00:45:30+11:00")"), expected);  // across days
  EXPECT_EQ(jsonjit::deserialize<sys_seconds>(R"("2024-02-29T13:45:30.000000000000Z")"), expected);
  EXPECT_EQ(jsonjit::deserialize<sys_seconds>(R"("2024-02-29")"), sys_days(2024y / February / 29));
  EXPECT_EQ(jsonjit::deserialize<sys_time<minutes>>(R"("2024-02-29T13:45")"),
            sys_days(2024y / February / 29) + 13h + 45min);
  EXPECT_EQ(jsonjit::deserialize<sys_time<microseconds>>(R"("2024-02-29T13:45:30,5Z")"),
            sys_time<microseconds>(expected) + 500ms);
  EXPECT_EQ(jsonjit::deserialize<local_seconds>(R"("2024-02-29T13:45:30")"),
            local_days(2024y / February / 29) + 13h + 45min + 30s);

  EXPECT_EQ(read_error<sys_seconds>(R"("2023-02-29T00:00:00Z")"), error_code::invalid_value_format);  // no such day
  EXPECT_EQ(read_error<sys_seconds>(R"("2024-02-29T24:00:00Z")"), error_code::invalid_value_format);
  EXPECT_EQ(read_error<sys_seconds>(R"("2024-02-29T13:60:00Z")"), error_code::invalid_value_format);
  EXPECT_EQ(read_error<sys_seconds>(R"("2024-02-29 13:45:30Z")"), error_code::invalid_value_format);
  EXPECT_EQ(read_error<sys_seconds>(R"("2024-2-29")"), error_code::invalid_value_format);
  EXPECT_EQ(read_error<sys_seconds>(R"("2024-02-29T13:45:30Zjunk")"), error_code::invalid_value_format);
  EXPECT_EQ(read_error<local_seconds>(R"("2024-02-29T13:45:30Z")"), error_code::invalid_value_format);
  // Nothing is rounded away: a fraction the type cannot hold is an error.
  EXPECT_EQ(read_error<sys_seconds>(R"("2024-02-29T13:45:30.5Z")"), error_code::invalid_value_format);
  EXPECT_EQ(read_error<sys_time<nanoseconds>>(R"("2024-02-29T13:45:30.0000000001Z")"),
            error_code::invalid_value_format);
  // A count the type's representation cannot hold.
  using short_seconds = duration<std::int32_t>;
  EXPECT_EQ(read_error<sys_time<short_seconds>>(R"("2100-01-01T00:00:00Z")"), error_code::number_out_of_range);
  EXPECT_EQ(read_error<sys_seconds>("1700000000"), error_code::expected_string);
  EXPECT_EQ(read_error<sys_seconds>("null"), error_code::null_not_allowed);
}

TEST(SerializerTime, DurationsAreIso8601Durations) {
  EXPECT_EQ(jsonjit::serialize(36h + 5min), R"("PT36H5M")");
  EXPECT_EQ(jsonjit::serialize(500ms), R"("PT0.5S")");
  EXPECT_EQ(jsonjit::serialize(-1s), R"("-PT1S")");
  EXPECT_EQ(jsonjit::serialize(0s), R"("PT0S")");
  EXPECT_EQ(jsonjit::serialize(days(2) + 3ns), R"("PT48H0.000000003S")");
  EXPECT_EQ(jsonjit::serialize(hours::max()), R"("PT9223372036854775807H")");  // beyond 64-bit nanoseconds

  EXPECT_EQ(jsonjit::deserialize<seconds>(R"("PT36H5M")"), 36h + 5min);
  EXPECT_EQ(jsonjit::deserialize<milliseconds>(R"("PT0.5S")"), 500ms);
  EXPECT_EQ(jsonjit::deserialize<seconds>(R"("-PT1S")"), -1s);
  EXPECT_EQ(jsonjit::deserialize<seconds>(R"("P2DT3H")"), 51h);
  EXPECT_EQ(jsonjit::deserialize<seconds>(R"("P1W")"), days(7));
  EXPECT_EQ(jsonjit::deserialize<hours>(R"("PT9223372036854775807H")"), hours::max());
  EXPECT_EQ(read_error<seconds>(R"("P1Y")"), error_code::invalid_value_format);   // no fixed length
  EXPECT_EQ(read_error<seconds>(R"("P1M")"), error_code::invalid_value_format);   // months, not minutes
  EXPECT_EQ(read_error<seconds>(R"("PT1M1H")"), error_code::invalid_value_format);  // out of order
  EXPECT_EQ(read_error<seconds>(R"("PT")"), error_code::invalid_value_format);
  EXPECT_EQ(read_error<seconds>(R"("P")"), error_code::invalid_value_format);
  EXPECT_EQ(read_error<seconds>(R"("PT.5S")"), error_code::invalid_value_format);
  EXPECT_EQ(read_error<seconds>(R"("PT1.5H")"), error_code::invalid_value_format);  // fractions on seconds only
  EXPECT_EQ(read_error<seconds>(R"("PT0.5S")"), error_code::invalid_value_format);  // finer than the type
  EXPECT_EQ(read_error<duration<std::int8_t>>(R"("PT128S")"), error_code::number_out_of_range);
  EXPECT_EQ(read_error<seconds>(R"("PT99999999999999999999999999999999999999H")"), error_code::number_out_of_range);
  // Found by fuzzing: a count within the digit limit whose product with its unit overflowed.
  EXPECT_EQ(read_error<seconds>(R"("PT4444444444444444444444444444430M")"), error_code::number_out_of_range);
}

TEST(SerializerTime, CalendarDatesAndTimesAsMapKeys) {
  EXPECT_EQ(jsonjit::serialize(2024y / February / 29), R"("2024-02-29")");
  EXPECT_EQ(jsonjit::deserialize<year_month_day>(R"("2024-02-29")"), 2024y / February / 29);
  EXPECT_EQ(read_error<year_month_day>(R"("2024-02-30")"), error_code::invalid_value_format);
  EXPECT_EQ(read_error<year_month_day>(R"("2024-02-29T00:00:00Z")"), error_code::invalid_value_format);
  EXPECT_EQ(jsonjit::try_serialize(2024y / February / 30).error().info.code, error_code::number_out_of_range);

  const std::map<sys_seconds, int> by_time{{sys_days(2024y / January / 1), 1}, {sys_days(2024y / January / 2), 2}};
  const std::string json = jsonjit::serialize(by_time);
  EXPECT_EQ(json, R"({"2024-01-01T00:00:00Z":1,"2024-01-02T00:00:00Z":2})");
  EXPECT_EQ((jsonjit::deserialize<std::map<sys_seconds, int>>(json)), by_time);
  const std::map<seconds, std::string> by_duration{{90s, "a"}};
  EXPECT_EQ(jsonjit::serialize(by_duration), R"({"PT1M30S":"a"})");
  auto bad_key = jsonjit::try_deserialize<std::map<seconds, std::string>>(R"({"PT1M30S":"a","soon":"b"})");
  ASSERT_FALSE(bad_key);
  EXPECT_EQ(bad_key.error().info.code, error_code::invalid_value_format);
  EXPECT_EQ(bad_key.error().info.column, 16u);  // at the key
}

struct Appointment {
  std::string title;
  sys_time<milliseconds> start;
  minutes length{};
  std::optional<year_month_day> follow_up;
  friend bool operator==(const Appointment&, const Appointment&) = default;
};

TEST(SerializerTime, MembersRoundTripWithPathInErrors) {
  const Appointment a{"dentist", sys_days(2025y / June / 3) + 9h + 30min + 125ms, 45min, 2025y / July / 1};
  const std::string json = jsonjit::serialize(a);
  EXPECT_EQ(json, R"({"title":"dentist","start":"2025-06-03T09:30:00.125Z","length":"PT45M","follow_up":"2025-07-01"})");
  EXPECT_EQ(jsonjit::deserialize<Appointment>(json), a);
  auto bad = jsonjit::try_deserialize<Appointment>(R"({"title":"x","length":"PT45M30S"})");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().info.code, error_code::invalid_value_format);
  EXPECT_EQ(bad.error().path, "$.length");
}

// ---- the DOM as members ----

struct Envelope {
  std::string kind;
  jsonjit::node payload;
  jsonjit::document raw;
};

TEST(SerializerDom, NodeAndDocumentMembersHoldAnyJson) {
  const std::string json =
      R"({"kind":"k","payload":{"a":[1,2.5,"x",null,true],"b":{"c":18446744073709551615}},"raw":[{"deep":[[]]}]})";
  const Envelope e = jsonjit::deserialize<Envelope>(json);
  EXPECT_EQ(e.kind, "k");
  ASSERT_TRUE(e.payload.is_object());
  EXPECT_EQ(e.payload.find("a")->size(), 5u);
  EXPECT_EQ(e.payload.find("b")->find("c")->get_uint64().value(), 18446744073709551615ull);
  EXPECT_EQ(e.raw.root().type(), jsonjit::json_type::array);
  EXPECT_EQ(jsonjit::serialize(e), json);

  // Free-form members follow the options' relaxations and report errors with a path.
  serializer_options relaxed;
  relaxed.skip_comments(true).allow_trailing_commas(true);
  const Envelope r = jsonjit::deserialize<Envelope>(R"({"payload":[1, /* two */ 2,],"raw":{"x":1,}})", relaxed);
  EXPECT_EQ(r.payload.to_json().value(), "[1,2]");
  EXPECT_EQ(r.raw.root().to_json().value(), R"({"x":1})");
  auto bad = jsonjit::try_deserialize<Envelope>(R"({"payload":[1,"\ud800"]})");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().info.code, error_code::lone_surrogate);
  EXPECT_EQ(bad.error().path, "$.payload");
}

TEST(SerializerDom, NodeAndDocumentMembersRejectDuplicatesWhenTheOptionsDo) {
  const std::string repeated_in_payload = R"({"payload":{"a":1,"a":2}})";
  const std::string repeated_in_raw = R"({"raw":[{"b":{},"b":[]}]})";
  EXPECT_EQ(jsonjit::deserialize<Envelope>(repeated_in_payload).payload.find("a")->get_int64().value(), 2);
  for (const jsonjit::engine e : {jsonjit::engine::interpreter, jsonjit::engine::automatic}) {
    serializer_options reject;
    reject.duplicates(jsonjit::duplicate_members::reject).engine(e);
    for (const std::string& json : {repeated_in_payload, repeated_in_raw}) {
      auto r = jsonjit::try_deserialize<Envelope>(json, reject);
      ASSERT_FALSE(r) << json;  // was read, keeping one of the values silently
      EXPECT_EQ(r.error().info.code, error_code::duplicate_property_name) << json;
      EXPECT_EQ(r.error().path, json == repeated_in_raw ? "$.raw" : "$.payload");
    }
  }
}

struct Profile {
  std::string name;
  std::map<std::string, jsonjit::node> extra;
};
struct Strict {
  int id = 0;
  std::unordered_map<std::string, jsonjit::document> rest;
};
}  // namespace serializer_values_test

template <>
struct jsonjit::meta<serializer_values_test::Profile> {
  static constexpr auto properties =
      jsonjit::properties(jsonjit::property("name", &serializer_values_test::Profile::name),
                          jsonjit::property("extra", &serializer_values_test::Profile::extra).extension_data());
};
template <>
struct jsonjit::meta<serializer_values_test::Strict> {
  static constexpr auto properties =
      jsonjit::properties(jsonjit::property("id", &serializer_values_test::Strict::id),
                          jsonjit::property("rest", &serializer_values_test::Strict::rest).extension_data());
};

namespace serializer_values_test {

TEST(SerializerDom, ExtensionDataCollectsUnknownMembersAndWritesThemBack) {
  const Profile p = jsonjit::deserialize<Profile>(R"({"age":42,"name":"Ada","tags":["x"],"extra":{"nested":1}})");
  EXPECT_EQ(p.name, "Ada");
  ASSERT_EQ(p.extra.size(), 3u);  // a member named like the extension member is unknown data too
  EXPECT_EQ(p.extra.at("age").get_int64().value(), 42);
  EXPECT_EQ(p.extra.at("tags").to_json().value(), R"(["x"])");
  EXPECT_EQ(p.extra.at("extra").to_json().value(), R"({"nested":1})");
  // Written after the declared properties, in the map's order, never under the member's name.
  EXPECT_EQ(jsonjit::serialize(p), R"({"name":"Ada","age":42,"extra":{"nested":1},"tags":["x"]})");

  // Unknown members go to extension data even where unmapped members are errors.
  serializer_options strict;
  strict.unmapped(jsonjit::unmapped_members::disallow);
  const Strict s = jsonjit::deserialize<Strict>(R"({"id":7,"more":{"a":[1]}})", strict);
  EXPECT_EQ(s.id, 7);
  ASSERT_EQ(s.rest.count("more"), 1u);
  EXPECT_EQ(s.rest.at("more").root()["a"][0].get_int64().value(), 1);
  EXPECT_EQ(jsonjit::serialize(s, strict), R"({"id":7,"more":{"a":[1]}})");

  // Read into an existing object, the extension data is a member like the others: replaced
  // when the JSON has unknown members, kept when it has none.
  Profile existing = p;
  ASSERT_FALSE(jsonjit::deserialize_into(existing, R"({"name":"Bo","other":true})"));
  EXPECT_EQ(jsonjit::serialize(existing), R"({"name":"Bo","other":true})");
  ASSERT_FALSE(jsonjit::deserialize_into(existing, R"({"name":"Cy"})"));
  EXPECT_EQ(jsonjit::serialize(existing), R"({"name":"Cy","other":true})");
}

// ---- converters for map keys ----

struct sku {
  std::string region;
  int number = 0;
  // (Written out: libc++ 14's std::string has no <=> to default to.)
  friend bool operator==(const sku&, const sku&) = default;
  friend bool operator<(const sku& a, const sku& b) { return std::tie(a.region, a.number) < std::tie(b.region, b.number); }
};
struct sku_converter {
  using value_type = sku;
  void write(jsonjit::writer& out, const sku& s, const serializer_options&) const {
    out.string_value(s.region + "-" + std::to_string(s.number));
  }
  error_code read(jsonjit::reader& in, sku& s, const serializer_options& o) const {
    char buffer[32];
    std::string_view text;
    if (auto e = jsonjit::read_string_into(in, buffer, text); e != error_code::none) return e;
    return read_key(text, s, o);
  }
  void write_key(jsonjit::writer& out, const sku& s, const serializer_options&) const {
    out.property_name(s.region + "-" + std::to_string(s.number));
  }
  error_code read_key(std::string_view name, sku& s, const serializer_options&) const {
    const auto dash = name.find('-');
    if (dash == std::string_view::npos || dash + 1 == name.size()) return error_code::invalid_value_format;
    s.region = std::string(name.substr(0, dash));
    s.number = 0;
    for (char c : name.substr(dash + 1)) {
      if (c < '0' || c > '9') return error_code::invalid_value_format;
      s.number = s.number * 10 + (c - '0');
    }
    return error_code::none;
  }
};
struct sku_value_only {
  using value_type = sku;
  void write(jsonjit::writer& out, const sku& s, const serializer_options&) const { out.string_value(s.region); }
  error_code read(jsonjit::reader&, sku&, const serializer_options&) const { return error_code::none; }
};

TEST(SerializerConverters, KeyConvertersWriteAndReadMapKeys) {
  serializer_options options;
  options.add_converter<sku_converter>();
  const std::map<sku, int> stock{{{"EU", 7}, 3}, {{"US", 12}, 0}};
  const std::string json = jsonjit::serialize(stock, options);
  EXPECT_EQ(json, R"({"EU-7":3,"US-12":0})");
  EXPECT_EQ((jsonjit::deserialize<std::map<sku, int>>(json, options)), stock);
  auto bad = jsonjit::try_deserialize<std::map<sku, int>>(R"({"EU-x":1})", options);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().info.code, error_code::invalid_value_format);

  // A converter without key functions cannot serve as a key: reported, naming the map type.
  serializer_options values_only;
  values_only.add_converter<sku_value_only>();
  EXPECT_EQ(jsonjit::serialize(std::vector<sku>{{"EU", 1}}, values_only), R"(["EU"])");
  auto no_key = jsonjit::try_serialize(stock, values_only);
  ASSERT_FALSE(no_key);
  EXPECT_EQ(no_key.error().info.code, error_code::unsupported_type);
  EXPECT_NE(no_key.error().name.find("map"), std::string::npos) << no_key.error().name;

  // The library's own key converters: UUIDs.
  const std::map<jsonjit::uuid, int> by_id{{*jsonjit::uuid::parse("994cd293-2b06-4dff-9c3e-7c081b46dc0a"), 1}};
  EXPECT_EQ(jsonjit::serialize(by_id), R"({"994cd293-2b06-4dff-9c3e-7c081b46dc0a":1})");
  EXPECT_EQ((jsonjit::deserialize<std::map<jsonjit::uuid, int>>(R"({"994CD293-2B06-4DFF-9C3E-7C081B46DC0A":1})")),
            by_id);
}

// ---- objects built by a constructor ----

/// Immutable, validated, no default constructor: what constructor binding is for.
class money {
 public:
  money(std::int64_t cents, std::string currency) : cents_(cents), currency_(std::move(currency)) {
    if (currency_.size() != 3) throw std::invalid_argument("currency code");
  }
  std::int64_t cents() const { return cents_; }
  const std::string& currency() const { return currency_; }
  std::string note;  // set after construction
  friend bool operator==(const money&, const money&) = default;

 private:
  std::int64_t cents_;
  std::string currency_;
};

/// Default-constructible too, but reading still goes through the constructor.
struct span_of_days {
  span_of_days() = default;
  span_of_days(int from, int to) : first(from), last(std::max(from, to)) {}
  int first = 0;
  int last = 0;
};

struct Invoice {
  std::vector<money> lines;
  std::optional<money> discount;
  std::map<std::string, money> by_tag;
  span_of_days period;
};
}  // namespace serializer_values_test

template <>
struct jsonjit::meta<serializer_values_test::money> {
  using money = serializer_values_test::money;
  static constexpr auto properties = jsonjit::properties(jsonjit::computed("cents", &money::cents),
                                                         jsonjit::computed("currency", &money::currency),
                                                         jsonjit::property("note", &money::note));
  static constexpr auto constructor = jsonjit::constructor<std::int64_t, std::string>("cents", "currency");
};
template <>
struct jsonjit::meta<serializer_values_test::span_of_days> {
  using span = serializer_values_test::span_of_days;
  static constexpr auto properties =
      jsonjit::properties(jsonjit::property("first", &span::first), jsonjit::property("last", &span::last));
  static constexpr auto constructor = jsonjit::constructor<int, int>("first", "last");
};

namespace serializer_values_test {

TEST(SerializerConstructor, ObjectsWithoutDefaultConstructorAreBuiltFromTheirProperties) {
  // The members come in any order; the others are stored once the object exists.
  const money m = jsonjit::deserialize<money>(R"({"note":"tip","currency":"EUR","cents":1250})");
  EXPECT_EQ(m.cents(), 1250);
  EXPECT_EQ(m.currency(), "EUR");
  EXPECT_EQ(m.note, "tip");
  EXPECT_EQ(jsonjit::serialize(m), R"({"cents":1250,"currency":"EUR","note":"tip"})");

  // In containers, optionals and maps, and inside another object.
  const std::string json =
      R"({"lines":[{"cents":1,"currency":"USD"},{"cents":2,"currency":"USD"}],"discount":{"cents":-1,"currency":"USD"},)"
      R"("by_tag":{"a":{"cents":5,"currency":"CHF"}},"period":{"last":3,"first":9}})";
  const Invoice invoice = jsonjit::deserialize<Invoice>(json);
  ASSERT_EQ(invoice.lines.size(), 2u);
  EXPECT_EQ(invoice.lines[1].cents(), 2);
  ASSERT_TRUE(invoice.discount.has_value());
  EXPECT_EQ(invoice.discount->cents(), -1);
  EXPECT_EQ(invoice.by_tag.at("a").currency(), "CHF");
  EXPECT_EQ(invoice.period.first, 9);
  EXPECT_EQ(invoice.period.last, 9);  // the constructor's rule applied: proof it was called
  EXPECT_EQ(jsonjit::serialize(invoice),
            R"({"lines":[{"cents":1,"currency":"USD","note":""},{"cents":2,"currency":"USD","note":""}],)"
            R"("discount":{"cents":-1,"currency":"USD","note":""},"by_tag":{"a":{"cents":5,"currency":"CHF","note":""}},)"
            R"("period":{"first":9,"last":9}})");
}

TEST(SerializerConstructor, MissingArgumentsDuplicatesAndErrors) {
  // An absent argument is default-constructed; the last duplicate wins.
  auto partial = jsonjit::deserialize<span_of_days>(R"({"last":4})");
  EXPECT_EQ(partial.first, 0);
  EXPECT_EQ(partial.last, 4);
  auto twice = jsonjit::deserialize<span_of_days>(R"({"first":1,"first":2,"last":0})");
  EXPECT_EQ(twice.first, 2);
  EXPECT_EQ(twice.last, 2);

  auto bad = jsonjit::try_deserialize<Invoice>(R"({"lines":[{"cents":1,"currency":"USD"},{"cents":"x"}]})");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().info.code, error_code::expected_number);
  EXPECT_EQ(bad.error().path, "$.lines[1].cents");
  auto not_object = jsonjit::try_deserialize<money>("[1]");
  ASSERT_FALSE(not_object);
  EXPECT_EQ(not_object.error().info.code, error_code::expected_object);
  auto trailing = jsonjit::try_deserialize<money>(R"({"cents":1,"currency":"EUR"} x)");
  ASSERT_FALSE(trailing);
  EXPECT_EQ(trailing.error().info.code, error_code::expected_end_of_input);
  // A constructor's own exception reaches the caller.
  EXPECT_THROW((void)jsonjit::deserialize<money>(R"({"cents":1,"currency":"EURO"})"), std::invalid_argument);
}

}  // namespace serializer_values_test
