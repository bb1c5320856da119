// Fuzz target for the reader (and, through re-writing, the writer). Checks properties, not
// just the absence of crashes:
//  - reading in two pieces, cut where the input says, gives the whole-input log exactly;
//  - unescaped strings are valid UTF-8 (the relaxed writer accepts them unchanged);
//  - a valid input re-written by the writer reads back as valid with the same token count.
#include <jsonjit/reader.hpp>
#include <jsonjit/transcode.hpp>
#include <jsonjit/writer.hpp>

#include <cstdint>
#include <string>
#include <string_view>

#include "property.hpp"
#include "token_log.hpp"

namespace {

using jsonjit::fuzz::fail;

jsonjit::reader_options options_from(std::uint8_t flags) {
  jsonjit::reader_options options;
  options.comments = static_cast<jsonjit::comment_handling>(flags % 3);
  options.allow_trailing_commas = (flags & 4) != 0;
  options.allow_multiple_values = (flags & 8) != 0;
  options.max_depth = (flags & 16) != 0 ? 8 : 64;
  return options;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const jsonjit::reader_options options = options_from(data[0]);
  const std::string json(reinterpret_cast<const char*>(data + 2), size - 2);

  const std::string whole = jsonjit::test::log_whole(json, options);
  const std::size_t cut[] = {json.empty() ? 0 : data[1] % (json.size() + 1)};
  if (jsonjit::test::log_in_pieces(json, cut, options) != whole) fail("piecewise log differs", json);

  jsonjit::memory_output out;
  jsonjit::writer_options write_options;
  write_options.escaping = data[1] & 1 ? jsonjit::escape_mode::relaxed : jsonjit::escape_mode::html_safe;
  write_options.skip_validation = options.allow_multiple_values;
  jsonjit::writer w(out, write_options);
  jsonjit::reader r(json, options);
  std::string scratch;
  int tokens = 0;
  while (r.read()) {
    switch (r.token()) {
      case jsonjit::token_type::property_name:
      case jsonjit::token_type::string: {
        const auto text = r.get_string();
        if (!text) fail("get_string failed on a string token", json);
        if (!r.value_text_equals(*text)) fail("value_text_equals disagrees with get_string", json);
        break;
      }
      case jsonjit::token_type::number:
        (void)r.get_double();
        (void)r.get_int64();
        (void)r.get_uint64();
        (void)r.get_int32();
        break;
      case jsonjit::token_type::comment:
        // A // comment may contain "*/", which no /* */ comment can hold.
        if (r.value().find("*/") != std::string_view::npos) continue;
        break;
      case jsonjit::token_type::none: fail("read() returned a none token", json);
      default: break;
    }
    jsonjit::write_current_token(w, r, scratch);
    if (!w.ok()) fail("writer rejected what the reader accepted", jsonjit::message(w.error()));
    tokens += r.token() != jsonjit::token_type::comment;
  }
  if (r.error() || r.needs_more_data()) return 0;

  jsonjit::reader_options reread_options = options;
  reread_options.allow_trailing_commas = false;
  jsonjit::reader back(out.view(), reread_options);
  int back_tokens = 0;
  while (back.read()) back_tokens += back.token() != jsonjit::token_type::comment;
  if (back.error()) fail("re-written output does not read back", out.view());
  if (back_tokens != tokens) fail("re-written output has a different token count", out.view());
  return 0;
}
