#!/bin/bash
# Runs one built fuzz target: fuzz/run.sh query|items|bridge RUNS [libFuzzer options…]
#
# The seed corpus in fuzz/corpus/TARGET is read, never written: new inputs go to a
# scratch corpus (kept in .build/fuzz/corpus/TARGET for the next run). Crashes, leaks,
# timeouts and out-of-memory inputs are written to .build/fuzz/artifacts/ and make the
# script exit non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: fuzz/run.sh query|items|bridge RUNS [options]}
runs=${2:?usage: fuzz/run.sh query|items|bridge RUNS [options]}
shift 2
binary=.build/fuzz/bin/fuzz-$target
[ -x "$binary" ] || { echo "$binary is not built: run fuzz/build.sh $target" >&2; exit 2; }
scratch=.build/fuzz/corpus/$target
artifacts=.build/fuzz/artifacts/
mkdir -p "$scratch" "$artifacts"

options=(-runs="$runs" -timeout=10 -rss_limit_mb=3072 -max_len=512 -artifact_prefix="$artifacts" -print_final_stats=1)
case $target in
  query) options+=(-dict=fuzz/query.dict) ;;
  # JavaScriptCore's heap changes with every input, so libFuzzer's per-input leak
  # check would rescan the heap each time (100x slower); leaks are checked once, at
  # exit, where allocations JavaScriptCore keeps to the end are not ours.
  bridge) options+=(-detect_leaks=0); export LSAN_OPTIONS=suppressions=fuzz/jsc.supp:print_suppressions=0 ;;
esac
exec "$binary" "${options[@]}" "$@" "$scratch" "fuzz/corpus/$target"
