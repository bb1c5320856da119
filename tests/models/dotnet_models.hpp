// The .NET benchmark models (data/models/MODELS.md), defined as a jsonjit user would: plain
// aggregates where reflection says everything, meta<T> for computed properties and private
// members, converters for .NET's date types. Used by the tests and the benchmarks.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <jsonjit/jsonjit.hpp>

namespace models {

// ---- .NET's date types and their converters ----

/// .NET DateTimeOffset: local clock ticks (100 ns since 0001-01-01T00:00:00) and the offset.
struct DateTimeOffset {
  std::int64_t ticks = 0;
  std::int16_t offset_minutes = 0;
  friend bool operator==(const DateTimeOffset&, const DateTimeOffset&) = default;
};

/// .NET DateTime: clock ticks and what the clock means.
struct DateTime {
  enum class Kind : std::uint8_t { Unspecified, Utc, Local };
  std::int64_t ticks = 0;
  Kind kind = Kind::Unspecified;
  friend bool operator==(const DateTime&, const DateTime&) = default;
};

inline constexpr std::int64_t ticks_per_second = 10'000'000;
inline constexpr std::int64_t ticks_per_hour = 3600 * ticks_per_second;
inline constexpr std::int64_t ticks_per_day = 24 * ticks_per_hour;

/// Ticks of a calendar date and time (proleptic Gregorian, as .NET).
std::int64_t ticks_of(int year, unsigned month, unsigned day, int hour = 0, int minute = 0, int second = 0,
                      std::int64_t fraction_ticks = 0);
/// .NET's AddYears: same month and day (Feb 29 becomes Feb 28), same time of day.
std::int64_t add_years(std::int64_t ticks, int years);

/// The date texts STJ writes (without quotes); return the length (at most 40).
int format_date_time_offset(char* out, const DateTimeOffset& value);
int format_date_time(char* out, const DateTime& value);
/// The reverse; false if `text` is not in that form.
bool parse_date_time_offset(std::string_view text, DateTimeOffset& value);
bool parse_date_time(std::string_view text, DateTime& value);

/// A converter for values written as short text that needs no escaping: `format` writes the
/// text (at most 46 bytes), `parse` reads it back.
template <class T, int (*format)(char*, const T&), bool (*parse)(std::string_view, T&)>
struct text_converter {
  using value_type = T;
  static constexpr std::size_t max_text_size = 46;
  std::size_t write_text(char* out, const T& value, const jsonjit::serializer_options&) const {
    return static_cast<std::size_t>(format(out, value));
  }
  jsonjit::error_code read(jsonjit::reader& in, T& value, const jsonjit::serializer_options&) const {
    char buffer[64];
    std::string_view text;
    if (const jsonjit::error_code e = jsonjit::read_string_into(in, buffer, text); e != jsonjit::error_code::none) return e;
    return parse(text, value) ? jsonjit::error_code::none : jsonjit::error_code::invalid_value_format;
  }
  jsonjit::error_code read_string(std::string_view text, T& value, const jsonjit::serializer_options&) const {
    return parse(text, value) ? jsonjit::error_code::none : jsonjit::error_code::invalid_value_format;
  }
};

/// STJ's round-trip form: yyyy-MM-ddTHH:mm:ss, the 7-digit fraction trimmed of trailing
/// zeros (no dot when zero), then the offset (+hh:mm) or, for DateTime, Z (UTC), the local
/// offset (local) or nothing (unspecified).
using date_time_offset_converter = text_converter<DateTimeOffset, &format_date_time_offset, &parse_date_time_offset>;
using date_time_converter = text_converter<DateTime, &format_date_time, &parse_date_time>;

// ---- the models ----

struct LoginViewModel {
  std::string Email;
  std::string Password;
  bool RememberMe = false;
  friend bool operator==(const LoginViewModel&, const LoginViewModel&) = default;
};

struct Location {
  std::int32_t Id = 0;
  std::string Address1, Address2, City, State, PostalCode, Name, PhoneNumber, Country;
  friend bool operator==(const Location&, const Location&) = default;
};

struct CampaignSummaryViewModel {
  std::int32_t Id = 0;
  std::string Title, Description, ImageUrl, OrganizationName, Headline;
  friend bool operator==(const CampaignSummaryViewModel&, const CampaignSummaryViewModel&) = default;
};

struct ActiveOrUpcomingEvent {
  std::int32_t Id = 0;
  std::string ImageUrl, Name, CampaignName, CampaignManagedOrganizerName, Description;
  DateTimeOffset StartDate, EndDate;
  friend bool operator==(const ActiveOrUpcomingEvent&, const ActiveOrUpcomingEvent&) = default;
};

struct IndexViewModel {
  std::vector<ActiveOrUpcomingEvent> ActiveOrUpcomingEvents;
  std::optional<CampaignSummaryViewModel> FeaturedCampaign;
  bool IsNewAccount = false;
  bool HasFeaturedCampaign() const { return FeaturedCampaign.has_value(); }
  friend bool operator==(const IndexViewModel&, const IndexViewModel&) = default;
};

struct MyEventsListerItemTask {
  std::string Name;
  std::optional<DateTimeOffset> StartDate, EndDate;
  /// "From <start:g> to <end:g>" under the invariant culture, or null.
  std::optional<std::string> FormattedDate() const;
  friend bool operator==(const MyEventsListerItemTask&, const MyEventsListerItemTask&) = default;
};

struct MyEventsListerItem {
  std::int32_t EventId = 0;
  std::string EventName;
  DateTimeOffset StartDate, EndDate;
  std::string TimeZone, Campaign, Organization;
  std::int32_t VolunteerCount = 0;
  std::vector<MyEventsListerItemTask> Tasks;
  friend bool operator==(const MyEventsListerItem&, const MyEventsListerItem&) = default;
};

struct MyEventsListerViewModel {
  std::vector<MyEventsListerItem> CurrentEvents, FutureEvents, PastEvents;
  friend bool operator==(const MyEventsListerViewModel&, const MyEventsListerViewModel&) = default;
};

struct BinaryDataPayload {
  std::vector<std::uint8_t> ByteArray;
  friend bool operator==(const BinaryDataPayload&, const BinaryDataPayload&) = default;
};

struct CollectionsOfPrimitives {
  std::vector<std::uint8_t> ByteArray;
  std::vector<DateTime> DateTimeArray;
  std::map<std::int32_t, std::string> Dictionary;
  std::vector<std::int32_t> ListOfInt;
  friend bool operator==(const CollectionsOfPrimitives&, const CollectionsOfPrimitives&) = default;
};

struct SimpleStructWithProperties {
  std::int32_t Num = 0;
  std::string Text;
  friend bool operator==(const SimpleStructWithProperties&, const SimpleStructWithProperties&) = default;
};

struct LargeStructWithProperties {
  std::string String1, String2, String3, String4, String5;
  std::int32_t Int1 = 0, Int2 = 0, Int3 = 0, Int4 = 0, Int5 = 0;
  friend bool operator==(const LargeStructWithProperties&, const LargeStructWithProperties&) = default;
};

/// A class with a private member that JSON does not see (described by meta, a friend).
class ClassImplementingIXmlSerialiable {
 public:
  std::string StringValue;
  bool bool_value() const { return BoolValue; }
  void set_bool_value(bool b) { BoolValue = b; }
  friend bool operator==(const ClassImplementingIXmlSerialiable&, const ClassImplementingIXmlSerialiable&) = default;

