#!/usr/bin/env bash
# bench/js/startup/measure.sh — start-up of `searchlight run`, the figure 3 way:
# wall clock from spawning the process to a moment the script reports (Date.now()).
# (Under bench/js because SearchlightBench's target excludes that folder.)
#
#   bench/js/startup/measure.sh [-n RUNS] [-q QUERY] DATA_DIR [LABEL=]SEARCHLIGHT…
#
# DATA_DIR holds an existing index (the 100k one `make bench` leaves in
# .build/bench/100k/searchlight; copy it, the runs may add -wal/-shm files beside it).
# QUERY is the first query figure 3 uses ('rod' for the 100k seed-42 workload).
# Every binary runs, interleaved, RUNS times each of:
#   help     `searchlight --help`: exec, dynamic loading, Swift runtime (spawn to exit)
#   trivial  trivial.js: spawn to the script's first line, and to exit
#   search   bench/js/open-and-search.js QUERY (no further queries): spawn to the
#            script's first line, spawn to the first hits, and the script's own part
# and the median and p90 of each figure are printed in ms.
set -euo pipefail
runs=30
query=rod
while getopts "n:q:" option; do
  case $option in
    n) runs=$OPTARG ;;
    q) query=$OPTARG ;;
    *) echo "usage: $0 [-n RUNS] [-q QUERY] DATA_DIR [LABEL=]SEARCHLIGHT..." >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
if [ $# -lt 2 ]; then echo "usage: $0 [-n RUNS] [-q QUERY] DATA_DIR [LABEL=]SEARCHLIGHT..." >&2; exit 2; fi
data=$1; shift
[ -f "$data/index.sqlite3" ] || { echo "$0: no index.sqlite3 in $data" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
scripts=$(cd "$here/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo '[]' > "$work/no-queries.json"

labels=(); binaries=()
for argument in "$@"; do
  if [[ $argument == *=* ]]; then labels+=("${argument%%=*}"); binaries+=("${argument#*=}")
  else labels+=("$(basename "$(dirname "$(dirname "$(dirname "$(dirname "$argument")")")")")"); binaries+=("$argument"); fi
done

# Epoch milliseconds (fractional) of an $EPOCHREALTIME reading. Read the clock with
# `start=$EPOCHREALTIME` right before spawning, never in a $(…) that forks first.
ms() { local t=$1; echo "${t%.*}${t#*.}" | awk '{ printf "%.3f", $1 / 1000 }'; }
# the number after "KEY": in a BENCH line
field() { sed -n "s/.*\"$1\":\([0-9.]*\).*/\1/p" <<<"$2"; }

record() { printf '%s\t%s\t%s\n' "$1" "$2" "$3" >> "$work/samples"; }   # label, figure, value

for ((run = 1; run <= runs; run++)); do
  for index in "${!binaries[@]}"; do
    binary=${binaries[$index]} label=${labels[$index]}
    start=$EPOCHREALTIME; "$binary" --help > /dev/null; end=$EPOCHREALTIME
    start=$(ms "$start") end=$(ms "$end")
    record "$label" "help: spawn to exit" "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')"

    start=$EPOCHREALTIME
    "$binary" run --data-dir "$work/empty" "$here/trivial.js" > "$work/out"
    end=$EPOCHREALTIME
    start=$(ms "$start") end=$(ms "$end") out=$(grep '^BENCH ' "$work/out")
    record "$label" "trivial: spawn to script start" "$(awk -v a="$start" -v b="$(field scriptStartEpochMs "$out")" 'BEGIN { print b - a }')"
    record "$label" "trivial: spawn to exit" "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')"

    start=$EPOCHREALTIME
    "$binary" run --data-dir "$data" --app-id com.example.bench "$scripts/open-and-search.js" "$query" "$work/no-queries.json" > "$work/out"
    start=$(ms "$start") out=$(grep '^BENCH ' "$work/out")
    if [ "$(field firstHits "$out")" = "" ] || [ "$(field firstHits "$out")" = 0 ]; then
      echo "$0: $label: open-and-search.js found nothing for '$query': $out" >&2; exit 1
    fi
    record "$label" "search: spawn to script start" "$(awk -v a="$start" -v b="$(field scriptStartEpochMs "$out")" 'BEGIN { print b - a }')"
    record "$label" "search: in the script" "$(field firstResultMs "$out")"
    record "$label" "search: spawn to first result" "$(awk -v a="$start" -v b="$(field firstResultEpochMs "$out")" 'BEGIN { print b - a }')"
  done
  printf '.' >&2
done
echo >&2

printf '%-34s' "ms, median (p90) of $runs runs"
for label in "${labels[@]}"; do printf '%22s' "$label"; done
echo
for figure in "help: spawn to exit" "trivial: spawn to script start" "trivial: spawn to exit" \
              "search: spawn to script start" "search: in the script" "search: spawn to first result"; do
  printf '%-34s' "$figure"
  for label in "${labels[@]}"; do
    awk -F '\t' -v l="$label" -v f="$figure" '$1 == l && $2 == f { print $3 }' "$work/samples" | sort -g | awk '
      { v[NR] = $1 }
      END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
            p = int(NR * 0.9 + 0.999); printf "%22s", sprintf("%.1f (%.1f)", m, v[p]) }'
  done
  echo
done
