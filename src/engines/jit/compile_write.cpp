// The writer compiler: turns every resolved type into a native writer. Objects are
// straight-line code — property names as immediate stores (with the braces and commas around
// them), one room check per run of fixed-size output, ignore conditions as one test per
// property that may be left out, booleans and short clean strings inline; integers, floats,
// converters' short text and other strings through helpers; converters called directly (no
// virtual dispatch). Contiguous sequences and optionals are loops and branches; sets, lists
// and maps are visitor functions their for_each calls; tuples and variants are code of their
// own; a value that is an object or a container is a direct call to its type's compiled
// writer. Getters whose ignore condition needs their value and extension data are left to the
// interpreter per value; what cannot be compiled at all is refused with a reason, and the
// interpreter writes that type.
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include <jsonjit/jit.hpp>

#include "engines/jit/compile_once_p.hpp"
#include "engines/jit/emit/writer_emitter_p.hpp"
#include "engines/jit/jit_p.hpp"
#include "engines/jit/listing_p.hpp"
#include "model/type_info_p.hpp"
#include "text/number_p.hpp"

namespace jsonjit::detail::jit {
namespace {

/// Output room an integer's formatting may touch (it stores whole 8-byte groups), with quotes.
constexpr std::size_t integer_room = 26;
constexpr std::size_t boolean_room = 5;
constexpr std::size_t float_room = max_number_chars + 2;  // in quotes, or a named literal

bool is_integer(type_kind kind) { return kind >= type_kind::int8 && kind <= type_kind::uint64; }

/// How generated code writes a value. `compiled`: by the compiled writer of its type (an
/// object, a container, a variant), through its slot; `sequence` and `nullable`: a property's
/// contiguous sequence or optional, as a loop or branch in the object's own code;
/// `interpreted`: the value by the interpreter; `getter`: a getter's value by its type's writer;
/// `member`: the interpreter writes the whole property, name included (a getter's, when its
/// ignore condition needs the value); `extension`: the interpreter writes the extension
/// data's entries as properties.
enum class how : std::uint8_t {
  boolean,
  integer,
  floating,
  string,
  string_view,
  character,
  enumeration,
  base64,
  text,  ///< by a converter's write_text, in reserved room
  converted,
  compiled,
  recursive,  ///< compiled, of a type being compiled: a call through its slot, checked
  sequence,
  nullable,
  interpreted,
  getter,
  member,
  extension
};

/// Room a value written `write` needs from the run before it; 0 for values that check their own.
std::size_t room_of(how write, const converter_descriptor* converter) {
  switch (write) {
    case how::boolean: return boolean_room;
    case how::integer: return integer_room;
    case how::floating: return float_room;
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

/// A property written before all others, always (a tagged variant's discriminator).
struct leading_property {
  std::string_view name;   ///< quoted
  std::string_view value;  ///< JSON
  bool empty() const { return name.empty(); }
  std::string text(bool indented) const {
    std::string t(name);
    t += indented ? ": " : ":";
    t += value;
    return t;
  }
};

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
    open_.push_back(&info);
    const write_fn fn = compile_kind(info);
    open_.pop_back();
    return fn;
  }

 private:
  write_fn compile_kind(const type_info& info) {
    switch (info.kind) {
      case type_kind::object: return emit(info, plan(info), {});
      case type_kind::sequence: return info.descriptor->sequence->data != nullptr ? sequence(info) : visited(info);
      case type_kind::map: return map(info);
      case type_kind::tuple: return tuple(info);
      case type_kind::variant: return variant(info);
      case type_kind::nullable: return nullable(info);
      case type_kind::opaque: return refuse(info, "nothing is known of the type (it needs a converter)");
      default: return scalar(info);
    }
  }

  /// How each property of the object `info` is written.
  std::vector<planned_property> plan(const type_info& info) {
    std::vector<planned_property> plan;
    for (const property_info& p : info.properties) {
      if (p.write == write_condition::never) continue;
      how write;
      how element = how::interpreted;
      if (p.descriptor->offset < 0) {
        write = p.write == write_condition::always ? how::getter : how::member;  // a getter's value
        // Its value is written by its type's compiled writer: compiled now, unless it is
        // being compiled (it is by the time the getter runs).
        if (write == how::getter && p.converter == nullptr &&
            std::find(open_.begin(), open_.end(), p.type) == open_.end()) {
          compile(*p.type);
        }
      } else if (p.converter != nullptr) {
        write = by_converter(p.converter);
      } else if (p.type->kind == type_kind::sequence && p.type->descriptor->sequence->data != nullptr) {
        write = how::sequence;
        element = value_how(*p.type->element);
      } else if (p.type->kind == type_kind::nullable) {
        write = how::nullable;
        element = value_how(*p.type->element);
      } else {
        write = value_how(*p.type);
      }
      plan.push_back({&p, write, element, write == how::member ? skip::never : left_out(p),
                      p.converter != nullptr ? p.converter : p.type->converter});
    }
    if (info.extension_data >= 0) {
      plan.push_back({&info.properties[static_cast<std::size_t>(info.extension_data)], how::extension});
    }
    return plan;
  }

  /// Map keys generated code writes as the interpreter does: integers, and strings under no
  /// key naming policy.
  static bool has_plain_keys(const type_info& map) {
    const type_kind key = map.key->kind;
    return is_integer(key) || (key == type_kind::string && map.options->key_naming() == naming_policy::none);
  }

  /// How a value of `type` is written: scalars, strings and converted values in place (or by
  /// a helper of their own), everything else by the compiled writer of its type (a type being
  /// compiled, met again inside itself, calls itself through its slot), or by the interpreter
  /// where that is refused.
  how value_how(const type_info& type) {
    switch (type.kind) {
      case type_kind::boolean: return how::boolean;
      case type_kind::float32:
      case type_kind::float64: return how::floating;
      case type_kind::character: return how::character;
      case type_kind::string: return how::string;
      case type_kind::string_view: return how::string_view;
      case type_kind::enumeration: return how::enumeration;
      case type_kind::bytes: return how::base64;
      case type_kind::custom: return by_converter(type.converter);
      case type_kind::opaque: return how::interpreted;
      default:
        if (is_integer(type.kind)) return how::integer;
        if (std::find(open_.begin(), open_.end(), &type) != open_.end()) return how::recursive;
        return compile(type) != nullptr ? how::compiled : how::interpreted;
    }
  }

  /// Writes a value planned `write` (not a sequence, optional, getter or member) of `type`
  /// at `offset` from `base`; `converter` for converted values. With `numbers_unquoted`,
  /// numbers are written as numbers whatever the options say (an untagged variant's).
  static void value(writer_emitter& out, how write, const type_info& type, const converter_descriptor* converter,
                    std::ptrdiff_t offset, value_base base, bool numbers_unquoted = false) {
    const bool quoted = !numbers_unquoted && has_flag(type.options->numbers(), number_handling::write_as_string);
    switch (write) {
      case how::boolean: out.boolean(offset, base); break;
      case how::integer:
        out.integer(offset, static_cast<unsigned>(type.descriptor->size),
                    type.kind >= type_kind::int8 && type.kind <= type_kind::int64, quoted, base);
        break;
      case how::floating: out.floating(offset, type.kind == type_kind::float64, quoted, base); break;
      case how::string:
        out.string(offset, base, type.options->context().writing().escaping, string_layout_known());
        break;
      case how::string_view: out.string_view(offset, base); break;
      case how::character: out.character(offset, base); break;
      case how::enumeration: out.enumeration(offset, &type, base); break;
      case how::base64: out.base64(offset, &type, base); break;
      case how::text:
        out.comment("; the converter's text, in place");
        out.text(offset, converter, base);
        break;
      case how::converted: out.converted(offset, converter, base); break;
      case how::compiled: out.compiled_value(offset, &type.jit_write.fn, base); break;
      // Its slot is still empty while it compiles, and stays so if it is refused: checked.
      case how::recursive:
        out.comment("; calls itself through its slot");
        out.compiled_value(offset, &type.jit_write.fn, base, true);
        break;
      case how::interpreted:
        out.comment("; by the interpreter");
        out.interpreted_value(offset, &type, base);
        break;
      default: break;  // planned by emit
    }
  }

  /// A value at `offset` from `base` with its room reserved first.
  static void value_with_room(writer_emitter& out, how write, const type_info& type, std::ptrdiff_t offset,
                              value_base base, bool numbers_unquoted = false) {
    if (const std::size_t room = room_of(write, type.converter); room != 0) out.reserve(room);
    value(out, write, type, type.converter, offset, base, numbers_unquoted);
  }

  /// An element of a sequence or an optional's value: its room, then the value.
  static void element_value(writer_emitter& out, how write, const type_info& type) {
    value_with_room(out, write, type, 0, value_base::element);
  }

  writer_emitter emitter(const type_info& info, function_shape shape) {
    return writer_emitter(shape, context_.writing(), listing_wanted(*info.options));
  }

  /// A value that is not a container (a scalar, a string, a converted value) as a value of
  /// its own (a top-level one).
  write_fn scalar(const type_info& info) {
    writer_emitter out = emitter(info, function_shape::value);
    value_with_room(out, value_how(info), info, 0, value_base::object);
    return place(info, out);
  }

  /// A contiguous sequence: a loop over its elements.
  write_fn sequence(const type_info& info) {
    const type_info& element = *info.element;
    const how write = value_how(element);
    writer_emitter out = emitter(info, function_shape::sequence);
    out.comment("; elements");
    out.begin_sequence(0, info.descriptor->sequence, room_of(write, element.converter));
    value(out, write, element, element.converter, 0, value_base::element);
    out.end_sequence();
    return place(info, out);
  }

  /// The container `info` as a function handing it to its own `for_each` (a sequence_ops or
  /// map_ops one) with the visitor `visit` emitted for one element or entry (see
  /// function_shape), between `open` and `close`.
  write_fn by_for_each(const type_info& info, writer_emitter& visit, const void* for_each, char open, char close) {
    const write_fn visitor = place(info, visit, function_name(info) + "::visit");
    if (visitor == nullptr) return refuse(info, code_not_placed);
    writer_emitter out = emitter(info, function_shape::value);
    out.comment(open == '{' ? "; entries, by its for_each" : "; elements, by its for_each");
    out.begin_visit(0, for_each, reinterpret_cast<const void*>(visitor), open);
    out.end_visit(close);
    return place(info, out);
  }

  /// A sequence whose elements are not contiguous (a set, a list): its for_each calls a
  /// visitor that writes one element.
  write_fn visited(const type_info& info) {
    const type_info& element = *info.element;
    const how write = value_how(element);
    writer_emitter visit = emitter(info, function_shape::element_visitor);
    visit.comment("; one element");
    visit.begin_item(room_of(write, element.converter));
    value(visit, write, element, element.converter, 0, value_base::element);
    return by_for_each(info, visit, reinterpret_cast<const void*>(info.descriptor->sequence->for_each), '[', ']');
  }

  /// A map: its for_each calls a visitor that writes one entry (the key as a property name).
  write_fn map(const type_info& info) {
    if (!has_plain_keys(info)) {
      return refuse(info, "only maps whose keys are integers, or strings under no key naming policy, are compiled");
    }
    const type_info& key = *info.key;
    const type_info& element = *info.element;
    const how write = value_how(element);
    const bool indented = info.options->write_indented();
    const std::string_view colon = indented ? ": " : ":";
    const std::size_t after_key = colon.size() + room_of(write, element.converter);
    writer_emitter visit = emitter(info, function_shape::entry_visitor);
    visit.comment("; one entry");
    if (key.kind == type_kind::string) {
      visit.begin_item(0);
      visit.string(0, value_base::object, key.options->context().writing().escaping, string_layout_known());
      visit.reserve(after_key);
    } else {
      visit.begin_item(integer_room + after_key);
      visit.integer(0, static_cast<unsigned>(key.descriptor->size),
                    key.kind >= type_kind::int8 && key.kind <= type_kind::int64, true, value_base::object);
    }
    visit.bytes(colon);
    value(visit, write, element, element.converter, 0, value_base::element);
    return by_for_each(info, visit, reinterpret_cast<const void*>(info.descriptor->map->for_each), '{', '}');
  }

  /// A tuple (or pair): its elements in order, each at its offset.
  write_fn tuple(const type_info& info) {
    const bool indented = info.options->write_indented();
    std::vector<how> writes;
    for (const type_info* element : info.elements) writes.push_back(value_how(*element));
    writer_emitter out = emitter(info, function_shape::value);
    out.open_level();
    out.reserve(1);
    out.bytes("[");
    for (std::size_t i = 0; i < writes.size(); ++i) {
      const type_info& element = *info.elements[i];
      const std::size_t room = (i == 0 ? 0 : 1) + room_of(writes[i], element.converter);
      out.comment("; element " + std::to_string(i));
      if (indented) {
        out.reserve_line(0, room);
      } else if (room != 0) {
        out.reserve(room);
      }
      if (i != 0) out.bytes(",");
      if (indented) out.line(0);
      value(out, writes[i], element, element.converter, info.descriptor->elements[i].offset, value_base::object);
    }
    if (indented && !writes.empty()) {
      out.reserve_line(-1, 0);
      out.line(-1);
    }
    out.reserve(1);
    out.bytes("]");
    out.close_level();
    return place(info, out);
  }

  /// A variant: the alternative it holds, each by the compiled writer of its type (tagged: of
  /// its object with the discriminator first), or `null` when it holds none.
  write_fn variant(const type_info& info) {
    const std::size_t n = info.elements.size();
    const bool tagged = info.tagged;
    std::vector<how> writes(n, how::compiled);
    if (tagged) info.jit_tagged_writers = std::make_unique<write_fn[]>(n);
    for (std::size_t i = 0; i < n; ++i) {
      const type_info& alternative = *info.elements[i];
      if (!tagged || info.descriptor->elements[i].tag.empty()) {
        writes[i] = value_how(alternative);
        continue;
      }
      if (alternative.kind != type_kind::object) {
        return refuse(info, "a tagged alternative that is not an object");
      }
      const std::string tag(info.tags[i].quoted());
      const write_fn fn = emit(alternative, plan(alternative), {info.discriminator.quoted(), tag},
                               "jsonjit::write<" + std::string(info.descriptor->name) + ">::" + tag);
      if (fn == nullptr) return refuse(info, code_not_placed);
      info.jit_tagged_writers[i] = fn;
    }
    writer_emitter out = emitter(info, function_shape::value);
    out.begin_variant(0, info.descriptor->variant, n);
    for (std::size_t i = 0; i < n; ++i) {
      const type_info& alternative = *info.elements[i];
      out.alternative(i);
      out.comment("; alternative " + std::to_string(i) + " (" + std::string(alternative.descriptor->name) + ")");
      if (tagged && info.jit_tagged_writers[i] != nullptr) {
        out.compiled_value(0, &info.jit_tagged_writers[i], value_base::element);
      } else {
        // Untagged, the JSON kind picks the alternative on reading: a number stays a number.
        value_with_room(out, writes[i], alternative, 0, value_base::element, is_number_kind(alternative.kind));
      }
    }
    out.end_variant();
    return place(info, out);
  }

  /// An optional (or smart pointer) as a value of its own.
  write_fn nullable(const type_info& info) {
    const how write = value_how(*info.element);
    writer_emitter out = emitter(info, function_shape::value);
    out.begin_nullable(0, info.descriptor->nullable);
    element_value(out, write, *info.element);
    out.end_nullable();
    return place(info, out);
  }

  static std::string function_name(const type_info& info) {
    return "jsonjit::write<" + std::string(info.descriptor->name) + ">";
  }

  /// Places the writer of `info` that `out` emitted and publishes it in the type's slot; with
  /// `placed_as`, places it under that name as a function another writer calls (a visitor, a tagged
  /// alternative's) instead.
  write_fn place(const type_info& info, writer_emitter& out, const std::string& placed_as = {}) {
    const std::string name = placed_as.empty() ? function_name(info) : placed_as;
    const placed_code code = out.finish(context_.code(), name);
    if (code.entry == nullptr) return placed_as.empty() ? refuse(info, code_not_placed) : nullptr;
    if (listing_wanted(*info.options)) deliver_listing(*info.options, name, code, out.listing());
    if (!placed_as.empty()) {
      account(code);
      return reinterpret_cast<write_fn>(const_cast<void*>(code.entry));
    }
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
      case how::getter:
        out.comment("; its getter's value, by its type's writer");
        out.getter(&p);
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
  /// the properties it writes whole). `lead` and `placed_as` as for emit.
  write_fn emit_general(const type_info& info, const std::vector<planned_property>& plan, leading_property lead,
                        const std::string& placed_as) {
    const writer_options& settings = context_.writing();
    writer_emitter out = emitter(info, function_shape::object);
    enum class before : std::uint8_t { nothing, something, maybe } written = before::nothing;
    out.reserve(1);
    out.bytes("{");
    if (!lead.empty()) {
      const std::string text = lead.text(settings.indented);
      out.comment("; the discriminator");
      if (settings.indented) {
        out.reserve_line(0, text.size());
        out.line(0);
      } else {
        out.reserve(text.size());
      }
      out.bytes(text);
      written = before::something;
    }
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
    return place(info, out, placed_as);
  }

  /// An object: straight-line code with one room check per run of fixed-size output where it
  /// can, else emit_general. With a `lead` property (a tagged alternative's object), the
  /// function is placed as `placed_as` and returned, not published.
  write_fn emit(const type_info& info, const std::vector<planned_property>& plan, leading_property lead,
                const std::string& placed_as = {}) {
    if (info.options->write_indented()) return emit_general(info, plan, lead, placed_as);
    for (const planned_property& planned : plan) {
      if (planned.left_out != skip::never || !planned.named()) return emit_general(info, plan, lead, placed_as);
    }
    writer_emitter out = emitter(info, function_shape::object);
    std::string opening("{");  // appended, not concatenated: GCC 12 warns wrongly on `+`
    if (!lead.empty()) {
      opening += lead.text(false);
      opening += plan.empty() ? "" : ",";
    }
    std::size_t reserved = 0;  // room still known to be there
    for (std::size_t i = 0; i < plan.size(); ++i) {
      const property_info& p = *plan[i].property;
      out.comment("; property " + p.json_name);
      std::string literal(i == 0 ? opening : ",");
      literal += p.encoded.quoted();
      literal += ':';
      if (reserved < literal.size() + plan[i].fixed_room()) {
        reserved = run_room(plan, i) + (i == 0 ? opening.size() - 1 : 0);
        out.reserve(reserved);
      }
      out.bytes(literal);
      reserved -= literal.size();
      property_value(out, plan[i]);
      reserved = plan[i].fixed_room() == 0 ? 0 : reserved - plan[i].fixed_room();
    }
    const std::string close = plan.empty() ? opening + "}" : "}";
    if (reserved < close.size()) out.reserve(close.size());
    out.bytes(close);
    return place(info, out, placed_as);
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

// (A library without a code generator answers false: no_code_generator.cpp.)
bool jsonjit::jit_available() noexcept { return true; }
