// JSONPath over text in one pass of the token reader (see stream_p.hpp).
#include "query/stream_p.hpp"

#include <algorithm>

#include "dom/tape_builder_p.hpp"
#include "text/reader_access_p.hpp"
#include "text/unescape_p.hpp"

namespace jsonjit::detail::path {
namespace {

/// Whether an index or slice that depends on the length selects element `i` of `length`
/// (§2.3.3.2, §2.3.4.2.2).
bool selects_position(const selector& by, std::int64_t i, std::int64_t length) noexcept {
  if (by.kind == selector_kind::index) return i == length + by.index;
  auto normalize = [length](std::int64_t n) { return n >= 0 ? n : length + n; };
  if (by.step > 0) {
    const std::int64_t lower = std::clamp<std::int64_t>(by.has_start ? normalize(by.start) : 0, 0, length);
    const std::int64_t upper = std::clamp<std::int64_t>(by.has_end ? normalize(by.end) : length, 0, length);
    return lower <= i && i < upper && (i - lower) % by.step == 0;
  }
  const std::int64_t upper = std::clamp<std::int64_t>(by.has_start ? normalize(by.start) : length - 1, -1, length - 1);
  const std::int64_t lower = std::clamp<std::int64_t>(by.has_end ? normalize(by.end) : -length - 1, -1, length - 1);
  return lower < i && i <= upper && (upper - i) % -by.step == 0;
}

}  // namespace

bool converts_as_document_does(std::string_view number, bool preserve_number_text) noexcept {
  tape_number converted;
  return convert_number(number, converted, preserve_number_text) == error_code::none;
}

bool numbers_convert_as_document_does(std::string_view value, const reader_options& options,
                                      bool preserve_number_text) {
  reader again(value, options);
  std::uint32_t checked = 0;
  while (again.read()) {
    if (again.token() == token_type::number && reader_access::wide_numbers(again) != checked) {
      checked = reader_access::wide_numbers(again);
      if (!converts_as_document_does(again.value(), preserve_number_text)) return false;
    }
  }
  return !again.error();
}

void unescape_step_names(std::vector<path_step>& steps, const std::vector<std::uint32_t>& escaped,
                         std::string& buffer) {
  std::size_t room = 0;
  for (const std::uint32_t s : escaped) room += steps[s].name.size();
  buffer.resize(room);
  char* out = buffer.data();
  for (const std::uint32_t s : escaped) {
    const std::string_view raw = steps[s].name;
    char* const end = unescape(raw.data(), raw.data() + raw.size(), out);
    steps[s].name = std::string_view(out, static_cast<std::size_t>(end - out));
    out = end;
  }
}

std::string stream_engine::unsupported(const program& p) {
  std::size_t names = 0;
  for (std::size_t q = 0; q < p.queries.size(); ++q) {
    const query& sub = p.queries[q];
    for (const segment& s : sub.segments) {
      for (const selector& sel : s.selectors) names += sel.kind == selector_kind::name;
    }
    if (q == 0) continue;
    if (const std::string_view why = uncapturable(sub); !why.empty()) return std::string(why);
  }
  if (names > 64) return "more than 64 name selectors";
  return {};
}

stream_engine::stream_engine(const program& p)
    : program_(p), segments_(p.queries[0].segments), slot_of_query_(p.queries.size(), 0), filter_(p) {
  document_order_ = std::all_of(segments_.begin(), segments_.end(), [](const segment& s) {
    return !s.descendant && s.selectors.size() == 1 &&
           !(s.selectors[0].kind == selector_kind::slice && s.selectors[0].step < 0);
  });
  unsigned bit = 0;
  auto name_bit = [&bit](const selector& sel) -> std::uint64_t {
    return sel.kind == selector_kind::name ? std::uint64_t{1} << bit++ : 0;
  };
  for (const segment& s : segments_) {
    name_bits_.emplace_back();
    filters_.emplace_back(s.selectors.size(), nullptr);
    for (const selector& sel : s.selectors) {
      name_bits_.back().push_back(name_bit(sel));
      if (sel.kind == selector_kind::filter) {
        filter_plan plan{sel.filter, {}};
        filter_queries(p, sel.filter, plan.queries);
        filter_plans_.push_back(std::move(plan));
      }
    }
  }
  query_bits_.resize(p.queries.size());
  for (std::size_t q = 1; q < p.queries.size(); ++q) {
    for (const segment& s : p.queries[q].segments) query_bits_[q].push_back(name_bit(s.selectors[0]));
  }
  // Each filter's plan, now that the plans stay where they are.
  std::size_t next = 0;
  for (std::size_t j = 0; j < segments_.size(); ++j) {
    for (std::size_t k = 0; k < segments_[j].selectors.size(); ++k) {
      if (segments_[j].selectors[k].kind != selector_kind::filter) continue;
      const filter_plan& plan = filter_plans_[next++];
      filters_[j][k] = &plan;
      for (std::size_t slot = 0; slot < plan.queries.size(); ++slot) {
        slot_of_query_[plan.queries[slot]] = static_cast<std::uint32_t>(slot);
      }
    }
  }
}

bool stream_engine::run(std::string_view json, const document_options& options, std::vector<path_step>& steps,
                        bool first_only) {
  json_ = json;
  preserve_number_text_ = options.preserve_number_text;
  filter_.start(json, options);
  wide_numbers_ = 0;
  steps_ = &steps;
  states_.clear();
  frames_.clear();
  path_.clear();
  conditions_.assign(1, condition{0, verdict::holds});
  candidates_.clear();
  captured_.clear();
  positions_.clear();
  keys_.assign(1, key_part{});
  found_.clear();
  stop_at_first_ = first_only && document_order_;
  first_live_ = 0;
  escaped_steps_.clear();
  steps.resize(1);

  reading_ = {};  // as the document reads
  reading_.comments = options.skip_comments ? comment_handling::skip : comment_handling::disallow;
  reading_.allow_trailing_commas = options.allow_trailing_commas;
  reading_.max_depth = options.max_depth;
  reader r(json, reading_);
  while (r.read()) {
    switch (r.token()) {
      case token_type::property_name:
        raw_name_ = r.value();
        name_escaped_ = r.value_is_escaped();
        name_ = raw_name_;
        if (name_escaped_) {
          name_buffer_.resize(raw_name_.size());
          const char* end = unescape(raw_name_.data(), raw_name_.data() + raw_name_.size(), name_buffer_.data());
          name_ = std::string_view(name_buffer_.data(), static_cast<std::size_t>(end - name_buffer_.data()));
        }
        break;
      case token_type::end_object:
      case token_type::end_array: {
        const frame done = frames_.back();
        frames_.pop_back();
        if (!done.object) decide_positions(done);
        if (!finish_value(done.begin, r.token_offset() + 1, done.children, done.states_begin, done.candidates_begin, steps)) {
          return false;
        }
        break;
      }
      default:
        if (!begin_value(r, steps)) return false;
        break;
    }
    if (stop_at_first_ && first_is_known()) {
      const found_value& f = found_[first_live_];
      if (whole_value(json, f.begin, f.end)) {  // (the text after it is not read)
        unescape_step_names(steps, escaped_steps_, path_names_);
        selected_.assign(1, text_match{f.begin, f.end, f.step});
        return true;
      }
    }
  }
  if (r.error() || !frames_.empty()) return false;

  unescape_step_names(steps, escaped_steps_, path_names_);  // (nothing moves them now)
  order_and_resolve();
  return true;
}

bool stream_engine::begin_value(reader& r, std::vector<path_step>& steps) {
  const token_type t = r.token();
  if (t == token_type::number && reader_access::wide_numbers(r) != wide_numbers_) {
    wide_numbers_ = reader_access::wide_numbers(r);
    if (!converts_as_document_does(r.value(), preserve_number_text_)) return false;
  }
  const bool container = t == token_type::start_object || t == token_type::start_array;
  const auto depth = static_cast<std::uint32_t>(frames_.size());
  const auto states_begin = static_cast<std::uint32_t>(states_.size());
  const auto candidates_begin = static_cast<std::uint32_t>(candidates_.size());
  std::uint32_t index = 0;
  if (depth == 0) {
    add_at(0, 0, 0, container);
  } else {
    frame& parent = frames_.back();
    index = parent.children++;
    if (!parent.names_only || (parent.object && might_be_looked_for(parent))) {
      if (!container) {  // (where a filter on it reads it)
        scalar_begin_ = r.token_offset();
        scalar_end_ = scalar_begin_ + r.value().size() + (t == token_type::string ? 2 : 0);
      }
      if (!derive(parent, index, container)) return false;
    } else if (container) {  // (a member no name selects, or an element: it is only visited)
      for (std::uint32_t i = parent.states_begin; i < parent.states_end; ++i) {
        if (states_[i].kind == state_kind::visiting) states_.push_back(states_[i]);
      }
    }
  }
  if (states_.size() == states_begin) {
    // Nothing to find here or inside: a container is skipped (still read and checked).
    return !container || skip(r);
  }
  if (path_.size() <= depth) path_.resize(depth + 1);
  if (depth == 0) {
    path_[0] = path_entry{{}, 0, false, false, 0};
  } else {
    const bool object = frames_.back().object;
    path_[depth] = path_entry{raw_name_, index, !object, object && name_escaped_, no_step};
  }
  const std::uint64_t begin = r.token_offset();
  if (!container) {
    const std::uint64_t end = begin + r.value().size() + (t == token_type::string ? 2 : 0);
    return finish_value(begin, end, 0, states_begin, candidates_begin, steps);
  }
  // Selected whole, nothing looked for inside: skipped.
  const bool inside_unused = std::all_of(states_.begin() + states_begin, states_.end(), [this](const state& s) {
    return s.kind == state_kind::at && s.position == segments_.size();
  });
  if (inside_unused) {
    if (!skip(r)) return false;
    return finish_value(begin, r.token_offset() + 1, 0, states_begin, candidates_begin, steps);
  }
  frame opened{states_begin, static_cast<std::uint32_t>(states_.size()), candidates_begin,
               static_cast<std::uint32_t>(positions_.size()), begin, 0, t == token_type::start_object, 0, false, 0, 0};
  opened.names_only = names_looked_for(opened);
  frames_.push_back(opened);
  return true;
}

/// Whether a container's states select its children by name only (an array's elements then
/// by nothing): where they do, the masks of those names' first bytes and lengths (by their low
/// six bits) let most members be passed over without asking each state.
bool stream_engine::names_looked_for(frame& container) const noexcept {
  for (std::uint32_t i = container.states_begin; i < container.states_end; ++i) {
    const state& s = states_[i];
    const std::vector<segment>& path = s.kind == state_kind::capture ? program_.queries[s.condition].segments : segments_;
    if (s.position == path.size()) continue;  // (selects nothing inside)
    for (const selector& sel : path[s.position].selectors) {
      if (sel.kind != selector_kind::name) return false;
      container.firsts |= std::uint64_t{1} << (sel.name.empty() ? 0 : sel.name[0] & 63);
      container.lengths |= std::uint64_t{1} << (sel.name.size() & 63);
    }
  }
  return true;
}

/// On a start token: reads to its end token as reader::skip() does. Where the reader met
/// numbers a conversion could find out of range on the way, the value is read again to check
/// them as the document does.
bool stream_engine::skip(reader& r) {
  const std::uint64_t begin = r.token_offset();
  if (!r.skip()) return false;
  if (reader_access::wide_numbers(r) == wide_numbers_) return true;
  wide_numbers_ = reader_access::wide_numbers(r);
  return numbers_convert_as_document_does(json_.substr(begin, r.token_offset() + 1 - begin), reading_,
                                          preserve_number_text_);
}

bool stream_engine::finish_value(std::uint64_t begin, std::uint64_t end, std::uint32_t size, std::uint32_t states_begin,
                                 std::uint32_t candidates_begin, std::vector<path_step>& steps) {
  const auto states_end = static_cast<std::uint32_t>(states_.size());
  for (std::uint32_t i = states_begin; i < states_end; ++i) {
    const state& s = states_[i];
    if (s.kind == state_kind::capture && s.position == program_.queries[s.condition].segments.size()) {
      const candidate& c = candidates_[s.key];
      captured_[c.captures + slot_of_query_[s.condition]] = captured_value{begin, end, size, true};
    }
  }
  // The candidates made for this value are the last ones (those inside it are done).
  for (std::uint32_t i = candidates_begin; i < candidates_.size(); ++i) {
    const candidate& c = candidates_[i];
    const bool selected = holds(c);
    if (filter_.gave_up()) return false;
    conditions_[c.condition].decided = selected ? verdict::holds : verdict::fails;
    if (!selected && document_order_) forget_inside(c, steps);
  }
  if (candidates_begin < candidates_.size()) {
    captured_.resize(candidates_[candidates_begin].captures);
    candidates_.resize(candidates_begin);
  }
  for (std::uint32_t i = states_begin; i < states_end; ++i) {
    const state s = states_[i];
    if (s.kind == state_kind::at && s.position == segments_.size() && conditions_[s.condition].decided != verdict::fails) {
      const std::uint32_t step = record_path(static_cast<std::uint32_t>(frames_.size()), steps);
      found_.push_back(found_value{begin, end, s.key, s.condition, step});
    }
  }
  states_.resize(states_begin);
  return true;
}

/// A candidate refused where the query has one way to each value (document_order_): whatever
/// was found inside it was found through it, and is forgotten with the steps of its paths and
/// the conditions made inside.
void stream_engine::forget_inside(const candidate& c, std::vector<path_step>& steps) {
  found_.resize(c.found);
  steps.resize(c.steps);
  while (!escaped_steps_.empty() && escaped_steps_.back() >= c.steps) escaped_steps_.pop_back();
  for (path_entry& e : path_) {
    if (e.step != no_step && e.step >= c.steps) e.step = no_step;
  }
  conditions_.resize(c.condition + 1);
}

bool stream_engine::derive(frame& parent, std::uint32_t index, bool container) {
  std::uint64_t name_bits = 0;
  for (std::uint32_t i = parent.states_begin; i < parent.states_end; ++i) {
    const state s = states_[i];  // (a copy: states_ grows below)
    switch (s.kind) {
      case state_kind::at:
        if (s.position < segments_.size()) apply(s.position, s, 0, parent, index, container, name_bits);
        break;
      case state_kind::visiting:
        apply(s.position, s, parent.begin, parent, index, container, name_bits);
        if (container) states_.push_back(s);
        break;
      case state_kind::capture: {
        const query& q = program_.queries[s.condition];
        if (s.position == q.segments.size()) break;
        const selector& sel = q.segments[s.position].selectors[0];
        const bool selected = sel.kind == selector_kind::name ? parent.object && name_is(sel.name)
                                                              : !parent.object && static_cast<std::int64_t>(index) == sel.index;
        if (selected) {
          name_bits |= query_bits_[s.condition][s.position];
          states_.push_back(state{state_kind::capture, s.position + 1, s.key, s.condition});
        }
        break;
      }
    }
  }
  if (filter_.gave_up()) return false;
  // A name selected twice in one object: the document's lookups take the last; decided there.
  if ((name_bits & parent.names_selected) != 0) return false;
  parent.names_selected |= name_bits;
  return true;
}

void stream_engine::apply(std::uint32_t j, const state& from, std::uint64_t visited, const frame& parent,
                          std::uint32_t index, bool container, std::uint64_t& name_bits) {
  const segment& seg = segments_[j];
  for (std::uint32_t k = 0; k < seg.selectors.size(); ++k) {
    const selector& sel = seg.selectors[k];
    switch (sel.kind) {
      case selector_kind::name:
        if (parent.object && name_is(sel.name)) {
          name_bits |= name_bits_[j][k];
          add_at(j + 1, new_key(from.key, k, visited, 0), from.condition, container);
        }
        break;
      case selector_kind::wildcard: add_at(j + 1, new_key(from.key, k, visited, index), from.condition, container); break;
      case selector_kind::index:
        if (parent.object) break;
        if (sel.index >= 0) {
          if (static_cast<std::int64_t>(index) == sel.index) {
            add_at(j + 1, new_key(from.key, k, visited, 0), from.condition, container);
          }
        } else {
          const std::uint32_t c = new_condition(from.condition);
          positions_.push_back(position_test{c, index, &sel});
          add_at(j + 1, new_key(from.key, k, visited, 0), c, container);
        }
        break;
      case selector_kind::slice: {
        if (parent.object || sel.step == 0) break;
        const auto i = static_cast<std::int64_t>(index);
        if (sel.step > 0 && (!sel.has_start || sel.start >= 0) && (!sel.has_end || sel.end >= 0)) {
          // Known without the length.
          const std::int64_t start = sel.has_start ? sel.start : 0;
          if (i >= start && (!sel.has_end || i < sel.end) && (i - start) % sel.step == 0) {
            add_at(j + 1, new_key(from.key, k, visited, index), from.condition, container);
          }
          break;
        }
        const std::uint32_t c = new_condition(from.condition);
        positions_.push_back(position_test{c, index, &sel});
        // A negative step takes the elements from the last to the first.
        add_at(j + 1, new_key(from.key, k, visited, sel.step > 0 ? index : ~std::uint64_t{index}), c, container);
        break;
      }
      case selector_kind::filter: {
        const filter_plan& plan = *filters_[j][k];
        if (!container) {
          // A scalar: each of the filter's queries finds the scalar itself (@) or nothing, so
          // the filter is decided now (where anything can come of it).
          if (j + 1 == segments_.size() && scalar_passes(plan)) {
            add_at(j + 1, new_key(from.key, k, visited, index), from.condition, container);
          }
          break;
        }
        const std::uint32_t c = new_condition(from.condition);
        const auto id = static_cast<std::uint32_t>(candidates_.size());
        candidates_.push_back(candidate{&plan, c, static_cast<std::uint32_t>(captured_.size()),
                                        static_cast<std::uint32_t>(found_.size()), static_cast<std::uint32_t>(steps_->size())});
        captured_.resize(captured_.size() + plan.queries.size());
        for (const std::uint32_t q : plan.queries) states_.push_back(state{state_kind::capture, 0, id, q});
        add_at(j + 1, new_key(from.key, k, visited, index), c, container);
        break;
      }
    }
  }
}

bool stream_engine::scalar_passes(const filter_plan& plan) {
  const auto captures = static_cast<std::uint32_t>(captured_.size());
  for (const std::uint32_t q : plan.queries) {
    captured_.push_back(program_.queries[q].segments.empty() ? captured_value{scalar_begin_, scalar_end_, 0, true}
                                                             : captured_value{});
  }
  const bool passes = holds(candidate{&plan, 0, captures, 0, 0});
  captured_.resize(captures);
  return passes;
}

void stream_engine::add_at(std::uint32_t position, std::uint32_t key, std::uint32_t depends_on, bool container) {
  if (position == segments_.size()) {
    states_.push_back(state{state_kind::at, position, key, depends_on});
  } else if (container) {  // (a scalar has nothing for the next segment to select)
    const state_kind kind = segments_[position].descendant ? state_kind::visiting : state_kind::at;
    states_.push_back(state{kind, position, key, depends_on});
  }
}

std::uint32_t stream_engine::new_condition(std::uint32_t parent) {
  conditions_.push_back(condition{parent, verdict::pending});
  return static_cast<std::uint32_t>(conditions_.size() - 1);
}

std::uint32_t stream_engine::new_key(std::uint32_t parent, std::uint32_t selector, std::uint64_t visited,
                                     std::uint64_t ordinal) {
  if (document_order_) return 0;
  keys_.push_back(key_part{parent, selector, visited, ordinal});
  return static_cast<std::uint32_t>(keys_.size() - 1);
}

bool stream_engine::name_is(std::string_view name) const noexcept {
  return name_ == name;
}

void stream_engine::decide_positions(const frame& array) {
  for (std::size_t i = array.positions_begin; i < positions_.size(); ++i) {
    const position_test& t = positions_[i];
    const bool selected = selects_position(*t.by, t.index, array.children);
    conditions_[t.condition].decided = selected ? verdict::holds : verdict::fails;
  }
  positions_.resize(array.positions_begin);
}

std::uint32_t stream_engine::record_path(std::uint32_t depth, std::vector<path_step>& steps) {
  std::uint32_t d = depth;
  while (path_[d].step == no_step) --d;  // (the root's is step 0)
  for (++d; d <= depth; ++d) {
    path_entry& e = path_[d];
    steps.push_back(path_step{path_[d - 1].step, e.is_index, e.index, e.name});
    e.step = static_cast<std::uint32_t>(steps.size() - 1);
    if (e.escaped) escaped_steps_.push_back(e.step);
  }
  return path_[depth].step;
}

bool stream_engine::first_is_known() {
  first_live_ = std::min(first_live_, static_cast<std::uint32_t>(found_.size()));  // (refused candidates forget theirs)
  for (; first_live_ < found_.size(); ++first_live_) {
    verdict v = verdict::holds;
    for (std::uint32_t c = found_[first_live_].condition; c != 0 && v == verdict::holds; c = conditions_[c].parent) {
      v = conditions_[c].decided;
    }
    if (v != verdict::fails) return v == verdict::holds;
  }
  return false;
}

void stream_engine::order_and_resolve() {
  // Conditions refer to earlier ones only: one pass decides each from its parent.
  valid_.resize(conditions_.size());
  valid_[0] = 1;
  for (std::size_t i = 1; i < conditions_.size(); ++i) {
    valid_[i] = conditions_[i].decided == verdict::holds && valid_[conditions_[i].parent] != 0;
  }
  selected_.clear();
  order_.clear();
  for (std::uint32_t i = 0; i < found_.size(); ++i) {
    if (valid_[found_[i].condition] != 0) order_.push_back(i);
  }
  if (!document_order_) {
    // Each value's key laid out flat: per segment, (visited, selector, ordinal).
    const std::size_t width = 3 * segments_.size();
    flat_keys_.resize(order_.size() * width);
    for (std::size_t n = 0; n < order_.size(); ++n) {
      std::uint64_t* part = flat_keys_.data() + (n + 1) * width;
      for (std::uint32_t k = found_[order_[n]].key; k != 0; k = keys_[k].parent) {
        *--part = keys_[k].ordinal;
        *--part = keys_[k].selector;
        *--part = keys_[k].visited;
      }
    }
    auto key_of = [&](std::uint32_t n) { return flat_keys_.data() + n * width; };
    auto before = [&](std::uint32_t a, std::uint32_t b) {
      return std::lexicographical_compare(key_of(a), key_of(a) + width, key_of(b), key_of(b) + width);
    };
    sorted_.resize(order_.size());
    for (std::uint32_t n = 0; n < sorted_.size(); ++n) sorted_[n] = n;
    if (!std::is_sorted(sorted_.begin(), sorted_.end(), before)) std::sort(sorted_.begin(), sorted_.end(), before);
    for (const std::uint32_t n : sorted_) {
      const found_value& f = found_[order_[n]];
      selected_.push_back(text_match{f.begin, f.end, f.step});
    }
    return;
  }
  for (const std::uint32_t i : order_) selected_.push_back(text_match{found_[i].begin, found_[i].end, found_[i].step});
}

}  // namespace jsonjit::detail::path
