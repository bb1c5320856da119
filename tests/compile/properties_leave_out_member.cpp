// meta<T>::properties of an aggregate that leaves a member out, not explicitly, must be a
// compile-time error naming the member (expect_compile_error.cmake: as it is, it must fail;
// with DESCRIBED, where the omission is explicit, it must compile).
#include <jsonjit/jsonjit.hpp>

#include <string>

struct Service {
  std::string name;
  int port = 0;
  std::string cache;
};

template <>
struct jsonjit::meta<Service> {
#ifdef DESCRIBED
  static constexpr auto properties = jsonjit::properties(jsonjit::property("service", &Service::name),
                                                         jsonjit::property("port", &Service::port),
                                                         jsonjit::ignored(&Service::cache));
#else
  static constexpr auto properties =
      jsonjit::properties(jsonjit::property("service", &Service::name), jsonjit::property("port", &Service::port));
#endif
};

int main() { return static_cast<int>(jsonjit::serialize(Service{}).size()); }
