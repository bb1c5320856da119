// The front door: finds the resolved type for the options, picks the engine, turns the
// engine's failure into a parse_error.
#include <jsonjit/serializer.hpp>

#include <cstdlib>

#include "engines/interp/interp_p.hpp"
#include "model/type_info_p.hpp"

namespace jsonjit::detail {
namespace {

/// Output into a std::string's own memory: the string is sized to its capacity while
/// writing and trimmed to what was written at the end.
class string_output final : public output {
 public:
  explicit string_output(std::string& s, std::size_t expected_size) : s_(s) {
    s_.clear();
    if (s_.capacity() < expected_size) s_.reserve(expected_size);
    s_.resize(s_.capacity());
    pos_ = s_.data();
    limit_ = s_.data() + s_.size();
  }
  std::size_t finish() {
    const auto size = static_cast<std::size_t>(pos_ - s_.data());
    s_.resize(size);
    return size;
  }
  bool flush() override { return true; }

 private:
  bool make_room(std::size_t n) override {
    const auto used = static_cast<std::size_t>(pos_ - s_.data());
    s_.resize(std::max(2 * s_.size(), used + n));
    pos_ = s_.data() + used;
    limit_ = s_.data() + s_.size();
    return true;
  }
  std::string& s_;
};

parse_error unsupported(options_context& context) {
  parse_error e;
  e.info.code = error_code::unsupported_type;
  e.path.assign(1, '$');
  e.name = std::string(context.unsupported_type_name());
  return e;
}

parse_error write_failure(const writer& w, const failure_path& path) {
  parse_error e;
  e.info.code = w.error();
  e.path = path.str();
  return e;
}

}  // namespace

parse_error serialize_value(const type_descriptor& type, const void* value, writer& out,
                            const serializer_options& options) {
  options_context& context = options.context();
  const type_info* info = context.find(type);
  if (info == nullptr) return unsupported(context);
  failure_path path;
  if (!interp_write(out, *info, value, path)) return write_failure(out, path);
  return {};
}

parse_error serialize_value(const type_descriptor& type, const void* value, output& out,
                            const serializer_options& options) {
  writer w(out, options.writer_settings());
  parse_error e = serialize_value(type, value, w, options);
  if (!e && !w.flush()) e = write_failure(w, failure_path{});
  return e;
}

parse_error serialize_value(const type_descriptor& type, const void* value, std::string& out,
                            const serializer_options& options) {
  options_context& context = options.context();
  const type_info* info = context.find(type);
  if (info == nullptr) return unsupported(context);
  string_output buffer(out, info->size_hint.load(std::memory_order_relaxed) + 64);
  writer w(buffer, options.writer_settings());
  failure_path path;
  if (!interp_write(w, *info, value, path)) {
    buffer.finish();
    return write_failure(w, path);
  }
  info->size_hint.store(buffer.finish(), std::memory_order_relaxed);
  return {};
}

parse_error deserialize_value(const type_descriptor& type, void* target, std::string_view json,
                              const serializer_options& options) {
  options_context& context = options.context();
  const type_info* info = context.find(type);
  if (info == nullptr) return unsupported(context);
  reader_options reading;
  reading.comments = options.skip_comments() ? comment_handling::skip : comment_handling::disallow;
  reading.allow_trailing_commas = options.allow_trailing_commas();
  reading.max_depth = options.max_depth();
  reader in(json, reading);
  parse_error e;
  if (!in.read()) {
    e.info = in.error();
    e.path.assign(1, '$');
    return e;
  }
  read_failure failure;
  if (!interp_read(in, *info, target, failure)) {
    e.info = failure.where;
    e.path = failure.path.str();
    e.name = std::move(failure.name);
    return e;
  }
  if (in.read() || in.error()) {  // something after the value
    e.info = in.error();
    e.path.assign(1, '$');
  }
  return e;
}

void throw_or_abort(const parse_error& error) {
#if defined(__cpp_exceptions)
  throw json_error(error);
#else
  (void)error;
  std::abort();
#endif
}

}  // namespace jsonjit::detail
