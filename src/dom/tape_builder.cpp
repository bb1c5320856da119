#include "dom/tape_builder_p.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <new>

#include "dom/json_path_p.hpp"
#include "text/number_parse_p.hpp"
#include "text/unescape_p.hpp"

namespace jsonjit {

using detail::tape_tag;
namespace tape = detail::tape;

void detail::free_deleter::operator()(void* p) const noexcept {
  std::free(p);
}

namespace {

template <class T>
using buffer = std::unique_ptr<T[], detail::free_deleter>;

template <class T>
void reserve_buffer(buffer<T>& memory, std::size_t& capacity, std::size_t wanted) {
  if (capacity >= wanted) return;
  memory.reset();  // freed first: the old content is not kept
  capacity = 0;
  void* p = std::malloc(wanted * sizeof(T));
  if (p == nullptr) detail::out_of_memory();
  memory.reset(static_cast<T*>(p));
  capacity = wanted;
}

template <class T>
void shrink_buffer(buffer<T>& memory, std::size_t& capacity, std::size_t size) {
  if (capacity - size <= capacity / 4) return;
  const std::size_t kept = std::max<std::size_t>(size, 1);
  // Shrinking realloc keeps the block where it is (glibc splits it), so this copies nothing.
  if (void* p = std::realloc(memory.get(), kept * sizeof(T))) {
    (void)memory.release();
    memory.reset(static_cast<T*>(p));
    capacity = kept;
  }
}

}  // namespace

namespace {
// Every token takes at least one byte of input and at most one tape word, except numbers
// (two words), which are one byte at least and followed by a separator unless they end the
// input. A string of n >= 2 source bytes stores at most 4 + n - 2 bytes; preserved number
// text stores 4 + n bytes for n >= 1. (+ 16: block copies of strings write up to 15 bytes
// past their end.)
std::size_t words_for(std::size_t input) noexcept {
  return input + 2;
}
std::size_t bytes_for(std::size_t input, bool preserve_number_text) noexcept {
  return (preserve_number_text ? 5 : 2) * input + 8 + 16;
}
}  // namespace

void tape_builder::reserve(std::string_view input) {
  reserve_exactly(input, words_for(input.size()), bytes_for(input.size(), options_.preserve_number_text));
}

void tape_builder::reserve_indexed(std::string_view input, std::uint32_t structurals) {
  // Each position the structural parser consumes writes at most two words (a number), most
  // one or none. A string takes two positions (its quotes) and stores 4 + its unescaped text
  // (no longer than its source) bytes; preserved number text, one position and 4 + its text
  // bytes. Both bounds hold: the smaller is taken (a text of one-digit numbers is all
  // positions).
  const std::size_t n = input.size(), positions = structurals;
  const bool preserve = options_.preserve_number_text;
  reserve_exactly(input, std::min(words_for(n), 2 * positions + 2),
                  std::min(bytes_for(n, preserve), n + (preserve ? 4 : 1) * positions + 8 + 16));
}

void tape_builder::reserve_exactly(std::string_view input, std::size_t words, std::size_t bytes) {
  reserve_buffer(doc_.tape_, doc_.tape_capacity_, words);
  reserve_buffer(doc_.strings_, doc_.strings_capacity_, bytes);
  w_ = tape_writer{};
  w_.tape = doc_.tape_.get();
  w_.strings = w_.text = doc_.strings_.get();
  w_.input_end = input.data() + input.size();
  w_.preserve_number_text = options_.preserve_number_text;
}

void tape_builder::shrink_to_fit() {
  shrink_buffer(doc_.tape_, doc_.tape_capacity_, doc_.tape_size_);
  shrink_buffer(doc_.strings_, doc_.strings_capacity_, doc_.strings_size_);
}

error_code convert_number(std::string_view text, tape_number& number, bool keep_beyond_double) noexcept {
  bool negative = false;
  std::uint64_t magnitude = 0;
  const error_code integer = detail::integer_magnitude(text, negative, magnitude);
  constexpr auto int64_max = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  if (integer == error_code::none && !(negative && magnitude == 0) &&
      magnitude <= int64_max + static_cast<std::uint64_t>(negative)) {
    number = {tape_tag::int64, negative ? 0 - magnitude : magnitude, false};  // two's complement
  } else if (integer == error_code::none && !negative) {
    number = {tape_tag::uint64, magnitude, false};
  } else {
    // A fraction or exponent, -0 (kept as a double so its sign survives), or an integer
    // beyond 64 bits.
    double value;
    if (const error_code e = detail::parse_binary(text, value); e != error_code::none) {
      if (!keep_beyond_double) return e;
      value = (text[0] == '-' ? -1 : 1) * std::numeric_limits<double>::infinity();  // the text says what
    }
    number = {tape_tag::double_value, std::bit_cast<std::uint64_t>(value),
              integer != error_code::number_not_integer};
  }
  return error_code::none;
}

std::string_view tape_builder::last_name() const noexcept {
  return tape::text_at(w_.strings, tape::offset(w_.tape[w_.size - 1]));
}

bool tape_builder::repeats_name(std::uint32_t depth) {
  const std::uint64_t* t = w_.tape;
  const std::uint32_t name_index = w_.size - 1;
  const std::string_view name = last_name();
  // Small objects: compare with each earlier name. Larger ones: a set per open object, filled
  // from the tape the first time it is needed.
  constexpr std::uint32_t linear_limit = 16;
  if (w_.count < linear_limit) {
    for (std::uint32_t i = w_.current + 1; i < name_index; i = tape::next(t, i + 1)) {
      if (tape::text_at(w_.strings, tape::offset(t[i])) == name) return true;
    }
    return false;
  }
  if (names_by_depth_.size() < depth) names_by_depth_.resize(depth);
  auto& names = names_by_depth_[depth - 1];
  if (names.empty()) {
    for (std::uint32_t i = w_.current + 1; i < name_index; i = tape::next(t, i + 1)) {
      names.insert(tape::text_at(w_.strings, tape::offset(t[i])));
    }
  }
  return !names.insert(name).second;
}

std::string tape_builder::path_of_open(bool into_value) const {
  const std::uint64_t* t = w_.tape;
  std::vector<std::uint32_t> chain;  // open containers, innermost first
  for (std::uint32_t c = w_.current; c != tape_writer::no_container;
       c = static_cast<std::uint32_t>(t[c] >> 32)) {
    chain.push_back(c);
  }
  std::string path = "$";
  // Each open container's position in its parent: walk the parent's closed children.
  for (std::size_t k = chain.size(); k-- > 0;) {
    const std::uint32_t container = chain[k];
    const bool is_last = k == 0;
    if (is_last && !into_value) break;
    const std::uint32_t child = is_last ? w_.size : chain[k - 1];
    if (tape::tag(t[container]) == tape_tag::start_array) {
      std::size_t index = 0;
      for (std::uint32_t i = container + 1; i < child; i = tape::next(t, i)) ++index;
      detail::append_path_index(path, index);
    } else {
      std::uint32_t i = container + 1;
      while (i + 1 < child) i = tape::next(t, i + 1);  // skip whole members
      if (i < child) detail::append_path_name(path, tape::text_at(w_.strings, tape::offset(t[i])));
    }
  }
  return path;
}

void tape_builder::finish() noexcept {
  doc_.tape_size_ = w_.size;
  doc_.strings_size_ = static_cast<std::size_t>(w_.text - w_.strings);
}

parse_error tape_builder::fail(const error_info& where, std::string name) {
  parse_error error{where, path_of_open(name.empty()), std::move(name)};
  doc_.tape_size_ = 0;
  doc_.strings_size_ = 0;
  return error;
}

}  // namespace jsonjit
