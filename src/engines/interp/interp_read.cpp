// The interpreter's reading half: the token reader drives, one switch on the kind per value;
// object members are looked up expecting declaration order first.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "common/stack_p.hpp"
#include "engines/interp/interp_p.hpp"
#include "text/case_folding_p.hpp"
#include "text/base64_p.hpp"
#include "text/reader_access_p.hpp"
#include "text/number_parse_p.hpp"
#include "text/unescape_p.hpp"

namespace jsonjit::detail {
namespace {

/// The property values of an object read before the object exists (objects built by a
/// constructor): one temporary per property that appeared.
class object_frame {
 public:
  explicit object_frame(const type_info& info) : slots_(info.properties.size()) {}
  temporary* find(std::uint32_t index) noexcept { return slots_[index].get(); }
  temporary& add(std::uint32_t index, const type_descriptor& type) {
    slots_[index] = std::make_unique<temporary>(type);
    return *slots_[index];
  }

 private:
  std::vector<std::unique_ptr<temporary>> slots_;
};

class read_engine {
 public:
  read_engine(reader& in, read_failure& failure, const serializer_options& options, read_shortcut shortcut = nullptr)
      : in_(in), failure_(failure), options_(options), shortcut_(shortcut),
        numbers_from_strings_(has_flag(options.numbers(), number_handling::allow_reading_from_string)),
        named_floats_(has_flag(options.numbers(), number_handling::allow_named_float_literals)),
        case_insensitive_(options.case_insensitive_names()),
        reject_duplicates_(options.duplicates() == duplicate_members::reject),
        reject_unmapped_(options.unmapped() == unmapped_members::disallow) {}

  /// Reads a value into storage where there is no object yet (types built by a constructor
  /// that have no default constructor); constructed on success.
  bool new_value(const type_info& info, void* storage) {
    if (info.kind != type_kind::object || info.descriptor->constructor == nullptr) return fail(error_code::unsupported_type);
    if (in_.token() != token_type::start_object) return mismatch(error_code::expected_object);
    return construct(info, storage);
  }

  /// Reads the current value into property `p` of `object` (a member, or through its setter).
  bool property(const property_info& p, void* object) { return read_property(p, object); }

  bool value(const type_info& info, void* target) {
    const token_type t = in_.token();
    // Each container's value recurses: max_depth allows what the thread's stack may not hold.
    if ((t == token_type::start_object || t == token_type::start_array) && stack_exhausted()) {
      return fail(error_code::stack_exhausted);
    }
    switch (info.kind) {
      case type_kind::boolean:
        if (t == token_type::true_value || t == token_type::false_value) {
          *static_cast<bool*>(target) = t == token_type::true_value;
          return true;
        }
        return mismatch(error_code::expected_boolean);
      case type_kind::int8: return integer<std::int8_t>(target);
      case type_kind::int16: return integer<std::int16_t>(target);
      case type_kind::int32: return integer<std::int32_t>(target);
      case type_kind::int64: return integer<std::int64_t>(target);
      case type_kind::uint8: return integer<std::uint8_t>(target);
      case type_kind::uint16: return integer<std::uint16_t>(target);
      case type_kind::uint32: return integer<std::uint32_t>(target);
      case type_kind::uint64: return integer<std::uint64_t>(target);
      case type_kind::float32: return floating<float>(target);
      case type_kind::float64: return floating<double>(target);
      case type_kind::character: {
        if (t != token_type::string) return mismatch(error_code::expected_string);
        char c[4];
        auto n = in_.copy_string(c);
        if (!n || *n != 1) return fail(error_code::invalid_value_format);
        *static_cast<char*>(target) = c[0];
        return true;
      }
      case type_kind::string:
        if (t != token_type::string) return mismatch(error_code::expected_string);
        string(*static_cast<std::string*>(target));
        return true;
      case type_kind::string_view: return fail(error_code::unsupported_type);
      case type_kind::enumeration: return enumeration(info, target);
      case type_kind::object:
        if (t != token_type::start_object) return mismatch(error_code::expected_object);
        if (info.descriptor->constructor != nullptr) return rebuild(info, target);
        if (shortcut_ != nullptr && shortcut_(in_, info, target)) return true;
        return members(info, target);
      case type_kind::nullable: {
        const nullable_ops& ops = *info.descriptor->nullable;
        if (t == token_type::null) {
          ops.reset(target);
          return true;
        }
        if (info.element->descriptor->construct != nullptr) return value(*info.element, ops.emplace(target));
        temporary v(*info.element->descriptor);
        if (!read_new(*info.element, v)) return false;
        ops.assign(target, v.get());
        return true;
      }
      case type_kind::sequence: return sequence(info, target);
      case type_kind::bytes: return bytes(info, target);
      case type_kind::map:
        if (t != token_type::start_object) return mismatch(error_code::expected_object);
        info.descriptor->map->clear(target);
        return map_entries(info, target);
      case type_kind::tuple: return tuple(info, target);
      case type_kind::variant: return variant(info, target);
      case type_kind::custom: return convert(*info.converter, target);
      case type_kind::opaque: return fail(error_code::unsupported_type);
    }
    return fail(error_code::unsupported_type);
  }

