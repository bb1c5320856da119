// Containers checked along a stage-1 index without building anything (structural_skip_p.hpp):
// the checks of the document parser's stage 2 (structural_parse.cpp), without its tape.
#include "dom/structural_skip_p.hpp"

#include <algorithm>

#include "dom/structural_grammar_p.hpp"
#include "dom/tape_builder_p.hpp"
#include "text/number_scan_p.hpp"

namespace jsonjit::detail {
namespace {

#if defined(__x86_64__) || defined(__aarch64__)
const stage1_kernels available = best_stage1();
#else
constexpr stage1_kernels available{};  // (no stage 1 for this processor)
#endif

}  // namespace

bool indexed_text::start(std::string_view json) {
  if (available.index == nullptr || json.size() > UINT32_MAX - 64) return false;
  json_ = json.data();
  size_ = static_cast<std::uint32_t>(json.size());
  indexed_ = validated_ = next_ = 0;
  index_ = buffer_.reserve(size_);
  return true;
}

bool indexed_text::extend() noexcept {
  if (indexed_ == size_) return false;
  // Pieces small enough that a skip ending early indexes little past its end, large enough
  // that a piece's fixed cost (a call, the UTF-8 check's start) is nothing (a multiple of the
  // 64-byte block).
  constexpr std::uint32_t piece_size = 16 * 1024;
  const std::uint32_t piece = std::min(size_ - indexed_, piece_size);
  structural_index part{index_.positions + index_.count, 0, index_.backslashes + indexed_ / 64, index_.state, indexed_};
  part.state.non_ascii = 0;
  available.index(json_ + indexed_, piece, part);
  index_.count += part.count;
  index_.state = part.state;
  indexed_ += piece;
  if (available.checks_utf8) {
    // Checked with the index (a character cut by the piece's end, with the next piece).
    if (indexed_ == size_ && ends_inside_character(index_.state.last_bytes)) return false;
  } else {
    // UTF-8 up to the last whole character (a character split by the piece's end waits; its
    // continuation bytes begin the next piece, whose non-ASCII bytes have it checked then).
    std::uint32_t checked = indexed_;
    if (checked < size_) {
      while (checked > validated_ && checked + 4 > indexed_ &&
             (static_cast<unsigned char>(json_[checked]) & 0xC0) == 0x80) {
        --checked;
      }
    }
    if (checked > validated_ && part.state.non_ascii != 0 &&
        !available.valid_utf8(json_ + validated_, json_ + checked)) {
      return false;
    }
    validated_ = checked;
  }
  return index_.state.bad == 0 && (indexed_ < size_ || index_.state.in_string == 0);
}

const char* indexed_text::skip_container(const char* p, int max_depth, bool preserve_number_text) noexcept {
  constexpr int deepest = 1024;
  const auto offset = static_cast<std::uint32_t>(p - json_);
  while (indexed_ <= offset) {
    if (!extend()) return nullptr;
  }
  // The position is mostly at or just after the last skip's end: searched galloping from
  // there (from the start where a value is scanned again, under a JSONPath descendant segment).
  const std::uint32_t* const positions = index_.positions;
  const std::uint32_t from = next_ > 0 && positions[next_ - 1] >= offset ? 0 : next_;
  std::uint32_t low = from, step = 1, high = from;
  while (high < index_.count && positions[high] < offset) {
    low = high + 1;
    high += step;
    step *= 2;
  }
  const std::uint32_t* at = std::lower_bound(positions + low, positions + std::min(high + 1, index_.count), offset);
  if (at == positions + index_.count || *at != offset) return nullptr;
  const char* const end = json_ + size_;
  std::uint64_t objects[deepest / 64];  // bit d: the container at depth d + 1 is an object
  int depth = 0;
  bool object = false;

  // The byte at the position `ahead` entries on; '\0' past the text. The index grows as
  // the walk reaches its end (its memory is the whole text's: `at` stays valid). What the walk
  // reads of the index and text is held in locals: members would be loaded again after every
  // call the walk makes (escapes, numbers).
  const char* const text = json_;
  const std::uint64_t* const backslashes = index_.backslashes;
  const std::uint32_t* limit = index_.positions + index_.count;
  const auto byte = [&](std::uint32_t ahead = 0) noexcept {
    while (at + ahead >= limit) [[unlikely]] {
      if (!extend()) return '\0';
      limit = index_.positions + index_.count;
    }
    return text[at[ahead]];
  };
  // (Inlined: GCC made it a call. Without noexcept: the one place both GCC and clang take the attribute.)
  const auto string_ok = [&]() __attribute__((always_inline)) {
    if (byte(1) != '"') return false;
    const std::uint32_t first = at[0] + 1, close = at[1];
    at += 2;
    return !has_backslash(backslashes, first, close) || valid_escapes(text + first, text + close);
  };

value:
  switch (byte()) {
    case '{':
    case '[':
      if (depth == deepest || depth == max_depth) return nullptr;
      object = byte() == '{';
      if (object) {
        objects[depth / 64] |= std::uint64_t{1} << (depth % 64);
      } else {
        objects[depth / 64] &= ~(std::uint64_t{1} << (depth % 64));
      }
      ++depth;
      ++at;
      if (byte() == (object ? '}' : ']')) {
        ++at;
        goto closed;
      }
      if (object) goto member;
      goto value;
    case '"':
      if (!string_ok()) return nullptr;
      break;
    case 't':
    case 'f':
    case 'n': {
      const char* const word = text + *at;
      if (!(*word == 't' ? literal_at(word, end, "true") : *word == 'f' ? literal_at(word, end, "false")
                                                                          : literal_at(word, end, "null"))) {
        return nullptr;
      }
      ++at;
      break;
    }
    default: {
      const char* const first = text + *at;
      bool wide = false;
      const char* const after = number_end(first, end, wide);
      if (after == nullptr || (after < end && !is_delimiter(*after))) return nullptr;
      if (wide) {  // (converted as the document converts it, which refuses what lies beyond)
        tape_number converted;
        if (convert_number({first, static_cast<std::size_t>(after - first)}, converted, preserve_number_text) !=
            error_code::none) {
          return nullptr;
        }
      }
      ++at;
      break;
    }
  }

after_value: {  // inside the container at `depth`
  const char next = byte();
  ++at;
  if (next == ',') {
    if (object) goto member;
    goto value;
  }
  if (next != (object ? '}' : ']')) return nullptr;
}
closed:  // the container at `depth` was closed
  if (--depth == 0) {
    next_ = static_cast<std::uint32_t>(at - index_.positions);
    return text + at[-1] + 1;
  }
  object = (objects[(depth - 1) / 64] >> ((depth - 1) % 64) & 1) != 0;
  goto after_value;

member:
  if (byte() != '"' || !string_ok() || byte() != ':') return nullptr;
  ++at;
  goto value;
}

}  // namespace jsonjit::detail
