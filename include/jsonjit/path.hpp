// JSONPath (RFC 9535): queries that select values from a JSON value.
//
//   auto query = jsonjit::json_path::compile("$.store.book[?@.price < 10].title");
//   if (!query) std::puts(jsonjit::to_string(query.error()).c_str());   // column 1-based, in bytes
//   auto titles = query->select(doc.root());      // result<node_list, parse_error>
//   for (std::size_t i = 0; i < titles->size(); ++i)
//     std::cout << titles->path(i) << " " << (*titles)[i].get_string().value() << "\n";
//     // $['store']['book'][2]['title'] Moby Dick
//   query->select(json_text, [](const jsonjit::path_match& m) { use(m.json(), m.offset(), m.path()); });
//
// Everything RFC 9535 defines: name, wildcard, index, slice (negative steps too) and filter
// selectors; child and descendant segments; filters with comparisons, &&, ||, !, parentheses
// and existence tests; the functions length, count, match, search and value, with the RFC's
// type rules checked when the query is compiled; I-Regexp (RFC 9485) for match and search;
// normalized paths (§2.7) for every node selected. A compiled query is immutable and may be
// used from many threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <jsonjit/detail/export.hpp>
#include <jsonjit/document.hpp>
#include <jsonjit/engine.hpp>
#include <jsonjit/error.hpp>
#include <jsonjit/node.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

namespace detail::path {
struct program;
class stream_engine;
struct native_run;
struct access;
/// A step of the way from the root to a selected value: a member's name or an element's
/// index, after the step it follows (0: the root).
struct path_step {
  std::uint32_t parent;
  bool is_index;
  std::size_t index;
  std::string_view name;  // a view of the member's name in its document, node or query
};
/// The normalized path (§2.7) of step `at`.
std::string normalized_path(const std::vector<path_step>& steps, std::uint32_t at);
}  // namespace detail::path

/// The values a query selected, in the order RFC 9535 gives them, and where each is. Value is
/// `element` (a document's) or `const node*`; the values are views: valid while what they
/// view lives unchanged (the list may outlive the query).
template <class Value>
class basic_node_list {
 public:
  std::size_t size() const noexcept { return values_.size(); }
  bool empty() const noexcept { return values_.empty(); }
  const Value& operator[](std::size_t i) const noexcept { return values_[i]; }
  typename std::vector<Value>::const_iterator begin() const noexcept { return values_.begin(); }
  typename std::vector<Value>::const_iterator end() const noexcept { return values_.end(); }
  /// The normalized path of the i-th value: "$['store']['book'][2]" (§2.7).
  std::string path(std::size_t i) const { return detail::path::normalized_path(steps_, at_[i]); }

 private:
  template <class>
  friend class path_evaluator;
  friend class json_path;
  friend class path_selector;
  std::vector<Value> values_;
  std::vector<std::uint32_t> at_;  // each value's last step
  std::vector<detail::path::path_step> steps_{detail::path::path_step{0, false, 0, {}}};
  std::shared_ptr<const detail::path::program> query_;  // the names of name selectors the steps view
};

using node_list = basic_node_list<element>;
using node_ref_list = basic_node_list<const node*>;

/// A value a query selected from JSON text (path_selector): valid during the callback.
class path_match {
 public:
  /// The value's bytes in the input, as written (escapes, inner whitespace kept).
  std::string_view json() const noexcept { return json_; }
  /// Where they start in the input (bytes; over JSON Lines, in the whole text).
  std::size_t offset() const noexcept { return offset_; }
  /// The 1-based line of the document it is in (select_lines; 1 for select).
  std::size_t line() const noexcept { return line_; }
  /// Its normalized path (§2.7) in its document: "$['statuses'][3]['id']".
  std::string path() const { return list_->path(index_); }

 private:
  friend class path_selector;
  std::string_view json_;
  std::size_t offset_ = 0, line_ = 1;
  const node_list* list_ = nullptr;
  std::size_t index_ = 0;
};

/// How a query is compiled.
struct path_options {
  /// Which engine selects from JSON text (documents and nodes are always interpreted). `jit`
  /// compiles the query into native code that selects while it scans the text once: names
  /// compared in place, what the query does not select skipped. It compiles the queries whose
  /// segments, child or descendant, have one name, wildcard, non-negative index or forward
  /// slice selector each, up to 256 segments: what they select is known where the text shows
  /// it (`$.statuses[*].user.screen_name`, `$..id`, `$.items[0:10]..price`). Under `jit`, compile fails for
  /// any other query with not_compiled, at its first segment the JIT does not compile and
  /// saying why; `automatic` selects those by the interpreter. A text the code cannot answer
  /// for (not JSON, a name a query selects written twice in one object, a number the document
  /// refuses, nesting past the limit; reading options that allow comments, trailing commas or
  /// reject repeated names) is selected by the interpreter: both engines give the same node
  /// lists and the same errors.
  jsonjit::engine engine = jsonjit::engine::automatic;
};