 private:
  friend struct jsonjit::meta<ClassImplementingIXmlSerialiable>;
  bool BoolValue = true;
};

struct ClassRecord {
  std::int32_t Param1 = 0;
  bool Param2 = false;
  std::string Param3;
  std::int32_t OptionalParam1 = 42;
  bool OptionalParam2 = false;
  std::string OptionalParam3 = "Hello World";
  friend bool operator==(const ClassRecord&, const ClassRecord&) = default;
};

/// TreeRecord: an abstract record with two derived records, as a variant with discriminators.
struct Leaf {
  friend bool operator==(const Leaf&, const Leaf&) = default;
};
struct Node;
using TreeRecord = std::variant<Leaf, Node>;
struct Node {
  std::int32_t Value = 0;
  std::unique_ptr<TreeRecord> Left, Right;
};
bool operator==(const Node& a, const Node& b);

/// .NET's Dictionary<K, V>: enumerates in insertion order (when nothing was removed).
template <class K, class V>
class insertion_ordered_map {
 public:
  using key_type = K;
  using mapped_type = V;
  using value_type = std::pair<K, V>;
  auto begin() const { return entries_.begin(); }
  auto end() const { return entries_.end(); }
  std::size_t size() const { return entries_.size(); }
  void clear() { entries_.clear(); }
  std::pair<typename std::vector<value_type>::iterator, bool> insert_or_assign(K key, V value) {
    for (auto it = entries_.begin(); it != entries_.end(); ++it) {
      if (it->first == key) {
        it->second = std::move(value);
        return {it, false};
      }
    }
    entries_.emplace_back(std::move(key), std::move(value));
    return {entries_.end() - 1, true};
  }
  friend bool operator==(const insertion_ordered_map&, const insertion_ordered_map&) = default;

