#!/usr/bin/env bash
# The benchmark report, as `make bench QUICK=1` runs it: every workload once, a table and a CSV
# row for every benchmark, outputs checked before timing (Boost.JSON's inexact doubles must be
# reported wrong, and RapidJSON 1.1's schema validator rejecting citm_catalog), a deliberately
# wrong contender reported as wrong with no figures, and the charts drawn from the CSV.
# Usage: bench_report_test.sh JSONJIT_BENCH CHARTS_SH [GROUPS]
# GROUPS: only those groups' quick run, every contender's output checked, nothing more (a
# cross-compiled build under an emulator, which JSONJIT_BENCH_EMULATOR names; and the groups
# make test runs beside the rest, which JSONJIT_BENCH_REPORT_EXCLUDE names, to share the time).
set -euo pipefail
bench=$1
charts=$2
groups=${3:-}
run_bench() { ${JSONJIT_BENCH_EMULATOR:+"$JSONJIT_BENCH_EMULATOR"} "$bench" "$@"; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

# Boost.JSON 1.81 reads some of canada's doubles one unit off: its typed json-serde prints
# other hashes, and its DOM of canada is not the file's value. Those, and only those, are wrong.
# RapidJSON 1.1.0 (Debian's) fails `additionalProperties: false` beside patternProperties, so its
# schema validator rejects the valid citm_catalog.json.
# jsonpath-rfc9535 1.3.0 selects nothing where a filter indexes the candidate ($[?@[0] > 1]).
known_wrong='^(json_serde,(canada_3|sample_10),boost-typed|dom_(parse|serialize),canada,boost_json|schema_validate,citm_catalog,rapidjson|query,canada_filter,jsonpath_rfc9535),wrong,'

if [[ -n $groups ]]; then
  run_bench --quick --filter "^(${groups// /|})/" --results "$scratch/some" > /dev/null 2> "$scratch/some.err" ||
    { cat "$scratch/some.err"; fail "the quick run of $groups failed"; }
  for group in $groups; do
    grep -q "^$group,[^,]*,[^,]*,ok," "$scratch/some/report.csv" || fail "no result for $group"
  done
  others=$(grep -vE "$known_wrong" "$scratch/some/report.csv" | grep -E ",(wrong|failed)," || true)
  [[ -z $others ]] || fail "contenders wrong or failed: $others"
  [[ $failures -eq 0 ]] || exit 1
  echo "bench report: quick run of $groups checked"
  exit 0
fi

# The quick run: every benchmark the program lists has its row.
excluded=${JSONJIT_BENCH_REPORT_EXCLUDE:-}
filter=${excluded:+"^(?!(${excluded// /|})/)"}
run_bench --quick ${filter:+--filter "$filter"} --results "$scratch/quick" > "$scratch/quick.out" 2> "$scratch/quick.err" ||
  { cat "$scratch/quick.err"; fail "the quick run failed"; }
listed=$(run_bench --benchmark_list_tests=true | grep -cvE "^(${excluded// /|})/")
rows=$(($(wc -l < "$scratch/quick/report.csv") - 1))
[[ $rows -eq $listed ]] || fail "the CSV has $rows rows for $listed benchmarks"
[[ $(grep -cE "$known_wrong" "$scratch/quick/report.csv") -eq 5 ]] ||
  fail "the known wrong results are not all reported wrong: $(grep -E 'boost|rapidjson' "$scratch/quick/report.csv")"
others=$(grep -vE "$known_wrong" "$scratch/quick/report.csv" | grep -E ",(wrong|failed)," || true)
[[ -z $others ]] || fail "other contenders wrong or failed: $others"
for group in typed_write typed_write_relaxed typed_read stream_write stream_read json_serde schema_validate \
  schema_compile dom_parse dom_serialize jit_compile jit_cold_start; do
  grep -q "^## $group$" "$scratch/quick/report.md" || fail "no section for $group in report.md"
done
grep -q '^- \*\*CPU\*\*: ' "$scratch/quick/report.md" || fail "the machine is not described"
cmp -s "$scratch/quick.out" "$scratch/quick/report.md" || fail "what was printed is not report.md"

# Repetitions: Google Benchmark's aggregates come along (with NaN where a counter has no
# spread, which is not JSON); every repetition is read.
run_bench --repetitions 3 --min-time 0 --filter 'jit_cold_start/LoginViewModel/|typed_write/LoginViewModel/|stream_write/LoginViewModel/' \
  --results "$scratch/repeated" > /dev/null 2> "$scratch/repeated.err" || { cat "$scratch/repeated.err"; fail "the repeated run failed"; }
[[ $(grep -c ",ok,3," "$scratch/repeated/report.csv") -eq $(($(wc -l < "$scratch/repeated/report.csv") - 1)) ]] ||
  fail "not every contender has its 3 repetitions: $(cat "$scratch/repeated/report.csv")"

# A wrong contender: reported, never timed.
JSONJIT_BENCH_WRONG_CONTENDER=1 run_bench --quick --filter 'typed_write/LoginViewModel/' --results "$scratch/wrong" \
  > /dev/null 2> "$scratch/wrong.err" || fail "the run with a wrong contender failed"
grep -q "^typed_write,LoginViewModel,deliberately_wrong,wrong,0,,,,,,,,,,,$" "$scratch/wrong/report.csv" ||
  fail "the wrong contender's CSV row: $(grep deliberately_wrong "$scratch/wrong/report.csv" || echo none)"
grep -q "^| deliberately_wrong | \*\*WRONG\*\*: the output differs from STJ's bytes | | | | | | |$" "$scratch/wrong/report.md" ||
  fail "the wrong contender's table row: $(grep deliberately_wrong "$scratch/wrong/report.md" || echo none)"
grep -q "^typed_write,LoginViewModel,hand_written,ok,1," "$scratch/wrong/report.csv" ||
  fail "the other contenders lost their figures"
grep -q "deliberately_wrong: WRONG" "$scratch/wrong.err" || fail "the progress does not say the contender was wrong"

# The charts: SVG and PNG for each, with their titles.
"$charts" "$scratch/quick/report.csv" "$scratch/charts" > /dev/null 2> "$scratch/charts.err" ||
  { cat "$scratch/charts.err"; fail "charts.sh failed"; }
for chart in typed_write typed_read dom_parse dom_serialize json_serde jit_compile; do
  svg="$scratch/charts/$chart.svg"
  if [[ ! -s $svg || ! -s "$scratch/charts/$chart.png" ]]; then
    fail "no $chart chart"
    continue
  fi
  head -c 200 "$svg" | grep -q "<svg" || fail "$chart.svg is not SVG"
  grep -q "</svg>" "$svg" || fail "$chart.svg is cut short"
  grep -q "<title>\|<text" "$svg" || fail "$chart.svg has no text"
done
grep -q "hand-written" "$scratch/charts/typed_write.svg" || fail "typed_write.svg does not name its baseline"

[[ $failures -eq 0 ]] || exit 1
echo "bench report: quick run of $listed benchmarks, wrong contender and charts checked"
