// compiled<T>: the front door's work done once — the resolved type and its compiled functions
// kept — so that a call is the engine's run and nothing before it.
#include <jsonjit/compiled.hpp>

#include "engines/jit/jit_p.hpp"
#include "model/type_info_p.hpp"
#include "serializer/front_door_p.hpp"
#include "serializer/resolved_p.hpp"

namespace jsonjit::detail {

compiled_type::compiled_type(const type_descriptor& type, const serializer_options& options) : options_(&options) {
  info_ = resolve(type, options, status_);
  if (info_ == nullptr || options.engine() == engine::interpreter) return;
  std::string_view write_why, read_why;
  write_ = jit::writer_for(*info_, write_why);
  read_ = jit::reader_for(*info_, read_why);
  if (write_ != nullptr && read_ != nullptr) return;
  status_ = refusal_report(write_ != nullptr, write_why, read_ != nullptr, read_why);
  if (options.engine() != engine::jit) return;  // automatic: the interpreter runs instead
  // The reasons live in the type's entries, as long as the options.
  if (write_ == nullptr) write_refusal_ = write_why;
  if (read_ == nullptr) read_refusal_ = read_why;
}

// One test on the way to compiled code; the rest only where there is none.
parse_error compiled_type::write(const void* value, std::string& out) const {
  if (write_ == nullptr) [[unlikely]] {
    if (info_ == nullptr) return status_;
    if (!write_refusal_.empty()) return not_compiled(write_refusal_);
  }
  return write_to_string(*info_, write_, value, out, *options_);
}

parse_error compiled_type::read(void* target, bool is_new, std::string_view json) const {
  if (read_ == nullptr) [[unlikely]] {
    if (info_ == nullptr) return status_;
    if (!read_refusal_.empty()) return not_compiled(read_refusal_);
  }
  return read_resolved(*info_, read_, target, is_new, json, *options_);
}

}  // namespace jsonjit::detail
