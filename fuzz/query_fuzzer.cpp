// Fuzz target for queries and edits. An input is a JSONPath query, a line feed, a JSON value A,
// a line feed, a JSON value B (each part may be anything). Whatever the bytes:
//  - a query either compiles or is refused with invalid_query at an offset inside it;
//  - a compiled query selects the same values, in the same order, with the same normalized
//    paths, from A as a document, from A as a node (or both stop at the same regex limit) and
//    from A's text (each value's bytes those of the input at its offset, read as the value),
//    by the interpreter and by the JIT's code where it compiles the query;
//  - where A is not JSON, selecting from its text is the document's error, by both engines;
//  - select_first gives the node list's first value (where A repeats no name), or over text
//    that is not JSON the document's error or a value ending before it, the interpreter's answer;
//  - the same over a wide text holding A in a member of more than 4 KB (copies of A) and then
//    A again, for queries the JIT compiles: the code skips that member along the structural
//    index, and must find there every defect the document finds;
//  - diff(A, B) applied to A gives B (and then the diff of B and that is empty);
//  - where merge_diff(A, B) gives a merge patch, merge_patch(A, it) gives B;
//  - B read as a JSON Patch and applied to A either succeeds or leaves A exactly as it was.
// Under ASan this finds use-after-free in the patch's undo log and the evaluator's views.
#include <jsonjit/patch.hpp>
#include <jsonjit/path.hpp>

#include <cstdint>
#include <string>
#include <string_view>

#include "property.hpp"

