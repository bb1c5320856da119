#include <jsonjit/version.hpp>

#define JSONJIT_STR2(x) #x
#define JSONJIT_STR(x) JSONJIT_STR2(x)

const char* jsonjit::version_string() noexcept {
  return JSONJIT_STR(JSONJIT_VERSION_MAJOR) "." JSONJIT_STR(JSONJIT_VERSION_MINOR) "." JSONJIT_STR(
      JSONJIT_VERSION_PATCH);
}
