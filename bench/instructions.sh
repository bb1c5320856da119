#!/usr/bin/env bash
# Instruction counts (valgrind --tool=callgrind): noise-free figures to compare engines and
# track changes on a shared, noisy machine. Counts one run of each benchmark function (inputs
# are loaded before them): one timed iteration, plus what the function does before timing —
# the typed writers' warm-up call and the typed readers' check read, the same for every engine.
# Usage: bench/instructions.sh [BUILD_DIR] [FILTER_REGEX]
set -euo pipefail
build=${1:-build/release}
filter=${2:-.}
bench="$build/bench/jsonjit_bench"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$bench" --benchmark_list_tests=true | grep -E "$filter" | while read -r name; do
  # Only the benchmark bodies (every benchmark is a registered lambda) are counted; inputs are
  # loaded before them. One iteration.
  # LD_BIND_NOW: symbols are bound at start-up, not on the first call counted here.
  LD_BIND_NOW=1 valgrind --tool=callgrind --callgrind-out-file="$out/cg" --collect-atstart=no \
    --toggle-collect='*LambdaBenchmark*::Run*' \
    "$bench" --benchmark_filter="^${name}\$" --benchmark_min_time=0 --benchmark_repetitions=1 > /dev/null 2>&1
  total=$(callgrind_annotate "$out/cg" 2>/dev/null | grep 'PROGRAM TOTALS' | awk '{gsub(",","",$1); print $1}')
  printf '%-50s %14d instructions\n' "$name" "$total"
done
