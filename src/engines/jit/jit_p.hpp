// The JIT engine: compiles a resolved type (of any kind: README.md lists what it refuses) into
// a native writer and a native reader. Values of other types inside it are calls to their
// types' compiled functions; what the code does not write or read itself (getters whose
// ignore condition needs their value, extension data, a refused type) is handed to the
// interpreter per value.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <jsonjit/output.hpp>
#include <jsonjit/reader.hpp>
#include <jsonjit/serializer_options.hpp>
#include <jsonjit/type_model.hpp>
#include <jsonjit/writer.hpp>

#include "common/stack_p.hpp"
#include "engines/jit/statistics_p.hpp"
#include "model/compiled_functions_p.hpp"  // write_fn, read_fn

namespace jsonjit::detail {
struct type_info;
struct property_info;
}

namespace jsonjit::detail::jit {

/// What a generated writer and its helpers share: the output window [cur, end) and what the
/// helpers need to write values the way the writer does.
struct write_context {
  char* cur;
  char* end;
  output* out;
  const serializer_options* options;  ///< for converters
  writer_options settings;            ///< the options' writer settings (escaping, max_depth, ...)
  /// Objects and arrays open around the position, kept by generated code: where a writer
  /// would stop (settings.max_depth), the generated code stops, and a helper writing a value
  /// with a writer of its own gives it the nesting still allowed.
  int depth;
  /// Whether the next element or entry a visitor writes (see function_shape) is the first of
  /// its container, so has no comma before it: set by the container's function before it
  /// hands the container to its for_each, cleared by the first element before it writes its
  /// value (which may be a container of its own); the container's function keeps the value it
  /// found and puts it back after.
  bool first_item = false;
  /// A container opened with the stack below this fails (the interpreter then reports
  /// stack_exhausted): functions call each other per nesting level.
  std::uintptr_t stack_floor = detail::stack_floor().generated;
};

/// Why a library without a code generator (JSONJIT_JIT=OFF, or a processor it has none for)
/// refuses every type and schema.
inline constexpr std::string_view no_code_generator = "no code generator for this processor";

/// The compiled writer of `info` (compiled on first request, once per type and options), or
/// null when the type or its options are beyond what the JIT compiles; `why` then says so
/// (text that lives as long as the options).
write_fn writer_for(const type_info& info, std::string_view& why);

/// What a generated reader and its helpers share. Generated code keeps `depth` (the objects and
/// arrays open around the position) so that helpers reading a value with a reader of their
/// own give it exactly the nesting the interpreter's reader would still allow.
struct read_context {
  const char* end;
  const serializer_options* options;
  reader_options reading;  ///< the options' reader settings (comments, trailing commas, max_depth)
  int depth;
  std::uintptr_t stack_floor = detail::stack_floor().generated;  ///< as write_context's
};

/// The compiled reader of `info`, as writer_for.
read_fn reader_for(const type_info& info, std::string_view& why);

/// How compiled code reads an object built by its constructor (meta<T>::constructor), which
/// does not exist until its members are read: `members` reads them (as it reads any object's)
/// into a frame where each readable property has a default-constructed value — a member at
/// its offset in the object, a value set through a setter or getter after the object's size —
/// and stores the mask of the properties it read at `seen_offset`; then the object is built
/// from the frame as the interpreter builds it (jsonjit_jit_read_constructed). The type's
/// jit_read function calls that helper.
struct constructed_reader {
  const type_info* type;
  read_fn members;
  std::size_t frame_size;
  std::size_t frame_align;
  std::size_t seen_offset;
  std::vector<std::ptrdiff_t> slots;  ///< per property index: its value's offset in the frame, or -1
};

/// Whether std::string has the layout generated code may use directly (libstdc++'s: the data
/// pointer at offset 0, the size at offset 8, at least 16 readable bytes at the data, and
/// short strings kept in place in the 16 bytes at offset 16), checked once on real strings.
/// Where it does not hold, strings go through helpers only.
bool string_layout_known() noexcept;

}  // namespace jsonjit::detail::jit

