// Options of the typed serializer: System.Text.Json's JsonSerializerOptions.
//
//   jsonjit::serializer_options options;
//   options.naming(jsonjit::naming_policy::camel_case).write_indented(true);
//   std::string json = jsonjit::serialize(value, options);   // options are frozen from here on
//
// Options are frozen the first time they are used: the engines prepare each type once per
// options object (names encoded, policies applied, code compiled) and keep it, so a change
// afterwards could not take effect. Changing frozen options throws std::logic_error (aborts
// without exceptions). A copy is a new, unfrozen options object with the same settings.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <jsonjit/converter.hpp>
#include <jsonjit/detail/export.hpp>
#include <jsonjit/engine.hpp>
#include <jsonjit/reader.hpp>
#include <jsonjit/type_model.hpp>
#include <jsonjit/writer.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

/// How declared property names become JSON names (STJ's JsonNamingPolicy).
enum class naming_policy : std::uint8_t {
  none,              ///< as declared
  camel_case,        ///< `URLValue` -> `urlValue`, `FirstName` -> `firstName`
  snake_case_lower,  ///< `FirstName` -> `first_name`
  snake_case_upper,  ///< `FirstName` -> `FIRST_NAME`
  kebab_case_lower,  ///< `FirstName` -> `first-name`
  kebab_case_upper,  ///< `FirstName` -> `FIRST-NAME`
};

/// `name` under `policy`, by System.Text.Json's exact algorithms.
std::string apply_naming_policy(naming_policy policy, std::string_view name);

/// When properties are left out of the output by default (STJ JsonIgnoreCondition).
enum class default_ignore : std::uint8_t { never, when_writing_null, when_writing_default };

/// Number handling flags (STJ JsonNumberHandling); combine with |.
enum class number_handling : std::uint8_t {
  strict = 0,
  allow_reading_from_string = 1,   ///< (non-standard) "12" reads as a number too
  write_as_string = 2,             ///< numbers are written quoted: "12"
  allow_named_float_literals = 4,  ///< (non-standard) "NaN", "Infinity", "-Infinity" for floats
};
constexpr number_handling operator|(number_handling a, number_handling b) noexcept {
  return static_cast<number_handling>(static_cast<std::uint8_t>(a) | static_cast<std::uint8_t>(b));
}
constexpr bool has_flag(number_handling set, number_handling flag) noexcept {
  return (static_cast<std::uint8_t>(set) & static_cast<std::uint8_t>(flag)) != 0;
}

/// What reading does with JSON properties the type does not have.
enum class unmapped_members : std::uint8_t { skip, disallow };

/// What reading does when an object names a property twice.
enum class duplicate_members : std::uint8_t { last_wins, reject };

namespace detail {
class options_context;
}

class serializer_options {
 public:
  serializer_options() = default;
  serializer_options(const serializer_options& other) : s_(other.s_) {}
  serializer_options& operator=(const serializer_options& other) {
    if (this != &other) {
      check_not_frozen();
      s_ = other.s_;
    }
    return *this;
  }
  ~serializer_options();

  // Writing.
  bool write_indented() const noexcept { return s_.indented; }
  serializer_options& write_indented(bool on) { return set(s_.indented, on); }
  /// ' ' or '\t' (as System.Text.Json's IndentCharacter); any other character throws
  /// std::invalid_argument (aborts without exceptions): it would make the output invalid JSON.
  char indent_char() const noexcept { return s_.indent_char; }
  serializer_options& indent_char(char c) {
    if (c != ' ' && c != '\t') invalid_argument("indent_char must be ' ' or '\\t'");
    return set(s_.indent_char, c);
  }
  /// 0 to 127 characters per level (as System.Text.Json's IndentSize); more throws
  /// std::invalid_argument.
  std::uint8_t indent_size() const noexcept { return s_.indent_size; }
  serializer_options& indent_size(std::uint8_t size) {
    if (size > 127) invalid_argument("indent_size must be at most 127");
    return set(s_.indent_size, size);
  }
  jsonjit::newline newline() const noexcept { return s_.newline; }
  serializer_options& newline(jsonjit::newline n) { return set(s_.newline, n); }
  /// STJ's default encoder (html_safe) or only what JSON requires (relaxed).
  escape_mode escaping() const noexcept { return s_.escaping; }
  serializer_options& escaping(escape_mode mode) { return set(s_.escaping, mode); }
  jsonjit::default_ignore default_ignore() const noexcept { return s_.ignore; }
  serializer_options& default_ignore(jsonjit::default_ignore condition) { return set(s_.ignore, condition); }

  // Names.
  naming_policy naming() const noexcept { return s_.naming; }
  serializer_options& naming(naming_policy policy) { return set(s_.naming, policy); }
  /// Map keys (dictionary keys in STJ) get their own policy; none by default.
  naming_policy key_naming() const noexcept { return s_.key_naming; }
  serializer_options& key_naming(naming_policy policy) { return set(s_.key_naming, policy); }
  bool case_insensitive_names() const noexcept { return s_.case_insensitive; }
  serializer_options& case_insensitive_names(bool on) { return set(s_.case_insensitive, on); }

