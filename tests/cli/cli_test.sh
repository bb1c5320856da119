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

# validate: errors as FILE:LINE:COLUMN: INSTANCE_LOCATION: message (KEYWORD_LOCATION).
mkdir -p "$work/schemas"
printf '{"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}, "home": {"$ref": "address.json"}}}' > "$work/schemas/person.json"
printf '{"type": "object", "required": ["city"]}' > "$work/schemas/address.json"
printf '{"name": "Ada", "home": {"city": "London"}}' > "$work/ada.json"
printf '{\n  "name": 7,\n  "home": {}\n}' > "$work/nobody.json"
out=$("$tool" validate "$work/schemas/person.json" "$work/ada.json"); expect "validate valid" 0 "" $? "$out"
out=$("$tool" validate "$work/schemas/person.json" "$work/ada.json" "$work/nobody.json"); status=$?
expect "validate invalid" 1 "$work/nobody.json:2:11: /name: expected a string, found a number (/properties/name/type)
$work/nobody.json:3:11: /home: missing required property \"city\" (/properties/home/\$ref/required)" $status "$out"
out=$(printf '{"name": "x"}' | "$tool" validate "$work/schemas/person.json"); expect "validate stdin" 0 "" $? "$out"
out=$(printf '{"name": "x"' | "$tool" validate "$work/schemas/person.json" -); status=$?
expect "validate not JSON" 1 "<stdin>:1:13: (root): not JSON: expected ',' or '}' after an object member, found end of input" $status "$out"
printf '{"name": "a"}\n\n{"name": 1}\n{}\n' > "$work/people.jsonl"
out=$("$tool" validate --lines "$work/schemas/person.json" "$work/people.jsonl"); status=$?
expect "validate lines" 1 "$work/people.jsonl:3:10: /name: expected a string, found a number (/properties/name/type)
$work/people.jsonl:4:1: (root): missing required property \"name\" (/required)" $status "$out"
out=$("$tool" validate --output basic "$work/schemas/person.json" "$work/ada.json" "$work/nobody.json"); status=$?
expect "validate output basic" 1 '{"valid":true}
{"valid":false,"errors":[{"valid":false,"keywordLocation":"/properties/name/type","absoluteKeywordLocation":"file://'"$work"'/schemas/person.json#/properties/name/type","instanceLocation":"/name","error":"expected a string, found a number"},{"valid":false,"keywordLocation":"/properties/home/$ref/required","absoluteKeywordLocation":"file://'"$work"'/schemas/address.json#/required","instanceLocation":"/home","error":"missing required property \"city\""}]}' $status "$out"
out=$("$tool" validate --output flag "$work/schemas/person.json" "$work/nobody.json"); expect "validate output flag" 1 '{"valid":false}' $? "$out"
printf '{"format": "ipv4"}' > "$work/ipv4.json"
printf '"1.2.3.999"' > "$work/address.txt"
out=$("$tool" validate "$work/ipv4.json" "$work/address.txt"); expect "validate format annotation" 0 "" $? "$out"
out=$("$tool" validate --format-assertion "$work/ipv4.json" "$work/address.txt"); status=$?
expect "validate format assertion" 1 "$work/address.txt:1:1: (root): the string is not a valid ipv4 (/format)" $status "$out"
printf '{"items": [{"type": "string"}]}' > "$work/tuple.json"
printf '["a", 1]' > "$work/pair.json"
out=$("$tool" validate --draft 7 "$work/tuple.json" "$work/pair.json"); expect "validate draft 7" 0 "" $? "$out"
out=$("$tool" validate "$work/tuple.json" "$work/pair.json" 2>&1); status=$?
expect "validate invalid schema" 2 "$work/tuple.json:1:11: \$.items: the schema is not valid against its meta-schema: \"expected a boolean or an object, found an array (/allOf/1/\$ref/properties/items/\$dynamicRef/type of https://json-schema.org/draft/2020-12/schema)\"" $status "$out"
# --map: the official test suite's remote schemas, as the suite means them to be found.
printf '{"$ref": "http://localhost:1234/integer.json"}' > "$work/remote.json"
printf '1.5' > "$work/fraction.json"
out=$("$tool" validate --map "http://localhost:1234/=$data/json-schema/test-suite/remotes" "$work/remote.json" "$work/fraction.json"); status=$?
expect "validate map" 1 "$work/fraction.json:1:1: (root): expected an integer, found a number (/\$ref/type)" $status "$out"
out=$("$tool" validate "$work/remote.json" "$work/fraction.json" 2>/dev/null); expect "validate unresolved" 2 "" $? "$out"
out=$("$tool" validate 2>/dev/null); expect "validate no schema" 2 "" $? "$out"
out=$("$tool" validate --draft 5 "$work/tuple.json" 2>/dev/null); expect "validate bad draft" 2 "" $? "$out"
out=$("$tool" validate "$work/schemas/person.json" "$work/missing.json" 2>&1); status=$?
expect "validate unreadable" 2 "jsonjit validate: cannot read $work/missing.json: No such file or directory" $status "$out"
out=$("$tool" validate "$work/missing-schema.json" "$work/ada.json" 2>&1); status=$?
expect "validate unreadable schema" 2 "jsonjit validate: cannot read the schema $work/missing-schema.json: No such file or directory" $status "$out"
# The engines report alike; the JIT refuses by name what it leaves to the interpreter.
for engine in interpreter jit; do
  out=$("$tool" validate --engine $engine "$work/schemas/person.json" "$work/ada.json" "$work/nobody.json"); status=$?
  expect "validate --engine $engine" 1 "$work/nobody.json:2:11: /name: expected a string, found a number (/properties/name/type)
