#include "dotnet_models.hpp"

#include <chrono>
#include <cstring>
#include <ctime>
#include <unordered_set>

namespace models {
namespace {

using std::chrono::days;
using std::chrono::sys_days;
using std::chrono::year_month_day;

const sys_days dotnet_epoch = sys_days{std::chrono::year{1} / 1 / 1};

struct civil {
  int year;
  unsigned month, day;
  int hour, minute, second;
  std::int64_t fraction;  // ticks below a second
};

civil civil_of(std::int64_t ticks) {
  const std::int64_t day_count = ticks / ticks_per_day;
  std::int64_t rest = ticks % ticks_per_day;
  const year_month_day date{dotnet_epoch + days{day_count}};
  civil c{};
  c.year = static_cast<int>(date.year());
  c.month = static_cast<unsigned>(date.month());
  c.day = static_cast<unsigned>(date.day());
  c.hour = static_cast<int>(rest / ticks_per_hour);
  rest %= ticks_per_hour;
  c.minute = static_cast<int>(rest / (60 * ticks_per_second));
  rest %= 60 * ticks_per_second;
  c.second = static_cast<int>(rest / ticks_per_second);
  c.fraction = rest % ticks_per_second;
  return c;
}

/// `count` decimal digits of `value`, zero-padded.
char* put_digits(char* out, std::int64_t value, int count) {
  for (int i = count - 1; i >= 0; --i) {
    out[i] = static_cast<char>('0' + value % 10);
    value /= 10;
  }
  return out + count;
}

/// "yyyy-MM-ddTHH:mm:ss" and the trimmed fraction; returns the length.
int format_clock(char* out, std::int64_t ticks) {
  const civil c = civil_of(ticks);
  char* p = put_digits(out, c.year, 4);
  *p++ = '-';
  p = put_digits(p, c.month, 2);
  *p++ = '-';
  p = put_digits(p, c.day, 2);
  *p++ = 'T';
  p = put_digits(p, c.hour, 2);
  *p++ = ':';
  p = put_digits(p, c.minute, 2);
  *p++ = ':';
  p = put_digits(p, c.second, 2);
  if (c.fraction != 0) {
    *p++ = '.';
    std::int64_t fraction = c.fraction;
    int len = 7;
    while (fraction % 10 == 0) {
      fraction /= 10;
      --len;
    }
    p = put_digits(p, fraction, len);
  }
  return static_cast<int>(p - out);
}

int format_offset(char* out, int minutes) {
  out[0] = minutes < 0 ? '-' : '+';
  if (minutes < 0) minutes = -minutes;
  put_digits(out + 1, minutes / 60, 2);
  out[3] = ':';
  put_digits(out + 4, minutes % 60, 2);
  return 6;
}

/// Parses "yyyy-MM-ddTHH:mm:ss[.f{1,7}]" and what follows (Z, ±hh:mm or nothing).
struct parsed_time {
  std::int64_t ticks;
  enum { none, z, offset } suffix;
  int offset_minutes;
};

bool digits(std::string_view s, std::size_t at, std::size_t count, int& value) {
  if (at + count > s.size()) return false;
  value = 0;
  for (std::size_t i = at; i < at + count; ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    value = value * 10 + (s[i] - '0');
  }
  return true;
}

std::optional<parsed_time> parse_time(std::string_view s) {
  int year, month, day, hour, minute, second;
  if (!digits(s, 0, 4, year) || s.size() < 19 || s[4] != '-' || !digits(s, 5, 2, month) || s[7] != '-' ||
      !digits(s, 8, 2, day) || s[10] != 'T' || !digits(s, 11, 2, hour) || s[13] != ':' ||
      !digits(s, 14, 2, minute) || s[16] != ':' || !digits(s, 17, 2, second)) {
    return std::nullopt;
  }
  const year_month_day date{std::chrono::year{year}, std::chrono::month{static_cast<unsigned>(month)},
                            std::chrono::day{static_cast<unsigned>(day)}};
  if (!date.ok() || year < 1 || hour > 23 || minute > 59 || second > 59) return std::nullopt;
  std::size_t p = 19;
  std::int64_t fraction = 0;
  if (p < s.size() && s[p] == '.') {
    ++p;
    std::size_t count = 0;
    while (p < s.size() && s[p] >= '0' && s[p] <= '9' && count < 7) {
      fraction = fraction * 10 + (s[p++] - '0');
      ++count;
    }
    if (count == 0) return std::nullopt;
    for (; count < 7; ++count) fraction *= 10;
  }
  parsed_time t{ticks_of(year, static_cast<unsigned>(month), static_cast<unsigned>(day), hour, minute, second, fraction),
                parsed_time::none, 0};
  if (p == s.size()) return t;
  if (s[p] == 'Z' && p + 1 == s.size()) {
    t.suffix = parsed_time::z;
    return t;
  }
  int oh, om;
  if ((s[p] == '+' || s[p] == '-') && p + 6 == s.size() && digits(s, p + 1, 2, oh) && s[p + 3] == ':' &&
      digits(s, p + 4, 2, om) && oh <= 14 && om <= 59) {
    t.suffix = parsed_time::offset;
    t.offset_minutes = (s[p] == '-' ? -1 : 1) * (oh * 60 + om);
    return t;
  }
  return std::nullopt;
}

}  // namespace

std::int64_t ticks_of(int year, unsigned month, unsigned day, int hour, int minute, int second,
                      std::int64_t fraction_ticks) {
  const sys_days date{std::chrono::year{year} / std::chrono::month{month} / std::chrono::day{day}};
  return (date - dotnet_epoch).count() * ticks_per_day + hour * ticks_per_hour +
         std::int64_t{minute} * 60 * ticks_per_second + std::int64_t{second} * ticks_per_second + fraction_ticks;
}

std::int64_t add_years(std::int64_t ticks, int years) {
  const civil c = civil_of(ticks);
  const int year = c.year + years;
  unsigned day = c.day;
  if (c.month == 2 && day == 29 && !std::chrono::year{year}.is_leap()) day = 28;
  return ticks_of(year, c.month, day, c.hour, c.minute, c.second, c.fraction);
}

int format_date_time_offset(char* out, const DateTimeOffset& value) {
  const int n = format_clock(out, value.ticks);
  return n + format_offset(out + n, value.offset_minutes);
}

int format_date_time(char* out, const DateTime& value) {
  int n = format_clock(out, value.ticks);
  if (value.kind == DateTime::Kind::Utc) {
    out[n++] = 'Z';
  } else if (value.kind == DateTime::Kind::Local) {
    // The local offset at that clock time, as .NET asks the system's time zone.
    const std::time_t t = static_cast<std::time_t>((value.ticks - ticks_of(1970, 1, 1)) / ticks_per_second);
    std::tm local{};
    localtime_r(&t, &local);
    n += format_offset(out + n, static_cast<int>(local.tm_gmtoff / 60));
  }
  return n;
}

bool parse_date_time_offset(std::string_view text, DateTimeOffset& value) {
  const auto t = parse_time(text);
  if (!t) return false;
  value.ticks = t->ticks;
  value.offset_minutes = static_cast<std::int16_t>(t->offset_minutes);  // none and Z: +00:00
  return true;
}

bool parse_date_time(std::string_view text, DateTime& value) {
  const auto t = parse_time(text);
  if (!t) return false;
  value.ticks = t->ticks;
  value.kind = t->suffix == parsed_time::none ? DateTime::Kind::Unspecified : DateTime::Kind::Utc;
  if (t->suffix == parsed_time::offset) {
    value.ticks -= std::int64_t{t->offset_minutes} * 60 * ticks_per_second;  // to UTC, as .NET reads it
  }
  return true;
}

std::optional<std::string> MyEventsListerItemTask::FormattedDate() const {
  if (!StartDate || !EndDate) return std::nullopt;
  auto g = [](char* p, std::int64_t ticks) {  // the invariant culture's "g": MM/dd/yyyy HH:mm
    const civil c = civil_of(ticks);
    p = put_digits(p, c.month, 2);
    *p++ = '/';
    p = put_digits(p, c.day, 2);
    *p++ = '/';
    p = put_digits(p, c.year, 4);
    *p++ = ' ';
    p = put_digits(p, c.hour, 2);
    *p++ = ':';
    return put_digits(p, c.minute, 2);
  };
  char text[64] = "From ";
  char* p = g(text + 5, StartDate->ticks);
  std::memcpy(p, " to ", 4);
  p = g(p + 4, EndDate->ticks);
  return std::string(text, static_cast<std::size_t>(p - text));
}

bool operator==(const Node& a, const Node& b) {
  auto same = [](const std::unique_ptr<TreeRecord>& x, const std::unique_ptr<TreeRecord>& y) {
    return x == nullptr ? y == nullptr : y != nullptr && *x == *y;
  };
  return a.Value == b.Value && same(a.Left, b.Left) && same(a.Right, b.Right);
}

std::int64_t fixed_clock() { return ticks_of(2025, 1, 15, 10, 30, 45, 1234567); }

LoginViewModel make_login() { return {"name.familyname@not.com", "abcdefgh123456!@", true}; }

Location make_location() {
  return {1234,          "The Street Name", "20/11",        "The City",    "The State",
          "abc-12",      "Nonexisting",     "+0 11 222 333 44", "The Greatest"};
}

namespace {
const char* const image_url = "https://www.dotnetfoundation.org/theme/img/carousel/foundation-diagram-content.png";
}

IndexViewModel make_index(std::int64_t now) {
  ActiveOrUpcomingEvent event{
      10,
      image_url,
      "Just a name",
      "The very new campaing",
      "Name FamiltyName",
      "The .NET Foundation works with Microsoft and the broader industry to increase the exposure of open source "
      "projects in the .NET community and the .NET Foundation. The .NET Foundation provides access to these "
      "resources to projects and looks to promote the activities of our communities.",
      {now, 0},
      {add_years(now, 1), 0}};
  IndexViewModel m;
  m.ActiveOrUpcomingEvents.assign(20, event);
  m.FeaturedCampaign = CampaignSummaryViewModel{234235,    "Promoting Open Source", "Very nice campaing", image_url,
                                                "The Company XYZ", "The Headline"};
  m.IsNewAccount = false;
  return m;
}

MyEventsListerViewModel make_my_events(std::int64_t now) {
  MyEventsListerItemTask task{"A very nice task to have", DateTimeOffset{now, 0}, DateTimeOffset{now + ticks_per_day, 0}};
  MyEventsListerItem item{321,
                          "wonderful name",
                          {now - 7 * ticks_per_day, 0},
                          {now + 7 * ticks_per_day, 0},
                          "(UTC) Coordinated Universal Time",
                          "A very nice campaing",
                          "Local Animal Shelter",
                          15,
                          std::vector<MyEventsListerItemTask>(4, task)};
  MyEventsListerViewModel m;
  m.CurrentEvents.assign(3, item);
  m.FutureEvents.assign(9, item);
  m.PastEvents.assign(60, item);
  return m;
}

namespace {
std::vector<std::uint8_t> bytes_0_to_255(std::size_t count) {
  std::vector<std::uint8_t> bytes(count);
  for (std::size_t i = 0; i < count; ++i) bytes[i] = static_cast<std::uint8_t>(i);
  return bytes;
}
}  // namespace

BinaryDataPayload make_binary_data() { return {bytes_0_to_255(1024)}; }

CollectionsOfPrimitives make_collections(std::int64_t now) {
  constexpr int count = 1024;
  CollectionsOfPrimitives c;
  c.ByteArray = bytes_0_to_255(count);
  const std::int64_t start = now + (count / 2) * ticks_per_hour;
  for (int i = 0; i < count; ++i) {
    c.DateTimeArray.push_back({start + i * ticks_per_hour, i % 2 == 0 ? DateTime::Kind::Unspecified : DateTime::Kind::Utc});
    c.Dictionary.emplace(i, std::to_string(i));
    c.ListOfInt.push_back(i);
  }
  return c;
}

SimpleStructWithProperties make_simple_struct() { return {1, "Foo"}; }

LargeStructWithProperties make_large_struct() { return {"1", "2", "3", "4", "5"}; }

ClassImplementingIXmlSerialiable make_xml_class() {
  ClassImplementingIXmlSerialiable c;
  c.StringValue = "Hello world";
  c.set_bool_value(true);
  return c;
}

ClassRecord make_class_record() { return {42, true, "param3"}; }

TreeRecord make_tree(int depth) {
  if (depth == 0) return Leaf{};
  Node node;
  node.Value = depth;
  node.Left = std::make_unique<TreeRecord>(make_tree(depth - 1));
  node.Right = std::make_unique<TreeRecord>(make_tree(depth - 1));
  return node;
}

namespace {
/// .NET's seeded System.Random (Knuth's subtractive generator), per MODELS.md.
class dotnet_random {
 public:
  explicit dotnet_random(int seed) {
    constexpr int mbig = 2147483647, mseed = 161803398;
    int mj = mseed - (seed < 0 ? -seed : seed);
    a_[55] = mj;
    int mk = 1;
    for (int i = 1; i < 55; ++i) {
      const int k = (21 * i) % 55;
      a_[k] = mk;
      mk = mj - mk;
      if (mk < 0) mk += mbig;
      mj = a_[k];
    }
    for (int pass = 0; pass < 4; ++pass) {
      for (int i = 1; i < 56; ++i) {
        a_[i] = static_cast<int>(static_cast<unsigned>(a_[i]) - static_cast<unsigned>(a_[1 + (i + 30) % 55]));
        if (a_[i] < 0) a_[i] += mbig;
      }
    }
  }
  int next_raw() {
    if (++inext_ >= 56) inext_ = 1;
    if (++inextp_ >= 56) inextp_ = 1;
    int r = static_cast<int>(static_cast<unsigned>(a_[inext_]) - static_cast<unsigned>(a_[inextp_]));
    if (r == 2147483647) --r;
    if (r < 0) r += 2147483647;
    a_[inext_] = r;
    return r;
  }
  int next(int lo, int hi) { return lo + static_cast<int>(next_raw() * (1.0 / 2147483647) * (hi - lo)); }

