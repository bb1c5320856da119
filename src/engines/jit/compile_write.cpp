// The writer compiler: turns a resolved object type into straight-line code — its property
// names as immediate stores (with the braces and commas around them), one room check per run of
// fixed-size output, booleans inline, integers and strings through helpers, converters called
// directly (no virtual dispatch), member objects by direct calls to their compiled writers. What it does not compile yet, it refuses with a
// reason, and the interpreter writes that type.
#include <mutex>
#include <string>
#include <vector>

#include "engines/jit/emit/writer_emitter_p.hpp"
#include "engines/jit/jit_p.hpp"
#include "model/type_info_p.hpp"

namespace jsonjit::detail::jit {
namespace {

/// Output room an integer's formatting may touch (it stores whole 8-byte groups).
constexpr std::size_t integer_room = 24;
constexpr std::size_t boolean_room = 5;

/// Room a property's value needs from the run before it; 0 for values that reserve their own.
std::size_t fixed_room(const property_info& p) {
  if (p.converter != nullptr) return 0;
  if (p.type->kind == type_kind::boolean) return boolean_room;
  if (is_number_kind(p.type->kind)) return integer_room;  // only integers reach here
  return 0;
}

bool is_integer(type_kind kind) { return kind >= type_kind::int8 && kind <= type_kind::uint64; }

class writer_compiler {
 public:
  writer_compiler(options_context& context, std::string& why) : context_(context), why_(why) {}

  /// The compiled writer of `info` (compiling what it needs first), or null with why_ set.
  write_fn compile(const type_info& info, int depth) {
    switch (info.jit_write_state.load(std::memory_order_acquire)) {
      case jit_state::compiled: return info.jit_writer;
      case jit_state::refused: why_ = info.jit_refusal; return nullptr;
      default: break;
    }
    for (const type_info* open : open_) {
      if (open == &info) return refuse(info, "it contains itself (recursive types are not compiled yet)");
    }
    const serializer_options& options = *info.options;
    if (info.kind != type_kind::object) return refuse(info, "only objects are compiled yet");
    if (options.write_indented()) return refuse(info, "indented output is not compiled yet");
    if (has_flag(options.numbers(), number_handling::write_as_string)) {
      return refuse(info, "numbers written as strings are not compiled yet");
    }
    if (depth >= options.max_depth()) return refuse(info, "it nests deeper than the options' max_depth");
    if (info.extension_data >= 0) return refuse(info, "extension data is not compiled yet");

    open_.push_back(&info);
    std::vector<const property_info*> written;
    for (const property_info& p : info.properties) {
      if (p.write == write_condition::never) continue;
      std::string reason;
      if (p.write != write_condition::always) {
        reason = "ignore conditions are not compiled yet";
      } else if (p.descriptor->offset < 0) {
        reason = "getters are not compiled yet";
      } else if (p.converter != nullptr || p.type->kind == type_kind::custom) {
        // A converter may write containers: the writer it gets allows what would be left.
        if (options.max_depth() - (depth + 1) < 1) reason = "a converter this deep is not compiled";
      } else if (p.type->kind == type_kind::object) {
        if (compile(*p.type, depth + 1) == nullptr) reason = "its type is not compiled: " + why_;
      } else if (p.type->kind != type_kind::boolean && p.type->kind != type_kind::string &&
                 !is_integer(p.type->kind)) {
        reason = "its kind is not compiled yet";
      }
      if (!reason.empty()) {
        open_.pop_back();
        return refuse(info, "property " + p.json_name + ": " + reason);
      }
      written.push_back(&p);
    }
    open_.pop_back();
    return emit(info, written, depth);
  }

 private:
  write_fn emit(const type_info& info, const std::vector<const property_info*>& written, int depth) {
    writer_emitter out;
    std::size_t reserved = 0;  // room still known to be there
    for (std::size_t i = 0; i < written.size(); ++i) {
      const property_info& p = *written[i];
      std::string literal(i == 0 ? "{" : ",");  // appended, not concatenated: GCC 12 warns wrongly on `+`
      literal += p.encoded.quoted();
      literal += ':';
      if (reserved < literal.size() + fixed_room(p)) {
        reserved = run_room(written, i);
        out.reserve(reserved);
      }
      out.bytes(literal);
      reserved -= literal.size();
      const auto offset = p.descriptor->offset;
      if (const converter_descriptor* converter = p.converter != nullptr ? p.converter : p.type->converter) {
        out.converted(offset, converter, info.options->max_depth() - (depth + 1));
        reserved = 0;
        continue;
      }
      switch (p.type->kind) {
        case type_kind::boolean: out.boolean(offset); break;
        case type_kind::string: out.string(offset); break;
        case type_kind::object: out.object(offset, &p.type->jit_writer); break;
        default:  // the integers
          out.integer(offset, static_cast<unsigned>(p.type->descriptor->size),
                      p.type->kind >= type_kind::int8 && p.type->kind <= type_kind::int64);
          break;
      }
      reserved = fixed_room(p) == 0 ? 0 : reserved - fixed_room(p);
    }
    const std::string_view close = written.empty() ? "{}" : "}";
    if (reserved < close.size()) out.reserve(close.size());
    out.bytes(close);
    const placed_code code = out.finish(context_.code());
    if (code.entry == nullptr) return refuse(info, "no executable memory could be had");
    info.jit_writer = reinterpret_cast<write_fn>(const_cast<void*>(code.entry));
    info.jit_write_state.store(jit_state::compiled, std::memory_order_release);
    return info.jit_writer;
  }

  /// The room from property i up to the next value that reserves its own (its name included),
  /// or to the closing brace.
  static std::size_t run_room(const std::vector<const property_info*>& written, std::size_t i) {
    std::size_t room = 0;
    for (; i < written.size(); ++i) {
      const property_info& p = *written[i];
      room += 1 + p.encoded.quoted().size() + 1 + fixed_room(p);
      if (fixed_room(p) == 0) return room;
    }
    return room + 1;  // '}'
  }

  write_fn refuse(const type_info& info, std::string reason) {
    why_ = std::string(info.descriptor->name) + ": " + reason;
    info.jit_refusal = why_;
    info.jit_write_state.store(jit_state::refused, std::memory_order_release);
    return nullptr;
  }

  options_context& context_;
  std::string& why_;
  std::vector<const type_info*> open_;  // types being compiled (a cycle is a recursive type)
};

}  // namespace

write_fn writer_for(const type_info& info, std::string& why) {
  switch (info.jit_write_state.load(std::memory_order_acquire)) {
    case jit_state::compiled: return info.jit_writer;
    case jit_state::refused: why = info.jit_refusal; return nullptr;
    default: break;
  }
  options_context& context = info.options->context();
  const std::lock_guard lock(context.jit_mutex());  // each (type, options) is compiled once
  return writer_compiler(context, why).compile(info, 0);
}

}  // namespace jsonjit::detail::jit
