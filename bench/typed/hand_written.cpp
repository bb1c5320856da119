// The hand-written serializer: what a careful engineer writes for these models when speed is
// all that matters, the baseline the JIT is held to. One function per type; names as literal
// bytes; one room check per object (its strings' worst case summed up front); strings 16 bytes
// at a time with no per-byte tail (a short string or a tail is one load of 16 bytes, the few
// that would cross a page copied first), escapes by table from the first byte that needs one;
// integers by digit pairs from a digit count; UUIDs by the library's own formatting (as the
// dates are the models' own, shared with the converters). On x86-64 built with SSSE3
// (bench/CMakeLists.txt), which the JIT's string routine uses where the processor has it: the
// HTML-safe escapes are classified by two table lookups, as that routine does (NEON's tbl on
// AArch64; byte_block.hpp). Both of STJ's
// escapings: the default (HTML-safe) and UnsafeRelaxedJsonEscaping. It trusts its input: no
// UTF-8 validation (invalid bytes are escaped as whatever code point they decode to), no depth
// limit.

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#include "byte_block.hpp"
#include "peers.hpp"

namespace jsonjit::bench::typed::hand_written {
namespace {

using namespace models;

constexpr char digit_pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

int digit_count(std::uint32_t v) {
  static constexpr std::uint32_t powers[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000};
  const int guess = ((32 - std::countl_zero(v | 1)) * 1233) >> 12;  // log10 from the bit length
  return guess + ((v | 1) >= powers[guess]);
}

/// The decimal digits of `v` at `p` (room for 10); the end.
char* write_u32(char* p, std::uint32_t v) {
  char* const end = p + digit_count(v);
  char* q = end;
  while (v >= 100) {
    q -= 2;
    std::memcpy(q, digit_pairs + 2 * (v % 100), 2);
    v /= 100;
  }
  if (v >= 10) {
    std::memcpy(q - 2, digit_pairs + 2 * v, 2);
  } else {
    q[-1] = static_cast<char>('0' + v);
  }
  return end;
}

// Every object's room check also covers the byte after it (a comma, or the bracket that closes
// its array), so separators between objects are written unchecked.

/// Room a string may take: every byte six times escaped, the quotes, and the 16 bytes the
/// vector store may write past the end.
constexpr std::size_t room(const std::string& s) { return 6 * s.size() + 2 + 16; }
constexpr std::size_t nullable_room(const std::optional<std::string>& s) { return s ? room(*s) : 4; }
constexpr std::size_t date_room = 2 + 40;
constexpr std::size_t integer_room = 11;

template <bool html_safe>
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

  /// The one room check of an object: everything written until the next needs at most `n`.
  void reserve(std::size_t n) {
    if (static_cast<std::size_t>(end_ - p_) >= n) [[likely]]
      return;
    const auto used = static_cast<std::size_t>(p_ - s_.data());
    s_.resize(2 * s_.size() + n);
    p_ = s_.data() + used;
    end_ = s_.data() + s_.size();
  }
  // Unchecked from here: the caller reserved.
  template <std::size_t N>
  void literal(const char (&text)[N]) {
    std::memcpy(p_, text, N - 1);
    p_ += N - 1;
  }
  void boolean(bool b) {
    if (b) {
      std::memcpy(p_, "true", 4);
      p_ += 4;
    } else {
      std::memcpy(p_, "false", 5);
      p_ += 5;
    }
  }
  void integer(std::int32_t n) {
    if (n < 0) *p_++ = '-';
    p_ = write_u32(p_, n < 0 ? 0u - static_cast<std::uint32_t>(n) : static_cast<std::uint32_t>(n));
  }
  /// Inline: the common string (no escapes) costs a load, a check and a store per 16 bytes.
  [[gnu::always_inline]] void string(std::string_view text) {
    *p_++ = '"';
    const char* in = text.data();
    const char* const end = in + text.size();
    for (; end - in >= 16; in += 16, p_ += 16) {
      const byte_block::block block = byte_block::load(in);
      byte_block::store(p_, block);
      if (byte_block::escape_mask<html_safe>(block) != 0) return escaped(in, end);
    }
    if (in < end) {
      const auto left = static_cast<std::size_t>(end - in);
      const byte_block::block block = byte_block::load_short(in, left);
      byte_block::store(p_, block);  // bytes past `left` are overwritten later
      if ((byte_block::escape_mask<html_safe>(block) & byte_block::below(left)) != 0) return escaped(in, end);
      p_ += left;
    }
    *p_++ = '"';
  }
  void nullable_string(const std::optional<std::string>& text) {
    if (text) {
      string(*text);
    } else {
      literal("null");
    }
  }
  /// Text known to need no escaping (dates, UUIDs, Base64, digits), in quotes.
  char* open_quoted() {
    *p_++ = '"';
    return p_;
  }
  void close_quoted(char* p) {
    p_ = p;
    *p_++ = '"';
  }
  void date(const DateTimeOffset& d) {
    char* p = open_quoted();
    close_quoted(p + format_date_time_offset(p, d));
  }
  void date(const DateTime& d) {
    char* p = open_quoted();
    close_quoted(p + format_date_time(p, d));
  }
  void nullable_date(const std::optional<DateTimeOffset>& d) { d ? date(*d) : literal("null"); }

