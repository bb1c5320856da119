// The JSONPath JIT: a query compiled into native code (one function per segment, emitted by
// src/engines/jit/emit/schema_emitter, the code generator the schema validator's functions
// come from: both scan a value as the reader checks it and call functions on its parts) that
// selects from a JSON text while it scans it once, without tokens or frames. The function
// of segment i scans a value reached after i segments: the members and elements its selector
// takes are given to the next segment's function (a name written plainly is compared in
// place), the others are skipped (and checked) by a helper; a descendant segment's function
// also gives every child container to itself. The last function records the value's bytes
// and path. It compiles the segments (child or descendant) of one name, wildcard,
// non-negative index, forward slice or filter selector. A filter is decided on each
// candidate before the next segment sees it: a function per value its singular queries reach
// (from the candidate, @) scans the candidate, comparing those names in place and skipping
// the rest, and records the values the queries find (their bytes, their children counted
// where length() asks); text_filter decides the expression from them, as the stream engine
// does. Where the expression is a few existence tests and comparisons with number, true,
// false and null literals, the functions decide it themselves instead (native_filter::
// native): each sets the bits of the comparisons on its value, the verdict is a bit of a
// table. Where it tests only the candidate's length (native_filter::by_length), the code
// passes plain strings and arrays of refused scalars of the lengths it refuses, and the
// helpers count a string's code points without capturing it. A candidate it refuses is not
// scanned again; one it takes is scanned by the next segment's function (or recorded from
// that one scan where the filter is the last segment; the containers the first scan skipped
// are skipped by their remembered ends). Where the query has descendant segments, each value
// is recorded with the nodes they visited on its way, and the node list is sorted by them at
// the end (the RFC's order: each visited node's selected children before the nodes visited
// after it; a radix sort where there is one descendant segment). It answers only
// where the stream engine and the document would give the same node list: anything else
// (text that is not JSON, a number the document refuses, a name selected twice in one
// object, nesting past the limit) makes it give up, and the caller selects as it would
// without it. Private.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <jsonjit/document.hpp>
#include <jsonjit/path.hpp>

#include "dom/structural_skip_p.hpp"
#include "engines/jit/emit/schema_emitter_p.hpp"
#include "query/program_p.hpp"
#include "query/stream_p.hpp"
#include "query/text_filter_p.hpp"

namespace jsonjit::detail::jit {
class code_memory;
struct placed_code;
}  // namespace jsonjit::detail::jit

