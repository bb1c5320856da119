// Emits one compiled reader as machine code: the instruction patterns the reader compiler
// (compile_read.cpp) asks for. The compiler decides the order of the checks (names speculated
// in declaration order, a dispatch when they are not); this says how. Each code generator
// implements it in its folder (x86_64/reader_emitter.cpp, aarch64/reader_emitter.cpp).
//
// Convention: the function is `const char* fn(read_context* context, void* object, const
// char* cur)`. While it runs, the object, the read position, the end of the input, the context
// and the current element (of a sequence, or an optional's value) are in callee-saved
// registers, so helper calls keep them; the properties seen so far are a bit mask in a stack
// slot. Every value starts by skipping whitespace and loading its first
// byte (one compare with the end, one with space; real whitespace takes a cold path). Any
// byte it does not expect makes the function return null: the interpreter then reads the input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "engines/jit/emit/code_memory_p.hpp"
#include "engines/jit/emit/value_base_p.hpp"
#include "engines/jit/jit_p.hpp"

namespace jsonjit::detail::jit {

/// Values read by a helper of the form `const char* (cur, end, target)`.
enum class scalar_helper : std::uint8_t { int8, int16, int32, int64, uint8, uint16, uint32, uint64, float32, float64 };

class reader_emitter {
 public:
  /// A position in the code, for the compiler's jumps.
  using label = std::uint32_t;

  /// Starts the function, which reads an object (its members between end_of_object labels), or
  /// (function_shape::sequence) any other value at offset 0, ended by end_value_function (a
  /// sequence, a map, an optional, a tuple, a scalar); for an object, the `{` after
  /// whitespace, one level deeper (giving up beyond the options' max_depth), the seen mask
  /// cleared.
  explicit reader_emitter(function_shape what, bool listing = false);
  ~reader_emitter();
  reader_emitter(const reader_emitter&) = delete;
  reader_emitter& operator=(const reader_emitter&) = delete;

  label new_label();
  void bind(label at);
  void jump(label to);

  /// After whitespace: on `}` consumes it and jumps to `to`.
  void if_end_of_object(label to);
  /// On the bytes of `text` (a property's quoted name and the colon) consumes them; else (also
  /// near the end of the input) jumps to `miss` with the position unchanged.
  void match_name(std::string_view text, label miss);
  /// Records property `index` (< 64) as seen; with `reject_duplicates` gives up if it was.
  void mark_seen(unsigned index, bool reject_duplicates);
  /// After a member's value: on `,` consumes it and the whitespace after it and jumps to
  /// `next`; on `}` consumes it and jumps to `done`; gives up on anything else.
  void next_member(label next, label done);
  /// At a member name the compiler did not match: calls the lookup helper for `type`, then
  /// jumps to values[index] for a property, or to `skipped` when the helper skipped the member.
  void dispatch(const type_info* type, std::span<const label> values, label skipped);
  /// The object is complete: gives up when a property in `required` (a mask of indices) was
  /// not seen, else returns the position after the `}` — having stored the seen mask at
  /// offset `seen_to` of the object, if that is not negative (constructed_reader's frame).
  void end_object(std::uint64_t required, std::ptrdiff_t seen_to = -1);

