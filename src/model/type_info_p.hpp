// The resolved type model: a type_descriptor with one options object applied (names under the
// naming policy and escaped, ignore conditions and converters decided, lookups built). This is
// what the engines execute; one per (type, options), made on first use and never changed.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <jsonjit/serializer_options.hpp>
#include <jsonjit/type_model.hpp>
#include <jsonjit/writer.hpp>

#include "model/compiled_functions_p.hpp"

namespace jsonjit::detail {

struct type_info;

/// Whether the JIT compiled a type (tried once per type and options).
enum class jit_state : std::uint8_t { untried, compiled, refused };

/// One compiled function of a type (tried once per type and options): set under the context's
/// JIT lock, then published by `state`.
template <class Fn>
struct jit_entry {
  mutable std::atomic<jit_state> state{jit_state::untried};
  mutable Fn fn = nullptr;
  mutable std::string refusal;  ///< why it was not compiled
  /// The function once it is compiled, else null (one acquire load: the fast path of every
  /// call through the front door).
  Fn compiled() const noexcept {
    return state.load(std::memory_order_acquire) == jit_state::compiled ? fn : nullptr;
  }
};

/// When a property is left out of the output, after the options' default was applied.
enum class write_condition : std::uint8_t { always, never, unless_null, unless_default };

struct property_info {
  const property_descriptor* descriptor;
  const type_info* type;
  std::string json_name;  ///< after the naming policy, unescaped
  encoded_text encoded;   ///< json_name escaped for the options' encoder
  write_condition write;
  bool readable;  ///< reading can store it (a member or a setter)
  bool required;
  /// The encoded name has no escapes: reading can compare it with the input's bytes.
  bool plain_name;
  /// An argument of the type's constructor (meta<T>::constructor).
  bool constructor_argument;
  std::uint32_t index;
  const converter_descriptor* converter;  ///< the property's own converter, or null
};

/// An enumerator's name as written, and its value.
struct enum_name {
  std::int64_t value;
  std::string_view name;
  encoded_text encoded;
  std::string folded;  // the name case-folded: text names it where it folds to this
};

struct type_info {
  const type_descriptor* descriptor;
  type_kind kind;
  const serializer_options* options;

  std::vector<property_info> properties;  ///< object
  /// Name lookup for reading (objects with more than a few properties); keys are the JSON
  /// names, ASCII-lower-cased when names are case-insensitive.
  std::unordered_map<std::string_view, std::uint32_t> by_name;
  std::vector<std::string> folded_names;  ///< the lower-cased names by_name views
  std::uint64_t required_mask = 0;  ///< bit i: property i is required (first 64 properties)
  bool more_required = false;       ///< a required property beyond the first 64
  int extension_data = -1;          ///< the property collecting unknown members
  /// Built by its descriptor's constructor: the property index of each argument, in order.
  std::vector<std::uint32_t> constructor_arguments;
  bool disallow_unmapped = false;

  const type_info* element = nullptr;  ///< nullable value, sequence element, map value
  const type_info* key = nullptr;      ///< map key
  std::vector<const type_info*> elements;  ///< tuple positions, variant alternatives
  std::vector<encoded_text> tags;          ///< variant: discriminator values (as strings)
  encoded_text discriminator;              ///< variant: the discriminator property
  bool tagged = false;                     ///< variant: alternatives carry tags
  std::vector<enum_name> enum_names;       ///< enumerations written as names
  const converter_descriptor* converter = nullptr;  ///< custom, or a converter from the options

  /// Reading can make a new value: default-constructed and filled in, or built by its
  /// constructor (not where a converter reads it: converters fill a constructed value).
  bool can_read_new() const noexcept {
    return descriptor->construct != nullptr || (kind == type_kind::object && descriptor->constructor != nullptr);
  }

  /// Output size of the last serialization of this type (to reserve a string's size ahead).
  mutable std::atomic<std::size_t> size_hint{0};

