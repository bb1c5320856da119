// Emits one compiled writer as machine code: the instruction patterns the writer compiler
// (compile_write.cpp) asks for. The compiler decides what to write; this says how. Each code
// generator implements it in its folder (x86_64/writer_emitter.cpp, aarch64/writer_emitter.cpp).
//
// Convention: the function is `bool fn(write_context* context, const void* object)`. It opens
// one level of nesting (context->depth, failing beyond the options' max_depth) and closes it
// on success; so does each sequence in it. While it runs, the object, the write position, the
// end of the room, the context and the current element (of a sequence, or an optional's value)
// are in callee-saved registers (the backend's function file names them), so helper calls keep
// them; a sequence's end and begin live in two stack slots, and whether the object has a member
// yet in a third. Position and end are reloaded from the context after any call that may grow the
// output. Indented output indents by the nesting counted at run time (a type is written at
// whatever depth it is met), through one routine per function that writes a line break and
// the indentation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "engines/jit/emit/code_memory_p.hpp"
#include "engines/jit/emit/value_base_p.hpp"
#include "engines/jit/jit_p.hpp"

namespace jsonjit::detail::jit {

class writer_emitter {
 public:
  /// Starts a function writing `what` with the writer settings `settings` (the line breaks and
  /// indentation of indented output); with `listing`, the assembly is kept as text (listing()).
  writer_emitter(function_shape what, const writer_options& settings, bool listing = false);
  ~writer_emitter();
  writer_emitter(const writer_emitter&) = delete;
  writer_emitter& operator=(const writer_emitter&) = delete;

  /// One level of nesting more (failing beyond the options' max_depth) and back: around a
  /// value the function opens itself (a tuple's array).
  void open_level();
  void close_level();
  /// Makes `n` bytes writable at the write position: one compare; growth on a cold path.
  void reserve(std::size_t n);
  /// Stores `text` at the write position as immediates and moves past it (room reserved).
  void bytes(std::string_view text);
  /// `true` or `false` for the bool at `offset` (5 bytes of room reserved).
  void boolean(std::ptrdiff_t offset, value_base base = value_base::object);
  /// The integer of `size` bytes at `offset`, in quotes if `quoted` (26 bytes of room reserved).
  void integer(std::ptrdiff_t offset, unsigned size, bool is_signed, bool quoted,
               value_base base = value_base::object);
  /// The std::string at `offset`, quoted and escaped by a helper that reserves its own room.
  /// With `inline_short` (std::string's layout checked: jit::string_layout_known()), the shared
  /// routine for `mode` writes it: strings of up to 31 bytes with nothing to escape checked
  /// with vector compares (on one or two 16-byte vectors) and copied in one or two stores,
  /// longer ones 16 bytes at a time up to the first byte to escape (shared_routines_p.hpp).
  void string(std::ptrdiff_t offset, value_base base, escape_mode mode, bool inline_short);
  /// The value at `offset`, by `converter`'s write_text in quotes (its max_text_size + 2 bytes
  /// of room reserved).
  void text(std::ptrdiff_t offset, const converter_descriptor* converter, value_base base = value_base::object);
  /// The value at `offset`, by `converter`.
  void converted(std::ptrdiff_t offset, const converter_descriptor* converter, value_base base = value_base::object);
  /// The float (or with `is_double`, double) at `offset`, in quotes if `quoted` (50 bytes of
  /// room reserved).
  void floating(std::ptrdiff_t offset, bool is_double, bool quoted, value_base base = value_base::object);
  /// Values of `type` at `offset` by their helpers, which reserve their own room: an
  /// enumeration, a byte container (Base64), a std::string_view, a char; and any value by the
  /// interpreter.
  void enumeration(std::ptrdiff_t offset, const type_info* type, value_base base = value_base::object);
  void base64(std::ptrdiff_t offset, const type_info* type, value_base base = value_base::object);
  void string_view(std::ptrdiff_t offset, value_base base = value_base::object);
  void character(std::ptrdiff_t offset, value_base base = value_base::object);
  void interpreted_value(std::ptrdiff_t offset, const type_info* type, value_base base = value_base::object);
  /// The value the getter of `property` gives for the object, by its type's compiled writer
  /// (jsonjit_jit_getter).
  void getter(const property_info* property);
  /// The property of the object a getter gives (its name included: the interpreter decides from
  /// its value whether it is left out) and the entries of the object's extension-data member
  /// (as properties of the object), by the interpreter, after a comma if the written flag says
  /// so (see clear_written), which they update.
  void interpreted_member(const property_info* property);
  void extension_members(const type_info* type);
  /// The value at `offset` (an object, a container, ...), by the compiled writer of its type
  /// `*slot` (a call through the slot; with `may_be_empty`, an empty slot fails the write).
  void compiled_value(std::ptrdiff_t offset, const write_fn* slot, value_base base = value_base::object,
                      bool may_be_empty = false);

  /// The contiguous sequence at `offset` of the object (of a sequence's own function: 0): one
  /// level deeper, writes `[`, then loops over its elements (`stride` bytes apart, found
  /// through ops.data and ops.size), writing the comma (and line) and reserving `element_room`
  /// before each; the code emitted until end_sequence writes one element at
  /// value_base::element. Sequences and optionals do not nest in one function.
  void begin_sequence(std::ptrdiff_t offset, const sequence_ops* ops, std::size_t element_room);
  void end_sequence();
  /// The container at `offset` whose elements are not contiguous: one level deeper, writes
  /// `open`, hands the container to its `for_each` (a sequence_ops or map_ops one) with the
  /// visitor function `visitor` (see function_shape), then writes `close` (after a line if
  /// indented and anything was written).
  void begin_visit(std::ptrdiff_t offset, const void* for_each, const void* visitor, char open);
  void end_visit(char close);
  /// In a visitor: makes room for a comma (and line) and `room` bytes, and writes them (the
  /// comma unless this is the container's first element).
  void begin_item(std::size_t room);

  /// The variant at `offset` (ops.index, ops.get): the code emitted after alternative(i), up
  /// to the next alternative() or end_variant(), writes alternative i's value at
  /// value_base::element; a variant that holds none (valueless by exception) is `null`.
  void begin_variant(std::ptrdiff_t offset, const variant_ops* ops, std::size_t alternatives);
  void alternative(std::size_t index);
  void end_variant();

  /// Whether something was written in the object so far, for a name that may or may not need
  /// a comma before it (a flag in a stack slot): cleared, set, and a comma written if set.
  void clear_written();
  void mark_written();
  void comma_if_written();
  /// The code emitted until end_unless runs unless the optional at `offset` of the object is
  /// empty (ops.get), or unless `is_default` says the value at `offset` is its type's default.
  void begin_unless_null(std::ptrdiff_t offset, const nullable_ops* ops);
  void begin_unless_default(std::ptrdiff_t offset, bool (*is_default)(const void*));
  /// Or runs only if the written flag is set.
  void begin_if_written();
  void end_unless();

  /// Indented output: makes room for a line break, the indentation of the nesting at run time
  /// plus `level` (-1 for the line of a closing brace) and `then` more bytes, in one compare.
  void reserve_line(int level, std::size_t then);
  /// Writes that line break and indentation (room reserved).
  void line(int level);

  /// The optional (or smart pointer) at `offset` of the object: `null` when empty, else the
  /// code emitted until end_nullable writes its value at value_base::element.
  void begin_nullable(std::ptrdiff_t offset, const nullable_ops* ops);
  void end_nullable();

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

}  // namespace jsonjit::detail::jit
