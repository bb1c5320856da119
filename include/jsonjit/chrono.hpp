// std::chrono values as ISO 8601 strings, wherever they appear in a described type:
//
//   std::chrono::sys_time<D>      "2024-02-29T13:45:30.25Z"   UTC, fraction as long as needed
//   std::chrono::local_time<D>    "2024-02-29T13:45:30.25"    no offset
//   std::chrono::year_month_day   "2024-02-29"
//   std::chrono::duration<R, P>   "PT36H5M0.5S", "-PT1S", "PT0S"  (hours, minutes, seconds;
//                                 a day is 24 hours)
//
// Reading accepts what writing produces and the common ISO 8601 (RFC 3339) variants: a date
// alone, minutes without seconds, a fraction of any length, and for system time an offset
// ("+02:00", "-0530", "Z"; none means UTC), converted to UTC. Durations also read days and
// weeks ("P2DT3H", "P1W"); years and months have no fixed length and are rejected. Nothing
// is rounded: a value the type cannot hold exactly (a fraction finer than its precision, a
// year outside 0000-9999 for time points, a count beyond its range) is an error, on writing
// and on reading. Time points and durations may be map keys. Supported durations have an
// integer count and a period that is a whole number of nanoseconds (every std::chrono alias).
#pragma once

#include <chrono>
#include <concepts>
#include <cstdint>
#include <limits>
#include <ratio>
#include <string>
#include <string_view>

#include <jsonjit/converter.hpp>
#include <jsonjit/detail/export.hpp>
#include <jsonjit/error.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit::detail {

__extension__ using int128 = __int128;

/// A duration or a time since 1970-01-01T00:00:00 in nanoseconds.
struct nanoseconds128 {
  int128 count;
};

enum class time_text : std::uint8_t { utc, local };

/// Room for the longest text of these formats (a duration of 2^126 ns: 26 digits of hours).
inline constexpr std::size_t max_time_chars = 48;

/// The text of each form without quotes into `out` (max_time_chars of room); returns the end,
/// or null when the value is outside what the text can say (years 0000-9999).
char* format_time_point(char* out, nanoseconds128 since_epoch, time_text form) noexcept;
char* format_date(char* out, std::int32_t year, unsigned month, unsigned day) noexcept;
char* format_duration(char* out, nanoseconds128 duration) noexcept;
error_code parse_time_point(std::string_view text, time_text form, nanoseconds128& since_epoch) noexcept;
error_code parse_date(std::string_view text, std::int32_t& year, unsigned& month, unsigned& day) noexcept;
error_code parse_duration(std::string_view text, nanoseconds128& duration) noexcept;

/// Writes formatted text as a string value (`as_key`: a property name); a null end fails the
/// writer with number_out_of_range.
void write_time_text(writer& out, const char* begin, const char* end, bool as_key);

template <class T>
inline constexpr bool is_duration = false;
template <class R, class P>
inline constexpr bool is_duration<std::chrono::duration<R, P>> = true;

/// Durations whose count converts to nanoseconds exactly.
template <class D>
concept exact_duration = is_duration<D> && std::integral<typename D::rep> && !std::same_as<typename D::rep, bool> &&
                         (std::nano::den % D::period::den == 0) &&
                         (D::period::num <= std::numeric_limits<std::int64_t>::max() / (std::nano::den / D::period::den));

template <exact_duration D>
constexpr int128 nanoseconds_per_tick = int128{D::period::num} * (std::nano::den / D::period::den);

template <exact_duration D>
nanoseconds128 to_nanoseconds(D d) noexcept {
  return {int128{d.count()} * nanoseconds_per_tick<D>};
}

/// The duration of exactly `ns`; invalid_value_format if D's precision cannot hold it,
/// number_out_of_range if its count cannot.
template <exact_duration D>
error_code from_nanoseconds(nanoseconds128 ns, D& d) noexcept {
  using rep = typename D::rep;
  if (ns.count % nanoseconds_per_tick<D> != 0) return error_code::invalid_value_format;
  const int128 ticks = ns.count / nanoseconds_per_tick<D>;
  if (ticks < int128{std::numeric_limits<rep>::min()} || ticks > int128{std::numeric_limits<rep>::max()}) {
    return error_code::number_out_of_range;
  }
  d = D(static_cast<rep>(ticks));
  return error_code::none;
}

