// Whether a sanitizer instruments this build (GCC says so by a macro, clang by a feature), and
// its interface where one does. Private to the library.
#pragma once

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define JSONJIT_ASAN 1
#endif
#if __has_feature(thread_sanitizer)
#define JSONJIT_TSAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define JSONJIT_ASAN 1
#endif
#if defined(__SANITIZE_THREAD__)
#define JSONJIT_TSAN 1
#endif

#if defined(JSONJIT_ASAN)
#include <sanitizer/asan_interface.h>
#endif
#if defined(JSONJIT_TSAN)
#include <sanitizer/tsan_interface.h>
#endif
