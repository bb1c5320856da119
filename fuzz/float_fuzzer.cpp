// Fuzz target for numbers read as float and double: the input, where it is a JSON number, is
// read by both engines into a float and a double (alone, and as a member of a compiled
// object), and every value must be what strtof and strtod give for the same text (correctly
// rounded, subnormals and overflow included: beyond the type's range is number_out_of_range,
// as a value that rounds to infinity); every value written back reads back to the same bits.
#include <jsonjit/jsonjit.hpp>

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "property.hpp"

namespace {

using namespace jsonjit;

struct both {
  float f = 0;
  double d = 0;
};

/// Whether `text` is a JSON number (RFC 8259's grammar).
bool is_json_number(std::string_view t) {
  std::size_t i = 0;
  const auto digits = [&] {
    const std::size_t from = i;
    while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i;
    return i > from;
  };
  if (i < t.size() && t[i] == '-') ++i;
  if (i < t.size() && t[i] == '0') {
    ++i;
  } else if (!digits()) {
    return false;
  }
  if (i < t.size() && t[i] == '.' && (++i, !digits())) return false;
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
    if (!digits()) return false;
  }
  return i == t.size();
}

template <class F>
bool same_bits(F a, F b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

template <class F>
void check(std::string_view text, F expected, bool overflow, const serializer_options& options) {
  const result<F, parse_error> alone = try_deserialize<F>(text, options);
  if (overflow) {
    if (alone || alone.error().info.code != error_code::number_out_of_range) fuzz::fail("an overflow was not refused", text);
    return;
  }
  if (!alone) fuzz::fail("a number was refused", std::string(text) + ": " + to_string(alone.error()));
  if (!same_bits(*alone, expected)) fuzz::fail("a value differs from strtof/strtod", text);
  const std::string written = serialize(*alone, options);
  const result<F, parse_error> again = try_deserialize<F>(written, options);
  if (!again || !same_bits(*again, *alone)) fuzz::fail("a value does not read back", std::string(text) + " -> " + written);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 400) return 0;
  const std::string text(reinterpret_cast<const char*>(data), size);
  if (!is_json_number(text)) return 0;
  errno = 0;
  const float f = std::strtof(text.c_str(), nullptr);
  const bool f_overflow = std::isinf(f);
  const double d = std::strtod(text.c_str(), nullptr);
  const bool d_overflow = std::isinf(d);
  for (const engine e : {engine::interpreter, engine::automatic}) {
    serializer_options options;
    options.engine(e);
    check<float>(text, f, f_overflow, options);
    check<double>(text, d, d_overflow, options);
    // As members of an object (the JIT's compiled reader, where it compiles the type).
    const result<both, parse_error> member = try_deserialize<both>("{\"f\":" + text + ",\"d\":" + text + "}", options);
    if (f_overflow || d_overflow) {
      if (member) fuzz::fail("an overflowing member was read", text);
    } else if (!member || !same_bits(member->f, f) || !same_bits(member->d, d)) {
      fuzz::fail("a member differs from strtof/strtod", text);
    }
  }
  return 0;
}
