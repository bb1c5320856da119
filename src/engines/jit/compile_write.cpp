// The writer compiler: turns a resolved object type into straight-line code — its property
// names as immediate stores (with the braces and commas around them), one room check per run of
// fixed-size output, ignore conditions as one test per property that may be left out,
// booleans and short clean strings inline; integers, converters' short text (uuids) and other
// strings through helpers; converters called directly (no virtual dispatch), member objects
// by direct calls to their compiled writers,
// contiguous sequences and optionals of those as loops and branches, and the values it does not
// write itself (other containers, getters, variants, ...) by the interpreter. What
// it cannot compile at all (options it does not bake in), it refuses with a reason, and the
// interpreter writes that type.
#include <algorithm>
#include <string>
#include <vector>

#include "engines/jit/compile_once_p.hpp"
#include "engines/jit/emit/writer_emitter_p.hpp"
#include "engines/jit/jit_p.hpp"
#include "engines/jit/listing_p.hpp"
#include "model/type_info_p.hpp"

namespace jsonjit::detail::jit {
namespace {

/// Output room an integer's formatting may touch (it stores whole 8-byte groups), with quotes.
constexpr std::size_t integer_room = 26;
constexpr std::size_t boolean_room = 5;

bool is_integer(type_kind kind) { return kind >= type_kind::int8 && kind <= type_kind::uint64; }

/// How generated code writes a value. `member`: the interpreter writes the whole property,
/// name included (a getter's, when its ignore condition needs the value); `extension`: the
/// interpreter writes the extension data's entries as properties.
enum class how : std::uint8_t {
  boolean,
  integer,
  string,
  text,  ///< by a converter's write_text, in reserved room
  converted,
  object,
  recursive,
  sequence,
  nullable,
  map,
  interpreted,
  member,
  extension
};

/// Room a value written `write` needs from the run before it; 0 for values that check their own.
std::size_t room_of(how write, const converter_descriptor* converter) {
  switch (write) {
    case how::boolean: return boolean_room;
    case how::integer: return integer_room;
    case how::text: return converter->max_text_size + 2;  // in quotes
    default: return 0;
  }
}

/// Text converters whose room generated code reserves in its runs (longer ones go through a writer).
constexpr std::size_t max_reserved_text = 256;

/// How a value with `converter` is written.
how by_converter(const converter_descriptor* converter) {
  return converter->write_text != nullptr && converter->max_text_size <= max_reserved_text ? how::text
                                                                                            : how::converted;
}

/// When a compiled property is left out (its ignore condition, as the interpreter decides it).
enum class skip : std::uint8_t { never, when_null, when_default };

struct planned_property {
  const property_info* property;
  how write;
  how element = how::interpreted;  ///< sequence: its elements; nullable: its value
  skip left_out = skip::never;
  const converter_descriptor* converter = nullptr;  ///< text: the converter
  std::size_t fixed_room() const { return room_of(write, converter); }
  /// Whether generated code writes the name (else the interpreter does, if at all).
  bool named() const { return write != how::member && write != how::extension; }
};

/// The ignore condition of a data member, as the interpreter's skip_property applies it.
skip left_out(const property_info& p) {
  switch (p.write) {
    case write_condition::unless_null: return p.type->kind == type_kind::nullable ? skip::when_null : skip::never;
    case write_condition::unless_default:
      return p.type->descriptor->is_default != nullptr ? skip::when_default : skip::never;
    default: return skip::never;
  }
}

class writer_compiler {
 public:
  explicit writer_compiler(options_context& context) : context_(context) {}

  /// The compiled writer of `info` (compiling what it needs first), or null (the refusal is
  /// kept in the type's entry).
  write_fn compile(const type_info& info) {
    switch (info.jit_write.state.load(std::memory_order_acquire)) {
      case jit_state::compiled: return info.jit_write.fn;
      case jit_state::refused: return nullptr;
      default: break;
    }
    if (info.kind != type_kind::object && info.kind != type_kind::sequence) {
      return refuse(info, "only objects and sequences are compiled yet");
    }
    if (info.kind == type_kind::sequence) return sequence(info);

    open_.push_back(&info);
    std::vector<planned_property> plan;
    for (const property_info& p : info.properties) {
      if (p.write == write_condition::never) continue;
      how write = how::interpreted;
      how element = how::interpreted;
      if (p.descriptor->offset < 0) {
        write = p.write == write_condition::always ? how::interpreted : how::member;  // a getter's value
      } else if (p.converter != nullptr) {
        write = by_converter(p.converter);
      } else if (p.type->kind == type_kind::sequence && p.type->descriptor->sequence->data != nullptr) {
        element = simple(*p.type->element);
        if (element != how::interpreted) write = how::sequence;
      } else if (p.type->kind == type_kind::map && has_plain_keys(*p.type)) {
        write = how::map;
      } else if (p.type->kind == type_kind::nullable) {
        element = simple(*p.type->element);
        if (element != how::interpreted) write = how::nullable;
      } else {
        write = simple(*p.type);
      }
      plan.push_back({&p, write, element, write == how::member ? skip::never : left_out(p),
                      p.converter != nullptr ? p.converter : p.type->converter});
    }
    if (info.extension_data >= 0) {
      plan.push_back({&info.properties[static_cast<std::size_t>(info.extension_data)], how::extension});
    }
    open_.pop_back();
    return emit(info, plan);
  }

