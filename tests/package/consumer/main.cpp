// A program built against the installed package: writes JSON, reads it back.
#include <cstdio>

#include <jsonjit/jsonjit.hpp>

int main() {
  jsonjit::memory_output out;
  jsonjit::writer w(out);
  w.start_object();
  w.property_name("consumer");
  w.start_array();
  w.number_value(1);
  w.bool_value(true);
  w.end_array();
  w.end_object();
  jsonjit::reader r(out.view());
  int tokens = 0;
  while (r.read()) ++tokens;
  if (!w.ok() || r.error() || tokens != 7) return 1;
  std::printf("%.*s\n", static_cast<int>(out.size()), out.data());
  return 0;
}
