// The helpers the JSONPath JIT's code calls (see jit_p.hpp): skipping a value as the document
// reads it, recording a selected value, and the members and elements the code does not take
// in place.
#include <algorithm>
#include <cstring>

#include <jsonjit/reader.hpp>

#include "engines/jit/scan_p.hpp"
#include "query/jit_p.hpp"
#include "text/number_scan_p.hpp"
#include "text/unescape_p.hpp"
#include "text/utf8_p.hpp"

using jsonjit::detail::path::capture_node;
using jsonjit::detail::path::captured_value;
using jsonjit::detail::path::native_context;
using jsonjit::detail::path::native_entry;
using jsonjit::detail::path::native_run;
using jsonjit::detail::path::native_segment;
using jsonjit::detail::path::scalar_verdict;

namespace {

using native_fn = const char* (*)(native_context* context, const char* cur, std::uint64_t* evaluated) noexcept;

const char* give_up(native_context* context) noexcept {
  context->gave_up = true;
  return nullptr;
}

/// Whether the numbers of the value [begin, end), read again, convert as the document
/// converts them.
bool numbers_convert(native_context* context, const char* begin, const char* end) noexcept {
  jsonjit::reader_options options;
  options.max_depth = context->max_depth;
  try {
    return jsonjit::detail::path::numbers_convert_as_document_does({begin, static_cast<std::size_t>(end - begin)},
                                                                   options, context->run->preserve_number_text);
  } catch (...) {
    return false;
  }
}

const char* call_entry(native_context* context, const void* entry, const char* cur) noexcept {
  return reinterpret_cast<native_fn>(const_cast<void*>(entry))(context, cur, &context->discard);
}

const char* call(native_context* context, std::uint32_t depth, const char* cur) noexcept {
  return call_entry(context, context->functions[depth], cur);
}

/// The path step at `level` is now `entry`: the steps recorded for it and below it are
/// another value's. False where there is no room.
bool enter(native_run& run, std::uint32_t level, const native_entry& entry) noexcept {
  if (level >= run.entries.size()) {
    try {
      run.entries.resize(level + 1);
      run.step_of.resize(level + 1, jsonjit::detail::path::no_step);
    } catch (...) {
      return false;
    }
  }
  run.entries[level] = entry;
  // (Below the first descendant segment every level is entered before it is recorded.)
  const std::uint32_t last = std::max(level + 1, run.fixed_levels);
  for (std::uint32_t d = level; d < last; ++d) run.step_of[d] = jsonjit::detail::path::no_step;
  return true;
}

/// The path step of the value at `depth`, recorded with those above it that are not yet.
std::uint32_t record_step(native_run& run, std::uint32_t depth) {
  std::uint32_t d = depth;
  while (run.step_of[d] == jsonjit::detail::path::no_step) --d;  // (the root's is step 0)
  for (++d; d <= depth; ++d) {
    const native_entry& e = run.entries[d];
    run.steps->push_back({run.step_of[d - 1], e.is_index, e.index, e.name});
    run.step_of[d] = static_cast<std::uint32_t>(run.steps->size() - 1);
    if (e.escaped) run.escaped_steps.push_back(run.step_of[d]);
  }
  return run.step_of[depth];
}

/// The value [begin, after) at the current depth is selected: its bytes, path step and order
/// key recorded. Returns `after`; null where the selection stops at this value
/// (native_run::stop_at_first) or there is no room (giving up).
const char* recorded(native_context* context, const char* begin, const char* after) noexcept {
  native_run& run = *context->run;
  const auto offset = static_cast<std::uint64_t>(begin - run.begin);
  try {
    const std::uint32_t step = record_step(run, static_cast<std::uint32_t>(context->depth));
    run.selected.push_back({offset, static_cast<std::uint64_t>(after - run.begin), step});
    if (!run.visited.empty()) {
      run.keys.insert(run.keys.end(), run.visited.begin(), run.visited.end());
      run.keys.push_back(offset);
    }
  } catch (...) {
    return give_up(context);
  }
  if (!run.stop_at_first) return after;
  const std::string_view text(run.begin, static_cast<std::size_t>(context->end - run.begin));
  if (!jsonjit::detail::path::whole_value(text, offset, static_cast<std::uint64_t>(after - run.begin))) return after;
  run.stopped = true;  // (every function on the way returns null: nothing after is read)
  return nullptr;
}

/// A member's value or an element at `value` (its path step `entry`) under segment `s`,
/// which selects it or not: given to the next segment's function, and under a descendant
/// segment (where it is a container) visited too; else skipped. `scanned`: the value's end
/// where a filter scanned it already (null where nothing did).
const char* child(native_context* context, const native_segment& s, const char* value, const native_entry& entry,
                  bool selected, const char* scanned = nullptr) noexcept {
  native_run& run = *context->run;
  const bool visited = s.descendant && (*value == '{' || *value == '[');
  if (!selected && !visited) return scanned != nullptr ? scanned : jsonjit_path_skip(context, value, nullptr);
  if (!enter(run, static_cast<std::uint32_t>(context->depth), entry)) return give_up(context);
  const char* after = nullptr;
  if (selected && !(visited && s.next_selects)) {
    if (scanned != nullptr && s.next_selects) {
      after = recorded(context, value, scanned);
      if (after == nullptr) return nullptr;
    } else {
      after = call(context, s.depth + 1, value);
      if (after == nullptr) return nullptr;
    }
  }
  if (!visited) return after;
  const std::uint64_t visiting = run.visited[s.slot];
  const char* const end = call(context, s.depth, value);
  run.visited[s.slot] = visiting;
  if (end == nullptr) return nullptr;
  // A container the query selects as it visits it: recorded from the one scan.
  if (selected && s.next_selects) return recorded(context, value, end);
  return after == nullptr || after == end ? end : give_up(context);
}

/// Whether the filter `f` holds where its values are `captured` (in `selected`); false where
/// only a document decides (the caller gives up).
bool decides(native_context* context, const jsonjit::detail::path::native_filter& f, const captured_value* captured,
             bool& selected) noexcept {
  native_run& run = *context->run;
  try {
    selected = run.filters->holds(f.expression, captured, f.slot_of_query.data());
  } catch (...) {
    return false;
  }
  return !run.filters->gave_up();
}

/// A container candidate of a descendant segment whose filter reads only the candidate (@):
/// visited first, its children counted by the visit, then decided (the node list is sorted
/// at the end, so it may be recorded after what was found inside it). What such a filter says
/// of a container depends on its children's count alone (its length; compared with a literal
/// it is unequal and unordered, compared with itself equal, whether array or object; match()
/// and search() refuse it): decided once per count, for the small ones (from the count alone
/// where the filter tests nothing else: native_filter::by_length).
const char* visited_then_decided(native_context* context, const native_segment& s, const char* value,
                                 const native_entry& entry) noexcept {
  native_run& run = *context->run;
  if (!enter(run, static_cast<std::uint32_t>(context->depth), entry)) return give_up(context);
  const std::uint64_t visiting = run.visited[s.slot];
  const char* const end = call(context, s.depth, value);
  run.visited[s.slot] = visiting;
  if (end == nullptr) return nullptr;
  const jsonjit::detail::path::native_filter& f = *s.filter;
  const std::uint64_t children = run.visited_children;
  std::uint8_t* const known =
      !f.by_length && children < jsonjit::detail::path::verdicts_by_size
          ? &run.container_verdicts[f.index * jsonjit::detail::path::verdicts_by_size + children]
          : nullptr;
  bool selected = false;
  if (f.by_length) {
    selected = f.holds_for_length(children);
  } else if (known != nullptr && *known != 0) {
    selected = *known == 2;
  } else {
    captured_value& candidate = run.captured[f.first];
    candidate = {static_cast<std::uint64_t>(value - run.begin), static_cast<std::uint64_t>(end - run.begin),
                 static_cast<std::uint32_t>(children), true};
    if (!decides(context, f, &candidate, selected)) return give_up(context);
    if (known != nullptr) *known = selected ? 2 : 1;
  }
  if (!selected) return end;
  if (s.next_selects) return recorded(context, value, end);
  const char* const after = call(context, s.depth + 1, value);
  return after == nullptr || after == end ? after : give_up(context);
}

/// The code points of a string's text [p, end) as written (checked): each escape is one.
std::uint64_t written_code_points(const char* p, const char* end) noexcept {
  std::uint64_t n = jsonjit::detail::utf8_code_points(p, end);
  while ((p = static_cast<const char*>(std::memchr(p, '\\', static_cast<std::size_t>(end - p)))) != nullptr) {
    const std::size_t length = jsonjit::detail::valid_escape_length(p, end);
    n -= length - 1;
    p += length;
  }
  return n;
}

/// A string candidate at `value` of the filter segment `s`, whose filter its length decides
/// (native_filter::by_length): its code points counted, no value captured.
const char* string_by_length(native_context* context, const native_segment& s, const char* value,
                             const native_entry& entry) noexcept {
  bool escaped = false;
  const char* const close = jsonjit::detail::jit::string_end(value + 1, context->end, escaped);
  if (close == nullptr) return nullptr;
  const std::uint64_t length =
      escaped ? written_code_points(value + 1, close) : jsonjit::detail::utf8_code_points(value + 1, close);
  return child(context, s, value, entry, s.filter->holds_for_length(length), close + 1);
}

/// A candidate of the filter segment `s` at `value`: scanned once by the filter's capture
/// functions, which record what its queries find, and decided from that.
const char* filtered_child(native_context* context, const native_segment& s, const char* value,
                           const native_entry& entry) noexcept {
  native_run& run = *context->run;
  const jsonjit::detail::path::native_filter& f = *s.filter;
  if (const scalar_verdict known = f.on(*value); known != scalar_verdict::depends) {
    const char* const end = jsonjit_path_skip(context, value, nullptr);
    return end == nullptr ? nullptr : child(context, s, value, entry, known == scalar_verdict::holds, end);
  }
  if (f.by_length && *value == '"') return string_by_length(context, s, value, entry);
  if (s.descendant && f.size == 1 && (*value == '{' || *value == '[')) {
    return visited_then_decided(context, s, value, entry);
  }
  captured_value* const captured = run.captured.data() + f.first;
  if (!f.native) std::fill(captured, captured + f.size, captured_value{});
  if (s.replays_skips) {
    run.skipped.clear();
    run.recording_skips = true;
  }
  const char* const end = call_entry(context, *f.candidate->function, value);
  run.recording_skips = false;
  if (end == nullptr) return nullptr;
  bool selected = false;
  if (f.native) {
    selected = (f.table >> context->leaves & 1) != 0;
  } else if (!decides(context, f, captured, selected)) {
    return give_up(context);
  }
  if (!selected && !s.descendant) return end;  // (most candidates)
  if (!s.replays_skips || !selected) return child(context, s, value, entry, selected, end);
  run.replaying_skips = true;
  run.replayed = 0;
  const char* const after = child(context, s, value, entry, selected, end);
  run.replaying_skips = false;
  return after;
}

/// The value at `value` is the capture node `c`'s (scanned by its function), or no node's
/// (null: skipped).
const char* capture_child(native_context* context, const capture_node* c, const char* value) noexcept {
  if (c == nullptr) return jsonjit_path_skip(context, value, nullptr);
  return call_entry(context, *c->function, value);
}

const capture_node* child_named(const capture_node& n, std::string_view name) noexcept {
  for (const capture_node* c : n.children) {
    if (!c->is_index && c->name == name) return c;
  }
  return nullptr;
}

/// A member's name as the document reads it: unescaped (into the run's buffer) where it is
/// escaped; false where there is no room.
bool member_name(native_context* context, std::string_view& name, bool escaped) noexcept {
  if (!escaped) return true;
  native_run& run = *context->run;
  try {
    run.unescaped.resize(name.size());
  } catch (...) {
    return false;
  }
  char* const end = jsonjit::detail::unescape(name.data(), name.data() + name.size(), run.unescaped.data());
  name = std::string_view(run.unescaped.data(), static_cast<std::size_t>(end - run.unescaped.data()));
  return true;
}

/// A member's value at `value` (its name in `entry`) under segment `s`: see jsonjit_path_member.
const char* member(native_context* context, const native_segment& s, const char* value, const native_entry& entry,
                   std::uint64_t* seen) noexcept {
  using jsonjit::detail::path::selector_kind;
  if (s.by->kind == selector_kind::filter) return filtered_child(context, s, value, entry);
  if (s.by->kind != selector_kind::name) return child(context, s, value, entry, s.by->kind == selector_kind::wildcard);
  std::string_view name = entry.name;
  if (!member_name(context, name, entry.escaped)) return give_up(context);
  const bool selected = name == s.by->name;
  if (selected) {
    // Selected twice in one object: the document's lookup (the last) decides.
    if ((*seen & 1) != 0) return give_up(context);
    *seen |= 1;
  }
  return child(context, s, value, entry, selected);
}

/// The container at `cur`, checked as the document reads it (see jsonjit_path_skip).
const char* skip_container(native_context* context, const char* cur) noexcept {
  // A container the query does not look into: checked as the reader checks it, with the
  // nesting it still allows. Whatever stops it is left to the interpreter. Along a stage-1
  // index of the text (its numbers converted as it goes) where one was made for a container
  // before it that reaches here; else byte by byte (a vector at a time through strings)
  // while it is small, and a longer one along an index made from there, which checks a large
  // value in a fraction of the time: a pass of stage 1, then one step per token.
  constexpr std::ptrdiff_t small = 4096;
  const int depth_left = context->max_depth - context->depth - 1;
  native_run& run = *context->run;
  if (!run.indexed.indexes(cur)) {
    const bool may_index = run.may_index && context->end - cur > small;
    bool wide = false;
    const char* const after =
        jsonjit::detail::jit::skip_container(cur, may_index ? cur + small : context->end, depth_left, wide);
    if (after != nullptr) return wide && !numbers_convert(context, cur, after) ? give_up(context) : after;
    if (!may_index) return give_up(context);
    if (!run.indexed.start({cur, static_cast<std::size_t>(context->end - cur)})) {
      run.may_index = false;  // (no stage 1 here)
      return skip_container(context, cur);
    }
  }
  const char* const after = run.indexed.skip_container(cur, depth_left, run.preserve_number_text);
  return after != nullptr ? after : give_up(context);
}

}  // namespace

