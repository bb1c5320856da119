// Resolution: applying one options object to type descriptors.
#include <algorithm>
#include <mutex>
#include <string>

#include "model/type_info_p.hpp"
#include "text/case_folding_p.hpp"

namespace jsonjit::detail {
namespace {

write_condition condition_of(property_ignore ignore, default_ignore fallback) noexcept {
  switch (ignore) {
    case property_ignore::never: return write_condition::always;
    case property_ignore::always: return write_condition::never;
    case property_ignore::when_writing_null: return write_condition::unless_null;
    case property_ignore::when_writing_default: return write_condition::unless_default;
    case property_ignore::inherit: break;
  }
  switch (fallback) {
    case default_ignore::when_writing_null: return write_condition::unless_null;
    case default_ignore::when_writing_default: return write_condition::unless_default;
    case default_ignore::never: break;
  }
  return write_condition::always;
}

bool is_valid_key(const type_info& key) noexcept {
  const type_kind kind = key.kind;
  if (kind == type_kind::custom) return key.converter->write_key != nullptr && key.converter->read_key != nullptr;
  return kind == type_kind::string || kind == type_kind::enumeration || kind == type_kind::character ||
         (is_number_kind(kind) && kind != type_kind::float32 && kind != type_kind::float64);
}

/// Names come from C++ source or from meta; invalid UTF-8 there becomes U+FFFD (a writer
/// option already does this) rather than failing every use of the type.
encoded_text encode(std::string_view text, escape_mode mode) {
  return encoded_text::encode(text, mode, true).value();
}

}  // namespace

const type_info* options_context::resolve(const type_descriptor& descriptor, type_refusal& refusal) noexcept {
  std::lock_guard lock(mutex_);
  if (auto it = all_.find(&descriptor); it != all_.end()) return it->second.get();
  attempt a;
  type_info* info = resolve_locked(descriptor, a);
  if (info == nullptr) {
    // Something below could not be resolved: forget everything this attempt made, since the
    // types made may point at each other.
    for (const type_descriptor* d : a.created) all_.erase(d);
    refusal = std::move(a.refusal);
    return nullptr;
  }
  for (const type_descriptor* d : a.created) publish(d, all_[d].get());
  return info;
}

void options_context::publish(const type_descriptor* descriptor, const type_info* info) {
  const std::size_t start = slot_of(descriptor);
  for (std::size_t i = 0; i < probe_limit; ++i) {
    slot& s = slots_[(start + i) % slot_count];
    if (s.key.load(std::memory_order_relaxed) == nullptr) {
      s.info.store(info, std::memory_order_relaxed);
      s.key.store(descriptor, std::memory_order_release);
      return;
    }
  }
  // No free slot near: find() falls back to resolve(), which finds it in all_ under the lock.
}

type_info* options_context::resolve_locked(const type_descriptor& descriptor, attempt& a) {
  if (auto it = all_.find(&descriptor); it != all_.end()) return it->second.get();
  auto owned = std::make_unique<type_info>();
  type_info& info = *owned;
  all_.emplace(&descriptor, std::move(owned));
  a.created.push_back(&descriptor);
  info.descriptor = &descriptor;
  info.kind = descriptor.kind;
  info.options = &options_;
  if (!complete(info, a)) {
    if (a.refusal.code == error_code::none) a.refusal = {error_code::unsupported_type, std::string(descriptor.name)};
    return nullptr;
  }
  return &info;
}

namespace {

/// Finds each constructor argument's property (by declared name, of the argument's type); the
/// arguments are read like any property, even where the property has no setter.
bool bind_constructor(type_info& info) {
  const constructor_descriptor& c = *info.descriptor->constructor;
  for (std::size_t i = 0; i < c.parameters.size(); ++i) {
    auto it = std::find_if(info.properties.begin(), info.properties.end(),
                           [&](const property_info& p) { return p.descriptor->name == c.parameters[i]; });
    if (it == info.properties.end() || &it->descriptor->type() != &c.types[i]() || it->descriptor->extension_data ||
        it->descriptor->converter != nullptr || !it->type->can_read_new()) {
      return false;
    }
    it->readable = it->descriptor->ignore != property_ignore::always;
    it->constructor_argument = true;
    info.constructor_arguments.push_back(it->index);
  }
  // The other properties are stored once the object exists: members by move assignment.
  for (const property_info& p : info.properties) {
    if (!p.constructor_argument && p.readable && p.descriptor->offset >= 0 && p.type->descriptor->move_assign == nullptr) {
      return false;
    }
  }
  return true;
}

}  // namespace

namespace {

/// Whether the property is written or read under its name (not ignored, not extension data).
bool takes_part(const property_info& p) noexcept {
  return p.write != write_condition::never || p.readable;
}

/// Enters the property's name into the type's lookup. Two properties that take part and share
/// a name (as the naming policy or case-insensitive reading makes them) would write the name
/// twice, so that one value is lost to any reader: false (System.Text.Json refuses them too).
/// An ignored property gives way to one that takes part.
bool index_name(type_info& info, std::string_view key, const property_info& p) {
  const auto [it, added] = info.by_name.emplace(key, p.index);
  if (added || !takes_part(p)) return true;
  if (takes_part(info.properties[it->second])) return false;
  it->second = p.index;
  return true;
}

}  // namespace

bool options_context::complete(type_info& info, attempt& a) {
  const type_descriptor& d = *info.descriptor;
  const escape_mode mode = options_.escaping();
  // A converter in the options replaces the type's own description (the latest added wins).
  const auto& converters = options_.converters();
  for (auto it = converters.rbegin(); it != converters.rend(); ++it) {
    if (it->type_key == d.key) {
      info.kind = type_kind::custom;
      info.converter = &it->calls;
      return true;
    }
  }
  switch (d.kind) {
    case type_kind::opaque: return false;
    case type_kind::custom: info.converter = d.converter; return true;
    case type_kind::object: {
      info.properties.reserve(d.properties.size());
      info.disallow_unmapped = d.disallow_unmapped;
      for (const property_descriptor& p : d.properties) {
        property_info prop{};
        prop.descriptor = &p;
        prop.type = resolve_locked(p.type(), a);
        if (prop.type == nullptr) return false;
        prop.json_name = apply_naming_policy(options_.naming(), p.name);
        prop.encoded = encode(prop.json_name, mode);
        prop.plain_name = prop.encoded.escaped().find('\\') == std::string_view::npos;
        prop.write = p.offset < 0 && p.get == nullptr ? write_condition::never
                                                       : condition_of(p.ignore, options_.default_ignore());
        prop.readable = p.ignore != property_ignore::always && (p.offset >= 0 || p.set != nullptr) &&
                        (p.converter != nullptr ? prop.type->descriptor->construct != nullptr : prop.type->can_read_new());
        prop.required = p.required;
        prop.index = static_cast<std::uint32_t>(info.properties.size());
        prop.converter = p.converter;
        if (p.required) {
          if (prop.index < 64) {
            info.required_mask |= std::uint64_t{1} << prop.index;
          } else {
            info.more_required = true;
          }
        }
        if (p.extension_data) {
          if (prop.type->kind != type_kind::map) return false;
          info.extension_data = static_cast<int>(prop.index);
          prop.write = write_condition::never;  // its entries are written as properties
          prop.readable = false;
        }
        info.properties.push_back(std::move(prop));
      }
      if (d.constructor != nullptr && !bind_constructor(info)) return false;
      // The lookup keys view the names: built once the vector no longer moves.
      if (options_.case_insensitive_names()) {
        info.folded_names.reserve(info.properties.size());
        for (const property_info& p : info.properties) {
          fold_case(p.json_name, info.folded_names.emplace_back());
        }
      }
      for (const property_info& p : info.properties) {
        const std::string_view key = options_.case_insensitive_names() ? info.folded_names[p.index] : p.json_name;
        if (!index_name(info, key, p)) {
          a.refusal = {error_code::conflicting_property_names, std::string(d.name) + ": " + p.json_name};
          return false;
        }
      }
      return true;
    }
    case type_kind::nullable:
    case type_kind::sequence:
      info.element = resolve_locked(d.element(), a);
      return info.element != nullptr;
    case type_kind::map:
      info.element = resolve_locked(d.element(), a);
      info.key = resolve_locked(d.map_key(), a);
      return info.element != nullptr && info.key != nullptr && is_valid_key(*info.key);
    case type_kind::tuple:
      for (const element_descriptor& e : d.elements) {
        const type_info* element = resolve_locked(e.type(), a);
        if (element == nullptr) return false;
        info.elements.push_back(element);
      }
      return true;
    case type_kind::variant: {
      info.discriminator = encode(d.discriminator, mode);
      for (const element_descriptor& e : d.elements) {
        const type_info* alternative = resolve_locked(e.type(), a);
        if (alternative == nullptr || alternative->descriptor->construct == nullptr) return false;
        info.elements.push_back(alternative);
        info.tags.push_back(encode(e.tag, mode));
        if (!e.tag.empty()) info.tagged = true;
      }
      // A tag goes into the alternative's object: tagged alternatives must be objects.
      for (std::size_t i = 0; i < d.elements.size(); ++i) {
        if (!d.elements[i].tag.empty() && info.elements[i]->kind != type_kind::object) return false;
      }
      return true;
    }
    case type_kind::enumeration:
      for (const enumerator_descriptor& e : d.enumerators) {
        enum_name& added = info.enum_names.emplace_back(enum_name{e.value, e.name, encode(e.name, mode), {}});
        fold_case(e.name, added.folded);
      }
      return true;
    default: return true;
  }
}

const enum_name* find_enumerator(const type_info& info, std::string_view text) noexcept {
  char on_stack[256];
  // (A folding is at most one and a half times as long; a longer text folds on the way.)
  const bool fits = text.size() <= sizeof on_stack / 2;
  const std::string_view folded = fits ? std::string_view(on_stack, fold_case(text, on_stack)) : std::string_view();
  for (const enum_name& e : info.enum_names) {
    if (fits ? folded == e.folded : folds_to(text, e.folded)) return &e;
  }
  return nullptr;
}

}  // namespace jsonjit::detail
