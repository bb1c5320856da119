// What converters share: reading short text (public, for users' converters too), writing a
// text converter's output through a writer, and the writing and date conversion of the
// library's own time converters.
#include <jsonjit/chrono.hpp>
#include <jsonjit/converter.hpp>
#include <jsonjit/reader.hpp>
#include <jsonjit/writer.hpp>

namespace jsonjit {

error_code read_string_into(reader& in, std::span<char> buffer, std::string_view& text) {
  if (in.token() != token_type::string) {
    return in.token() == token_type::null ? error_code::null_not_allowed : error_code::expected_string;
  }
  const auto n = in.copy_string(buffer);
  if (!n) return error_code::invalid_value_format;
  text = std::string_view(buffer.data(), *n);
  return error_code::none;
}

namespace detail {

void write_quoted_text(writer& out, std::string_view quoted) {
  out.raw_value(quoted, true);  // the converter promises nothing to escape
}

void write_time_text(writer& out, const char* begin, const char* end, bool as_key) {
  if (end == nullptr) {
    out.direct_fail(error_code::number_out_of_range);
    return;
  }
  const std::string_view text(begin, static_cast<std::size_t>(end - begin));
  if (as_key) {
    out.property_name(text);
    return;
  }
  char quoted[max_time_chars + 2];
  quoted[0] = '"';
  text.copy(quoted + 1, text.size());
  quoted[text.size() + 1] = '"';
  out.raw_value(std::string_view(quoted, text.size() + 2), true);  // digits and designators need no escapes
}

char* date_converter::format(char* out, const std::chrono::year_month_day& date) noexcept {
  if (!date.ok()) return nullptr;
  return format_date(out, static_cast<int>(date.year()), static_cast<unsigned>(date.month()),
                     static_cast<unsigned>(date.day()));
}

error_code date_converter::parse(std::string_view text, std::chrono::year_month_day& date) noexcept {
  std::int32_t year = 0;
  unsigned month = 0, day = 0;
  if (const error_code e = parse_date(text, year, month, day); e != error_code::none) return e;
  date = std::chrono::year_month_day{std::chrono::year(year), std::chrono::month(month), std::chrono::day(day)};
  return error_code::none;
}

}  // namespace detail
}  // namespace jsonjit
