// A JSONPath query (RFC 9535) as the parser leaves it and the engines run it: queries,
// segments, selectors and filter expressions in flat arrays, referring to each other by
// index. Checked when parsed: every expression is well-typed (§2.4.3). Private.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <jsonjit/node.hpp>

#include "schema/ecma_regex_p.hpp"

namespace jsonjit::detail::path {

enum class selector_kind : std::uint8_t { name, wildcard, index, slice, filter };

struct selector {
  selector_kind kind = selector_kind::name;
  std::string name;        // name: unescaped
  std::int64_t index = 0;  // index
  // slice: [start:end:step], each absent or given
  bool has_start = false, has_end = false;
  std::int64_t start = 0, end = 0, step = 1;
  std::uint32_t filter = 0;  // filter: the logical expression's index
};

struct segment {
  bool descendant = false;
  std::uint32_t offset = 0;  // where it starts in the query's text
  std::vector<selector> selectors;
};

struct query {
  bool relative = false;  // @ (the current node) rather than $ (the root)
  std::vector<segment> segments;
  /// At most one node whatever the value: names and indexes only, one per child segment.
  bool singular() const noexcept;
};

/// The function extensions of §2.4: their parameter and result types are in the parser.
enum class function_id : std::uint8_t { length, count, match, search, value };

enum class comparison : std::uint8_t { equal, not_equal, less, less_equal, greater, greater_equal };

enum class expression_kind : std::uint8_t {
  logical_or,   // children: two or more
  logical_and,  // children: two or more
  logical_not,  // children: one
  compare,      // children: two comparables; `op`
  exists,       // a query as a test: non-empty; `query`
  literal,      // a comparable or argument: `literal`
  singular,     // a singular query as a comparable: its node's value or nothing; `query`
  nodes,        // a query as a function argument of NodesType; `query`
  function,     // `function`, children: its arguments
};

/// A function's or an expression's type (§2.4.1).
enum class value_type : std::uint8_t { value, logical, nodes };

struct expression {
  expression_kind kind = expression_kind::literal;
  comparison op = comparison::equal;
  function_id function = function_id::length;
  value_type type = value_type::logical;
  std::uint32_t query = 0;
  node literal;  // null, true, false, a number or a string
  std::vector<std::uint32_t> children;
  /// match() and search() with a literal pattern: compiled once, with the query (nullptr where
  /// the pattern is not an I-Regexp: the function is then false).
  std::shared_ptr<const schema::ecma_regex> pattern;
};

class native_query;

struct program {
  std::string text;
  std::vector<query> queries;  // [0] is the whole query
  std::vector<expression> expressions;
  /// The query compiled into native code (jit_p.hpp), where the engine asked for is not the
  /// interpreter and the JIT compiles it.
  std::shared_ptr<const native_query> native;
};

}  // namespace jsonjit::detail::path
