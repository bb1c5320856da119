// The reader compiler: turns a resolved type into a native reader. Objects are code that
// expects their members in declaration order — each name with its quotes and colon compared as
// immediates, the value read right after — and falls back to a lookup by name when they come
// in another order. Booleans are read inline; numbers and strings by helpers; converters
// called directly; sequences, maps and optionals as loops and branches, fixed-size arrays and
// tuples as code of their own, sets by a helper that reads each element with compiled code,
// enumerations (by name or number), byte vectors (Base64), quoted numbers and variants (by
// their discriminator or JSON kind) by helpers; a value that is an object or a container by
// a direct call to its type's compiled reader;
// what is not compiled by the interpreter, per value. Objects built by a constructor are read
// into a frame first (constructed_reader). What the code does not read itself it gives up
// on, and the interpreter reads the input again (see read_fn).
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "engines/jit/compile_once_p.hpp"
#include "engines/jit/emit/reader_emitter_p.hpp"
#include "engines/jit/jit_p.hpp"
#include "engines/jit/listing_p.hpp"
#include "model/type_info_p.hpp"

namespace jsonjit::detail::jit {
namespace {

/// How generated code reads a value.
/// `skipped`: a read-only property the writer writes, expected in its place and its value
/// skipped (as the interpreter skips it).
enum class how : std::uint8_t {
  boolean,
  scalar,
  enumeration,  ///< by name or number (names read under enums_as_strings)
  base64,
  variant,  ///< the alternative chosen by the discriminator or the JSON kind, read by its compiled reader
  converted,
  object,
  recursive,
  sequence,
  map,
  nullable,
  by_setter,
  interpreted,
  skipped
};

struct planned_property {
  const property_info* property;
  std::ptrdiff_t offset;  ///< of its value in the object (or constructed_reader's frame)
  how read;
  how element = how::interpreted;  ///< sequence: its elements; map and nullable: its values
};

std::size_t align_up(std::size_t n, std::size_t align) {
  return (n + align - 1) / align * align;
}

/// The frame of `info`, an object built by its constructor (all but `members`), or null with
/// `refusal` set. Members keep their offsets (so the frame reads like the object), the values
/// of setters and getters go after the object's size; every value is default-constructed.
std::unique_ptr<constructed_reader> frame_of(const type_info& info, std::string& refusal) {
  if (info.properties.size() > 64) {
    refusal = "objects built by a constructor are compiled only with up to 64 properties";
    return nullptr;
  }
  auto reader = std::make_unique<constructed_reader>();
  reader->type = &info;
  reader->slots.assign(info.properties.size(), -1);
  std::size_t size = info.descriptor->size, align = std::max(info.descriptor->align, alignof(std::uint64_t));
  std::vector<std::pair<std::size_t, std::size_t>> members;  // [begin, end) in the frame
  // The values read: readable properties and the extension data (which the lookup fills).
  auto has_value = [&](const property_info& p) {
    return p.readable || static_cast<int>(p.index) == info.extension_data;
  };
  for (const property_info& p : info.properties) {
    if (!has_value(p)) continue;
    const type_descriptor& type = *p.type->descriptor;
    if (type.construct == nullptr) {
      refusal = "a property of a type without a default constructor (" + std::string(type.name) + ")";
      return nullptr;
    }
    if (p.descriptor->offset >= 0) {
      reader->slots[p.index] = p.descriptor->offset;
      const auto begin = static_cast<std::size_t>(p.descriptor->offset);
      members.emplace_back(begin, begin + type.size);
    }
  }
  std::sort(members.begin(), members.end());
  for (std::size_t i = 1; i < members.size(); ++i) {
    if (members[i].first < members[i - 1].second) {
      refusal = "members that share storage";
      return nullptr;
    }
  }
  for (const property_info& p : info.properties) {
    if (!has_value(p) || p.descriptor->offset >= 0) continue;
    const type_descriptor& type = *p.type->descriptor;
    size = align_up(size, type.align);
    reader->slots[p.index] = static_cast<std::ptrdiff_t>(size);
    size += type.size;
    align = std::max(align, type.align);
  }
  reader->seen_offset = align_up(size, alignof(std::uint64_t));
  reader->frame_size = reader->seen_offset + sizeof(std::uint64_t);
  reader->frame_align = align;
  return reader;
}

scalar_helper helper_for(type_kind kind) {
  switch (kind) {
    case type_kind::int8: return scalar_helper::int8;
    case type_kind::int16: return scalar_helper::int16;
    case type_kind::int32: return scalar_helper::int32;
    case type_kind::int64: return scalar_helper::int64;
    case type_kind::uint8: return scalar_helper::uint8;
    case type_kind::uint16: return scalar_helper::uint16;
    case type_kind::uint32: return scalar_helper::uint32;
    case type_kind::uint64: return scalar_helper::uint64;
    case type_kind::float32: return scalar_helper::float32;
    default: return scalar_helper::float64;
  }
}

class reader_compiler {
 public:
  explicit reader_compiler(options_context& context) : context_(context) {}

