// What a shared libjsonjit.so exports: everything the public headers declare — the API, and
// the functions and classes their inline code and templates call — and nothing else. The
// library is compiled with hidden visibility; each public header puts its declarations between
// JSONJIT_EXPORT_BEGIN and JSONJIT_EXPORT_END, which give them default visibility. (For the
// static library the pair changes nothing a linker sees.)
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define JSONJIT_EXPORT_BEGIN _Pragma("GCC visibility push(default)")
#define JSONJIT_EXPORT_END _Pragma("GCC visibility pop")
#else
#define JSONJIT_EXPORT_BEGIN
#define JSONJIT_EXPORT_END
#endif
