// The hand-written serializer: what a person writes for these models when speed is all that
// matters — one function per type, names as literal bytes, one capacity check per value,
// STJ's escaping by table. It trusts its input (no UTF-8 validation, no depth limit).
#include <emmintrin.h>

#include <array>
#include <charconv>
#include <cstring>

#include "peers.hpp"

namespace jsonjit::bench::typed::hand_written {
namespace {

using namespace models;

class out_buffer {
 public:
  explicit out_buffer(std::string& s) : s_(s) {
    s_.resize(s_.capacity() < 256 ? 256 : s_.capacity());
    p_ = s_.data();
    end_ = p_ + s_.size();
  }
  ~out_buffer() { s_.resize(static_cast<std::size_t>(p_ - s_.data())); }
  out_buffer(const out_buffer&) = delete;
  out_buffer& operator=(const out_buffer&) = delete;

  void reserve(std::size_t n) {
    if (static_cast<std::size_t>(end_ - p_) >= n) return;
    const auto used = static_cast<std::size_t>(p_ - s_.data());
    s_.resize(2 * s_.size() + n);
    p_ = s_.data() + used;
    end_ = s_.data() + s_.size();
  }
  template <std::size_t N>
  void literal(const char (&text)[N]) {
    reserve(N);
    std::memcpy(p_, text, N - 1);
    p_ += N - 1;
  }
  void boolean(bool b) { b ? literal("true") : literal("false"); }
  void integer(std::int64_t n) {
    reserve(24);
    p_ = std::to_chars(p_, end_, n).ptr;
  }
  /// STJ's escaping: 16 bytes at a time while nothing needs escaping (each block is stored
  /// before it is checked), one character at a time from the first that does.
  void string(std::string_view text) {
    reserve(6 * text.size() + 2 + 16);
    *p_++ = '"';
    const char* in = text.data();
    const char* const end = in + text.size();
    while (in < end) {
      if (end - in >= 16) {
        const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(p_), block);
        const unsigned special = needs_escape_mask(block);
        if (special == 0) {
          in += 16;
          p_ += 16;
          continue;
        }
        const int clean = __builtin_ctz(special);
        in += clean;
        p_ += clean;
      }
      escape_one(in, end);
    }
    *p_++ = '"';
  }
  /// Text known to need no escaping (dates, UUIDs, Base64), in quotes.
  char* raw_quoted(std::size_t max) {
    reserve(max + 2);
    *p_++ = '"';
    return p_;
  }
  void end_raw_quoted(char* p) {
    p_ = p;
    *p_++ = '"';
  }
  void date(const DateTimeOffset& d) {
    char* p = raw_quoted(40);
    end_raw_quoted(p + format_date_time_offset(p, d));
  }
  void date(const DateTime& d) {
    char* p = raw_quoted(40);
    end_raw_quoted(p + format_date_time(p, d));
  }

 private:
  static constexpr auto needs_escape = [] {
    std::array<bool, 256> t{};
    for (int c = 0; c < 256; ++c) t[c] = c < 0x20 || c >= 0x7F;
    for (char c : {'"', '\\', '&', '\'', '+', '<', '>', '`'}) t[static_cast<unsigned char>(c)] = true;
    return t;
  }();
  /// Bit i set where byte i of the block needs escaping.
  static unsigned needs_escape_mask(__m128i v) {
    __m128i m = _mm_cmplt_epi8(v, _mm_set1_epi8(0x20));  // controls, and every non-ASCII byte (signed)
    for (char c : {'"', '\\', '&', '\'', '+', '<', '>', '`', '\x7F'}) m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8(c)));
    return static_cast<unsigned>(_mm_movemask_epi8(m));
  }
  /// Writes the character at `in` (escaped if it must be) and advances past it.
  void escape_one(const char*& in, const char* end) {
    const auto c = static_cast<unsigned char>(*in++);
    if (!needs_escape[c]) {
      *p_++ = static_cast<char>(c);
      return;
    }
    switch (c) {
      case '\\': p_ = put(p_, "\\\\"); break;
      case '\n': p_ = put(p_, "\\n"); break;
      case '\r': p_ = put(p_, "\\r"); break;
      case '\t': p_ = put(p_, "\\t"); break;
      case '\b': p_ = put(p_, "\\b"); break;
      case '\f': p_ = put(p_, "\\f"); break;
      default:
        if (c < 0x80) {
          p_ = unicode(p_, c);
        } else {  // non-ASCII: \uXXXX per UTF-16 unit
          const int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : 1;
          unsigned cp = c & (0x3Fu >> extra);
          for (int k = 0; k < extra && in < end; ++k) cp = cp << 6 | (static_cast<unsigned char>(*in++) & 0x3F);
          if (cp >= 0x10000) {
            cp -= 0x10000;
            p_ = unicode(p_, 0xD800 + (cp >> 10));
            p_ = unicode(p_, 0xDC00 + (cp & 0x3FF));
          } else {
            p_ = unicode(p_, cp);
          }
        }
    }
  }
  template <std::size_t N>
  static char* put(char* p, const char (&text)[N]) {
    std::memcpy(p, text, N - 1);
    return p + N - 1;
  }
  static char* unicode(char* p, unsigned u) {
    static constexpr char hex[] = "0123456789ABCDEF";
    p[0] = '\\', p[1] = 'u', p[2] = hex[u >> 12 & 15], p[3] = hex[u >> 8 & 15], p[4] = hex[u >> 4 & 15];
    p[5] = hex[u & 15];
    return p + 6;
  }

  std::string& s_;
  char* p_;
  char* end_;
};

