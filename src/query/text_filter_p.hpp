// Filter expressions (RFC 9535 §2.3.5) decided over text: from the values a candidate's
// singular queries captured (their bytes in the text), exactly as the document engine decides
// them over the values themselves, for the engines that select without a document (the stream
// engine and the JIT); two containers compared are read into documents. Where a pattern is too
// costly, it says so and the caller selects through a document (which reports it). Private.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <jsonjit/document.hpp>

#include "query/compare_p.hpp"
#include "query/program_p.hpp"

namespace jsonjit::detail::path {

/// What a filter's singular query found in its candidate: the value's bytes [begin, end) in
/// the text and, for an array or object, its children.
struct captured_value {
  std::uint64_t begin = 0, end = 0;
  std::uint32_t size = 0;
  bool found = false;
  bool plain = false;  // a string without escapes, control or non-ASCII bytes (each byte a code point)
};

/// The queries the filter expression `e` reads, in the order met.
void filter_queries(const program& p, std::uint32_t e, std::vector<std::uint32_t>& out);
/// Why the value the filter query `q` finds cannot be captured from its candidate's text
/// (empty where it can): it is on the root ($), may select several nodes, or counts from the
/// end of an array.
std::string_view uncapturable(const query& q) noexcept;

/// What a filter says of every scalar candidate of one kind, where that does not depend on
/// its value: a scalar has no children (every query but @ finds nothing in it), and true,
/// false and null are their own value.
enum class scalar_verdict : std::uint8_t { fails, holds, depends };
scalar_verdict filter_on_scalars(const program& p, std::uint32_t e, json_type type, bool boolean = false);

/// A filter expression made only of &&, || and ! over existence tests and comparisons of a
/// filter query's value (or its length()) with a literal (most filters are such), in prefix
/// order, each node followed by its children: decided from the captured text without the
/// general operands (text_filter), or by the JIT's code from what each value's kind and a
/// number's comparisons say.
struct quick_node {
  enum class kind : std::uint8_t { all, any, negation, exists, compare, compare_length } what = kind::exists;
  comparison op = comparison::equal;  // compare, compare_length: the query's value (length) `op` the literal
  std::uint32_t size = 1;             // nodes in its subtree, itself included
  std::uint32_t query = 0;            // exists, compare
  const scalar* literal = nullptr;    // compare, compare_length: one of `literals`
};
/// Appends the quick nodes of the logical expression `e` to `out`, its literals read from
/// `literals` (by expression); false (`out` as it was) where it is not such an expression.
bool quick_form(const program& p, const std::vector<scalar>& literals, std::uint32_t e, std::vector<quick_node>& out);

/// The integers [low, high] the JSON number `number` (up to `end`; read only up to
/// `text_end`, the whole text's end) lies in as the document converts it, from its integer
/// part I alone: I where it has neither fraction nor exponent, else [I, I + 1] ([-I - 1, -I]
/// where negative; rounding cannot cross an integer a double holds exactly). False where an
/// exponent or an integer part of more than 15 digits leaves it to the conversion.
bool integer_range(const char* number, const char* end, const char* text_end, std::int64_t& low,
                   std::int64_t& high) noexcept;
/// Where a number in [low, high] lies against a number `limit` (below 2^53 in magnitude):
/// -1 below, 0 equal, 1 above; 2 where the range does not tell.
int order_in_range(std::int64_t low, std::int64_t high, double limit) noexcept;
/// A number's text read as the document reads it (kept as text with `preserve_number_text`).
scalar number_scalar(std::string_view text, bool preserve_number_text);

class text_filter {
 public:
  /// `p` must outlive the filter.
  explicit text_filter(const program& p);

  /// The text the captured values are in, read as a document with `options` reads it;
  /// clears gave_up().
  void start(std::string_view json, const document_options& options) noexcept;
  /// Whether the logical expression `e` holds where the value the filter query q found is
  /// captured[slot_of_query[q]] (those not found: `found` false).
  bool holds(std::uint32_t e, const captured_value* captured, const std::uint32_t* slot_of_query);
  /// The last holds() met what only a document decides.
  bool gave_up() const noexcept { return gave_up_; }

 private:
  /// An operand of a comparison.
  struct operand {
    enum class kind : std::uint8_t { nothing, captured, literal, number } what = kind::nothing;
    const captured_value* value = nullptr;
    const scalar* literal = nullptr;
    std::int64_t number = 0;
  };

  /// What the quick nodes say: false, true, or that the general decide() must tell.
  enum class quick_verdict : std::uint8_t { fails, holds, undecided };
  quick_verdict quick(const quick_node* n);
  quick_verdict leaf(const quick_node& n);  // exists, compare, compare_length (a subtree of one)
  quick_verdict compared(const quick_node& n);
  quick_verdict compared_length(const quick_node& n);

  bool decide(std::uint32_t e);
  operand value_of(std::uint32_t e);
  const captured_value* captured(std::uint32_t query) const noexcept;
  scalar scalar_of_operand(const operand& o, std::string& unescaped);
  scalar scalar_of_text(const captured_value& v, std::string& unescaped);
  /// Where a captured number lies against a number known without reading (a literal, a
  /// length or a count), from its text alone where that decides: -1, 0, 1; else 2.
  int known_order(const operand& a, const operand& b) const noexcept;
  /// The same for a captured value (2 unless a number) against `limit`.
  int order_of_captured(const captured_value& v, double limit) const noexcept;
  bool equal(const operand& a, const operand& b);
  bool containers_equal(const captured_value& a, const captured_value& b);
  bool less(const operand& a, const operand& b);

  const program& program_;
  /// A comparison of a filter query's value with a number literal below 2^53 in magnitude,
  /// decided from the captured text where its integer part tells (order_of_captured).
  struct number_comparison {
    std::uint32_t query = 0;
    double literal = 0;
    bool literal_first = false;
    bool present = false;
  };

  std::vector<scalar> literals_;                    // by expression: the literals read once
  std::vector<quick_node> quick_nodes_;
  std::vector<std::uint32_t> quick_of_;  // by expression: its first quick node, or none
  std::vector<number_comparison> number_comparisons_;  // by expression
  std::string_view json_;
  document_options options_;
  bool gave_up_ = false;
  const captured_value* captured_ = nullptr;  // holds()'s
  const std::uint32_t* slot_of_query_ = nullptr;
  std::string unescaped_a_, unescaped_b_;
};

}  // namespace jsonjit::detail::path
