// Emits a compiled JSON Schema validator as machine code: one function per subschema, all
// placed together, with the instruction patterns the schema compiler (src/schema/
// jit_compile.cpp) asks for. The compiler decides what is checked and in which order; this
// says how. Each code generator implements it in its folder (x86_64/schema_emitter.cpp,
// aarch64/schema_emitter.cpp). The JSONPath compiler (src/query/jit_compile.cpp) emits its
// segments' functions with it too: a function per segment that scans a value and gives its
// parts to helpers (member_helper also at an array's elements, the seen slot counting them).
//
// Convention: a subschema's function is `const char* fn(context, cur, evaluated)`: it checks
// the JSON value at `cur` (whitespace before it allowed) against its subschema, scanning all of
// it as the reader would, and returns the position after it, or null when the value is invalid
// — against the subschema or as JSON — or when it gave up (then it has set the context's
// `gave_up`). While it runs, the value's start, the position, the end of the input, the context
// and the members or items counted so far are in callee-saved registers; the stack slots hold
// the names seen (a bit mask), a counter (oneOf's passes, contains' matches) and the declared
// property tried next. Functions call each other through a table of entries (recursion
// included), at the value's start for the subschemas applied in place.
//
// A function that tracks evaluation (for an unevaluatedProperties or unevaluatedItems it is
// applied in place under) also keeps a mask of the members or items evaluated (bit i: entry i
// < 63; bit 63: every entry from the 63rd on), filled by its own keywords and by the
// subschemas it applies in place, and adds it to its caller's (the third argument, a pointer)
// when it passes. Every call to a function that may track passes that argument: the caller's
// own mask for a tracking caller's subschemas applied in place, else the context's discard.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engines/jit/emit/code_memory_p.hpp"

namespace jsonjit::detail::jit {

/// Where the fields generated code reads are in the schema context (offsets in bytes).
struct schema_context_layout {
  std::int32_t end;        // const char*: the end of the input
  std::int32_t depth;      // int32: objects and arrays open around the position
  std::int32_t max_depth;  // int32: beyond this the code gives up (the interpreter decides)
  std::int32_t budget;     // int64: function calls left before giving up
  std::int32_t gave_up;    // bool
  std::int32_t member_evaluated;  // bool: set by the member helper
  std::int32_t discard;    // uint64: where evaluated members and items go when nobody asks
  std::int32_t bindings;   // const void* const*[]: the dynamic anchors' bindings
  std::int32_t stack_floor;  // uintptr: a function entered with the stack below it gives up
};

/// The layout of a context type whose fields have the names above.
template <class Context>
schema_context_layout layout_of() noexcept {
  return {static_cast<std::int32_t>(offsetof(Context, end)),
          static_cast<std::int32_t>(offsetof(Context, depth)),
          static_cast<std::int32_t>(offsetof(Context, max_depth)),
          static_cast<std::int32_t>(offsetof(Context, budget)),
          static_cast<std::int32_t>(offsetof(Context, gave_up)),
          static_cast<std::int32_t>(offsetof(Context, member_evaluated)),
          static_cast<std::int32_t>(offsetof(Context, discard)),
          static_cast<std::int32_t>(offsetof(Context, bindings)),
          static_cast<std::int32_t>(offsetof(Context, stack_floor))};
}

/// A dynamic anchor a scope entry binds: the binding's index, and the table slot it binds to.
struct anchor_binding {
  std::uint32_t index;
  const void* const* slot;
};

/// Whether member_by_name() can compare `name` in place: written without escapes, control or
/// non-ASCII bytes (a name with those reaches the general helper), up to 32 bytes.
inline bool compared_in_place(std::string_view name) noexcept {
  constexpr std::size_t longest = 32;
  if (name.size() > longest) return false;
  for (const char c : name) {
    if (c < 0x20 || c >= 0x7F || c == '"' || c == '\\') return false;
  }
  return true;
}

/// A member name member_by_name() matches in the generated code: its text (compared_in_place),
/// the bits it sets in the seen mask, and the functions applied to its value (at least one).
struct named_member {
  std::string_view text;
  std::uint64_t seen = 0;
  std::vector<const void* const*> slots;
};

/// The longest number without an exponent that cannot lie beyond double's range (its
/// integer digits fewer than 309).
constexpr std::int64_t longest_narrow_number = 308;

/// The kinds of value a first byte starts, in dispatch()'s order.
enum class value_start : std::uint8_t { object, array, string, number, true_value, false_value, null };

/// A limit a number is compared with by its integer part (number_bits): the number, known to
/// lie in the integers [low, high], is above the limit where low >= above, below it where
/// high <= below, and equal to it where the limit is integral and low == high == at; each
/// gives its bits.
struct integer_limit {
  std::int64_t above = 0, below = 0, at = 0;
  bool integral = false;
  std::uint64_t if_above = 0, if_below = 0, if_equal = 0;
};

/// String lengths [low, high] (high UINT64_MAX: no bound).
struct length_range {
  std::uint64_t low = 0, high = UINT64_MAX;
};

class schema_emitter {
 public:
  using label = std::uint32_t;
  static constexpr label no_label = UINT32_MAX;

