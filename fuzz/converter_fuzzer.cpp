// Fuzz target for converters that misbehave: the input is a script that a converter's write()
// and read() follow (write nothing, one value, two, an object left open, a name without a
// value, ...; read too few or too many tokens), used for values alone, in arrays, as map
// values and as members beside others, on both engines. Checks: never a crash; serializing
// either fails or gives JSON that parses (a converter that wrote a wrong amount is
// converter_value_incomplete, never invalid JSON reported as success); both engines give the
// same bytes or the same error code, on writing and on reading.
#include <jsonjit/jsonjit.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "property.hpp"

namespace {

using namespace jsonjit;

/// The script of the current input (one fuzz input at a time).
std::string_view script;

struct widget {
  int id = 0;
};

struct scripted_converter {
  using value_type = widget;
  void write(writer& out, const widget& w, const serializer_options&) const {
    for (const char step : script.substr(0, 8)) {
      switch (step % 9) {
        case 0: return;
        case 1: out.number_value(std::int64_t{w.id}); break;
        case 2: out.start_object(); break;
        case 3: out.end_object(); break;
        case 4: out.start_array(); break;
        case 5: out.end_array(); break;
        case 6: out.property_name("k"); break;
        case 7: out.string_value("s"); break;
        default: out.null_value(); break;
      }
    }
  }
  error_code read(reader& in, widget& w, const serializer_options&) const {
    const int extra = script.size() > 8 ? script[8] % 4 : 0;
    w.id = static_cast<int>(script.size());
    for (int i = 0; i < extra; ++i) {
      if (!in.read()) return in.error().code;
    }
    return error_code::none;
  }
};

struct holder {
  widget w;
  int after = 7;
  std::vector<widget> list;
};

std::string outcome(const result<std::string, parse_error>& r) {
  return r ? "ok " + *r : "error " + std::to_string(static_cast<int>(r.error().info.code));
}

template <class T>
void check_write(const T& value) {
  std::string first;
  for (const engine e : {engine::interpreter, engine::automatic}) {
    serializer_options options;
    options.engine(e).add_converter<scripted_converter>();
    const result<std::string, parse_error> r = try_serialize(value, options);
    if (r && !document::parse(*r)) fuzz::fail("a converter's misstep was written as success", *r);
    if (e == engine::interpreter) {
      first = outcome(r);
    } else if (outcome(r) != first) {
      fuzz::fail("the engines disagree on writing", first + "\n---\n" + outcome(r));
    }
  }
}

template <class T>
void check_read(std::string_view json) {
  std::string first;
  for (const engine e : {engine::interpreter, engine::automatic}) {
    serializer_options options;
    options.engine(e).add_converter<scripted_converter>();
    const result<T, parse_error> r = try_deserialize<T>(json, options);
    const std::string o = r ? "ok" : "error " + std::to_string(static_cast<int>(r.error().info.code)) + " " + r.error().path;
    if (e == engine::interpreter) {
      first = o;
    } else if (o != first) {
      fuzz::fail("the engines disagree on reading", std::string(json) + "\n" + first + "\n---\n" + o);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 64) return 0;
  script = std::string_view(reinterpret_cast<const char*>(data), size);
  check_write(widget{3});
  check_write(std::vector<widget>(3));
  check_write(std::map<std::string, widget>{{"a", {}}, {"b", {}}});
  check_write(holder{{1}, 2, {{}, {}}});
  check_read<holder>(R"({"w":{"x":[1,2]},"after":5,"list":[1,[2],{"a":3}]})");
  check_read<std::vector<widget>>(R"([1,{"a":[]},"s",null])");
  return 0;
}