  /// The compiled reader of `info` (compiling what it needs first), or null.
  read_fn compile(const type_info& info) {
    switch (info.jit_read.state.load(std::memory_order_acquire)) {
      case jit_state::compiled: return info.jit_read.fn;
      case jit_state::refused: return nullptr;
      default: break;
    }
    open_.push_back(&info);
    const read_fn fn = compile_kind(info);
    open_.pop_back();
    return fn;
  }

 private:
  read_fn compile_kind(const type_info& info) {
    switch (info.kind) {
      case type_kind::object: return object(info);
      case type_kind::sequence: return sequence(info);
      case type_kind::map: return map(info);
      case type_kind::nullable: return nullable(info);
      case type_kind::tuple: return tuple(info);
      case type_kind::boolean:
      case type_kind::string:
      case type_kind::enumeration:
      case type_kind::bytes:
      case type_kind::custom: return scalar(info);
      case type_kind::character: return refuse(info, "characters are read by the interpreter");
      case type_kind::variant: return variant(info);
      case type_kind::string_view: return refuse(info, "string views are written, never read");
      case type_kind::opaque: return refuse(info, "nothing is known of the type (it needs a converter)");
      default: return is_number_kind(info.kind) ? scalar(info) : refuse(info, "not a type the reader knows");
    }
  }

  /// Why an object's members cannot be read by a function of the object's own (built by a
  /// constructor, or too wide for the seen mask), or empty.
  static std::string_view members_refusal(const type_info& info) {
    if (info.descriptor->constructor != nullptr) return "objects built by a constructor";
    // The seen mask has a bit for each of the first 64 properties; beyond them nothing needs
    // one unless a property there is required or duplicates are rejected, or it is the
    // extension member (whose bit says whether unknown data came).
    if (info.properties.size() > 64 && (info.more_required || info.extension_data >= 64 ||
                                        info.options->duplicates() == duplicate_members::reject)) {
      return "objects of more than 64 properties are compiled only without required members or "
             "duplicate checks beyond the 64th";
    }
    return {};
  }

  /// The function reading the members of the object `info` into `out`: the whole object, or
  /// (`after_first_member`, function_shape::object_rest) its members after a first one.
  void object_members(reader_emitter& out, const type_info& info, bool after_first_member = false) {
    std::vector<std::ptrdiff_t> offsets;
    for (const property_info& p : info.properties) offsets.push_back(p.descriptor->offset);
    emit(out, info, plan(info, offsets), -1, after_first_member);
  }

  read_fn object(const type_info& info) {
    if (info.descriptor->constructor != nullptr) return constructed(info);
    if (const std::string_view why = members_refusal(info); !why.empty()) return refuse(info, why);
    reader_emitter out(function_shape::object, listing_wanted(*info.options));
    object_members(out, info);
    return place(info, out);
  }

