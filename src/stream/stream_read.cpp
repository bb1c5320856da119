// Reading a value from an input: the interpreter drives a reader that refills its window from
// the input, and every object or array whose type has compiled code is first offered to that
// code over the window. Compiled code reads only what is in the window and never accepts what
// the interpreter rejects, so a value it reads is read exactly as the interpreter would; one
// it gives up on (an error, a value cut by the window's end, anything it leaves to the
// interpreter) is read again by the interpreter from its first token, refilling as it goes.
#include <jsonjit/stream.hpp>

#include "engines/jit/jit_p.hpp"
#include "model/type_info_p.hpp"
#include "serializer/front_door_p.hpp"
#include "stream/stream_read_p.hpp"
#include "text/reader_access_p.hpp"

namespace jsonjit::detail {

bool read_compiled_value(reader& in, const type_info& info, void* target) {
  jit::read_fn fn = info.jit_read.compiled();
  if (fn == nullptr) {
    std::string_view why;
    fn = jit::reader_for(info, why);
    if (fn == nullptr) return false;
  }
  const serializer_options& options = *info.options;
  for (bool again = false;; again = true) {
    const char* const start = reader_access::token_start(in);
    jit::read_context context{reader_access::window_end(in), &options, options.context().reading(), in.depth()};
    if (const char* after = fn(&context, target, start)) {
      reader_access::finish_value(in, after);
      return true;
    }
    // Perhaps cut off by the end of the window: worth one more try once the value starts the
    // window and more input follows it (the window does not grow for this).
    if (again || start == reader_access::window_begin(in) || !reader_access::more_input(in)) return false;
  }
}

read_shortcut stream_shortcut(const serializer_options& options) noexcept {
  return options.engine() == engine::interpreter ? nullptr : &read_compiled_value;
}

parse_error jit_refusal(const type_info& info, const serializer_options& options) {
  std::string_view why;
  if (options.engine() == engine::jit && jit::reader_for(info, why) == nullptr) return not_compiled(why);
  return success();
}

namespace {

parse_error read_stream(const type_descriptor& type, void* target, bool is_new, input& json,
                        const serializer_options& options) {
  parse_error e;
  const type_info* info = resolve(type, options, e);
  if (info == nullptr) return e;
  if ((e = jit_refusal(*info, options))) return e;
  reader in(json, options.context().reading());
  return with_failure_reason(read_with(in, *info, target, is_new, stream_shortcut(options)), json);
}

}  // namespace

parse_error deserialize_value(const type_descriptor& type, void* target, input& json,
                              const serializer_options& options) {
  return read_stream(type, target, false, json, options);
}

parse_error deserialize_new_value(const type_descriptor& type, void* storage, input& json,
                                  const serializer_options& options) {
  return read_stream(type, storage, true, json, options);
}

}  // namespace jsonjit::detail
