// README.md's JSONPath block.
#include "doc_check.hpp"

// @DECLARATIONS

int main() {
  // @STATEMENTS
  check(titles.size() == 2, "two titles");
  shown(first, R"($['store']['book'][0]['title'])");
  shown(second, R"(Moby Dick)");
  shown(why,
        R"(line 1, column 22 (byte 21): not a JSONPath query (RFC 9535): "the argument must be a value: a literal, a singular query or a function giving a value")");
  check(!failed, "the lines are JSON");
  check(!found.empty() && found.back() == ' ', "a space after each value");
  shown(std::string_view(found).substr(0, found.size() - 1), R"(1:$['id']=1 2:$['user']['id']=20)");
  check(native, "the names compiled");
  shown(why_not,
        R"d(line 1, column 11 (byte 10): the JIT does not compile this type, schema or query with these options: "a negative index (it depends on the array's length)")d");
}