namespace {

using namespace jsonjit;
using jsonjit::fuzz::fail;

std::string text_of(const node& n) {
  return n.to_json({.escaping = escape_mode::relaxed}).value_or("?");
}

/// Selection over A's text against the document's node list.
void check_text(const json_path& query, std::string_view a_text, const node_list& in_document) {
  std::size_t i = 0;
  const parse_error failed = query.select(a_text, [&](const path_match& m) {
    if (i >= in_document.size()) fail("the text gives more values than the document", query.text());
    if (m.json().data() != a_text.data() + m.offset()) fail("a value's bytes are not at its offset", query.text());
    if (m.path() != in_document.path(i)) fail("the text and the document select different paths", query.text());
    const auto value = document::parse(m.json());
    if (!value || !(value->root() == in_document[i])) fail("the text and the document select different values", query.text());
    ++i;
  });
  if (failed) fail("text the document reads is refused", to_string(failed));
  if (i != in_document.size()) fail("the text gives fewer values than the document", query.text());
  // select_first: the node list's first (where no name is written twice in an object: else it
  // may be an occurrence the document's lookup passes over).
  if (!document::parse(a_text, {.duplicates = duplicate_properties::reject})) return;
  path_selector selector(query);
  const auto first = selector.select_first(a_text);
  if (!first) fail("select_first refuses text the document reads", to_string(first.error()));
  if (first->has_value() != !in_document.empty()) fail("select_first finds what the document does not", query.text());
  if (!first->has_value()) return;
  const path_match& m = **first;
  if (m.json().data() != a_text.data() + m.offset()) fail("select_first's bytes are not at its offset", query.text());
  if (m.path() != in_document.path(0)) fail("select_first's path is not the node list's first", query.text());
  const auto value = document::parse(m.json());
  if (!value || !(value->root() == in_document[0])) fail("select_first's value is not the node list's first", query.text());
}

/// Selection over text that is not JSON: the document's error, nothing selected.
void check_invalid_text(std::string_view text, std::string_view a_text, const parse_error& expected) {
  std::string first_by_interpreter;  // what select_first gave: a value's offset and size, or an error
  for (const engine e : {engine::interpreter, engine::automatic}) {
    const auto query = json_path::compile(text, {.engine = e});
    if (!query) return;
    bool called = false;
    const parse_error failed = query->select(a_text, [&](const path_match&) { called = true; });
    if (!failed) fail("text that is not JSON is selected from", text);
    if (called) fail("values selected from text that is not JSON", text);
    if (to_string(failed) != to_string(expected)) fail("the text's error is not the document's", to_string(failed));
    // select_first: the same error, or a value that ends before it (the text after it unread).
    path_selector selector(*query);
    const auto first = selector.select_first(a_text);
    if (first && !first->has_value()) fail("select_first finds nothing in text that is not JSON", text);
    if (first && (*first)->offset() + (*first)->json().size() > expected.info.offset) {
      fail("select_first gives a value the error is inside of", text);
    }
    if (!first && to_string(first.error()) != to_string(expected)) fail("select_first's error is not the document's", text);
    const std::string outcome = first ? std::to_string((*first)->offset()) + "+" + std::to_string((*first)->json().size())
                                      : to_string(first.error());
    if (e == engine::interpreter) {
      first_by_interpreter = outcome;
    } else if (outcome != first_by_interpreter) {
      fail("select_first gives another answer than the interpreter's", text);
    }
  }
}

/// `{"skip":[A,A,...,0],"a":A}`, the array over 4 KB: what the JIT skips along the structural
/// index (src/dom/structural_skip.cpp) rather than byte by byte.
std::string wide_text(std::string_view a_text) {
  std::string wide = "{\"skip\":[";
  do {
    wide += a_text;
    wide += ',';
  } while (wide.size() < 5000);
  wide += "0],\"a\":";
  wide += a_text;
  wide += '}';
  return wide;
}

/// A query the JIT compiles, over the wide text: the document's node list or error.
void check_wide(std::string_view text, std::string_view a_text) {
  const auto query = json_path::compile(text);
  if (!query || !query->compiled()) return;
  const std::string wide = wide_text(a_text);
  const auto wide_doc = document::parse(wide, {.duplicates = duplicate_properties::reject});
  if (!wide_doc) {
    if (const auto lenient = document::parse(wide); !lenient) check_invalid_text(text, wide, lenient.error());
    return;
  }
  const auto in_document = query->select(wide_doc->root());
  if (in_document) check_text(*query, wide, *in_document);
}

void check_query(std::string_view text, std::string_view a_text, const document& a_doc, const node& a) {
  const auto query = json_path::compile(text);
  if (!query) {
    if (query.error().info.code != error_code::invalid_query) fail("a query refused with another code");
    if (query.error().info.offset > text.size()) fail("a query error beyond the query", text);
    return;
  }
  const auto in_document = query->select(a_doc.root());
  const auto in_node = query->select(a);
  if (!in_document || !in_node) {
    if (static_cast<bool>(in_document) != static_cast<bool>(in_node)) fail("one view failed, the other did not", text);
    return;
  }
  if (in_document->size() != in_node->size()) fail("documents and nodes select different counts", text);
  for (std::size_t i = 0; i < in_node->size(); ++i) {
    if (in_document->path(i) != in_node->path(i)) fail("documents and nodes select different paths", text);
    if (!(node::from((*in_document)[i]) == *(*in_node)[i])) fail("documents and nodes select different values", text);
  }
  check_text(*query, a_text, *in_document);
  if (query->compiled()) check_text(json_path::compile(text, {.engine = engine::interpreter}).value(), a_text, *in_document);
}

void check_edits(const node& a, const node& b) {
  node patched = a;
  if (const patch_error e = diff(a, b).apply(patched)) fail("diff does not apply", to_string(e));
  if (!(patched == b)) fail("diff(A, B) applied to A is not B", text_of(patched) + " vs " + text_of(b));
  if (!diff(b, patched).empty()) fail("the diff of equal values is not empty");
  if (auto merge = merge_diff(a, b)) {
    node merged = a;
    merge_patch(merged, *merge);
    if (!(merged == b)) fail("merge_patch(A, merge_diff(A, B)) is not B", text_of(merged) + " vs " + text_of(b));
  }
  if (auto patch = json_patch::parse(b)) {
    node target = a;
    const std::string before = text_of(target);
    if (patch->apply(target) && text_of(target) != before) fail("a failed patch changed its target", before);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t first = input.find('\n');
  if (first == std::string_view::npos) return 0;
  const std::size_t second = input.find('\n', first + 1);
  const std::string_view query = input.substr(0, first);
  const std::string_view a_text = input.substr(first + 1, second == std::string_view::npos ? std::string_view::npos : second - first - 1);
  const std::string_view b_text = second == std::string_view::npos ? std::string_view("null") : input.substr(second + 1);
  // (Without repeated names: a document keeps them all, a node the last, so they differ.)
  const auto a_doc = document::parse(a_text, {.duplicates = duplicate_properties::reject});
  if (!a_doc) {
    if (const auto lenient = document::parse(a_text); !lenient) check_invalid_text(query, a_text, lenient.error());
    check_wide(query, a_text);
    return 0;
  }
  check_wide(query, a_text);
  const node a = node::from(a_doc->root());
  check_query(query, a_text, *a_doc, a);
  if (const auto b = node::parse(b_text)) check_edits(a, *b);
  return 0;
}
