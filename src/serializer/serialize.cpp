// The front door: finds the resolved type for the options, picks the engine, turns the
// engine's failure into a parse_error.
#include <jsonjit/jit.hpp>
#include <jsonjit/serializer.hpp>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "engines/interp/interp_p.hpp"
#include "serializer/front_door_p.hpp"
#include "text/writer_access_p.hpp"
#include "engines/jit/jit_p.hpp"
#include "model/type_info_p.hpp"

namespace jsonjit::detail {
namespace {

/// Output into a std::string's own memory: the string is sized to its capacity while
/// writing and trimmed to what was written at the end.
class string_output final : public output {
 public:
  explicit string_output(std::string& s, std::size_t expected_size) : s_(s) {
    if (s_.capacity() < expected_size) {
      s_.clear();  // nothing to copy into the new block
      s_.reserve(expected_size);
    }
    // Sizing to the capacity zero-fills only what lies past the current size; the old content
    // is overwritten anyway, so it is not cleared first.
    s_.resize(s_.capacity());
    pos_ = s_.data();
    limit_ = s_.data() + s_.size();
  }
  /// Back to the start of the string, to write it again.
  void restart() noexcept { pos_ = s_.data(); }
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


/// The JIT's writer for `info`, when the options let the JIT run and it compiles the type.
/// With engine::jit, a type it does not compile is an error saying why, in `refusal` (never a
/// silent fallback); with engine::automatic the interpreter writes it.
jit::write_fn compiled_writer(const type_info& info, const serializer_options& options, std::string_view& refusal) {
  if (options.engine() == engine::interpreter) return nullptr;
  if (const jit::write_fn fn = info.jit_write.compiled()) return fn;
  std::string_view why;
  const jit::write_fn fn = jit::writer_for(info, why);
  if (fn == nullptr && options.engine() == engine::jit) refusal = why;
  return fn;
}


/// Runs a compiled writer at out's position; false if it failed.
bool run_compiled(jit::write_fn fn, const void* value, output& out, const serializer_options& options) {
  jit::write_context context{out.pos(), out.limit(), &out, &options, options.context().writing(), 0};
  if (!fn(&context, value)) return false;
  out.advance_to(context.cur);
  return true;
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

/// The interpreter's serialization into a string (or the replay of a failed compiled one).
parse_error write_into_string(const type_info& info, const void* value, string_output& buffer, std::size_t hint,
                              const serializer_options& options) {
  writer w(buffer, options.context().writing());
  parse_error e = write_with(info, value, w);
  const std::size_t size = buffer.finish();
  if (!e && size != hint) info.size_hint.store(size, std::memory_order_relaxed);
  return e;
}

}  // namespace

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

parse_error write_value(const type_info& info, const void* value, output& out, const serializer_options& options,
                        bool flush) {
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
  return info == nullptr ? e : write_value(*info, value, out, options, true);
}

parse_error write_next_value(const type_info& info, const void* value, writer& out, const serializer_options& options) {
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
  jit::write_context context{start.pos, start.limit, &bytes, &options, options.context().writing(), out.depth()};
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
  // Every return is a prvalue (no parse_error is moved on the way out): the fast path's cost
  // is the lookup, the call and the string's sizing.
  std::string_view unsupported;
  const type_info* info = options.context().find(type, unsupported);
  if (info == nullptr) return at_root({error_code::unsupported_type}, std::string(unsupported));
  std::string_view refusal;
  const jit::write_fn fn = compiled_writer(*info, options, refusal);
  if (!refusal.empty()) return not_compiled(refusal);
  const std::size_t hint = info->size_hint.load(std::memory_order_relaxed);
  string_output buffer(out, hint + 64);
  if (fn != nullptr) {
    if (run_compiled(fn, value, buffer, options)) {
      const std::size_t size = buffer.finish();
      // Stored only when it changes: threads writing the same type do not contend for the line.
      if (size != hint) info->size_hint.store(size, std::memory_order_relaxed);
      return success();
    }
    // The interpreter reports a failed compiled write exactly as it does: it starts over at
    // the beginning of the string.
    jit::statistics().writes_replayed.fetch_add(1, std::memory_order_relaxed);
    buffer.restart();
  }
  return write_into_string(*info, value, buffer, hint, options);
}

namespace {
/// Runs the compiled reader of `info` over the whole of `json` (into new storage with
/// `is_new`: a type built by its constructor); false if it gave up, leaving no new object
/// (then the interpreter reads it again, for the same result or its exact error).
bool read_compiled(jit::read_fn fn, const type_info& info, void* target, bool is_new, std::string_view json,
                   const serializer_options& options, const reader_options& reading) {
  const char* const end = json.data() + json.size();
  jit::read_context context{end, &options, reading, 0};
  const char* p =
      is_new ? jsonjit_jit_read_constructed(&context, target, json.data(), info.jit_constructed.get(), true)
             : fn(&context, target, json.data());
  if (p == nullptr) return false;
  if (p == end || jsonjit_jit_skip_whitespace(p, end) == end) return true;
  if (is_new) info.descriptor->destroy(target);
  return false;
}

/// The interpreter's reading of `json` (or the replay of a compiled read that gave up).
parse_error interpret_read(const type_info& info, void* target, bool is_new, std::string_view json,
                           const reader_options& reading) {
  reader in(json, reading);
  return read_with(in, info, target, is_new);
}
}  // namespace

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
  options_context& context = options.context();
  std::string_view unsupported;
  const type_info* info = context.find(type, unsupported);
  if (info == nullptr) return at_root({error_code::unsupported_type}, std::string(unsupported));
  const reader_options& reading = context.reading();
  if (options.engine() != engine::interpreter) {
    std::string_view why;
    jit::read_fn fn = info->jit_read.compiled();
    if (fn == nullptr) fn = jit::reader_for(*info, why);
    if (fn == nullptr && options.engine() == engine::jit) return not_compiled(why);
    // New storage takes a type built by its constructor (else the interpreter reports it).
    if (fn != nullptr && (!is_new || info->jit_constructed != nullptr)) {
      if (read_compiled(fn, *info, target, is_new, json, options, reading)) return success();
      jit::statistics().reads_replayed.fetch_add(1, std::memory_order_relaxed);
    }
  }
  return interpret_read(*info, target, is_new, json, reading);
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

parse_error precompile_type(const type_descriptor& type, const serializer_options& options) {
  parse_error e;
  const type_info* info = resolve(type, options, e);
  if (info == nullptr) return e;
  std::string_view write_why, read_why;
  const bool writes = jit::writer_for(*info, write_why) != nullptr;
  const bool reads = jit::reader_for(*info, read_why) != nullptr;
  if (writes && reads) return e;
  std::string why;
  if (!writes) why.append("writing: ").append(write_why);
  if (!reads) why.append(writes ? "" : "; ").append("reading: ").append(read_why);
  return at_root({error_code::not_compiled}, std::move(why));
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
