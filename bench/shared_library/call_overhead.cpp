// What a call into libjsonjit.so costs against the same call into libjsonjit.a: the same
// program linked both ways, run under callgrind by measure.sh (instructions do not drift with
// the machine's noise). Three kinds of call: one per token (reader::read, the finest the API
// has), one per small object written and one read (the JIT's code behind an exported entry).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <jsonjit/jsonjit.hpp>

struct LoginViewModel {
  std::string Email;
  std::string Password;
  bool RememberMe = false;
};

int main(int argc, char** argv) {
  const long n = argc > 2 ? std::atol(argv[2]) : 100000;
  const char* what = argc > 1 ? argv[1] : "tokens";
  jsonjit::serializer_options options;
  options.engine(jsonjit::engine::jit);
  const LoginViewModel login{"name.familyname@not.com", "abcdefgh123456!@", true};
  const std::string json = jsonjit::serialize(login, options);
  std::size_t check = 0;
  if (std::strcmp(what, "tokens") == 0) {  // n tokens: {"a":[1,2,...]} read n/... times
    std::string text = "[";
    for (int i = 0; i < 1000; ++i) text += i == 0 ? "1" : ",1";
    text += ']';
    for (long round = 0; round < n / 1002; ++round) {
      jsonjit::reader r(text);
      while (r.read()) ++check;
    }
  } else if (std::strcmp(what, "write") == 0) {
    std::string out;
    for (long i = 0; i < n; ++i) {
      out.clear();
      jsonjit::serialize_to(login, out, options);
      check += out.size();
    }
  } else if (std::strcmp(what, "read") == 0) {
    LoginViewModel back;
    for (long i = 0; i < n; ++i) {
      if (jsonjit::deserialize_into(back, json, options)) return 1;
      check += back.Email.size();
    }
  } else {
    return 2;
  }
  std::printf("%s %zu\n", what, check);
  return 0;
}
