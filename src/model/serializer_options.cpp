#include <jsonjit/serializer_options.hpp>

#include <cstdlib>
#include <cstring>
#if defined(__cpp_exceptions)
#include <stdexcept>
#endif

#include "model/type_info_p.hpp"

namespace jsonjit {

engine detail::default_engine() noexcept {
  static const engine chosen = [] {
    const char* v = std::getenv("JSONJIT_ENGINE");
    if (v != nullptr && std::strcmp(v, "interpreter") == 0) return engine::interpreter;
    if (v != nullptr && std::strcmp(v, "jit") == 0) return engine::jit;
    return engine::automatic;
  }();
  return chosen;
}

serializer_options::~serializer_options() { delete context_.load(std::memory_order_acquire); }

void serializer_options::check_not_frozen() const {
  if (!frozen()) return;
#if defined(__cpp_exceptions)
  throw std::logic_error("jsonjit::serializer_options cannot change once used (they are frozen)");
#else
  std::abort();
#endif
}

void serializer_options::invalid_argument(const char* what) {
#if defined(__cpp_exceptions)
  throw std::invalid_argument(std::string("jsonjit::serializer_options: ") + what);
#else
  (void)what;
  std::abort();
#endif
}

detail::options_context& serializer_options::make_context() const {
  detail::options_context* c = nullptr;
  // First use, perhaps from several threads at once: one context wins, the others are dropped.
  auto* made = new detail::options_context(*this);
  if (context_.compare_exchange_strong(c, made, std::memory_order_acq_rel, std::memory_order_acquire)) return *made;
  delete made;
  return *c;
}

void serializer_options::freeze() const { (void)context(); }

writer_options serializer_options::writer_settings() const noexcept {
  writer_options w;
  w.indented = s_.indented;
  w.indent_char = s_.indent_char;
  w.indent_size = s_.indent_size;
  w.line_ending = s_.newline;
  w.escaping = s_.escaping;
  w.allow_named_float_literals = has_flag(s_.numbers, number_handling::allow_named_float_literals);
  w.max_depth = s_.max_depth;
  return w;
}

reader_options serializer_options::reader_settings() const noexcept {
  reader_options r;
  r.comments = s_.skip_comments ? comment_handling::skip : comment_handling::disallow;
  r.allow_trailing_commas = s_.trailing_commas;
  r.max_depth = s_.max_depth;
  return r;
}

}  // namespace jsonjit
