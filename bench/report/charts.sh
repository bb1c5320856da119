#!/usr/bin/env bash
# The report's charts, from its CSV (bench/report/tables.cpp writes it), drawn by gnuplot as SVG
# and PNG: typed serialization and deserialization time relative to the hand-written code
# (grouped bars, one group per model, log scale), DOM throughput, json-serde time relative to
# jsonjit's DOM, and the JIT's compile cost per type.
# Usage: charts.sh REPORT_CSV OUTPUT_DIR
set -euo pipefail
csv=$1
out=$2
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# pivot GROUP COLUMN CONTENDERS...: a table with one row per workload of GROUP and one column
# per contender (the CSV's COLUMN: ratio, mb_per_s or median_s; "?" where there is no figure,
# such as a wrong contender; a contender with no figure anywhere is left out).
pivot() {
  local group=$1 column=$2
  shift 2
  awk -F, -v group="$group" -v column="$column" -v contenders="$*" '
    NR == 1 { for (i = 1; i <= NF; i++) index_of[$i] = i; next }
    $1 == group {
      if (!($2 in seen)) { seen[$2] = 1; order[++rows] = $2 }
      value = $(index_of[column])
      if ($4 == "ok" && value != "" && value + 0 > 0) cell[$2, $3] = value
    }
    END {
      # Contenders with no figure at all (wrong everywhere, or absent) get no column.
      n = split(contenders, all, " ")
      for (c = 1; c <= n; c++) for (r = 1; r <= rows; r++) if ((order[r], all[c]) in cell) { names[++kept] = all[c]; break }
      line = "workload"
      for (c = 1; c <= kept; c++) line = line " " names[c]
      print line
      for (r = 1; r <= rows; r++) {
        line = order[r]
        for (c = 1; c <= kept; c++) line = line " " (((order[r], names[c]) in cell) ? cell[order[r], names[c]] : "?")
        print line
      }
    }' "$csv"
}

# bars DATA NAME TITLE YLABEL LOG: grouped bars of DATA (from pivot) into NAME.svg and NAME.png.
bars() {
  local data=$1 name=$2 title=$3 ylabel=$4 log=$5
  local columns
  columns=$(head -1 "$data" | wc -w)
  [[ $(wc -l < "$data") -gt 1 ]] || return 0
  for terminal in "svg size 1100,520 font 'Helvetica,13' background '#ffffff'" "pngcairo size 1100,520 font 'Helvetica,11'"; do
    local file="$out/$name.svg"
    [[ $terminal == pngcairo* ]] && file="$out/$name.png"
    gnuplot <<EOF
set terminal $terminal
set output '$file'
set title "$title"
set ylabel "$ylabel"
set datafile missing '?'
set style data histograms
set style histogram clustered gap 1.5
set style fill solid 0.85 border rgb '#333333'
set boxwidth 0.9
set key outside right top vertical Left reverse noenhanced
set xtics nomirror rotate by 25 right noenhanced
set ytics nomirror
set grid ytics lc rgb '#dddddd'
set border 3
$( if [[ $log == log ]]; then
     printf '%s\n' "set logscale y" "set yrange [0.1:*]" "set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb '#000000' front"
   else
     echo "set yrange [0:*]"
   fi
   [[ $columns -eq 2 ]] && echo "set key off" )
set linetype 1 lc rgb '#1f77b4'
set linetype 2 lc rgb '#4a98d0'
set linetype 3 lc rgb '#a6c8e8'
set linetype 4 lc rgb '#ff7f0e'
set linetype 5 lc rgb '#2ca02c'
set linetype 6 lc rgb '#d62728'
set linetype 7 lc rgb '#9467bd'
set linetype 8 lc rgb '#8c564b'
set linetype 9 lc rgb '#e377c2'
plot for [i=2:$columns] '$data' using i:xtic(1) title columnheader(i)
EOF
  done
}

pivot typed_write ratio jsonjit jsonjit_compiled jsonjit_interp rapidjson boost_json nlohmann > "$work/typed_write"
bars "$work/typed_write" typed_write \
  "Serialize (STJ's default escaping): time relative to the hand-written serializer (1 = as fast; lower is faster)" \
  "time / hand-written (log scale)" log
pivot typed_read ratio jsonjit jsonjit_compiled jsonjit_interp simdjson rapidjson boost_json nlohmann > "$work/typed_read"
bars "$work/typed_read" typed_read \
  "Deserialize: time relative to the hand-written parser (1 = as fast; lower is faster)" \
  "time / hand-written (log scale)" log
for group in dom_parse dom_serialize; do
  pivot "$group" mb_per_s jsonjit jsonjit_new_document simdjson rapidjson boost_json nlohmann > "$work/$group"
  bars "$work/$group" "$group" "${group/_/ }: throughput (higher is faster)" "MB/s" linear
done
pivot json_serde ratio jsonjit jsonjit-typed jsonjit-typed-interp simdjson simdjson-typed rapidjson nlohmann nlohmann-typed \
  boost-typed > "$work/json_serde"
bars "$work/json_serde" json_serde "json-serde: time relative to jsonjit's DOM engine (lower is faster)" \
  "time / jsonjit DOM (log scale)" log
# The compile cost in microseconds: the median times 10^6.
pivot jit_compile median_s jsonjit | awk 'NR == 1 { print "type compile_us"; next } { printf "%s %s\n", $1, ($2 == "?" ? "?" : $2 * 1e6) }' > "$work/jit_compile"
bars "$work/jit_compile" jit_compile "The JIT's compile cost per model (writers and readers of its types; paid once per type and options)" \
  "microseconds" linear
ls "$out"/*.svg
