// jsonjit::uuid: 16 bytes written as the canonical lower-case text
// "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx" (bytes in order), as System.Text.Json writes a Guid.
#pragma once

#include <array>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <jsonjit/converter.hpp>
#include <jsonjit/detail/export.hpp>
#include <jsonjit/error.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

struct uuid {
  std::array<std::uint8_t, 16> bytes{};

  /// The canonical text, 36 characters, lower-case hex.
  std::string to_string() const;
  /// Reads the canonical form (either case, hyphens required); nullopt otherwise.
  static std::optional<uuid> parse(std::string_view text) noexcept;

  friend bool operator==(const uuid&, const uuid&) = default;
  /// Byte by byte (written out: libc++ 14's std::array has no <=> to default to).
  friend std::strong_ordering operator<=>(const uuid& a, const uuid& b) noexcept {
    for (std::size_t i = 0; i < a.bytes.size(); ++i) {
      if (a.bytes[i] != b.bytes[i]) return a.bytes[i] <=> b.bytes[i];
    }
    return std::strong_ordering::equal;
  }
};

namespace detail {
/// Writes the 36 characters of `id` at `out`; returns the end.
char* format_uuid(const uuid& id, char* out) noexcept;

/// A text converter (converter.hpp): engines write its 36 characters in place.
struct uuid_converter {
  using value_type = uuid;
  static constexpr std::size_t max_text_size = 36;
  std::size_t write_text(char* out, const uuid& id, const serializer_options&) const {
    return static_cast<std::size_t>(format_uuid(id, out) - out);
  }
  error_code read(reader& in, uuid& id, const serializer_options& options) const;
  void write_key(writer& out, const uuid& id, const serializer_options& options) const;
  error_code read_key(std::string_view name, uuid& id, const serializer_options& options) const;
  error_code read_string(std::string_view text, uuid& id, const serializer_options& options) const {
    return read_key(text, id, options);
  }
};
template <>
struct builtin_converter<uuid> {
  using type = uuid_converter;
};
}  // namespace detail

}  // namespace jsonjit
JSONJIT_EXPORT_END