  // Values.
  number_handling numbers() const noexcept { return s_.numbers; }
  serializer_options& numbers(number_handling handling) { return set(s_.numbers, handling); }
  /// Enumerations as their names (as STJ's JsonStringEnumConverter) instead of numbers.
  bool enums_as_strings() const noexcept { return s_.enums_as_strings; }
  serializer_options& enums_as_strings(bool on) { return set(s_.enums_as_strings, on); }

  // Reading.
  unmapped_members unmapped() const noexcept { return s_.unmapped; }
  serializer_options& unmapped(unmapped_members handling) { return set(s_.unmapped, handling); }
  duplicate_members duplicates() const noexcept { return s_.duplicates; }
  serializer_options& duplicates(duplicate_members handling) { return set(s_.duplicates, handling); }
  /// (non-standard) Comments are skipped as whitespace.
  bool skip_comments() const noexcept { return s_.skip_comments; }
  serializer_options& skip_comments(bool on) { return set(s_.skip_comments, on); }
  /// (non-standard) One comma may follow the last member or element.
  bool allow_trailing_commas() const noexcept { return s_.trailing_commas; }
  serializer_options& allow_trailing_commas(bool on) { return set(s_.trailing_commas, on); }
  /// Objects and arrays may nest this deep, reading and writing (STJ's default: 64).
  int max_depth() const noexcept { return s_.max_depth; }
  serializer_options& max_depth(int depth) { return set(s_.max_depth, depth < 1 ? 1 : depth); }

  jsonjit::engine engine() const noexcept { return s_.engine; }
  serializer_options& engine(jsonjit::engine e) { return set(s_.engine, e); }
  /// Receives the annotated assembly listing of each function the JIT compiles for these
  /// options (type and property names in comments, address and size in the header). The
  /// environment variable JSONJIT_DUMP=1 prints every listing to stderr instead
  /// (JSONJIT_DUMP=path appends them to that file).
  using listing_sink = std::function<void(std::string_view listing)>;
  const listing_sink& jit_dump() const noexcept { return s_.jit_dump; }
  serializer_options& jit_dump(listing_sink sink) {
    check_not_frozen();
    s_.jit_dump = std::move(sink);
    return *this;
  }

  /// Uses `converter` (see meta.hpp) wherever its value_type appears, in place of the type's
  /// own description. The options keep a copy.
  template <class Converter>
  serializer_options& add_converter(Converter converter = {}) {
    check_not_frozen();
    auto object = std::make_shared<const Converter>(std::move(converter));
    converter_descriptor calls = detail::converter_calls<Converter>(object.get());
    s_.converters.push_back({detail::type_key<typename Converter::value_type>, calls, std::move(object)});
    return *this;
  }

  /// True once the options have been used (or freeze() was called); then they cannot change.
  bool frozen() const noexcept { return context_.load(std::memory_order_acquire) != nullptr; }
  /// Freezes now (also done by the first use). Thread-safe with concurrent uses.
  void freeze() const;

  /// The writer settings these options imply.
  writer_options writer_settings() const noexcept;
  /// The reader settings these options imply (comments, trailing commas, max_depth).
  reader_options reader_settings() const noexcept;

  /// The process-wide default options (const: they never change). Inline: every call that
  /// takes the default argument evaluates it.
  static const serializer_options& defaults() {
    static const serializer_options options;
    return options;  // frozen by its first use, like any other
  }

  /// Engines' state for these options (types prepared so far, ...). Freezes. Inline: it is
  /// on the path of every call, and after the first use it is one load.
  detail::options_context& context() const {
    if (detail::options_context* c = context_.load(std::memory_order_acquire)) [[likely]]
      return *c;
    return make_context();
  }

  struct registered_converter {
    const void* type_key;
    converter_descriptor calls;
    std::shared_ptr<const void> object;
  };
  /// Converters added with add_converter, latest last.
  const std::vector<registered_converter>& converters() const noexcept { return s_.converters; }

 private:
  template <class T, class V>
  serializer_options& set(T& field, V value) {
    check_not_frozen();
    field = static_cast<T>(value);
    return *this;
  }
  void check_not_frozen() const;
  [[noreturn]] static void invalid_argument(const char* what);

  // Everything a copy copies (the engines' state is not copied: a copy starts unfrozen).
  struct settings {
    bool indented = false;
    char indent_char = ' ';
    std::uint8_t indent_size = 2;
    jsonjit::newline newline = jsonjit::newline::lf;
    escape_mode escaping = escape_mode::html_safe;
    jsonjit::default_ignore ignore = jsonjit::default_ignore::never;
    naming_policy naming = naming_policy::none;
    naming_policy key_naming = naming_policy::none;
    bool case_insensitive = false;
    number_handling numbers = number_handling::strict;
    bool enums_as_strings = false;
    unmapped_members unmapped = unmapped_members::skip;
    duplicate_members duplicates = duplicate_members::last_wins;
    bool skip_comments = false;
    bool trailing_commas = false;
    int max_depth = 64;
    jsonjit::engine engine = detail::default_engine();
    listing_sink jit_dump;
    std::vector<registered_converter> converters;
  } s_;
  detail::options_context& make_context() const;
  mutable std::atomic<detail::options_context*> context_{nullptr};
};

}  // namespace jsonjit
JSONJIT_EXPORT_END
