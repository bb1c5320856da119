// Boost.JSON as its documentation shows typed code: Boost.Describe for the plain types, and
// tag_invoke overloads of value_from/value_to where a type has computed members or a text form
// (Boost 1.81 does not convert non-string map keys itself). Writing goes
// through a json::value (value_from, then serialize); reading parses a json::value, then value_to.
#include <boost/describe.hpp>
#include <boost/json.hpp>

#include <charconv>
#include <stdexcept>

#include "peers.hpp"

namespace json = boost::json;

namespace models {

void tag_invoke(const json::value_from_tag&, json::value& v, const DateTimeOffset& d) {
  char text[48];
  v = json::string_view(text, static_cast<std::size_t>(format_date_time_offset(text, d)));
}
DateTimeOffset tag_invoke(const json::value_to_tag<DateTimeOffset>&, const json::value& v) {
  DateTimeOffset d;
  const json::string& s = v.as_string();
  if (!parse_date_time_offset(std::string_view(s.data(), s.size()), d)) throw std::invalid_argument("date");
  return d;
}
void tag_invoke(const json::value_from_tag&, json::value& v, const DateTime& d) {
  char text[48];
  v = json::string_view(text, static_cast<std::size_t>(format_date_time(text, d)));
}
DateTime tag_invoke(const json::value_to_tag<DateTime>&, const json::value& v) {
  DateTime d;
  const json::string& s = v.as_string();
  if (!parse_date_time(std::string_view(s.data(), s.size()), d)) throw std::invalid_argument("date");
  return d;
}

BOOST_DESCRIBE_STRUCT(LoginViewModel, (), (Email, Password, RememberMe))
BOOST_DESCRIBE_STRUCT(Location, (), (Id, Address1, Address2, City, State, PostalCode, Name, PhoneNumber, Country))
BOOST_DESCRIBE_STRUCT(CampaignSummaryViewModel, (), (Id, Title, Description, ImageUrl, OrganizationName, Headline))
BOOST_DESCRIBE_STRUCT(ActiveOrUpcomingEvent, (),
                      (Id, ImageUrl, Name, CampaignName, CampaignManagedOrganizerName, Description, StartDate, EndDate))
BOOST_DESCRIBE_STRUCT(MyEventsListerItem, (),
                      (EventId, EventName, StartDate, EndDate, TimeZone, Campaign, Organization, VolunteerCount, Tasks))
BOOST_DESCRIBE_STRUCT(MyEventsListerViewModel, (), (CurrentEvents, FutureEvents, PastEvents))

void tag_invoke(const json::value_from_tag&, json::value& v, const IndexViewModel& m) {
  v = {{"ActiveOrUpcomingEvents", json::value_from(m.ActiveOrUpcomingEvents, v.storage())},
       {"FeaturedCampaign", json::value_from(m.FeaturedCampaign, v.storage())},
       {"IsNewAccount", m.IsNewAccount},
       {"HasFeaturedCampaign", m.HasFeaturedCampaign()}};
}
IndexViewModel tag_invoke(const json::value_to_tag<IndexViewModel>&, const json::value& v) {
  const json::object& o = v.as_object();
  IndexViewModel m;
  m.ActiveOrUpcomingEvents = json::value_to<std::vector<ActiveOrUpcomingEvent>>(o.at("ActiveOrUpcomingEvents"));
  m.FeaturedCampaign = json::value_to<std::optional<CampaignSummaryViewModel>>(o.at("FeaturedCampaign"));
  m.IsNewAccount = o.at("IsNewAccount").as_bool();
  return m;
}

void tag_invoke(const json::value_from_tag&, json::value& v, const MyEventsListerItemTask& t) {
  v = {{"Name", t.Name},
       {"StartDate", json::value_from(t.StartDate, v.storage())},
       {"EndDate", json::value_from(t.EndDate, v.storage())},
       {"FormattedDate", json::value_from(t.FormattedDate(), v.storage())}};
}
MyEventsListerItemTask tag_invoke(const json::value_to_tag<MyEventsListerItemTask>&, const json::value& v) {
  const json::object& o = v.as_object();
  MyEventsListerItemTask t;
  t.Name = json::value_to<std::string>(o.at("Name"));
  t.StartDate = json::value_to<std::optional<DateTimeOffset>>(o.at("StartDate"));
  t.EndDate = json::value_to<std::optional<DateTimeOffset>>(o.at("EndDate"));
  return t;
}

void tag_invoke(const json::value_from_tag&, json::value& v, const CollectionsOfPrimitives& m) {
  std::string base64(jsonjit::bench::typed::base64_size(m.ByteArray.size()), '\0');
  jsonjit::bench::typed::write_base64(base64.data(), m.ByteArray.data(), m.ByteArray.size());
  json::object dictionary(v.storage());
  for (const auto& [key, value] : m.Dictionary) {
    char digits[16];
    dictionary[json::string_view(digits, static_cast<std::size_t>(std::to_chars(digits, digits + sizeof digits, key).ptr - digits))] = value;
  }
  v = {{"ByteArray", base64},
       {"DateTimeArray", json::value_from(m.DateTimeArray, v.storage())},
       {"Dictionary", std::move(dictionary)},
       {"ListOfInt", json::value_from(m.ListOfInt, v.storage())}};
}
CollectionsOfPrimitives tag_invoke(const json::value_to_tag<CollectionsOfPrimitives>&, const json::value& v) {
  const json::object& o = v.as_object();
  CollectionsOfPrimitives m;
  const json::string& base64 = o.at("ByteArray").as_string();
  if (!jsonjit::bench::typed::decode_base64(std::string_view(base64.data(), base64.size()), m.ByteArray)) {
    throw std::invalid_argument("base64");
  }
  m.DateTimeArray = json::value_to<std::vector<DateTime>>(o.at("DateTimeArray"));
  for (const auto& entry : o.at("Dictionary").as_object()) {
    std::int32_t key = 0;
    const json::string_view name = entry.key();
    if (std::from_chars(name.data(), name.data() + name.size(), key).ptr != name.data() + name.size()) {
      throw std::invalid_argument("key");
    }
    m.Dictionary[key] = json::value_to<std::string>(entry.value());
  }
  m.ListOfInt = json::value_to<std::vector<std::int32_t>>(o.at("ListOfInt"));
  return m;
}

void tag_invoke(const json::value_from_tag&, json::value& v, const User& u) {
  char id[36];
  jsonjit::detail::format_uuid(u.Id, id);
  v = {{"Id", json::string_view(id, sizeof id)}, {"FirstName", u.FirstName}, {"LastName", u.LastName},
       {"FullName", u.FullName}, {"Username", u.Username},   {"Email", u.Email}};
}
User tag_invoke(const json::value_to_tag<User>&, const json::value& v) {
  const json::object& o = v.as_object();
  User u;
  const json::string& id = o.at("Id").as_string();
  const auto parsed = jsonjit::uuid::parse(std::string_view(id.data(), id.size()));
  if (!parsed) throw std::invalid_argument("uuid");
  u.Id = *parsed;
  u.FirstName = json::value_to<std::string>(o.at("FirstName"));
  u.LastName = json::value_to<std::string>(o.at("LastName"));
  u.FullName = json::value_to<std::string>(o.at("FullName"));
  u.Username = json::value_to<std::string>(o.at("Username"));
  u.Email = json::value_to<std::string>(o.at("Email"));
  return u;
}

}  // namespace models

namespace jsonjit::bench::typed::boost_json_peer {

template <class T>
void write(const T& value, std::string& out) {
  out = json::serialize(json::value_from(value));
}

template <class T>
bool read(std::string_view text, T& out) {
  try {
    out = json::value_to<T>(json::parse(json::string_view(text.data(), text.size())));
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

template <class T>
void write_through(const T& value, std::span<char> buffer, void (*send)(std::string_view, void*), void* context) {
  const json::value v = json::value_from(value);
  json::serializer writer;
  writer.reset(&v);
  while (!writer.done()) send(writer.read(buffer.data(), buffer.size()), context);
}

#define JSONJIT_INSTANTIATE(T)                    \
  template void write<T>(const T&, std::string&); \
  template void write_through<T>(const T&, std::span<char>, void (*)(std::string_view, void*), void*); \
  template bool read<T>(std::string_view, T&);
JSONJIT_TYPED_BENCH_TYPES(JSONJIT_INSTANTIATE)
#undef JSONJIT_INSTANTIATE

}  // namespace jsonjit::bench::typed::boost_json_peer
