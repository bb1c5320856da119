// The fast document parser, in two passes (the structural-index design of Langdale and Lemire,
// "Parsing Gigabytes of JSON per Second", written here from the paper's description):
//  1. the structural index (structural_index.cpp): the positions of operators, quotes and the
//     first bytes of numbers and literals;
//  2. here: one pass over the index checks the grammar and writes the tape.
// It only decides "valid" (and then the tape is complete) or "not": on any problem it returns
// false and the reference parser runs for the exact error, so the two can never disagree on
// errors. The document fuzzer checks that they agree on everything else.
#include "dom/structural_parse_p.hpp"

#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>

#include "dom/structural_grammar_p.hpp"
#include "dom/structural_index_p.hpp"
#include "dom/tape_builder_p.hpp"
#include "text/decimal_to_binary_p.hpp"
#include "text/number_parse_p.hpp"
#include "text/number_scan_p.hpp"
#include "text/unescape_p.hpp"
#include "text/utf8_p.hpp"

namespace jsonjit::detail {
namespace {

/// Stores the number (parts already read); false if it is out of range.
inline bool store_number(tape_writer& out, const number_parts& n, std::string_view text) {
  if (n.exact) {
    constexpr std::uint64_t int64_max = 0x7FFFFFFFFFFFFFFF;
    if (n.integer && !n.negative) {
      out.number({n.significand <= int64_max ? tape_tag::int64 : tape_tag::uint64, n.significand, false},
                 text);
      return true;
    }
    if (n.integer && n.significand != 0 && n.significand <= int64_max + 1) {
      out.number({tape_tag::int64, 0 - n.significand, false}, text);  // two's complement
      return true;
    }
    double value;
    if (!n.integer && double_from_parts(n.significand, n.exponent, n.negative, value)) {
      out.number({tape_tag::double_value, std::bit_cast<std::uint64_t>(value), false}, text);
      return true;
    }
  }
  // -0, long or rare numbers: the reference conversion.
  tape_number converted;
  if (convert_number(text, converted, out.preserve_number_text) != error_code::none) return false;
  out.number(converted, text);
  return true;
}

/// Checks the grammar along the index and writes the tape through `result`; false on any error.
bool build_tape(tape_writer& result, const char* json, std::uint32_t size, const structural_index& index,
                const document_options& options) {
  // A local copy, kept in registers although bytes are stored through char pointers (which
  // could alias anything in memory); handed back on success.
  tape_writer out = result;
  cursor c{json, size, index.positions};
  const auto max_depth = static_cast<std::uint32_t>(options.max_depth);
  std::uint32_t depth = 0;
  const char* const end = json + size;

  // Reads the string whose opening quote is at the cursor (its closing quote is next in the
  // index), as a value or as a property name.
  auto read_string = [&](bool is_name) __attribute__((always_inline)) {
    const char* first = json + c.at[0] + 1;
    const char* last = json + c.at[1];
    const bool escaped = has_backslash(index.backslashes, c.at[0] + 1, c.at[1]);
    c.at += 2;
    const std::string_view text(first, static_cast<std::size_t>(last - first));
    if (escaped) return out.unchecked_escaped_string(text, is_name);
    if (is_name) {
      out.name(text, false);
    } else {
      out.string(text, false);
    }
    return true;
  };

value:
  switch (c.byte()) {
    case '{':
    case '[': {
      const bool object = c.byte() == '{';
      if (++depth > max_depth) return false;
      out.open(object ? tape_tag::start_object : tape_tag::start_array);
      ++c.at;
      if (c.byte() == (object ? '}' : ']')) {  // empty
        out.close(object ? tape_tag::end_object : tape_tag::end_array);
        --depth;
        ++c.at;
        goto after_value;
      }
      if (object) goto member;
      goto value;
    }
    case '"':
      if (!read_string(false)) return false;
      goto after_value;
    case 't':
    case 'f':
    case 'n': {
      const char first = c.byte();
      const char* p = json + *c.at;
      if (!(first == 't'   ? literal_at(p, end, "true")
            : first == 'f' ? literal_at(p, end, "false")
                           : literal_at(p, end, "null"))) {
        return false;
      }
      out.literal(first == 't'   ? tape_tag::true_value
                  : first == 'f' ? tape_tag::false_value
                                 : tape_tag::null_value);
      ++c.at;
      goto after_value;
    }
    default: {
      const char* first = json + *c.at;
      number_parts n;
      const char* last = read_number(first, end, n);
      if (last == nullptr || (last < end && !is_delimiter(*last))) return false;
      if (!store_number(out, n, std::string_view(first, static_cast<std::size_t>(last - first))))
        return false;
      ++c.at;
      goto after_value;
    }
  }

member:  // a property name, its colon, then its value
  if (c.byte() != '"' || !read_string(true)) return false;
  if (c.byte() != ':') return false;
  ++c.at;
  goto value;

after_value:
  if (depth == 0) {
    if (*c.at != size) return false;  // nothing may follow the top-level value
    result = out;
    return true;
  }
  {
    const bool object = out.innermost() == tape_tag::start_object;
    const char next = c.byte();
    ++c.at;
    if (next == ',') {
      if (object) goto member;
      goto value;
    }
    if (next != (object ? '}' : ']')) return false;
    out.close(object ? tape_tag::end_object : tape_tag::end_array);
    --depth;
    goto after_value;
  }
}

#if defined(__x86_64__) || defined(__aarch64__)
const stage1_kernels available = best_stage1();
#else
constexpr stage1_kernels available{};  // (no stage 1 for this processor)
#endif

bool parse_indexed(tape_builder& out, std::string_view json, const document_options& options) {
  static constexpr char bom[] = "\xEF\xBB\xBF";
  if (json.starts_with(std::string_view(bom, 3))) json.remove_prefix(3);
  const auto size = static_cast<std::uint32_t>(json.size());
  thread_local index_buffer buffer;
  structural_index index = buffer.reserve(size);
  available.index(json.data(), size, index);
  if (index.count == 0 || !stage1_passed(available, json.data(), size, index)) {
    buffer.trim();
    return false;
  }
  out.reserve_indexed(json, index.count);
  const bool ok = build_tape(out.writer(), json.data(), size, index, options);
  buffer.trim();
  return ok;
}

}  // namespace

bool structural_parser_runs(const document_options& options) noexcept {
  // Relaxations and duplicate checks are the reference parser's alone.
  return available.index != nullptr && !options.skip_comments && !options.allow_trailing_commas &&
         options.duplicates == duplicate_properties::allow;
}

bool parse_structural(tape_builder& out, std::string_view json, const document_options& options) {
  if (!structural_parser_runs(options) || !parse_indexed(out, json, options)) return false;
  out.finish();
  return true;
}

}  // namespace jsonjit::detail
