// Run when jsonjit is built: analyses every x86-64 code template (x86_templates.cpp) and
// assembles the shared routines (x86_routines.cpp), and writes the C++ source that holds the
// results, so that no process does either again. (They were the first JIT use's largest cost:
// some 260,000 and 105,000 instructions of assembling.)
//   x86_prebuilt_generator OUTPUT.cpp
#include <cstdio>
#include <cstring>
#include <string>

#include "engines/jit/emit/x86_64/x86_routines_p.hpp"
#include "engines/jit/emit/x86_64/x86_template_analysis_p.hpp"

namespace jsonjit::detail::jit {

namespace {
// This run's analysis, in x86_template's order, and the views template_of() gives of it.
std::vector<analysed_template> analysed;
std::vector<code_template> analysed_views;
}  // namespace

// Here the templates come from this run's analysis (the routines are assembled with them).
const code_template& template_of(x86_template t) noexcept { return analysed_views[static_cast<std::size_t>(t)]; }

}  // namespace jsonjit::detail::jit

namespace {

using namespace jsonjit::detail::jit;

template <class T, class Print>
std::string array(const std::string& type, const std::string& name, const std::vector<T>& items, Print print) {
  if (items.empty()) return {};
  std::string text = "constexpr " + type + " " + name + "[] = {";
  for (std::size_t i = 0; i < items.size(); ++i) text += (i % 16 == 0 ? "\n    " : " ") + print(items[i]) + ",";
  return text + "\n};\n";
}

std::string number(std::uint32_t n) { return std::to_string(n); }

/// `name` as a span's initializer: empty where there are no items.
std::string span_of(const std::string& name, bool empty) { return empty ? "{}" : name; }

bool fail(const std::string& message) {
  std::fprintf(stderr, "x86_prebuilt_generator: %s\n", message.c_str());
  return false;
}

bool write_templates(std::string& text) {
  std::string table = "constexpr code_template templates[] = {\n";
  for (std::size_t i = 0; i < x86_template_count; ++i) {
    const template_shape& shape = shape_of(static_cast<x86_template>(i));
    analysed.push_back(analyse(shape));
    const analysed_template& t = analysed.back();
    const std::string name(shape.name);
    // Instruction forms that depend on the values (a width that does not hold, a jump the
    // assembler shortens) are a defect of the template.
    if (!t.usable) return fail(name + ": the stand-ins are not where the values go");
    text += "// " + name + "\n";
    text += array("std::uint8_t", name + "_bytes", t.bytes, [](std::uint8_t b) { return number(b); });
    text += array("code_template::displacement", name + "_displacements", t.displacements,
                  [](const code_template::displacement& d) {
                    return "{" + number(d.label) + ", " + number(d.at) + ", " + number(d.next) + "}";
                  });
    text += array("std::uint32_t", name + "_value_at", t.value_at, number);
    text += "\n";
    table += "    {" + span_of(name + "_bytes", t.bytes.empty()) + ", " +
             span_of(name + "_displacements", t.displacements.empty()) + ", " +
             span_of(name + "_value_at", t.value_at.empty()) + "},\n";
  }
  for (const analysed_template& t : analysed) analysed_views.push_back({t.bytes, t.displacements, t.value_at});
  text += table + "};\n\n";
  return true;
}

bool write_routines(std::string& text, bool ssse3) {
  // Stand-ins for the helpers' addresses, found in the bytes afterwards: 8-byte values no
  // instruction's bytes hold by chance.
  constexpr std::array<std::uint64_t, routine_helper_count> stand_ins = {0x5A3C96E1'0B0D0F10, 0x5A3C96E1'0B0D0F22};
  const assembled_routines r = assemble_routines(ssse3, stand_ins);
  const std::string name = ssse3 ? "routines_ssse3" : "routines_sse2";
  if (r.bytes.empty()) return fail(name + ": the routines do not run wherever they are placed");
  std::vector<x86_routines::helper_slot> slots;
  for (std::size_t h = 0; h < routine_helper_count; ++h) {
    for (std::size_t at = 0; at + 8 <= r.bytes.size(); ++at) {
      if (std::memcmp(&r.bytes[at], &stand_ins[h], 8) == 0) {
        slots.push_back({static_cast<std::uint32_t>(at), static_cast<routine_helper>(h)});
      }
    }
  }
  if (slots.size() != 2 * routine_helper_count) {  // each helper, from both string writers
    return fail(name + ": " + std::to_string(slots.size()) + " helper addresses found, not " +
                std::to_string(2 * routine_helper_count));
  }
  text += array("std::uint8_t", name + "_bytes", r.bytes, [](std::uint8_t b) { return number(b); });
  text += array("x86_routines::helper_slot", name + "_helpers", slots, [](const x86_routines::helper_slot& s) {
    return "{" + number(s.at) + ", routine_helper::" + (s.helper == routine_helper::string ? "string" : "string_tail") + "}";
  });
  text += "constexpr x86_routines " + name + " = {" + name + "_bytes, " + name + "_helpers, {{" +
          number(r.entries.write_string[0]) + ", " + number(r.entries.write_string[1]) + "}, " +
          number(r.entries.string_scan) + "}};\n\n";
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fputs("usage: x86_prebuilt_generator OUTPUT.cpp\n", stderr);
    return 2;
  }
  std::string text =
      "// Generated by x86_prebuilt_generator (x86_templates.cpp, x86_routines.cpp) when jsonjit was built.\n"
      "#include \"engines/jit/emit/x86_64/x86_routines_p.hpp\"\n"
      "#include \"engines/jit/emit/x86_64/x86_templates_p.hpp\"\n\n"
      "namespace jsonjit::detail::jit {\nnamespace {\n\n";
  if (!write_templates(text) || !write_routines(text, true) || !write_routines(text, false)) return 1;
  text +=
      "}  // namespace\n\n"
      "const code_template& template_of(x86_template t) noexcept {\n"
      "  return templates[static_cast<std::size_t>(t)];\n"
      "}\n\n"
      "const x86_routines& prebuilt_routines(bool ssse3) noexcept { return ssse3 ? routines_ssse3 : routines_sse2; }\n\n"
      "}  // namespace jsonjit::detail::jit\n";
  std::FILE* out = std::fopen(argv[1], "wb");
  if (out == nullptr || std::fwrite(text.data(), 1, text.size(), out) != text.size() || std::fclose(out) != 0) {
    std::fprintf(stderr, "x86_prebuilt_generator: cannot write %s\n", argv[1]);
    return 1;
  }
  return 0;
}
