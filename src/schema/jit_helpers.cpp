// The helpers the schema JIT's code calls (jit_p.hpp): what is not worth emitting inline —
// scalars against their keywords (through the interpreter's own checks), members the code did
// not match by name, const, enum and uniqueItems on containers.
#include <algorithm>
#include <array>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include <jsonjit/document.hpp>
#include <jsonjit/reader.hpp>

#include "engines/jit/scan_p.hpp"
#include "schema/canonical_p.hpp"
#include "schema/checks_p.hpp"
#include "schema/jit_p.hpp"
#include "text/number_scan_p.hpp"
#include "text/simd_p.hpp"
#include "text/unescape_p.hpp"

using jsonjit::detail::schema::native_context;
using jsonjit::detail::schema::native_fn;
using jsonjit::detail::schema::schema_node;

namespace {

namespace schema = jsonjit::detail::schema;

const schema_node& node_of(const void* what) { return *static_cast<const schema_node*>(what); }

/// Calls the function of node `target` on the value at `cur` (a member's or an item's: what
/// it evaluates inside is not asked for).
const char* apply(native_context* context, std::uint32_t target, const char* cur) noexcept {
  return reinterpret_cast<native_fn>(const_cast<void*>(context->functions[target]))(context, cur, &context->discard);
}

/// Whether the member or item `ordinal` is in `evaluated` (native_fn's mask).
bool is_evaluated(std::uint64_t evaluated, std::uint64_t ordinal) {
  return (evaluated >> (ordinal < 63 ? ordinal : 63)) & 1;
}

/// Where a member's name with escapes is unescaped: on the stack up to 64 bytes (it lives while
/// the value's subschemas run, which call the member helpers again), else in a string.
struct name_buffer {
  std::array<char, 64> small;
  std::string large;
};

/// A string's text: where it has escapes, unescaped into `buffer`.
std::string_view string_text(const char* text, const char* close, bool escaped, std::string& buffer) {
  if (!escaped) return {text, static_cast<std::size_t>(close - text)};
  buffer.resize(static_cast<std::size_t>(close - text));
  return {buffer.data(), static_cast<std::size_t>(jsonjit::detail::unescape(text, close, buffer.data()) - buffer.data())};
}

/// A member's name: string_text, on the stack where it fits; none where a longer one's buffer
/// cannot be had (the context gives up).
std::optional<std::string_view> name_text(native_context* context, const char* text, const char* close, bool escaped,
                                          name_buffer& buffer) noexcept {
  if (escaped && static_cast<std::size_t>(close - text) <= buffer.small.size()) {
    char* const to = buffer.small.data();
    return std::string_view(to, static_cast<std::size_t>(jsonjit::detail::unescape(text, close, to) - to));
  }
  try {
    return string_text(text, close, escaped, buffer.large);
  } catch (...) {
    context->gave_up = true;
    return std::nullopt;
  }
}

/// The scalar checks of `n`, const and enum included, as the interpreter decides them.
bool scalar_valid(const schema_node& n, schema::scalar_facts& facts) {
  bool valid = true;
  schema::check_scalar(n, facts, [&](std::string_view, const auto&) { valid = false; });
  if (valid && n.needs_text) {
    thread_local std::string canonical;
    canonical.clear();
    schema::append_canonical_scalar(canonical, facts);
    valid = schema::enumerated(n, canonical);
  }
  return valid;
}

/// The value [start, end) parsed as a document that keeps its numbers' text (canonical texts
/// are made from it); null when the text cannot be (the context then gives up).
const jsonjit::document* parsed(native_context* context, const char* start, const char* end) {
  thread_local jsonjit::document doc;
  jsonjit::document_options options;
  options.preserve_number_text = true;
  options.max_depth = context->max_depth;
  if (doc.assign({start, static_cast<std::size_t>(end - start)}, options)) {
    context->gave_up = true;
    return nullptr;
  }
  return &doc;
}

/// A name's first and last 8 bytes (fewer where it is shorter: every byte of a name of up to
/// 16, so that equal keys are equal names there) and its size; from fixed-size loads only (a
/// copy of a variable size through memory stalls the load after it).
schema::fused_object::name_key key_of(std::string_view name) noexcept {
  const auto load = [&]<class T>(std::size_t at, T) {
    T v;
    std::memcpy(&v, name.data() + at, sizeof v);
    return std::uint64_t{v};
  };
  const std::size_t n = name.size();
  schema::fused_object::name_key key{0, 0, n};
  if (n >= 8) {
    key.head = load(0, std::uint64_t{});
    key.tail = load(n - 8, std::uint64_t{});
  } else if (n >= 4) {
    key.head = load(0, std::uint32_t{}) | load(n - 4, std::uint32_t{}) << 32;
  } else if (n > 0) {
    key.head = load(0, std::uint8_t{}) | load(n / 2, std::uint8_t{}) << 8 | load(n - 1, std::uint8_t{}) << 16;
  }
  return key;
}

/// Its hash: the high bits are the mixed ones (a product's low bits see only its factors' low
/// bits).
std::uint64_t hash_of(const schema::fused_object::name_key& key) noexcept {
  return (key.head * 0x9E3779B97F4A7C15u) ^ (key.tail * 0xC2B2AE3D27D4EB4Fu) ^ (key.size * 0x165667B19E3779F9u);
}

/// check(value, name) for the member at `cur` (its value's start, its name unescaped), or null
/// where the text is not a member.
template <class Check>
const char* with_member_at(native_context* context, const char* cur, const Check& check) noexcept {
  bool escaped = false;
  const char* close = nullptr;
  const char* const value = jsonjit::detail::jit::member_value_start(cur, context->end, close, escaped);
  if (value == nullptr) return nullptr;
  name_buffer unescaped;
  const std::optional<std::string_view> name = name_text(context, cur + 1, close, escaped, unescaped);
  return name ? check(value, *name) : nullptr;
}

/// Subschemas applied to one value (a member's): each call says whether one passed; end() is
/// the position after the value, where the first that passed found it, else skipped to.
struct value_checks {
  native_context* context;
  const char* value;
  const char* after = nullptr;
  bool operator()(std::uint32_t target) {
    const char* const r = apply(context, target, value);
    if (r != nullptr && after == nullptr) after = r;
    return r != nullptr;
  }
  const char* end() const noexcept { return after != nullptr ? after : jsonjit_schema_skip(context, value, nullptr); }
};

/// Applies `n`'s patternProperties that match `name` through `applies`, setting `matched`
/// where one does; false where one fails or is too costly to run.
bool apply_patterns(const schema_node& n, std::string_view name, value_checks& applies, bool& matched) {
  for (const schema::pattern_edge& pattern : n.pattern_properties) {
    const schema::regex_match m = pattern.regex->search(name);
    if (m == schema::regex_match::too_costly) return false;
    if (m == schema::regex_match::found) {
      if (!applies(pattern.to.target)) return false;
      matched = true;
    }
  }
  return true;
}

/// A member of an object checked by `n` whose name the code did not match: its value at
/// `value`, its name (unescaped) and where the name's text starts (`quoted`: propertyNames
/// reads it); the position after the value, or null (see jsonjit_schema_member).
const char* member_value(native_context* context, const schema_node& n, const char* value, std::string_view name,
                         const char* quoted, std::uint64_t* seen, std::uint64_t* next) noexcept {
  try {
    if (n.property_names && apply(context, n.property_names.target, quoted) == nullptr) return nullptr;
    value_checks applies{context, value};
    bool matched = false;
    const auto p = std::lower_bound(n.properties.begin(), n.properties.end(), name,
                                    [](const schema::named_edge& e, std::string_view s) { return e.name < s; });
    if (p != n.properties.end() && p->name == name) {
      const auto index = static_cast<std::size_t>(p - n.properties.begin());
      if (p->watched != UINT32_MAX) *seen |= std::uint64_t{1} << p->watched;
      *next = n.declared_position[index] + 1;
      if (!applies(p->to.target)) return nullptr;
      matched = true;
    } else if (!n.watched_names.empty()) {
      const auto w = std::lower_bound(n.watched_names.begin(), n.watched_names.end(), name);
      if (w != n.watched_names.end() && *w == name) *seen |= std::uint64_t{1} << (w - n.watched_names.begin());
    }
    if (!apply_patterns(n, name, applies, matched)) return nullptr;
    if (!matched && n.additional_properties) {
      if (!applies(n.additional_properties.target)) return nullptr;
      matched = true;
    }
    context->member_evaluated = matched;
    return applies.end();
  } catch (...) {
    context->gave_up = true;
    return nullptr;
  }
}

/// A member of an object read once for several subschemas (fused_object): its value at
/// `value`, its name (unescaped) and where the name's text starts (`quoted`: propertyNames
/// reads it); the position after the value, or null.
const char* fused_value(native_context* context, const schema::fused_object& fused, const char* value,
                        std::string_view name, const char* quoted, std::uint64_t* seen) noexcept {
  try {
    value_checks applies{context, value};
    // Each branch as jsonjit_schema_member applies it: its property, else its patterns, else
    // its additionalProperties; its propertyNames on the name.
    std::uint64_t matched = 0;
    if (const schema::fused_object::name_entry* e = fused.find(name)) {
      for (const std::uint32_t target : e->targets) {
        if (!applies(target)) return nullptr;
      }
      matched = e->branches;
      *seen |= e->seen;
    }
    for (const schema::fused_object::branch& b : fused.others) {
      const schema_node& n = *b.node;
      if (n.property_names && apply(context, n.property_names.target, quoted) == nullptr) return nullptr;
      bool by_this = (matched >> b.bit) & 1;
      if (!apply_patterns(n, name, applies, by_this)) return nullptr;
      if (!by_this && n.additional_properties && !applies(n.additional_properties.target)) return nullptr;
    }
    return applies.end();
  } catch (...) {
    context->gave_up = true;
    return nullptr;
  }
}

}  // namespace

