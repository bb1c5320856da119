// Fuzz target for compiling generated JSON Schemas: the input drives a generator of schemas
// that real fuzzing of schema text rarely reaches (deep nesting, long $ref chains, anchors and
// $ids that collide, dynamic references, huge and tiny numbers, patterns from a small regex
// alphabet, every applicator), then of instances for them. Checks:
//  - compiling either succeeds or fails with an error inside the schema text, never a crash,
//    hang or stack overflow (ASan's larger frames included);
//  - the automatic engine (native code where it compiles) and the interpreter give the same
//    verdict and the same errors on every instance, as text; a document (its numbers' text
//    kept) gets the same verdict;
//  - with engine::jit, compiling succeeds wherever the automatic engine compiled.
#include <jsonjit/document.hpp>
#include <jsonjit/schema.hpp>

#include <cstdint>
#include <string>
#include <string_view>

#include "property.hpp"

namespace {

using namespace jsonjit;

/// Reads choices from the fuzz input; zeros once it runs out.
class choices {
 public:
  choices(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  unsigned next(unsigned n) { return n == 0 ? 0 : (at_ < size_ ? data_[at_++] : 0u) % n; }
  bool more() const { return at_ < size_; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

constexpr std::string_view numbers[] = {"0", "1", "-1", "2.5", "1e400", "-1e400", "1e-400", "0.1",
                                        "9007199254740993", "1e308", "3", "1.0000000000000000001"};
constexpr std::string_view patterns[] = {"^a", "b$", "(a|b)*c", "[\\\\s\\\\S]", "\\\\d{2,3}", "(a{10}){10}", "\\\\p{L}+",
                                         "[^\\\\S]", "\\\\&", "x{", "(?=a)b", "\\\\1(a)", "[", "a**"};
constexpr std::string_view names[] = {"a", "b", "c", "$ref", "é", ""};
constexpr std::string_view types[] = {"\"null\"", "\"boolean\"", "\"object\"", "\"array\"", "\"number\"",
                                      "\"string\"", "\"integer\"", "[\"string\", \"null\"]", "\"objekt\""};

class generator {
 public:
  explicit generator(choices& c) : c_(c) {}

  std::string schema(int depth) {
    if (depth > 40 || !c_.more()) return c_.next(2) ? "true" : "{}";
    std::string s = "{";
    const unsigned keywords = 1 + c_.next(4);
    for (unsigned k = 0; k < keywords; ++k) {
      if (k > 0) s += ", ";
      s += keyword(depth);
    }
    return s + "}";
  }

  /// A chain of `length` definitions referring to each other, the root into the first.
  std::string chain(unsigned length) {
    std::string s = R"({"$ref": "#/$defs/d0", "$defs": {)";
    for (unsigned i = 0; i < length; ++i) {
      // The last link ends the chain, or (sometimes) closes it into a loop.
      const std::string next = i + 1 < length ? "d" + std::to_string(i + 1) : c_.next(4) == 0 ? "d0" : "end";
      s += "\"d" + std::to_string(i) + "\": {\"$ref\": \"#/$defs/" + next + "\", \"minimum\": " +
           std::string(numbers[c_.next(std::size(numbers))]) + "},";
    }
    return s + R"("end": {"type": "integer"}}})";
  }

  std::string instance(int depth) {
    switch (depth > 12 ? c_.next(5) : c_.next(8)) {
      case 0: return "null";
      case 1: return c_.next(2) ? "true" : "false";
      case 2: return std::string(numbers[c_.next(std::size(numbers))]);
      case 3: return "\"" + std::string(c_.next(2) ? "aab" : "c\\u00e9") + "\"";
      case 4: return "\"\"";
      case 5: {
        std::string a = "[";
        for (unsigned i = 0, n = c_.next(4); i < n; ++i) a += (i ? "," : "") + instance(depth + 1);
        return a + "]";
      }
      default: {
        std::string o = "{";
        for (unsigned i = 0, n = c_.next(4); i < n; ++i) {
          o += std::string(i ? "," : "") + "\"" + std::string(names[c_.next(std::size(names))]) + "\":" + instance(depth + 1);
        }
        return o + "}";
      }
    }
  }

 private:
  std::string keyword(int depth) {
    const auto sub = [&] { return schema(depth + 1); };
    const auto number = [&] { return std::string(numbers[c_.next(std::size(numbers))]); };
    const auto name = [&] { return "\"" + std::string(names[c_.next(std::size(names))]) + "\""; };
    switch (c_.next(24)) {
      case 0: return "\"type\": " + std::string(types[c_.next(std::size(types))]);
      case 1: return "\"minimum\": " + number();
      case 2: return "\"multipleOf\": " + number();
      case 3: return "\"maxLength\": " + std::to_string(c_.next(4));
      case 4: return "\"pattern\": \"" + std::string(patterns[c_.next(std::size(patterns))]) + "\"";
      case 5: return "\"properties\": {" + name() + ": " + sub() + "}";
      case 6: return "\"patternProperties\": {\"" + std::string(patterns[c_.next(std::size(patterns))]) + "\": " + sub() + "}";
      case 7: return "\"items\": " + sub();
      case 8: return "\"prefixItems\": [" + sub() + ", " + sub() + "]";
      case 9: return "\"allOf\": [" + sub() + ", " + sub() + "]";
      case 10: return "\"anyOf\": [" + sub() + ", " + sub() + "]";
      case 11: return "\"oneOf\": [" + sub() + ", " + sub() + "]";
      case 12: return "\"not\": " + sub();
      case 13: return "\"if\": " + sub() + ", \"then\": " + sub() + ", \"else\": " + sub();
      case 14: return "\"$ref\": \"#\"";
      case 15: return "\"$dynamicAnchor\": \"n\", \"$dynamicRef\": \"#n\"";
      case 16: return "\"$anchor\": \"a" + std::to_string(c_.next(2)) + "\"";
      case 17: return "\"$id\": \"urn:x" + std::to_string(c_.next(2)) + "\"";
      case 18: return "\"unevaluatedProperties\": " + sub();
      case 19: return "\"unevaluatedItems\": " + sub();
      case 20: return "\"contains\": " + sub() + ", \"minContains\": " + std::to_string(c_.next(3));
      case 21: return "\"enum\": [" + number() + ", " + instance(depth) + "]";
      case 22: return "\"dependentSchemas\": {" + name() + ": " + sub() + "}";
      default: return "\"$defs\": {\"d\": " + sub() + "}, \"additionalProperties\": {\"$ref\": \"#/$defs/d\"}";
    }
  }

  choices& c_;
};

std::string describe(const validation& v) {
  std::string s = v.valid() ? "valid" : "invalid";
  for (const validation_error& e : v.errors()) s += "\n" + e.instance_location + " | " + e.keyword_location + " | " + e.message;
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  choices c(data, size);
  generator g(c);
  const std::string text = c.next(8) == 0 ? g.chain(1 + c.next(200) * c.next(20)) : g.schema(0);
  schema_options interpreted;
  interpreted.engine = engine::interpreter;
  interpreted.output = output_format::basic;
  schema_options automatic = interpreted;
  automatic.engine = engine::automatic;
  const result<schema, parse_error> by_interpreter = schema::compile(text, interpreted);
  const result<schema, parse_error> by_default = schema::compile(text, automatic);
  if (static_cast<bool>(by_interpreter) != static_cast<bool>(by_default)) fuzz::fail("the engines disagree on compiling", text);
  if (!by_interpreter) {
    if (by_interpreter.error().info.offset > text.size()) fuzz::fail("a compile error outside the schema", text);
    return 0;
  }
  schema_options jit = automatic;
  jit.engine = engine::jit;
  if (by_default->compiled() && !schema::compile(text, jit)) fuzz::fail("engine::jit refuses what automatic compiled", text);
  for (int n = 0; n < 4; ++n) {
    const std::string instance = g.instance(0);
    const validation a = by_interpreter->validate(instance);
    const validation b = by_default->validate(instance);
    if (describe(a) != describe(b)) fuzz::fail("the engines disagree", text + "\n" + instance + "\n" + describe(a) + "\n---\n" + describe(b));
    document_options exact;  // (without the text, 1.0000000000000000001 is the integer 1)
    exact.preserve_number_text = true;
    const result<document, parse_error> d = document::parse(instance, exact);
    if (d && by_default->validate(d->root()).valid() != a.valid()) fuzz::fail("a document's verdict differs", text + "\n" + instance);
  }
  return 0;
}
