// What every input does: reading to the end, and saying why reading failed.
#include <jsonjit/input.hpp>

#include <algorithm>
#include <system_error>

#include "text/input_p.hpp"

namespace jsonjit {

bool input::read_to_end() {
  while (refill(data())) {
  }
  return !failed();
}

std::string input::failure_reason() const {
  return failed_ && error_number_ != 0 ? std::generic_category().message(error_number_) : std::string();
}

parse_error detail::input_failure(const input& source) {
  const std::string_view read(source.data(), static_cast<std::size_t>(source.end() - source.data()));
  parse_error e;
  e.info.code = error_code::input_failed;
  e.info.offset = read.size();
  e.info.line = 1 + static_cast<std::uint64_t>(std::count(read.begin(), read.end(), '\n'));
  const std::size_t line_start = read.rfind('\n');
  e.info.column = read.size() - (line_start == std::string_view::npos ? 0 : line_start + 1) + 1;
  e.info.at_end_of_input = true;
  e.name = source.failure_reason();
  return e;
}

}  // namespace jsonjit