namespace jsonjit::detail::path {

/// A step of a selected value's path at one depth, as the code last passed it.
struct native_entry {
  std::string_view name;  // a member's name (raw where `escaped`)
  std::uint64_t index = 0;
  bool is_index = false, escaped = false;
};

/// One selection's memory, kept from text to text (a path_selector's).
struct native_run {
  const char* begin = nullptr;  // the text's first byte
  bool preserve_number_text = false;
  bool stop_at_first = false;  // the first value recorded ends the selection (its order is the node list's)
  bool stopped = false;        // it did: nothing after that value was read
  std::uint32_t fixed_levels = 0;  // the depths whose entries are set by the segments before any descendant one
  std::vector<path_step>* steps = nullptr;
  std::vector<text_match> selected;
  std::vector<native_entry> entries;         // by depth (0: the root)
  std::vector<std::uint32_t> step_of;        // by depth: the entry's recorded step, or none yet
  std::vector<std::uint32_t> escaped_steps;  // steps whose names are still escaped
  std::string names, unescaped;              // unescaped names: of the paths, of the member at hand
  std::vector<std::uint64_t> visited;        // by descendant segment: the offset of the node it visits
  std::vector<std::uint64_t> keys;           // by selected value: `visited` then its offset
  std::vector<std::uint32_t> order;          // the selected values' places, sorted by key
  std::vector<std::uint32_t> reordered;      // order's scratch
  std::vector<text_match> sorted;
  /// A stage-1 index of the text where large containers are skipped, along which they are
  /// checked (see jsonjit_path_skip).
  indexed_text indexed;
  bool may_index = false;  // the text is not too large for one, and there is a stage 1
  std::vector<captured_value> captured;  // by capture node: the candidate at hand's
  std::uint64_t visited_children = 0;    // of the container visited last (see jsonjit_path_visited)
  /// By filter reading only @ and container's children (fewer than verdicts_by_size): 0 not
  /// known yet, 1 refused, 2 taken (see visited_then_decided).
  std::vector<std::uint8_t> container_verdicts;
  std::unique_ptr<text_filter> filters;  // decides the filters (made on the first run that has some)
  /// The containers the capture scan of the last filter's candidate skipped, where it is
  /// scanned again by the next segment's function when taken: their ends, in text order, which
  /// that scan meets again in that order (it may enter some, whose insides it skips) and need
  /// not check twice (see jsonjit_path_skip).
  struct skipped_container {
    const char* begin;
    const char* end;
  };
  std::vector<skipped_container> skipped;
  bool recording_skips = false, replaying_skips = false;
  std::size_t replayed = 0;  // the first of `skipped` the scan has not passed
};

/// What generated functions and their helpers share (the emitter's schema_context_layout
/// gives the fields it reads; a query uses no dynamic bindings, evaluation masks or budget,
/// but the code reads them).
struct native_context {
  const char* end;
  std::int64_t budget;
  std::int32_t depth;
  std::int32_t max_depth;
  bool gave_up;
  bool member_evaluated;
  std::uint64_t discard;
  const void* const* bindings;
  std::uintptr_t stack_floor;
  const void* const* functions;  // by depth
  native_run* run;
  // A filter the code decides (native_filter::native): where its candidate at hand starts (an
  // array native_segment::refused_arrays looks at, too) and ends, the values of its leaves
  // (bit i: quick leaf i holds) and the names its queries found in it.
  const char* candidate;
  const char* candidate_end;
  std::uint64_t leaves;
  std::uint64_t found;
};

struct native_filter;

/// A value a filter's singular queries reach inside its candidate (node 0 of the filter: the
/// candidate, @): its function scans the value, gives the children the queries go on to
/// their nodes' functions and records it in native_run::captured (a second time in one
/// candidate: a repeated name, which the document's lookup decides: gives up).
struct capture_node {
  std::uint32_t slot = 0;  // its place in native_run::captured
  std::string name;        // how its parent reaches it: a name (unescaped), or
  std::uint64_t index = 0;  // an index
  bool is_index = false;
  bool counted = false;     // length() reads its children's count
  /// Its value is recorded: a query reads it, or it is a step on a query's way (where a name
  /// found twice gives up); the candidate's only where a query reads it (@ itself).
  bool recorded = true;
  std::vector<const capture_node*> children;
  const void* const* function = nullptr;  // where its function's entry is
  const native_filter* filter = nullptr;

  // Where the code decides its filter (native_filter::native), instead of recording the value:
  // the leaves that read it (their bits), their bits by the kind of value found (by
  // value_start; for a number, but for those compared with a number literal, which
  // jsonjit_path_number_leaves decides from its text), and its bit among the names the
  // candidate may hold twice (-1 for an index or the candidate).
  struct number_leaf {
    unsigned bit;
    comparison op;  // the value `op` the literal
    scalar literal;
    std::uint8_t holds_at;  // bit order + 1: `op` holds where the value is `order` (-1, 0, 1) to the literal
  };
  std::uint64_t leaf_mask = 0;
  std::array<std::uint64_t, 7> leaves_by_start{};  // by jit::value_start
  std::vector<number_leaf> number_leaves;
  std::vector<jit::integer_limit> limits;  // number_leaves' literals, for the code (what it cannot tell: the helper)
  int found_bit = -1;
};

/// A filter selector as the code decides it.
struct native_filter {
  std::uint32_t expression = 0;
  std::uint32_t index = 0;  // among the query's filters
  std::uint32_t first = 0, size = 0;  // its capture nodes' slots (first: the candidate's)
  const capture_node* candidate = nullptr;
  std::vector<std::uint32_t> slot_of_query;  // by the program's query: its node's place among the filter's
  /// What it says of a scalar candidate, by its first byte (depends: anything else).
  std::array<scalar_verdict, 256> on_scalar{};

  scalar_verdict on(char first_byte) const noexcept { return on_scalar[static_cast<unsigned char>(first_byte)]; }