  /// How each property of `info` is read, its value at offsets[index] (negative: by its setter).
  std::vector<planned_property> plan(const type_info& info, const std::vector<std::ptrdiff_t>& offsets) {
    open_.push_back(&info);
    std::vector<planned_property> plan;
    for (const property_info& p : info.properties) {
      const std::ptrdiff_t offset = offsets[p.index];
      if (!p.readable) {  // the lookup skips its value; where written output has it, so does the code
        if (p.write != write_condition::never && p.plain_name) plan.push_back({&p, offset, how::skipped});
        continue;
      }
      how read = how::interpreted;
      how element = how::interpreted;
      const type_info& type = *p.type;
      if (offset < 0) {
        read = how::by_setter;
      } else if (p.converter != nullptr) {
        read = how::converted;
      } else if (type.kind == type_kind::sequence && type.descriptor->sequence->emplace_back != nullptr) {
        element = simple(*type.element);
        if (element != how::interpreted) read = how::sequence;
      } else if (type.kind == type_kind::map && emplaces(type, type.descriptor->map->emplace != nullptr) &&
                 has_plain_keys(*type.key)) {
        element = simple(*type.element);
        if (element != how::interpreted) read = how::map;
      } else if (type.kind == type_kind::nullable &&
                 emplaces(type, type.descriptor->nullable->emplace != nullptr)) {
        element = simple(*type.element);
        if (element != how::interpreted) read = how::nullable;
      } else {
        read = simple(type);
      }
      plan.push_back({&p, offset, read, element});
    }
    open_.pop_back();
    return plan;
  }

  /// An object built by its constructor: a members function reading into the frame
  /// constructed_reader describes, and an entry that builds the object from it.
  read_fn constructed(const type_info& info) {
    std::string refusal;
    std::unique_ptr<constructed_reader> reader = frame_of(info, refusal);
    if (reader == nullptr) return refuse(info, refusal);
    const std::string name = function_name(info);
    const std::vector<planned_property> members_plan = plan(info, reader->slots);
    reader_emitter out(function_shape::object, listing_wanted(*info.options));
    emit(out, info, members_plan, static_cast<std::ptrdiff_t>(reader->seen_offset));
    const placed_code members_code = placed(info, out, name + "::members");
    if (members_code.entry == nullptr) return refuse(info, code_not_placed);
    account(members_code);
    reader->members = reinterpret_cast<read_fn>(const_cast<void*>(members_code.entry));
    std::string listing;
    const bool listed = listing_wanted(*info.options);
    const placed_code entry =
        place_constructed_entry(context_.code(), name, reader.get(), listed ? &listing : nullptr);
    if (entry.entry == nullptr) return refuse(info, code_not_placed);
    if (listed) deliver_listing(*info.options, name, entry, listing);
    info.jit_constructed = {reader.release(), [](constructed_reader* r) { delete r; }};
    return publish(info.jit_read, entry);
  }

  /// Whether the container `type` makes its values by `emplace` (default-constructed; values
  /// built by a constructor are moved in by the interpreter).
  static bool emplaces(const type_info& type, bool has_emplace) {
    return has_emplace && type.element->descriptor->construct != nullptr;
  }

  /// Map keys the entry helper reads as the interpreter does: strings, integers, converted.
  static bool has_plain_keys(const type_info& key) {
    return key.kind == type_kind::string || key.kind == type_kind::custom ||
           (key.kind >= type_kind::int8 && key.kind <= type_kind::uint64);
  }