 private:
  /// Fails at the current token.
  bool fail(error_code code) {
    failure_.where = {code, in_.token_offset(), in_.token_line(), in_.token_column(), false};
    return false;
  }
  /// The same, naming what was wrong (a sentence for invalid_value_format, else a name).
  bool fail(error_code code, std::string what) {
    failure_.name = std::move(what);
    return fail(code);
  }
  /// The token does not fit the type: null gets its own message.
  bool mismatch(error_code expected) {
    return fail(in_.token() == token_type::null ? error_code::null_not_allowed : expected);
  }
  /// Advances to the next token; false with the reader's error.
  bool next() { return in_.read() || read_failed(); }
  /// Advances to the next token, comparing it first with the name of `expected`, the property
  /// likely to come next; `found` is that property if it did.
  bool next_name(const property_info& expected, const property_info*& found) {
    if (!expected.plain_name) return next();
    bool matched = false;
    if (!in_.read_name(expected.encoded.quoted(), matched)) return read_failed();
    if (matched) found = &expected;
    return true;
  }
  bool read_failed() {
    failure_.where = in_.error();
    if (!failure_.where) {  // cannot happen on a final block; kept so a failure is never silent
      failure_.where = {error_code::expected_value, in_.token_offset(), in_.token_line(), in_.token_column(), true};
    }
    return false;
  }

  void string(std::string& s) {
    const std::string_view raw = in_.value();
    if (!in_.value_is_escaped()) {
      s.assign(raw);
      return;
    }
    // Unescaped text is never longer. Short text goes through the stack so the string gets
    // exactly the memory it needs (sized to the escaped length, it could take a heap block
    // for text that fits in place).
    if (raw.size() <= 256) {
      char text[256];
      s.assign(text, *in_.copy_string(text));
      return;
    }
    s.resize(raw.size());
    s.resize(*in_.copy_string({s.data(), s.size()}));
  }

  /// The unescaped text of the current string token (a view of the input when it has no escapes).
  std::string_view string_text() {
    if (!in_.value_is_escaped()) return in_.value();
    string(scratch_);
    return scratch_;
  }

  /// Calls f(I{}) with the integer type of `kind` (an integer kind).
  template <class F>
  static bool with_integer_type(type_kind kind, F&& f) {
    switch (kind) {
      case type_kind::int8: return f(std::int8_t{});
      case type_kind::int16: return f(std::int16_t{});
      case type_kind::int32: return f(std::int32_t{});
      case type_kind::uint8: return f(std::uint8_t{});
      case type_kind::uint16: return f(std::uint16_t{});
      case type_kind::uint32: return f(std::uint32_t{});
      case type_kind::uint64: return f(std::uint64_t{});
      default: return f(std::int64_t{});
    }
  }

  /// True if `text` is one JSON number and nothing else (the reader's grammar decides).
  static bool is_number_text(std::string_view text) {
    reader sub(text);
    return sub.read() && sub.token() == token_type::number && !sub.read() && !sub.error();
  }

  /// Stores number text the reader's grammar accepts as an I, with range checks.
  template <class I>
  bool store_integer(std::string_view number, void* target) {
    bool negative = false;
    std::uint64_t magnitude = 0;
    if (const error_code e = integer_magnitude(number, negative, magnitude); e != error_code::none) return fail(e);
    if constexpr (std::is_signed_v<I>) {
      const auto limit = static_cast<std::uint64_t>(std::numeric_limits<I>::max()) + (negative ? 1 : 0);
      if (magnitude > limit) return fail(error_code::number_out_of_range);
      *static_cast<I*>(target) = static_cast<I>(negative ? static_cast<std::int64_t>(0 - magnitude)
                                                         : static_cast<std::int64_t>(magnitude));
    } else {
      if ((negative && magnitude != 0) || magnitude > std::numeric_limits<I>::max()) {
        return fail(error_code::number_out_of_range);
      }
      *static_cast<I*>(target) = static_cast<I>(magnitude);
    }
    return true;
  }

