// The text layer side by side with RapidJSON: reading the token stream of each corpus file,
// and writing it back. Names are group/file/engine, as the report groups them.
#include <benchmark/benchmark.h>

#include <jsonjit/reader.hpp>
#include <jsonjit/writer.hpp>

#include <rapidjson/reader.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <string>

#include "corpus.hpp"
#include "main.hpp"

namespace jsonjit::bench {
namespace {

// --- reading -------------------------------------------------------------------------------

// Every token, validated (UTF-8 included), values left as text: the Utf8JsonReader model.
/// Why a reader's token count is not the file's: checked before timing.
std::string wrong_token_count(std::string_view file, std::size_t tokens) {
  const std::size_t expected = recorded_tokens(file).size();
  if (tokens == expected) return {};
  return std::to_string(tokens) + " tokens, not " + std::to_string(expected);
}

void read_tokens_jsonjit(benchmark::State& state, std::string_view file) {
  const std::string& json = corpus(file);
  const auto count = [&] {
    reader r(json);
    std::size_t tokens = 0;
    while (r.read()) ++tokens;
    return r.error() ? 0 : tokens;
  };
  if (const std::string why = wrong_token_count(file, count()); !why.empty())
    return state.SkipWithError(why.c_str());
  allocation_counter allocations(state);
  for (auto _ : state) {
    const std::size_t tokens = count();
    if (tokens == 0) state.SkipWithError("invalid input");
    benchmark::DoNotOptimize(tokens);
  }
  set_throughput(state, file);
}

// Every token with its value converted: numbers to double/int64, strings unescaped into a
// buffer. The same work a RapidJSON SAX handler receives.
void read_values_jsonjit(benchmark::State& state, std::string_view file) {
  const std::string& json = corpus(file);
  std::string buffer(json.size(), '\0');
  const auto read_all = [&](double& sum, std::size_t& text) {
    reader r(json);
    while (r.read()) {
      switch (r.token()) {
        case token_type::number:
          if (auto i = r.get_int64()) {
            sum += static_cast<double>(*i);
          } else {
            sum += *r.get_double();
          }
          break;
        case token_type::string:
        case token_type::property_name: text += *r.copy_string(buffer); break;
        default: break;
      }
    }
  };
  // The values must be the recorded ones: the same sum of numbers, the same unescaped text.
  double sum = 0, expected_sum = 0;
  std::size_t text = 0, expected_text = 0;
  read_all(sum, text);
  for (const recorded_token& t : recorded_tokens(file)) {
    if (t.type == token_type::number)
      expected_sum += t.is_integer ? static_cast<double>(t.integer) : t.number;
    if (t.type == token_type::string || t.type == token_type::property_name) expected_text += t.size;
  }
  if (sum != expected_sum || text != expected_text)
    return state.SkipWithError("the values read are not the file's");
  allocation_counter allocations(state);
  for (auto _ : state) {
    sum = 0;
    text = 0;
    read_all(sum, text);
    benchmark::DoNotOptimize(sum);
    benchmark::DoNotOptimize(text);
  }
  set_throughput(state, file);
}

struct counting_handler : rapidjson::BaseReaderHandler<rapidjson::UTF8<>, counting_handler> {
  std::size_t tokens = 0;
  bool Default() {
    ++tokens;
    return true;
  }
};

template <unsigned flags>
void read_rapidjson(benchmark::State& state, std::string_view file) {
  const std::string& json = corpus(file);
  rapidjson::Reader rapid;  // reused, so its stack is allocated once
  {
    counting_handler handler;
    rapidjson::StringStream in(json.c_str());
    if (rapid.Parse<flags>(in, handler).IsError()) return state.SkipWithError("invalid input");
    if (const std::string why = wrong_token_count(file, handler.tokens); !why.empty())
      return state.SkipWithError(why.c_str());
  }
  allocation_counter allocations(state);
  for (auto _ : state) {
    counting_handler handler;
    rapidjson::StringStream in(json.c_str());
    if (rapid.Parse<flags>(in, handler).IsError()) state.SkipWithError("invalid input");
    benchmark::DoNotOptimize(handler.tokens);
  }
  set_throughput(state, file);
}

// --- writing -------------------------------------------------------------------------------

enum class numbers { as_values, as_text };

template <numbers mode>
void write_jsonjit(benchmark::State& state, std::string_view file, escape_mode escaping) {
  const auto& tokens = recorded_tokens(file);
  memory_output out(corpus(file).size() * 2);
  writer_options options;
  options.escaping = escaping;
  const auto write_all = [&] {
    out.clear();
    writer w(out, options);
    for (const recorded_token& t : tokens) {
      switch (t.type) {
        case token_type::start_object: w.start_object(); break;
        case token_type::end_object: w.end_object(); break;
        case token_type::start_array: w.start_array(); break;
        case token_type::end_array: w.end_array(); break;
        case token_type::property_name: w.property_name(t.view()); break;
        case token_type::string: w.string_value(t.view()); break;
        case token_type::number:
          if constexpr (mode == numbers::as_text) {
            w.raw_value(t.view(), true);
          } else if (t.is_integer) {
            w.number_value(t.integer);
          } else {
            w.number_value(t.number);
          }
          break;
        case token_type::true_value: w.bool_value(true); break;
        case token_type::false_value: w.bool_value(false); break;
        case token_type::null: w.null_value(); break;
        default: break;
      }
    }
    return w.ok();
  };
  if (!write_all()) return state.SkipWithError("the writer failed");
  if (!holds_corpus(state, file, out.view())) return;
  allocation_counter allocations(state);
  for (auto _ : state) {
    if (!write_all()) state.SkipWithError("the writer failed");
    benchmark::DoNotOptimize(out.data());
  }
  set_throughput(state, file);
}

template <numbers mode>
void write_rapidjson(benchmark::State& state, std::string_view file) {
  const auto& tokens = recorded_tokens(file);
  rapidjson::StringBuffer buffer(nullptr, corpus(file).size() * 2);
  rapidjson::Writer<rapidjson::StringBuffer> w(buffer);
  const auto write_all = [&] {
    buffer.Clear();
    w.Reset(buffer);
    for (const recorded_token& t : tokens) {
      switch (t.type) {
        case token_type::start_object: w.StartObject(); break;
        case token_type::end_object: w.EndObject(); break;
        case token_type::start_array: w.StartArray(); break;
        case token_type::end_array: w.EndArray(); break;
        case token_type::property_name: w.Key(t.text, t.size); break;
        case token_type::string: w.String(t.text, t.size); break;
        case token_type::number:
          if constexpr (mode == numbers::as_text) {
            w.RawValue(t.text, t.size, rapidjson::kNumberType);  // (RawNumber writes a quoted string)
          } else if (t.is_integer) {
            w.Int64(t.integer);
          } else {
            w.Double(t.number);
          }
          break;
        case token_type::true_value: w.Bool(true); break;
        case token_type::false_value: w.Bool(false); break;
        case token_type::null: w.Null(); break;
        default: break;
      }
    }
    return w.IsComplete();
  };
  if (!write_all()) return state.SkipWithError("the writer failed");
  if (!holds_corpus(state, file, {buffer.GetString(), buffer.GetSize()})) return;
  allocation_counter allocations(state);
  for (auto _ : state) {
    if (!write_all()) state.SkipWithError("the writer failed");
    benchmark::DoNotOptimize(buffer.GetString());
  }
  set_throughput(state, file);
}

// The replay loop alone (what both writers' figures include): the floor of write_*.
void replay_only(benchmark::State& state, std::string_view file) {
  const auto& tokens = recorded_tokens(file);
  for (auto _ : state) {
    std::size_t sum = 0;
    for (const recorded_token& t : tokens) {
      switch (t.type) {
        case token_type::property_name:
        case token_type::string: sum += t.size; break;
        default: sum += 1; break;
      }
    }
    benchmark::DoNotOptimize(sum);
  }
  set_throughput(state, file);
}

void register_all() {
  for (std::string_view file : corpus_names) {
    auto add = [file](std::string_view group, std::string_view engine, auto fn) {
      add_benchmark(group, file, engine, fn);
    };
    add("read_tokens", "jsonjit", read_tokens_jsonjit);
    add("read_tokens", "rapidjson", read_rapidjson<rapidjson::kParseDefaultFlags>);
    add("read_tokens", "rapidjson_utf8_validated", read_rapidjson<rapidjson::kParseValidateEncodingFlag>);
    add("read_values", "jsonjit", read_values_jsonjit);
    add("read_values", "rapidjson", read_rapidjson<rapidjson::kParseDefaultFlags>);
    add("write_values", "jsonjit", [](benchmark::State& s, std::string_view x) {
      write_jsonjit<numbers::as_values>(s, x, escape_mode::relaxed);
    });
    add("write_values", "jsonjit_html_safe", [](benchmark::State& s, std::string_view x) {
      write_jsonjit<numbers::as_values>(s, x, escape_mode::html_safe);
    });
    add("write_values", "rapidjson", write_rapidjson<numbers::as_values>);
    add("write_values", "replay_only", replay_only);
    add("write_number_text", "jsonjit", [](benchmark::State& s, std::string_view x) {
      write_jsonjit<numbers::as_text>(s, x, escape_mode::relaxed);
    });
    add("write_number_text", "rapidjson", write_rapidjson<numbers::as_text>);
  }
}

const bool registered = (register_all(), true);

}  // namespace
}  // namespace jsonjit::bench