$work/nobody.json:3:11: /home: missing required property \"city\" (/properties/home/\$ref/required)" $status "$out"
done
# More prefix items than the JIT's evaluated mask holds, under an unevaluatedItems.
printf '{"unevaluatedItems": false, "prefixItems": [true%s]}' "$(printf ', true%.0s' {1..63})" > "$work/long-tuple.json"
out=$("$tool" validate --engine jit "$work/long-tuple.json" "$work/ada.json" 2>&1); status=$?
expect "validate --engine jit refused" 2 "$work/long-tuple.json:1:44: \$.prefixItems: the JIT does not compile this type, schema or query with these options: \"prefixItems at file://$work/long-tuple.json# (more than 63, where an unevaluatedItems asks which items were evaluated)\"" $status "$out"
printf '[1]' > "$work/one-item.json"
out=$("$tool" validate "$work/long-tuple.json" "$work/ada.json" "$work/one-item.json"); status=$?
expect "validate automatic compiles it (on the interpreter)" 0 "" $status "$out"

# Pointers, patches, merge patches and diffs.
printf '{"users":[{"name":"Ada","born":1815.0,"tags":["x"]}],"a/b":{"~":"\\u00e9"}}' > "$work/doc.json"
out=$("$tool" pointer /users/0/name "$work/doc.json"); expect "pointer" 0 '"Ada"' $? "$out"
out=$("$tool" pointer /users/0/born "$work/doc.json"); expect "pointer keeps number text" 0 '1815.0' $? "$out"
out=$("$tool" pointer /a~1b/~0 < "$work/doc.json"); expect "pointer stdin, escapes, UTF-8 kept" 0 $'"\xc3\xa9"' $? "$out"
out=$("$tool" pointer "" "$work/good.json"); expect "pointer whole" 0 '{"a":[1,2]}' $? "$out"
out=$("$tool" pointer /users/1 "$work/doc.json" 2>&1); status=$?
expect "pointer nothing there" 1 "$work/doc.json: at \$.users: the index is past the end of the array: \"1\"" $status "$out"
out=$("$tool" pointer users "$work/doc.json" 2>&1); status=$?
expect "pointer invalid" 2 "pointer:1:1: not a JSON Pointer: it must be empty or start with '/', and '~' must be followed by 0 or 1" $status "$out"
out=$("$tool" pointer /a "$work/bad.json" 2>&1); expect "pointer invalid JSON" 1 "$work/bad.json:2:6: expected a value (object, array, string, number, true, false or null)" $? "$out"
out=$("$tool" pointer 2>/dev/null); expect "pointer no operands" 2 "" $? "$out"