  explicit schema_emitter(const schema_context_layout& layout, bool listing = false);
  ~schema_emitter();
  schema_emitter(const schema_emitter&) = delete;
  schema_emitter& operator=(const schema_emitter&) = delete;

  /// Which functions of the table `table` track evaluation (by index): only calls to those
  /// pass the mask argument (without this, every call does).
  void tracking_functions(const void* const* table, std::vector<char> tracking);

  label new_label();
  void bind(label at);
  void jump(label to);
  /// Fails the value (returns null).
  void fail();
  void comment(std::string_view text);

  /// Starts the next function (its index: how many were begun before): spends one unit of
  /// the budget (giving up when none is left), skips whitespace (failing at the end of the
  /// input) and keeps the value's start.
  void begin_function(bool tracking = false);
  /// A function of its own that enters a schema resource holding dynamic anchors: binds each
  /// of `anchors` not bound yet, calls the function in `*body` with the same arguments, puts
  /// the bindings back and returns its result.
  void scope_entry(std::span<const anchor_binding> anchors, const void* const* body);
  /// Returns the position (the value is valid); a tracking function first adds its mask to
  /// its caller's.
  void return_position();

  // Subschemas applied in place: the function in `*slot` called on the value's start.
  void apply(const void* const* slot);
  /// The same for the function the binding `index` holds, or `*static_slot` where it is null.
  void apply_dynamic(std::uint32_t index, const void* const* static_slot);
  /// After apply: where it passed, the position is the end of the value it scanned (for a
  /// function whose own scan would only skip the value: it returns this position instead).
  void keep_end_if_passed();
  /// After apply: jumps to `to` where it passed (or failed).
  void jump_if_passed(label to);
  void jump_if_failed(label to);
  /// The counter slot: cleared; incremented where the last apply passed; compared.
  void clear_counter();
  void count_if_passed();
  /// Jumps to `to` where the counter is below `n` (or above, or not equal).
  void jump_if_counter_below(std::uint64_t n, label to);
  void jump_if_counter_above(std::uint64_t n, label to);
  void jump_if_counter_not(std::uint64_t n, label to);

  // The value's own scan, from its start.
  /// Jumps on the value's first byte to targets[value_start] (no_label: fails); any other byte fails.
  void dispatch(std::span<const label, 7> targets);
  /// The literal (true, false, null) at the position: consumed, or fails.
  void literal(std::string_view word);
  /// A number, its grammar checked (as the reader checks it) by the shared number routine:
  /// consumed, or fails.
  void skip_number();
  /// The same for a number that cannot lie beyond double's range: without an exponent, at
  /// most longest_narrow_number bytes (what the reader counts as wide otherwise); any other
  /// number jumps to `wide` with the position at its start.
  void skip_narrow_number(label wide);
  /// The same for a number written without fraction or exponent (an integer whatever the
  /// draft); any other number jumps to `otherwise` with the position at the value's start.
  void skip_integer(label otherwise);
  /// position = helper(context, position, what), failing where it returns null.
  void value_helper(std::uint64_t helper, const void* what);
  /// A string without escapes, control or non-ASCII bytes (so its length in bytes is its
  /// length in code points), found by vector compares: its length checked against
  /// [min_length, max_length], then, where `helper` is not 0, helper(context, what, text,
  /// length) must return true; consumed (or fails). Anything else jumps to `otherwise` with
  /// the position unchanged.
  void plain_string(label otherwise, std::uint64_t min_length = 0, std::uint64_t max_length = UINT64_MAX,
                    std::uint64_t helper = 0, const void* what = nullptr);
  /// The same string consumed where its length lies in none of `ranges`; one in a range (and
  /// anything else) jumps to `otherwise` with the position unchanged.
  void plain_string_outside(label otherwise, std::span<const length_range> ranges);

