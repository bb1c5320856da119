// The schema JIT: a schema_program compiled into native code (one function per subschema,
// emitted by src/engines/jit/emit/schema_emitter) that decides whether a JSON text is valid
// while it scans the text once, without tokens or frames. It answers "valid" only where the
// interpreter would: every subschema's function scans its whole value as the reader checks
// it, and calls the same checks (checks_p.hpp) for scalars. Anything else — an invalid
// instance, text that is not JSON, a value nested past the limit, an exhausted budget — is
// left to the interpreter, which decides it and reports every error as it always does. So
// both engines give identical verdicts and identical errors. Private.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "schema/program_p.hpp"

namespace jsonjit::detail::jit {
class code_memory;
struct placed_code;
}  // namespace jsonjit::detail::jit

namespace jsonjit::detail::schema {

/// How many anchors of `$dynamicRef`s or `$recursiveRef`s whose targets depend on the path
/// the code follows (more: the interpreter decides).
inline constexpr std::size_t max_dynamic_anchors = 8;

/// What generated validators and the helpers they call share (schema_context_layout gives
/// the emitter its fields' offsets).
struct native_context {
  const char* end;
  /// Function calls left. Subschemas applied in place each scan the value again, so nested
  /// `anyOf`s over deep instances could take exponential time: past the budget (a multiple of
  /// the input's size) the code gives up and the interpreter, linear in the input, decides.
  std::int64_t budget;
  std::int32_t depth;
  std::int32_t max_depth;
  bool gave_up;
  /// Set by jsonjit_schema_member: some keyword of the object's subschema applied to the
  /// member's value (properties, patternProperties, additionalProperties), so it is evaluated.
  bool member_evaluated;
  const void* const* functions;  // each node's function, by node index
  /// Where a value's function reports the members or items it evaluated, when its caller
  /// does not ask (see native_fn).
  std::uint64_t discard;
  /// Per dynamic anchor whose target depends on the path: the table slot of the outermost
  /// resource's anchored subschema entered so far, or null (see dynamic_scope in jit_compile).
  const void* const* bindings[max_dynamic_anchors];
  /// A function entered with its stack below this gives up (functions call each other per
  /// nesting level and per subschema applied in place: max_depth alone does not bound the
  /// stack they take).
  std::uintptr_t stack_floor;
};

/// What a function that reads an object once for several subschemas (jit_plan::fused) applies
/// to each member: by name, every branch's subschemas for it and its bit in the seen mask of
/// the branches' watched names (found by hashing: the meta-schemas' vocabularies declare some
/// sixty names); then the branches that also match members by pattern, apply
/// additionalProperties or check names.
struct fused_object {
  struct name_key {
    std::uint64_t head, tail;
    std::size_t size;
  };
  struct name_entry {
    std::string name;
    std::vector<std::uint32_t> targets;  // every branch's subschema for it
    std::uint64_t branches = 0;          // bit b: branch b declares it
    std::uint64_t seen = 0;              // its bit in the seen mask, where watched
    name_key key{};                      // set by index()
  };
  struct branch {
    const schema_node* node;
    std::uint32_t bit;
  };
  std::vector<branch> others;  // with patternProperties, additionalProperties or propertyNames

  /// The entry of `name`, added where absent (before index()).
  name_entry& add(std::string_view name);
  /// Builds the hash table; find() works from then on.
  void index();
  const name_entry* find(std::string_view name) const noexcept;
  const std::vector<name_entry>& entries() const noexcept { return entries_; }

 private:
  std::vector<name_entry> entries_;
  std::vector<std::uint32_t> slots_;  // entry index + 1, or 0; a power of two, at most half full
  int shift_ = 61;                    // a hash's top bits index slots_
};

/// A subschema's function: the position after the valid value at `cur`, or null. Where the
/// subschema is evaluated in place for an `unevaluatedProperties` or `unevaluatedItems`
/// further out, it adds the members or items it (and what it applies in place) evaluated to
/// `*evaluated` when it passes: bit i for the member or item i < 63, bit 63 for every one
/// from the 63rd on.
using native_fn = const char* (*)(native_context* context, const char* cur, std::uint64_t* evaluated) noexcept;

class native_validator {
 public:
  /// Why a program is not compiled: what, and where (the subschema's absolute location and
  /// the keyword, when one subschema is the reason).
  struct refusal {
    std::string why;
    std::string location;
    std::string keyword;
  };
  /// Compiles `program`; null, with the reason in `refused`, where it uses what the JIT leaves
  /// to the interpreter (annotations, lenient reading, and the rare shapes refusal_of names).
  /// Where `only_if_faster` (what engine::automatic asks), also null (`refused` empty) where
  /// the code is not expected to be faster than the interpreter: where a subschema requires
  /// many others to pass on the same value that each look into its members or items, and
  /// the function cannot read the object once for all of them (jit_plan::fused), each scans
  /// the whole value again where the interpreter reads it once.
  static std::shared_ptr<const native_validator> compile(const schema_program& program, refusal& refused,
                                                         bool only_if_faster = false);
  ~native_validator();
  native_validator(const native_validator&) = delete;
  native_validator& operator=(const native_validator&) = delete;