 private:
  /// Maps whose keys the map helper writes as the interpreter does: integers, and strings
  /// under no key naming policy.
  static bool has_plain_keys(const type_info& map) {
    const type_kind key = map.key->kind;
    return is_integer(key) || (key == type_kind::string && map.options->key_naming() == naming_policy::none);
  }

  /// How a value of `type` is written: natively when it is a scalar, a string, a converted
  /// value or an object that compiles (or is being compiled: a type containing itself calls
  /// itself through its slot); else by the interpreter (sequences and optionals are planned by
  /// the caller, and do not nest in one function).
  how simple(const type_info& type) {
    switch (type.kind) {
      case type_kind::boolean: return how::boolean;
      case type_kind::string: return how::string;
      case type_kind::custom: return by_converter(type.converter);
      case type_kind::object:
        if (std::find(open_.begin(), open_.end(), &type) != open_.end()) return how::recursive;
        return compile(type) != nullptr ? how::object : how::interpreted;
      default: return is_integer(type.kind) ? how::integer : how::interpreted;
    }
  }

  /// Writes a value planned `write` (not a sequence, optional or interpreted member) of `type`
  /// at `offset` from `base`; `converter` for converted values.
  static void value(writer_emitter& out, how write, const type_info& type, const converter_descriptor* converter,
                    std::ptrdiff_t offset, value_base base) {
    switch (write) {
      case how::boolean: out.boolean(offset, base); break;
      case how::integer:
        out.integer(offset, static_cast<unsigned>(type.descriptor->size),
                    type.kind >= type_kind::int8 && type.kind <= type_kind::int64,
                    has_flag(type.options->numbers(), number_handling::write_as_string), base);
        break;
      case how::string:
        out.string(offset, base, type.options->context().writing().escaping, string_layout_known());
        break;
      case how::text:
        out.comment("; the converter's text, in place");
        out.text(offset, converter, base);
        break;
      case how::converted: out.converted(offset, converter, base); break;
      case how::object: out.object(offset, &type.jit_write.fn, base); break;
      // Its slot is still empty while it compiles, and stays so if it is refused: checked.
      case how::recursive:
        out.comment("; calls itself through its slot");
        out.object(offset, &type.jit_write.fn, base, true);
        break;
      default: break;  // planned by emit
    }
  }

  /// An element of a sequence or an optional's value: its room, then the value.
  static void element_value(writer_emitter& out, how write, const type_info& type) {
    if (const std::size_t room = room_of(write, type.converter); room != 0) out.reserve(room);
    value(out, write, type, type.converter, 0, value_base::element);
  }

  /// A sequence as a value of its own (a top-level array) whose elements are written natively.
  write_fn sequence(const type_info& info) {
    const sequence_ops& ops = *info.descriptor->sequence;
    if (ops.data == nullptr) return refuse(info, "only contiguous sequences are compiled");
    open_.push_back(&info);
    const how element = simple(*info.element);
    open_.pop_back();
    if (element == how::interpreted) return refuse(info, "its elements are not compiled");
    writer_emitter out(function_shape::sequence, context_.writing(), listing_wanted(*info.options));
    out.comment("; elements");
    out.begin_sequence(0, &ops, 0);
    element_value(out, element, *info.element);
    out.end_sequence();
    return place(info, out);
  }

  write_fn place(const type_info& info, writer_emitter& out) {
    const std::string name = "jsonjit::write<" + std::string(info.descriptor->name) + ">";
    const placed_code code = out.finish(context_.code(), name);
    if (code.entry == nullptr) return refuse(info, "no executable memory could be had");
    if (listing_wanted(*info.options)) deliver_listing(*info.options, name, code, out.listing());
    return publish(info.jit_write, code);
  }

  /// A planned property's value (its name written).
  static void property_value(writer_emitter& out, const planned_property& planned) {
    const property_info& p = *planned.property;
    const auto offset = p.descriptor->offset;
    switch (planned.write) {
      case how::sequence:
        out.begin_sequence(offset, p.type->descriptor->sequence, 0);
        element_value(out, planned.element, *p.type->element);
        out.end_sequence();
        break;
      case how::nullable:
        out.begin_nullable(offset, p.type->descriptor->nullable);
        element_value(out, planned.element, *p.type->element);
        out.end_nullable();
        break;
      case how::map:
        out.comment("; entries by the map helper");
        out.map(offset, p.type);
        break;
      case how::interpreted:
        out.comment("; by the interpreter");
        out.interpreted(&p);
        break;
      case how::member:
        out.comment("; by the interpreter, name and all, unless left out");
        out.interpreted_member(&p);
        break;
      default:
        value(out, planned.write, *p.type, p.converter != nullptr ? p.converter : p.type->converter, offset,
              value_base::object);
        break;
    }
  }

