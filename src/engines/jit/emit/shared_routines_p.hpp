// Routines every generated function calls instead of carrying its own copy — the writers'
// string copy with its escape check, the readers' string scan — placed once per process in
// executable memory that lives as long as the process; generated code calls them by absolute
// address. They follow the emitters' register convention; which registers they take, give
// and clobber is the backend's (as described here for x86-64, where the x86-64 routines
// are prebuilt; aarch64/shared_routines.cpp for AArch64, where they are assembled on first
// use). Part of the emitter module.
#pragma once

#include <cstdint>

#include <jsonjit/writer.hpp>

namespace jsonjit::detail::jit {

struct shared_routines {
  /// False when no executable memory could be had: the addresses are 0, and functions that
  /// would call them are not placed.
  bool available = false;
  /// Writers, by escape mode: the std::string at rdx, quoted and escaped at the position (r12),
  /// the end (r13) reloaded if it grew. Where the window has room for the string unescaped,
  /// strings of up to 31 bytes are checked with vector compares and copied in one or two
  /// stores, longer ones 16 bytes at a time; from the first vector with a byte to escape,
  /// jsonjit_jit_string_tail writes the rest. Others go to jsonjit_jit_string.
  /// eax = 0 on failure. Clobbers the caller-saved registers.
  std::uint64_t write_string[2]{};
  /// Readers: with a value's first byte at the position and in eax — when it is a string's
  /// opening quote and 17 bytes are there — the 16 after the quote in xmm0 and, in rcx, the
  /// length of the string if its closing quote is the first byte a string scan must look at
  /// ('"', '\\', a control or non-ASCII byte): a plain string; else rcx = -1. Looks 16 bytes
  /// at a time, never past the input (r13). Clobbers rax and xmm1 to xmm3.
  std::uint64_t string_scan = 0;
};

/// The routines, emitted on first use (thread-safe).
const shared_routines& routines() noexcept;

}  // namespace jsonjit::detail::jit
