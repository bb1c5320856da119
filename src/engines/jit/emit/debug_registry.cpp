#include "engines/jit/emit/debug_registry_p.hpp"

#include "engines/jit/emit/frame_convention_p.hpp"

#include <elf.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <string>
#include <vector>

// GDB sets a breakpoint in __jit_debug_register_code and reads the list in
// __jit_debug_descriptor when it is hit. Weak and visible to the dynamic linker (also from a
// shared libjsonjit.so), so that another JIT in the same program (LLVM's, for one) shares the
// one list instead of clashing at link time or keeping a second one GDB does not read.
extern "C" {
[[gnu::weak, gnu::noinline, gnu::used, gnu::visibility("default")]] void __jit_debug_register_code() {
  asm volatile("" ::: "memory");
}
[[gnu::weak, gnu::used, gnu::visibility("default")]] jit_descriptor __jit_debug_descriptor = {1, 0, nullptr, nullptr};
}

namespace jsonjit::detail::jit {

struct debug_entry {
  jit_code_entry gdb{};
  std::vector<unsigned char> object;  // the ELF image GDB reads
};

namespace {

std::mutex& registry_mutex() {
  static std::mutex m;
  return m;
}

/// Appends little-endian values and DWARF's variable-length numbers.
class byte_writer {
 public:
  explicit byte_writer(std::vector<unsigned char>& out) : out_(out) {}
  template <class T>
  void put(const T& value) {
    bytes(std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(&value), sizeof value));
  }
  void uleb(std::uint64_t v) {
    do {
      unsigned char byte = v & 0x7F;
      v >>= 7;
      out_.push_back(static_cast<unsigned char>(byte | (v != 0 ? 0x80 : 0)));
    } while (v != 0);
  }
  void sleb(std::int64_t v) {
    for (;;) {
      const auto byte = static_cast<unsigned char>(v & 0x7F);
      v >>= 6;  // arithmetic: the sign stays
      const bool done = v == 0 || v == -1;
      v >>= 1;
      out_.push_back(static_cast<unsigned char>(byte | (done ? 0 : 0x80)));
      if (done) return;
    }
  }
  // (resize and copy: GCC 12 warns wrongly about vector::insert of a few bytes)
  void bytes(std::span<const std::uint8_t> b) {
    const std::size_t at = out_.size();
    out_.resize(at + b.size());
    if (!b.empty()) std::memcpy(out_.data() + at, b.data(), b.size());
  }
  void pad_to(std::size_t alignment) {
    while (out_.size() % alignment != 0) out_.push_back(0);
  }
  std::size_t size() const { return out_.size(); }
  /// Stores the 32-bit length of what follows `at` up to now into `at`.
  void patch_length(std::size_t at) {
    const auto length = static_cast<std::uint32_t>(out_.size() - at - 4);
    std::memcpy(out_.data() + at, &length, 4);
  }

 private:
  std::vector<unsigned char>& out_;
};

/// .eh_frame: one CIE (the processor's frame on entry, frame_convention_p.hpp) and one FDE
/// covering the function, with its frame's instructions; then the terminator.
std::vector<unsigned char> eh_frame(const void* code, std::size_t size, std::span<const std::uint8_t> unwind) {
  const frame_convention& convention = host_frame_convention();
  std::vector<unsigned char> out;
  out.reserve(64 + unwind.size());  // (one allocation: registering is part of every compilation)
  byte_writer w(out);
  const std::size_t cie = w.size();
  w.put(std::uint32_t{0});  // length, patched
  w.put(std::uint32_t{0});  // CIE id
  w.put(std::uint8_t{1});   // version
  w.bytes(std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>("zR"), 3));  // with its NUL
  w.uleb(1);                // code alignment
  w.sleb(-8);               // data alignment
  w.uleb(convention.return_address_register);
  w.uleb(1);                // augmentation data size
  w.put(std::uint8_t{0});   // FDE addresses: DW_EH_PE_absptr
  w.bytes(convention.initial_instructions);
  w.pad_to(8);
  w.patch_length(cie);
  const std::size_t fde = w.size();
  w.put(std::uint32_t{0});  // length, patched
  w.put(static_cast<std::uint32_t>(fde + 4 - cie));  // back to the CIE
  w.put(reinterpret_cast<std::uint64_t>(code));
  w.put(static_cast<std::uint64_t>(size));
  w.uleb(0);  // augmentation data size
  w.bytes(unwind);
  w.pad_to(8);
  w.patch_length(fde);
  w.put(std::uint32_t{0});  // terminator
  return out;
}

