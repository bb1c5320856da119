// The front door: finds the resolved type for the options, picks the engine, turns the
// engine's failure into a parse_error.
#include <jsonjit/jit.hpp>
#include <jsonjit/serializer.hpp>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "engines/interp/interp_p.hpp"
#include "engines/jit/jit_p.hpp"
#include "model/type_info_p.hpp"
#include "serializer/front_door_p.hpp"
#include "serializer/resolved_p.hpp"
#include "text/writer_access_p.hpp"

namespace jsonjit::detail {
namespace {

/// The JIT's writer for `info`, when the options let the JIT run and it compiles the type.
/// With engine::jit, a type it does not compile is an error saying why, in `refusal` (never a
/// silent fallback); with engine::automatic the interpreter writes it.
jit::write_fn compiled_writer(const type_info& info, const serializer_options& options,
                              std::string_view& refusal) {
  if (options.engine() == engine::interpreter) return nullptr;
  if (const jit::write_fn fn = info.jit_write.compiled()) return fn;
  std::string_view why;
  const jit::write_fn fn = jit::writer_for(info, why);
  if (fn == nullptr && options.engine() == engine::jit) refusal = why;
  return fn;
}

/// Accepts every byte and keeps none: where the interpreter replays a failed compiled write
/// to report its error (code and path) without writing twice.
class discarding_output final : public output {
 public:
  discarding_output() { make_room(0); }
  bool flush() override { return true; }