  /// An integer from text that may not be a number at all (property names, quoted numbers).
  template <class I>
  bool integer_from_text(std::string_view text, void* target) {
    // The common case, plain digits, needs no grammar check: integer_magnitude takes it as is.
    const std::size_t sign = !text.empty() && text[0] == '-';
    const bool plain = text.size() > sign && text.size() - sign <= 19 && (text[sign] != '0' || text.size() == sign + 1) &&
                       std::all_of(text.begin() + static_cast<std::ptrdiff_t>(sign), text.end(), is_digit);
    if (!plain && !is_number_text(text)) return fail(error_code::invalid_value_format);
    return store_integer<I>(text, target);
  }

  template <class I>
  bool integer(void* target) {
    if (in_.token() == token_type::number) return store_integer<I>(in_.value(), target);
    if (in_.token() == token_type::string && numbers_from_strings_) return integer_from_text<I>(string_text(), target);
    return mismatch(error_code::expected_number);
  }

  template <class F>
  bool floating(void* target) {
    F x = 0;
    if (in_.token() == token_type::number) {
      if (const error_code e = parse_binary(in_.value(), x); e != error_code::none) return fail(e);
    } else if (in_.token() == token_type::string && (numbers_from_strings_ || named_floats_)) {
      const std::string_view text = string_text();
      if (named_floats_ && (text == "NaN" || text == "Infinity" || text == "-Infinity")) {
        x = text == "NaN" ? std::numeric_limits<F>::quiet_NaN()
                          : (text[0] == '-' ? -1 : 1) * std::numeric_limits<F>::infinity();
      } else {
        if (!numbers_from_strings_ || !is_number_text(text)) return fail(error_code::invalid_value_format);
        if (const error_code e = parse_binary(text, x); e != error_code::none) return fail(e);
      }
    } else {
      return mismatch(error_code::expected_number);
    }
    *static_cast<F*>(target) = x;
    return true;
  }

  /// A named enumerator's value into an enumeration of underlying type `kind`.
  static void store_enumerator(type_kind kind, void* target, std::int64_t n) noexcept {
    with_integer_type(kind, [&](auto i) {
      using I = decltype(i);
      *static_cast<I*>(target) = static_cast<I>(n);
      return true;
    });
  }

  bool enumeration(const type_info& info, void* target) {
    const type_kind underlying = info.descriptor->underlying;
    if (in_.token() == token_type::string && !info.enum_names.empty() && options_.enums_as_strings()) {
      return enumerator_from_text(info, string_text(), target);
    }
    // Numbers (also accepted when names are used, as STJ's converter allows by default).
    return with_integer_type(underlying, [&](auto i) { return integer<decltype(i)>(target); });
  }

  /// A name of the enumeration, or integer text: values without a name are written as
  /// numbers (in quotes where numbers are quoted, and as map keys); like .NET's
  /// Enum.TryParse, integer text is the value.
  bool enumerator_from_text(const type_info& info, std::string_view text, void* target) {
    if (const enum_name* e = find_enumerator(info, text)) {
      store_enumerator(info.descriptor->underlying, target, e->value);
      return true;
    }
    if (with_integer_type(info.descriptor->underlying,
                          [&](auto i) { return integer_from_text<decltype(i)>(text, target); })) {
      return true;
    }
    if (failure_.where.code != error_code::invalid_value_format) return false;
    std::string names;
    for (std::size_t i = 0; i < info.enum_names.size() && i < 16; ++i) {
      names += (i == 0 ? "" : ", ") + std::string(info.enum_names[i].name);
    }
    if (info.enum_names.size() > 16) names += ", ...";
    return fail(error_code::invalid_value_format, quoted_excerpt(text) + " is neither a name of the enumeration (" +
                                                      names + ") nor an integer");
  }

