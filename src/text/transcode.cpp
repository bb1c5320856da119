#include <jsonjit/transcode.hpp>

namespace jsonjit {

void write_current_token(writer& w, const reader& r, std::string& scratch) {
  switch (r.token()) {
    case token_type::start_object: w.start_object(); break;
    case token_type::end_object: w.end_object(); break;
    case token_type::start_array: w.start_array(); break;
    case token_type::end_array: w.end_array(); break;
    case token_type::property_name:
    case token_type::string: {
      scratch.resize(r.value().size());  // unescaped text is never longer
      const std::string_view text(scratch.data(), *r.copy_string(scratch));
      if (r.token() == token_type::property_name) {
        w.property_name(text);
      } else {
        w.string_value(text);
      }
      break;
    }
    case token_type::number: w.raw_value(r.value(), /*skip_input_validation=*/true); break;
    case token_type::true_value: w.bool_value(true); break;
    case token_type::false_value: w.bool_value(false); break;
    case token_type::null: w.null_value(); break;
    case token_type::comment: w.comment_value(r.value()); break;
    case token_type::none: break;
  }
}

error_info transcode(reader& r, writer& w) {
  std::string scratch;
  while (r.read()) write_current_token(w, r, scratch);
  return r.error();
}

}  // namespace jsonjit