namespace jsonjit::detail::schema {

fused_object::name_entry& fused_object::add(std::string_view name) {
  for (name_entry& e : entries_) {
    if (e.name == name) return e;
  }
  return entries_.emplace_back(name_entry{std::string(name), {}, 0, 0, {}});
}

void fused_object::index() {
  std::size_t size = 8;
  shift_ = 61;
  while (size < 2 * entries_.size()) {
    size *= 2;
    --shift_;
  }
  slots_.assign(size, 0);
  for (std::uint32_t i = 0; i < entries_.size(); ++i) {
    entries_[i].key = key_of(entries_[i].name);
    std::size_t at = hash_of(entries_[i].key) >> shift_;
    while (slots_[at] != 0) at = (at + 1) & (size - 1);
    slots_[at] = i + 1;
  }
}

const fused_object::name_entry* fused_object::find(std::string_view name) const noexcept {
  const std::size_t mask = slots_.size() - 1;
  const name_key key = key_of(name);
  for (std::size_t at = hash_of(key) >> shift_; slots_[at] != 0; at = (at + 1) & mask) {
    const name_entry& e = entries_[slots_[at] - 1];
    if (e.key.head != key.head || e.key.tail != key.tail || e.key.size != key.size) continue;
    if (key.size <= 16 || e.name == name) return &e;
  }
  return nullptr;
}

}  // namespace jsonjit::detail::schema

