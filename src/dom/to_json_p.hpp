// element::to_json and node::to_json: a value's text, written by its write(writer&) straight
// into the returned string. Private.
#pragma once

#include <string>

#include <jsonjit/error.hpp>
#include <jsonjit/output.hpp>
#include <jsonjit/writer.hpp>

namespace jsonjit::detail {

template <class Value>
result<std::string> to_json_text(const Value& value, const writer_options& options) {
  std::string text;
  {
    string_output out(text);  // the text written in place: no copy at the end
    writer w(out, options);
    value.write(w);
    if (!w.ok()) return w.error();
  }  // (the output trims the string to the text here)
  return text;
}

}  // namespace jsonjit::detail
