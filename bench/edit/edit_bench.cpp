// Pointers, patches, merge patches and diffs side by side with nlohmann::json (and simdjson's
// DOM for pointer lookups), over the corpus files. Names are group/file/contender.
//
// - pointer: 100 lookups of values that exist (members and elements at every depth, chosen
//   by a fixed seed). jsonjit: parsed json_pointer objects on a document; jsonjit_text: the
//   pointer's text on a document (at_pointer, nothing allocated); jsonjit_node: on a node;
//   simdjson: dom::element::at_pointer; nlohmann: json::at(json_pointer) with the pointers
//   parsed before timing.
// - patch: a patch of 100 random edits (values replaced, members and elements added and
//   removed) applied in place, then its inverse (both made by jsonjit::diff, checked to give the
//   edited document and the original back); nlohmann: patch_inplace, its fastest form.
// - merge_patch: the same with merge patches (edits a merge patch can express: no null values).
// - diff: the patch between the document and its edited copy (jsonjit::diff; nlohmann::json::diff).
//
// Every contender's results are checked against jsonjit's before it is timed.
#include <benchmark/benchmark.h>

#include <jsonjit/patch.hpp>
#include <jsonjit/pointer.hpp>

#include <nlohmann/json.hpp>
#include <simdjson.h>

#include <map>
#include <random>
#include <string>
#include <vector>

#include "corpus.hpp"
#include "main.hpp"