 private:
  std::vector<value_type> entries_;
};

struct User {
  jsonjit::uuid Id;
  std::string FirstName, LastName, FullName, Username, Email;
  friend bool operator==(const User&, const User&) = default;
};

// ---- the benchmark values (MODELS.md), with the clock frozen at `now` ----

/// T0 = 2025-01-15T10:30:45.1234567, the clock of the *.fixedclock.json files.
std::int64_t fixed_clock();

LoginViewModel make_login();
Location make_location();
IndexViewModel make_index(std::int64_t now);
MyEventsListerViewModel make_my_events(std::int64_t now);
BinaryDataPayload make_binary_data();
CollectionsOfPrimitives make_collections(std::int64_t now);
SimpleStructWithProperties make_simple_struct();
LargeStructWithProperties make_large_struct();
ClassImplementingIXmlSerialiable make_xml_class();
ClassRecord make_class_record();
TreeRecord make_tree(int depth);
/// The 100 unique strings of .NET's ValuesGenerator with seed 12345.
std::vector<std::string> make_strings();
/// The 10,000 users of MODELS.md's deterministic generator.
std::vector<User> make_users(std::size_t count = 10000);

}  // namespace models

template <>
struct jsonjit::meta<models::DateTimeOffset> {
  using converter = models::date_time_offset_converter;
};
template <>
struct jsonjit::meta<models::DateTime> {
  using converter = models::date_time_converter;
};
template <>
struct jsonjit::meta<models::IndexViewModel> {
  using T = models::IndexViewModel;
  static constexpr auto properties = jsonjit::properties(
      jsonjit::property("ActiveOrUpcomingEvents", &T::ActiveOrUpcomingEvents),
      jsonjit::property("FeaturedCampaign", &T::FeaturedCampaign), jsonjit::property("IsNewAccount", &T::IsNewAccount),
      jsonjit::computed("HasFeaturedCampaign", &T::HasFeaturedCampaign));
};
template <>
struct jsonjit::meta<models::MyEventsListerItemTask> {
  using T = models::MyEventsListerItemTask;
  static constexpr auto properties =
      jsonjit::properties(jsonjit::property("Name", &T::Name), jsonjit::property("StartDate", &T::StartDate),
                          jsonjit::property("EndDate", &T::EndDate), jsonjit::computed("FormattedDate", &T::FormattedDate));
};
template <>
struct jsonjit::meta<models::ClassImplementingIXmlSerialiable> {
  using T = models::ClassImplementingIXmlSerialiable;
  static constexpr auto properties = jsonjit::properties(jsonjit::property("StringValue", &T::StringValue));
};
template <>
struct jsonjit::meta<models::Leaf> {
  static constexpr std::string_view tag = "leaf";
};
template <>
struct jsonjit::meta<models::Node> {
  static constexpr std::string_view tag = "node";
};