/// A relocatable ELF object whose .text (no bytes: the code is where it runs) lies at the
/// function's address, one function symbol naming it, and its unwind table.
std::vector<unsigned char> elf_object(const void* code, std::size_t size, std::string_view name,
                                      std::span<const std::uint8_t> unwind) {
  enum : std::uint16_t { null_section, text, frames, symtab, strtab, shstrtab, section_count };
  const std::string section_names = std::string("\0.text\0.eh_frame\0.symtab\0.strtab\0.shstrtab\0", 43);
  const std::uint32_t name_at[section_count] = {0, 1, 7, 17, 25, 33};
  const std::string symbol_names = std::string("\0", 1) + std::string(name) + std::string("\0", 1);
  const std::vector<unsigned char> frame_table = eh_frame(code, size, unwind);

  std::vector<unsigned char> out;
  out.reserve(sizeof(Elf64_Ehdr) + frame_table.size() + 2 * sizeof(Elf64_Sym) + symbol_names.size() +
              section_names.size() + section_count * sizeof(Elf64_Shdr) + 32);  // the padding
  out.resize(sizeof(Elf64_Ehdr));
  byte_writer w(out);
  Elf64_Shdr sections[section_count]{};
  auto place = [&](std::uint16_t index, const void* data, std::size_t n, std::size_t alignment) {
    w.pad_to(alignment);
    sections[index].sh_offset = w.size();
    sections[index].sh_size = n;
    sections[index].sh_addralign = alignment;
    w.bytes(std::span<const std::uint8_t>(static_cast<const std::uint8_t*>(data), n));
  };
  place(frames, frame_table.data(), frame_table.size(), 8);
  Elf64_Sym symbols[2]{};
  symbols[1].st_name = 1;
  symbols[1].st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC);
  symbols[1].st_shndx = text;
  symbols[1].st_value = 0;  // relative to .text, which lies at the function
  symbols[1].st_size = size;
  place(symtab, symbols, sizeof symbols, 8);
  place(strtab, symbol_names.data(), symbol_names.size(), 1);
  place(shstrtab, section_names.data(), section_names.size(), 1);

  sections[text].sh_type = SHT_NOBITS;
  sections[text].sh_flags = SHF_ALLOC | SHF_EXECINSTR;
  sections[text].sh_addr = reinterpret_cast<std::uint64_t>(code);
  sections[text].sh_size = size;
  sections[text].sh_addralign = 16;
  sections[frames].sh_type = SHT_PROGBITS;
  sections[frames].sh_flags = SHF_ALLOC;
  sections[symtab].sh_type = SHT_SYMTAB;
  sections[symtab].sh_link = strtab;
  sections[symtab].sh_info = 1;  // the first global symbol
  sections[symtab].sh_entsize = sizeof(Elf64_Sym);
  sections[strtab].sh_type = SHT_STRTAB;
  sections[shstrtab].sh_type = SHT_STRTAB;
  for (std::uint16_t i = 0; i < section_count; ++i) sections[i].sh_name = name_at[i];

  w.pad_to(8);
  const std::size_t section_table = w.size();
  w.bytes(std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(sections), sizeof sections));

  Elf64_Ehdr header{};
  std::memcpy(header.e_ident, ELFMAG, SELFMAG);
  header.e_ident[EI_CLASS] = ELFCLASS64;
  header.e_ident[EI_DATA] = ELFDATA2LSB;
  header.e_ident[EI_VERSION] = EV_CURRENT;
  header.e_ident[EI_OSABI] = ELFOSABI_SYSV;
  header.e_type = ET_REL;
  header.e_machine = host_frame_convention().elf_machine;
  header.e_version = EV_CURRENT;
  header.e_shoff = section_table;
  header.e_ehsize = sizeof(Elf64_Ehdr);
  header.e_shentsize = sizeof(Elf64_Shdr);
  header.e_shnum = section_count;
  header.e_shstrndx = shstrtab;
  std::memcpy(out.data(), &header, sizeof header);
  return out;
}

/// perf's map of JIT code: "START SIZE NAME" per line, in hexadecimal.
void add_to_perf_map(const void* code, std::size_t size, std::string_view name) {
  static const bool wanted = [] {
    const char* v = std::getenv("JSONJIT_PERF_MAP");
    return v != nullptr && *v != '\0' && std::strcmp(v, "0") != 0;
  }();
  if (!wanted) return;
  char path[64];
  std::snprintf(path, sizeof path, "/tmp/perf-%ld.map", static_cast<long>(::getpid()));
  if (std::FILE* f = std::fopen(path, "a")) {
    std::fprintf(f, "%lx %zx %.*s\n", static_cast<unsigned long>(reinterpret_cast<std::uintptr_t>(code)), size,
                 static_cast<int>(name.size()), name.data());
    std::fclose(f);
  }
}

}  // namespace

debug_entry* register_function(const void* code, std::size_t size, std::string_view name,
                               std::span<const std::uint8_t> unwind) noexcept {
  try {
    auto* entry = new debug_entry;
    entry->object = elf_object(code, size, name, unwind);
    entry->gdb.symfile_addr = reinterpret_cast<const char*>(entry->object.data());
    entry->gdb.symfile_size = entry->object.size();
    const std::lock_guard lock(registry_mutex());
    add_to_perf_map(code, size, name);
    entry->gdb.next_entry = __jit_debug_descriptor.first_entry;
    if (entry->gdb.next_entry != nullptr) entry->gdb.next_entry->prev_entry = &entry->gdb;
    __jit_debug_descriptor.first_entry = &entry->gdb;
    __jit_debug_descriptor.relevant_entry = &entry->gdb;
    __jit_debug_descriptor.action_flag = 1;
    __jit_debug_register_code();
    return entry;
  } catch (...) {
    return nullptr;
  }
}

void unregister_function(debug_entry* entry) noexcept {
  if (entry == nullptr) return;
  {
    const std::lock_guard lock(registry_mutex());
    jit_code_entry& e = entry->gdb;
    if (e.prev_entry != nullptr) {
      e.prev_entry->next_entry = e.next_entry;
    } else {
      __jit_debug_descriptor.first_entry = e.next_entry;
    }
    if (e.next_entry != nullptr) e.next_entry->prev_entry = e.prev_entry;
    __jit_debug_descriptor.relevant_entry = &e;
    __jit_debug_descriptor.action_flag = 2;
    __jit_debug_register_code();
  }
  delete entry;
}

}  // namespace jsonjit::detail::jit
