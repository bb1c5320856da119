#!/usr/bin/env bash
# json-serde prints the benchmark's expected hashes for its four configured cases (the two
# official unit tests and the two benchmark runs) with every engine (the DOM, and the typed
# serializer compiled and interpreted), and fails clearly on bad input.
# Usage: json_serde_test.sh JSON_SERDE_BINARY DATA_DIR
set -euo pipefail
program=$1
data=$2/json-serde
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failures=0

check() {  # ENGINE STEM N LINE1 LINE2
  local got
  got=$("$program" --engine "$1" "$data/$2" "$3")
  if [[ "$got" != "$4"$'\n'"$5" ]]; then
    echo "FAIL: json-serde --engine $1 $2 $3 printed:"$'\n'"$got"$'\n'"expected:"$'\n'"$4"$'\n'"$5"
    failures=$((failures + 1))
  fi
}

# The cases and hashes from expected_hashes.txt ("stem n line1 line2 status").
while read -r stem n line1 line2 _; do
  for engine in dom typed typed-interpreter; do check "$engine" "$stem" "$n" "$line1" "$line2"; done
  cases=$((${cases:-0} + 1))
done < <(grep -E '^(sample|canada) ' "$data/expected_hashes.txt")
[[ ${cases:-0} -eq 4 ]] || { echo "FAIL: expected 4 cases in expected_hashes.txt, found ${cases:-0}"; exit 1; }

# The official output files, byte for byte.
diff <("$program" "$data/sample" 10) "$data/sample_10_out" || { echo "FAIL: sample_10_out differs"; failures=$((failures + 1)); }
diff <("$program" "$data/canada" 3) "$data/canada_3_out" || { echo "FAIL: canada_3_out differs"; failures=$((failures + 1)); }

# Bad input: a message naming the file and the position, exit status 1, nothing on stdout.
printf '{"type": [1, 2,, 3]}' > "$scratch/bad.json"
set +e
out=$("$program" "$scratch/bad" 2 2> "$scratch/err")
status=$?
set -e
if [[ $status -ne 1 || -n "$out" ]] || ! grep -q 'bad.json: line 1, column 16 (byte 15) at $.type\[2\]: expected a value' "$scratch/err"; then
  echo "FAIL: bad input gave status $status, stdout '$out', stderr '$(cat "$scratch/err")'"
  failures=$((failures + 1))
fi
# Valid JSON that is not GeoJSON: the typed engines name the position and path.
printf '{"type": "FeatureCollection", "features": [{"type": 7}]}' > "$scratch/wrong.json"
for engine in typed typed-interpreter; do
  set +e
  out=$("$program" --engine "$engine" "$scratch/wrong" 1 2> "$scratch/err")
  status=$?
  set -e
  if [[ $status -ne 1 || -n "$out" ]] || ! grep -q 'wrong.json: line 1, column 53 (byte 52) at $.features\[0\].type: expected a string' "$scratch/err"; then
    echo "FAIL: --engine $engine, wrong shape gave status $status, stdout '$out', stderr '$(cat "$scratch/err")'"
    failures=$((failures + 1))
  fi
done
set +e
"$program" "$scratch/missing" 1 2> "$scratch/err"
status=$?
"$program" "$data/sample" x 2> /dev/null
usage_status=$?
set -e
[[ $status -eq 1 ]] && grep -q 'cannot read' "$scratch/err" || { echo "FAIL: missing file: status $status"; failures=$((failures + 1)); }
[[ $usage_status -eq 2 ]] || { echo "FAIL: bad count: status $usage_status"; failures=$((failures + 1)); }

[[ $failures -eq 0 ]] && echo "json-serde: all checks passed"
exit $((failures > 0))