  /// How a value of `type` is read: natively when it is a scalar, a string, an enumeration, a
  /// byte container or a converted value; by the compiled reader of its type when it is an
  /// object or a container that compiles (or is being compiled: a type containing itself
  /// calls itself through its slot); else by the interpreter.
  how simple(const type_info& type) {
    switch (type.kind) {
      case type_kind::boolean: return how::boolean;
      case type_kind::string: return how::scalar;
      case type_kind::custom: return how::converted;
      case type_kind::enumeration:
        return type.options->enums_as_strings() && !type.enum_names.empty() ? how::enumeration : how::scalar;
      case type_kind::bytes: return how::base64;
      case type_kind::variant:
        if (std::find(open_.begin(), open_.end(), &type) != open_.end()) return how::recursive;
        return compile(type) != nullptr ? how::variant : how::interpreted;
      case type_kind::object:
      case type_kind::sequence:
      case type_kind::map:
      case type_kind::nullable:
      case type_kind::tuple:
        if (std::find(open_.begin(), open_.end(), &type) != open_.end()) return how::recursive;
        return compile(type) != nullptr ? how::object : how::interpreted;
      default: return is_number_kind(type.kind) ? how::scalar : how::interpreted;
    }
  }

  /// Reads a value planned `read` (not a sequence or optional) of `type` at `offset` from `base`.
  static void value(reader_emitter& out, how read, const type_info& type, const converter_descriptor* converter,
                    std::ptrdiff_t offset, value_base base) {
    switch (read) {
      case how::boolean: out.boolean(offset, base); break;
      case how::scalar:
        if (type.kind == type_kind::string) {
          out.string(offset, base, string_layout_known());
        } else if (has_flag(type.options->numbers(), number_handling::allow_reading_from_string)) {
          out.number_or_text(&type, offset, base);
        } else {
          // An enumeration read as a number: one of its underlying type.
          out.scalar(helper_for(type.kind == type_kind::enumeration ? type.descriptor->underlying : type.kind), offset,
                     base);
        }
        break;
      case how::enumeration: out.enumeration(&type, offset, base); break;
      case how::variant: out.variant(&type, offset, base); break;
      case how::base64: out.base64(&type, offset, base); break;
      case how::converted: out.converted(converter, offset, base); break;
      case how::object: out.object(&type.jit_read.fn, offset, base); break;
      // Its slot is still empty while it compiles, and stays so if it is refused: checked.
      case how::recursive:
        out.comment("; calls itself through its slot");
        out.object(&type.jit_read.fn, offset, base, true);
        break;
      default:
        out.comment("; by the interpreter");
        out.interpreted(&type, offset, base);
        break;
    }
  }

  /// A sequence as a value of its own: a loop growing it at the end, a fixed-size array's
  /// elements in place, or a set's elements by its helper.
  read_fn sequence(const type_info& info) {
    const sequence_ops& ops = *info.descriptor->sequence;
    const type_info& element = *info.element;
    const how read = simple(element);
    reader_emitter out(function_shape::sequence, listing_wanted(*info.options));
    out.comment("; elements");
    if (ops.emplace_back != nullptr) {
      out.begin_sequence(0, &ops);
      value(out, read, element, element.converter, 0, value_base::element);
      out.end_sequence();
    } else if (ops.at != nullptr && ops.data != nullptr && ops.fixed_size != 0) {
      out.begin_fixed(&ops, ops.fixed_size);
      value(out, read, element, element.converter, 0, value_base::element);
      out.end_fixed();
    } else if (ops.at != nullptr && ops.fixed_size == 0) {
      out.begin_array();
      out.end_array();
    } else {
      if (ops.insert == nullptr || element.descriptor->construct == nullptr || compile(element) == nullptr) {
        return refuse(info, "sets whose elements have no default constructor or no compiled reader");
      }
      out.inserted(&info);
    }
    out.end_value_function();
    return place(info, out);
  }

  /// A map as a value of its own: its entries' keys by the entry helper, the values here.
  read_fn map(const type_info& info) {
    if (!emplaces(info, info.descriptor->map->emplace != nullptr) || !has_plain_keys(*info.key)) {
      return refuse(info, "only maps whose keys are strings, integers or converted and whose values have a "
                          "default constructor are compiled");
    }
    reader_emitter out(function_shape::sequence, listing_wanted(*info.options));
    out.begin_map(0, &info, info.descriptor->map);
    value(out, simple(*info.element), *info.element, info.element->converter, 0, value_base::element);
    out.end_map();
    out.end_value_function();
    return place(info, out);
  }

