// The typed-serialization peers: for each benchmark model, how each library writes and reads
// it. Each peer is written the way its documentation shows, for the same bytes as STJ where
// the library can produce them (RapidJSON and nlohmann do not escape HTML-sensitive
// characters, so their output differs in `+` and `'` only).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "dotnet_models.hpp"

namespace jsonjit::bench::typed {

/// Direct code: the fastest serializer a person can write for these models (STJ's bytes).
namespace hand_written {
void write(const models::LoginViewModel& m, std::string& out);
void write(const models::Location& m, std::string& out);
void write(const models::IndexViewModel& m, std::string& out);
void write(const models::MyEventsListerViewModel& m, std::string& out);
void write(const models::CollectionsOfPrimitives& m, std::string& out);
void write(const models::User& m, std::string& out);
void write(const std::vector<models::User>& m, std::string& out);
}  // namespace hand_written

namespace rapidjson_peer {
void write(const models::LoginViewModel& m, std::string& out);
void write(const models::Location& m, std::string& out);
void write(const models::IndexViewModel& m, std::string& out);
void write(const models::MyEventsListerViewModel& m, std::string& out);
void write(const models::CollectionsOfPrimitives& m, std::string& out);
void write(const models::User& m, std::string& out);
void write(const std::vector<models::User>& m, std::string& out);
bool read(std::string_view json, models::LoginViewModel& m);
bool read(std::string_view json, models::Location& m);
bool read(std::string_view json, models::IndexViewModel& m);
bool read(std::string_view json, models::MyEventsListerViewModel& m);
bool read(std::string_view json, models::CollectionsOfPrimitives& m);
bool read(std::string_view json, models::User& m);
bool read(std::string_view json, std::vector<models::User>& m);
}  // namespace rapidjson_peer

namespace nlohmann_peer {
void write(const models::LoginViewModel& m, std::string& out);
void write(const models::Location& m, std::string& out);
void write(const models::IndexViewModel& m, std::string& out);
void write(const models::MyEventsListerViewModel& m, std::string& out);
void write(const models::CollectionsOfPrimitives& m, std::string& out);
void write(const models::User& m, std::string& out);
void write(const std::vector<models::User>& m, std::string& out);
bool read(std::string_view json, models::LoginViewModel& m);
bool read(std::string_view json, models::Location& m);
bool read(std::string_view json, models::IndexViewModel& m);
bool read(std::string_view json, models::MyEventsListerViewModel& m);
bool read(std::string_view json, models::CollectionsOfPrimitives& m);
bool read(std::string_view json, models::User& m);
bool read(std::string_view json, std::vector<models::User>& m);
}  // namespace nlohmann_peer

/// Standard Base64, for the peers that have none.
constexpr std::size_t base64_size(std::size_t bytes) { return (bytes + 2) / 3 * 4; }
char* write_base64(char* out, const std::uint8_t* data, std::size_t size);
bool decode_base64(std::string_view text, std::vector<std::uint8_t>& out);

}  // namespace jsonjit::bench::typed
