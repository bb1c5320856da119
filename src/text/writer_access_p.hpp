// What the JIT's helpers do to a writer that the public interface does not offer: start it
// inside a document that generated code is writing, so that the values (or members) it writes
// there come out exactly as one writer writing the whole document would write them —
// indentation included. Private to the library.
#pragma once

#include <jsonjit/writer.hpp>

namespace jsonjit::detail {

struct writer_access {
  /// `w` is new, and its one top-level value goes where `depth` objects and arrays are open
  /// (after a property name or a separator generated code wrote): it indents as one level
  /// deeper than its own nesting says.
  static void nest(writer& w, int depth) noexcept { w.indent_base_ = static_cast<std::uint32_t>(depth); }

  /// `w` is new, and writes members of an object generated code has opened, the `depth`th
  /// container open, which has members before them if `has_members`: as if it had started
  /// that object itself and written those members. Its options' max_depth counts from the
  /// object.
  static void continue_object(writer& w, int depth, bool has_members) noexcept {
    w.indent_base_ = static_cast<std::uint32_t>(depth - 1);
    // What start_container leaves behind, without the brace.
    w.containers_.set(0, true);
    w.depth_ = 1;
    w.last_ = writer::last::opened;
    w.enter_context();
    w.value_separator_ = static_cast<std::uint8_t>(writer::general | w.force_general_);
    w.name_separator_ = static_cast<std::uint8_t>(writer::nothing | w.force_general_);
    if (has_members) w.end_value(w.out_.pos());
  }
  /// The output the writer writes to.
  static output& output_of(writer& w) noexcept { return w.out_; }
  /// Whether the object continue_object opened has members now.
  static bool has_members(const writer& w) noexcept { return w.last_ == writer::last::value; }
};

}  // namespace jsonjit::detail
