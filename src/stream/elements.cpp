// element_reader and element_writer: a sequence of values one at a time, read as a reader of
// the input reads them (compiled code first, as in stream_read.cpp) and written as one writer
// writing the whole array would write it.
#include <jsonjit/stream.hpp>

#include <string>

#include "model/type_info_p.hpp"
#include "serializer/front_door_p.hpp"
#include "stream/stream_read_p.hpp"

namespace jsonjit::detail {
namespace {

reader_options sequence_reading(const serializer_options& options, sequence_format format) {
  reader_options reading = options.context().reading();
  if (format == sequence_format::lines) reading.allow_multiple_values = true;
  return reading;
}

/// `e` about the element at `index`: "$.Name" becomes "$[index].Name".
parse_error in_element(parse_error e, std::size_t index) {
  e.path.replace(0, 1, "$[" + std::to_string(index) + "]");
  return e;
}

}  // namespace

element_source::element_source(input& in, const serializer_options& options, sequence_format format)
    : in_(in), reader_(in, sequence_reading(options, format)), options_(options), format_(format) {}

bool element_source::fail(parse_error e) {
  error_ = with_failure_reason(std::move(e), in_);
  ended_ = true;
  return false;
}

/// The type resolved and, for an array, its '['. Once, by the first next().
bool element_source::start(const type_descriptor& type) {
  started_ = true;
  parse_error e;
  info_ = resolve(type, options_, e);
  if (info_ == nullptr || (e = jit_refusal(*info_, options_))) return fail(std::move(e));
  if (format_ == sequence_format::lines) return true;
  if (!reader_.read()) return fail(at_root(reader_.error()));
  if (reader_.token() == token_type::start_array) return true;
  // As reading the text whole as a std::vector<T> reports it.
  const error_code code = reader_.token() == token_type::null ? error_code::null_not_allowed : error_code::expected_array;
  return fail(at_root({code, reader_.token_offset(), reader_.token_line(), reader_.token_column(), false}));
}

bool element_source::next(const type_descriptor& type, void* target) {
  if (ended_ || (!started_ && !start(type))) return false;
  if (!reader_.read()) {
    // No (more) values: the end of a JSON Lines input, empty or not.
    const bool no_values = reader_.error().code == error_code::empty_input && format_ == sequence_format::lines;
    // In JSON Lines, where the next line's value should start: the error is that element's
    // ($[index]). In an array, as reading the whole array as a vector reports it.
    if (reader_.error() && !no_values) {
      parse_error e = at_root(reader_.error());
      return fail(format_ == sequence_format::lines ? in_element(std::move(e), index_) : std::move(e));
    }
    ended_ = true;
    return false;
  }
  if (format_ == sequence_format::array && reader_.token() == token_type::end_array) {
    if (reader_.read() || reader_.error()) return fail(at_root(reader_.error()));  // after the array
    ended_ = true;
    return false;
  }
  read_failure failure;
  if (!interp_read(reader_, *info_, target, failure, stream_shortcut(options_))) {
    failure.path.add_index(index_);
    return fail(error_of(failure));
  }
  ++index_;
  return true;
}

element_sink::element_sink(output& out, const serializer_options& options, sequence_format format)
    : out_(out), options_(options), format_(format), writer_(out, options.context().writing()) {}

parse_error element_sink::fail(parse_error e) {
  error_ = with_failure_reason(std::move(e), out_);
  return error_;
}

parse_error element_sink::write(const type_descriptor& type, const void* value) {
  if (error_ || finished_) return error_;
  parse_error e;
  if (info_ == nullptr && (info_ = resolve(type, options_, e)) == nullptr) return fail(std::move(e));
  if (format_ == sequence_format::lines) {
    e = write_value(*info_, value, out_, options_, false);
    if (!e && !out_.reserve(1)) e = at_root({error_code::sink_failed});
    if (!e) {
      *out_.pos() = '\n';
      out_.advance_to(out_.pos() + 1);
    }
  } else {
    if (!started_) {
      started_ = true;
      writer_.start_array();
    }
    e = write_next_value(*info_, value, writer_, options_);
  }
  if (e) return fail(in_element(std::move(e), index_));
  ++index_;
  return success();
}

parse_error element_sink::finish() {
  if (error_ || finished_) return error_;
  finished_ = true;
  if (format_ == sequence_format::lines) return out_.flush() ? success() : fail(at_root({error_code::sink_failed}));
  if (!started_) writer_.start_array();
  writer_.end_array();
  if (!writer_.flush()) return fail(at_root({writer_.error()}));
  return success();
}

}  // namespace jsonjit::detail
