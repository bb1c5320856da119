// The type model: a run-time description of a C++ type that the engines execute.
//
// A `type_descriptor` says what a type is for JSON (an object with properties, a sequence, a
// map, a number, ...) and how to reach its parts: members at constant offsets, and small
// type-erased functions for what only the type itself can do (append to a container, emplace
// an optional, call a getter). Descriptors of C++ types are made by templates
// (`jsonjit::descriptor_of<T>()`, detail/describe.hpp) once per type and never change; the
// serializer options are applied on top of them when a type is first used with some options
// (the engines' resolved `type_info`, private). Code that only knows its types at run time can
// build descriptors itself.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include <jsonjit/detail/export.hpp>
#include <jsonjit/error.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

class reader;
class writer;
class serializer_options;
struct type_descriptor;

/// A descriptor reached through a function, so that recursive types can refer to themselves.
using descriptor_fn = const type_descriptor& (*)() noexcept;

enum class type_kind : std::uint8_t {
  boolean,
  int8,
  int16,
  int32,
  int64,
  uint8,
  uint16,
  uint32,
  uint64,
  float32,
  float64,
  character,    ///< char, a string of one character
  string,       ///< std::string
  string_view,  ///< std::string_view: written, never read
  enumeration,  ///< an integer kind underneath (`underlying`), optionally named values
  object,       ///< properties
  nullable,     ///< std::optional, std::unique_ptr, std::shared_ptr: null or a value
  sequence,     ///< a JSON array of one element type (vectors, lists, sets, std::array)
  bytes,        ///< contiguous bytes written as one Base64 string
  map,          ///< a JSON object from keys (strings, integers, enums) to one value type
  tuple,        ///< a JSON array of fixed length and per-position types (pair, tuple)
  variant,      ///< one of several types: tagged by a discriminator property, or by JSON kind
  custom,       ///< written and read by a converter
  opaque,       ///< nothing known: needs a converter in the options
};

/// The numeric kinds from int8 to float64.
constexpr bool is_number_kind(type_kind kind) noexcept {
  return kind >= type_kind::int8 && kind <= type_kind::float64;
}

/// Per-property choice of when to leave the property out of the output (STJ JsonIgnoreCondition);
/// `inherit` takes the options' default.
enum class property_ignore : std::uint8_t { inherit, never, always, when_writing_null, when_writing_default };

/// Type-erased calls into a converter: a class with `write(writer&, const T&, const
/// serializer_options&)` and `read(reader&, T&, const serializer_options&) -> error_code`
/// (see meta.hpp). `self` is the converter object.
struct converter_descriptor {
  const void* self;
  void (*write)(const void* self, writer& out, const void* value, const serializer_options& options);
  /// The reader is on the value's first token; on success it is left on the value's last token.
  error_code (*read)(const void* self, reader& in, void* value, const serializer_options& options);
  /// Map keys (null when the converter has none): writes the value as a property name, and
  /// reads it from an unescaped name.
  void (*write_key)(const void* self, writer& out, const void* key, const serializer_options& options) = nullptr;
  error_code (*read_key)(const void* self, std::string_view name, void* key, const serializer_options& options) = nullptr;
  /// String tokens (null when the converter has none: read takes them): reads the value from
  /// the string's unescaped text.
  error_code (*read_string)(const void* self, std::string_view text, void* value,
                            const serializer_options& options) = nullptr;
  /// Values written as short text (null when the converter writes through a writer): writes
  /// the string's text, at most max_text_size bytes that need no escaping, at `out` and returns
  /// its length. `write` then does the same through a writer.
  std::size_t (*write_text)(const void* self, char* out, const void* value, const serializer_options& options) = nullptr;
  std::size_t max_text_size = 0;
  /// What the converter reads, for the error that a string is not in its format (null when
  /// the converter does not say).
  std::string (*expected_format)() = nullptr;
};

/// One property of an object. Exactly one access path is set: `offset` (a data member), or
/// `get` (a getter or computed value; `set` may add a setter).
struct property_descriptor {
  std::string_view name;  ///< the declared name: the JSON name unless a naming policy applies
  descriptor_fn type;
  std::ptrdiff_t offset = -1;  ///< a data member's offset in the object, or -1
  /// Copies the value into uninitialized storage for `type` (getters).
  void (*get)(const void* object, void* storage) = nullptr;
  /// Moves a value of `type` into the object (setters). Null with `get` set: read-only.
  void (*set)(void* object, void* value) = nullptr;
  property_ignore ignore = property_ignore::inherit;
  bool required = false;
  /// The member collects unknown properties (a map from strings to documents or nodes).
  bool extension_data = false;
  /// Writes and reads this property's value instead of its type's own description.
  const converter_descriptor* converter = nullptr;
};

/// A named value of an enumeration.
struct enumerator_descriptor {
  std::int64_t value;
  std::string_view name;
};

