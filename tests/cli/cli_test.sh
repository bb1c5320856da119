#!/usr/bin/env bash
# The jsonjit tool as a user sees it: outputs and exit codes. Usage: cli_test.sh TOOL DATA_DIR
set -u
tool=$1
data=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

expect() {  # expect NAME EXPECTED_STATUS EXPECTED_STDOUT ACTUAL_STATUS ACTUAL_STDOUT
  if [[ "$4" != "$2" || "$5" != "$3" ]]; then
    echo "FAIL $1: status $4 (want $2)"
    echo "  stdout: $5"
    echo "  want:   $3"
    failures=$((failures + 1))
  else
    echo "ok   $1"
  fi
}

printf '{"a": [1, 2]}' > "$work/good.json"
printf '{"a":\n  [1,}' > "$work/bad.json"
printf '[1, 2' > "$work/short.json"

out=$("$tool" check "$work/good.json"); expect "check valid" 0 "" $? "$out"
out=$("$tool" check "$work/good.json" "$work/bad.json" "$work/short.json"); status=$?
expect "check invalid files" 1 "$work/bad.json:2:6: expected a value (object, array, string, number, true, false or null)
$work/short.json:1:6: expected ',' or ']' after an array element, found end of input" $status "$out"
out=$(printf '[1]' | "$tool" check); expect "check stdin" 0 "" $? "$out"
out=$(printf '[1' | "$tool" check -); expect "check stdin invalid" 1 "<stdin>:1:3: expected ',' or ']' after an array element, found end of input" $? "$out"
out=$("$tool" check "$work/missing.json" 2>/dev/null); expect "check unreadable" 2 "" $? "$out"
err=$("$tool" check "$work/missing.json" 2>&1 >/dev/null)
[[ "$err" == *"cannot open $work/missing.json"* ]] || { echo "FAIL unreadable message: $err"; failures=$((failures + 1)); }
out=$("$tool" check --bogus 2>/dev/null); expect "check bad option" 2 "" $? "$out"

# Large real files are streamed in pieces; all must be valid.
out=$("$tool" check "$data/corpus/twitter.json" "$data/corpus/citm_catalog.json" "$data/corpus/canada.json")
expect "check corpus" 0 "" $? "$out"

out=$(printf '{"b":[1.50,true,null,"x<\\u00e9"],"c":{}}' | "$tool" fmt)
expect "fmt indented" 0 '{
  "b": [
    1.50,
    true,
    null,
    "x\u003C\u00E9"
  ],
  "c": {}
}' $? "$out"
out=$(printf '{"b": [1.50, "\\u00e9<"]}' | "$tool" fmt --compact --relaxed)
expect "fmt compact relaxed" 0 $'{"b":[1.50,"\xc3\xa9<"]}' $? "$out"
out=$(printf '[1,[2]]' | "$tool" fmt --indent 4)
expect "fmt indent 4" 0 $'[\n    1,\n    [\n        2\n    ]\n]' $? "$out"
out=$("$tool" fmt "$work/bad.json" 2>&1); expect "fmt invalid" 1 "$work/bad.json:2:6: expected a value (object, array, string, number, true, false or null)" $? "$out"
out=$("$tool" fmt --indent 2>/dev/null); expect "fmt missing indent" 2 "" $? "$out"
out=$("$tool" fmt --indent 999 2>/dev/null); expect "fmt bad indent" 2 "" $? "$out"
out=$("$tool" fmt a b 2>/dev/null); expect "fmt two files" 2 "" $? "$out"
out=$("$tool" 2>/dev/null); expect "no command" 2 "" $? "$out"
out=$("$tool" frobnicate 2>/dev/null); expect "unknown command" 2 "" $? "$out"

# fmt output reads back to the same tokens (checked by formatting twice).
"$tool" fmt --compact "$data/corpus/citm_catalog.json" > "$work/once.json"
"$tool" fmt --compact "$work/once.json" > "$work/twice.json"
if cmp -s "$work/once.json" "$work/twice.json"; then echo "ok   fmt idempotent"; else echo "FAIL fmt idempotent"; failures=$((failures + 1)); fi

echo "$failures failed"
[[ $failures -eq 0 ]]