  /// An optional (or smart pointer) as a value of its own.
  read_fn nullable(const type_info& info) {
    if (!emplaces(info, info.descriptor->nullable->emplace != nullptr)) {
      return refuse(info, "optionals of a type without a default constructor are read by the interpreter");
    }
    reader_emitter out(function_shape::sequence, listing_wanted(*info.options));
    out.begin_nullable(0, info.descriptor->nullable);
    value(out, simple(*info.element), *info.element, info.element->converter, 0, value_base::element);
    out.end_nullable();
    out.end_value_function();
    return place(info, out);
  }

  /// A tuple (or pair): `[`, each element at its offset, `]`.
  read_fn tuple(const type_info& info) {
    reader_emitter out(function_shape::sequence, listing_wanted(*info.options));
    out.begin_array();
    for (std::size_t i = 0; i < info.elements.size(); ++i) {
      const type_info& element = *info.elements[i];
      out.comment("; element " + std::to_string(i));
      if (i != 0) out.array_comma();
      value(out, simple(element), element, element.converter, info.descriptor->elements[i].offset,
            value_base::object);
    }
    out.end_array();
    out.end_value_function();
    return place(info, out);
  }

  /// A variant: each alternative compiled (its reader is what reads the value; a tagged one's
  /// members after the discriminator by a function of its own), the choice made at run time
  /// by the value's JSON kind or its discriminator.
  read_fn variant(const type_info& info) {
    const std::size_t n = info.elements.size();
    if (info.tagged) info.jit_tagged_readers = std::make_unique<read_fn[]>(n);
    for (std::size_t i = 0; i < n; ++i) {
      const type_info& alternative = *info.elements[i];
      if (info.tagged && !info.descriptor->elements[i].tag.empty()) {
        // Its members after the discriminator, by a function of its own.
        if (alternative.kind != type_kind::object || !members_refusal(alternative).empty()) {
          return refuse(info, "a tagged alternative that is not an object read by its own members (one built by "
                              "a constructor, or too wide for the seen mask)");
        }
        reader_emitter out(function_shape::object_rest, listing_wanted(*info.options));
        out.comment("; after the discriminator");
        object_members(out, alternative, true);
        const placed_code code =
            placed(alternative, out, function_name(info) + "::" + std::string(info.tags[i].quoted()));
        if (code.entry == nullptr) return refuse(info, code_not_placed);
        account(code);
        info.jit_tagged_readers[i] = reinterpret_cast<read_fn>(const_cast<void*>(code.entry));
        continue;
      }
      if (std::find(open_.begin(), open_.end(), &alternative) == open_.end() && compile(alternative) == nullptr) {
        return refuse(info, "an alternative has no compiled reader");
      }
    }
    reader_emitter out(function_shape::sequence, listing_wanted(*info.options));
    out.comment("; the alternative the JSON kind or the discriminator chooses, by its compiled reader");
    out.variant(&info, 0, value_base::object);
    out.end_value_function();
    return place(info, out);
  }

  /// A boolean, number, string or converted value as a value of its own.
  read_fn scalar(const type_info& info) {
    reader_emitter out(function_shape::sequence, listing_wanted(*info.options));
    value(out, simple(info), info, info.converter, 0, value_base::object);
    out.end_value_function();
    return place(info, out);
  }

  static std::string function_name(const type_info& info) {
    return "jsonjit::read<" + std::string(info.descriptor->name) + ">";
  }

  /// Places the function `out` emitted as `name` (delivering its listing if asked for).
  placed_code placed(const type_info& info, reader_emitter& out, const std::string& name) {
    const placed_code code = out.finish(context_.code(), name);
    if (code.entry != nullptr && listing_wanted(*info.options))
      deliver_listing(*info.options, name, code, out.listing());
    return code;
  }