/// "" for whole seconds, else how finely D counts a second ("with at most 3 decimals of a
/// second"), for the error that a text is finer than D holds.
template <exact_duration D>
std::string precision_phrase() {
  using period = typename D::period;
  if constexpr (period::num % period::den == 0) {
    return period::num == period::den ? " in whole seconds" : " in whole multiples of the type's unit";
  } else {
    std::intmax_t decimals = 0, den = period::den;
    while (den % 10 == 0) den /= 10, ++decimals;
    if (period::num == 1 && den == 1) return " with at most " + std::to_string(decimals) + " decimals of a second";
    return " in whole multiples of the type's unit";
  }
}

/// What the time converters share: T is written as the text Derived::format gives (as a value
/// or a property name) and read by Derived::parse.
template <class Derived, class T>
struct time_text_converter {
  using value_type = T;
  void write(writer& out, const T& value, const serializer_options&) const { put(out, value, false); }
  void write_key(writer& out, const T& value, const serializer_options&) const { put(out, value, true); }
  error_code read(reader& in, T& value, const serializer_options&) const {
    char buffer[max_time_chars * 2];
    std::string_view text;
    if (const error_code e = read_string_into(in, buffer, text); e != error_code::none) return e;
    return Derived::parse(text, value);
  }
  error_code read_key(std::string_view text, T& value, const serializer_options&) const {
    return Derived::parse(text, value);
  }
  error_code read_string(std::string_view text, T& value, const serializer_options&) const {
    return Derived::parse(text, value);
  }

 private:
  static void put(writer& out, const T& value, bool as_key) {
    char text[max_time_chars];
    write_time_text(out, text, Derived::format(text, value), as_key);
  }
};

template <class Clock, exact_duration D, time_text form>
struct time_point_converter
    : time_text_converter<time_point_converter<Clock, D, form>, std::chrono::time_point<Clock, D>> {
  using time_point = std::chrono::time_point<Clock, D>;
  static std::string expected_format() {
    return std::string(form == time_text::utc ? "an ISO 8601 UTC date and time (2024-05-01T09:30:00Z)"
                                              : "an ISO 8601 local date and time (2024-05-01T09:30:00)") +
           precision_phrase<D>();
  }
  static char* format(char* out, const time_point& t) noexcept {
    return format_time_point(out, to_nanoseconds(t.time_since_epoch()), form);
  }
  static error_code parse(std::string_view text, time_point& t) noexcept {
    nanoseconds128 ns{};
    if (const error_code e = parse_time_point(text, form, ns); e != error_code::none) return e;
    D since_epoch{};
    if (const error_code e = from_nanoseconds(ns, since_epoch); e != error_code::none) return e;
    t = time_point(since_epoch);
    return error_code::none;
  }
};

template <exact_duration D>
struct duration_converter : time_text_converter<duration_converter<D>, D> {
  static std::string expected_format() { return "an ISO 8601 duration (PT1H30M)" + precision_phrase<D>(); }
  static char* format(char* out, const D& d) noexcept { return format_duration(out, to_nanoseconds(d)); }
  static error_code parse(std::string_view text, D& d) noexcept {
    nanoseconds128 ns{};
    if (const error_code e = parse_duration(text, ns); e != error_code::none) return e;
    return from_nanoseconds(ns, d);
  }
};

struct date_converter : time_text_converter<date_converter, std::chrono::year_month_day> {
  static std::string expected_format() { return "an ISO 8601 date (2024-05-01)"; }
  static char* format(char* out, const std::chrono::year_month_day& date) noexcept;
  static error_code parse(std::string_view text, std::chrono::year_month_day& date) noexcept;
};

template <exact_duration D>
struct builtin_converter<std::chrono::sys_time<D>> {
  using type = time_point_converter<std::chrono::system_clock, D, time_text::utc>;
};
template <exact_duration D>
struct builtin_converter<std::chrono::local_time<D>> {
  using type = time_point_converter<std::chrono::local_t, D, time_text::local>;
};
template <exact_duration D>
struct builtin_converter<D> {
  using type = duration_converter<D>;
};
template <>
struct builtin_converter<std::chrono::year_month_day> {
  using type = date_converter;
};

}  // namespace jsonjit::detail
JSONJIT_EXPORT_END
