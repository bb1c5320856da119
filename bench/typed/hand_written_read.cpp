// The hand-written parser: what a person writes to read these models when speed is all that
// matters — one function per type, keys compared as they come, strings found 16 bytes at a
// time and copied in one piece when they have no escapes, integers by a digit loop. Like the
// hand-written serializer it trusts its input's encoding (no UTF-8 validation) and has no
// depth limit; it does check the grammar it reads and rejects what does not fit the model.
#include <charconv>
#include <cstring>
#include <limits>

#include "byte_block.hpp"
#include "peers.hpp"

namespace jsonjit::bench::typed::hand_written {
namespace {

using namespace models;

class in_text {
 public:
  explicit in_text(std::string_view json) : p_(json.data()), end_(json.data() + json.size()) {}

  bool at_end() {
    whitespace();
    return p_ == end_;
  }

  /// `{ "key": value, ... }`: calls member(key) on each value; member reads it.
  template <class Member>
  bool object(Member&& member) {
    if (!consume('{')) return false;
    if (consume('}')) return true;
    do {
      std::string_view key;
      if (!plain_string(key) || !consume(':')) return false;
      whitespace();
      if (!member(key)) return false;
    } while (consume(','));
    return consume('}');
  }

  /// `[ value, ... ]`: calls element() on each value.
  template <class Element>
  bool array(Element&& element) {
    if (!consume('[')) return false;
    if (consume(']')) return true;
    do {
      whitespace();
      if (!element()) return false;
    } while (consume(','));
    return consume(']');
  }

  bool null() {
    if (end_ - p_ < 4 || std::memcmp(p_, "null", 4) != 0) return false;
    p_ += 4;
    return true;
  }
  bool is_null() const { return p_ < end_ && *p_ == 'n'; }

  bool boolean(bool& b) {
    if (end_ - p_ >= 4 && std::memcmp(p_, "true", 4) == 0) {
      p_ += 4;
      b = true;
      return true;
    }
    if (end_ - p_ >= 5 && std::memcmp(p_, "false", 5) == 0) {
      p_ += 5;
      b = false;
      return true;
    }
    return false;
  }

  bool integer(std::int32_t& n) {
    const bool negative = p_ < end_ && *p_ == '-';
    p_ += negative;
    const char* start = p_;
    std::uint64_t v = 0;
    while (p_ < end_ && static_cast<unsigned>(*p_ - '0') < 10 && p_ - start < 11) v = v * 10 + static_cast<unsigned>(*p_++ - '0');
    if (p_ == start || (*start == '0' && p_ - start > 1) || (p_ < end_ && (*p_ == '.' || *p_ == 'e' || *p_ == 'E'))) {
      return false;
    }
    if (v > std::uint64_t{std::numeric_limits<std::int32_t>::max()} + negative) return false;
    n = static_cast<std::int32_t>(negative ? 0 - v : v);
    return true;
  }

  /// A string without escapes, as a view of the input (keys, dates, UUIDs, Base64).
  bool plain_string(std::string_view& text) {
    whitespace();
    if (p_ == end_ || *p_ != '"') return false;
    const char* start = ++p_;
    const char* close = find_quote_or_backslash(start);
    if (close == end_ || *close != '"') return false;
    text = std::string_view(start, static_cast<std::size_t>(close - start));
    p_ = close + 1;
    return true;
  }

  bool string(std::string& s) {
    if (p_ == end_ || *p_ != '"') return false;
    const char* start = ++p_;
    const char* stop = find_quote_or_backslash(start);
    if (stop == end_) return false;
    if (*stop == '"') {  // the usual case: one copy
      s.assign(start, stop);
      p_ = stop + 1;
      return true;
    }
    s.assign(start, stop);
    p_ = stop;
    while (p_ < end_) {
      const char c = *p_++;
      if (c == '"') return true;
      if (c != '\\') {
        s.push_back(c);
        continue;
      }
      if (p_ == end_) return false;
      switch (*p_++) {
        case '"': s.push_back('"'); break;
        case '\\': s.push_back('\\'); break;
        case '/': s.push_back('/'); break;
        case 'b': s.push_back('\b'); break;
        case 'f': s.push_back('\f'); break;
        case 'n': s.push_back('\n'); break;
        case 'r': s.push_back('\r'); break;
        case 't': s.push_back('\t'); break;
        case 'u': {
          std::uint32_t cp = 0;
          if (!hex4(cp)) return false;
          if (cp >= 0xD800 && cp < 0xDC00) {  // a surrogate pair
            std::uint32_t low = 0;
            if (end_ - p_ < 2 || p_[0] != '\\' || p_[1] != 'u') return false;
            p_ += 2;
            if (!hex4(low) || low < 0xDC00 || low > 0xDFFF) return false;
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          } else if (cp >= 0xDC00 && cp < 0xE000) {
            return false;
          }
          append_utf8(s, cp);
          break;
        }
        default: return false;
      }
    }
    return false;
  }