  /// Places and publishes the reader of `info` that `out` emitted.
  read_fn place(const type_info& info, reader_emitter& out) {
    const placed_code code = placed(info, out, function_name(info));
    if (code.entry == nullptr) return refuse(info, code_not_placed);
    return publish(info.jit_read, code);
  }

  /// The function reading the members of `info` as `plan` says (with `seen_to` >= 0, storing
  /// the seen mask there), into `out`; `after_first_member`: from after a first member it
  /// does not read (a tagged alternative's discriminator), where `,` or `}` comes next.
  static void emit(reader_emitter& out, const type_info& info, const std::vector<planned_property>& plan,
                   std::ptrdiff_t seen_to, bool after_first_member = false) {
    const bool reject_duplicates = info.options->duplicates() == duplicate_members::reject;
    const reader_emitter::label done = out.new_label(), lookup = out.new_label(), skipped = out.new_label();
    // Where the lookup sends each property index (read-only properties are skipped by it).
    std::vector<reader_emitter::label> values(info.properties.size(), skipped);
    std::vector<reader_emitter::label> names;
    for (const planned_property& planned : plan) {
      values[planned.property->index] = out.new_label();
      names.push_back(out.new_label());
    }
    if (after_first_member) {
      out.next_member(names.empty() ? lookup : names[0], done);  // `,` and the first name, or `}`
    } else {
      out.if_end_of_object(done);
    }
    for (std::size_t i = 0; i < plan.size(); ++i) {
      const property_info& p = *plan[i].property;
      out.bind(names[i]);
      out.comment("; property " + p.json_name + (p.plain_name ? ": its name expected here" : ": looked up"));
      if (p.plain_name) {
        std::string name(p.encoded.quoted());
        name += ':';
        out.match_name(name, lookup);
      } else {
        out.jump(lookup);
      }
      out.bind(values[p.index]);
      if (plan[i].read == how::skipped) {
        out.comment("; read-only: its value skipped");
        out.skip_value();
        out.next_member(i + 1 < plan.size() ? names[i + 1] : lookup, done);
        continue;
      }
      if (p.index < 64) out.mark_seen(p.index, reject_duplicates);
      const std::ptrdiff_t offset = plan[i].offset;
      switch (plan[i].read) {
        case how::sequence:
          out.begin_sequence(offset, p.type->descriptor->sequence);
          value(out, plan[i].element, *p.type->element, p.type->element->converter, 0, value_base::element);
          out.end_sequence();
          break;
        case how::map:
          out.begin_map(offset, p.type, p.type->descriptor->map);
          value(out, plan[i].element, *p.type->element, p.type->element->converter, 0, value_base::element);
          out.end_map();
          break;
        case how::nullable:
          out.begin_nullable(offset, p.type->descriptor->nullable);
          value(out, plan[i].element, *p.type->element, p.type->element->converter, 0, value_base::element);
          out.end_nullable();
          break;
        case how::by_setter:
          out.comment("; by the interpreter, through its setter");
          out.by_setter(&p);
          break;
        default:
          value(out, plan[i].read, *p.type, p.converter != nullptr ? p.converter : p.type->converter, offset,
                value_base::object);
          break;
      }
      out.next_member(i + 1 < plan.size() ? names[i + 1] : lookup, done);
    }
    out.bind(lookup);
    out.comment("; a name not expected there: looked up");
    out.dispatch(&info, values, skipped);
    out.bind(skipped);
    out.next_member(lookup, done);
    out.bind(done);
    out.comment("; end of the object");
    out.end_object(info.required_mask, seen_to);
  }

  static read_fn refuse(const type_info& info, std::string_view reason) {
    jit::refuse(info.jit_read, info, reason);
    return nullptr;
  }

  options_context& context_;
  std::vector<const type_info*> open_;  // types being compiled (one met again contains itself)
};

}  // namespace

read_fn reader_for(const type_info& info, std::string_view& why) {
  return compile_once(info, info.jit_read, why, [&](options_context& context) { reader_compiler(context).compile(info); });
}

}  // namespace jsonjit::detail::jit