/// One position of a tuple, or one alternative of a variant (with its discriminator tag).
struct element_descriptor {
  descriptor_fn type;
  std::ptrdiff_t offset = 0;  ///< tuples: where the element is in the tuple
  std::string_view tag;       ///< variants: the discriminator value
};

/// Containers of one element type.
struct sequence_ops {
  std::size_t (*size)(const void* container);
  /// The first element when elements are contiguous (then `stride` apart), else null.
  const void* (*data)(const void* container);
  /// Calls `visit(context, element)` for each element in order until it returns false.
  bool (*for_each)(const void* container, bool (*visit)(void* context, const void* element), void* context);
  void (*clear)(void* container);
  /// Appends a default-constructed element and returns it (null for sets and fixed arrays).
  void* (*emplace_back)(void* container);
  /// Moves `element` in (sets, where duplicates are dropped; std::vector<bool>). Null where
  /// emplace_back is set.
  void (*insert)(void* container, void* element);
  /// Fixed arrays: the element at `index` (< fixed_size).
  void* (*at)(void* container, std::size_t index);
  std::size_t stride;
  std::size_t fixed_size;  ///< std::array's N, or 0 for growable containers
};

struct bytes_ops {
  std::size_t (*size)(const void* container);
  const unsigned char* (*data)(const void* container);
  /// Resizes and returns the bytes to fill.
  unsigned char* (*resize)(void* container, std::size_t size);
};

struct map_ops {
  std::size_t (*size)(const void* map);
  /// Calls `visit(context, key, value)` for each entry in the map's order until it returns false.
  bool (*for_each)(const void* map, bool (*visit)(void* context, const void* key, const void* value),
                   void* context);
  void (*clear)(void* map);
  /// Moves `key` in (replacing the value of an equal key: the last duplicate wins) and returns
  /// the new default-constructed value to fill.
  void* (*emplace)(void* map, void* key);
  /// Moves `key` and `value` in (the last duplicate wins): for values that cannot be
  /// default-constructed, where `emplace` is null.
  void (*insert)(void* map, void* key, void* value);
};

struct nullable_ops {
  /// The value, or null when empty.
  const void* (*get)(const void* holder);
  /// Replaces the content with a default-constructed value and returns it.
  void* (*emplace)(void* holder);
  /// Moves `value` in: for values that cannot be default-constructed, where `emplace` is null.
  void (*assign)(void* holder, void* value);
  void (*reset)(void* holder);
};

struct variant_ops {
  std::size_t (*index)(const void* variant);
  const void* (*get)(const void* variant);
  /// Replaces the content with a default-constructed alternative `index` and returns it.
  void* (*emplace)(void* variant, std::size_t index);
};

/// Reading builds the object by calling a constructor with the values of some of its
/// properties (STJ's parameterized constructors); the other properties are stored after.
struct constructor_descriptor {
  std::span<const std::string_view> parameters;  ///< declared property names, in argument order
  std::span<const descriptor_fn> types;           ///< the arguments' types
  /// Constructs the object in `storage` from `arguments` (one value per parameter, moved from).
  void (*construct)(void* storage, void* const* arguments);
};

struct type_descriptor {
  type_kind kind;
  std::string_view name;  ///< the C++ type's name, for messages and dumps
  const void* key;        ///< identifies the C++ type (options' converters are found by it)
  std::size_t size = 0;
  std::size_t align = 1;
  /// Default-constructs in place; null if the type cannot be (it can then only be written).
  void (*construct)(void* storage) = nullptr;
  void (*destroy)(void* object) = nullptr;
  /// True when the value equals a value-initialized one (ignore when_writing_default); null if
  /// the type has no equality.
  bool (*is_default)(const void* object) = nullptr;
  /// Move-assigns `source` to `target` (both of this type); null if the type cannot be.
  void (*move_assign)(void* target, void* source) = nullptr;

  std::span<const property_descriptor> properties;  ///< object
  std::span<const element_descriptor> elements;     ///< tuple positions, variant alternatives
  std::span<const enumerator_descriptor> enumerators;
  descriptor_fn element = nullptr;  ///< nullable's value, sequence's element, map's value
  descriptor_fn map_key = nullptr;
  type_kind underlying = type_kind::int32;  ///< enumeration
  /// variant: the discriminator property ("$type" by default) when the alternatives have tags.
  std::string_view discriminator;
  const sequence_ops* sequence = nullptr;
  const bytes_ops* bytes = nullptr;
  const map_ops* map = nullptr;
  const nullable_ops* nullable = nullptr;
  const variant_ops* variant = nullptr;
  const converter_descriptor* converter = nullptr;  ///< custom
  const constructor_descriptor* constructor = nullptr;  ///< object: built by a constructor
  /// object: rejects properties that it does not have, whatever the options say.
  bool disallow_unmapped = false;
};

}  // namespace jsonjit
JSONJIT_EXPORT_END
