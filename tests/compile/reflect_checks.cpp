// Aggregate reflection, checked at compile time. Built by every compiler the project tests
// with (GCC in the unit tests, clang in the fuzz build), because member names come from each
// compiler's own spelling of template arguments.
#include <jsonjit/detail/reflect.hpp>
#include <jsonjit/detail/reflect_enum.hpp>

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace app {
struct empty {};
struct point {
  double x;
  double y;
};
template <class T>
struct box {
  T value;
  int count_of_things;
};
struct everything {
  int number;
  std::string name;
  std::optional<int> maybe;
  std::vector<point> points;
  point nested;
  std::unique_ptr<int> owned;
  std::map<std::string, int> table;
  std::array<int, 3> fixed;
  std::variant<int, std::string> either;
  box<std::string> boxed;
  bool flag;
};
#define JSONJIT_TEN(p) int p##0, p##1, p##2, p##3, p##4, p##5, p##6, p##7, p##8, p##9;
struct sixty_four {
  JSONJIT_TEN(a)
  JSONJIT_TEN(b) JSONJIT_TEN(c) JSONJIT_TEN(d) JSONJIT_TEN(e) JSONJIT_TEN(f) int g0, g1, g2, g3;
};
#undef JSONJIT_TEN
}  // namespace app

using jsonjit::detail::member_count;
using jsonjit::detail::member_names;

static_assert(member_count<app::empty> == 0);
static_assert(member_count<app::point> == 2);
static_assert(member_count<app::everything> == 11);
static_assert(member_count<app::box<std::string>> == 2);
static_assert(member_count<app::sixty_four> == 64);

static_assert(member_names<app::point>[0] == "x" && member_names<app::point>[1] == "y");
static_assert(member_names<app::everything>[0] == "number");
static_assert(member_names<app::everything>[5] == "owned");
static_assert(member_names<app::everything>[9] == "boxed");
static_assert(member_names<app::everything>[10] == "flag");
static_assert(member_names<app::box<std::string>>[1] == "count_of_things");
static_assert(member_names<app::sixty_four>[0] == "a0" && member_names<app::sixty_four>[63] == "g3");

// References keep the members' types and constness.
static_assert(std::is_same_v<decltype(jsonjit::detail::tie_members(std::declval<app::point&>())),
                             std::tuple<double&, double&>>);
static_assert(std::is_same_v<decltype(jsonjit::detail::tie_members(std::declval<const app::point&>())),
                             std::tuple<const double&, const double&>>);

// Enumerator names, wherever the enumeration is declared: clang spells one in an anonymous
// namespace "(anonymous namespace)::level::high", which once read as a cast (no name).
namespace app {
enum class color : std::uint8_t { red, green = 7 };
}
namespace {
enum class level { low, high };
}
using jsonjit::detail::enumerator_names_by_value;
static_assert(enumerator_names_by_value<app::color>[0] == "red");
static_assert(enumerator_names_by_value<app::color>[7] == "green");
static_assert(enumerator_names_by_value<app::color>[3].empty());  // a cast: no name
static_assert(enumerator_names_by_value<level>[128 + 1] == "high");  // (signed: index 0 is -128)
static_assert(enumerator_names_by_value<level>[128 - 1].empty());

int main() {
  app::point p{1, 2};
  std::get<1>(jsonjit::detail::tie_members(p)) = 5;
  return p.y == 5 ? 0 : 1;
}