// Helpers called from generated code: C linkage and noexcept (generated frames have no unwind
// information); null means failure. Each returns the new write position.
extern "C" {
/// Makes `n` bytes writable at the position `cur`; updates context->end.
char* jsonjit_jit_reserve(jsonjit::detail::jit::write_context* context, char* cur, std::size_t n) noexcept;
/// A string value, quoted and escaped as the writer escapes it (it reserves its own room).
char* jsonjit_jit_string(jsonjit::detail::jit::write_context* context, char* cur, const std::string* value) noexcept;
/// The rest of a string whose opening quote and first bytes generated code wrote: the `size`
/// bytes at `text` escaped as the writer escapes them, then the closing quote, at `cur` (it
/// reserves its own room).
char* jsonjit_jit_string_tail(jsonjit::detail::jit::write_context* context, char* cur, const char* text,
                              std::size_t size) noexcept;
/// A value written by a converter, through a writer on the same output that may nest as
/// deep as the interpreter's writer would still allow there.
char* jsonjit_jit_converter(jsonjit::detail::jit::write_context* context, char* cur,
                            const jsonjit::converter_descriptor* converter, const void* value) noexcept;
/// The value of `property` of `object` that its getter gives (always written, its name
/// written): taken into a temporary and written by its type's compiled writer, or by its
/// converter, or by the interpreter where the type has no compiled writer.
char* jsonjit_jit_getter(jsonjit::detail::jit::write_context* context, char* cur,
                         const jsonjit::detail::property_info* property, const void* object) noexcept;
/// The property of `object` a getter gives, whose ignore condition needs its value: its name
/// (after a comma if `*written`: the object has members before it) and value by the
/// interpreter, or nothing when left out; `*written` updated.
char* jsonjit_jit_write_member(jsonjit::detail::jit::write_context* context, char* cur,
                               const jsonjit::detail::property_info* property, const void* object,
                               bool* written) noexcept;
/// The entries of the extension-data member of `object` (of `type`), as the interpreter writes
/// them among the object's members; `*written` as above.
char* jsonjit_jit_write_extension(jsonjit::detail::jit::write_context* context, char* cur,
                                  const jsonjit::detail::type_info* type, const void* object,
                                  bool* written) noexcept;
/// A value of `type` at `value` that generated code does not write itself (a variant whose
/// alternative is not compiled, an opaque type, ...), by the interpreter through such a writer.
char* jsonjit_jit_interpreted_value(jsonjit::detail::jit::write_context* context, char* cur,
                                    const jsonjit::detail::type_info* type, const void* value) noexcept;
/// The enumeration of `type` at `value`: its name (in quotes) under enums_as_strings where it
/// has one, else its number as an integer of its underlying type is written (reserves its own room).
char* jsonjit_jit_enum(jsonjit::detail::jit::write_context* context, char* cur,
                       const jsonjit::detail::type_info* type, const void* value) noexcept;
/// The bytes of the byte container of `type` at `value`, as one Base64 string (reserves its
/// own room, piece by piece for long ones).
char* jsonjit_jit_bytes(jsonjit::detail::jit::write_context* context, char* cur,
                        const jsonjit::detail::type_info* type, const void* value) noexcept;
/// A std::string_view's text and a char (a string of one character), quoted and escaped as
/// strings are (they reserve their own room).
char* jsonjit_jit_string_view(jsonjit::detail::jit::write_context* context, char* cur,
                              const std::string_view* value) noexcept;
char* jsonjit_jit_character(jsonjit::detail::jit::write_context* context, char* cur, const char* value) noexcept;
/// A float or double at `value` (in quotes if `quoted`) with 50 bytes of room reserved; a
/// value that is not finite as its named literal where the writer allows them, else null (the
/// interpreter's replay reports it).
char* jsonjit_jit_float32(jsonjit::detail::jit::write_context* context, char* cur, const float* value,
                          bool quoted) noexcept;
char* jsonjit_jit_float64(jsonjit::detail::jit::write_context* context, char* cur, const double* value,
                          bool quoted) noexcept;
/// Integers, with 24 bytes of room already reserved.
char* jsonjit_jit_int64(char* cur, std::int64_t value) noexcept;
char* jsonjit_jit_uint64(char* cur, std::uint64_t value) noexcept;
/// The value at `value` by `converter`'s write_text, in quotes (its max_text_size + 2 bytes of
/// room reserved); null if it threw (the interpreter then writes it again, and it throws there).
char* jsonjit_jit_text(jsonjit::detail::jit::write_context* context, char* cur,
                       const jsonjit::converter_descriptor* converter, const void* value) noexcept;

// Helpers of generated readers: each reads one value at `cur` (its first byte, never `end`)
// and returns the position after it, or null when the compiled reader gives up (see read_fn).
/// JSON whitespace from `cur`: the first other byte, or `end`.
const char* jsonjit_jit_skip_whitespace(const char* cur, const char* end) noexcept;
/// A number into the named type at `target`: integers only as plain digits in range (a fraction,
/// an exponent, anything out of range gives up), floats by the reader's own grammar.
const char* jsonjit_jit_read_int8(const char* cur, const char* end, void* target) noexcept;
const char* jsonjit_jit_read_int16(const char* cur, const char* end, void* target) noexcept;
const char* jsonjit_jit_read_int32(const char* cur, const char* end, void* target) noexcept;
const char* jsonjit_jit_read_int64(const char* cur, const char* end, void* target) noexcept;
const char* jsonjit_jit_read_uint8(const char* cur, const char* end, void* target) noexcept;
const char* jsonjit_jit_read_uint16(const char* cur, const char* end, void* target) noexcept;
const char* jsonjit_jit_read_uint32(const char* cur, const char* end, void* target) noexcept;
const char* jsonjit_jit_read_uint64(const char* cur, const char* end, void* target) noexcept;
const char* jsonjit_jit_read_float32(const char* cur, const char* end, void* target) noexcept;
const char* jsonjit_jit_read_float64(const char* cur, const char* end, void* target) noexcept;
/// A string into the std::string at `target`.
const char* jsonjit_jit_read_string(const char* cur, const char* end, std::string* target) noexcept;
/// The plain text of `size` bytes at `text` (a string the generated code scanned, its closing
/// quote right after) into `target`: the position after the quote.
const char* jsonjit_jit_assign_string(std::string* target, const char* text, std::size_t size) noexcept;
/// A value read by `converter` (one with read_string) from the unescaped text of `size` bytes
/// at `text`, a string whose closing quote comes right after: the position after the quote.
const char* jsonjit_jit_read_text(jsonjit::detail::jit::read_context* context, const char* text,
                                  std::size_t size, const jsonjit::converter_descriptor* converter,
                                  void* target) noexcept;
/// A number of `type` (an integer, a float, or an enumeration read as its underlying integer)
/// under allow_reading_from_string: plain, or in quotes (plain number text right up to the
/// closing quote); anything else gives up.
const char* jsonjit_jit_read_number(jsonjit::detail::jit::read_context* context, const char* cur,
                                    const jsonjit::detail::type_info* type, void* target) noexcept;
/// The variant of `type` at `target`, its alternative chosen as the interpreter chooses it:
/// by the discriminator that leads an object (tagged; its members after it read by
/// type->jit_tagged_readers), else the first untagged alternative whose kind takes the
/// value's JSON kind, made and read by its type's compiled reader; no alternative gives up.
const char* jsonjit_jit_read_variant(jsonjit::detail::jit::read_context* context, const char* cur,
                                     const jsonjit::detail::type_info* type, void* target) noexcept;
/// The enumeration of `type` at `target`, under enums_as_strings with names: one of its names
/// (ASCII case-insensitively, as the interpreter matches them) or a number of its underlying
/// type; a name with escapes, integer text in quotes and anything else give up.
const char* jsonjit_jit_read_enum(jsonjit::detail::jit::read_context* context, const char* cur,
                                  const jsonjit::detail::type_info* type, void* target) noexcept;
/// The byte container of `type` at `target` from a Base64 string (one with escapes gives up).
const char* jsonjit_jit_read_bytes(jsonjit::detail::jit::read_context* context, const char* cur,
                                   const jsonjit::detail::type_info* type, void* target) noexcept;
/// A value read by `converter` into `target`.
const char* jsonjit_jit_read_converted(jsonjit::detail::jit::read_context* context, const char* cur,
                                       const jsonjit::converter_descriptor* converter, void* target) noexcept;
/// A value of `type` read by the interpreter into `target`.
const char* jsonjit_jit_read_interpreted(jsonjit::detail::jit::read_context* context, const char* cur,
                                         const jsonjit::detail::type_info* type, void* target) noexcept;
/// An object built by its constructor (`reader`), from its `{` at `cur`: its members read into
/// a frame, then (with `is_new`) constructed in the storage at `target`, or (without) built
/// aside and move-assigned to the object at `target`. Null when the members function gave up
/// or building threw (the interpreter's replay then throws it again, as it reports the rest);
/// `target` is then untouched.
const char* jsonjit_jit_read_constructed(jsonjit::detail::jit::read_context* context, void* target,
                                         const char* cur,
                                         const jsonjit::detail::jit::constructed_reader* reader,
                                         bool is_new) noexcept;
/// The sequence of type `sequence` at `target` whose elements are inserted (a set): `[`, the
/// container cleared, each element read into a new value by the compiled reader of the
/// element type and moved in, `]`.
const char* jsonjit_jit_read_inserted(jsonjit::detail::jit::read_context* context, const char* cur,
                                      const jsonjit::detail::type_info* sequence, void* target) noexcept;
/// A property with a setter, read by the interpreter into `object`.
const char* jsonjit_jit_read_by_setter(jsonjit::detail::jit::read_context* context, const char* cur,
                                       const jsonjit::detail::property_info* property, void* object) noexcept;

/// A value skipped as the reader skips it (checked as it goes).
const char* jsonjit_jit_skip_value(jsonjit::detail::jit::read_context* context, const char* cur) noexcept;

/// One entry of the map `container` of type `map`, whose key (a property name) is at `cur`
/// (whitespace before it allowed): the key read and emplaced, the value to read next (at
/// `cur`, after the colon), or a null value to give up.
struct jsonjit_jit_entry {
  void* value;
  const char* cur;
};
jsonjit_jit_entry jsonjit_jit_map_entry(jsonjit::detail::jit::read_context* context, const char* cur,
                                        const jsonjit::detail::type_info* map, void* container) noexcept;

/// A member name the compiled reader did not expect there, looked up in `type`: the position
/// after its `:` and the property's index, or -1 when the member was dealt with (an unknown or
/// read-only one skipped with its value, or unknown data read into the extension-data map of
/// `object`, whose bit in the object's `seen` mask is set by the first); a null position to
/// give up.
struct jsonjit_jit_member {
  const char* cur;
  std::int64_t index;
};
jsonjit_jit_member jsonjit_jit_read_member(jsonjit::detail::jit::read_context* context, const char* cur,
                                           const jsonjit::detail::type_info* type, void* object,
                                           std::uint64_t* seen) noexcept;
}
