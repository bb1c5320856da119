// ISO 8601 text for time points, dates and durations (the formats chrono.hpp describes). All
// arithmetic is in 128-bit nanoseconds, so no count of any supported duration overflows.
#include <jsonjit/chrono.hpp>

#include <chrono>

#include "text/unescape_p.hpp"

namespace jsonjit::detail {
namespace {

constexpr std::int64_t nanos_per_second = 1'000'000'000;
constexpr std::int64_t seconds_per_day = 86'400;
// 0000-01-01T00:00:00 and 9999-12-31T23:59:59 in seconds since 1970.
constexpr std::int64_t first_second = -62'167'219'200;
constexpr std::int64_t last_second = 253'402'300'799;

constexpr int128 floor_div(int128 a, int128 b) noexcept {
  const int128 q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

char* digits(char* out, unsigned value, int count) noexcept {
  for (int i = count - 1; i >= 0; --i) {
    out[i] = static_cast<char>('0' + value % 10);
    value /= 10;
  }
  return out + count;
}

char* decimal(char* out, int128 value) noexcept {  // value >= 0
  char reversed[40];
  int n = 0;
  do {
    reversed[n++] = static_cast<char>('0' + static_cast<int>(value % 10));
    value /= 10;
  } while (value != 0);
  while (n > 0) *out++ = reversed[--n];
  return out;
}

/// ".5", ".25", ".000000001": the nanoseconds without trailing zeros; nothing for 0.
char* fraction(char* out, std::uint32_t nanos) noexcept {
  if (nanos == 0) return out;
  int count = 9;
  while (nanos % 10 == 0) {
    nanos /= 10;
    --count;
  }
  *out++ = '.';
  return digits(out, nanos, count);
}

/// Reads a fixed number of digits at `p`.
bool fixed_digits(std::string_view text, std::size_t& p, int count, unsigned& value) noexcept {
  if (text.size() - p < static_cast<std::size_t>(count)) return false;
  value = 0;
  for (int i = 0; i < count; ++i, ++p) {
    if (!is_digit(text[p])) return false;
    value = value * 10 + static_cast<unsigned>(text[p] - '0');
  }
  return true;
}

bool expect(std::string_view text, std::size_t& p, char c) noexcept {
  if (p == text.size() || text[p] != c) return false;
  ++p;
  return true;
}

/// A fraction after '.' or ',' as nanoseconds: any number of digits, those past the ninth
/// zero (a finer value cannot be held exactly).
bool fraction_digits(std::string_view text, std::size_t& p, std::int64_t& nanos) noexcept {
  const std::size_t start = p;
  nanos = 0;
  std::int64_t scale = nanos_per_second;
  for (; p < text.size() && is_digit(text[p]); ++p) {
    const int d = text[p] - '0';
    if (scale > 1) {
      scale /= 10;
      nanos += d * scale;
    } else if (d != 0) {
      return false;
    }
  }
  return p > start;
}

/// "YYYY-MM-DD" at `p`; the days since 1970.
bool date_part(std::string_view text, std::size_t& p, std::int64_t& days) noexcept {
  unsigned y = 0, m = 0, d = 0;
  if (!fixed_digits(text, p, 4, y) || !expect(text, p, '-') || !fixed_digits(text, p, 2, m) ||
      !expect(text, p, '-') || !fixed_digits(text, p, 2, d)) {
    return false;
  }
  const std::chrono::year_month_day date{std::chrono::year(static_cast<int>(y)), std::chrono::month(m),
                                         std::chrono::day(d)};
  if (!date.ok()) return false;
  days = std::chrono::sys_days(date).time_since_epoch().count();
  return true;
}

/// "+hh:mm", "+hhmm", "+hh", "Z" at `p`: the offset east of UTC in seconds.
bool offset_part(std::string_view text, std::size_t& p, std::int64_t& offset) noexcept {
  offset = 0;
  if (p < text.size() && (text[p] == 'Z' || text[p] == 'z')) {
    ++p;
    return true;
  }
  if (p == text.size() || (text[p] != '+' && text[p] != '-')) return false;
  const bool west = text[p++] == '-';
  unsigned h = 0, m = 0;
  if (!fixed_digits(text, p, 2, h) || h > 23) return false;
  if (p < text.size()) {
    expect(text, p, ':');
    if (!fixed_digits(text, p, 2, m) || m > 59) return false;
  }
  offset = (west ? -1 : 1) * static_cast<std::int64_t>(h * 3600 + m * 60);
  return true;
}

}  // namespace

char* format_time_point(char* out, nanoseconds128 since_epoch, time_text form) noexcept {
  const int128 seconds = floor_div(since_epoch.count, nanos_per_second);
  if (seconds < first_second || seconds > last_second) return nullptr;
  const auto nanos = static_cast<std::uint32_t>(since_epoch.count - seconds * nanos_per_second);
  const auto days = static_cast<std::int64_t>(floor_div(seconds, seconds_per_day));
  const auto second_of_day = static_cast<unsigned>(static_cast<std::int64_t>(seconds) - days * seconds_per_day);
  const std::chrono::year_month_day date{std::chrono::sys_days(std::chrono::days(days))};
  out = format_date(out, static_cast<int>(date.year()), static_cast<unsigned>(date.month()),
                    static_cast<unsigned>(date.day()));
  *out++ = 'T';
  out = digits(out, second_of_day / 3600, 2);
  *out++ = ':';
  out = digits(out, second_of_day / 60 % 60, 2);
  *out++ = ':';
  out = digits(out, second_of_day % 60, 2);
  out = fraction(out, nanos);
  if (form == time_text::utc) *out++ = 'Z';
  return out;
}

char* format_date(char* out, std::int32_t year, unsigned month, unsigned day) noexcept {
  if (year < 0 || year > 9999) return nullptr;
  out = digits(out, static_cast<unsigned>(year), 4);
  *out++ = '-';
  out = digits(out, month, 2);
  *out++ = '-';
  return digits(out, day, 2);
}

char* format_duration(char* out, nanoseconds128 duration) noexcept {
  int128 magnitude = duration.count;
  if (magnitude < 0) {
    *out++ = '-';
    magnitude = -magnitude;
  }
  *out++ = 'P';
  *out++ = 'T';
  constexpr int128 nanos_per_minute = 60 * int128{nanos_per_second};
  constexpr int128 nanos_per_hour = 60 * nanos_per_minute;
  const int128 hours = magnitude / nanos_per_hour;
  const auto minutes = static_cast<unsigned>(magnitude / nanos_per_minute % 60);
  const auto seconds = static_cast<unsigned>(magnitude / nanos_per_second % 60);
  const auto nanos = static_cast<std::uint32_t>(magnitude % nanos_per_second);
  if (hours != 0) {
    out = decimal(out, hours);
    *out++ = 'H';
  }
  if (minutes != 0) {
    out = decimal(out, minutes);
    *out++ = 'M';
  }
  if (seconds != 0 || nanos != 0 || magnitude == 0) {
    out = decimal(out, seconds);
    out = fraction(out, nanos);
    *out++ = 'S';
  }
  return out;
}

error_code parse_time_point(std::string_view text, time_text form, nanoseconds128& since_epoch) noexcept {
  std::size_t p = 0;
  std::int64_t days = 0, second_of_day = 0, nanos = 0, offset = 0;
  if (!date_part(text, p, days)) return error_code::invalid_value_format;
  if (p < text.size()) {
    unsigned h = 0, m = 0, s = 0;
    if (!expect(text, p, 'T') || !fixed_digits(text, p, 2, h) || h > 23 || !expect(text, p, ':') ||
        !fixed_digits(text, p, 2, m) || m > 59) {
      return error_code::invalid_value_format;
    }
    if (expect(text, p, ':')) {
      if (!fixed_digits(text, p, 2, s) || s > 59) return error_code::invalid_value_format;
      if ((expect(text, p, '.') || expect(text, p, ',')) && !fraction_digits(text, p, nanos)) {
        return error_code::invalid_value_format;
      }
    }
    second_of_day = h * 3600 + m * 60 + s;
    if (p < text.size() && (form == time_text::local || !offset_part(text, p, offset))) {
      return error_code::invalid_value_format;
    }
    if (p != text.size()) return error_code::invalid_value_format;
  }
  since_epoch.count = (int128{days} * seconds_per_day + second_of_day - offset) * nanos_per_second + nanos;
  return error_code::none;
}

error_code parse_date(std::string_view text, std::int32_t& year, unsigned& month, unsigned& day) noexcept {
  std::size_t p = 0;
  std::int64_t days = 0;
  if (!date_part(text, p, days) || p != text.size()) return error_code::invalid_value_format;
  const std::chrono::year_month_day date{std::chrono::sys_days(std::chrono::days(days))};
  year = static_cast<int>(date.year());
  month = static_cast<unsigned>(date.month());
  day = static_cast<unsigned>(date.day());
  return error_code::none;
}

error_code parse_duration(std::string_view text, nanoseconds128& duration) noexcept {
  std::size_t p = 0;
  const bool negative = p < text.size() && text[p] == '-';
  if (p < text.size() && (text[p] == '-' || text[p] == '+')) ++p;
  if (!expect(text, p, 'P')) return error_code::invalid_value_format;
  // Designators in the order they may appear, with their length in nanoseconds; a fraction
  // is allowed on the seconds only.
  struct unit {
    char designator;
    bool after_t;
    int128 nanos;
  };
  static constexpr unit units[] = {
      {'W', false, int128{7 * seconds_per_day} * nanos_per_second},
      {'D', false, int128{seconds_per_day} * nanos_per_second},
      {'H', true, int128{3600} * nanos_per_second},
      {'M', true, int128{60} * nanos_per_second},
      {'S', true, nanos_per_second},
  };
  constexpr int128 limit = int128{1} << 120;  // far beyond any duration's range, far from overflow
  int128 total = 0;
  std::size_t next_unit = 0;
  bool in_time = false, any = false;
  while (p < text.size()) {
    if (text[p] == 'T' && !in_time) {
      in_time = true;
      ++p;
      while (next_unit < std::size(units) && !units[next_unit].after_t) ++next_unit;
      if (p == text.size()) return error_code::invalid_value_format;  // "PT" needs a component
      continue;
    }
    const std::size_t start = p;
    int128 n = 0;
    for (; p < text.size() && is_digit(text[p]); ++p) {
      n = n * 10 + (text[p] - '0');
      if (n > limit) return error_code::number_out_of_range;
    }
    if (p == start) return error_code::invalid_value_format;
    std::int64_t nanos = 0;
    const bool has_fraction = p < text.size() && (text[p] == '.' || text[p] == ',');
    if (has_fraction && !fraction_digits(text, ++p, nanos)) return error_code::invalid_value_format;
    if (p == text.size()) return error_code::invalid_value_format;
    const char designator = text[p++];
    while (next_unit < std::size(units) &&
           (units[next_unit].designator != designator || units[next_unit].after_t != in_time)) {
      ++next_unit;
    }
    // Unknown, out of order, repeated, or a year or month (they have no fixed length).
    if (next_unit == std::size(units)) return error_code::invalid_value_format;
    if (has_fraction && designator != 'S') return error_code::invalid_value_format;
    if (n > limit / units[next_unit].nanos) return error_code::number_out_of_range;
    total += n * units[next_unit].nanos + nanos;
    if (total > limit) return error_code::number_out_of_range;
    ++next_unit;
    any = true;
  }
  if (!any) return error_code::invalid_value_format;
  duration.count = negative ? -total : total;
  return error_code::none;
}

}  // namespace jsonjit::detail
