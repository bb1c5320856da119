// Objects built by their constructor (meta<T>::constructor), read by compiled code: the
// generated members function fills a frame of default-constructed property values, then the
// object is built from it exactly as the interpreter builds it (interp_read.cpp, construct):
// the constructor's arguments from their properties (default values where absent), then the
// other properties that appeared moved in or set.
#include <cstdint>
#include <cstring>

#include "engines/interp/interp_p.hpp"
#include "engines/jit/jit_p.hpp"
#include "model/type_info_p.hpp"

using jsonjit::detail::jit::constructed_reader;
using jsonjit::detail::jit::read_context;

namespace {

/// The frame's property values, constructed for as long as it lives.
class frame_values {
 public:
  frame_values(const constructed_reader& reader, char* frame) : reader_(reader), frame_(frame) {
    try {
      for (const jsonjit::detail::property_info& p : reader.type->properties) {
        if (reader.slots[p.index] < 0) continue;
        p.type->descriptor->construct(at(p.index));
        ++constructed_;
      }
    } catch (...) {
      destroy();
      throw;
    }
  }
  ~frame_values() { destroy(); }
  frame_values(const frame_values&) = delete;
  frame_values& operator=(const frame_values&) = delete;
  void* at(std::uint32_t index) const noexcept { return frame_ + reader_.slots[index]; }

 private:
  /// Destroys the values constructed (the first `constructed_`, should a constructor throw).
  void destroy() noexcept {
    for (const jsonjit::detail::property_info& p : reader_.type->properties) {
      if (constructed_ == 0) break;
      if (reader_.slots[p.index] < 0) continue;
      p.type->descriptor->destroy(at(p.index));
      --constructed_;
    }
  }

  const constructed_reader& reader_;
  char* frame_;
  std::size_t constructed_ = 0;
};

/// Builds the object in `storage` from the frame's values, `seen` the properties read.
void build(const constructed_reader& reader, const frame_values& values, std::uint64_t seen, void* storage) {
  const jsonjit::detail::type_info& type = *reader.type;
  void* arguments[64];  // a frame has at most 64 properties
  std::size_t n = 0;
  for (const std::uint32_t index : type.constructor_arguments) arguments[n++] = values.at(index);
  type.descriptor->constructor->construct(storage, arguments);
  for (const jsonjit::detail::property_info& p : type.properties) {
    if (p.constructor_argument || reader.slots[p.index] < 0 || ((seen >> p.index) & 1) == 0) continue;
    try {
      if (p.descriptor->offset >= 0) {
        p.type->descriptor->move_assign(static_cast<char*>(storage) + p.descriptor->offset,
                                        values.at(p.index));
      } else {
        p.descriptor->set(storage, values.at(p.index));
      }
    } catch (...) {
      type.descriptor->destroy(storage);
      throw;
    }
  }
}

}  // namespace

extern "C" const char* jsonjit_jit_read_constructed(read_context* context, void* target, const char* cur,
                                                    const constructed_reader* reader, bool is_new) noexcept {
  const jsonjit::type_descriptor& type = *reader->type->descriptor;
  try {
    jsonjit::detail::scratch_storage frame(reader->frame_size, reader->frame_align);
    char* const frame_base = static_cast<char*>(frame.get());
    const frame_values values(*reader, frame_base);
    cur = reader->members(context, frame_base, cur);
    if (cur == nullptr) return nullptr;
    std::uint64_t seen;
    std::memcpy(&seen, frame_base + reader->seen_offset, sizeof seen);
    if (is_new) {
      build(*reader, values, seen, target);
      return cur;
    }
    jsonjit::detail::temporary built(type);
    build(*reader, values, seen, built.get());
    built.constructed();
    type.move_assign(target, built.get());
    return cur;
  } catch (...) {
    return nullptr;  // a constructor or setter threw: the interpreter's replay throws it again
  }
}
