#include "engines/jit/listing_p.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace jsonjit::detail::jit {
namespace {

/// JSONJIT_DUMP: unset, empty or "0" lists nothing; "1" lists to stderr; anything else is a
/// file the listings are appended to.
const char* dump_target() {
  static const char* const target = [] {
    const char* v = std::getenv("JSONJIT_DUMP");
    return v == nullptr || *v == '\0' || std::strcmp(v, "0") == 0 ? nullptr : v;
  }();
  return target;
}

}  // namespace

bool listing_wanted(const serializer_options& options) {
  return options.jit_dump() != nullptr || dump_target() != nullptr;
}

void deliver_listing(const serializer_options& options, std::string_view name, const placed_code& code,
                     std::string_view body) {
  char header[160];
  std::snprintf(header, sizeof header, "; %.*s: %zu bytes at %p\n", static_cast<int>(name.size()), name.data(),
                code.size, code.entry);
  std::string listing = header;
  listing += body;
  if (options.jit_dump() != nullptr) {
    options.jit_dump()(listing);
    return;
  }
  static std::mutex mutex;  // whole listings, not interleaved lines
  const std::lock_guard lock(mutex);
  const char* target = dump_target();
  if (std::strcmp(target, "1") == 0) {
    std::fwrite(listing.data(), 1, listing.size(), stderr);
  } else if (std::FILE* f = std::fopen(target, "a")) {
    std::fwrite(listing.data(), 1, listing.size(), f);
    std::fclose(f);
  }
}

}  // namespace jsonjit::detail::jit
