// simdjson's On-Demand API as its documentation shows typed reading: one reused parser,
// `object["Name"]` lookups (in order first, any order allowed), values converted where they
// are read. simdjson does not write JSON. The benchmark's texts have SIMDJSON_PADDING bytes of
// capacity past their end, so no copy into a padded_string is made. On-Demand picks its
// kernel when compiled, so this file is built for the machine's own instruction set
// (bench/CMakeLists.txt): simdjson at its best.
#include <simdjson.h>

#include <charconv>
#include <limits>

#include "peers.hpp"

namespace jsonjit::bench::typed::simdjson_peer {
namespace {

using namespace models;
using simdjson::ondemand::array;
using simdjson::ondemand::object;
using simdjson::ondemand::value;

bool get(value v, std::string& s) {
  std::string_view text;
  if (v.get_string().get(text)) return false;
  s.assign(text);
  return true;
}
bool get(value v, std::int32_t& n) {
  std::int64_t x = 0;
  if (v.get_int64().get(x) || x < std::numeric_limits<std::int32_t>::min() || x > std::numeric_limits<std::int32_t>::max()) {
    return false;
  }
  n = static_cast<std::int32_t>(x);
  return true;
}
bool get(value v, bool& b) { return !v.get_bool().get(b); }
bool get(value v, DateTimeOffset& d) {
  std::string_view text;
  return !v.get_string().get(text) && parse_date_time_offset(text, d);
}
bool get(value v, DateTime& d) {
  std::string_view text;
  return !v.get_string().get(text) && parse_date_time(text, d);
}
bool get(value v, jsonjit::uuid& id) {
  std::string_view text;
  if (v.get_string().get(text)) return false;
  const auto parsed = jsonjit::uuid::parse(text);
  if (parsed) id = *parsed;
  return parsed.has_value();
}
template <class T>
bool get(value v, std::optional<T>& o);
template <class T>
bool get(value v, std::vector<T>& out);
bool get(value v, LoginViewModel& m);
bool get(value v, Location& m);
bool get(value v, ActiveOrUpcomingEvent& m);
bool get(value v, CampaignSummaryViewModel& m);
bool get(value v, IndexViewModel& m);
bool get(value v, MyEventsListerItemTask& m);
bool get(value v, MyEventsListerItem& m);
bool get(value v, MyEventsListerViewModel& m);
bool get(value v, CollectionsOfPrimitives& m);
bool get(value v, User& m);

template <class T>
bool get(value v, std::optional<T>& o) {
  bool is_null = false;
  if (v.is_null().get(is_null)) return false;
  if (is_null) {
    o.reset();
    return true;
  }
  return get(v, o.emplace());
}
template <class T>
bool get(value v, std::vector<T>& out) {
  array a;
  if (v.get_array().get(a)) return false;
  out.clear();
  for (auto element : a) {
    value e;
    if (element.get(e) || !get(e, out.emplace_back())) return false;
  }
  return true;
}
/// A member that may be missing (keeps its value then), as STJ reads.
template <class T>
bool field(object& o, std::string_view name, T& target) {
  value v;
  const auto error = o[name].get(v);
  if (error == simdjson::NO_SUCH_FIELD) return true;
  return !error && get(v, target);
}
bool as_object(value v, object& o) { return !v.get_object().get(o); }

bool get(value v, LoginViewModel& m) {
  object o;
  return as_object(v, o) && field(o, "Email", m.Email) && field(o, "Password", m.Password) &&
         field(o, "RememberMe", m.RememberMe);
}
bool get(value v, Location& m) {
  object o;
  return as_object(v, o) && field(o, "Id", m.Id) && field(o, "Address1", m.Address1) &&
         field(o, "Address2", m.Address2) && field(o, "City", m.City) && field(o, "State", m.State) &&
         field(o, "PostalCode", m.PostalCode) && field(o, "Name", m.Name) && field(o, "PhoneNumber", m.PhoneNumber) &&
         field(o, "Country", m.Country);
}
bool get(value v, ActiveOrUpcomingEvent& m) {
  object o;
  return as_object(v, o) && field(o, "Id", m.Id) && field(o, "ImageUrl", m.ImageUrl) && field(o, "Name", m.Name) &&
         field(o, "CampaignName", m.CampaignName) &&
         field(o, "CampaignManagedOrganizerName", m.CampaignManagedOrganizerName) &&
         field(o, "Description", m.Description) && field(o, "StartDate", m.StartDate) && field(o, "EndDate", m.EndDate);
}
bool get(value v, CampaignSummaryViewModel& m) {
  object o;
  return as_object(v, o) && field(o, "Id", m.Id) && field(o, "Title", m.Title) &&
         field(o, "Description", m.Description) && field(o, "ImageUrl", m.ImageUrl) &&
         field(o, "OrganizationName", m.OrganizationName) && field(o, "Headline", m.Headline);
}
bool get(value v, IndexViewModel& m) {
  object o;
  return as_object(v, o) && field(o, "ActiveOrUpcomingEvents", m.ActiveOrUpcomingEvents) &&
         field(o, "FeaturedCampaign", m.FeaturedCampaign) && field(o, "IsNewAccount", m.IsNewAccount);
}
bool get(value v, MyEventsListerItemTask& m) {
  object o;
  return as_object(v, o) && field(o, "Name", m.Name) && field(o, "StartDate", m.StartDate) &&
         field(o, "EndDate", m.EndDate);
}
bool get(value v, MyEventsListerItem& m) {
  object o;
  return as_object(v, o) && field(o, "EventId", m.EventId) && field(o, "EventName", m.EventName) &&
         field(o, "StartDate", m.StartDate) && field(o, "EndDate", m.EndDate) && field(o, "TimeZone", m.TimeZone) &&
         field(o, "Campaign", m.Campaign) && field(o, "Organization", m.Organization) &&
         field(o, "VolunteerCount", m.VolunteerCount) && field(o, "Tasks", m.Tasks);
}
bool get(value v, MyEventsListerViewModel& m) {
  object o;
  return as_object(v, o) && field(o, "CurrentEvents", m.CurrentEvents) && field(o, "FutureEvents", m.FutureEvents) &&
         field(o, "PastEvents", m.PastEvents);
}
bool get(value v, CollectionsOfPrimitives& m) {
  object o;
  if (!as_object(v, o)) return false;
  value bytes;
  std::string_view base64;
  if (o["ByteArray"].get(bytes) || bytes.get_string().get(base64) || !decode_base64(base64, m.ByteArray)) return false;
  if (!field(o, "DateTimeArray", m.DateTimeArray)) return false;
  object dictionary;
  if (o["Dictionary"].get_object().get(dictionary)) return false;
  m.Dictionary.clear();
  for (auto entry : dictionary) {
    std::string_view name;
    value item;
    std::int32_t key = 0;
    if (entry.unescaped_key().get(name) || entry.value().get(item) ||
        std::from_chars(name.data(), name.data() + name.size(), key).ptr != name.data() + name.size() ||
        !get(item, m.Dictionary[key])) {
      return false;
    }
  }
  return field(o, "ListOfInt", m.ListOfInt);
}
bool get(value v, User& m) {
  object o;
  return as_object(v, o) && field(o, "Id", m.Id) && field(o, "FirstName", m.FirstName) &&
         field(o, "LastName", m.LastName) && field(o, "FullName", m.FullName) && field(o, "Username", m.Username) &&
         field(o, "Email", m.Email);
}

}  // namespace

template <class T>
bool read(std::string_view json, T& out) {
  thread_local simdjson::ondemand::parser parser;
  simdjson::ondemand::document document;
  value root;
  return !parser.iterate(simdjson::padded_string_view(json.data(), json.size(), json.size() + simdjson::SIMDJSON_PADDING))
              .get(document) &&
         !document.get_value().get(root) && get(root, out);
}

#define JSONJIT_INSTANTIATE(T) template bool read<T>(std::string_view, T&);
JSONJIT_TYPED_BENCH_TYPES(JSONJIT_INSTANTIATE)
#undef JSONJIT_INSTANTIATE

}  // namespace jsonjit::bench::typed::simdjson_peer