 private:
  bool make_room(std::size_t n) override {
    buffer_.resize(std::max<std::size_t>(n, 4096));
    pos_ = buffer_.data();
    limit_ = buffer_.data() + buffer_.size();
    return true;
  }
  std::vector<char> buffer_;
};

parse_error write_with(const type_info& info, const void* value, writer& w) {
  failure_path path;
  if (interp_write(w, info, value, path)) return success();
  parse_error e;
  e.info.code = w.error();
  e.path = path.str();
  return e;
}

}  // namespace

parse_error write_to_string_slowly(const type_info& info, jit::write_fn fn, const void* value,
                                   std::string& out, const serializer_options& options, bool replay) {
  const std::size_t hint = info.size_hint.load(std::memory_order_relaxed);
  if (!replay && out.capacity() < hint + string_slack) {
    out.clear();  // nothing to copy into the new block
    out.reserve(hint + string_slack);
  }
  string_output buffer(out, hint + string_slack);
  if (fn != nullptr && !replay) replay = !run_compiled(fn, value, buffer, options);
  parse_error e;
  if (fn == nullptr || replay) {
    if (replay) {
      // The interpreter reports a failed compiled write exactly as it does: it starts over
      // at the beginning of the string.
      jit::statistics().writes_replayed.fetch_add(1, std::memory_order_relaxed);
      buffer.clear();
    }
    writer w(buffer, options.context().writing());
    e = write_with(info, value, w);
  }
  const std::size_t size = buffer.finish();
  if (!e && size != hint) info.size_hint.store(size, std::memory_order_relaxed);
  return e;
}

parse_error serialize_value(const type_descriptor& type, const void* value, writer& out,
                            const serializer_options& options) {
  parse_error e;
  const type_info* info = resolve(type, options, e);
  if (info == nullptr) return e;
  // A caller's writer may be anywhere in a document: its separators are the writer's business.
  if (options.engine() == engine::jit) {
    return at_root({error_code::not_compiled}, "writing through a caller's writer is not compiled");
  }
  return write_with(*info, value, out);
}

namespace {
/// After a compiled write into `out` failed (bytes it received stay there): the error. A
/// destination that failed is that error; else the interpreter names the failure (code and
/// path) by writing again where nothing is kept.
parse_error compiled_write_failed(const type_info& info, const void* value, output& out,
                                  const serializer_options& options) {
  if (out.failed()) return at_root({error_code::sink_failed});
  jit::statistics().writes_replayed.fetch_add(1, std::memory_order_relaxed);
  discarding_output nowhere;
  writer w(nowhere, options.context().writing());
  parse_error e = write_with(info, value, w);
  return e ? e : at_root({error_code::sink_failed});
}
}  // namespace

parse_error write_value(const type_info& info, const void* value, output& out,
                        const serializer_options& options, bool flush) {
  std::string_view refusal;
  if (const jit::write_fn fn = compiled_writer(info, options, refusal); !refusal.empty()) {
    return not_compiled(refusal);
  } else if (fn != nullptr) {
    if (!run_compiled(fn, value, out, options)) return compiled_write_failed(info, value, out, options);
    return !flush || out.flush() ? success() : at_root({error_code::sink_failed});
  }
  writer w(out, options.context().writing());
  parse_error e = write_with(info, value, w);
  if (!e && flush && !w.flush()) e = at_root({w.error()});
  return e;
}

parse_error serialize_value(const type_descriptor& type, const void* value, output& out,
                            const serializer_options& options) {
  parse_error e;
  const type_info* info = resolve(type, options, e);
  return info == nullptr ? e : with_failure_reason(write_value(*info, value, out, options, true), out);
}

parse_error write_next_value(const type_info& info, const void* value, writer& out,
                             const serializer_options& options) {
  std::string_view refusal;
  const jit::write_fn fn = compiled_writer(info, options, refusal);
  if (!refusal.empty()) return not_compiled(refusal);
  if (fn == nullptr) return write_with(info, value, out);
  // The writer writes what comes before the value (a comma, a line break and indentation);
  // the compiled code writes the value at the writer's depth, so its indentation is the
  // writer's; then the writer takes the value as written.
  const writer::window start = out.begin_direct(0);
  if (start.pos == nullptr) return at_root({out.error()});
  output& bytes = writer_access::output_of(out);
  jit::write_context context{start.pos,  start.limit, &bytes, &options, options.context().writing(),
                             out.depth()};
  if (!fn(&context, value)) {
    parse_error e = compiled_write_failed(info, value, bytes, options);
    out.direct_fail(e.info.code);
    return e;
  }
  out.end_direct(context.cur);
  return success();
}

parse_error serialize_value(const type_descriptor& type, const void* value, std::string& out,
                            const serializer_options& options) {
  const type_info* info = options.context().cached(type);
  if (info == nullptr) {
    parse_error refused;
    if ((info = resolve(type, options, refused)) == nullptr) return refused;
  }
  std::string_view refusal;
  const jit::write_fn fn = compiled_writer(*info, options, refusal);
  if (!refusal.empty()) return not_compiled(refusal);
  return write_to_string(*info, fn, value, out, options);
}

parse_error interpret_read(const type_info& info, void* target, bool is_new, std::string_view json,
                           const reader_options& reading) {
  reader in(json, reading);
  return read_with(in, info, target, is_new);
}

parse_error read_with(reader& in, const type_info& info, void* target, bool is_new, read_shortcut shortcut) {
  if (!in.read()) return at_root(in.error());
  read_failure failure;
  if (!(is_new ? interp_read_new(in, info, target, failure, shortcut)
               : interp_read(in, info, target, failure, shortcut))) {
    return error_of(failure);
  }
  if (in.read() || in.error()) {  // something after the value
    if (is_new) info.descriptor->destroy(target);
    return at_root(in.error());
  }
  return success();
}

namespace {

/// Reads `json` into `target`: an existing object, or (`is_new`) storage the object is
/// constructed in on success. Every return is a prvalue, as in serialize_value.
parse_error read_value(const type_descriptor& type, void* target, bool is_new, std::string_view json,
                       const serializer_options& options) {
  const type_info* info = options.context().cached(type);
  if (info == nullptr) {
    parse_error refused;
    if ((info = resolve(type, options, refused)) == nullptr) return refused;
  }
  jit::read_fn fn = nullptr;
  if (options.engine() != engine::interpreter) {
    std::string_view why;
    fn = info->jit_read.compiled();
    if (fn == nullptr) fn = jit::reader_for(*info, why);
    if (fn == nullptr && options.engine() == engine::jit) return not_compiled(why);
  }
  return read_resolved(*info, fn, target, is_new, json, options);
}
}  // namespace

parse_error deserialize_value(const type_descriptor& type, void* target, std::string_view json,
                              const serializer_options& options) {
  return read_value(type, target, false, json, options);
}

parse_error deserialize_new_value(const type_descriptor& type, void* storage, std::string_view json,
                                  const serializer_options& options) {
  return read_value(type, storage, true, json, options);
}

parse_error refusal_report(bool writes, std::string_view write_why, bool reads, std::string_view read_why) {
  std::string why;
  if (!writes) why.append("writing: ").append(write_why);
  if (!reads) why.append(writes ? "" : "; ").append("reading: ").append(read_why);
  return at_root({error_code::not_compiled}, std::move(why));
}

parse_error precompile_type(const type_descriptor& type, const serializer_options& options) {
  parse_error e;
  const type_info* info = resolve(type, options, e);
  if (info == nullptr) return e;
  std::string_view write_why, read_why;
  const bool writes = jit::writer_for(*info, write_why) != nullptr;
  const bool reads = jit::reader_for(*info, read_why) != nullptr;
  if (writes && reads) return e;
  return refusal_report(writes, write_why, reads, read_why);
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
