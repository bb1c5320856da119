// The report's tables, in BenchmarkDotNet's columns (the tool the .NET reports used): mean,
// median, standard deviation, ratio to the group's baseline, allocations; MB/s where the
// workload has a size. Markdown for people, CSV for the charts.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <numeric>
#include <string>
#include <vector>

#include "report/report.hpp"

namespace jsonjit::bench::report {
namespace {

struct statistics {
  double mean = 0, median = 0, stddev = 0, min = 0, max = 0;
};

statistics statistics_of(std::vector<double> v) {
  statistics s;
  if (v.empty()) return s;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  s.min = v.front();
  s.max = v.back();
  s.median = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  s.mean = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(n);
  if (n > 1) {
    double sum = 0;
    for (double x : v) sum += (x - s.mean) * (x - s.mean);
    s.stddev = std::sqrt(sum / static_cast<double>(n - 1));
  }
  return s;
}

/// A time with the unit that keeps it between 1 and 1000 (as BenchmarkDotNet prints).
std::string time_text(double seconds) {
  const char* unit = "s";
  double value = seconds;
  if (seconds < 1e-6) {
    value = seconds * 1e9, unit = "ns";
  } else if (seconds < 1e-3) {
    value = seconds * 1e6, unit = "us";
  } else if (seconds < 1) {
    value = seconds * 1e3, unit = "ms";
  }
  char text[64];
  std::snprintf(text, sizeof text, value < 10 ? "%.2f %s" : value < 100 ? "%.1f %s" : "%.0f %s", value, unit);
  return text;
}

std::string number_text(double value, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

/// Bytes with a binary unit (BenchmarkDotNet's "Allocated").
std::string bytes_text(double bytes) {
  if (bytes < 1) return "-";
  const char* units[] = {"B", "KB", "MB", "GB"};
  int u = 0;
  while (bytes >= 1024 && u < 3) bytes /= 1024, ++u;
  char text[64];
  std::snprintf(text, sizeof text, u == 0 ? "%.0f %s" : "%.2f %s", bytes, units[u]);
  return text;
}

/// What each group measures, for the report's headings.
const std::map<std::string, std::string>& group_descriptions() {
  static const std::map<std::string, std::string> descriptions = {
      {"typed_write",
       "Serialize into a reused std::string, System.Text.Json's default (HTML-safe) escaping. jsonjit and "
       "the "
       "hand-written serializer must write STJ's exact bytes; the peers escape their own way."},
      {"typed_write_relaxed",
       "Serialize into a reused std::string, relaxed escaping (STJ's UnsafeRelaxedJsonEscaping)."},
      {"typed_read",
       "Deserialize STJ's bytes into a new value; each contender's value must equal the model's."},
      {"stream_write",
       "Serialize to streams: to /dev/null, a pipe, a socket (sync and async), in pieces (write_some), JSON "
       "Lines; "
       "the baseline is jsonjit writing the same value into a string."},
      {"stream_read", "Deserialize 100 MB of Users element by element from a stream, in bounded memory."},
      {"dom_parse",
       "Parse into each library's DOM (simdjson: its DOM API). Held/byte: the bytes the parsed DOM holds per "
       "byte of input (jsonjit: the document's tape and strings, room for the next parse included; "
       "jsonjit_new_document: trimmed to what this input needs; simdjson: its document's tape and string "
       "buffer as it allocates them; rapidjson: its allocator's pool)."},
      {"dom_serialize", "Write a parsed DOM back as compact JSON."},
      {"lines_parse",
       "A JSON Lines text of twitter's statuses (about 200 MB) in memory, each line parsed into a DOM "
       "and its id read, in input order: a jsonjit::lines_parser (kept from run to run) on one and two "
       "threads; simdjson's parse_many (its threads enabled: the next batch's stage 1 on a thread of its "
       "own). Wall-clock times; every line and the ids' sum checked first."},
      {"query",
       "A JSONPath query (RFC 9535) from the text to the selected values: names, a descendant segment, a "
       "filter, a function, a slice, a singular query (twitter's statuses are all Japanese or Chinese: its "
       "filter asks for lang 'ja'). jsonjit: the text parsed into a document it keeps, then the query; "
       "jsonjit_text: a path_selector over the text (each value's bytes as written; the query's native code where the JIT compiles it: the names, descendant and pointer workloads); jsonjit_text_interpreter: the same without the JIT (the one-pass stream engine); jsonjit_text_first (pointer workloads): select_first, which stops reading at the value as simdjson's at_pointer does (the text after it unchecked); token_pass: our reader's plain pass over the same bytes, the floor for a query that reads the text; "
       "simdjson: On-Demand's at_pointer (the singular queries); jq 1.6: `jq -c` with the same query in jq's "
       "language, a process per run; json_p3 and jsonpath_rfc9535 on node: JSON.parse and the query, timed "
       "by node. Each contender must select the same values in the same order first."},
      {"query_compile", "Compiling each query of the query group (json_path::compile)."},
      {"query_lines",
       "A JSON Lines file of twitter's statuses (about 200 MB), each line a document, through the "
       "command-line tool (a process per run): `jsonjit query --lines '$.user.screen_name'` on one and two "
       "threads (--jobs), jq over the same file, `jsonjit check --lines` of each status, and `jsonjit "
       "validate --lines` of each status against bench/schema's twitter schema. Outputs checked first."},
      {"pointer",
       "100 JSON Pointer lookups of values at every depth. jsonjit: parsed pointers on a document; jsonjit_text: "
       "the pointers' text on a document (at_pointer); jsonjit_node: on a node; simdjson: its DOM's at_pointer; "
       "nlohmann: json::at with parsed pointers. Each contender must find the same values first."},
      {"patch",
       "A JSON Patch of 100 random edits applied in place, then its inverse (nlohmann: patch_inplace); both "
       "must give the edited document and the original back first."},
      {"merge_patch",
       "A JSON Merge Patch of 100 random edits it can express applied in place, then its inverse; checked "
       "first as for patch. (canada.json has no objects below its root outside arrays: its edits are at the "
       "root.)"},
      {"diff", "The JSON Patch between a document and its copy with 100 random edits (nlohmann: json::diff, "
               "checked to give the edited document)."},
      {"read_tokens", "Tokenize: every token read, nothing built."},
      {"read_values", "Tokenize and convert every number and string."},
      {"write_values", "Write the tokens of a document through each library's writer."},
      {"write_number_text", "Write the document's numbers."},
      {"json_serde",
       "Programming-Language-Benchmarks' json-serde: the text parsed N times into a list, written as one "
       "array; "
       "both MD5 hashes checked before timing."},
      {"jit_compile",
       "Compiling a type's writer and reader (the JIT's cost, paid once per type and options)."},
      {"jit_cold_start",
       "First serialize and deserialize with fresh options: resolution, compilation, first run."},
      {"jit_first_use",
       "First serialize and deserialize in a fresh process, as that process measures it (one process per "
       "iteration): first_type pays what the JIT sets up once per process, second_type is the next type."},
      {"schema_validate",
       "JSON Schema validation end to end, bytes to verdict, every instance of the workload once per operation "
       "(schemas in bench/schema/schemas/; draft 2020-12 for jsonjit and ajv, the same schema in draft-07 for "
       "valijson and draft-04 for RapidJSON). jsonjit is the automatic engine: the JIT's native code where it "
       "compiles the schema and expects to be faster (every workload here; the meta-schema's allOf of vocabularies "
       "reads each object once for all of them), jsonjit_jit the JIT's code on every workload, jsonjit_interp the "
       "interpreter. Every contender must find every instance valid before it is timed. "
       "jsonjit_tokens is not a validator: our reader's token pass over the same bytes, the floor validation "
       "fuses with. ajv runs on node, timed by node (JSON.parse and the compiled validator)."},
      {"schema_compile",
       "Compiling each workload's schema (jsonjit: with its check against the meta-schema, and the JIT's code "
       "where it compiles the schema; jsonjit_interp: for the interpreter only)."},
  };
  return descriptions;
}

}  // namespace

std::string baseline_of(const std::string& group) {
  if (group.rfind("typed_", 0) == 0) return "hand_written";
  if (group.rfind("stream_", 0) == 0) return "jsonjit_string";
  if (group == "json_serde") return "jsonjit";
  if (group == "jit_cold_start" || group == "jit_first_use") return "jsonjit_interp";
  if (group.rfind("schema_", 0) == 0) return "jsonjit";
  if (group == "pointer" || group == "patch" || group == "merge_patch" || group == "diff") return "jsonjit";
  if (group == "query" || group == "query_compile") return "jsonjit";
  if (group == "query_lines") return "jsonjit_jobs1";
  if (group == "lines_parse") return "jsonjit_threads1";
  return "rapidjson";
}

std::string markdown(const std::vector<measurement>& results, const std::string& machine,
                     const options& options) {
  std::string out = "# jsonjit benchmark report\n\n" + machine + "\n";
  out += options.quick
             ? "**Quick run**: every workload once on small inputs; the figures show that everything runs, "
               "not how fast.\n\n"
             : "Each workload ran in a process of its own, its contenders interleaved, " +
                   std::to_string(options.repetitions) + " repetitions of at least " +
                   number_text(options.min_time, 2) + " s after a warm-up.\n\n";
  out +=
      "Columns as BenchmarkDotNet prints them: Mean, Median and StdDev of the repetitions; Ratio = this "
      "contender's median time / the baseline's (lower is faster; the baseline is named per workload); "
      "MB/s of input or output; Allocated and Allocs per operation. A contender whose output was wrong is "
      "reported as WRONG and has no figures.\n";
  std::string group, workload;
  for (std::size_t i = 0; i < results.size(); ++i) {
    const measurement& m = results[i];
    if (m.group != group) {
      group = m.group;
      out += "\n## " + group + "\n\n";
      if (auto it = group_descriptions().find(group); it != group_descriptions().end())
        out += it->second + "\n";
      workload.clear();
    }
    if (m.workload != workload) {
      workload = m.workload;
      const std::string baseline = baseline_of(group);
      double baseline_median = 0;
      for (std::size_t j = i;
           j < results.size() && results[j].group == group && results[j].workload == workload; ++j) {
        if (results[j].contender == baseline && results[j].wrong.empty())
          baseline_median = statistics_of(results[j].seconds_per_op).median;
      }
      out += "\n### " + group + "/" + workload +
             (baseline_median > 0 ? " (baseline: " + baseline + ")" : "") + "\n\n";
      // Held/byte where a contender of the workload reports what its result holds.
      bool held = false;
      for (std::size_t j = i;
           j < results.size() && results[j].group == group && results[j].workload == workload; ++j) {
        held |= results[j].held_per_input_byte > 0;
      }
      out += std::string("| Contender | Mean | Median | StdDev | Ratio | MB/s | Allocated | Allocs |") +
             (held ? " Held/byte |\n" : "\n");
      out += std::string("|---|---:|---:|---:|---:|---:|---:|---:|") + (held ? "---:|\n" : "\n");
      for (std::size_t j = i;
           j < results.size() && results[j].group == group && results[j].workload == workload; ++j) {
        const measurement& r = results[j];
        if (!r.wrong.empty()) {
          out += "| " + r.contender + " | **" + (r.failed ? "FAILED" : "WRONG") + "**: " + r.wrong +
                 " | | | | | | |" + (held ? " |\n" : "\n");
          continue;
        }
        const statistics s = statistics_of(r.seconds_per_op);
        const std::string ratio = baseline_median > 0 ? number_text(s.median / baseline_median, 2) : "";
        out += "| " + r.contender + " | " + time_text(s.mean) + " | " + time_text(s.median) + " | " +
               (r.seconds_per_op.size() > 1 ? time_text(s.stddev) : "-") + " | " + ratio + " | " +
               (r.bytes_per_op > 0 ? number_text(r.bytes_per_op / s.median / 1e6, 1) : "") + " | " +
               bytes_text(r.alloc_bytes_per_op) + " | " +
               number_text(r.allocs_per_op, r.allocs_per_op < 10 ? 2 : 0) + " |" +
               (!held                       ? "\n"
                : r.held_per_input_byte > 0 ? " " + number_text(r.held_per_input_byte, 2) + " |\n"
                                            : " - |\n");
      }
    }
  }
  return out;
}

std::string instructions_markdown(const std::vector<instruction_count>& counts, const std::string& machine) {
  std::string out =
      "# jsonjit instruction counts\n\n" + machine +
      "\nInstructions per operation (valgrind --tool=callgrind): the difference between runs of 11 and of "
      "1 operations, divided by 10, so the warm-up and the check before timing are left out. Exact and "
      "free of the machine's noise; Ratio = this contender's count / the baseline's.\n";
  std::string key;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    const instruction_count& c = counts[i];
    if (c.group + "/" + c.workload == key) continue;
    key = c.group + "/" + c.workload;
    const std::string baseline = baseline_of(c.group);
    double base = 0;
    std::size_t end = i;
    for (; end < counts.size() && counts[end].group + "/" + counts[end].workload == key; ++end) {
      if (counts[end].contender == baseline) base = counts[end].per_op;
    }
    out += "\n### " + key + (base > 0 ? " (baseline: " + baseline + ")" : "") + "\n\n";
    out += "| Contender | Instructions/op | Ratio |\n|---|---:|---:|\n";
    for (std::size_t j = i; j < end; ++j) {
      const instruction_count& r = counts[j];
      if (r.per_op <= 0) {
        out += "| " + r.contender + " | **WRONG or failed** | |\n";
        continue;
      }
      out += "| " + r.contender + " | " + number_text(r.per_op, 0) + " | " +
             (base > 0 ? number_text(r.per_op / base, 2) : "") + " |\n";
    }
  }
  return out;
}

std::string csv(const std::vector<measurement>& results) {
  std::string out =
      "group,workload,contender,status,repetitions,mean_s,median_s,stddev_s,min_s,max_s,baseline,ratio,mb_"
      "per_s,"
      "alloc_bytes_per_op,allocs_per_op,held_per_input_byte\n";
  std::map<std::string, double> baseline_medians;  // group/workload
  for (const measurement& m : results) {
    if (m.wrong.empty() && m.contender == baseline_of(m.group))
      baseline_medians[m.group + "/" + m.workload] = statistics_of(m.seconds_per_op).median;
  }
  char line[512];
  for (const measurement& m : results) {
    const std::string key = m.group + "/" + m.workload;
    if (!m.wrong.empty()) {
      out += m.group + "," + m.workload + "," + m.contender + (m.failed ? ",failed" : ",wrong") +
             ",0,,,,,,,,,,,\n";
      continue;
    }
    const statistics s = statistics_of(m.seconds_per_op);
    const auto base = baseline_medians.find(key);
    const double ratio = base != baseline_medians.end() && base->second > 0 ? s.median / base->second : 0;
    std::snprintf(
        line, sizeof line, "%s,%s,%s,ok,%zu,%.6g,%.6g,%.6g,%.6g,%.6g,%s,%s,%.6g,%.6g,%.6g,%.6g\n",
        m.group.c_str(),
        m.workload.c_str(), m.contender.c_str(), m.seconds_per_op.size(), s.mean, s.median, s.stddev, s.min,
        s.max, base != baseline_medians.end() ? baseline_of(m.group).c_str() : "",
        ratio > 0 ? number_text(ratio, 4).c_str() : "", s.median > 0 ? m.bytes_per_op / s.median / 1e6 : 0.0,
        m.alloc_bytes_per_op, m.allocs_per_op, m.held_per_input_byte);
    out += line;
  }
  return out;
}

}  // namespace jsonjit::bench::report
