// Loads the plugin (plugin.cpp) with dlopen, as a server would — the host itself does not link
// jsonjit: the plugin brings libjsonjit.so — runs it, unloads it, and does it all again (a
// plugin reloaded after an update). Usage: jsonjit_plugin_host PLUGIN.so
#include <dlfcn.h>

#include <cstdio>
#include <cstring>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s PLUGIN.so\n", argv[0]);
    return 2;
  }
  const char* expected = R"({"sensor":"probe-7","celsius":21.5,"samples":[3,1,4],"calibrated":true} valid rejects)";
  for (int round = 0; round < 2; ++round) {
    void* plugin = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (plugin == nullptr) {
      std::fprintf(stderr, "dlopen: %s\n", dlerror());
      return 1;
    }
    using run_fn = int (*)(char*, int);
    auto run = reinterpret_cast<run_fn>(dlsym(plugin, "jsonjit_plugin_run"));
    if (run == nullptr) {
      std::fprintf(stderr, "dlsym: %s\n", dlerror());
      return 1;
    }
    char said[512];
    run(said, sizeof said);
    std::printf("round %d: %s\n", round, said);
    if (std::strcmp(said, expected) != 0) {
      std::fprintf(stderr, "expected: %s\n", expected);
      return 1;
    }
    if (dlclose(plugin) != 0) {
      std::fprintf(stderr, "dlclose: %s\n", dlerror());
      return 1;
    }
  }
  return 0;
}
