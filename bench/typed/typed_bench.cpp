// Typed serialization side by side: the .NET models and the User scenarios written and read by
// jsonjit (engine::automatic, and the interpreter alone as jsonjit_interp), the hand-written code, RapidJSON, Boost.JSON, simdjson (reading) and
// nlohmann. Each reader reads the same text (STJ's bytes, as jsonjit writes them, padded for
// simdjson); each writer writes into a reused std::string.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "main.hpp"
#include "peers.hpp"

namespace jsonjit::bench::typed {

const jsonjit::serializer_options& interpreter_options() {
  static const jsonjit::serializer_options options = [] {
    jsonjit::serializer_options o;
    o.engine(jsonjit::engine::interpreter);
    return o;
  }();
  return options;
}

const jsonjit::serializer_options& relaxed_options(bool interpreted) {
  static const jsonjit::serializer_options compiled = [] {
    jsonjit::serializer_options o;
    o.escaping(jsonjit::escape_mode::relaxed);
    return o;
  }();
  static const jsonjit::serializer_options interpreter = [] {
    jsonjit::serializer_options o = compiled;
    o.engine(jsonjit::engine::interpreter);
    return o;
  }();
  return interpreted ? interpreter : compiled;
}

namespace {

using namespace models;

template <class T>
using write_fn = void (*)(const T&, std::string&);
template <class T>
using read_fn = bool (*)(std::string_view, T&);

template <class T>
void jsonjit_write(const T& value, std::string& out) {
  jsonjit::serialize_to(value, out);  // engine::automatic: the JIT where it compiles the type
}
template <class T>
void jsonjit_interp_write(const T& value, std::string& out) {
  jsonjit::serialize_to(value, out, interpreter_options());
}
template <class T>
void jsonjit_relaxed_write(const T& value, std::string& out) {
  jsonjit::serialize_to(value, out, relaxed_options(false));
}
template <class T>
void jsonjit_interp_relaxed_write(const T& value, std::string& out) {
  jsonjit::serialize_to(value, out, relaxed_options(true));
}
// compiled<T> held by the caller: the free functions' results without their per-call lookup.
template <class T>
const jsonjit::compiled<T>& held() {
  static const jsonjit::compiled<T> type;
  return type;
}
template <class T>
void jsonjit_compiled_write(const T& value, std::string& out) {
  held<T>().serialize_to(value, out);
}
template <class T>
bool jsonjit_compiled_read(std::string_view json, T& out) {
  return !held<T>().deserialize_into(out, json);
}
template <class T>
void deliberately_wrong_write(const T& value, std::string& out) {
  jsonjit::serialize_to(value, out);
  out.back() = out.back() == '}' ? ']' : '}';
}
template <class T>
bool jsonjit_read(std::string_view json, T& out) {
  return !jsonjit::deserialize_into(out, json);
}
template <class T>
bool jsonjit_interp_read(std::string_view json, T& out) {
  return !jsonjit::deserialize_into(out, json, interpreter_options());
}

void set_bytes(benchmark::State& state, std::size_t bytes) {
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(bytes));
}

template <class T>
void add_model(std::string_view name, const T& value) {
  // The hand-written code must write STJ's bytes (jsonjit's, which the tests compare with
  // the expected files); the peers differ in escaping and are not held to them.
  // Compiled ahead (as a service would at start-up), so that the steady state is measured.
  if (jsonjit::parse_error e = jsonjit::precompile<T>()) std::fprintf(stderr, "%s\n", jsonjit::to_string(e).c_str());
  const std::string stj_bytes = jsonjit::serialize(value);
  (void)jsonjit::serialize(value, interpreter_options());      // resolves ahead for the interpreter too
  const std::string relaxed_bytes = jsonjit::serialize(value, relaxed_options(false));
  (void)jsonjit::serialize(value, relaxed_options(true));
  auto add_write_to = [&](std::string_view group, std::string_view engine, write_fn<T> write, std::string expected) {
    register_benchmark(std::string(group) + "/" + std::string(name) + "/" + std::string(engine),
                                 [value, write, expected](benchmark::State& state) {
                                   std::string out;
                                   write(value, out);  // warm: the buffer is reused from here
                                   if (!expected.empty() && out != expected) {
                                     state.SkipWithError("the output differs from STJ's bytes");
                                     return;
                                   }
                                   allocation_counter allocations(state);
                                   for (auto _ : state) {
                                     write(value, out);
                                     benchmark::DoNotOptimize(out.data());
                                   }
                                   set_bytes(state, out.size());
                                 })
        ->Unit(benchmark::kMicrosecond);
  };
  auto add_read = [&](std::string_view engine, read_fn<T> read) {
    register_benchmark("typed_read/" + std::string(name) + "/" + std::string(engine),
                                 [json = padded(stj_bytes), read, value](benchmark::State& state) {
                                   T first{};
                                   if (!read(json, first) || !(first == value)) {
                                     state.SkipWithError("the value read differs from the value written");
                                     return;
                                   }
                                   allocation_counter allocations(state);
                                   for (auto _ : state) {
                                     T result{};
                                     if (!read(json, result)) state.SkipWithError("the value could not be read");
                                     benchmark::DoNotOptimize(&result);
                                   }
                                   set_bytes(state, json.size());
                                 })
        ->Unit(benchmark::kMicrosecond);
  };
  auto add_write = [&](std::string_view engine, write_fn<T> write, bool writes_stj_bytes) {
    add_write_to("typed_write", engine, write, writes_stj_bytes ? stj_bytes : std::string());
  };
  // STJ's UnsafeRelaxedJsonEscaping: only what JSON requires is escaped.
  add_write_to("typed_write_relaxed", "jsonjit", &jsonjit_relaxed_write<T>, relaxed_bytes);
  add_write_to("typed_write_relaxed", "jsonjit_interp", &jsonjit_interp_relaxed_write<T>, relaxed_bytes);
  add_write_to("typed_write_relaxed", "hand_written", &hand_written::write_relaxed<T>, relaxed_bytes);
  add_write("jsonjit", &jsonjit_write<T>, true);
  add_write("jsonjit_compiled", &jsonjit_compiled_write<T>, true);
  add_write("jsonjit_interp", &jsonjit_interp_write<T>, true);
  add_write("hand_written", &hand_written::write<T>, true);
  add_write("rapidjson", &rapidjson_peer::write<T>, false);
  add_write("boost_json", &boost_json_peer::write<T>, false);
  add_write("nlohmann", &nlohmann_peer::write<T>, false);
  // For the report's own test: a contender whose output is wrong must be reported as wrong
  // and never timed (its output is jsonjit's with the last byte changed).
  if (std::getenv("JSONJIT_BENCH_WRONG_CONTENDER") != nullptr) {
    add_write("deliberately_wrong", &deliberately_wrong_write<T>, true);
  }
  add_read("jsonjit", &jsonjit_read<T>);
  add_read("jsonjit_compiled", &jsonjit_compiled_read<T>);
  add_read("jsonjit_interp", &jsonjit_interp_read<T>);
  add_read("hand_written", &hand_written::read<T>);
  add_read("rapidjson", &rapidjson_peer::read<T>);
  add_read("boost_json", &boost_json_peer::read<T>);
  add_read("simdjson", &simdjson_peer::read<T>);
  add_read("nlohmann", &nlohmann_peer::read<T>);
}

/// The User scenarios: 10,000 users written one by one, read as one array, read one by one.
void add_users() {
  static const std::vector<User> users = make_users();
  static const std::string array_json = padded((jsonjit::precompile<std::vector<User>>(), jsonjit::serialize(users)));
  static const std::vector<std::string> each_json = [] {
    std::vector<std::string> texts;
    for (const User& u : users) texts.push_back(padded(jsonjit::serialize(u)));
    (void)jsonjit::serialize(users.front(), interpreter_options());  // resolved ahead, as above
    return texts;
  }();
  // What each user must be written as, in either escaping (checked before timing).
  static const auto expected_each = [](const jsonjit::serializer_options& options) {
    std::vector<std::string> texts;
    for (const User& u : users) texts.push_back(jsonjit::serialize(u, options));
    return texts;
  };
  static const std::vector<std::string> stj_each = expected_each(jsonjit::serializer_options::defaults());
  static const std::vector<std::string> relaxed_each = expected_each(relaxed_options(false));
  auto add_write_to = [](std::string_view group, std::string_view engine, write_fn<User> write,
                         const std::vector<std::string>* expected) {
    register_benchmark(std::string(group) + "/users_each/" + std::string(engine),
                                 [write, expected](benchmark::State& state) {
                                   std::string out;
                                   for (std::size_t i = 0; expected != nullptr && i < users.size(); ++i) {
                                     write(users[i], out);
                                     if (out != (*expected)[i]) {
                                       state.SkipWithError("the output differs from STJ's bytes");
                                       return;
                                     }
                                   }
                                   std::size_t bytes = 0;
                                   allocation_counter allocations(state);
                                   for (auto _ : state) {
                                     bytes = 0;
                                     for (const User& u : users) {
                                       write(u, out);
                                       bytes += out.size();
                                       benchmark::DoNotOptimize(out.data());
                                     }
                                   }
                                   set_bytes(state, bytes);
                                 })
        ->Unit(benchmark::kMillisecond);
  };
  add_write_to("typed_write", "jsonjit", &jsonjit_write<User>, &stj_each);
  add_write_to("typed_write", "jsonjit_compiled", &jsonjit_compiled_write<User>, &stj_each);
  add_write_to("typed_write", "jsonjit_interp", &jsonjit_interp_write<User>, &stj_each);
  add_write_to("typed_write", "hand_written", &hand_written::write<User>, &stj_each);
  add_write_to("typed_write", "rapidjson", &rapidjson_peer::write<User>, nullptr);
  add_write_to("typed_write", "boost_json", &boost_json_peer::write<User>, nullptr);
  add_write_to("typed_write", "nlohmann", &nlohmann_peer::write<User>, nullptr);
  add_write_to("typed_write_relaxed", "jsonjit", &jsonjit_relaxed_write<User>, &relaxed_each);
  add_write_to("typed_write_relaxed", "jsonjit_interp", &jsonjit_interp_relaxed_write<User>, &relaxed_each);
  add_write_to("typed_write_relaxed", "hand_written", &hand_written::write_relaxed<User>, &relaxed_each);

  auto add_read_array = [](std::string_view engine, read_fn<std::vector<User>> read) {
    register_benchmark("typed_read/users_array/" + std::string(engine),
                                 [read](benchmark::State& state) {
                                   std::vector<User> first;
                                   if (!read(array_json, first) || first != users) {
                                     state.SkipWithError("the users read differ from the users written");
                                     return;
                                   }
                                   allocation_counter allocations(state);
                                   for (auto _ : state) {
                                     std::vector<User> result;
                                     if (!read(array_json, result)) state.SkipWithError("could not be read");
                                     benchmark::DoNotOptimize(result.data());
                                   }
                                   set_bytes(state, array_json.size());
                                 })
        ->Unit(benchmark::kMillisecond);
  };
  add_read_array("jsonjit", &jsonjit_read<std::vector<User>>);
  add_read_array("jsonjit_interp", &jsonjit_interp_read<std::vector<User>>);
  add_read_array("hand_written", &hand_written::read<std::vector<User>>);
  add_read_array("rapidjson", &rapidjson_peer::read<std::vector<User>>);
  add_read_array("boost_json", &boost_json_peer::read<std::vector<User>>);
  add_read_array("simdjson", &simdjson_peer::read<std::vector<User>>);
  add_read_array("nlohmann", &nlohmann_peer::read<std::vector<User>>);

  auto add_read_each = [](std::string_view engine, read_fn<User> read) {
    register_benchmark("typed_read/users_each/" + std::string(engine),
                                 [read](benchmark::State& state) {
                                   std::size_t bytes = 0;
                                   for (const std::string& json : each_json) bytes += json.size();
                                   allocation_counter allocations(state);
                                   for (auto _ : state) {
                                     for (const std::string& json : each_json) {
                                       User result;
                                       if (!read(json, result)) state.SkipWithError("could not be read");
                                       benchmark::DoNotOptimize(&result);
                                     }
                                   }
                                   set_bytes(state, bytes);
                                 })
        ->Unit(benchmark::kMillisecond);
  };
  add_read_each("jsonjit", &jsonjit_read<User>);
  add_read_each("jsonjit_compiled", &jsonjit_compiled_read<User>);
  add_read_each("jsonjit_interp", &jsonjit_interp_read<User>);
  add_read_each("hand_written", &hand_written::read<User>);
  add_read_each("rapidjson", &rapidjson_peer::read<User>);
  add_read_each("boost_json", &boost_json_peer::read<User>);
  add_read_each("simdjson", &simdjson_peer::read<User>);
  add_read_each("nlohmann", &nlohmann_peer::read<User>);
}

void register_all() {
  for_each_model([](std::string_view name, const auto& value) { add_model(name, value); });
  add_users();
}

const bool registered = (register_all(), true);

}  // namespace
}  // namespace jsonjit::bench::typed