class json_path {
 public:
  /// Compiles `text`. Errors are invalid_query with the byte offset and column of what is
  /// wrong (line 1) and, as the error's name, why: a syntax error, a function unknown or
  /// given the wrong number or types of arguments, a comparison of a non-singular query, an
  /// integer beyond +/-(2^53 - 1), filters nested more than 256 deep; and not_compiled (see
  /// path_options::engine).
  static result<json_path, parse_error> compile(std::string_view text, const path_options& options = {});

  /// The values the query selects from `root`, with their paths. An error only where a
  /// match() or search() pattern took too many steps on a value (query_too_costly, its path
  /// naming the value).
  result<node_list, parse_error> select(const element& root) const;
  result<node_ref_list, parse_error> select(const node& root) const;

  /// The values the query selects from the JSON text `json`, as on_match(const path_match&)
  /// sees them, in node-list order. Invalid JSON is an error (nothing called back), with its
  /// position. For many texts, a path_selector reuses its memory.
  template <class F>
  parse_error select(std::string_view json, F&& on_match) const;

  /// The query's text.
  const std::string& text() const noexcept;
  /// Whether texts are selected from by native code (path_options::engine).
  bool compiled() const noexcept;

 private:
  friend class path_selector;
  friend struct detail::path::access;
  explicit json_path(std::shared_ptr<const detail::path::program> program) noexcept : program_(std::move(program)) {}
  std::shared_ptr<const detail::path::program> program_;
};

/// Selects with one query from many JSON texts, one after another, keeping its memory from one
/// to the next (after the first texts, selecting allocates nothing where the query's segments
/// and filters need no more room than before). Not for use from several threads at once:
/// give each thread its own.
class path_selector {
 public:
  /// `options` say how texts are read (depth limit, comments, duplicate names).
  explicit path_selector(const json_path& query, const document_options& options = {});
  path_selector(path_selector&&) noexcept;
  path_selector& operator=(path_selector&&) noexcept;
  ~path_selector();

  /// As json_path::select(json, on_match).
  template <class F>
  parse_error select(std::string_view json, F&& on_match) {
    return run(json, 0, 1, &call<F>, &on_match);
  }
  /// The first value the query selects from `json` (the node list's first), or none, reading
  /// the text only as far as it must: where the query's node list is in the text's order (no
  /// descendant segment, one selector per segment, no negative slice step) the reading stops
  /// at the end of that value, as simdjson On-Demand's at_pointer does, so the text after it
  /// is not checked (an error there, or a name selected repeated after it, is not seen); an
  /// error before it is reported as select reports it. Otherwise, or where the value is not
  /// found, the whole text is read. The match is valid until the selector's next selection.
  result<std::optional<path_match>, parse_error> select_first(std::string_view json);
  /// Each line of `lines` is a document (JSON Lines; lines holding only whitespace are
  /// skipped); on_match(const path_match&) is called for the values selected from each, line
  /// after line. Stops at the first line that is not JSON: the error's line and offset count
  /// in the whole text.
  template <class F>
  parse_error select_lines(std::string_view lines, F&& on_match) {
    return run_lines(lines, &call<F>, &on_match);
  }

 private:
  using callback = void (*)(void* on_match, const path_match& match);
  template <class F>
  static void call(void* on_match, const path_match& match) {
    (*static_cast<std::remove_reference_t<F>*>(on_match))(match);
  }
  parse_error run(std::string_view json, std::size_t base, std::size_t line, callback f, void* on_match,
                  bool first_only = false);
  parse_error run_lines(std::string_view lines, callback f, void* on_match);

  parse_error select_through_document(std::string_view json, std::size_t base, std::size_t line, callback f,
                                      void* on_match);

  std::shared_ptr<const detail::path::program> program_;
  document_options options_;
  // The query's native code where it has some; else (or where it gives up on a text) one
  // pass of the reader, where the query and the options allow; else through a document.
  std::unique_ptr<detail::path::native_run> native_;
  std::unique_ptr<detail::path::stream_engine> stream_;
  document doc_;
  std::vector<std::uint64_t> spans_;  // by tape word: the value's first byte << 32 | its end
  node_list selected_;
};

template <class F>
parse_error json_path::select(std::string_view json, F&& on_match) const {
  path_selector selector(*this);
  return selector.select(json, std::forward<F>(on_match));
}

}  // namespace jsonjit
JSONJIT_EXPORT_END
