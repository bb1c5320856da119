#!/usr/bin/env bash
# json-serde side by side: the benchmark runs (canada 15, sample 5000) with each engine of
# json_serde_compare (DOMs, and typed variants into GeoJSON structs), best wall time of RUNS
# runs, hashes checked against expected_hashes.txt.
# Usage: compare.sh JSON_SERDE_COMPARE DATA_DIR [RUNS]
set -euo pipefail
program=$1
data=$2/json-serde
runs=${3:-5}
engines=(jsonjit jsonjit-typed jsonjit-typed-interp nlohmann nlohmann-typed rapidjson simdjson simdjson-typed boost-typed)

printf '\n%-14s %-22s %10s %12s   %s\n' "json-serde" "engine" "seconds" "vs jsonjit" "hashes"
status=0
for case in "canada 15" "sample 5000"; do
  read -r stem n <<< "$case"
  expected=$(awk -v s="$stem" -v n="$n" '$1 == s && $2 == n { print $3 "\n" $4 }' "$data/expected_hashes.txt")
  declare -A best=() wrong=()
  # Interleave engines run by run so machine noise hits them alike.
  for ((r = 0; r < runs; r++)); do
    for engine in "${engines[@]}"; do
      start=$(date +%s%N)
      got=$("$program" --engine "$engine" "$data/$stem" "$n")
      elapsed=$(( $(date +%s%N) - start ))
      if [[ "$got" != "$expected" ]]; then
        wrong[$engine]=1
        status=1
      fi
      if [[ -z "${best[$engine]:-}" || $elapsed -lt ${best[$engine]} ]]; then best[$engine]=$elapsed; fi
    done
  done
  for engine in "${engines[@]}"; do
    verdict=ok
    [[ -n "${wrong[$engine]:-}" ]] && verdict=WRONG
    awk -v c="$case" -v e="$engine" -v t="${best[$engine]}" -v base="${best[jsonjit]}" -v v="$verdict" \
      'BEGIN { printf "%-14s %-22s %10.3f %11.2fx   %s\n", c, e, t / 1e9, base / t, v }'
  done
  unset best wrong
done
echo "'vs jsonjit' = jsonjit's time / this engine's time (below 1.00x: slower than jsonjit). Best of $runs runs, whole process."
exit $status