  /// True when `json` is one valid instance; false when it is not, or when the code cannot
  /// tell (the interpreter then decides).
  bool shows_valid(std::string_view json) const noexcept;

 private:
  native_validator();
  std::unique_ptr<jit::code_memory> memory_;
  std::unique_ptr<jit::placed_code> code_;
  std::vector<const void*> functions_;  // by node index; generated code calls through it
  std::vector<std::unique_ptr<fused_object>> fused_;  // what the fused functions' helper reads
  native_fn root_ = nullptr;
  int max_depth_ = 64;
};

}  // namespace jsonjit::detail::schema

// Helpers called from generated code: C linkage and noexcept (generated frames have no unwind
// information); each returns the position after the value it checked, or null.
extern "C" {
/// Any value, checked as the reader checks it (`what` unused).
const char* jsonjit_schema_skip(jsonjit::detail::schema::native_context* context, const char* cur,
                                const void* what) noexcept;
/// A string or a number against the scalar checks of the node `what`, const and enum included.
const char* jsonjit_schema_string(jsonjit::detail::schema::native_context* context, const char* cur,
                                  const void* what) noexcept;
const char* jsonjit_schema_number(jsonjit::detail::schema::native_context* context, const char* cur,
                                  const void* what) noexcept;
/// Whether the plain string (no escapes, ASCII: its length in bytes is in code points) of
/// `size` bytes at `text` passes the node's scalar checks.
bool jsonjit_schema_plain_string(jsonjit::detail::schema::native_context* context, const void* what, const char* text,
                                 std::size_t size) noexcept;
/// A member of an object checked by the node `what` whose name the code did not match: its
/// name (propertyNames, the watched names into `*seen`), then its value against every
/// subschema that applies to it (the context's member_evaluated says whether one did).
/// `*next` is the declared property to try next (in: the one tried).
const char* jsonjit_schema_member(jsonjit::detail::schema::native_context* context, const void* what,
                                  const char* cur, std::uint64_t* seen, std::uint64_t* next) noexcept;
/// The same for a member whose name (`size` bytes at `name`) is plain, given its value's start.
const char* jsonjit_schema_member_value(jsonjit::detail::schema::native_context* context, const void* what,
                                        const char* value, const char* name, std::size_t size,
                                        std::uint64_t* seen) noexcept;
/// jsonjit_schema_member for a function that reads the object once for several subschemas
/// (`what`: its fused_object).
const char* jsonjit_schema_fused_member(jsonjit::detail::schema::native_context* context, const void* what,
                                        const char* cur, std::uint64_t* seen, std::uint64_t* next) noexcept;
/// The same for a member whose name (`size` bytes at `name`) is plain, given its value's start.
const char* jsonjit_schema_fused_value(jsonjit::detail::schema::native_context* context, const void* what,
                                       const char* value, const char* name, std::size_t size,
                                       std::uint64_t* seen) noexcept;
/// Whether every member of the object (item of the array) [start, end) that `evaluated`
/// (as native_fn's) does not hold passes the node's unevaluatedProperties (unevaluatedItems).
bool jsonjit_schema_unevaluated(jsonjit::detail::schema::native_context* context, const void* what,
                                const char* start, const char* end, std::uint64_t evaluated) noexcept;
/// Whether the object or array [start, end) is the node's const or one of its enum values.
bool jsonjit_schema_enumerated(jsonjit::detail::schema::native_context* context, const void* what,
                               const char* start, const char* end) noexcept;
/// Whether the items of the array [start, end) are unique.
bool jsonjit_schema_unique(jsonjit::detail::schema::native_context* context, const void* what,
                           const char* start, const char* end) noexcept;
}
