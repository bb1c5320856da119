// The one place the version is defined; CMakeLists.txt reads it from here.
#pragma once

#include <jsonjit/detail/export.hpp>

#define JSONJIT_VERSION_MAJOR 0
#define JSONJIT_VERSION_MINOR 1
#define JSONJIT_VERSION_PATCH 0

#define JSONJIT_VERSION (JSONJIT_VERSION_MAJOR * 10000 + JSONJIT_VERSION_MINOR * 100 + JSONJIT_VERSION_PATCH)

JSONJIT_EXPORT_BEGIN
namespace jsonjit {
/// The library's version as "MAJOR.MINOR.PATCH" (of the built library, not of the headers).
const char* version_string() noexcept;
}  // namespace jsonjit
JSONJIT_EXPORT_END
