// JSON Patch (RFC 6902), the patch between two values, and JSON Merge Patch (RFC 7396).
//
//   auto patch = jsonjit::json_patch::parse(patch_doc.root());     // checked once ...
//   if (auto failed = patch->apply(config)) {                       // ... applied all or nothing
//     std::puts(jsonjit::to_string(failed).c_str());  // operation 2 (remove /tags/7): at $.tags: ...
//   }
//   jsonjit::json_patch d = jsonjit::diff(before, after);          // d.apply(before) gives after
//   jsonjit::merge_patch(config, overrides);                        // RFC 7396
//   auto m = jsonjit::merge_diff(before, after);                    // merge_patch(before, *m) == after
//
// A patch applies to a node in place and atomically: where an operation fails (a `test` that
// does not hold, a path that is not there, an index out of range), the operations before it
// are undone from a log of what they took out (values are moved, not copied), and the node is
// as it was. Nothing recurses: values may nest as deep as memory allows.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <jsonjit/detail/export.hpp>
#include <jsonjit/document.hpp>
#include <jsonjit/error.hpp>
#include <jsonjit/node.hpp>
#include <jsonjit/pointer.hpp>
#include <jsonjit/writer.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

enum class patch_op : std::uint8_t { add, remove, replace, move, copy, test };

/// "add", "remove", ...
std::string_view to_string(patch_op op) noexcept;

/// One operation of a patch.
struct patch_operation {
  patch_op op = patch_op::add;
  json_pointer path;
  json_pointer from;  ///< move and copy
  node value;         ///< add, replace and test

  friend bool operator==(const patch_operation&, const patch_operation&) = default;
};

/// Why a patch could not be read or applied.
struct patch_error {
  error_code code = error_code::none;
  /// The operation's index in the patch.
  std::size_t operation = 0;
  /// The operation's kind ("add", ...), where it has a valid one.
  std::string op;
  /// The pointer that failed (the operation's path or from), where one did.
  std::string pointer;
  /// What the code alone does not say: the step that failed ("at $.tags: index 7"), the
  /// member an operation object lacks, the value a test found.
  std::string detail;

  explicit operator bool() const noexcept { return code != error_code::none; }
};

/// "operation 2 (remove /tags/7): the index is past the end of the array: at $.tags, "7"".
std::string to_string(const patch_error& error);

class json_patch {
 public:
  json_patch() = default;
  explicit json_patch(std::vector<patch_operation> operations) noexcept : operations_(std::move(operations)) {}

  /// Reads a patch document: an array of operation objects, each with "op" and "path" (and
  /// "from" for move and copy, "value" for add, replace and test; other members are
  /// ignored). An operation object that repeats one of these members is refused, as is a
  /// pointer that is not one (invalid_pointer) or a move into its own child. Errors are
  /// invalid_patch (or invalid_pointer) with the operation's index and the detail.
  static result<json_patch, patch_error> parse(const element& patch);
  static result<json_patch, patch_error> parse(const node& patch);

  /// Applies the operations in order to `target`, all or nothing: an empty error, or the
  /// first failure with `target` unchanged. The second form moves the values out of the
  /// patch instead of copying them (the patch is left empty).
  patch_error apply(node& target) const&;
  patch_error apply(node& target) &&;

  const std::vector<patch_operation>& operations() const noexcept { return operations_; }
  std::size_t size() const noexcept { return operations_.size(); }
  bool empty() const noexcept { return operations_.empty(); }
  void push_back(patch_operation operation) { operations_.push_back(std::move(operation)); }

  /// The patch document (an array of operation objects).
  node to_node() const;
  void write(writer& w) const;
  result<std::string> to_json(const writer_options& options = {}) const;

  friend bool operator==(const json_patch&, const json_patch&) = default;

 private:
  template <class Source>
  static result<json_patch, patch_error> read(const Source& patch);
  template <bool move_values>
  patch_error apply_operations(node& target);

  std::vector<patch_operation> operations_;
};

/// Parses `patch` and applies it (json_patch::parse, then apply).
patch_error apply_patch(node& target, const node& patch);

/// A patch that turns `from` into `to`: `diff(a, b).apply(a)` makes `a` equal to `b` (by
/// operator==). Members that differ are replaced or recursed into, members only in one are
/// removed or added. Arrays are aligned: equal elements stay where others were inserted or
/// removed around them (a longest common subsequence, up to 1,000 changes per array; beyond,
/// by position), and elements alike (the same type; objects sharing at least half their
/// names) are compared as one value changed. A value of another type is replaced whole.
/// Elements are matched by their beginnings (an array's first 32 values, an object's names and
/// scalar members), so an array of large values costs about one comparison of its elements:
/// elements that begin alike and differ further in are matched and patched inside.
json_patch diff(const node& from, const node& to);

/// Applies a JSON Merge Patch (RFC 7396): an object patch sets its members in `target`
/// (recursively into objects), null members remove; any other patch replaces `target`.
void merge_patch(node& target, const node& patch);

/// The merge patch that turns `from` into `to` (merge_patch(from, m) makes it equal to `to`),
/// smallest per member: only members that differ. Fails with null_in_merge_patch (its path
/// naming where) where `to` holds a member whose value is null and the patch would have to
/// carry it: in a merge patch, null removes.
result<node, parse_error> merge_diff(const node& from, const node& to);

}  // namespace jsonjit
JSONJIT_EXPORT_END