  // Values, at `offset` from the object or from the current element.
  void boolean(std::ptrdiff_t offset, value_base base = value_base::object);
  void scalar(scalar_helper helper, std::ptrdiff_t offset, value_base base = value_base::object);
  /// A string into the std::string at `offset`. With `inline_short` (std::string's layout
  /// checked: jit::string_layout_known()), a plain ASCII string is found with vector compares
  /// (16 bytes at a time); one of up to 15 bytes going into a string that keeps its text in
  /// place is stored inline, without a call, a longer one assigned by a helper that does not
  /// scan it again.
  void string(std::ptrdiff_t offset, value_base base, bool inline_short);
  /// A value read by `converter`; one that reads strings from their text (read_string) gets a
  /// plain string's text found by vector compares, without a second scan.
  void converted(const converter_descriptor* converter, std::ptrdiff_t offset, value_base base = value_base::object);
  void interpreted(const type_info* type, std::ptrdiff_t offset, value_base base = value_base::object);
  /// A number that may come in quotes (allow_reading_from_string), an enumeration read by name
  /// or number, and a byte container from Base64, by their helpers.
  void number_or_text(const type_info* type, std::ptrdiff_t offset, value_base base = value_base::object);
  /// An untagged variant, its alternative chosen by the value's JSON kind (jsonjit_jit_read_variant).
  void variant(const type_info* type, std::ptrdiff_t offset, value_base base = value_base::object);
  void enumeration(const type_info* type, std::ptrdiff_t offset, value_base base = value_base::object);
  void base64(const type_info* type, std::ptrdiff_t offset, value_base base = value_base::object);
  void by_setter(const property_info* property);
  /// Skips a value as the interpreter skips an unknown member's (checking it).
  void skip_value();
  /// An object, by the compiled reader `*slot` (a call through the slot; with `may_be_empty`,
  /// an empty slot gives up).
  void object(const read_fn* slot, std::ptrdiff_t offset, value_base base = value_base::object,
              bool may_be_empty = false);

  /// The sequence at `offset` of the object (of a sequence function: 0, the sequence itself):
  /// `[`, cleared, then per element a new one by
  /// ops.emplace_back read by the code emitted until end_sequence (at value_base::element),
  /// separated by commas, until `]`. Sequences and optionals do not nest in one function.
  void begin_sequence(std::ptrdiff_t offset, const sequence_ops* ops);
  void end_sequence();
  /// The map at `offset` of the object, of type `map` (whose operations are `ops`): `{`,
  /// cleared, then per entry its key read and a new value emplaced by a helper, read by the code emitted until end_map (at
  /// value_base::element), until `}`. Does not nest with sequences and optionals.
  void begin_map(std::ptrdiff_t offset, const type_info* map, const map_ops* ops);
  void end_map();
  /// The optional at `offset` of the object: `null` resets it, else ops.emplace gives the
  /// value the code emitted until end_nullable reads (at value_base::element).
  void begin_nullable(std::ptrdiff_t offset, const nullable_ops* ops);
  void end_nullable();

  /// An array of a length known when compiling (a tuple's): `[` (one level deeper), the
  /// commas between its elements (each read by the code emitted between them, at offsets of
  /// the object), then `]`; anything else gives up.
  void begin_array();
  void array_comma();
  void end_array();
  /// The fixed-size sequence (std::array) at offset 0, of `n` > 0 elements found through
  /// ops.data, `stride` bytes apart: `[`, then each element read by the code emitted until
  /// end_fixed (at value_base::element), separated by commas, then `]`.
  void begin_fixed(const sequence_ops* ops, std::size_t n);
  void end_fixed();
  /// The sequence at offset 0 whose elements are inserted (a set) by its helper, each read
  /// by the compiled reader of the element type (jsonjit_jit_read_inserted).
  void inserted(const type_info* sequence);

  /// Ends a function that is not an object's (a sequence's, a map's, a scalar's ...): returns
  /// the position after what it read.
  void end_value_function();

  /// A comment line in the listing (the type or property the code that follows is for).
  void comment(std::string_view text);
  /// The annotated assembly of the function (empty unless constructed with a listing).
  std::string listing() const;

  /// Ends the function and places it in `memory` as `name` (a null entry if that fails).
  placed_code finish(code_memory& memory, std::string_view name);

 private:
  struct state;
  std::unique_ptr<state> state_;
};

/// The reader of an object built by its constructor: it jumps to jsonjit_jit_read_constructed
/// with `reader` (not is_new), placed in `memory` as `name` (a null entry if that fails); its
/// annotated assembly in `*listing` when that is not null.
placed_code place_constructed_entry(code_memory& memory, std::string_view name,
                                    const constructed_reader* reader, std::string* listing);

}  // namespace jsonjit::detail::jit
