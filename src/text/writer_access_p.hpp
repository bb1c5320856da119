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
  /// For a value a converter writes with a writer of its own (so that what it wrote can be
  /// checked): writes `w`'s separator and indentation for the next value; false after an error.
  static bool begin_nested_value(writer& w) {
    char* p = w.begin_value(0);
    if (p == nullptr) return false;
    w.out_.advance_to(p);
    return true;
  }
  /// The options of the writer for that value: `w`'s, nesting only as deep as `w` still may.
  static writer_options nested_options(const writer& w) noexcept {
    writer_options o = w.options_;
    o.max_depth = static_cast<int>(w.max_depth_ - w.depth_);
    return o;
  }
  /// Containers open around that value (for nest()).
  static int nesting(const writer& w) noexcept { return static_cast<int>(w.indent_base_ + w.depth_); }
  /// The value was written (up to the output's position): `w` goes on after it.
  static void end_nested_value(writer& w) noexcept { w.end_value(w.out_.pos()); }
  /// The output the writer writes to.
  static output& output_of(writer& w) noexcept { return w.out_; }
  /// Whether the object continue_object opened has members now.
  static bool has_members(const writer& w) noexcept { return w.last_ == writer::last::value; }
};

}  // namespace jsonjit::detail