  /// The JIT's writer and reader (src/engines/jit/). Generated code of enclosing types calls
  /// through &jit_write.fn and &jit_read.fn.
  jit_entry<jit::write_fn> jit_write;
  jit_entry<jit::read_fn> jit_read;
  /// Objects built by a constructor: how jit_read builds them (set before it is published;
  /// its deleter comes from the JIT, which makes it, so the type model need not see the JIT).
  mutable std::unique_ptr<jit::constructed_reader, void (*)(jit::constructed_reader*)> jit_constructed{nullptr,
                                                                                                      nullptr};
  /// Tagged variants: per alternative, the compiled writer of its object with the
  /// discriminator first, which jit_write calls through these slots (set before it is
  /// published; null for an alternative without a tag).
  mutable std::unique_ptr<jit::write_fn[]> jit_tagged_writers;
  /// ... and the compiled reader of its members after the discriminator (function_shape::object_rest).
  mutable std::unique_ptr<jit::read_fn[]> jit_tagged_readers;
};

/// The enumerator `text` names, case-insensitively (case folding, as STJ's string enum
/// converter ignores case), or null. The text is folded once, on the stack.
const enum_name* find_enumerator(const type_info& info, std::string_view text) noexcept;

/// The per-options state: every type resolved so far. Lookups take no lock.
/// Why a type cannot be serialized with some options: unsupported_type (no description and
/// no converter) or conflicting_property_names; `name` names the type (and the JSON name).
struct type_refusal {
  error_code code = error_code::none;
  std::string name;
};

class options_context {
 public:
  explicit options_context(const serializer_options& options)
      : options_(options), writing_(options.writer_settings()), reading_(options.reader_settings()) {}
  options_context(const options_context&) = delete;
  options_context& operator=(const options_context&) = delete;

  /// The type resolved before for `descriptor`, found without a lock (every call of the front
  /// doors asks); null if it has not been resolved.
  const type_info* cached(const type_descriptor& descriptor) const noexcept {
    const std::size_t start = slot_of(&descriptor);
    for (std::size_t i = 0; i < probe_limit; ++i) {
      const slot& s = slots_[(start + i) % slot_count];
      const type_descriptor* key = s.key.load(std::memory_order_acquire);
      if (key == &descriptor) return s.info.load(std::memory_order_relaxed);
      if (key == nullptr) break;
    }
    return nullptr;
  }
  /// The resolved type for `descriptor` (resolved on first request). Null when a type in it
  /// cannot be resolved; `refusal` then says why and names the type.
  const type_info* find(const type_descriptor& descriptor, type_refusal& refusal) noexcept {
    if (const type_info* hit = cached(descriptor)) return hit;
    return resolve(descriptor, refusal);
  }

  const serializer_options& options() const noexcept { return options_; }
  /// The writer and reader settings of the options, made once (they no longer change): a
  /// copy per call from here costs no more than its loads.
  const writer_options& writing() const noexcept { return writing_; }
  const reader_options& reading() const noexcept { return reading_; }

  /// The JIT compiles under this lock, into this memory (made by the first compilation, under
  /// the lock; freed with the options).
  std::mutex& jit_mutex() noexcept { return jit_mutex_; }
  jit::code_memory& code();

 private:
  static constexpr std::size_t slot_count = 1024, probe_limit = 32;
  struct slot {
    std::atomic<const type_descriptor*> key{nullptr};
    std::atomic<const type_info*> info{nullptr};
  };
  static std::size_t slot_of(const type_descriptor* d) noexcept {
    return (reinterpret_cast<std::uintptr_t>(d) >> 4) * 0x9E3779B97F4A7C15ull >> 54;
  }
  /// One resolution: the types it made (forgotten together if it fails) and the type that
  /// could not be resolved.
  struct attempt {
    std::vector<const type_descriptor*> created;
    type_refusal refusal;  // the innermost type that failed, and why
  };
  const type_info* resolve(const type_descriptor& descriptor, type_refusal& refusal) noexcept;
  type_info* resolve_locked(const type_descriptor& descriptor, attempt& a);
  bool complete(type_info& info, attempt& a);
  void publish(const type_descriptor* descriptor, const type_info* info);

  const serializer_options& options_;
  const writer_options writing_;
  const reader_options reading_;
  std::mutex mutex_;
  std::mutex jit_mutex_;
  // (Its deleter comes from the code that makes it, so the type model need not see the JIT.)
  std::unique_ptr<jit::code_memory, void (*)(jit::code_memory*)> code_{nullptr, nullptr};
  // Every resolved type, owned; also the lookup when the slot table has no room.
  std::unordered_map<const type_descriptor*, std::unique_ptr<type_info>> all_;
  slot slots_[slot_count];
};

}  // namespace jsonjit::detail
