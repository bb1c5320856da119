// The typed-serialization peers: for each benchmark model, how each library writes and reads
// it. Each peer is written the way its documentation shows, for the same bytes as STJ where
// the library can produce them (RapidJSON, nlohmann and Boost.JSON do not escape
// HTML-sensitive characters, so their output differs in `+` and `'` only).
#pragma once

#include <cstdio>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <jsonjit/serializer_options.hpp>

#include "dotnet_models.hpp"

/// Every type a peer writes and reads; each peer's .cpp instantiates its functions for these.
#define JSONJIT_TYPED_BENCH_TYPES(X)    \
  X(models::LoginViewModel)             \
  X(models::Location)                   \
  X(models::IndexViewModel)             \
  X(models::MyEventsListerViewModel)    \
  X(models::CollectionsOfPrimitives)    \
  X(models::User)                       \
  X(std::vector<models::User>)

namespace jsonjit::bench::typed {

/// Calls `add(name, value)` for each .NET benchmark model, in the tables' order.
template <class Add>
void for_each_model(Add add) {
  add("LoginViewModel", models::make_login());
  add("Location", models::make_location());
  add("IndexViewModel", models::make_index(models::fixed_clock()));
  add("MyEventsListerViewModel", models::make_my_events(models::fixed_clock()));
  add("CollectionsOfPrimitives", models::make_collections(models::fixed_clock()));
}

/// Options that keep to the interpreter alone (jsonjit_interp in the tables: what the JIT adds).
const jsonjit::serializer_options& interpreter_options();
/// STJ's UnsafeRelaxedJsonEscaping (escape_mode::relaxed), for either engine.
const jsonjit::serializer_options& relaxed_options(bool interpreted);

/// Direct code: the fastest serializer (STJ's bytes) and parser a person can write for these
/// models.
namespace hand_written {
template <class T>
void write(const T& value, std::string& out);  // STJ's default (HTML-safe) escaping
template <class T>
void write_relaxed(const T& value, std::string& out);  // UnsafeRelaxedJsonEscaping's
template <class T>
bool read(std::string_view json, T& value);
}  // namespace hand_written

namespace rapidjson_peer {
template <class T>
void write(const T& value, std::string& out);
/// Through a FileWriteStream (a 16 KiB buffer) to `file`, flushed.
template <class T>
void write_to(const T& value, std::FILE* file);
template <class T>
bool read(std::string_view json, T& value);
}  // namespace rapidjson_peer

namespace nlohmann_peer {
template <class T>
void write(const T& value, std::string& out);
/// `out << json`.
template <class T>
void write_to(const T& value, std::ostream& out);
template <class T>
bool read(std::string_view json, T& value);
}  // namespace nlohmann_peer

namespace boost_json_peer {
template <class T>
void write(const T& value, std::string& out);
/// Through serializer::read into `buffer`, each filled piece handed to `send`.
template <class T>
void write_through(const T& value, std::span<char> buffer, void (*send)(std::string_view, void*), void* context);
template <class T>
bool read(std::string_view json, T& value);
}  // namespace boost_json_peer

/// Reading only; `json` must have readable padding past its end (see padded()).
namespace simdjson_peer {
template <class T>
bool read(std::string_view json, T& value);
}  // namespace simdjson_peer

/// The text with 64 bytes of spare capacity past its end (simdjson reads up to that far).
inline std::string padded(std::string text) {
  text.reserve(text.size() + 64);
  return text;
}

/// Standard Base64, for the peers that have none.
constexpr std::size_t base64_size(std::size_t bytes) { return (bytes + 2) / 3 * 4; }
char* write_base64(char* out, const std::uint8_t* data, std::size_t size);
bool decode_base64(std::string_view text, std::vector<std::uint8_t>& out);

}  // namespace jsonjit::bench::typed