extern "C" {

const char* jsonjit_path_skip(native_context* context, const char* cur, const void*) noexcept {
  if (*cur == '-' || (*cur >= '0' && *cur <= '9')) {
    bool wide = false;
    const char* const after = jsonjit::detail::number_end(cur, context->end, wide);
    if (after == nullptr) return nullptr;
    if (wide && !jsonjit::detail::path::converts_as_document_does({cur, static_cast<std::size_t>(after - cur)},
                                                                  context->run->preserve_number_text)) {
      return give_up(context);
    }
    return after;
  }
  if (const char* after = jsonjit::detail::jit::skip_scalar(cur, context->end)) return after;
  if (*cur != '{' && *cur != '[') return nullptr;
  native_run& run = *context->run;
  if (run.replaying_skips) {
    const std::size_t remembered = run.skipped.size();
    while (run.replayed < remembered && run.skipped[run.replayed].begin < cur) ++run.replayed;
    if (run.replayed < remembered && run.skipped[run.replayed].begin == cur) return run.skipped[run.replayed].end;
  }
  const char* const after = skip_container(context, cur);
  if (run.recording_skips && after != nullptr) {
    try {
      run.skipped.push_back({cur, after});
    } catch (...) {  // (only remembered)
    }
  }
  return after;
}

const char* jsonjit_path_select(native_context* context, const char* cur, const void*) noexcept {
  const char* const after = jsonjit_path_skip(context, cur, nullptr);
  if (after == nullptr) return nullptr;
  return recorded(context, cur, after);
}

const char* jsonjit_path_member(native_context* context, const void* what, const char* cur, std::uint64_t* seen,
                                std::uint64_t*) noexcept {
  bool escaped = false;
  const char* close = nullptr;
  const char* const value = jsonjit::detail::jit::member_value_start(cur, context->end, close, escaped);
  if (value == nullptr) return nullptr;
  return member(context, *static_cast<const native_segment*>(what), value,
                native_entry{std::string_view(cur + 1, static_cast<std::size_t>(close - cur - 1)), 0, false, escaped},
                seen);
}

const char* jsonjit_path_member_value(native_context* context, const void* what, const char* value, const char* name,
                                      std::size_t size, std::uint64_t* seen) noexcept {
  return member(context, *static_cast<const native_segment*>(what), value, native_entry{{name, size}, 0, false, false},
                seen);
}


const char* jsonjit_path_element(native_context* context, const void* what, const char* cur, std::uint64_t* seen,
                                 std::uint64_t*) noexcept {
  using jsonjit::detail::path::selector_kind;
  const auto& s = *static_cast<const native_segment*>(what);
  const std::uint64_t i = (*seen)++;
  const jsonjit::detail::path::selector& by = *s.by;
  if (by.kind == selector_kind::filter) return filtered_child(context, s, cur, native_entry{{}, i, true, false});
  bool selected = by.kind == selector_kind::wildcard;
  if (by.kind == selector_kind::index) {
    selected = i == static_cast<std::uint64_t>(by.index);
  } else if (by.kind == selector_kind::slice) {
    const auto start = static_cast<std::uint64_t>(by.has_start ? by.start : 0);
    selected = i >= start && (!by.has_end || i < static_cast<std::uint64_t>(by.end)) &&
               (i - start) % static_cast<std::uint64_t>(by.step) == 0;
  }
  return child(context, s, cur, native_entry{{}, i, true, false}, selected);
}

const char* jsonjit_path_capture_member(native_context* context, const void* what, const char* cur, std::uint64_t*,
                                        std::uint64_t*) noexcept {
  bool escaped = false;
  const char* close = nullptr;
  const char* const value = jsonjit::detail::jit::member_value_start(cur, context->end, close, escaped);
  if (value == nullptr) return nullptr;
  std::string_view name(cur + 1, static_cast<std::size_t>(close - cur - 1));
  if (!member_name(context, name, escaped)) return give_up(context);
  return capture_child(context, child_named(*static_cast<const capture_node*>(what), name), value);
}

const char* jsonjit_path_capture_value(native_context* context, const void* what, const char* value, const char* name,
                                       std::size_t size, std::uint64_t*) noexcept {
  return capture_child(context, child_named(*static_cast<const capture_node*>(what), {name, size}), value);
}

const char* jsonjit_path_capture_element(native_context* context, const void* what, const char* cur,
                                         std::uint64_t* seen, std::uint64_t*) noexcept {
  const std::uint64_t i = (*seen)++;
  for (const capture_node* c : static_cast<const capture_node*>(what)->children) {
    if (c->is_index && c->index == i) return capture_child(context, c, cur);
  }
  return capture_child(context, nullptr, cur);
}

bool jsonjit_path_capture(native_context* context, const void* what, const char* begin, const char* end) noexcept {
  return jsonjit_path_capture_counted(context, what, begin, end, 0);
}

bool jsonjit_path_capture_string(native_context* context, const void* what, const char* text,
                                 std::uint64_t size) noexcept {
  if (!jsonjit_path_capture_counted(context, what, text - 1, text + size + 1, 0)) return false;
  context->run->captured[static_cast<const capture_node*>(what)->slot].plain = true;
  return true;
}

bool jsonjit_path_capture_counted(native_context* context, const void* what, const char* begin, const char* end,
                                  std::uint64_t children) noexcept {
  native_run& run = *context->run;
  captured_value& v = run.captured[static_cast<const capture_node*>(what)->slot];
  // Found twice in one candidate: a name repeated, which the document's lookup decides.
  if (v.found || children > UINT32_MAX) return give_up(context) != nullptr;
  v = {static_cast<std::uint64_t>(begin - run.begin), static_cast<std::uint64_t>(end - run.begin),
       static_cast<std::uint32_t>(children), true};
  return true;
}

bool jsonjit_path_number_leaves(native_context* context, const void* what, const char* begin,
                                const char* end) noexcept {
  using namespace jsonjit::detail::path;
  const auto& n = *static_cast<const capture_node*>(what);
  std::uint64_t bits = n.leaves_by_start[static_cast<std::size_t>(jsonjit::detail::jit::value_start::number)];
  std::int64_t low = 0, high = 0;
  const bool ranged = integer_range(begin, end, context->end, low, high);
  scalar v;  // (converted once, where the integer part does not tell for some literal)
  for (const capture_node::number_leaf& l : n.number_leaves) {
    // From the integer part where that tells, else as the document converts the number.
    const int order = ranged ? order_in_range(low, high, l.literal.number) : 2;
    bool holds = false;
    if (order != 2) {
      holds = (l.holds_at >> (order + 1) & 1) != 0;
    } else {
      if (v.type != jsonjit::json_type::number) {
        v = number_scalar({begin, static_cast<std::size_t>(end - begin)}, context->run->preserve_number_text);
      }
      holds = comparison_holds(
          l.op, [&] { return scalars_equal(v, l.literal); }, [&] { return scalars_less(v, l.literal); },
          [&] { return scalars_less(l.literal, v); });
    }
    if (holds) bits |= std::uint64_t{1} << l.bit;
  }
  context->leaves = (context->leaves & ~n.leaf_mask) | bits;
  return true;
}

const char* jsonjit_path_taken(native_context* context, const void* what, const char* cur, std::uint64_t* seen,
                               std::uint64_t*) noexcept {
  // (Its end known from the filter's scan: recorded from it where the next segment selects.)
  return child(context, *static_cast<const native_segment*>(what), cur, native_entry{{}, *seen - 1, true, false}, true,
               context->candidate_end);
}

bool jsonjit_path_visited(native_context* context, const void*, const char*, const char*,
                          std::uint64_t children) noexcept {
  if (children > UINT32_MAX) return give_up(context) != nullptr;
  context->run->visited_children = children;
  return true;
}

const char* jsonjit_path_visit(native_context* context, const char* cur, const void* what) noexcept {
  native_run& run = *context->run;
  run.visited[static_cast<const native_segment*>(what)->slot] = static_cast<std::uint64_t>(cur - run.begin);
  return cur;
}

}  // extern "C"
