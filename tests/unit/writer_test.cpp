// Structure, layout, validation, raw values, Base64 and comments of the writer.
#include <jsonjit/writer.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

namespace jsonjit {
namespace {

// Runs `body` on a fresh writer and returns what it wrote (or "error: <message>").
std::string write(const std::function<void(writer&)>& body, const writer_options& options = {}) {
  memory_output out;
  writer w(out, options);
  body(w);
  if (!w.ok()) return "error: " + std::string(message(w.error()));
  return out.str();
}

void nested_sample(writer& w) {
  w.start_object();
  w.property_name("a");
  w.number_value(1);
  w.property_name("list");
  w.start_array();
  w.bool_value(true);
  w.null_value();
  w.start_object();
  w.end_object();
  w.start_array();
  w.end_array();
  w.string_value("x");
  w.end_array();
  w.property_name("empty");
  w.start_object();
  w.end_object();
  w.end_object();
}

TEST(Writer, CompactLayout) {
  EXPECT_EQ(write(nested_sample), R"({"a":1,"list":[true,null,{},[],"x"],"empty":{}})");
}

TEST(Writer, IndentedLayoutMatchesSystemTextJson) {
  writer_options options;
  options.indented = true;
  EXPECT_EQ(write(nested_sample, options),
            "{\n"
            "  \"a\": 1,\n"
            "  \"list\": [\n"
            "    true,\n"
            "    null,\n"
            "    {},\n"
            "    [],\n"
            "    \"x\"\n"
            "  ],\n"
            "  \"empty\": {}\n"
            "}");
}

TEST(Writer, IndentCharacterSizeAndNewlineAreConfigurable) {
  writer_options options;
  options.indented = true;
  options.indent_char = '\t';
  options.indent_size = 1;
  options.line_ending = newline::crlf;
  EXPECT_EQ(write(
                [](writer& w) {
                  w.start_array();
                  w.number_value(1);
                  w.start_array();
                  w.number_value(2);
                  w.end_array();
                  w.end_array();
                },
                options),
            "[\r\n\t1,\r\n\t[\r\n\t\t2\r\n\t]\r\n]");
}

TEST(Writer, IndentationThatWouldNotBeJsonIsRefused) {
  // Any other indent character would be written between tokens: `[x1]` is not JSON.
  for (const char c : {'x', '\n', '\0', ','}) {
    writer_options options;
    options.indented = true;
    options.indent_char = c;
    EXPECT_EQ(write([](writer& w) { nested_sample(w); }, options),
              "error: " + std::string(message(error_code::invalid_writer_options)));
  }
  writer_options wide;
  wide.indented = true;
  wide.indent_size = 128;
  EXPECT_EQ(write([](writer& w) { w.null_value(); }, wide),
            "error: " + std::string(message(error_code::invalid_writer_options)));
  wide.indent_size = 127;
  EXPECT_EQ(write([](writer& w) { w.null_value(); }, wide), "null");
}

TEST(Writer, LoginViewModelMatchesSystemTextJsonByteForByte) {
  // Expected output from the .NET benchmark models (MODELS.md, LoginViewModel.json).
  EXPECT_EQ(write([](writer& w) {
              w.start_object();
              w.property_name("Email");
              w.string_value("name.familyname@not.com");
              w.property_name("Password");
              w.string_value("abcdefgh123456!@");
              w.property_name("RememberMe");
              w.bool_value(true);
              w.end_object();
            }),
            R"({"Email":"name.familyname@not.com","Password":"abcdefgh123456!@","RememberMe":true})");
}

TEST(Writer, LocationMatchesSystemTextJsonByteForByte) {
  // MODELS.md, Location.json: '+' is escaped as \u002B by the default encoder.
  const std::vector<std::pair<const char*, const char*>> fields = {{"Address1", "The Street Name"},
                                                                   {"Address2", "20/11"},
                                                                   {"City", "The City"},
                                                                   {"State", "The State"},
                                                                   {"PostalCode", "abc-12"},
                                                                   {"Name", "Nonexisting"},
                                                                   {"PhoneNumber", "+0 11 222 333 44"},
                                                                   {"Country", "The Greatest"}};
  EXPECT_EQ(write([&](writer& w) {
              w.start_object();
              w.property_name("Id");
              w.number_value(1234);
              for (const auto& [name, value] : fields) {
                w.property_name(name);
                w.string_value(value);
              }
              w.end_object();
            }),
            R"({"Id":1234,"Address1":"The Street Name","Address2":"20/11","City":"The City",)"
            R"("State":"The State","PostalCode":"abc-12","Name":"Nonexisting",)"
            R"("PhoneNumber":"\u002B0 11 222 333 44","Country":"The Greatest"})");
}

struct misuse {
  const char* name;
  std::function<void(writer&)> body;
  error_code expected;
};

TEST(Writer, StructuralMisuseIsAnError) {
  const std::vector<misuse> cases = {
      {"value without name",
       [](writer& w) {
         w.start_object();
         w.number_value(1);
       },
       error_code::value_needs_property_name},
      {"name in array",
       [](writer& w) {
         w.start_array();
         w.property_name("a");
       },
       error_code::property_name_outside_object},
      {"name at top level", [](writer& w) { w.property_name("a"); },
       error_code::property_name_outside_object},
      {"two names",
       [](writer& w) {
         w.start_object();
         w.property_name("a");
         w.property_name("b");
       },
       error_code::expected_value_after_property_name},
      {"end after name",
       [](writer& w) {
         w.start_object();
         w.property_name("a");
         w.end_object();
       },
       error_code::expected_value_after_property_name},
      {"end array in object",
       [](writer& w) {
         w.start_object();
         w.end_array();
       },
       error_code::mismatched_end},
      {"end with nothing open", [](writer& w) { w.end_object(); }, error_code::mismatched_end},
      {"two top-level values",
       [](writer& w) {
         w.number_value(1);
         w.number_value(2);
       },
       error_code::multiple_top_level_values},
      {"a value after a top-level container",
       [](writer& w) {
         w.start_object();
         w.end_object();
         w.start_array();
       },
       error_code::multiple_top_level_values},
      {"NaN", [](writer& w) { w.number_value(std::nan("")); }, error_code::non_finite_number},
      {"infinity", [](writer& w) { w.number_value(-HUGE_VALF); }, error_code::non_finite_number},
      {"invalid raw", [](writer& w) { w.raw_value("{\"a\":}"); }, error_code::invalid_raw_value},
      {"two raw values", [](writer& w) { w.raw_value("1 2"); }, error_code::invalid_raw_value},
      {"empty raw", [](writer& w) { w.raw_value(""); }, error_code::invalid_raw_value},
      {"comment end marker", [](writer& w) { w.comment_value("a */ b"); },
       error_code::comment_contains_end_marker},
      {"comment invalid utf-8", [](writer& w) { w.comment_value("\xC3"); }, error_code::invalid_utf8},
  };
  for (const misuse& c : cases) {
    memory_output out;
    writer w(out);
    c.body(w);
    EXPECT_EQ(w.error(), c.expected) << c.name;
  }
}

TEST(Writer, ErrorsAreStickyAndStopOutput) {
  memory_output out;
  writer w(out);
  w.start_object();
  w.number_value(1);  // error: no name
  const std::string before = out.str();
  w.property_name("a");
  w.string_value("more");
  w.end_object();
  EXPECT_EQ(w.error(), error_code::value_needs_property_name);
  EXPECT_EQ(out.view(), before);
  w.reset();
  EXPECT_TRUE(w.ok());
}

TEST(Writer, DepthLimit) {
  writer_options options;
  options.max_depth = 3;
  memory_output out;
  writer w(out, options);
  for (int i = 0; i < 3; ++i) w.start_array();
  EXPECT_TRUE(w.ok());
  w.start_array();
  EXPECT_EQ(w.error(), error_code::depth_exceeded);

  memory_output deep_out;
  writer deep(deep_out);  // default 1000
  for (int i = 0; i < 1000; ++i) deep.start_array();
  for (int i = 0; i < 1000; ++i) deep.end_array();
  EXPECT_TRUE(deep.is_complete());
  EXPECT_EQ(deep_out.size(), 2000u);
}

TEST(Writer, SkipValidationStillSeparates) {
  writer_options options;
  options.skip_validation = true;
  EXPECT_EQ(write(
                [](writer& w) {
                  w.start_object();
                  w.number_value(1);
                  w.number_value(2);
                  w.end_array();
                  w.number_value(3);
                },
                options),
            "{1,2]\n3");
}

TEST(Writer, CompletenessTracksOpenContainers) {
  memory_output out;
  writer w(out);
  EXPECT_FALSE(w.is_complete());
  w.start_array();
  EXPECT_FALSE(w.is_complete());
  EXPECT_EQ(w.depth(), 1);
  w.end_array();
  EXPECT_TRUE(w.is_complete());
}

TEST(Writer, RawValues) {
  EXPECT_EQ(write([](writer& w) {
              w.start_array();
              w.raw_value(R"({"x": [1, 2]})");
              w.raw_value("1.50");
              w.raw_value("not json", /*skip_input_validation=*/true);
              w.end_array();
            }),
            R"([{"x": [1, 2]},1.50,not json])");
  const std::string big = "[" + std::string(5000, '1') + "]";
  EXPECT_EQ(write([&](writer& w) { w.raw_value(big); }), big);
}

TEST(Writer, NamedFloatLiteralsWhenAllowed) {
  writer_options options;
  options.allow_named_float_literals = true;
  EXPECT_EQ(write(
                [](writer& w) {
                  w.start_array();
                  w.number_value(std::nan(""));
                  w.number_value(HUGE_VAL);
                  w.number_value(-HUGE_VALF);
                  w.end_array();
                },
                options),
            R"(["NaN","Infinity","-Infinity"])");
}

std::span<const std::byte> bytes_of(std::string_view s) {
  return std::as_bytes(std::span(s.data(), s.size()));
}

TEST(Writer, Base64MatchesRfc4648Vectors) {
  const std::vector<std::pair<std::string_view, std::string_view>> vectors = {{"", "\"\""},
                                                                              {"f", "\"Zg==\""},
                                                                              {"fo", "\"Zm8=\""},
                                                                              {"foo", "\"Zm9v\""},
                                                                              {"foob", "\"Zm9vYg==\""},
                                                                              {"fooba", "\"Zm9vYmE=\""},
                                                                              {"foobar", "\"Zm9vYmFy\""}};
  for (const auto& vector : vectors) {
    EXPECT_EQ(write([&](writer& w) { w.base64_string_value(bytes_of(vector.first)); }), vector.second);
  }
  // '+' and '/' stay unescaped (Base64 bypasses the escaper).
  const unsigned char high[] = {0xFB, 0xFF, 0xBF};
  EXPECT_EQ(write([&](writer& w) { w.base64_string_value(std::as_bytes(std::span(high))); }), "\"+/+/\"");
}

// A bit-at-a-time Base64 encoder: slow and obviously right.
std::string naive_base64(std::string_view input) {
  static constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string bits;
  for (char byte : input) {
    const auto c = static_cast<unsigned char>(byte);
    for (int b = 7; b >= 0; --b) bits += ((c >> b) & 1) ? '1' : '0';
  }
  while (bits.size() % 6 != 0) bits += '0';
  std::string text;
  for (std::size_t i = 0; i < bits.size(); i += 6) text += alphabet[std::stoi(bits.substr(i, 6), nullptr, 2)];
  while (text.size() % 4 != 0) text += '=';
  return text;
}

TEST(Writer, Base64OfLargeInputIsWrittenInPieces) {
  std::string input;
  for (int i = 0; i < 10000; ++i) input += static_cast<char>(i * 7);
  EXPECT_EQ(write([&](writer& w) { w.base64_string_value(bytes_of(input)); }),
            '"' + naive_base64(input) + '"');
}

TEST(Writer, Comments) {
  EXPECT_EQ(write([](writer& w) {
              w.start_array();
              w.number_value(1);
              w.comment_value(" one ");
              w.number_value(2);
              w.end_array();
            }),
            "[1/* one */,2]");
  writer_options options;
  options.indented = true;
  EXPECT_EQ(write(
                [](writer& w) {
                  w.start_array();
                  w.comment_value("c");
                  w.number_value(1);
                  w.end_array();
                },
                options),
            "[\n  /*c*/\n  1\n]");
}

}  // namespace
}  // namespace jsonjit