printf '[{"op":"add","path":"/users/0/tags/-","value":"y"},{"op":"move","from":"/a~1b","path":"/c"},{"op":"test","path":"/users/0/name","value":"Ada"}]' > "$work/patch.json"
# Patched documents are nodes: numbers are written in their shortest form (1815.0 as 1815).
out=$("$tool" patch "$work/patch.json" "$work/doc.json"); status=$?
expect "patch" 0 $'{"users":[{"name":"Ada","born":1815,"tags":["x","y"]}],"c":{"~":"\xc3\xa9"}}' $status "$out"
out=$("$tool" patch "$work/patch.json" < "$work/doc.json"); expect "patch stdin" 0 $'{"users":[{"name":"Ada","born":1815,"tags":["x","y"]}],"c":{"~":"\xc3\xa9"}}' $? "$out"
printf '[{"op":"remove","path":"/users/0/name"},{"op":"remove","path":"/users/0/name"}]' > "$work/failing.json"
out=$("$tool" patch "$work/failing.json" "$work/doc.json" 2>"$work/err"); status=$?
expect "patch failing operation" 1 "" $status "$out"
expect "patch failing operation message" 1 "$work/failing.json: operation 1 (remove /users/0/name): the object has no property of that name (at \$.users[0]: \"name\")" $status "$(cat "$work/err")"
printf '[{"op":"jump","path":"/a"}]' > "$work/notapatch.json"
out=$("$tool" patch "$work/notapatch.json" "$work/doc.json" 2>&1); status=$?
expect "patch not a patch" 2 "$work/notapatch.json: operation 0: not a JSON Patch operation (unknown op \"jump\")" $status "$out"
out=$("$tool" patch - - 2>/dev/null </dev/null); expect "patch two stdins" 2 "" $? "$out"
out=$("$tool" patch "$work/missing.json" "$work/doc.json" 2>/dev/null); expect "patch unreadable" 2 "" $? "$out"

printf '{"users":null,"x":{"y":1}}' > "$work/merge.json"
out=$("$tool" merge-patch "$work/merge.json" "$work/doc.json"); status=$?
expect "merge-patch" 0 $'{"a/b":{"~":"\xc3\xa9"},"x":{"y":1}}' $status "$out"

printf '{"a":[1,2,3],"b":{"c":true}}' > "$work/before.json"
printf '{"a":[1,3],"b":{"c":false},"d":null}' > "$work/after.json"
out=$("$tool" diff "$work/before.json" "$work/after.json"); status=$?
expect "diff" 0 '[{"op":"add","path":"/d","value":null},{"op":"replace","path":"/b/c","value":false},{"op":"remove","path":"/a/1"}]' $status "$out"
"$tool" diff "$work/before.json" "$work/after.json" > "$work/d.json"
out=$("$tool" patch "$work/d.json" "$work/before.json"); expect "patch of diff" 0 '{"a":[1,3],"b":{"c":false},"d":null}' $? "$out"
out=$("$tool" diff "$work/before.json" 2>/dev/null); expect "diff one operand" 2 "" $? "$out"

