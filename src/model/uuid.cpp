#include <jsonjit/uuid.hpp>

#include <array>
#include <cstring>

#include <jsonjit/reader.hpp>
#include <jsonjit/writer.hpp>

#include "text/simd_p.hpp"
#include "text/unescape_p.hpp"

namespace jsonjit {
namespace detail {

char* format_uuid(const uuid& id, char* out) noexcept {
  // The 32 digits, in order, then the groups 8-4-4-4-12 copied out with the hyphens between.
  alignas(16) char digits[32];
#if JSONJIT_VEC16
  using namespace vec16;
  // Each byte's high and low nibble interleaved, and '0' + n (+ 'a' - '0' - 10 above 9) for each.
  const vec bytes = load(id.bytes.data());
  const vec high = high_nibbles(bytes), low = bit_and(bytes, splat(0x0F));
  const auto to_hex = [](vec n) {
    const vec letters = bit_and(greater_signed(n, splat(9)), splat('a' - '0' - 10));
    return add(add(n, splat('0')), letters);
  };
  store(digits, to_hex(interleave_low(high, low)));
  store(digits + 16, to_hex(interleave_high(high, low)));
#else
  static constexpr char hex[] = "0123456789abcdef";
  for (std::size_t i = 0; i < 16; ++i) {
    digits[2 * i] = hex[id.bytes[i] >> 4];
    digits[2 * i + 1] = hex[id.bytes[i] & 15];
  }
#endif
  std::memcpy(out, digits, 8);
  out[8] = '-';
  std::memcpy(out + 9, digits + 8, 4);
  out[13] = '-';
  std::memcpy(out + 14, digits + 12, 4);
  out[18] = '-';
  std::memcpy(out + 19, digits + 16, 4);
  out[23] = '-';
  std::memcpy(out + 24, digits + 20, 12);
  return out + 36;
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