  /// An object written property by property, each reserving its own room: what indented
  /// output needs (the indentation depends on the nesting at run time), and objects some of
  /// whose properties may be left out. There a comma goes before a name only when something
  /// was written before it — known at compile time after a property that is always written,
  /// else asked of a flag the written conditional properties set (and the interpreter, for
  /// the properties it writes whole).
  write_fn emit_general(const type_info& info, const std::vector<planned_property>& plan) {
    const writer_options& settings = context_.writing();
    writer_emitter out(function_shape::object, settings, listing_wanted(*info.options));
    enum class before : std::uint8_t { nothing, something, maybe } written = before::nothing;
    out.reserve(1);
    out.bytes("{");
    for (const planned_property& planned : plan) {
      const property_info& p = *planned.property;
      const bool conditional = planned.left_out != skip::never;
      if (!planned.named()) {
        // The interpreter writes the comma and name, if anything: it needs the flag right.
        if (written == before::nothing) out.clear_written();
        if (written == before::something) out.mark_written();
        if (planned.write == how::member) {
          property_value(out, planned);
        } else {
          out.comment("; extension data, by the interpreter");
          out.extension_members(&info);
        }
        if (written == before::nothing) written = before::maybe;
        continue;
      }
      out.comment("; property " + p.json_name + (conditional ? " (may be left out)" : ""));
      if (conditional) {
        if (written == before::nothing) out.clear_written();
        if (planned.left_out == skip::when_null) {
          out.begin_unless_null(p.descriptor->offset, p.type->descriptor->nullable);
        } else {
          out.begin_unless_default(p.descriptor->offset, p.type->descriptor->is_default);
        }
      }
      std::string name(p.encoded.quoted());
      name += settings.indented ? ": " : ":";
      if (settings.indented) {
        out.reserve_line(0, 1 + name.size() + planned.fixed_room());
      } else {
        out.reserve(1 + name.size() + planned.fixed_room());
      }
      if (written == before::maybe) out.comma_if_written();
      if (settings.indented) {
        if (written == before::something) out.bytes(",");
        out.line(0);
        out.bytes(name);
      } else {
        out.bytes(written == before::something ? "," + name : name);  // one run of stores
      }
      if (conditional) out.mark_written();
      property_value(out, planned);
      if (conditional) out.end_unless();
      written = !conditional ? before::something : written == before::something ? before::something : before::maybe;
    }
    if (settings.indented && written != before::nothing) {  // `{}` has no line inside
      if (written == before::maybe) out.begin_if_written();
      out.reserve_line(-1, 0);
      out.line(-1);
      if (written == before::maybe) out.end_unless();
    }
    out.reserve(1);
    out.bytes("}");
    return place(info, out);
  }

  /// An object: straight-line code with one room check per run of fixed-size output where it
  /// can, else emit_general.
  write_fn emit(const type_info& info, const std::vector<planned_property>& plan) {
    if (info.options->write_indented()) return emit_general(info, plan);
    for (const planned_property& planned : plan) {
      if (planned.left_out != skip::never || !planned.named()) return emit_general(info, plan);
    }
    writer_emitter out(function_shape::object, context_.writing(), listing_wanted(*info.options));
    std::size_t reserved = 0;  // room still known to be there
    for (std::size_t i = 0; i < plan.size(); ++i) {
      const property_info& p = *plan[i].property;
      out.comment("; property " + p.json_name);
      std::string literal(i == 0 ? "{" : ",");  // appended, not concatenated: GCC 12 warns wrongly on `+`
      literal += p.encoded.quoted();
      literal += ':';
      if (reserved < literal.size() + plan[i].fixed_room()) {
        reserved = run_room(plan, i);
        out.reserve(reserved);
      }
      out.bytes(literal);
      reserved -= literal.size();
      property_value(out, plan[i]);
      reserved = plan[i].fixed_room() == 0 ? 0 : reserved - plan[i].fixed_room();
    }
    const std::string_view close = plan.empty() ? "{}" : "}";
    if (reserved < close.size()) out.reserve(close.size());
    out.bytes(close);
    return place(info, out);
  }

  /// The room from property i up to the next value that checks its own (its name included),
  /// or to the closing brace.
  static std::size_t run_room(const std::vector<planned_property>& plan, std::size_t i) {
    std::size_t room = 0;
    for (; i < plan.size(); ++i) {
      room += 1 + plan[i].property->encoded.quoted().size() + 1 + plan[i].fixed_room();
      if (plan[i].fixed_room() == 0) return room;
    }
    return room + 1;  // '}'
  }

  static write_fn refuse(const type_info& info, std::string_view reason) {
    jit::refuse(info.jit_write, info, reason);
    return nullptr;
  }

  options_context& context_;
  std::vector<const type_info*> open_;  // types being compiled (one met again contains itself)
};

}  // namespace

write_fn writer_for(const type_info& info, std::string_view& why) {
  return compile_once(info, info.jit_write, why, [&](options_context& context) { writer_compiler(context).compile(info); });
}

}  // namespace jsonjit::detail::jit