# JSONPath queries.
out=$("$tool" query '$.users[*].name' "$work/doc.json"); expect "query" 0 '"Ada"' $? "$out"
out=$("$tool" query '$..[?@ == 1815.0]' "$work/doc.json"); expect "query keeps number text" 0 '1815.0' $? "$out"
printf '{"x": [ 1.50, "caf\\u00e9", {"k" : "a\\"b\\u0001"}, -0 ]}' > "$work/spaced.json"
out=$("$tool" query '$.x' "$work/spaced.json"); expect "query prints compact" 0 '[1.50,"café",{"k":"a\"b\u0001"},-0]' $? "$out"
out=$("$tool" query '$.x[1,3]' "$work/spaced.json"); expect "query prints scalars compact" 0 $'"café"\n-0' $? "$out"
out=$("$tool" query --paths '$..*' < "$work/good.json"); expect "query --paths stdin" 0 $'$[\'a\']\n$[\'a\'][0]\n$[\'a\'][1]' $? "$out"
out=$("$tool" query '$.nothing' "$work/doc.json"); expect "query empty result" 0 "" $? "$out"
printf '{"a": [1, {"b": 2}], "c": [1,]}' > "$work/tail.json"
out=$("$tool" query --first '$.a[*]' "$work/tail.json"); expect "query --first stops at the value" 0 '1' $? "$out"
out=$("$tool" query --first --paths '$..b' "$work/tail.json" 2>&1); expect "query --first reads all for a descendant" 1 "$work/tail.json:1:30: a trailing comma before the end of an object or array is not allowed" $? "$out"
out=$("$tool" query --first '$.users[*].name' "$work/doc.json"); expect "query --first" 0 '"Ada"' $? "$out"
out=$("$tool" query --engine jit '$.x[1:4:2]' "$work/spaced.json"); expect "query --engine jit" 0 $'"café"\n-0' $? "$out"
out=$("$tool" query --engine interpreter '$.x[1:4:2]' "$work/spaced.json"); expect "query --engine interpreter" 0 $'"café"\n-0' $? "$out"
out=$("$tool" query --engine jit '$.x[-1]' "$work/spaced.json" 2>&1); status=$?
expect "query --engine jit refused" 2 "query:1:4: the JIT does not compile this type, schema or query with these options: a negative index (it depends on the array's length)" $status "$out"
out=$("$tool" query --engine fast '$' "$work/doc.json" 2>/dev/null); expect "query unknown engine" 2 "" $? "$out"
out=$("$tool" query '$.a[' "$work/doc.json" 2>&1); status=$?
expect "query invalid" 2 "query:1:5: not a JSONPath query (RFC 9535): expected a selector: a name, '*', an index, a slice or a filter" $status "$out"
out=$("$tool" query '$.a' "$work/bad.json" 2>&1); expect "query input not JSON" 1 "$work/bad.json:2:6: expected a value (object, array, string, number, true, false or null)" $? "$out"
out=$("$tool" query '$.a' "$work/missing.json" 2>/dev/null); expect "query unreadable" 2 "" $? "$out"
out=$("$tool" query 2>/dev/null); expect "query no query" 2 "" $? "$out"
out=$("$tool" query --jobs 2 '$' "$work/doc.json" 2>/dev/null); expect "query --jobs without --lines" 2 "" $? "$out"
printf '{"id":1,"tags":["a"]}\n\n{"id":2}\n{"id":\n{"id":4,"tags":["b","c"]}\n' > "$work/lines.jsonl"
out=$("$tool" query --lines '$.tags[*]' "$work/lines.jsonl" 2>"$work/err"); status=$?
expect "query --lines" 1 $'"a"\n"b"\n"c"' $status "$out"
expect "query --lines error" 1 "$work/lines.jsonl:4:7: expected a value (object, array, string, number, true, false or null), found end of input" $status "$(cat "$work/err")"
# Several threads give the same output in the same order (3 MB: several blocks).
for i in $(seq 1 50000); do printf '{"n":%d,"s":"%s","a":[%d,%d]}\n' "$i" "line $i" "$i" "$((i * 2))"; done > "$work/many.jsonl"
"$tool" query --lines '$[?@.n % 7]' "$work/many.jsonl" > /dev/null 2>&1; status=$?
expect "query --lines invalid query" 2 "" $status ""
"$tool" query --lines '$.a[-1]' "$work/many.jsonl" > "$work/one.txt"; one=$?
"$tool" query --lines --jobs 2 '$.a[-1]' "$work/many.jsonl" > "$work/two.txt"; two=$?
expect "query --jobs 2 status" 0 "" "$two" ""
if ! cmp -s "$work/one.txt" "$work/two.txt" || [[ $one -ne 0 || $(wc -l < "$work/two.txt") -ne 50000 || $(tail -1 "$work/two.txt") != 100000 ]]; then
  echo "FAIL query --jobs 2 differs from --jobs 1"; failures=$((failures + 1))
