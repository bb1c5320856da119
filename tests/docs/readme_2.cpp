// README.md's typed serialization block, and the outputs it shows.
#include "doc_check.hpp"

#include <chrono>
#include <cstdint>

// @DECLARATIONS

int main() {
  // @STATEMENTS
  shown(json, R"({"Email":"a@b.com","Password":"pw","RememberMe":true})");
  shown(jsonjit::to_string(r.error()), R"(line 1, column 10 (byte 9) at $.Email: expected a string)");
  check(buffer.find("\n  \"email\": \"a@b.com\"") != std::string::npos, "camelCase, indented");
  shown(jsonjit::serialize(Service{"db", 5432, "stale"}), R"({"service":"db","port":5432})");
  shown(jsonjit::serialize(Level::high, jsonjit::serializer_options().enums_as_strings(true)), R"("high")");
  using namespace std::chrono;
  const Payment payment{Money(1250, "EUR"), sys_days(2025y / June / 3) + 9h + 30min + 125ms, 15min};
  const std::string text = jsonjit::serialize(payment);
  shown(text, R"({"amount":{"Cents":1250,"Currency":"EUR"},"at":"2025-06-03T09:30:00.125Z","window":"PT15M"})");
  // As written, the example reads back (Payment is built member by member; Money through its
  // constructor).
  const Payment back_again = jsonjit::deserialize<Payment>(text);
  check(back_again.amount.cents() == 1250 && back_again.at == payment.at && back_again.window == 15min, "Payment read back");
}
