#include <jsonjit/serializer_options.hpp>

#include <cstdlib>
#include <mutex>
#if defined(__cpp_exceptions)
#include <stdexcept>
#endif

#include "model/type_info_p.hpp"

namespace jsonjit {

serializer_options::serializer_options(const serializer_options& other)
    : indented_(other.indented_),
      indent_char_(other.indent_char_),
      indent_size_(other.indent_size_),
      newline_(other.newline_),
      escaping_(other.escaping_),
      ignore_(other.ignore_),
      naming_(other.naming_),
      key_naming_(other.key_naming_),
      case_insensitive_(other.case_insensitive_),
      numbers_(other.numbers_),
      enums_as_strings_(other.enums_as_strings_),
      unmapped_(other.unmapped_),
      duplicates_(other.duplicates_),
      skip_comments_(other.skip_comments_),
      trailing_commas_(other.trailing_commas_),
      max_depth_(other.max_depth_),
      engine_(other.engine_),
      converters_(other.converters_) {}

serializer_options& serializer_options::operator=(const serializer_options& other) {
  if (this != &other) {
    check_not_frozen();
    serializer_options copy(other);
    indented_ = copy.indented_;
    indent_char_ = copy.indent_char_;
    indent_size_ = copy.indent_size_;
    newline_ = copy.newline_;
    escaping_ = copy.escaping_;
    ignore_ = copy.ignore_;
    naming_ = copy.naming_;
    key_naming_ = copy.key_naming_;
    case_insensitive_ = copy.case_insensitive_;
    numbers_ = copy.numbers_;
    enums_as_strings_ = copy.enums_as_strings_;
    unmapped_ = copy.unmapped_;
    duplicates_ = copy.duplicates_;
    skip_comments_ = copy.skip_comments_;
    trailing_commas_ = copy.trailing_commas_;
    max_depth_ = copy.max_depth_;
    engine_ = copy.engine_;
    converters_ = std::move(copy.converters_);
  }
  return *this;
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

namespace {
std::mutex& freeze_mutex() {
  static std::mutex m;
  return m;
}
}  // namespace

detail::options_context& serializer_options::context() const {
  detail::options_context* c = context_.load(std::memory_order_acquire);
  if (c != nullptr) return *c;
  std::lock_guard lock(freeze_mutex());
  c = context_.load(std::memory_order_relaxed);
  if (c == nullptr) {
    c = new detail::options_context(*this);
    context_.store(c, std::memory_order_release);
  }
  return *c;
}

void serializer_options::freeze() const { (void)context(); }

writer_options serializer_options::writer_settings() const noexcept {
  writer_options w;
  w.indented = indented_;
  w.indent_char = indent_char_;
  w.indent_size = indent_size_;
  w.line_ending = newline_;
  w.escaping = escaping_;
  w.allow_named_float_literals = has_flag(numbers_, number_handling::allow_named_float_literals);
  w.max_depth = max_depth_;
  return w;
}

const serializer_options& serializer_options::defaults() {
  static const serializer_options options = [] {
    serializer_options o;
    return o;
  }();
  options.freeze();
  return options;
}

}  // namespace jsonjit
