// Fuzz target for typed deserialization. The first byte picks the target type (low three
// bits), the ignore condition for writing (the next two) and whether to stream (the next),
// the second the other options; the rest is the JSON. Checks properties, not just the absence of crashes:
//  - any input gives a value or an error with a code, a position inside the input and a path;
//  - an accepted input is valid JSON (the reader accepts it with the same options);
//  - what is read writes out, reads back and writes out again to the same bytes;
//  - the JIT and the interpreter read it alike (value, or error code, position, path, name)
//    and write it alike (bytes, or error code and path);
//  - streaming: pieces of random sizes read as the whole text does, write_some through
//    buffers of random sizes writes the same bytes.
#include <jsonjit/jsonjit.hpp>
#include <jsonjit/stream.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>

#include "dotnet_models.hpp"
#include "property.hpp"

namespace fuzz_types {

enum class level : std::int8_t { low = -1, mid, high };

struct Mixed {
  bool b = false;
  std::int8_t i8 = 0;
  std::uint16_t u16 = 0;
  std::int64_t i64 = 0;
  std::uint64_t u64 = 0;
  float f = 0;
  double d = 0;
  char c = 'a';
  std::string s;
  std::optional<std::string> maybe;
  std::unique_ptr<Mixed> next;
  std::vector<std::int32_t> ints;
  std::array<double, 2> pair_of{};
  std::list<std::string> names;
  std::set<std::int32_t> unique;
  std::map<std::string, std::vector<bool>> by_name;
  std::unordered_map<std::int64_t, std::string> by_number;
  std::map<level, int> by_level;
  std::tuple<int, std::string> tuple;
  std::vector<std::uint8_t> bytes;
  std::variant<std::int64_t, std::string, std::vector<int>> either;
  level lvl = level::mid;
  jsonjit::uuid id;
};

/// No default constructor: built by its meta constructor.
struct Priced {
  Priced(std::int64_t c, std::string cur) : cents(c), currency(std::move(cur)) {}
  std::int64_t cents;
  std::string currency;
  std::string note;
};

/// The library's own value types: times, free-form nodes, extension data, constructed objects.
struct Timely {
  std::chrono::sys_time<std::chrono::milliseconds> at{};
  std::chrono::seconds span{};
  std::optional<std::chrono::year_month_day> day;
  std::map<std::chrono::sys_seconds, int> by_time;
  jsonjit::node any;
  std::vector<Priced> prices;
  std::optional<Priced> best;
  std::map<std::string, jsonjit::node> rest;
};

/// What the JIT compiles (booleans, integers, strings, nested objects): written by both
/// engines and compared.
struct Plain {
  std::string name;
  std::int8_t i8 = 0;
  std::uint16_t u16 = 0;
  std::int32_t i32 = 0;
  std::uint64_t u64 = 0;
  bool flag = false;
};
/// Read through its constructor (which orders the two numbers), the label moved in after.
struct Span {
  Span() = default;
  Span(int from, int to) : first(from), last(std::max(from, to)) {}
  int first = 0;
  int last = 0;
  std::string label;
};
struct Compiled {
  Plain first;
  std::string note;
  std::int64_t i64 = 0;
  Plain second;
  Span span;
  std::vector<Span> spans;
};

}  // namespace fuzz_types

template <>
struct jsonjit::meta<fuzz_types::Priced> {
  using T = fuzz_types::Priced;
  static constexpr auto properties = jsonjit::properties(
      jsonjit::property("cents", &T::cents), jsonjit::property("currency", &T::currency), jsonjit::property("note", &T::note));
  static constexpr auto constructor = jsonjit::constructor<std::int64_t, std::string>("cents", "currency");
};
template <>
struct jsonjit::meta<fuzz_types::Span> {
  using T = fuzz_types::Span;
  static constexpr auto properties =
      jsonjit::properties(jsonjit::property("first", &T::first), jsonjit::property("last", &T::last),
                          jsonjit::property("label", &T::label));
  static constexpr auto constructor = jsonjit::constructor<int, int>("first", "last");
};
template <>
struct jsonjit::meta<fuzz_types::Timely> {
  using T = fuzz_types::Timely;
  static constexpr auto properties = jsonjit::properties(
      jsonjit::property("at", &T::at), jsonjit::property("span", &T::span), jsonjit::property("day", &T::day),
      jsonjit::property("by_time", &T::by_time), jsonjit::property("any", &T::any),
      jsonjit::property("prices", &T::prices), jsonjit::property("best", &T::best),
      jsonjit::property("rest", &T::rest).extension_data());
};
template <>
struct jsonjit::meta<fuzz_types::level> {
  static constexpr auto enumerators = jsonjit::enumerators<fuzz_types::level>(
      {{fuzz_types::level::low, "Low"}, {fuzz_types::level::mid, "Mid"}, {fuzz_types::level::high, "High"}});
};

