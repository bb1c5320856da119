// JSONPath over text in one pass of the token reader, without a document: each value's states
// (which segments it has passed, which filter candidates it may decide) are derived from its
// parent's as the reader reaches it, and a value no state can select anything inside is
// skipped. What cannot be decided where a value is read is decided later: a filter when its
// candidate ends (from the values its singular queries captured), a negative index or slice
// when its array ends; each selected value records what it depends on, and the node list is
// what holds at the end, in the RFC's order (by order keys where the query's order is not the
// document's). The document engine's semantics exactly; where the text asks for more (invalid
// JSON, a repeated name a query selects, a pattern too costly), the
// engine says so and the caller selects through a document, which gives the exact answer or
// error. Private.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <jsonjit/document.hpp>
#include <jsonjit/path.hpp>
#include <jsonjit/reader.hpp>

#include "query/program_p.hpp"
#include "query/text_filter_p.hpp"

namespace jsonjit::detail::path {

/// A selected value's bytes [begin, end) in the text and the last step of its path.
struct text_match {
  std::uint64_t begin, end;
  std::uint32_t step;
};

/// Whether the value [begin, end) of `text` is whole with nothing after it read (select_first):
/// a container, or a scalar that a comma, a closing bracket, whitespace or the end follows
/// ("01" is no 0, "1x" no 1). Both engines ask this, so that they stop at the same values;
/// where it is not, they read on and meet the error.
inline bool whole_value(std::string_view text, std::uint64_t begin, std::uint64_t end) noexcept {
  if (text[begin] == '{' || text[begin] == '[' || end == text.size()) return true;
  const char c = text[end];
  return c == ',' || c == '}' || c == ']' || c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

/// A path step not recorded (yet).
inline constexpr std::uint32_t no_step = 0xFFFFFFFF;

/// Whether the document converts `number`'s text (it refuses what lies beyond double's range
/// unless it keeps the text).
bool converts_as_document_does(std::string_view number, bool preserve_number_text) noexcept;
/// Whether `value` is one JSON value by `options` whose numbers all convert as the document
/// converts them (read again token by token: for a value whose numbers the reader counted
/// as wide, reader_access::wide_numbers).
bool numbers_convert_as_document_does(std::string_view value, const reader_options& options,
                                      bool preserve_number_text);
/// Unescapes the names of the steps `escaped` (raw views into a text) into `buffer`, which
/// they then view.
void unescape_step_names(std::vector<path_step>& steps, const std::vector<std::uint32_t>& escaped,
                         std::string& buffer);

class stream_engine {
 public:
  /// Why the engine does not run `p` (empty where it does): filters on the root ($) or with
  /// queries that select more than one node, negative indexes inside filters.
  static std::string unsupported(const program& p);

  /// `p` must be supported; it must outlive the engine.
  explicit stream_engine(const program& p);

  /// Selects from `json`, the selected values' paths into `steps` (the root's step kept).
  /// False where the caller must select through a document instead. `first_only`: only the
  /// node list's first value is wanted; where the node list is in the text's order, reading
  /// stops once that value is known (found, and what it depends on decided).
  bool run(std::string_view json, const document_options& options, std::vector<path_step>& steps,
           bool first_only = false);
  /// What the last run selected, in node-list order.
  const std::vector<text_match>& selected() const noexcept { return selected_; }

 private:
  enum class state_kind : std::uint8_t {
    at,         // the value is in the node list after `position` segments
    visiting,   // the value is visited by the descendant segment `position`
    capture,    // the value is at step `position` of the filter query `query` of `candidate`
  };
  struct state {
    state_kind kind;
    std::uint32_t position;
    std::uint32_t key;        // at, visiting: the order key so far; capture: the candidate
    std::uint32_t condition;  // at, visiting: what must hold for it to count; capture: the query
  };
  enum class verdict : std::uint8_t { pending, holds, fails };
  struct condition {
    std::uint32_t parent;
    verdict decided;
  };
  /// A filter's compiled facts: its expression and the singular queries it reads.
  struct filter_plan {
    std::uint32_t expression;
    std::vector<std::uint32_t> queries;
  };
  /// A value a filter is being decided on, and what its queries found in it.
  struct candidate {
    const filter_plan* filter;
    std::uint32_t condition;
    std::uint32_t captures;  // the first of filter->queries.size() in captured_
    std::uint32_t found, steps;  // how many values were found and steps recorded before it
  };
  /// An index or slice that depends on the array's length: decided at the array's end.
  struct position_test {
    std::uint32_t condition;
    std::uint32_t index;
    const selector* by;
  };
  /// A key's last part: in the node list after segment n, the order of a value is its parent's
  /// key then (the visited node's offset for a descendant segment, the selector, the ordinal).
  struct key_part {
    std::uint32_t parent;
    std::uint32_t selector;
    std::uint64_t visited;
    std::uint64_t ordinal;
  };
  struct frame {
    std::uint32_t states_begin, states_end;
    std::uint32_t candidates_begin;
    std::uint32_t positions_begin;
    std::uint64_t begin;
    std::uint32_t children;
    bool object;
    std::uint64_t names_selected;  // bits of the name selectors that selected a member here
    bool names_only;                 // see names_looked_for()
    std::uint64_t firsts, lengths;
  };
  /// Where the value at each open depth is in its parent.
  struct path_entry {
    std::string_view name;  // raw (still escaped where `escaped`)
    std::uint32_t index;
    bool is_index, escaped;
    std::uint32_t step;  // recorded in the node list's steps, or no_step
  };
  struct found_value {
    std::uint64_t begin, end;
    std::uint32_t key, condition, step;
  };
  bool begin_value(reader& r, std::vector<path_step>& steps);
  bool skip(reader& r);
  bool names_looked_for(frame& container) const noexcept;
  /// Whether the current member's name passes the object's filter.
  bool might_be_looked_for(const frame& object) const noexcept {
    const std::uint64_t first = std::uint64_t{1} << (name_.empty() ? 0 : name_[0] & 63);
    return (object.firsts & first) != 0 && (object.lengths & (std::uint64_t{1} << (name_.size() & 63))) != 0;
  }
  bool finish_value(std::uint64_t begin, std::uint64_t end, std::uint32_t size, std::uint32_t states_begin,
                    std::uint32_t candidates_begin, std::vector<path_step>& steps);
  bool derive(frame& parent, std::uint32_t index, bool container);
  void apply(std::uint32_t segment_index, const state& from, std::uint64_t visited, const frame& parent,
             std::uint32_t index, bool container, std::uint64_t& name_bits);
  bool scalar_passes(const filter_plan& plan);
  void add_at(std::uint32_t position, std::uint32_t key, std::uint32_t depends_on, bool container);
  std::uint32_t new_condition(std::uint32_t parent);
  std::uint32_t new_key(std::uint32_t parent, std::uint32_t selector, std::uint64_t visited, std::uint64_t ordinal);
  bool name_is(std::string_view name) const noexcept;
  void decide_positions(const frame& array);
  void forget_inside(const candidate& c, std::vector<path_step>& steps);
  std::uint32_t record_path(std::uint32_t depth, std::vector<path_step>& steps);
  void order_and_resolve();
  /// Whether the first found value that may still count does (first_only): it is then the
  /// node list's first value (the values found before it fail; those found after it count
  /// only with it, where they are in a candidate or array still open).
  bool first_is_known();

  /// Whether the candidate `c` passes its filter.
  bool holds(const candidate& c) {
    return filter_.holds(c.filter->expression, captured_.data() + c.captures, slot_of_query_.data());
  }

  const program& program_;
  const std::vector<segment>& segments_;
  bool document_order_;  // the node list's order is the selected values' order in the text
  std::vector<std::vector<std::uint64_t>> name_bits_;     // by segment and selector
  std::vector<std::vector<std::uint64_t>> query_bits_;    // by filter query and segment
  std::vector<std::vector<const filter_plan*>> filters_;  // by segment and selector
  std::vector<filter_plan> filter_plans_;
  std::vector<std::uint32_t> slot_of_query_;  // a filter query's place among its filter's captures
  text_filter filter_;

  // One run's memory, kept from run to run.
  std::string_view json_;
  reader_options reading_;
  bool preserve_number_text_ = false;
  std::vector<path_step>* steps_ = nullptr;  // the run's
  std::uint32_t wide_numbers_ = 0;  // the reader's count when last checked
  std::uint64_t scalar_begin_ = 0, scalar_end_ = 0;  // the scalar being derived
  std::string_view name_;      // the current member's name, unescaped
  std::string_view raw_name_;  // as written
  bool name_escaped_ = false;
  std::string name_buffer_, path_names_;
  std::vector<state> states_;
  std::vector<frame> frames_;
  std::vector<path_entry> path_;
  std::vector<condition> conditions_;
  std::vector<candidate> candidates_;
  std::vector<captured_value> captured_;
  std::vector<position_test> positions_;
  std::vector<key_part> keys_;
  std::vector<found_value> found_;
  bool stop_at_first_ = false;
  std::uint32_t first_live_ = 0;  // found_ before it fail (stop_at_first_)
  std::vector<std::uint32_t> escaped_steps_;  // steps whose names are still escaped
  std::vector<std::uint8_t> valid_;
  std::vector<std::uint64_t> flat_keys_;
  std::vector<std::uint32_t> order_;   // the found values that hold
  std::vector<std::uint32_t> sorted_;  // order_'s places, by key
  std::vector<text_match> selected_;
};

}  // namespace jsonjit::detail::path