  /// Decided by the code: an expression of at most six existence tests and comparisons with
  /// number, true, false and null literals (quick_node leaves) under &&, || and !, on a
  /// segment that is not descendant. Each capture node sets its leaves' bits in
  /// native_context::leaves as its value is scanned (the candidate's function starts them
  /// at `absent`, what they are where nothing is found); the verdict is bit `leaves` of
  /// `table`. An array's candidates are decided in the segment's loop, without a helper
  /// where refused.
  bool native = false;
  std::uint64_t absent = 0, table = 0;

  /// Where it reads only the candidate and its verdict on a string or a container depends on
  /// the candidate's length alone (an expression of at most six existence tests of @ and
  /// comparisons of length(@) with number literals, under &&, || and !): those comparisons.
  /// The verdict for a length is then bit w of `table`, w the leaves that hold (existence
  /// tests always do: `present`), with no value captured or expression evaluated.
  struct length_leaf {
    unsigned bit;
    comparison op;  // the length `op` the literal
    double literal;
  };
  bool by_length = false;
  std::vector<length_leaf> length_leaves;
  std::uint64_t present = 0;

  bool holds_for_length(std::uint64_t length) const noexcept {
    std::uint64_t leaves = present;
    const auto n = static_cast<double>(length);
    for (const length_leaf& l : length_leaves) {
      const bool holds = comparison_holds(
          l.op, [&] { return n == l.literal; }, [&] { return n < l.literal; }, [&] { return n > l.literal; });
      if (holds) leaves |= std::uint64_t{1} << l.bit;
    }
    return (table >> leaves & 1) != 0;
  }
};

/// Containers of up to this many children have their verdict remembered (native_run::
/// container_verdicts).
constexpr std::size_t verdicts_by_size = 64;

/// What a segment's function and its helpers know of it: where its values are (depth: the
/// segments before them) and what it selects.
struct native_segment {
  std::uint32_t depth;
  const selector* by;  // null for the last function, which records its value
  bool descendant;
  bool next_selects;   // the next function is the last (records its value)
  std::uint32_t slot;  // a descendant segment's place among them (native_run::visited)
  const native_filter* filter = nullptr;  // where `by` is a filter
  /// A filter whose candidates, when taken, the next segment's function scans again, with no
  /// filter after it (whose capture scans would be nested in that scan): the containers the
  /// capture scan skips are remembered for it (native_run::skipped).
  bool replays_skips = false;
  /// Under a descendant segment whose filter its candidates' length decides, refusing some,
  /// or of a name selector: where the function is that passes an array holding nothing the
  /// filter takes, itself included (or only scalars, which hold no name): nothing in it to
  /// select or visit. It returns the array's start for anything else (see
  /// native_context::candidate).
  const void* const* refused_arrays = nullptr;
};

class native_query {
 public:
  /// Why the JIT leaves `p` to the interpreter (empty where it compiles it), and where: the
  /// offset in the query's text of the segment it does not compile.
  struct refusal {
    std::string why;
    std::size_t offset = 0;
  };
  static refusal refusal_of(const program& p);
  /// Compiles `p` (which must outlive the code); null where the JIT does not compile it or
  /// its code could not be placed, with the reason in `refused`.
  static std::shared_ptr<const native_query> compile(const program& p, refusal& refused);
  ~native_query();
  native_query(const native_query&) = delete;
  native_query& operator=(const native_query&) = delete;

  /// Selects from `json` into `run` (the selected values in run.selected, their paths into
  /// `steps`, the root's step kept). False where it gave up: the caller selects another way.
  /// `first_only`: only the node list's first value is wanted; where the query has no
  /// descendant segment (the values are found in the node list's order) the scan stops at it.
  bool run(std::string_view json, const document_options& options, native_run& run, std::vector<path_step>& steps,
           bool first_only = false) const;

 private:
  native_query();
  std::unique_ptr<jit::code_memory> memory_;
  std::unique_ptr<jit::placed_code> code_;
  const program* program_ = nullptr;
  std::vector<native_segment> segments_;  // by depth
  std::vector<native_filter> filters_;
  std::vector<capture_node> captures_;    // the filters' nodes, by slot
  std::vector<const void*> functions_;    // the segments' by depth, then the capture nodes' by slot; generated code calls through it
  std::uint32_t descendants_ = 0;         // descendant segments
  std::uint32_t fixed_levels_ = 0;        // see native_run
};

}  // namespace jsonjit::detail::path