namespace {

using jsonjit::fuzz::fail;

jsonjit::serializer_options make_options(std::uint8_t flags) {
  jsonjit::serializer_options o;
  o.case_insensitive_names((flags & 1) != 0);
  o.unmapped((flags & 2) != 0 ? jsonjit::unmapped_members::disallow : jsonjit::unmapped_members::skip);
  o.duplicates((flags & 4) != 0 ? jsonjit::duplicate_members::reject : jsonjit::duplicate_members::last_wins);
  o.numbers((flags & 8) != 0 ? jsonjit::number_handling::allow_reading_from_string |
                                   jsonjit::number_handling::write_as_string |
                                   jsonjit::number_handling::allow_named_float_literals
                             : jsonjit::number_handling::strict);
  o.enums_as_strings((flags & 16) != 0);
  o.skip_comments((flags & 32) != 0).allow_trailing_commas((flags & 32) != 0);
  o.naming((flags & 64) != 0 ? jsonjit::naming_policy::snake_case_lower : jsonjit::naming_policy::none);
  o.write_indented((flags & 128) != 0);
  o.max_depth(32);
  return o;
}

/// One option set under each engine (each its own object: the engines keep their compiled
/// code per options object, so these are compiled once, not per input).
struct option_set {
  jsonjit::serializer_options automatic, jit, interpreter;
};

/// The same error (code, position, path, name) from both engines, or fail.
void same_error(const jsonjit::parse_error& jit, const jsonjit::parse_error& interpreter, const char* what) {
  if (jit.info.code != interpreter.info.code || jit.info.offset != interpreter.info.offset ||
      jit.info.line != interpreter.info.line || jit.info.column != interpreter.info.column ||
      jit.path != interpreter.path || jit.name != interpreter.name) {
    fail(what, jsonjit::to_string(jit) + "\n" + jsonjit::to_string(interpreter));
  }
}

/// Sizes of pieces or buffers from 1 byte to a few hundred, drawn from `seed` (so an input
/// always replays the same cuts).
class cut_sizes {
 public:
  explicit cut_sizes(std::uint64_t seed) : state_(seed | 1) {}
  std::size_t next() {
    state_ ^= state_ << 13;
    state_ ^= state_ >> 7;
    state_ ^= state_ << 17;
    return 1 + (state_ % 8 == 0 ? state_ % 4096 : state_ % 64);
  }

