// RapidJSON as its users write typed code: a Writer<StringBuffer> (or, to a file, a
// Writer<FileWriteStream>) driven field by field, and a
// Document parsed then read field by field (FindMember).
#include <rapidjson/document.h>
#include <rapidjson/filewritestream.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <charconv>

#include "peers.hpp"

namespace jsonjit::bench::typed::rapidjson_peer {
namespace {

using namespace models;
using writer_t = rapidjson::Writer<rapidjson::StringBuffer>;

template <class W>
void put(W& w, const std::string& s) { w.String(s.data(), static_cast<rapidjson::SizeType>(s.size())); }
template <class W>
void put(W& w, std::int32_t n) { w.Int(n); }
template <class W>
void put(W& w, bool b) { w.Bool(b); }
template <class W>
void put(W& w, const DateTimeOffset& d) {
  char text[48];
  w.String(text, static_cast<rapidjson::SizeType>(format_date_time_offset(text, d)));
}
template <class W>
void put(W& w, const DateTime& d) {
  char text[48];
  w.String(text, static_cast<rapidjson::SizeType>(format_date_time(text, d)));
}
template <class W>
void put(W& w, const ActiveOrUpcomingEvent& e);
template <class W>
void put(W& w, const CampaignSummaryViewModel& c);
template <class W>
void put(W& w, const MyEventsListerItemTask& t);
template <class W>
void put(W& w, const MyEventsListerItem& e);
template <class W>
void put(W& w, const User& u);
template <class W, class T>
void put(W& w, const std::optional<T>& o) {
  if (o) {
    put(w, *o);
  } else {
    w.Null();
  }
}
template <class W, class T>
void put(W& w, const std::vector<T>& v) {
  w.StartArray();
  for (const T& e : v) put(w, e);
  w.EndArray();
}
template <class W, class T>
void field(W& w, const char* name, const T& value) {
  w.Key(name);
  put(w, value);
}

template <class W>
void put(W& w, const LoginViewModel& m) {
  w.StartObject();
  field(w, "Email", m.Email);
  field(w, "Password", m.Password);
  field(w, "RememberMe", m.RememberMe);
  w.EndObject();
}
template <class W>
void put(W& w, const Location& m) {
  w.StartObject();
  field(w, "Id", m.Id);
  field(w, "Address1", m.Address1);
  field(w, "Address2", m.Address2);
  field(w, "City", m.City);
  field(w, "State", m.State);
  field(w, "PostalCode", m.PostalCode);
  field(w, "Name", m.Name);
  field(w, "PhoneNumber", m.PhoneNumber);
  field(w, "Country", m.Country);
  w.EndObject();
}
template <class W>
void put(W& w, const ActiveOrUpcomingEvent& e) {
  w.StartObject();
  field(w, "Id", e.Id);
  field(w, "ImageUrl", e.ImageUrl);
  field(w, "Name", e.Name);
  field(w, "CampaignName", e.CampaignName);
  field(w, "CampaignManagedOrganizerName", e.CampaignManagedOrganizerName);
  field(w, "Description", e.Description);
  field(w, "StartDate", e.StartDate);
  field(w, "EndDate", e.EndDate);
  w.EndObject();
}
template <class W>
void put(W& w, const CampaignSummaryViewModel& c) {
  w.StartObject();
  field(w, "Id", c.Id);
  field(w, "Title", c.Title);
  field(w, "Description", c.Description);
  field(w, "ImageUrl", c.ImageUrl);
  field(w, "OrganizationName", c.OrganizationName);
  field(w, "Headline", c.Headline);
  w.EndObject();
}
template <class W>
void put(W& w, const IndexViewModel& m) {
  w.StartObject();
  field(w, "ActiveOrUpcomingEvents", m.ActiveOrUpcomingEvents);
  field(w, "FeaturedCampaign", m.FeaturedCampaign);
  field(w, "IsNewAccount", m.IsNewAccount);
  field(w, "HasFeaturedCampaign", m.HasFeaturedCampaign());
  w.EndObject();
}
template <class W>
void put(W& w, const MyEventsListerItemTask& t) {
  w.StartObject();
  field(w, "Name", t.Name);
  field(w, "StartDate", t.StartDate);
  field(w, "EndDate", t.EndDate);
  field(w, "FormattedDate", t.FormattedDate());
  w.EndObject();
}
template <class W>
void put(W& w, const MyEventsListerItem& e) {
  w.StartObject();
  field(w, "EventId", e.EventId);
  field(w, "EventName", e.EventName);
  field(w, "StartDate", e.StartDate);
  field(w, "EndDate", e.EndDate);
  field(w, "TimeZone", e.TimeZone);
  field(w, "Campaign", e.Campaign);
  field(w, "Organization", e.Organization);
  field(w, "VolunteerCount", e.VolunteerCount);
  field(w, "Tasks", e.Tasks);
  w.EndObject();
}
template <class W>
void put(W& w, const MyEventsListerViewModel& m) {
  w.StartObject();
  field(w, "CurrentEvents", m.CurrentEvents);
  field(w, "FutureEvents", m.FutureEvents);
  field(w, "PastEvents", m.PastEvents);
  w.EndObject();
}
template <class W>
void put(W& w, const CollectionsOfPrimitives& m) {
  w.StartObject();
  w.Key("ByteArray");
  char base64[2048];
  w.String(base64, static_cast<rapidjson::SizeType>(write_base64(base64, m.ByteArray.data(), m.ByteArray.size()) - base64));
  field(w, "DateTimeArray", m.DateTimeArray);
  w.Key("Dictionary");
  w.StartObject();
  for (const auto& [key, value] : m.Dictionary) {
    char digits[16];
    w.Key(digits, static_cast<rapidjson::SizeType>(std::to_chars(digits, digits + sizeof digits, key).ptr - digits));
    put(w, value);
  }
  w.EndObject();
  field(w, "ListOfInt", m.ListOfInt);
  w.EndObject();
}
template <class W>
void put(W& w, const User& u) {
  w.StartObject();
  w.Key("Id");
  char id[36];
  jsonjit::detail::format_uuid(u.Id, id);
  w.String(id, 36);
  field(w, "FirstName", u.FirstName);
  field(w, "LastName", u.LastName);
  field(w, "FullName", u.FullName);
  field(w, "Username", u.Username);
  field(w, "Email", u.Email);
  w.EndObject();
}


// ---- reading: Document, then FindMember per field ----

using value_t = rapidjson::Value;

bool get(const value_t& v, std::string& s) {
  if (!v.IsString()) return false;
  s.assign(v.GetString(), v.GetStringLength());
  return true;
}
bool get(const value_t& v, std::int32_t& n) {
  if (!v.IsInt()) return false;
  n = v.GetInt();
  return true;
}
bool get(const value_t& v, bool& b) {
  if (!v.IsBool()) return false;
  b = v.GetBool();
  return true;
}
bool get(const value_t& v, DateTimeOffset& d) {
  return v.IsString() && parse_date_time_offset({v.GetString(), v.GetStringLength()}, d);
}
bool get(const value_t& v, DateTime& d) {
  return v.IsString() && parse_date_time({v.GetString(), v.GetStringLength()}, d);
}
bool get(const value_t& v, jsonjit::uuid& id) {
  if (!v.IsString()) return false;
  const auto parsed = jsonjit::uuid::parse({v.GetString(), v.GetStringLength()});
  if (parsed) id = *parsed;
  return parsed.has_value();
}
template <class T>
bool get(const value_t& v, std::optional<T>& o);
template <class T>
bool get(const value_t& v, std::vector<T>& out);
bool get(const value_t& v, LoginViewModel& m);
bool get(const value_t& v, Location& m);
bool get(const value_t& v, ActiveOrUpcomingEvent& m);
bool get(const value_t& v, CampaignSummaryViewModel& m);
bool get(const value_t& v, IndexViewModel& m);
bool get(const value_t& v, MyEventsListerItemTask& m);
bool get(const value_t& v, MyEventsListerItem& m);
bool get(const value_t& v, MyEventsListerViewModel& m);
bool get(const value_t& v, CollectionsOfPrimitives& m);
bool get(const value_t& v, User& m);

template <class T>
bool get(const value_t& v, std::optional<T>& o) {
  if (v.IsNull()) {
    o.reset();
    return true;
  }
  return get(v, o.emplace());
}
template <class T>
bool get(const value_t& v, std::vector<T>& out) {
  if (!v.IsArray()) return false;
  out.clear();
  out.reserve(v.Size());
  for (const value_t& e : v.GetArray()) {
    if (!get(e, out.emplace_back())) return false;
  }
  return true;
}
/// A member that may be missing (keeps its value then), as STJ reads.
template <class T>
bool field(const value_t& object, const char* name, T& target) {
  const auto it = object.FindMember(name);
  return it == object.MemberEnd() || get(it->value, target);
}

bool get(const value_t& v, LoginViewModel& m) {
  return v.IsObject() && field(v, "Email", m.Email) && field(v, "Password", m.Password) &&
         field(v, "RememberMe", m.RememberMe);
}
bool get(const value_t& v, Location& m) {
  return v.IsObject() && field(v, "Id", m.Id) && field(v, "Address1", m.Address1) && field(v, "Address2", m.Address2) &&
         field(v, "City", m.City) && field(v, "State", m.State) && field(v, "PostalCode", m.PostalCode) &&
         field(v, "Name", m.Name) && field(v, "PhoneNumber", m.PhoneNumber) && field(v, "Country", m.Country);
}
bool get(const value_t& v, ActiveOrUpcomingEvent& m) {
  return v.IsObject() && field(v, "Id", m.Id) && field(v, "ImageUrl", m.ImageUrl) && field(v, "Name", m.Name) &&
         field(v, "CampaignName", m.CampaignName) &&
         field(v, "CampaignManagedOrganizerName", m.CampaignManagedOrganizerName) &&
         field(v, "Description", m.Description) && field(v, "StartDate", m.StartDate) && field(v, "EndDate", m.EndDate);
}
bool get(const value_t& v, CampaignSummaryViewModel& m) {
  return v.IsObject() && field(v, "Id", m.Id) && field(v, "Title", m.Title) && field(v, "Description", m.Description) &&
         field(v, "ImageUrl", m.ImageUrl) && field(v, "OrganizationName", m.OrganizationName) &&
         field(v, "Headline", m.Headline);
}
bool get(const value_t& v, IndexViewModel& m) {
  return v.IsObject() && field(v, "ActiveOrUpcomingEvents", m.ActiveOrUpcomingEvents) &&
         field(v, "FeaturedCampaign", m.FeaturedCampaign) && field(v, "IsNewAccount", m.IsNewAccount);
}
bool get(const value_t& v, MyEventsListerItemTask& m) {
  return v.IsObject() && field(v, "Name", m.Name) && field(v, "StartDate", m.StartDate) && field(v, "EndDate", m.EndDate);
}
bool get(const value_t& v, MyEventsListerItem& m) {
  return v.IsObject() && field(v, "EventId", m.EventId) && field(v, "EventName", m.EventName) &&
         field(v, "StartDate", m.StartDate) && field(v, "EndDate", m.EndDate) && field(v, "TimeZone", m.TimeZone) &&
         field(v, "Campaign", m.Campaign) && field(v, "Organization", m.Organization) &&
         field(v, "VolunteerCount", m.VolunteerCount) && field(v, "Tasks", m.Tasks);
}
bool get(const value_t& v, MyEventsListerViewModel& m) {
  return v.IsObject() && field(v, "CurrentEvents", m.CurrentEvents) && field(v, "FutureEvents", m.FutureEvents) &&
         field(v, "PastEvents", m.PastEvents);
}
bool get(const value_t& v, CollectionsOfPrimitives& m) {
  if (!v.IsObject()) return false;
  const auto bytes = v.FindMember("ByteArray");
  if (bytes != v.MemberEnd() &&
      (!bytes->value.IsString() ||
       !decode_base64({bytes->value.GetString(), bytes->value.GetStringLength()}, m.ByteArray))) {
    return false;
  }
  const auto dictionary = v.FindMember("Dictionary");
  if (dictionary != v.MemberEnd()) {
    if (!dictionary->value.IsObject()) return false;
    m.Dictionary.clear();
    for (const auto& entry : dictionary->value.GetObject()) {
      std::int32_t key = 0;
      const char* name = entry.name.GetString();
      const char* end = name + entry.name.GetStringLength();
      if (std::from_chars(name, end, key).ptr != end || !get(entry.value, m.Dictionary[key])) return false;
    }
  }
  return field(v, "DateTimeArray", m.DateTimeArray) && field(v, "ListOfInt", m.ListOfInt);
}
bool get(const value_t& v, User& m) {
  return v.IsObject() && field(v, "Id", m.Id) && field(v, "FirstName", m.FirstName) &&
         field(v, "LastName", m.LastName) && field(v, "FullName", m.FullName) && field(v, "Username", m.Username) &&
         field(v, "Email", m.Email);
}


}  // namespace

template <class T>
void write(const T& value, std::string& out) {
  thread_local rapidjson::StringBuffer buffer;
  buffer.Clear();
  writer_t w(buffer);
  put(w, value);
  out.assign(buffer.GetString(), buffer.GetSize());
}

template <class T>
void write_to(const T& value, std::FILE* file) {
  char buffer[16 * 1024];
  rapidjson::FileWriteStream stream(file, buffer, sizeof buffer);
  rapidjson::Writer<rapidjson::FileWriteStream> w(stream);
  put(w, value);
  stream.Flush();
}

template <class T>
bool read(std::string_view json, T& out) {
  rapidjson::Document document;
  document.Parse(json.data(), json.size());
  return !document.HasParseError() && get(document, out);
}

#define JSONJIT_INSTANTIATE(T)                    \
  template void write<T>(const T&, std::string&); \
  template void write_to<T>(const T&, std::FILE*);  \
  template bool read<T>(std::string_view, T&);
JSONJIT_TYPED_BENCH_TYPES(JSONJIT_INSTANTIATE)
#undef JSONJIT_INSTANTIATE

}  // namespace jsonjit::bench::typed::rapidjson_peer
