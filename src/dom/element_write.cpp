// Writing a document's values through the writer: one pass over the tape, no recursion (the
// tape has end words and tells names from string values).
#include <jsonjit/document.hpp>
#include <jsonjit/output.hpp>

namespace jsonjit {

using detail::tape_tag;
namespace tape = detail::tape;

void element::write(writer& w) const {
  if (!exists()) return;
  const std::uint32_t last = tape::next(tape_, index_);
  // Strings without escapes in their source need none when written with relaxed escaping.
  const std::uint64_t verbatim = w.options().escaping == escape_mode::relaxed ? tape::plain : 0;
  for (std::uint32_t i = index_; i < last; ++i) {
    const std::uint64_t word = tape_[i];
    switch (tape::tag(word)) {
      case tape_tag::null_value: w.null_value(); break;
      case tape_tag::false_value: w.bool_value(false); break;
      case tape_tag::true_value: w.bool_value(true); break;
      case tape_tag::int64:
      case tape_tag::uint64:
      case tape_tag::double_value: {
        const std::uint64_t bits = tape_[++i];
        if (tape::offset(word) != 0) {
          w.raw_value(tape::text_at(strings_, tape::offset(word) - 1), true);
        } else if (tape::tag(word) == tape_tag::int64) {
          w.number_value(static_cast<std::int64_t>(bits));
        } else if (tape::tag(word) == tape_tag::uint64) {
          w.number_value(bits);
        } else {
          w.number_value(tape::as_double(bits));
        }
        break;
      }
      case tape_tag::string: {
        const std::string_view text = tape::text_at(strings_, tape::offset(word));
        if ((word & verbatim) != 0) {
          w.verbatim_string_value(text);
        } else {
          w.string_value(text);
        }
        break;
      }
      case tape_tag::property_name: {
        const std::string_view name = tape::text_at(strings_, tape::offset(word));
        if ((word & verbatim) != 0) {
          w.verbatim_property_name(name);
        } else {
          w.property_name(name);
        }
        break;
      }
      case tape_tag::start_array: w.start_array(); break;
      case tape_tag::start_object: w.start_object(); break;
      case tape_tag::end_array: w.end_array(); break;
      case tape_tag::end_object: w.end_object(); break;
    }
  }
}

result<std::string> element::to_json(const writer_options& options) const {
  if (!exists()) return why_;
  memory_output out;
  writer w(out, options);
  write(w);
  if (!w.ok()) return w.error();
  return out.str();
}

}  // namespace jsonjit