  /// `text` in quotes, cut after 64 bytes (at a character boundary), for an error message.
  static std::string quoted_excerpt(std::string_view text) {
    std::size_t cut = text.size() <= 64 ? text.size() : 64;
    while (cut < text.size() && cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    // (Appended, not "\"" + std::string: GCC 12 warns falsely about the latter, -Wrestrict.)
    std::string quoted = "\"";
    quoted.append(text.substr(0, cut)).append(cut < text.size() ? "...\"" : "\"");
    return quoted;
  }

  bool convert(const converter_descriptor& converter, void* target) {
    const error_code code = converter.read_string != nullptr && in_.token() == token_type::string
                                ? converter.read_string(converter.self, string_text(), target, options_)
                                : converter.read(converter.self, in_, target, options_);
    if (code == error_code::none) return true;
    if (in_.error()) {
      failure_.where = in_.error();
      return false;
    }
    if (code == error_code::invalid_value_format && in_.token() == token_type::string) {
      std::string what = quoted_excerpt(string_text());
      if (converter.expected_format != nullptr) what += " is not " + converter.expected_format();
      return fail(code, std::move(what));
    }
    return fail(code);
  }

  /// The property a name token names, or null.
  const property_info* find_property(const type_info& info, std::uint32_t expected) {
    const auto& properties = info.properties;
    std::string_view name = in_.value();
    if (!in_.value_is_escaped() && !case_insensitive_) {
      // Members usually arrive in declaration order: try the next one first.
      if (expected < properties.size() && properties[expected].json_name == name) return &properties[expected];
      if (properties.size() <= 8) {
        for (const property_info& p : properties) {
          if (p.json_name == name) return &p;
        }
        return nullptr;
      }
    } else {
      string(scratch_);
      name = scratch_;
      if (case_insensitive_) {
        fold_case(scratch_, folded_);
        name = folded_;
      }
    }
    auto it = info.by_name.find(name);
    return it == info.by_name.end() ? nullptr : &properties[it->second];
  }

  bool read_property(const property_info& p, void* object) {
    const property_descriptor& d = *p.descriptor;
    if (d.offset >= 0) {
      void* field = static_cast<char*>(object) + d.offset;
      return p.converter != nullptr ? convert(*p.converter, field) : value(*p.type, field);
    }
    temporary field(*p.type->descriptor);
    if (!(p.converter != nullptr ? convert(*p.converter, field.construct()) : read_new(*p.type, field))) return false;
    d.set(object, field.get());
    return true;
  }

  /// Reads the current value as a new value of `info`'s type into `t` (constructed on success).
  bool read_new(const type_info& info, temporary& t) {
    if (info.descriptor->construct != nullptr) return value(info, t.construct());
    if (info.kind != type_kind::object || info.descriptor->constructor == nullptr) return fail(error_code::unsupported_type);
    if (in_.token() != token_type::start_object) return mismatch(error_code::expected_object);
    if (!construct(info, t.get())) return false;
    t.constructed();
    return true;
  }

  /// A property of an object still being read (the reader is on its value) into the frame.
  bool read_into_frame(const property_info& p, object_frame& frame) {
    if (temporary* earlier = frame.find(p.index)) {  // a duplicate: the last one wins
      return p.converter != nullptr ? convert(*p.converter, earlier->get()) : value(*p.type, earlier->get());
    }
    temporary& t = frame.add(p.index, *p.type->descriptor);
    return p.converter != nullptr ? convert(*p.converter, t.construct()) : read_new(*p.type, t);
  }

  /// An object built by its constructor, from after its '{' to its '}', into `storage` (where
  /// there is no object yet; constructed on success).
  bool construct(const type_info& info, void* storage) {
    object_frame frame(info);
    if (!members(info, nullptr, false, &frame)) return false;
    std::vector<void*> arguments;
    arguments.reserve(info.constructor_arguments.size());
    for (const std::uint32_t index : info.constructor_arguments) {
      const property_info& p = info.properties[index];
      temporary* argument = frame.find(index);
      if (argument == nullptr) {  // absent from the JSON: a default value, if the type has one
        if (p.type->descriptor->construct == nullptr) {
          failure_.name = p.json_name;
          return fail(error_code::missing_required_property);
        }
        argument = &frame.add(index, *p.type->descriptor);
        argument->construct();
      }
      arguments.push_back(argument->get());
    }
    info.descriptor->constructor->construct(storage, arguments.data());
    // Then the other properties that appeared, moved into the object.
    for (const property_info& p : info.properties) {
      temporary* v = frame.find(p.index);
      if (v == nullptr || p.constructor_argument) continue;
      if (p.descriptor->offset >= 0) {
        p.type->descriptor->move_assign(static_cast<char*>(storage) + p.descriptor->offset, v->get());
      } else {
        p.descriptor->set(storage, v->get());
      }
    }
    return true;
  }

  /// An object built by its constructor, replacing the existing object at `target`.
  bool rebuild(const type_info& info, void* target) {
    if (info.descriptor->move_assign == nullptr) return fail(error_code::unsupported_type);
    temporary built(*info.descriptor);
    if (!construct(info, built.get())) return false;
    built.constructed();
    info.descriptor->move_assign(target, built.get());
    return true;
  }

  /// An unknown member into the extension-data map (the reader is on its name). The first one
  /// in the object (`first`) replaces what the map held, as a member present in the JSON
  /// replaces the member's value.
  bool extension_member(const type_info& info, void* object, object_frame* frame, bool first) {
    const property_info& ext = info.properties[static_cast<std::size_t>(info.extension_data)];
    if (frame == nullptr) {
      void* map = static_cast<char*>(object) + ext.descriptor->offset;
      if (first) ext.type->descriptor->map->clear(map);
      return map_entry(*ext.type, map);
    }
    temporary* map = frame->find(ext.index);
    if (map == nullptr) {
      map = &frame->add(ext.index, *ext.type->descriptor);
      map->construct();
    }
    return map_entry(*ext.type, map->get());
  }

  /// The members of an object, from after its '{' (or after a variant's discriminator) to its
  /// '}'. `resumed`: the caller has read the first token after '{' already. With a `frame`,
  /// values go there instead (the object does not exist yet).
  bool members(const type_info& info, void* object, bool resumed = false, object_frame* frame = nullptr) {
    std::uint64_t seen = 0;
    std::vector<bool> seen_beyond_64;  // objects with more than 64 properties only
    bool extension_read = false;       // an unknown member went into the extension data
    std::uint32_t expected = 0;
    const std::uint32_t count = static_cast<std::uint32_t>(info.properties.size());
    while (true) {
      const property_info* p = nullptr;
      if (resumed) {
        resumed = false;
      } else if (!(expected < count ? next_name(info.properties[expected], p) : next())) {
        return false;
      }
      if (p == nullptr) {
        if (in_.token() == token_type::end_object) break;
        p = find_property(info, expected);
      }
      // The extension member's own name is no property in JSON: it is unknown data too.
      if (p == nullptr || static_cast<int>(p->index) == info.extension_data) {
        if (info.extension_data >= 0) {
          if (!extension_member(info, object, frame, !extension_read)) return false;
          extension_read = true;
          continue;
        }
        if (reject_unmapped_ || info.disallow_unmapped) {
          failure_.name.clear();
          string(failure_.name);
          return fail(error_code::unmapped_member);
        }
        if (!in_.skip()) return next();  // reports the reader's error
        continue;
      }
      if (!p->readable) {
        if (!in_.skip()) return next();
        continue;
      }
      bool already = false;
      if (p->index < 64) {
        already = (seen >> p->index) & 1;
        seen |= std::uint64_t{1} << p->index;
      } else {
        if (seen_beyond_64.empty()) seen_beyond_64.resize(info.properties.size());
        already = seen_beyond_64[p->index];
        seen_beyond_64[p->index] = true;
      }
      if (already && reject_duplicates_) {
        failure_.name = p->json_name;
        return fail(error_code::duplicate_property_name);
      }
      if (!next() || !(frame != nullptr ? read_into_frame(*p, *frame) : read_property(*p, object))) {
        failure_.path.add_name(p->json_name);
        return false;
      }
      expected = p->index + 1;
    }
    if ((info.required_mask & ~seen) != 0 || info.more_required) return check_required(info, seen, seen_beyond_64);
    return true;
  }

  bool check_required(const type_info& info, std::uint64_t seen, const std::vector<bool>& seen_beyond_64) {
    for (const property_info& p : info.properties) {
      if (!p.required) continue;
      const bool present = p.index < 64 ? ((seen >> p.index) & 1) != 0
                                        : !seen_beyond_64.empty() && seen_beyond_64[p.index];
      if (!present) {
        failure_.name = p.json_name;
        return fail(error_code::missing_required_property);
      }
    }
    return true;
  }

  bool sequence(const type_info& info, void* target) {
    if (in_.token() != token_type::start_array) return mismatch(error_code::expected_array);
    if (shortcut_ != nullptr && shortcut_(in_, info, target)) return true;
    const sequence_ops& ops = *info.descriptor->sequence;
    const type_info& element = *info.element;
    ops.clear(target);
    for (std::size_t i = 0;; ++i) {
      if (!next()) return false;
      if (in_.token() == token_type::end_array) {
        if (ops.fixed_size != 0 && i != ops.fixed_size) return fail(error_code::wrong_array_length);
        return true;
      }
      bool ok;
      if (ops.emplace_back != nullptr) {
        ok = value(element, ops.emplace_back(target));
      } else if (ops.at != nullptr) {
        if (i >= ops.fixed_size) return fail(error_code::wrong_array_length);
        ok = value(element, ops.at(target, i));
      } else {
        temporary e(*element.descriptor);
        ok = read_new(element, e);
        if (ok) ops.insert(target, e.get());
      }
      if (!ok) {
        failure_.path.add_index(i);
        return false;
      }
    }
  }

  bool bytes(const type_info& info, void* target) {
    if (in_.token() != token_type::string) return mismatch(error_code::expected_string);
    const std::string_view text = string_text();
    const std::ptrdiff_t size = base64_decoded_size(text.data(), text.size());
    if (size < 0) return fail(error_code::invalid_value_format);
    unsigned char* out = info.descriptor->bytes->resize(target, static_cast<std::size_t>(size));
    if (!decode_base64(text.data(), text.size(), out)) return fail(error_code::invalid_value_format);
    return true;
  }

  /// A property name as a map key of the type `key` describes.
  bool key(const type_info& key, void* k) {
    switch (key.kind) {
      case type_kind::string: string(*static_cast<std::string*>(k)); return true;
      case type_kind::character: return value(key, k);
      case type_kind::enumeration: return enumerator_from_text(key, string_text(), k);
      case type_kind::custom: {
        const error_code code = key.converter->read_key(key.converter->self, string_text(), k, options_);
        return code == error_code::none || fail(code);
      }
      default:
        return with_integer_type(key.kind, [&](auto i) { return integer_from_text<decltype(i)>(string_text(), k); });
    }
  }

  /// One entry of `map` (the reader is on its name) into the map at `target`.
  bool map_entry(const type_info& map, void* target) {
    // The name, for the path should the value fail. A reader of a stream may drop it while it
    // reads the value's tokens: then it is kept aside, on the stack unless it is long.
    std::string_view raw_name = in_.value();
    char kept[64];
    std::string kept_long;
    if (reader_access::has_source(in_)) {
      if (raw_name.size() <= sizeof kept) {
        raw_name = {static_cast<char*>(std::memcpy(kept, raw_name.data(), raw_name.size())), raw_name.size()};
      } else {
        raw_name = kept_long.assign(raw_name);
      }
    }
    const bool escaped = in_.value_is_escaped();
    const map_ops& ops = *map.descriptor->map;
    error_info at_name{};  // where a duplicate key is reported
    std::size_t before = 0;
    if (reject_duplicates_) {
      at_name = {error_code::duplicate_property_name, in_.token_offset(), in_.token_line(), in_.token_column(), false};
      before = ops.size(target);
    }
    temporary k(*map.key->descriptor);
    k.construct();
    if (!key(*map.key, k.get())) return false;
    bool ok;
    if (map.element->descriptor->construct == nullptr) {
      temporary v(*map.element->descriptor);
      ok = next() && read_new(*map.element, v);
      if (ok) ops.insert(target, k.get(), v.get());
    } else {
      void* v = ops.emplace(target, k.get());
      ok = next() && value(*map.element, v);
    }
    if (ok && (!reject_duplicates_ || ops.size(target) > before)) return true;
    std::string name(raw_name);
    if (escaped) name.resize(static_cast<std::size_t>(unescape(raw_name.data(), raw_name.data() + raw_name.size(), name.data()) - name.data()));
    if (ok) {  // the key was there before
      failure_.where = at_name;
      failure_.name = std::move(name);
      return false;
    }
    failure_.path.add_name(name);
    return false;
  }

  /// The entries of a map, from after its '{' to its '}'.
  bool map_entries(const type_info& info, void* target) {
    while (true) {
      if (!next()) return false;
      if (in_.token() == token_type::end_object) return true;
      if (!map_entry(info, target)) return false;
    }
  }

  bool tuple(const type_info& info, void* target) {
    if (in_.token() != token_type::start_array) return mismatch(error_code::expected_array);
    const auto& elements = info.descriptor->elements;
    for (std::size_t i = 0; i < elements.size(); ++i) {
      if (!next()) return false;
      if (in_.token() == token_type::end_array) return fail(error_code::wrong_array_length);
      if (!value(*info.elements[i], static_cast<char*>(target) + elements[i].offset)) {
        failure_.path.add_index(i);
        return false;
      }
    }
    if (!next()) return false;
    if (in_.token() != token_type::end_array) return fail(error_code::wrong_array_length);
    return true;
  }

  /// Whether an untagged alternative takes the current token.
  static bool accepts(const type_info& alternative, token_type t) noexcept {
    switch (alternative.kind) {
      case type_kind::boolean: return t == token_type::true_value || t == token_type::false_value;
      case type_kind::character:
      case type_kind::string:
      case type_kind::bytes: return t == token_type::string;
      case type_kind::enumeration: return t == token_type::number || t == token_type::string;
      case type_kind::object:
      case type_kind::map: return t == token_type::start_object;
      case type_kind::sequence:
      case type_kind::tuple: return t == token_type::start_array;
      case type_kind::nullable: return true;
      case type_kind::custom: return true;
      default: return is_number_kind(alternative.kind) && t == token_type::number;
    }
  }

  bool variant(const type_info& info, void* target) {
    const variant_ops& ops = *info.descriptor->variant;
    const token_type t = in_.token();
    if (info.tagged && t == token_type::start_object) {
      // The discriminator must come first (STJ's rule: metadata properties lead).
      if (!next()) return false;
      std::size_t chosen = info.elements.size();
      if (in_.token() == token_type::property_name && in_.value_text_equals(info.discriminator.escaped())) {
        if (!next()) return false;
        if (in_.token() != token_type::string) return fail(error_code::unknown_discriminator);
        for (std::size_t i = 0; i < info.tags.size(); ++i) {
          if (!info.descriptor->elements[i].tag.empty() && in_.value_text_equals(info.descriptor->elements[i].tag)) {
            chosen = i;
            break;
          }
        }
        if (chosen == info.elements.size()) return fail(error_code::unknown_discriminator, std::string(string_text()));
        return members(*info.elements[chosen], ops.emplace(target, chosen));
      }
      // No discriminator: the alternative without a tag, if there is one, takes the object.
      for (std::size_t i = 0; i < info.elements.size(); ++i) {
        if (info.descriptor->elements[i].tag.empty() && info.elements[i]->kind == type_kind::object) {
          return members(*info.elements[i], ops.emplace(target, i), true);
        }
      }
      return fail(error_code::missing_discriminator);
    }
    for (std::size_t i = 0; i < info.elements.size(); ++i) {
      if (info.tagged && !info.descriptor->elements[i].tag.empty()) continue;
      if (accepts(*info.elements[i], t)) return value(*info.elements[i], ops.emplace(target, i));
    }
    return fail(info.tagged ? error_code::expected_object : error_code::invalid_value_format);
  }

  reader& in_;
  read_failure& failure_;
  const serializer_options& options_;
  read_shortcut shortcut_;
  std::string scratch_;  // unescaped names and Base64 text
  bool numbers_from_strings_;
  bool named_floats_;
  bool case_insensitive_;
  std::string folded_;  // a name case-folded, where names are case-insensitive
  bool reject_duplicates_;
  bool reject_unmapped_;
};

}  // namespace

bool interp_read(reader& in, const type_info& info, void* target, read_failure& failure, read_shortcut shortcut) {
  return read_engine(in, failure, *info.options, shortcut).value(info, target);
}

bool interp_read_property(reader& in, const property_info& property, void* object, read_failure& failure) {
  return read_engine(in, failure, *property.type->options).property(property, object);
}

bool interp_read_new(reader& in, const type_info& info, void* storage, read_failure& failure,
                     read_shortcut shortcut) {
  return read_engine(in, failure, *info.options, shortcut).new_value(info, storage);
}

}  // namespace jsonjit::detail