// Helpers called from generated code: C linkage and noexcept (generated frames have no unwind
// information); each returns the position after what it read, or null.
extern "C" {
/// Any value, checked as the document reads it (`what` unused).
const char* jsonjit_path_skip(jsonjit::detail::path::native_context* context, const char* cur,
                              const void* what) noexcept;
/// A value the query selects (`what` unused): checked, its bytes, path and order key recorded.
const char* jsonjit_path_select(jsonjit::detail::path::native_context* context, const char* cur,
                                const void* what) noexcept;
/// A member, at its name, of an object the native_segment `what` selects from: its value given
/// to the next segment's function where the selector takes it, else skipped; under a
/// descendant segment, a container also visited (given to the segment's own function).
/// `*seen` bit 0: a name selector took a member of this object already (a second one gives up).
const char* jsonjit_path_member(jsonjit::detail::path::native_context* context, const void* what, const char* cur,
                                std::uint64_t* seen, std::uint64_t* unused) noexcept;
/// The same at the member's value, its name plain (`name`, `size` bytes).
const char* jsonjit_path_member_value(jsonjit::detail::path::native_context* context, const void* what,
                                      const char* value, const char* name, std::size_t size,
                                      std::uint64_t* seen) noexcept;
/// An element of an array the native_segment `what` selects from, `*seen` its index (counted
/// here): the same.
const char* jsonjit_path_element(jsonjit::detail::path::native_context* context, const void* what, const char* cur,
                                 std::uint64_t* seen, std::uint64_t* unused) noexcept;
/// A member of a value the capture_node `what` scans, at its name (escaped, or not compared
/// in place): given to the function of the child node it names, else skipped.
const char* jsonjit_path_capture_member(jsonjit::detail::path::native_context* context, const void* what,
                                        const char* cur, std::uint64_t* seen, std::uint64_t* unused) noexcept;
/// The same at the member's value, its name plain (`name`, `size` bytes).
const char* jsonjit_path_capture_value(jsonjit::detail::path::native_context* context, const void* what,
                                       const char* value, const char* name, std::size_t size,
                                       std::uint64_t* seen) noexcept;
/// An element of an array the capture_node `what` scans, `*seen` its index (counted here).
const char* jsonjit_path_capture_element(jsonjit::detail::path::native_context* context, const void* what,
                                         const char* cur, std::uint64_t* seen, std::uint64_t* unused) noexcept;
/// The capture_node `what`'s value is [begin, end) (an array or object of `children`, where
/// the node is counted): recorded; false (giving up) where it was already.
bool jsonjit_path_capture(jsonjit::detail::path::native_context* context, const void* what, const char* begin,
                          const char* end) noexcept;
/// The capture_node `what`'s value is a plain string (see plain_string), `text` `size` bytes.
bool jsonjit_path_capture_string(jsonjit::detail::path::native_context* context, const void* what, const char* text,
                                 std::uint64_t size) noexcept;
bool jsonjit_path_capture_counted(jsonjit::detail::path::native_context* context, const void* what,
                                  const char* begin, const char* end, std::uint64_t children) noexcept;
/// The number [begin, end), the value of the capture node `what`: the node's leaves set in
/// native_context::leaves (see native_filter::native).
bool jsonjit_path_number_leaves(jsonjit::detail::path::native_context* context, const void* what, const char* begin,
                                const char* end) noexcept;
/// A candidate the code took (at `cur`, ending at native_context::candidate_end, element
/// *seen - 1 of an array the native_segment `what` selects from, whose filter the code
/// decides): given to the next segment's function, or recorded where that is the last.
const char* jsonjit_path_taken(jsonjit::detail::path::native_context* context, const void* what, const char* cur,
                               std::uint64_t* seen, std::uint64_t* unused) noexcept;
/// The container [begin, end) the descendant native_segment `what` visited has `children`.
bool jsonjit_path_visited(jsonjit::detail::path::native_context* context, const void* what, const char* begin,
                          const char* end, std::uint64_t children) noexcept;
/// The container at `cur` is the node the descendant native_segment `what` visits now.
const char* jsonjit_path_visit(jsonjit::detail::path::native_context* context, const char* cur,
                               const void* what) noexcept;
}