  /// Any value, unread (members the models do not have).
  bool skip() {
    whitespace();
    if (p_ == end_) return false;
    switch (*p_) {
      case '{': return object([&](std::string_view) { return skip(); });
      case '[': return array([&] { return skip(); });
      case '"': return skip_string();
      case 't':
      case 'f': {
        bool ignored;
        return boolean(ignored);
      }
      case 'n': return null();
      default: {
        double ignored;
        const auto r = std::from_chars(p_, end_, ignored);
        if (r.ec != std::errc()) return false;
        p_ = r.ptr;
        return true;
      }
    }
  }

 private:
  void whitespace() {
    while (p_ < end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\r' || *p_ == '\t')) ++p_;
  }
  bool consume(char c) {
    whitespace();
    if (p_ == end_ || *p_ != c) return false;
    ++p_;
    return true;
  }
  /// A string, unread: to its closing quote, past escapes.
  bool skip_string() {
    const char* p = p_ + 1;
    for (;;) {
      p = find_quote_or_backslash(p);
      if (p == end_) return false;
      if (*p == '"') break;
      if (end_ - p < 2) return false;
      p += 2;  // an escape: its second byte is never the closing quote
    }
    p_ = p + 1;
    return true;
  }
  /// The first '"' or '\\' from p, 16 bytes at a time; end_ if there is none.
  const char* find_quote_or_backslash(const char* p) const {
    for (; end_ - p >= 16; p += 16) {
      const byte_block::mask hits = byte_block::quote_or_backslash(byte_block::load(p));
      if (hits != 0) return p + byte_block::first(hits);
    }
    while (p < end_ && *p != '"' && *p != '\\') ++p;
    return p;
  }
  bool hex4(std::uint32_t& v) {
    if (end_ - p_ < 4) return false;
    v = 0;
    for (int i = 0; i < 4; ++i) {
      const char c = *p_++;
      const int d = c >= '0' && c <= '9' ? c - '0' : (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10 : -1;
      if (d < 0) return false;
      v = v << 4 | static_cast<std::uint32_t>(d);
    }
    return true;
  }
  static void append_utf8(std::string& s, std::uint32_t cp) {
    if (cp < 0x80) {
      s.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
      s.push_back(static_cast<char>(0xC0 | cp >> 6));
      s.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
      s.push_back(static_cast<char>(0xE0 | cp >> 12));
      s.push_back(static_cast<char>(0x80 | (cp >> 6 & 0x3F)));
      s.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
      s.push_back(static_cast<char>(0xF0 | cp >> 18));
      s.push_back(static_cast<char>(0x80 | (cp >> 12 & 0x3F)));
      s.push_back(static_cast<char>(0x80 | (cp >> 6 & 0x3F)));
      s.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
  }

  const char* p_;
  const char* end_;
};

bool get(in_text& in, std::string& s) { return in.string(s); }
bool get(in_text& in, std::int32_t& n) { return in.integer(n); }
bool get(in_text& in, bool& b) { return in.boolean(b); }
bool get(in_text& in, DateTimeOffset& d) {
  std::string_view text;
  return in.plain_string(text) && parse_date_time_offset(text, d);
}
bool get(in_text& in, DateTime& d) {
  std::string_view text;
  return in.plain_string(text) && parse_date_time(text, d);
}
bool get(in_text& in, jsonjit::uuid& id) {
  std::string_view text;
  if (!in.plain_string(text)) return false;
  const auto parsed = jsonjit::uuid::parse(text);
  if (parsed) id = *parsed;
  return parsed.has_value();
}
template <class T>
bool get(in_text& in, std::optional<T>& o) {
  if (in.is_null()) {
    o.reset();
    return in.null();
  }
  return get(in, o.emplace());
}
template <class T>
bool get(in_text& in, std::vector<T>& v) {
  v.clear();
  return in.array([&] { return get(in, v.emplace_back()); });
}

bool get(in_text& in, LoginViewModel& m) {
  return in.object([&](std::string_view key) {
    if (key == "Email") return get(in, m.Email);
    if (key == "Password") return get(in, m.Password);
    if (key == "RememberMe") return get(in, m.RememberMe);
    return in.skip();
  });
}
bool get(in_text& in, Location& m) {
  return in.object([&](std::string_view key) {
    if (key == "Id") return get(in, m.Id);
    if (key == "Address1") return get(in, m.Address1);
    if (key == "Address2") return get(in, m.Address2);
    if (key == "City") return get(in, m.City);
    if (key == "State") return get(in, m.State);
    if (key == "PostalCode") return get(in, m.PostalCode);
    if (key == "Name") return get(in, m.Name);
    if (key == "PhoneNumber") return get(in, m.PhoneNumber);
    if (key == "Country") return get(in, m.Country);
    return in.skip();
  });
}
bool get(in_text& in, ActiveOrUpcomingEvent& m) {
  return in.object([&](std::string_view key) {
    if (key == "Id") return get(in, m.Id);
    if (key == "ImageUrl") return get(in, m.ImageUrl);
    if (key == "Name") return get(in, m.Name);
    if (key == "CampaignName") return get(in, m.CampaignName);
    if (key == "CampaignManagedOrganizerName") return get(in, m.CampaignManagedOrganizerName);
    if (key == "Description") return get(in, m.Description);
    if (key == "StartDate") return get(in, m.StartDate);
    if (key == "EndDate") return get(in, m.EndDate);
    return in.skip();
  });
}
bool get(in_text& in, CampaignSummaryViewModel& m) {
  return in.object([&](std::string_view key) {
    if (key == "Id") return get(in, m.Id);
    if (key == "Title") return get(in, m.Title);
    if (key == "Description") return get(in, m.Description);
    if (key == "ImageUrl") return get(in, m.ImageUrl);
    if (key == "OrganizationName") return get(in, m.OrganizationName);
    if (key == "Headline") return get(in, m.Headline);
    return in.skip();
  });
}
bool get(in_text& in, IndexViewModel& m) {
  return in.object([&](std::string_view key) {
    if (key == "ActiveOrUpcomingEvents") return get(in, m.ActiveOrUpcomingEvents);
    if (key == "FeaturedCampaign") return get(in, m.FeaturedCampaign);
    if (key == "IsNewAccount") return get(in, m.IsNewAccount);
    return in.skip();  // HasFeaturedCampaign is computed
  });
}
bool get(in_text& in, MyEventsListerItemTask& m) {
  return in.object([&](std::string_view key) {
    if (key == "Name") return get(in, m.Name);
    if (key == "StartDate") return get(in, m.StartDate);
    if (key == "EndDate") return get(in, m.EndDate);
    return in.skip();  // FormattedDate is computed
  });
}
bool get(in_text& in, MyEventsListerItem& m) {
  return in.object([&](std::string_view key) {
    if (key == "EventId") return get(in, m.EventId);
    if (key == "EventName") return get(in, m.EventName);
    if (key == "StartDate") return get(in, m.StartDate);
    if (key == "EndDate") return get(in, m.EndDate);
    if (key == "TimeZone") return get(in, m.TimeZone);
    if (key == "Campaign") return get(in, m.Campaign);
    if (key == "Organization") return get(in, m.Organization);
    if (key == "VolunteerCount") return get(in, m.VolunteerCount);
    if (key == "Tasks") return get(in, m.Tasks);
    return in.skip();
  });
}
bool get(in_text& in, MyEventsListerViewModel& m) {
  return in.object([&](std::string_view key) {
    if (key == "CurrentEvents") return get(in, m.CurrentEvents);
    if (key == "FutureEvents") return get(in, m.FutureEvents);
    if (key == "PastEvents") return get(in, m.PastEvents);
    return in.skip();
  });
}
bool get(in_text& in, CollectionsOfPrimitives& m) {
  return in.object([&](std::string_view key) {
    if (key == "ByteArray") {
      std::string_view base64;
      return in.plain_string(base64) && decode_base64(base64, m.ByteArray);
    }
    if (key == "DateTimeArray") return get(in, m.DateTimeArray);
    if (key == "Dictionary") {
      m.Dictionary.clear();
      return in.object([&](std::string_view name) {
        std::int32_t k = 0;
        if (std::from_chars(name.data(), name.data() + name.size(), k).ptr != name.data() + name.size()) return false;
        return get(in, m.Dictionary[k]);
      });
    }
    if (key == "ListOfInt") return get(in, m.ListOfInt);
    return in.skip();
  });
}
bool get(in_text& in, User& m) {
  return in.object([&](std::string_view key) {
    if (key == "Id") return get(in, m.Id);
    if (key == "FirstName") return get(in, m.FirstName);
    if (key == "LastName") return get(in, m.LastName);
    if (key == "FullName") return get(in, m.FullName);
    if (key == "Username") return get(in, m.Username);
    if (key == "Email") return get(in, m.Email);
    return in.skip();
  });
}

}  // namespace

template <class T>
bool read(std::string_view json, T& value) {
  in_text in(json);
  return get(in, value) && in.at_end();
}

#define JSONJIT_INSTANTIATE(T) template bool read<T>(std::string_view, T&);
JSONJIT_TYPED_BENCH_TYPES(JSONJIT_INSTANTIATE)
#undef JSONJIT_INSTANTIATE

}  // namespace jsonjit::bench::typed::hand_written