 private:
  /// The rest of a string from a block with a byte to escape, and its closing quote.
  [[gnu::noinline]] void escaped(const char* in, const char* end) {
    while (in < end) {
      const auto left = static_cast<std::size_t>(end - in);
      const byte_block::block block = left >= 16 ? byte_block::load(in) : byte_block::load_short(in, left);
      byte_block::store(p_, block);  // escapes overwrite it below
      byte_block::mask special = byte_block::escape_mask<html_safe>(block);
      if (left < 16) special &= byte_block::below(left);
      if (special == 0) {
        const std::size_t n = left < 16 ? left : 16;
        in += n;
        p_ += n;
        continue;
      }
      const std::size_t clean = byte_block::first(special);
      in += clean;
      p_ += clean;
      escape_one(in, end);
    }
    *p_++ = '"';
  }
  /// The escape of the character at `in` (which needs one); advances past it.
  void escape_one(const char*& in, const char* end) {
    static constexpr auto short_forms = [] {
      std::array<char, 128> t{};
      t['\n'] = 'n', t['\r'] = 'r', t['\t'] = 't', t['\b'] = 'b', t['\f'] = 'f', t['\\'] = '\\';
      if (!html_safe) t['"'] = '"';  // the default encoder writes " as \u0022
      return t;
    }();
    const auto c = static_cast<unsigned char>(*in++);
    if (c < 0x80) {
      if (const char s = short_forms[c]; s != 0) {
        p_[0] = '\\', p_[1] = s;
        p_ += 2;
      } else {
        p_ = unicode(p_, c);
      }
      return;
    }
    // Non-ASCII (HTML-safe only): \uXXXX per UTF-16 unit of the code point.
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

template <bool H>
void put(out_buffer<H>& o, const LoginViewModel& m) {
  o.reserve(48 + room(m.Email) + room(m.Password));
  o.literal("{\"Email\":");
  o.string(m.Email);
  o.literal(",\"Password\":");
  o.string(m.Password);
  o.literal(",\"RememberMe\":");
  o.boolean(m.RememberMe);
  o.literal("}");
}

template <bool H>
void put(out_buffer<H>& o, const Location& m) {
  o.reserve(128 + integer_room + room(m.Address1) + room(m.Address2) + room(m.City) + room(m.State) +
            room(m.PostalCode) + room(m.Name) + room(m.PhoneNumber) + room(m.Country));
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

template <bool H>
void put(out_buffer<H>& o, const ActiveOrUpcomingEvent& e) {
  o.reserve(128 + integer_room + room(e.ImageUrl) + room(e.Name) + room(e.CampaignName) +
            room(e.CampaignManagedOrganizerName) + room(e.Description) + 2 * date_room);
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

template <bool H>
void put(out_buffer<H>& o, const CampaignSummaryViewModel& c) {
  o.reserve(80 + integer_room + room(c.Title) + room(c.Description) + room(c.ImageUrl) + room(c.OrganizationName) +
            room(c.Headline));
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
}

template <bool H>
void put(out_buffer<H>& o, const IndexViewModel& m) {
  o.reserve(32);
  o.literal("{\"ActiveOrUpcomingEvents\":[");
  for (std::size_t i = 0; i < m.ActiveOrUpcomingEvents.size(); ++i) {
    if (i > 0) o.literal(",");  // the room of the object before
    put(o, m.ActiveOrUpcomingEvents[i]);
  }
  o.reserve(32);
  o.literal("],\"FeaturedCampaign\":");
  if (m.FeaturedCampaign) {
    put(o, *m.FeaturedCampaign);
  } else {
    o.literal("null");
  }
  o.reserve(64);
  o.literal(",\"IsNewAccount\":");
  o.boolean(m.IsNewAccount);
  o.literal(",\"HasFeaturedCampaign\":");
  o.boolean(m.HasFeaturedCampaign());
  o.literal("}");
}

template <bool H>
void put(out_buffer<H>& o, const MyEventsListerItemTask& t) {
  const std::optional<std::string> formatted = t.FormattedDate();
  o.reserve(64 + room(t.Name) + 2 * date_room + nullable_room(formatted));
  o.literal("{\"Name\":");
  o.string(t.Name);
  o.literal(",\"StartDate\":");
  o.nullable_date(t.StartDate);
  o.literal(",\"EndDate\":");
  o.nullable_date(t.EndDate);
  o.literal(",\"FormattedDate\":");
  o.nullable_string(formatted);
  o.literal("}");
}

template <bool H>
void put(out_buffer<H>& o, const MyEventsListerItem& e) {
  o.reserve(128 + 2 * integer_room + room(e.EventName) + 2 * date_room + room(e.TimeZone) + room(e.Campaign) +
            room(e.Organization));
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
    if (i > 0) o.literal(",");  // the room of the object before
    put(o, e.Tasks[i]);
  }
  o.reserve(3);
  o.literal("]}");
}

template <bool H>
void put_items(out_buffer<H>& o, const std::vector<MyEventsListerItem>& items) {
  o.reserve(2);
  o.literal("[");
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) o.literal(",");  // the room of the object before
    put(o, items[i]);
  }
  o.literal("]");
}

template <bool H>
void put(out_buffer<H>& o, const MyEventsListerViewModel& m) {
  o.reserve(20);
  o.literal("{\"CurrentEvents\":");
  put_items(o, m.CurrentEvents);
  o.reserve(20);
  o.literal(",\"FutureEvents\":");
  put_items(o, m.FutureEvents);
  o.reserve(20);
  o.literal(",\"PastEvents\":");
  put_items(o, m.PastEvents);
  o.reserve(1);
  o.literal("}");
}

template <bool H>
void put(out_buffer<H>& o, const CollectionsOfPrimitives& m) {
  // Each array is one room check: its elements' worst case is known.
  o.reserve(64 + base64_size(m.ByteArray.size()) + m.DateTimeArray.size() * (date_room + 1));
  o.literal("{\"ByteArray\":");
  char* p = o.open_quoted();
  o.close_quoted(write_base64(p, m.ByteArray.data(), m.ByteArray.size()));
  o.literal(",\"DateTimeArray\":[");
  for (std::size_t i = 0; i < m.DateTimeArray.size(); ++i) {
    if (i > 0) o.literal(",");
    o.date(m.DateTimeArray[i]);
  }
  o.literal("],\"Dictionary\":{");
  bool first = true;
  for (const auto& [key, value] : m.Dictionary) {
    o.reserve(2 + integer_room + 3 + room(value));
    if (!first) o.literal(",");
    first = false;
    char* k = o.open_quoted();
    if (key < 0) *k++ = '-';
    o.close_quoted(write_u32(k, key < 0 ? 0u - static_cast<std::uint32_t>(key) : static_cast<std::uint32_t>(key)));
    o.literal(":");
    o.string(value);
  }
  o.reserve(24 + m.ListOfInt.size() * (integer_room + 1));
  o.literal("},\"ListOfInt\":[");
  for (std::size_t i = 0; i < m.ListOfInt.size(); ++i) {
    if (i > 0) o.literal(",");
    o.integer(m.ListOfInt[i]);
  }
  o.literal("]}");
}

template <bool H>
void put(out_buffer<H>& o, const User& u) {
  o.reserve(80 + 38 + room(u.FirstName) + room(u.LastName) + room(u.FullName) + room(u.Username) + room(u.Email));
  o.literal("{\"Id\":");
  char* p = o.open_quoted();
  o.close_quoted(jsonjit::detail::format_uuid(u.Id, p));  // the library's, as the dates are the models'
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

template <bool H>
void put(out_buffer<H>& o, const std::vector<User>& users) {
  o.reserve(2);
  o.literal("[");
  for (std::size_t i = 0; i < users.size(); ++i) {
    if (i > 0) o.literal(",");  // the room of the object before
    put(o, users[i]);
  }
  o.literal("]");
}

}  // namespace

template <class T>
void write(const T& value, std::string& out) {
  out_buffer<true> o(out);
  put(o, value);
}

template <class T>
void write_relaxed(const T& value, std::string& out) {
  out_buffer<false> o(out);
  put(o, value);
}

#define JSONJIT_INSTANTIATE(T)                            \
  template void write<T>(const T&, std::string&); \
  template void write_relaxed<T>(const T&, std::string&);
JSONJIT_TYPED_BENCH_TYPES(JSONJIT_INSTANTIATE)
#undef JSONJIT_INSTANTIATE

}  // namespace jsonjit::bench::typed::hand_written
