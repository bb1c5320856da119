#include <jsonjit/schema.hpp>
#include <jsonjit/output.hpp>
#include <jsonjit/writer.hpp>

// The output formats of 2020-12 core §12.4 (2019-09 §10.4): `flag` the verdict, `basic` a flat
// list of output units, `detailed` the units nested as the applicators that failed nest.

namespace jsonjit {
namespace {

void write_unit(writer& w, const validation_error& e) {
  w.property_name("keywordLocation");
  w.string_value(e.keyword_location);
  if (!e.absolute_keyword_location.empty()) {
    w.property_name("absoluteKeywordLocation");
    w.string_value(e.absolute_keyword_location);
  }
  w.property_name("instanceLocation");
  w.string_value(e.instance_location);
}

/// The unit of errors[at] and, nested under it, its causes; returns the index past them.
std::size_t write_detailed(writer& w, std::span<const validation_error> errors, std::size_t at) {
  const validation_error& e = errors[at];
  w.start_object();
  w.property_name("valid");
  w.bool_value(false);
  write_unit(w, e);
  std::size_t next = at + 1;
  if (e.causes == 0) {
    w.property_name("error");
        w.string_value(e.message);
  } else {
    w.property_name("errors");
    w.start_array();
    const std::size_t end = at + 1 + e.causes;
    while (next < end) next = write_detailed(w, errors, next);
    w.end_array();
  }
  w.end_object();
  return next;
}

}  // namespace

std::string validation::to_json(output_format format) const {
  memory_output out;
  writer_options options;
  options.escaping = escape_mode::relaxed;  // messages and locations stay readable
  writer w(out, options);
  w.start_object();
  w.property_name("valid");
  w.bool_value(valid_);
  if (format != output_format::flag && valid_ && !annotations_.empty()) {
    w.property_name("annotations");
    w.start_array();
    for (const validation_annotation& a : annotations_) {
      w.start_object();
      w.property_name("valid");
      w.bool_value(true);
      w.property_name("keywordLocation");
      w.string_value(a.keyword_location);
      w.property_name("absoluteKeywordLocation");
      w.string_value(a.absolute_keyword_location);
      w.property_name("instanceLocation");
      w.string_value(a.instance_location);
      w.property_name("annotation");
      w.raw_value(a.value, true);
      w.end_object();
    }
    w.end_array();
  }
  if (format != output_format::flag && !valid_) {
    w.property_name("errors");
    w.start_array();
    if (format == output_format::basic) {
      for (const validation_error& e : errors_) {
        w.start_object();
        w.property_name("valid");
  w.bool_value(false);
        write_unit(w, e);
        w.property_name("error");
        w.string_value(e.message);
        w.end_object();
      }
    } else {
      for (std::size_t i = 0; i < errors_.size();) i = write_detailed(w, errors_, i);
    }
    w.end_array();
  }
  w.end_object();
  w.flush();
  return out.str();
}

}  // namespace jsonjit