void put(out_buffer& o, const LoginViewModel& m) {
  o.literal("{\"Email\":");
  o.string(m.Email);
  o.literal(",\"Password\":");
  o.string(m.Password);
  o.literal(",\"RememberMe\":");
  o.boolean(m.RememberMe);
  o.literal("}");
}

void put(out_buffer& o, const Location& m) {
  o.literal("{\"Id\":");
  o.integer(m.Id);
  o.literal(",\"Address1\":");
  o.string(m.Address1);
  o.literal(",\"Address2\":");
  o.string(m.Address2);
  o.literal(",\"City\":");
  o.string(m.City);
  o.literal(",\"State\":");
  o.string(m.State);
  o.literal(",\"PostalCode\":");
  o.string(m.PostalCode);
  o.literal(",\"Name\":");
  o.string(m.Name);
  o.literal(",\"PhoneNumber\":");
  o.string(m.PhoneNumber);
  o.literal(",\"Country\":");
  o.string(m.Country);
  o.literal("}");
}

void put(out_buffer& o, const ActiveOrUpcomingEvent& e) {
  o.literal("{\"Id\":");
  o.integer(e.Id);
  o.literal(",\"ImageUrl\":");
  o.string(e.ImageUrl);
  o.literal(",\"Name\":");
  o.string(e.Name);
  o.literal(",\"CampaignName\":");
  o.string(e.CampaignName);
  o.literal(",\"CampaignManagedOrganizerName\":");
  o.string(e.CampaignManagedOrganizerName);
  o.literal(",\"Description\":");
  o.string(e.Description);
  o.literal(",\"StartDate\":");
  o.date(e.StartDate);
  o.literal(",\"EndDate\":");
  o.date(e.EndDate);
  o.literal("}");
}

void put(out_buffer& o, const IndexViewModel& m) {
  o.literal("{\"ActiveOrUpcomingEvents\":[");
  for (std::size_t i = 0; i < m.ActiveOrUpcomingEvents.size(); ++i) {
    if (i > 0) o.literal(",");
    put(o, m.ActiveOrUpcomingEvents[i]);
  }
  o.literal("],\"FeaturedCampaign\":");
  if (m.FeaturedCampaign) {
    const CampaignSummaryViewModel& c = *m.FeaturedCampaign;
    o.literal("{\"Id\":");
    o.integer(c.Id);
    o.literal(",\"Title\":");
    o.string(c.Title);
    o.literal(",\"Description\":");
    o.string(c.Description);
    o.literal(",\"ImageUrl\":");
    o.string(c.ImageUrl);
    o.literal(",\"OrganizationName\":");
    o.string(c.OrganizationName);
    o.literal(",\"Headline\":");
    o.string(c.Headline);
    o.literal("}");
  } else {
    o.literal("null");
  }
  o.literal(",\"IsNewAccount\":");
  o.boolean(m.IsNewAccount);
  o.literal(",\"HasFeaturedCampaign\":");
  o.boolean(m.HasFeaturedCampaign());
  o.literal("}");
}

void put(out_buffer& o, const MyEventsListerItemTask& t) {
  o.literal("{\"Name\":");
  o.string(t.Name);
  o.literal(",\"StartDate\":");
  t.StartDate ? o.date(*t.StartDate) : o.literal("null");
  o.literal(",\"EndDate\":");
  t.EndDate ? o.date(*t.EndDate) : o.literal("null");
  o.literal(",\"FormattedDate\":");
  const std::optional<std::string> formatted = t.FormattedDate();
  formatted ? o.string(*formatted) : o.literal("null");
  o.literal("}");
}

