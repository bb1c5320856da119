// A type jsonjit cannot describe must be a compile-time error that names the type and says
// what to do (expect_compile_error.cmake compiles this file twice: as it is, it must fail;
// with DESCRIBED, it must compile).
#include <jsonjit/jsonjit.hpp>

#include <string>

class Account {
 public:
  explicit Account(std::string owner) : owner_(std::move(owner)) {}
  const std::string& owner() const { return owner_; }
  void set_owner(std::string o) { owner_ = std::move(o); }
  Account() = default;

 private:
  std::string owner_;
};

#ifdef DESCRIBED
template <>
struct jsonjit::meta<Account> {
  static constexpr auto properties = jsonjit::properties(jsonjit::property("Owner", &Account::owner, &Account::set_owner));
};
#endif

struct Ledger {
  std::vector<Account> accounts;
};

int main() { return static_cast<int>(jsonjit::serialize(Ledger{}).size()); }
