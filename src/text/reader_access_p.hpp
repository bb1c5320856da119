// What the JIT's helpers do to a reader that the public interface does not offer: start it on
// a token they have already scanned and validated, so that a converter handed the reader does
// not make it scan the token again. Private to the library.
#pragma once

#include <jsonjit/reader.hpp>

namespace jsonjit::detail {

struct reader_access {
  /// `r` was just constructed over exactly one string value, quotes included, whose text is
  /// valid (as the reader would check it) and has escapes if `escaped`: puts it on that
  /// string token, exactly as its first read() would.
  static void start_on_string(reader& r, bool escaped) noexcept {
    r.state_.started_ = true;
    r.fast_ = true;
    r.token_ = token_type::string;
    r.value_ = {r.begin_ + 1, static_cast<std::size_t>(r.end_ - r.begin_ - 2)};
    r.value_escaped_ = escaped;
    r.pos_ = r.end_;
    // After a top-level scalar (reader::after_scalar at depth 0).
    r.state_.expect_ = reader_state::expect::end;
    r.state_.any_value_ = true;
  }
};

}  // namespace jsonjit::detail
