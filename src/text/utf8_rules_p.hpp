// UTF-8's rules as table lookups, for the vector validators (utf8_avx512_p.hpp, utf8_avx2.cpp).
// Private to the library.
//
// The rules are those of RFC 3629, checked by table lookups (the method of Keiser and Lemire,
// "Validating UTF-8 In Less Than One Instruction Per Byte", 2021, written here from its
// description): every error but two is a property of a pair of adjacent bytes that the first
// byte's two nibbles and the second byte's high nibble decide. Three 16-entry tables give, for
// each nibble, the set of errors it allows (one bit per kind); the bits left in the AND of the
// three lookups are the pair's errors. The other two, a continuation byte where none may be
// (after a complete sequence) and none where one must be (the third or fourth byte of a
// sequence), are found together: two continuations in a row must be exactly where the byte two
// or three back started a three- or four-byte sequence.
#pragma once

namespace jsonjit::detail::utf8_rules {

// The kinds of error of a pair of bytes (first, second), one bit each.
enum : unsigned char {
  too_short = 1,    // a lead byte (C0..FF) not followed by a continuation byte (80..BF)
  too_long = 2,     // an ASCII byte followed by a continuation
  overlong_3 = 4,   // E0 then 80..9F
  too_large = 8,    // F4 then 90..BF, or F5..FF then 90..BF
  surrogate = 16,   // ED then A0..BF
  overlong_2 = 32,  // C0 or C1, then anything
  // F0 then 80..8F (overlong four-byte form), or F5..FF then 80..8F: one bit, as the two differ
  // only in the first byte's low nibble.
  overlong_4_or_too_large = 64,
  two_continuations = 128,  // not an error alone: see above (bit 7, as that test gives it)
};

/// A 16-entry table repeated in each 16-byte lane of a vector (loaded as it is: the broadcast
/// intrinsics make GCC 12 warn of their undefined pass-through vector).
struct alignas(64) nibble_table {
  char errors[64];
};

/// The errors a pair may have by its first byte's high nibble.
constexpr nibble_table by_first_high() {
  nibble_table t{};
  for (int n = 0; n < 16; ++n) {
    unsigned e = 0;
    if (n < 8) e |= too_long;
    if (n >= 8 && n < 12) e |= two_continuations;
    if (n >= 12) e |= too_short;
    if (n == 12) e |= overlong_2;
    if (n == 14) e |= overlong_3 | surrogate;
    if (n == 15) e |= too_large | overlong_4_or_too_large;
    for (int lane = 0; lane < 64; lane += 16) t.errors[lane + n] = static_cast<char>(e);
  }
  return t;
}

/// ... by its first byte's low nibble.
constexpr nibble_table by_first_low() {
  nibble_table t{};
  for (int n = 0; n < 16; ++n) {
    unsigned e = too_short | too_long | two_continuations;
    if (n <= 1) e |= overlong_2;  // C0, C1
    if (n == 0) e |= overlong_3 | overlong_4_or_too_large;  // E0, F0
    if (n == 13) e |= surrogate;  // ED
    if (n >= 4) e |= too_large;   // F4..FF
    if (n >= 5) e |= overlong_4_or_too_large;  // F5..FF
    for (int lane = 0; lane < 64; lane += 16) t.errors[lane + n] = static_cast<char>(e);
  }
  return t;
}

/// ... by its second byte's high nibble.
constexpr nibble_table by_second_high() {
  nibble_table t{};
  for (int n = 0; n < 16; ++n) {
    unsigned e = overlong_2;
    if (n < 8 || n >= 12) e |= too_short;
    if (n >= 8 && n < 12) e |= too_long | two_continuations;
    if (n == 8 || n == 9) e |= overlong_3;
    if (n >= 9 && n < 12) e |= too_large;
    if (n >= 10 && n < 12) e |= surrogate;
    if (n == 8) e |= overlong_4_or_too_large;
    for (int lane = 0; lane < 64; lane += 16) t.errors[lane + n] = static_cast<char>(e);
  }
  return t;
}

constexpr nibble_table first_high = by_first_high();
constexpr nibble_table first_low = by_first_low();
constexpr nibble_table second_high = by_second_high();

}  // namespace jsonjit::detail::utf8_rules
