// nlohmann/json as its documentation shows typed code: NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE for
// the plain types, to_json/from_json where a type has computed members or a text form.
#include <nlohmann/json.hpp>

#include "peers.hpp"

namespace nlohmann {
template <class T>
struct adl_serializer<std::optional<T>> {
  static void to_json(json& j, const std::optional<T>& o) {
    if (o) {
      j = *o;
    } else {
      j = nullptr;
    }
  }
  static void from_json(const json& j, std::optional<T>& o) {
    if (j.is_null()) {
      o.reset();
    } else {
      o = j.get<T>();
    }
  }
};
}  // namespace nlohmann

namespace models {

void to_json(nlohmann::json& j, const DateTimeOffset& d) {
  char text[48];
  j = std::string(text, static_cast<std::size_t>(format_date_time_offset(text, d)));
}
void from_json(const nlohmann::json& j, DateTimeOffset& d) {
  if (!parse_date_time_offset(j.get_ref<const std::string&>(), d)) throw std::invalid_argument("date");
}
void to_json(nlohmann::json& j, const DateTime& d) {
  char text[48];
  j = std::string(text, static_cast<std::size_t>(format_date_time(text, d)));
}
void from_json(const nlohmann::json& j, DateTime& d) {
  if (!parse_date_time(j.get_ref<const std::string&>(), d)) throw std::invalid_argument("date");
}

void to_json(nlohmann::json& j, const MyEventsListerItemTask& t) {
  j = nlohmann::json{
      {"Name", t.Name}, {"StartDate", t.StartDate}, {"EndDate", t.EndDate}, {"FormattedDate", t.FormattedDate()}};
}
void from_json(const nlohmann::json& j, MyEventsListerItemTask& t) {
  j.at("Name").get_to(t.Name);
  j.at("StartDate").get_to(t.StartDate);
  j.at("EndDate").get_to(t.EndDate);
}
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(LoginViewModel, Email, Password, RememberMe)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Location, Id, Address1, Address2, City, State, PostalCode, Name, PhoneNumber, Country)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(CampaignSummaryViewModel, Id, Title, Description, ImageUrl, OrganizationName,
                                   Headline)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(ActiveOrUpcomingEvent, Id, ImageUrl, Name, CampaignName,
                                   CampaignManagedOrganizerName, Description, StartDate, EndDate)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(MyEventsListerItem, EventId, EventName, StartDate, EndDate, TimeZone, Campaign,
                                   Organization, VolunteerCount, Tasks)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(MyEventsListerViewModel, CurrentEvents, FutureEvents, PastEvents)

void to_json(nlohmann::json& j, const IndexViewModel& m) {
  j = nlohmann::json{{"ActiveOrUpcomingEvents", m.ActiveOrUpcomingEvents},
                     {"FeaturedCampaign", m.FeaturedCampaign},
                     {"IsNewAccount", m.IsNewAccount},
                     {"HasFeaturedCampaign", m.HasFeaturedCampaign()}};
}
void from_json(const nlohmann::json& j, IndexViewModel& m) {
  j.at("ActiveOrUpcomingEvents").get_to(m.ActiveOrUpcomingEvents);
  j.at("FeaturedCampaign").get_to(m.FeaturedCampaign);
  j.at("IsNewAccount").get_to(m.IsNewAccount);
}
void to_json(nlohmann::json& j, const CollectionsOfPrimitives& m) {
  std::string base64(jsonjit::bench::typed::base64_size(m.ByteArray.size()), '\0');
  jsonjit::bench::typed::write_base64(base64.data(), m.ByteArray.data(), m.ByteArray.size());
  nlohmann::json dictionary = nlohmann::json::object();
  for (const auto& [key, value] : m.Dictionary) dictionary[std::to_string(key)] = value;
  j = nlohmann::json{{"ByteArray", std::move(base64)},
                     {"DateTimeArray", m.DateTimeArray},
                     {"Dictionary", std::move(dictionary)},
                     {"ListOfInt", m.ListOfInt}};
}
void from_json(const nlohmann::json& j, CollectionsOfPrimitives& m) {
  if (!jsonjit::bench::typed::decode_base64(j.at("ByteArray").get_ref<const std::string&>(), m.ByteArray)) {
    throw std::invalid_argument("base64");
  }
  j.at("DateTimeArray").get_to(m.DateTimeArray);
  m.Dictionary.clear();
  for (const auto& [key, value] : j.at("Dictionary").items()) m.Dictionary[std::stoi(key)] = value.get<std::string>();
  j.at("ListOfInt").get_to(m.ListOfInt);
}
void to_json(nlohmann::json& j, const User& u) {
  j = nlohmann::json{{"Id", u.Id.to_string()}, {"FirstName", u.FirstName}, {"LastName", u.LastName},
                     {"FullName", u.FullName}, {"Username", u.Username},   {"Email", u.Email}};
}
void from_json(const nlohmann::json& j, User& u) {
  const auto id = jsonjit::uuid::parse(j.at("Id").get_ref<const std::string&>());
  if (!id) throw std::invalid_argument("uuid");
  u.Id = *id;
  j.at("FirstName").get_to(u.FirstName);
  j.at("LastName").get_to(u.LastName);
  j.at("FullName").get_to(u.FullName);
  j.at("Username").get_to(u.Username);
  j.at("Email").get_to(u.Email);
}

}  // namespace models

namespace jsonjit::bench::typed::nlohmann_peer {

template <class T>
void write(const T& value, std::string& out) {
  out = nlohmann::json(value).dump();
}

template <class T>
bool read(std::string_view json, T& out) {
  try {
    nlohmann::json::parse(json).get_to(out);
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

template <class T>
void write_to(const T& value, std::ostream& out) {
  out << nlohmann::json(value);
}

#define JSONJIT_INSTANTIATE(T)                    \
  template void write<T>(const T&, std::string&); \
  template void write_to<T>(const T&, std::ostream&); \
  template bool read<T>(std::string_view, T&);
JSONJIT_TYPED_BENCH_TYPES(JSONJIT_INSTANTIATE)
#undef JSONJIT_INSTANTIATE

}  // namespace jsonjit::bench::typed::nlohmann_peer