 private:
  int a_[56] = {};
  int inext_ = 0, inextp_ = 21;
};
}  // namespace

std::vector<std::string> make_strings() {
  dotnet_random random(12345);
  std::vector<std::string> strings;
  std::unordered_set<std::string> seen;
  while (strings.size() < 100) {
    const int length = random.next(1, 50);
    std::string s;
    for (int i = 0; i < length; ++i) {
      switch (random.next(0, 3)) {
        case 0: s += static_cast<char>(random.next('a', 'z')); break;
        case 1: s += static_cast<char>(random.next('A', 'Z')); break;
        default: s += static_cast<char>(random.next('0', '9')); break;
      }
    }
    if (seen.insert(s).second) strings.push_back(std::move(s));
  }
  return strings;
}

namespace {
class splitmix64 {
 public:
  explicit splitmix64(std::uint64_t seed) : s_(seed) {}
  std::uint64_t next() {
    s_ += 0x9E3779B97F4A7C15ull;
    std::uint64_t z = s_;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  std::size_t pick(std::size_t n) { return static_cast<std::size_t>(next() % n); }

 private:
  std::uint64_t s_;
};

constexpr const char* first_names[64] = {
    "James",   "Mary",     "John",    "Patricia", "Robert",  "Jennifer", "Michael",  "Linda",
    "William", "Elizabeth", "David",  "Barbara",  "Richard", "Susan",    "Joseph",   "Jessica",
    "Thomas",  "Sarah",    "Charles", "Karen",    "Christopher", "Nancy", "Daniel",  "Lisa",
    "Matthew", "Betty",    "Anthony", "Margaret", "Mark",    "Sandra",   "Donald",   "Ashley",
    "Steven",  "Kimberly", "Paul",    "Emily",    "Andrew",  "Donna",    "Joshua",   "Michelle",
    "Kenneth", "Dorothy",  "Kevin",   "Carol",    "Brian",   "Amanda",   "George",   "Melissa",
    "Edward",  "Deborah",  "Ronald",  "Stephanie", "Timothy", "Rebecca", "Jason",    "Laura",
    "Jeffrey", "Sharon",   "Ryan",    "Cynthia",  "Jacob",   "Kathleen", "Gary",     "Amy"};
constexpr const char* last_names[64] = {
    "Smith",    "Johnson", "Williams", "Brown",    "Jones",    "Garcia",   "Miller",   "Davis",
    "Rodriguez", "Martinez", "Hernandez", "Lopez",  "Gonzalez", "Wilson",   "Anderson", "Thomas",
    "Taylor",   "Moore",   "Jackson",  "Martin",   "Lee",      "Perez",    "Thompson", "White",
    "Harris",   "Sanchez", "Clark",    "Ramirez",  "Lewis",    "Robinson", "Walker",   "Young",
    "Allen",    "King",    "Wright",   "Scott",    "Torres",   "Nguyen",   "Hill",     "Flores",
    "Green",    "Adams",   "Nelson",   "Baker",    "Hall",     "Rivera",   "Campbell", "Mitchell",
    "Carter",   "Roberts", "Gomez",    "Phillips", "Evans",    "Turner",   "Diaz",     "Parker",
    "Cruz",     "Edwards", "Collins",  "Reyes",    "O'Connor", "O'Hara",   "D'Angelo", "McCarthy"};
constexpr const char* domains[4] = {"gmail.com", "yahoo.com", "hotmail.com", "outlook.com"};

std::string without_apostrophes(std::string s) {
  std::erase(s, '\'');
  return s;
}
std::string lower(std::string s) {
  for (char& c : s) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return s;
}
}  // namespace

std::vector<User> make_users(std::size_t count) {
  splitmix64 random(20240501);
  std::vector<User> users;
  users.reserve(count);
  for (std::size_t u = 0; u < count; ++u) {
    User user;
    const std::uint64_t a = random.next(), b = random.next();
    for (int i = 0; i < 8; ++i) {
      user.Id.bytes[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(a >> (56 - 8 * i));
      user.Id.bytes[static_cast<std::size_t>(8 + i)] = static_cast<std::uint8_t>(b >> (56 - 8 * i));
    }
    user.Id.bytes[6] = static_cast<std::uint8_t>((user.Id.bytes[6] & 0x0F) | 0x40);
    user.Id.bytes[8] = static_cast<std::uint8_t>((user.Id.bytes[8] & 0x3F) | 0x80);
    user.FirstName = first_names[random.pick(64)];
    user.LastName = last_names[random.pick(64)];
    user.FullName = user.FirstName + " " + user.LastName;
    const std::string f = without_apostrophes(user.FirstName), l = without_apostrophes(user.LastName);
    switch (random.pick(3)) {
      case 0: user.Username = f + "." + l; break;
      case 1: user.Username = f + "_" + l + std::to_string(random.pick(100)); break;
      default: user.Username = f + std::to_string(random.pick(100)); break;
    }
    std::string local = random.pick(2) == 0 ? f + "." + l : f + "_" + l + std::to_string(random.pick(100));
    user.Email = lower(local) + "@" + domains[random.pick(4)];
    users.push_back(std::move(user));
  }
  return users;
}

}  // namespace models
