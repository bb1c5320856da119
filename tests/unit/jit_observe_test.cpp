// What the JIT shows of itself: listings of its functions (annotated assembly), the in-memory
// ELF objects it announces to GDB (names and unwind tables), the perf map.
#include <gtest/gtest.h>

#include <jsonjit/jsonjit.hpp>

#include <elf.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "dotnet_models.hpp"

#include "engines/jit/emit/debug_registry_p.hpp"  // GDB's JIT interface, as a debugger reads it

namespace jit_observe_test {
namespace {

// What the listings and ELF objects of this processor's code say.
#if defined(__aarch64__)
constexpr Elf64_Half host_machine = EM_AARCH64;
constexpr const char* first_instruction = "stp x29, x30";  // the frame saved
#else
constexpr Elf64_Half host_machine = EM_X86_64;
constexpr const char* first_instruction = "push rbx";
#endif

/// A function announced to GDB, as its ELF object describes it.
struct announced_function {
  std::string name;
  std::uint64_t address = 0, size = 0;
  std::uint64_t unwind_begin = 0, unwind_size = 0;  // the FDE's range
};

/// Reads an announced ELF object the way a debugger would: section table, symbol, FDE.
std::optional<announced_function> parse(const char* image, std::uint64_t size) {
  if (size < sizeof(Elf64_Ehdr)) return std::nullopt;
  Elf64_Ehdr header;
  std::memcpy(&header, image, sizeof header);
  if (std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 || header.e_machine != host_machine ||
      header.e_shoff + header.e_shnum * sizeof(Elf64_Shdr) > size) {
    return std::nullopt;
  }
  std::vector<Elf64_Shdr> sections(header.e_shnum);
  std::memcpy(sections.data(), image + header.e_shoff, header.e_shnum * sizeof(Elf64_Shdr));
  const char* section_names = image + sections[header.e_shstrndx].sh_offset;
  announced_function f;
  for (const Elf64_Shdr& s : sections) {
    const std::string name = section_names + s.sh_name;
    if (name == ".text") {
      f.address = s.sh_addr;
      f.size = s.sh_size;
    } else if (name == ".symtab") {
      Elf64_Sym symbol;
      std::memcpy(&symbol, image + s.sh_offset + sizeof(Elf64_Sym), sizeof symbol);  // after the null symbol
      f.name = image + sections[s.sh_link].sh_offset + symbol.st_name;
    } else if (name == ".eh_frame") {
      std::uint32_t cie_length;
      std::memcpy(&cie_length, image + s.sh_offset, 4);
      const char* fde = image + s.sh_offset + 4 + cie_length;
      std::memcpy(&f.unwind_begin, fde + 8, 8);
      std::memcpy(&f.unwind_size, fde + 16, 8);
    }
  }
  return f;
}

std::vector<announced_function> announced() {
  std::vector<announced_function> all;
  for (const jit_code_entry* e = __jit_debug_descriptor.first_entry; e != nullptr; e = e->next_entry) {
    if (auto f = parse(e->symfile_addr, e->symfile_size)) all.push_back(*f);
  }
  return all;
}

TEST(JitObserve, ListingsNameTheTypeAndItsProperties) {
  std::vector<std::string> listings;
  jsonjit::serializer_options options;
  options.jit_dump([&](std::string_view listing) { listings.emplace_back(listing); });
  const std::string json = jsonjit::serialize(models::make_login(), options);
  models::LoginViewModel read;
  ASSERT_FALSE(jsonjit::deserialize_into(read, json, options));
  ASSERT_EQ(listings.size(), 2u);
  EXPECT_EQ(listings[0].rfind("; jsonjit::write<models::LoginViewModel>: ", 0), 0u) << listings[0].substr(0, 80);
  EXPECT_EQ(listings[1].rfind("; jsonjit::read<models::LoginViewModel>: ", 0), 0u) << listings[1].substr(0, 80);
  for (const std::string& listing : listings) {
    for (const char* property : {"; property Email", "; property Password", "; property RememberMe"}) {
      EXPECT_NE(listing.find(property), std::string::npos) << property;
    }
    EXPECT_NE(listing.find(first_instruction), std::string::npos);  // the instructions themselves
    EXPECT_NE(listing.find("ret"), std::string::npos);
  }
  EXPECT_NE(listings[1].find("looked up"), std::string::npos);  // the reader's lookup path
}

// Without a listing, fixed instruction sequences are copied from templates analysed when
// jsonjit was built; with one, the assembler writes them: the listing shows the code that runs
// only if both give the same instructions, hence the same sizes (a template whose holes took
// the wrong width, or a jump of another length, would change them; jit_templates_test.cpp
// compares each template's bytes). (The bytes of two such functions differ where they call
// the functions of their own options.)
TEST(JitObserve, ListingsShowTheCodeThatRuns) {
  std::map<std::string, std::uint64_t> listed;  // function: its size
  jsonjit::serializer_options listing;
  listing.jit_dump([&](std::string_view text) {
    const std::size_t colon = text.find(": ");
    listed[std::string(text.substr(2, colon - 2))] = std::stoull(std::string(text.substr(colon + 2)));
  });
  jsonjit::serializer_options plain;
  std::vector<std::uint64_t> before;
  for (const announced_function& f : announced()) before.push_back(f.address);
  for (const jsonjit::serializer_options* options : {&listing, &plain}) {
    ASSERT_FALSE(jsonjit::precompile<models::IndexViewModel>(*options));
    ASSERT_FALSE(jsonjit::precompile<models::MyEventsListerViewModel>(*options));
    ASSERT_FALSE(jsonjit::precompile<models::CollectionsOfPrimitives>(*options));
    ASSERT_FALSE(jsonjit::precompile<std::vector<models::User>>(*options));
  }
  ASSERT_GE(listed.size(), 14u);
  std::size_t compared = 0;
  for (const announced_function& f : announced()) {
    if (std::find(before.begin(), before.end(), f.address) != before.end()) continue;
    const auto it = listed.find(f.name);
    ASSERT_NE(it, listed.end()) << f.name;
    EXPECT_EQ(f.size, it->second) << f.name;
    ++compared;
  }
  EXPECT_EQ(compared, 2 * listed.size());  // each function twice: listed, and not
}

TEST(JitObserve, FunctionsAreAnnouncedToDebuggersUntilTheirOptionsGo) {
  auto addresses = [] {
    std::vector<std::uint64_t> all;
    for (const announced_function& f : announced()) all.push_back(f.address);
    return all;
  };
  const std::vector<std::uint64_t> before = addresses();
  auto options = std::make_unique<jsonjit::serializer_options>();
  ASSERT_FALSE(jsonjit::precompile<models::Location>(*options));
  // What these options announced: the newest entries (GDB's list starts with the newest).
  const std::vector<announced_function> all = announced();
  ASSERT_EQ(all.size(), before.size() + 2);
  const announced_function& reader = all[0];
  const announced_function& writer = all[1];
  EXPECT_EQ(reader.name, "jsonjit::read<models::Location>");
  EXPECT_EQ(writer.name, "jsonjit::write<models::Location>");
  for (const announced_function& f : {writer, reader}) {
    EXPECT_NE(f.address, 0u);
    EXPECT_GT(f.size, 16u);
    // Its unwind table covers exactly the function.
    EXPECT_EQ(f.unwind_begin, f.address);
    EXPECT_EQ(f.unwind_size, f.size);
  }
  EXPECT_NE(writer.address, reader.address);
  // The options' code is freed with them: the debugger is told first.
  options.reset();
  EXPECT_EQ(addresses(), before);
}

// Run by ctest with JSONJIT_PERF_MAP=1 (test "jit_perf_map"); skipped otherwise.
TEST(JitObserve, PerfMapNamesTheFunctions) {
  const char* wanted = std::getenv("JSONJIT_PERF_MAP");
  if (wanted == nullptr || std::string_view(wanted) != "1") GTEST_SKIP() << "needs JSONJIT_PERF_MAP=1";
  jsonjit::serializer_options options;
  ASSERT_FALSE(jsonjit::precompile<models::LoginViewModel>(options));
  const std::string path = "/tmp/perf-" + std::to_string(::getpid()) + ".map";
  std::ifstream in(path);
  ASSERT_TRUE(in) << path;
  std::stringstream text;
  text << in.rdbuf();
  std::remove(path.c_str());
  EXPECT_NE(text.str().find(" jsonjit::write<models::LoginViewModel>\n"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find(" jsonjit::read<models::LoginViewModel>\n"), std::string::npos) << text.str();
}

}  // namespace
}  // namespace jit_observe_test