 private:
  std::uint64_t state_;
};

/// Streaming reads and writes what the whole-text functions do: deserializer<T> fed pieces of
/// random sizes gives the same value or the same error, serializer::write_some through
/// buffers of random sizes the same bytes or the same error.
template <class T>
void check_streaming(std::string_view json, const jsonjit::serializer_options& options,
                     const jsonjit::parse_error& whole_error, const T& whole_value) {
  cut_sizes sizes(std::hash<std::string_view>{}(json));
  jsonjit::deserializer<T> d(options);
  jsonjit::parse_error e;
  for (std::size_t at = 0; at < json.size() && !e;) {
    const std::size_t n = std::min(sizes.next(), json.size() - at);
    e = d.write(json.substr(at, n));
    at += n;
  }
  if (!e) e = d.finish();
  same_error(e, whole_error, "pieces read differently from the whole text");
  if (e) return;
  const T streamed = d.release();
  std::string a, b;
  const jsonjit::parse_error write_error = jsonjit::serialize_to(whole_value, a, options);
  if (jsonjit::serialize_to(streamed, b, options).info.code != write_error.info.code || a != b) {
    fail("pieces read a different value", a + "\n" + b);
  }
  jsonjit::serializer s(whole_value, options);
  std::string written;
  char buffer[4096];
  while (!s.done()) written.append(buffer, s.write_some(std::span<char>(buffer, sizes.next())));
  if (s.error().info.code != write_error.info.code || s.error().path != write_error.path) {
    fail("write_some failed differently", jsonjit::to_string(s.error()) + "\n" + jsonjit::to_string(write_error));
  }
  if (!write_error && written != a) fail("write_some wrote different bytes", written + "\n" + a);
}

template <class T>
void check(std::string_view json, const option_set& set, bool streaming) {
  const jsonjit::serializer_options& options = set.automatic;
  T value{};
  const jsonjit::parse_error error = jsonjit::deserialize_into(value, json, options);
  if (streaming) check_streaming(json, options, error, value);

  // Both engines read the same value, or fail alike, wherever the JIT compiles the type.
  T by_jit_reader{};
  if (const jsonjit::parse_error e = jsonjit::deserialize_into(by_jit_reader, json, set.jit);
      e.info.code != jsonjit::error_code::not_compiled) {
    T by_interpreter_reader{};
    same_error(e, jsonjit::deserialize_into(by_interpreter_reader, json, set.interpreter), "the engines read differently");
    std::string a, b;
    if (!e && (jsonjit::serialize_to(by_jit_reader, a, set.interpreter).info.code !=
                   jsonjit::serialize_to(by_interpreter_reader, b, set.interpreter).info.code ||
               a != b)) {
      fail("the engines read different values", a + "\n" + b);
    }
  }

  if (error) {
    if (error.info.offset > json.size()) fail("error position past the input", json);
    if (error.path.empty() || error.path[0] != '$') fail("error without a path", json);
    return;
  }
  jsonjit::reader r(json, options.reader_settings());
  while (r.read()) {
  }
  if (r.error()) fail("typed reading accepted what the reader rejects", json);

  // Both engines write the same bytes, or fail alike, wherever the JIT compiles the type.
  std::string by_jit, by_interpreter;
  const jsonjit::parse_error jit_error = jsonjit::serialize_to(value, by_jit, set.jit);
  const jsonjit::parse_error interpreter_error = jsonjit::serialize_to(value, by_interpreter, set.interpreter);
  if (jit_error.info.code != jsonjit::error_code::not_compiled) {
    if (jit_error.info.code != interpreter_error.info.code || jit_error.path != interpreter_error.path) {
      fail("the engines' errors differ", jsonjit::to_string(jit_error) + "\n" + jsonjit::to_string(interpreter_error));
    }
    if (!jit_error && by_jit != by_interpreter) fail("the engines wrote different bytes", by_jit + "\n" + by_interpreter);
  }

  std::string first;
  if (jsonjit::parse_error e = jsonjit::serialize_to(value, first, options)) {
    // Reading can accept what cannot be written back: NaN or infinity, and (only with quoted
    // numbers) nothing else.
    if (e.info.code != jsonjit::error_code::non_finite_number && e.info.code != jsonjit::error_code::invalid_utf8) {
      fail("a value read could not be written", jsonjit::to_string(e));
    }
    return;
  }
  T again{};
  if (jsonjit::parse_error e = jsonjit::deserialize_into(again, first, options)) {
    fail("written output does not read back", first + "\n" + jsonjit::to_string(e));
  }
  std::string second;
  if (jsonjit::serialize_to(again, second, options) || second != first) {
    fail("round trip changed the output", first + "\n" + second);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  // Made on first use: each set compiles its types only for the inputs that pick it.
  static std::array<std::unique_ptr<option_set>, 3 * 256> all_options;
  const std::uint8_t selector = data[0];
  const std::size_t ignore = (selector >> 3) % 4 == 3 ? 0 : (selector >> 3) % 4;
  std::unique_ptr<option_set>& slot = all_options[ignore * 256 + (size > 1 ? data[1] : 0)];
  if (slot == nullptr) {
    slot = std::make_unique<option_set>();
    slot->automatic = make_options(size > 1 ? data[1] : 0);
    slot->automatic.default_ignore(static_cast<jsonjit::default_ignore>(ignore));
    slot->jit = slot->interpreter = slot->automatic;
    slot->jit.engine(jsonjit::engine::jit);
    slot->interpreter.engine(jsonjit::engine::interpreter);
  }
  const option_set& options = *slot;
  const std::string_view json(reinterpret_cast<const char*>(data) + (size > 1 ? 2 : 1), size - (size > 1 ? 2 : 1));
  const bool streaming = (selector & 32) != 0;
  switch (selector % 8) {
    case 0: check<fuzz_types::Mixed>(json, options, streaming); break;
    case 1: check<models::IndexViewModel>(json, options, streaming); break;
    case 2: check<models::MyEventsListerViewModel>(json, options, streaming); break;
    case 3: check<models::CollectionsOfPrimitives>(json, options, streaming); break;
    case 4: check<models::TreeRecord>(json, options, streaming); break;
    case 5: check<std::vector<models::User>>(json, options, streaming); break;
    case 6: check<fuzz_types::Timely>(json, options, streaming); break;
    default: check<fuzz_types::Compiled>(json, options, streaming); break;
  }
  return 0;
}