else
  echo "ok   query --jobs 2 equals --jobs 1"
fi

# A line longer than a block (1 MiB) among short ones.
{ printf '{"n":1,"s":"'; head -c 3000000 /dev/zero | tr '\0' a; printf '"}\n{"n":2}\n'; } > "$work/long.jsonl"
out=$("$tool" query --lines --jobs 2 '$.n' "$work/long.jsonl"); expect "query --lines, a long line" 0 $'1\n2' $? "$out"
out=$("$tool" query --lines '$.s' "$work/long.jsonl" | wc -c); expect "query --lines, the long line's value" 0 "3000003" $? "$out"

# A file read by the threads themselves (each its own blocks): line numbers of errors in every
# block, blank and CRLF lines, lines longer than several blocks at a block's start and end, a
# last line without a line feed; the same output and errors as one thread, and as standard
# input (a pipe, read in order).
{
  for i in $(seq 1 60000); do
    case $((i % 9973)) in
      0) printf '{"a":[%d,\n' "$i" ;;
      1) printf '\r\n' ;;
      2) printf '{"a":[%d]}\r\n' "$i" ;;
      3) printf '{"a":["'; head -c $((2500000 + i)) /dev/zero | tr '\0' b; printf '"]}\n' ;;
      *) printf '{"a":[%d]}\n' "$i" ;;
    esac
  done
  printf '{"a":["last"]}'
} > "$work/blocks.jsonl"
"$tool" query --lines '$.a[0]' "$work/blocks.jsonl" > "$work/b1.txt" 2> "$work/b1.err"; one=$?
"$tool" query --lines --jobs 3 '$.a[0]' "$work/blocks.jsonl" > "$work/b3.txt" 2> "$work/b3.err"; three=$?
"$tool" query --lines --jobs 2 '$.a[0]' - < "$work/blocks.jsonl" > "$work/bp.txt" 2> "$work/bp.err"; piped=$?
cat "$work/blocks.jsonl" | "$tool" query --lines --jobs 2 '$.a[0]' > "$work/bq.txt" 2> "$work/bq.err"; pipe=$?
sed "s|^$work/blocks.jsonl:|<stdin>:|" "$work/b1.err" > "$work/b1.stdin.err"
if ! cmp -s "$work/b1.txt" "$work/b3.txt" || ! cmp -s "$work/b1.err" "$work/b3.err" || ! cmp -s "$work/b1.txt" "$work/bq.txt" ||
   ! cmp -s "$work/b1.stdin.err" "$work/bq.err" || ! cmp -s "$work/b1.txt" "$work/bp.txt" ||
   ! cmp -s "$work/b1.stdin.err" "$work/bp.err" || [[ $one -ne 1 || $three -ne 1 || $pipe -ne 1 || $piped -ne 1 ]] ||
   [[ $(wc -l < "$work/b1.err") -ne 6 || $(head -1 "$work/b1.err") != "$work/blocks.jsonl:9973:"* || $(tail -1 "$work/b1.txt") != '"last"' ]]; then
  echo "FAIL query --jobs 3 over a file read in blocks differs ($one $three $pipe $piped, $(wc -l < "$work/b1.err") errors)"; failures=$((failures + 1))
else
  echo "ok   query --jobs 3 over a file read in blocks equals --jobs 1 and a pipe"
fi

