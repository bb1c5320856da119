// The interpreter: the engine that walks a resolved type_info. It is the reference semantics
// (the JIT must produce the same bytes and the same errors) and runs wherever the JIT does not.
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include <jsonjit/error.hpp>
#include <jsonjit/reader.hpp>
#include <jsonjit/writer.hpp>

#include "model/type_info_p.hpp"

namespace jsonjit::detail {

/// The JSON path of a failure, collected innermost first while the engine unwinds (so
/// success costs nothing for it).
class failure_path {
 public:
  void add_name(std::string_view name) { segments_.push_back({std::string(name), 0, true}); }
  void add_index(std::size_t index) { segments_.push_back({{}, index, false}); }
  /// "$.Events[3].Name"
  std::string str() const;

 private:
  struct segment {
    std::string name;
    std::size_t index;
    bool is_name;
  };
  std::vector<segment> segments_;
};

/// Storage of `size` bytes aligned to `align`: on the stack when small, else on the heap.
class scratch_storage {
 public:
  scratch_storage(std::size_t size, std::size_t align) {
    if (size > sizeof(local_) || align > alignof(std::max_align_t)) {
      heap_ = heap_pointer(static_cast<unsigned char*>(::operator new (size, std::align_val_t{align})),
                           aligned_delete{align});
    }
  }
  scratch_storage(const scratch_storage&) = delete;
  scratch_storage& operator=(const scratch_storage&) = delete;
  void* get() noexcept { return heap_ ? heap_.get() : local_; }

 private:
  struct aligned_delete {
    std::size_t align;
    void operator()(unsigned char* p) const noexcept { ::operator delete (p, std::align_val_t{align}); }
  };
  using heap_pointer = std::unique_ptr<unsigned char, aligned_delete>;
  alignas(std::max_align_t) unsigned char local_[256];
  heap_pointer heap_{nullptr, aligned_delete{0}};
};

/// Storage for one value of a described type (getter results, setter arguments, set elements,
/// map keys), destroyed with it once constructed.
class temporary {
 public:
  explicit temporary(const type_descriptor& type) : type_(type), storage_(type.size, type.align) {}
  temporary(const temporary&) = delete;
  temporary& operator=(const temporary&) = delete;
  ~temporary() {
    if (constructed_) type_.destroy(get());
  }
  void* get() noexcept { return storage_.get(); }
  /// After a value was constructed in get().
  void constructed() noexcept { constructed_ = true; }
  /// Default-constructs the value (the type must be constructible).
  void* construct() {
    type_.construct(get());
    constructed_ = true;
    return get();
  }

 private:
  const type_descriptor& type_;
  scratch_storage storage_;
  bool constructed_ = false;
};

/// Writes `value` (of the type `info` describes) as one JSON value. On failure returns false;
/// the writer has the error and `path` where it happened.
bool interp_write(writer& out, const type_info& info, const void* value, failure_path& path);
/// The decimal text of the integer of `kind` at `value`, at `out` (max_number_chars of room),
/// as the interpreter writes integers; the end.
char* format_integer(char* out, type_kind kind, const void* value) noexcept;
/// The value of the integer of `kind` at `value` (uint64 as its bit pattern).
std::int64_t integer_value(type_kind kind, const void* value) noexcept;
/// One property of the object at `object` inside the object `out` is writing: its name and
/// value, or nothing when its ignore condition leaves it out. As interp_write on failure.
bool interp_write_property(writer& out, const property_info& property, const void* object,
                           failure_path& path);
/// The entries of the extension-data member of the object at `object` (of type `info`), as
/// members of the object `out` is writing. As interp_write on failure.
bool interp_write_extension(writer& out, const type_info& info, const void* object, failure_path& path);

/// What stopped a read: the code, where in the text, the path, and for missing or duplicate
/// properties the name.
struct read_failure {
  error_info where;
  failure_path path;
  std::string name;
};

/// Another way to read the object or array the reader is on into `target` (compiled code,
/// for readers of a stream): true if it did (the reader then is on the value's last token),
/// false to leave the value to the interpreter (which reads it again from its first token).
using read_shortcut = bool (*)(reader& in, const type_info& info, void* target);

/// Reads one JSON value into `target` (constructed, of the type `info` describes); the reader
/// is on the value's first token and is left on its last. On failure returns false with
/// `failure` filled in. With a `shortcut`, objects and arrays are offered to it first.
bool interp_read(reader& in, const type_info& info, void* target, read_failure& failure,
                 read_shortcut shortcut = nullptr);
/// The value of `property` (the reader is on it) into `object`, as when reading the object.
bool interp_read_property(reader& in, const property_info& property, void* object, read_failure& failure);
/// interp_read into `storage` where no object is yet (a type built by its constructor that has
/// no default constructor); the object is constructed there on success only.
bool interp_read_new(reader& in, const type_info& info, void* storage, read_failure& failure,
                     read_shortcut shortcut = nullptr);

}  // namespace jsonjit::detail
