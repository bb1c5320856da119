// Peer libraries' writers with doubles in their shortest round-trip form. RapidJSON's and
// nlohmann's own double output (Grisu2) is neither always shortest nor always closest
// (43.418052999999986 comes out as 43.418052999999989), which gives json-serde other hashes;
// so their doubles go through std::to_chars, and the rest of the output is theirs.
#pragma once

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>
#include <nlohmann/json.hpp>

#include <charconv>
#include <string>

namespace json_serde {

inline void append_shortest(std::string& out, double value) {
  char digits[32];
  out.append(digits, std::to_chars(digits, digits + sizeof digits, value).ptr);
}

// nlohmann's dump(), except that doubles are written in their shortest form.
inline void write_nlohmann(const nlohmann::ordered_json& j, std::string& out) {
  switch (j.type()) {
    case nlohmann::ordered_json::value_t::array: {
      out += '[';
      bool first = true;
      for (const auto& element : j) {
        if (!first) out += ',';
        first = false;
        write_nlohmann(element, out);
      }
      out += ']';
      break;
    }
    case nlohmann::ordered_json::value_t::object: {
      out += '{';
      bool first = true;
      for (const auto& [key, value] : j.items()) {
        if (!first) out += ',';
        first = false;
        out += nlohmann::ordered_json(key).dump();
        out += ':';
        write_nlohmann(value, out);
      }
      out += '}';
      break;
    }
    case nlohmann::ordered_json::value_t::number_float: append_shortest(out, j.get<double>()); break;
    default: out += j.dump(); break;
  }
}

inline constexpr unsigned rapidjson_flags = rapidjson::kParseFullPrecisionFlag;

// RapidJSON's Writer with doubles in their shortest form (Accept and the walks that use it call the
// handler's Double, which hides the base class's).
struct shortest_writer : rapidjson::Writer<rapidjson::StringBuffer> {
  using Writer::Writer;
  bool Double(double value) {
    char digits[32];
    const char* end = std::to_chars(digits, digits + sizeof digits, value).ptr;
    return RawValue(digits, static_cast<std::size_t>(end - digits), rapidjson::kNumberType);
  }
};

}  // namespace json_serde