# check --lines: every invalid line printed with its line, in input order whatever the threads.
out=$("$tool" check --lines "$work/lines.jsonl"); expect "check --lines" 1 "$work/lines.jsonl:4:7: expected a value (object, array, string, number, true, false or null), found end of input" $? "$out"
out=$("$tool" check --lines "$work/many.jsonl"); expect "check --lines, all valid" 0 "" $? "$out"
"$tool" check --lines "$work/blocks.jsonl" > "$work/c1.txt"; one=$?
"$tool" check --lines --jobs 2 "$work/blocks.jsonl" > "$work/c2.txt"; two=$?
"$tool" check --lines --jobs 2 < "$work/blocks.jsonl" > "$work/cp.txt"; piped=$?
sed "s|^$work/blocks.jsonl:|<stdin>:|" "$work/c1.txt" > "$work/c1.stdin.txt"
if ! cmp -s "$work/c1.txt" "$work/c2.txt" || ! cmp -s "$work/c1.stdin.txt" "$work/cp.txt" ||
   [[ $one -ne 1 || $two -ne 1 || $piped -ne 1 || $(wc -l < "$work/c2.txt") -ne 6 ]] ||
   [[ $(head -1 "$work/c2.txt") != "$work/blocks.jsonl:9973:"* ]]; then
  echo "FAIL check --lines --jobs 2 differs from --jobs 1 ($one $two $piped, $(wc -l < "$work/c2.txt") errors)"; failures=$((failures + 1))
else
  echo "ok   check --lines --jobs 2 equals --jobs 1 and a pipe"
fi
printf '\xEF\xBB\xBF[1]\n\xEF\xBB\xBF[2]\n' > "$work/marks.jsonl"
out=$("$tool" check --lines "$work/marks.jsonl"); expect "check --lines, a byte order mark on line 2" 1 "$work/marks.jsonl:2:1: expected a value (object, array, string, number, true, false or null)" $? "$out"
out=$("$tool" query --lines '$[0]' "$work/marks.jsonl" 2>"$work/marks.err"); expect "query --lines, a byte order mark on line 2" 1 "1" $? "$out"
out=$(cat "$work/marks.err"); expect "query --lines, the error of line 2" 0 "$work/marks.jsonl:2:1: expected a value (object, array, string, number, true, false or null)" 0 "$out"
printf '{"type":"array"}' > "$work/arrays.json"
out=$("$tool" validate --lines --jobs 2 "$work/arrays.json" "$work/marks.jsonl"); expect "validate --lines, a byte order mark on line 2" 1 "$work/marks.jsonl:2:1: (root): not JSON: expected a value (object, array, string, number, true, false or null)" $? "$out"
out=$("$tool" check --jobs 2 "$work/good.json" 2>/dev/null); expect "check --jobs without --lines" 2 "" $? "$out"
out=$("$tool" check --lines --jobs 0 "$work/good.json" 2>/dev/null); expect "check --jobs 0" 2 "" $? "$out"

# validate --lines --jobs 2: the same output as one thread, in the same order.
printf '{"type":"object","properties":{"n":{"type":"integer","multipleOf":3}}}' > "$work/threes.json"
"$tool" validate --lines "$work/threes.json" "$work/many.jsonl" > "$work/v1.txt"; one=$?
"$tool" validate --lines --jobs 2 "$work/threes.json" "$work/many.jsonl" > "$work/v2.txt"; two=$?
if ! cmp -s "$work/v1.txt" "$work/v2.txt" || [[ $one -ne 1 || $two -ne 1 || $(wc -l < "$work/v2.txt") -ne 33334 ]]; then
  echo "FAIL validate --jobs 2 differs from --jobs 1 ($one, $two, $(wc -l < "$work/v2.txt") lines)"; failures=$((failures + 1))
else
  echo "ok   validate --jobs 2 equals --jobs 1"
fi
out=$("$tool" validate --jobs 2 "$work/threes.json" "$work/doc.json" 2>/dev/null); expect "validate --jobs without --lines" 2 "" $? "$out"

echo "$failures failed"
[[ $failures -eq 0 ]]