  // Containers.
  /// Consumes `open` ('{' or '['), one level deeper (giving up beyond the limit), clears the
  /// seen mask and the entry count; at whitespace then `close`, jumps to `empty`.
  void open_container(char close, label empty);
  /// On the bytes of `text` (a member's quoted name and the colon) consumes them; else (also
  /// near the end of the input) jumps to `miss` with the position unchanged.
  void match_name(std::string_view text, label miss);
  void count_entry();
  void mark_seen(unsigned bit);
  /// The seen slot as a counter (in a function that marks no names): incremented.
  void count_seen();
  /// The value at the position by the function in `*slot`, which consumes it (or fails).
  void apply_here(const void* const* slot);
  /// The same, where the position is not changed: the function checks what it passes over
  /// (contains' subschema, an item's), counted where it passed.
  void count_here(const void* const* slot);
  /// After an entry: on `,` consumes it and the whitespace after it and jumps to `next`; on
  /// `close` jumps to `closed`; fails on anything else.
  void next_entry(char close, label next, label closed);
  /// A member the compiler did not match, at its name: the declared property tried (`tried`)
  /// kept for the helper, then position = helper(context, what, position, &seen, &next) or fail.
  void member_helper(std::uint64_t helper, const void* what, std::uint32_t tried);
  /// In a function that does not track: a member whose name is plain (no escapes, control or
  /// non-ASCII bytes) found by vector compares, then position = plain(context, what, value,
  /// name, size, &seen) or fail; any other member by member_helper(general, what, 0).
  /// With `known` (names up to 32 bytes), those names are compared in place first, found by
  /// their length and then their bytes, and their values given to their functions directly.
  void member_by_name(std::uint64_t plain, std::uint64_t general, const void* what,
                      std::span<const named_member> known = {});
  /// The same in two steps, for code that looks at the value before a helper does: a member
  /// whose name is plain is passed up to its value (the name kept for named_value); any other
  /// jumps to `other` with the position at its name (for member_helper).
  void member_name(label other);
  /// After member_name: position = plain(context, what, value, name, size, &seen) or fail.
  void named_value(std::uint64_t plain, const void* what);
  /// Jumps to targets[next] (the helper's choice of the declared property to try next).
  void jump_to_next(std::span<const label> targets);
  /// Consumes the closing byte; one level out.
  void close_container();
  /// After close: fails where the entries counted are below `n` (above `n`).
  void fail_if_entries_below(std::uint64_t n);
  void fail_if_entries_above(std::uint64_t n);
  /// After close: jumps to `to` where the entries counted are in one of `ranges`.
  void jump_if_entries_in(std::span<const length_range> ranges, label to);
  /// Fails unless every bit of `mask` is in the seen mask.
  void fail_unless_seen(std::uint64_t mask);
  /// Jumps to `to` unless bit `bit` is in the seen mask.
  void jump_unless_seen(unsigned bit, label to);
  /// Fails unless helper(context, what, start of the value, position) returns true.
  void check_helper(std::uint64_t helper, const void* what);

  // Words of the context the code keeps between functions (a JSONPath filter's verdict, at
  // `offset` bytes into the context; 8 bytes each).
  /// The word at `offset` is the position / the position is the word at `offset`.
  void store_position(std::int32_t offset);
  void load_position(std::int32_t offset);
  /// The word at `offset` becomes (word & ~clear) | set.
  void update_word(std::int32_t offset, std::uint64_t clear, std::uint64_t set);
  /// Sets bit `bit` of the word at `offset`; gives up where it was set already.
  void set_bit_once(std::int32_t offset, unsigned bit);
  /// After skip_narrow_number (a number from the value's start to the position, without an
  /// exponent): where its integer part has at most seven digits and tells how the number lies
  /// against each of `limits`, the word at `offset` becomes (word & ~clear) | set | the bits
  /// the limits give; else jumps to `otherwise`, the position unchanged.
  void number_bits(std::span<const integer_limit> limits, std::int32_t offset, std::uint64_t clear,
                   std::uint64_t set, label otherwise);
  /// Jumps to `to` where bit w of `table` is 0, w the word at `offset` (below 64).
  void jump_unless_table_bit(std::int32_t offset, std::uint64_t table, label to);
  /// Jumps to `to` where the position is not the word at `offset`.
  void jump_if_moved(std::int32_t offset, label to);
  /// In a function that does not track: returns the word at `offset` as the position (where
  /// the function's caller is to read the value another way), the depth put back as the
  /// function found it.
  void return_position_at(std::int32_t offset);
  /// The same with the entries counted as the fifth argument (after close: the container's).
  void check_counted(std::uint64_t helper, const void* what);

  // Evaluation, in a tracking function.
  /// The entry counted last is evaluated (giving up past the 63rd, which the mask cannot hold).
  void mark_entry();
  /// The same where the member helper says it applied a keyword to the member's value.
  void mark_entry_if_member_evaluated();
  /// The same where the last count_here passed.
  void mark_entry_if_passed();
  /// These entries are evaluated (`mask` as the evaluated masks are).
  void mark_entries(std::uint64_t mask);
  /// Fails unless helper(context, what, start of the value, position, evaluated mask) returns true.
  void check_unevaluated(std::uint64_t helper, const void* what);

  /// The annotated assembly (empty without a listing).
  std::string listing() const;

  /// Places every function in `memory` as `name`; the entries, in the order they were begun
  /// (empty where they could not
  /// be placed: see code_not_placed). `code` is what to release.
  std::vector<const void*> finish(code_memory& memory, std::string_view name, placed_code& code);

 private:
  struct state;
  std::unique_ptr<state> state_;
};

}  // namespace jsonjit::detail::jit