namespace jsonjit::bench {
namespace {

constexpr int lookups = 100;
constexpr int edits = 100;

// --- inputs ----------------------------------------------------------------------------------

const node& corpus_node(std::string_view file) {
  static std::map<std::string, node, std::less<>> cache;
  auto it = cache.find(file);
  if (it == cache.end()) it = cache.emplace(std::string(file), node::parse(corpus(file)).value()).first;
  return it->second;
}

nlohmann::json to_nlohmann(const node& n) {
  return nlohmann::json::parse(n.to_json().value());
}

/// Whether nlohmann's value is `expected` (read back by jsonjit: numbers by value).
bool same(const nlohmann::json& value, const node& expected) {
  const auto read = node::parse(value.dump());
  return read && *read == expected;
}

/// A value of `root` below it, chosen by descending from the root into random children and
/// stopping with probability 1/4 at each level (all depths, cheaply on large files); with
/// `objects_only`, through objects only. Nullptr where it stopped at the root.
template <class Random>
std::pair<node*, json_pointer> random_value(node& root, Random& random, bool objects_only) {
  auto pick = [&random](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(random); };
  node* at = &root;
  json_pointer pointer;
  while (at->size() > 0 && (at == &root || pick(4) != 0)) {
    if (at->is_array()) {
      if (objects_only) break;
      const std::size_t i = pick(at->size());
      at = &(*at)[i];
      pointer.append(i);
    } else {
      auto m = *std::next(at->members().begin(), static_cast<std::ptrdiff_t>(pick(at->size())));
      at = &m.value;
      pointer.append(m.name);
    }
  }
  return {at == &root ? nullptr : at, pointer};
}

const std::vector<std::string>& lookup_pointers(std::string_view file) {
  static std::map<std::string, std::vector<std::string>, std::less<>> cache;
  auto it = cache.find(file);
  if (it != cache.end()) return it->second;
  node& root = const_cast<node&>(corpus_node(file));  // only read
  std::mt19937 random(6901);
  std::vector<std::string> pointers;
  while (pointers.size() < lookups) {
    if (auto [value, pointer] = random_value(root, random, false); value != nullptr) {
      pointers.push_back(pointer.to_string());
    }
  }
  return cache.emplace(std::string(file), std::move(pointers)).first->second;
}

/// Whether `value` is a scalar or holds at most 4 scalars: what the edits replace or remove.
bool small(const node& value) {
  if (value.size() > 4) return false;
  for (const node& child : value.elements()) {
    if (child.size() > 0) return false;
  }
  for (const auto m : value.members()) {
    if (m.value.size() > 0) return false;
  }
  return true;
}

/// The corpus file with `edits` random edits, the way a program edits a document: members
/// and elements added, scalars and small values replaced or removed, so the document keeps
/// its size. For a merge patch only what it can express: through objects
/// only, never a null written, never a null or a container replaced (the way back would
/// have to carry it).
node edited(std::string_view file, bool for_merge_patch) {
  node copy = corpus_node(file);
  std::mt19937 random(7396);
  auto pick = [&random](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(random); };
  for (int made = 0; made < edits;) {
    auto [value, pointer] = random_value(copy, random, for_merge_patch);
    if (value == nullptr) continue;
    const node replacement = pick(2) == 0 ? node("edit " + std::to_string(made)) : node(static_cast<std::int64_t>(made));
    switch (pick(for_merge_patch ? 2 : 4)) {
      case 0:
        if (!small(*value) || (for_merge_patch && (value->is_null() || value->size() > 0))) continue;
        *value = replacement;
        break;
      case 1:
        if (!value->is_object()) continue;
        value->set("added" + std::to_string(made), replacement);
        break;
      case 2:
        if (!value->is_array()) continue;
        (void)value->insert(pick(value->size() + 1), replacement);
        break;
      default:
        if (!small(*value) || !pointer.remove(copy)) continue;
        break;
    }
    ++made;
  }
  return copy;
}

// --- pointer lookups -------------------------------------------------------------------------

/// The node's values at the lookups' pointers, read into documents once for every contender of
/// the workload's process (documents, not nodes: a quarter of the lookups find large values, and
/// a Debug build's quick run checks them all).
const std::vector<document>& expected_lookups(std::string_view file) {
  static std::map<std::string, std::vector<document>, std::less<>> cache;
  auto it = cache.find(file);
  if (it != cache.end()) return it->second;
  std::vector<document> values;
  for (const std::string& pointer : lookup_pointers(file)) {
    values.push_back(document::parse(at_pointer(corpus_node(file), pointer).value()->to_json().value()).value());
  }
  return cache.emplace(std::string(file), std::move(values)).first->second;
}

/// The values the lookups find, as JSON, for the checks: read back into documents and compared
/// with the node's values there.
template <class Find>
bool check_lookups(benchmark::State& state, std::string_view file, Find find) {
  const std::vector<std::string>& pointers = lookup_pointers(file);
  const std::vector<document>& expected = expected_lookups(file);
  for (std::size_t i = 0; i < pointers.size(); ++i) {
    const std::string& pointer = pointers[i];
    const auto found = document::parse(find(pointer));
    if (!found || !(found->root() == expected[i].root())) {
      state.SkipWithError(("wrong value at " + pointer).c_str());
      return false;
    }
  }
  return true;
}

void pointer_jsonjit(benchmark::State& state, std::string_view file) {
  const document doc = document::parse(corpus(file)).value();
  std::vector<json_pointer> pointers;
  for (const std::string& text : lookup_pointers(file)) pointers.push_back(json_pointer::parse(text).value());
  if (!check_lookups(state, file, [&](const std::string& p) {
        return json_pointer::parse(p)->find(doc.root())->to_json().value();
      })) {
    return;
  }
  allocation_counter allocations(state);
  for (auto _ : state) {
    for (const json_pointer& p : pointers) benchmark::DoNotOptimize(p.find(doc.root()));
  }
}

void pointer_jsonjit_text(benchmark::State& state, std::string_view file) {
  const document doc = document::parse(corpus(file)).value();
  const std::vector<std::string>& pointers = lookup_pointers(file);
  if (!check_lookups(state, file,
                     [&](const std::string& p) { return at_pointer(doc.root(), p).value().to_json().value(); })) {
    return;
  }
  allocation_counter allocations(state);
  for (auto _ : state) {
    for (const std::string& p : pointers) benchmark::DoNotOptimize(at_pointer(doc.root(), p));
  }
}

void pointer_jsonjit_node(benchmark::State& state, std::string_view file) {
  const node& root = corpus_node(file);
  std::vector<json_pointer> pointers;
  for (const std::string& text : lookup_pointers(file)) pointers.push_back(json_pointer::parse(text).value());
  if (!check_lookups(state, file,
                     [&](const std::string& p) { return json_pointer::parse(p)->find(root)->to_json().value(); })) {
    return;
  }
  allocation_counter allocations(state);
  for (auto _ : state) {
    for (const json_pointer& p : pointers) benchmark::DoNotOptimize(p.find(root));
  }
}

void pointer_simdjson(benchmark::State& state, std::string_view file) {
  const simdjson::padded_string json(corpus(file));
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  if (parser.parse(json).get(root) != simdjson::SUCCESS) return state.SkipWithError("invalid input");
  const std::vector<std::string>& pointers = lookup_pointers(file);
  if (!check_lookups(state, file, [&](const std::string& p) {
        simdjson::dom::element found;
        return root.at_pointer(p).get(found) == simdjson::SUCCESS ? simdjson::to_string(found) : std::string();
      })) {
    return;
  }
  allocation_counter allocations(state);
  for (auto _ : state) {
    for (const std::string& p : pointers) benchmark::DoNotOptimize(root.at_pointer(p));
  }
}

void pointer_nlohmann(benchmark::State& state, std::string_view file) {
  const nlohmann::json root = nlohmann::json::parse(corpus(file));
  std::vector<nlohmann::json::json_pointer> pointers;
  for (const std::string& text : lookup_pointers(file)) pointers.emplace_back(text);
  if (!check_lookups(state, file, [&](const std::string& p) { return root.at(nlohmann::json::json_pointer(p)).dump(); })) {
    return;
  }
  allocation_counter allocations(state);
  for (auto _ : state) {
    for (const auto& p : pointers) benchmark::DoNotOptimize(&root.at(p));
  }
}

// --- patches ---------------------------------------------------------------------------------

struct patch_pair {
  node original, changed;
  json_patch forward, back;
};

const patch_pair& patches(std::string_view file) {
  static std::map<std::string, patch_pair, std::less<>> cache;
  auto it = cache.find(file);
  if (it != cache.end()) return it->second;
  patch_pair p{corpus_node(file), edited(file, false), {}, {}};
  p.forward = diff(p.original, p.changed);
  p.back = diff(p.changed, p.original);
  return cache.emplace(std::string(file), std::move(p)).first->second;
}

void patch_jsonjit(benchmark::State& state, std::string_view file) {
  const patch_pair& p = patches(file);
  node target = p.original;
  if (p.forward.apply(target) || !(target == p.changed) || p.back.apply(target) || !(target == p.original)) {
    return state.SkipWithError("the patches do not give the edited document and the original back");
  }
  allocation_counter allocations(state);
  for (auto _ : state) {
    benchmark::DoNotOptimize(p.forward.apply(target));
    benchmark::DoNotOptimize(p.back.apply(target));
  }
}

void patch_nlohmann(benchmark::State& state, std::string_view file) {
  const patch_pair& p = patches(file);
  nlohmann::json target = to_nlohmann(p.original);
  const nlohmann::json forward = to_nlohmann(p.forward.to_node()), back = to_nlohmann(p.back.to_node());
  target.patch_inplace(forward);
  const bool changed = same(target, p.changed);
  target.patch_inplace(back);
  if (!changed || !same(target, p.original)) {
    return state.SkipWithError("the patches do not give the edited document and the original back");
  }
  allocation_counter allocations(state);
  for (auto _ : state) {
    target.patch_inplace(forward);
    target.patch_inplace(back);
    benchmark::DoNotOptimize(target);
  }
}

// --- merge patches ---------------------------------------------------------------------------

struct merge_pair {
  node original, changed, forward, back;
};

const merge_pair& merge_patches(std::string_view file) {
  static std::map<std::string, merge_pair, std::less<>> cache;
  auto it = cache.find(file);
  if (it != cache.end()) return it->second;
  merge_pair m{corpus_node(file), edited(file, true), {}, {}};
  m.forward = merge_diff(m.original, m.changed).value();
  m.back = merge_diff(m.changed, m.original).value();
  return cache.emplace(std::string(file), std::move(m)).first->second;
}

void merge_patch_jsonjit(benchmark::State& state, std::string_view file) {
  const merge_pair& m = merge_patches(file);
  node target = m.original;
  merge_patch(target, m.forward);
  const bool changed = target == m.changed;
  merge_patch(target, m.back);
  if (!changed || !(target == m.original)) {
    return state.SkipWithError("the merge patches do not give the edited document and the original back");
  }
  allocation_counter allocations(state);
  for (auto _ : state) {
    merge_patch(target, m.forward);
    merge_patch(target, m.back);
    benchmark::DoNotOptimize(target);
  }
}

void merge_patch_nlohmann(benchmark::State& state, std::string_view file) {
  const merge_pair& m = merge_patches(file);
  nlohmann::json target = to_nlohmann(m.original);
  const nlohmann::json forward = to_nlohmann(m.forward), back = to_nlohmann(m.back);
  target.merge_patch(forward);
  const bool changed = same(target, m.changed);
  target.merge_patch(back);
  if (!changed || !same(target, m.original)) {
    return state.SkipWithError("the merge patches do not give the edited document and the original back");
  }
  allocation_counter allocations(state);
  for (auto _ : state) {
    target.merge_patch(forward);
    target.merge_patch(back);
    benchmark::DoNotOptimize(target);
  }
}

// --- diffs -----------------------------------------------------------------------------------

void diff_jsonjit(benchmark::State& state, std::string_view file) {
  const patch_pair& p = patches(file);
  allocation_counter allocations(state);
  for (auto _ : state) benchmark::DoNotOptimize(diff(p.original, p.changed));
}

void diff_nlohmann(benchmark::State& state, std::string_view file) {
  const patch_pair& p = patches(file);
  const nlohmann::json original = to_nlohmann(p.original), changed = to_nlohmann(p.changed);
  nlohmann::json patched = original;
  patched.patch_inplace(nlohmann::json::diff(original, changed));
  if (!same(patched, p.changed)) return state.SkipWithError("its diff does not give the edited document");
  allocation_counter allocations(state);
  for (auto _ : state) benchmark::DoNotOptimize(nlohmann::json::diff(original, changed));
}

void register_all() {
  for (std::string_view file : corpus_names) {
    auto add = [file](std::string_view group, std::string_view engine, auto fn) {
      add_benchmark(group, file, engine, fn);
    };
    add("pointer", "jsonjit", pointer_jsonjit);
    add("pointer", "jsonjit_text", pointer_jsonjit_text);
    add("pointer", "jsonjit_node", pointer_jsonjit_node);
    add("pointer", "simdjson", pointer_simdjson);
    add("pointer", "nlohmann", pointer_nlohmann);
    add("patch", "jsonjit", patch_jsonjit);
    add("patch", "nlohmann", patch_nlohmann);
    add("merge_patch", "jsonjit", merge_patch_jsonjit);
    add("merge_patch", "nlohmann", merge_patch_nlohmann);
    add("diff", "jsonjit", diff_jsonjit);
    add("diff", "nlohmann", diff_nlohmann);
  }
}

const bool registered = (register_all(), true);

}  // namespace
}  // namespace jsonjit::bench
