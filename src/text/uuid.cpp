#include <jsonjit/uuid.hpp>

#include <array>

#include <jsonjit/reader.hpp>
#include <jsonjit/writer.hpp>

#include "text/unescape_p.hpp"

namespace jsonjit {
namespace detail {

char* format_uuid(const uuid& id, char* out) noexcept {
  static constexpr char hex[] = "0123456789abcdef";
  for (std::size_t i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) *out++ = '-';
    *out++ = hex[id.bytes[i] >> 4];
    *out++ = hex[id.bytes[i] & 15];
  }
  return out;
}

void uuid_converter::write(writer& out, const uuid& id, const serializer_options&) const {
  char text[38];
  text[0] = '"';
  format_uuid(id, text + 1);
  text[37] = '"';
  out.raw_value(std::string_view(text, sizeof text), true);  // hex and hyphens need no escaping
}

error_code uuid_converter::read(reader& in, uuid& id, const serializer_options& options) const {
  char buffer[64];
  std::string_view text;
  if (const error_code e = read_string_into(in, buffer, text); e != error_code::none) return e;
  return read_key(text, id, options);
}

void uuid_converter::write_key(writer& out, const uuid& id, const serializer_options&) const {
  char text[36];
  format_uuid(id, text);
  out.property_name(std::string_view(text, sizeof text));
}

error_code uuid_converter::read_key(std::string_view name, uuid& id, const serializer_options&) const {
  const auto parsed = uuid::parse(name);
  if (!parsed) return error_code::invalid_value_format;
  id = *parsed;
  return error_code::none;
}

}  // namespace detail

std::string uuid::to_string() const {
  std::string s(36, '\0');
  detail::format_uuid(*this, s.data());
  return s;
}

std::optional<uuid> uuid::parse(std::string_view text) noexcept {
  // Where each byte's two digits are in the 36 characters; the hyphens are at 8, 13, 18, 23.
  static constexpr std::uint8_t digit_at[16] = {0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34};
  static constexpr auto hex = [] {
    std::array<std::int8_t, 256> t{};
    for (int c = 0; c < 256; ++c) t[static_cast<std::size_t>(c)] = static_cast<std::int8_t>(detail::hex_value(static_cast<char>(c)));
    return t;
  }();
  if (text.size() != 36 || text[8] != '-' || text[13] != '-' || text[18] != '-' || text[23] != '-') return std::nullopt;
  uuid id;
  int invalid = 0;  // any digit's -1 makes it negative
  for (std::size_t i = 0; i < 16; ++i) {
    const int high = hex[static_cast<unsigned char>(text[digit_at[i]])];
    const int low = hex[static_cast<unsigned char>(text[digit_at[i] + 1])];
    invalid |= high | low;
    id.bytes[i] = static_cast<std::uint8_t>(high << 4 | low);
  }
  if (invalid < 0) return std::nullopt;
  return id;
}

}  // namespace jsonjit