extern "C" {

const char* jsonjit_schema_skip(native_context* context, const char* cur, const void*) noexcept {
  if (const char* after = jsonjit::detail::jit::skip_scalar(cur, context->end)) return after;
  if (*cur != '{' && *cur != '[') return nullptr;
  // A container no subschema looks into: checked by the reader, with the nesting it still
  // allows. Whatever stops it is left to the interpreter.
  jsonjit::reader_options options;
  options.max_depth = context->max_depth - context->depth - 1;
  if (options.max_depth < 1) {
    context->gave_up = true;
    return nullptr;
  }
  jsonjit::reader in({cur, static_cast<std::size_t>(context->end - cur)}, options);
  try {
    if (in.read() && in.skip()) return cur + in.bytes_consumed();
  } catch (...) {
  }
  context->gave_up = true;
  return nullptr;
}

const char* jsonjit_schema_string(native_context* context, const char* cur, const void* what) noexcept {
  bool escaped = false;
  const char* const close = jsonjit::detail::jit::string_end(cur + 1, context->end, escaped);
  if (close == nullptr) return nullptr;
  try {
    thread_local std::string buffer;
    thread_local schema::exact_decimal number;
    schema::scalar_facts facts{jsonjit::token_type::string, string_text(cur + 1, close, escaped, buffer), number};
    return scalar_valid(node_of(what), facts) ? close + 1 : nullptr;
  } catch (...) {
    context->gave_up = true;
    return nullptr;
  }
}

bool jsonjit_schema_plain_string(native_context* context, const void* what, const char* text,
                                 std::size_t size) noexcept {
  try {
    thread_local schema::exact_decimal number;
    schema::scalar_facts facts{jsonjit::token_type::string, {text, size}, number};
    facts.length = size;
    return scalar_valid(node_of(what), facts);
  } catch (...) {
    context->gave_up = true;
    return false;
  }
}

const char* jsonjit_schema_number(native_context* context, const char* cur, const void* what) noexcept {
  const char* const after = jsonjit::detail::number_end(cur, context->end);
  if (after == nullptr) return nullptr;
  try {
    thread_local schema::exact_decimal number;
    schema::scalar_facts facts{jsonjit::token_type::number, {cur, static_cast<std::size_t>(after - cur)}, number};
    return scalar_valid(node_of(what), facts) ? after : nullptr;
  } catch (...) {
    context->gave_up = true;
    return nullptr;
  }
}

const char* jsonjit_schema_member(native_context* context, const void* what, const char* cur, std::uint64_t* seen,
                                  std::uint64_t* next) noexcept {
  return with_member_at(context, cur, [&](const char* value, std::string_view name) {
    return member_value(context, node_of(what), value, name, cur, seen, next);
  });
}

const char* jsonjit_schema_member_value(native_context* context, const void* what, const char* value, const char* name,
                                        std::size_t size, std::uint64_t* seen) noexcept {
  std::uint64_t next = 0;  // (asked for by the code that tries declared names in order only)
  return member_value(context, node_of(what), value, {name, size}, name - 1, seen, &next);
}

const char* jsonjit_schema_fused_member(native_context* context, const void* what, const char* cur,
                                        std::uint64_t* seen, std::uint64_t*) noexcept {
  return with_member_at(context, cur, [&](const char* value, std::string_view name) {
    return fused_value(context, *static_cast<const schema::fused_object*>(what), value, name, cur, seen);
  });
}

const char* jsonjit_schema_fused_value(native_context* context, const void* what, const char* value, const char* name,
                                       std::size_t size, std::uint64_t* seen) noexcept {
  return fused_value(context, *static_cast<const schema::fused_object*>(what), value, {name, size}, name - 1, seen);
}

bool jsonjit_schema_unevaluated(native_context* context, const void* what, const char* start, const char* end,
                                std::uint64_t evaluated) noexcept {
  const schema_node& n = node_of(what);
  const bool object = *start == '{';
  const std::uint32_t target = object ? n.unevaluated_properties.target : n.unevaluated_items.target;
  // The container's text was read once already: its grammar holds. Its entries are one level
  // deeper than the container, as when they were read.
  ++context->depth;
  const char* cur = jsonjit::detail::skip_whitespace(start + 1, end);
  for (std::uint64_t ordinal = 0; *cur != (object ? '}' : ']'); ++ordinal) {
    if (object) {
      bool escaped = false;
      cur = jsonjit::detail::jit::string_end(cur + 1, end, escaped) + 1;
      cur = jsonjit::detail::skip_whitespace(cur, end) + 1;  // the colon
      cur = jsonjit::detail::skip_whitespace(cur, end);
    }
    cur = is_evaluated(evaluated, ordinal) ? jsonjit_schema_skip(context, cur, nullptr) : apply(context, target, cur);
    if (cur == nullptr) break;
    cur = jsonjit::detail::skip_whitespace(cur, end);
    if (*cur == ',') cur = jsonjit::detail::skip_whitespace(cur + 1, end);
  }
  --context->depth;
  return cur != nullptr;
}

bool jsonjit_schema_enumerated(native_context* context, const void* what, const char* start,
                               const char* end) noexcept {
  const schema_node& n = node_of(what);
  try {
    const jsonjit::document* doc = parsed(context, start, end);
    if (doc == nullptr) return false;
    thread_local std::string canonical;
    canonical.clear();
    schema::append_canonical(canonical, doc->root());
    return schema::enumerated(n, canonical);
  } catch (...) {
    context->gave_up = true;
    return false;
  }
}

bool jsonjit_schema_unique(native_context* context, const void*, const char* start, const char* end) noexcept {
  try {
    const jsonjit::document* doc = parsed(context, start, end);
    if (doc == nullptr) return false;
    // The items' canonical texts one after the other in one buffer, the thread's (no
    // allocation once it has grown), then compared sorted.
    thread_local std::string texts;
    thread_local std::vector<std::size_t> ends;
    thread_local std::vector<std::string_view> items;
    texts.clear();
    ends.clear();
    for (const jsonjit::element& item : doc->root().elements()) {
      schema::append_canonical(texts, item);
      ends.push_back(texts.size());
    }
    items.clear();
    for (std::size_t i = 0, from = 0; i < ends.size(); from = ends[i++]) items.emplace_back(texts.data() + from, ends[i] - from);
    std::sort(items.begin(), items.end());
    return std::adjacent_find(items.begin(), items.end()) == items.end();
  } catch (...) {
    context->gave_up = true;
    return false;
  }
}

}  // extern "C"
