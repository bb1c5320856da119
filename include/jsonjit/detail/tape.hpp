// The layout of a parsed document (see document.hpp): a tape of 64-bit words in document
// order, and a byte buffer holding the text of strings and property names.
//
// Each value is one word (numbers two): its tag in the low byte, a payload above it.
//   null, false, true            no payload
//   int64, uint64, double        the next word holds the value's bits; payload: where the
//                                number's source text is in the strings (when preserved),
//                                flag `integer_syntax` on doubles written without . or e
//   string, property_name        payload: offset of the text in the strings buffer, which
//                                holds a 32-bit length then the unescaped bytes; flag
//                                `plain` if the source had no escapes
//   start_array, start_object    bits 8..31: the number of elements or members (saturated at
//                                max_count), bits 32..63: the index of the matching end word
//   end_array, end_object        payload: the index of the start word
// An object's members are a property name word followed by the value's words.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

#include <jsonjit/detail/export.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit::detail {

enum class tape_tag : std::uint8_t {
  null_value,
  false_value,
  true_value,
  int64,
  uint64,
  double_value,
  string,
  property_name,
  start_array,
  start_object,
  end_array,
  end_object,
};

namespace tape {

inline constexpr std::uint64_t plain = 1u << 8;           // string: no escapes in the source
inline constexpr std::uint64_t integer_syntax = 1u << 8;  // double: an integer beyond 64 bits
inline constexpr int offset_shift = 16;                   // strings and number text
inline constexpr std::uint32_t max_count = 0xFFFFFF;

constexpr tape_tag tag(std::uint64_t word) noexcept {
  return static_cast<tape_tag>(word & 0xFF);
}
constexpr std::uint64_t offset(std::uint64_t word) noexcept {
  return word >> offset_shift;
}
constexpr std::uint32_t count(std::uint64_t word) noexcept {
  return static_cast<std::uint32_t>(word >> 8) & max_count;
}
constexpr std::uint32_t end_index(std::uint64_t word) noexcept {
  return static_cast<std::uint32_t>(word >> 32);
}
constexpr bool is_number(tape_tag t) noexcept {
  return t == tape_tag::int64 || t == tape_tag::uint64 || t == tape_tag::double_value;
}

/// A count as start words hold it.
constexpr std::uint64_t saturated(std::uint32_t count) noexcept {
  return count < max_count ? count : max_count;
}

/// A double value word.
inline double as_double(std::uint64_t bits) noexcept {
  double value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

/// The text stored at `offset` in the strings buffer.
inline std::string_view text_at(const char* strings, std::uint64_t offset) noexcept {
  std::uint32_t size;
  std::memcpy(&size, strings + offset, sizeof size);
  return {strings + offset + sizeof size, size};
}

/// The index of the word after the value starting at `index`.
inline std::uint32_t next(const std::uint64_t* words, std::uint32_t index) noexcept {
  const std::uint64_t word = words[index];
  switch (tag(word)) {
    case tape_tag::int64:
    case tape_tag::uint64:
    case tape_tag::double_value: return index + 2;
    case tape_tag::start_array:
    case tape_tag::start_object: return end_index(word) + 1;
    default: return index + 1;
  }
}

}  // namespace tape
}  // namespace jsonjit::detail
JSONJIT_EXPORT_END