void put(out_buffer& o, const MyEventsListerItem& e) {
  o.literal("{\"EventId\":");
  o.integer(e.EventId);
  o.literal(",\"EventName\":");
  o.string(e.EventName);
  o.literal(",\"StartDate\":");
  o.date(e.StartDate);
  o.literal(",\"EndDate\":");
  o.date(e.EndDate);
  o.literal(",\"TimeZone\":");
  o.string(e.TimeZone);
  o.literal(",\"Campaign\":");
  o.string(e.Campaign);
  o.literal(",\"Organization\":");
  o.string(e.Organization);
  o.literal(",\"VolunteerCount\":");
  o.integer(e.VolunteerCount);
  o.literal(",\"Tasks\":[");
  for (std::size_t i = 0; i < e.Tasks.size(); ++i) {
    if (i > 0) o.literal(",");
    put(o, e.Tasks[i]);
  }
  o.literal("]}");
}

void put_items(out_buffer& o, const std::vector<MyEventsListerItem>& items) {
  o.literal("[");
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) o.literal(",");
    put(o, items[i]);
  }
  o.literal("]");
}

void put(out_buffer& o, const MyEventsListerViewModel& m) {
  o.literal("{\"CurrentEvents\":");
  put_items(o, m.CurrentEvents);
  o.literal(",\"FutureEvents\":");
  put_items(o, m.FutureEvents);
  o.literal(",\"PastEvents\":");
  put_items(o, m.PastEvents);
  o.literal("}");
}

void put(out_buffer& o, const CollectionsOfPrimitives& m) {
  o.literal("{\"ByteArray\":");
  char* p = o.raw_quoted(base64_size(m.ByteArray.size()));
  o.end_raw_quoted(write_base64(p, m.ByteArray.data(), m.ByteArray.size()));
  o.literal(",\"DateTimeArray\":[");
  for (std::size_t i = 0; i < m.DateTimeArray.size(); ++i) {
    if (i > 0) o.literal(",");
    o.date(m.DateTimeArray[i]);
  }
  o.literal("],\"Dictionary\":{");
  bool first = true;
  for (const auto& [key, value] : m.Dictionary) {
    if (!first) o.literal(",");
    first = false;
    char digits[16];
    const auto n = static_cast<std::size_t>(std::to_chars(digits, digits + sizeof digits, key).ptr - digits);
    char* k = o.raw_quoted(n + 1);
    std::memcpy(k, digits, n);
    o.end_raw_quoted(k + n);
    o.literal(":");
    o.string(value);
  }
  o.literal("},\"ListOfInt\":[");
  for (std::size_t i = 0; i < m.ListOfInt.size(); ++i) {
    if (i > 0) o.literal(",");
    o.integer(m.ListOfInt[i]);
  }
  o.literal("]}");
}

void put(out_buffer& o, const User& u) {
  o.literal("{\"Id\":");
  char* p = o.raw_quoted(36);
  for (std::size_t i = 0; i < 16; ++i) {
    static constexpr char hex[] = "0123456789abcdef";
    if (i == 4 || i == 6 || i == 8 || i == 10) *p++ = '-';
    *p++ = hex[u.Id.bytes[i] >> 4];
    *p++ = hex[u.Id.bytes[i] & 15];
  }
  o.end_raw_quoted(p);
  o.literal(",\"FirstName\":");
  o.string(u.FirstName);
  o.literal(",\"LastName\":");
  o.string(u.LastName);
  o.literal(",\"FullName\":");
  o.string(u.FullName);
  o.literal(",\"Username\":");
  o.string(u.Username);
  o.literal(",\"Email\":");
  o.string(u.Email);
  o.literal("}");
}

void put(out_buffer& o, const std::vector<User>& users) {
  o.literal("[");
  for (std::size_t i = 0; i < users.size(); ++i) {
    if (i > 0) o.literal(",");
    put(o, users[i]);
  }
  o.literal("]");
}

}  // namespace

template <class T>
void write(const T& value, std::string& out) {
  out_buffer o(out);
  put(o, value);
}

#define JSONJIT_INSTANTIATE(T) template void write<T>(const T&, std::string&);
JSONJIT_TYPED_BENCH_TYPES(JSONJIT_INSTANTIATE)
#undef JSONJIT_INSTANTIATE

}  // namespace jsonjit::bench::typed::hand_written
