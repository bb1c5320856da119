// The DOM types as typed values: a member of a described type may be a free-form document or
// node. Reading takes the value's text from the token reader and parses it, so a member reads
// exactly as document::parse and node::parse read the same text.
#include <jsonjit/document.hpp>
#include <jsonjit/node.hpp>
#include <jsonjit/reader.hpp>
#include <jsonjit/serializer_options.hpp>

namespace jsonjit::detail {
namespace {

document_options parse_options(const serializer_options& options) {
  document_options d;
  d.skip_comments = options.skip_comments();
  d.allow_trailing_commas = options.allow_trailing_commas();
  d.max_depth = options.max_depth();  // (skip_value stops deeper values first, counting the enclosing levels)
  d.duplicates = options.duplicates() == duplicate_members::reject ? duplicate_properties::reject
                                                                   : duplicate_properties::allow;
  return d;
}

/// Parses the current value's text with T::parse; the reader ends on the value's last token.
template <class T>
error_code read_value(reader& in, T& value, const serializer_options& options) {
  std::string_view text;
  if (!in.skip_value(text)) return in.error().code;
  auto parsed = T::parse(text, parse_options(options));
  if (!parsed) return parsed.error().info.code;
  value = std::move(*parsed);
  return error_code::none;
}

}  // namespace

void document_converter::write(writer& out, const document& value, const serializer_options&) const {
  value.root().write(out);
}

error_code document_converter::read(reader& in, document& value, const serializer_options& options) const {
  return read_value(in, value, options);
}

void node_converter::write(writer& out, const node& value, const serializer_options&) const { value.write(out); }

error_code node_converter::read(reader& in, node& value, const serializer_options& options) const {
  return read_value(in, value, options);
}

}  // namespace jsonjit::detail
