#!/bin/bash
# search-only-rounds.sh SIZE ROUNDS DIR... — `SearchlightBench --search-only` of two
# or more release builds in alternating rounds on the index a previous run left in
# .build/bench/<SIZE>/native (e.g. after `--sizes 1000000 --native-only`), so that
# load on a shared machine weighs on every build alike. Each DIR holds a build's
# SearchlightBench and searchlight (copy them out of .build/release). Extra flags for
# every run go in SEARCH_FLAGS (e.g. --js, --queries FILE). Per-query times go to
# .build/bench/rounds-<build>-<round>.tsv (BENCH_PER_QUERY).
set -eu
size=$1; rounds=$2; shift 2
count=$size; case $size in 1M) count=1000000;; 100k) count=100000;; 10k) count=10000;; esac
cd "$(dirname "$0")/../.."
for round in $(seq 1 "$rounds"); do
  for dir in "$@"; do
    name=$(basename "$dir")
    echo "=== round $round $name $(date -u +%H:%M:%S) load $(cut -d' ' -f1 /proc/loadavg)"
    BENCH_PER_QUERY=.build/bench/rounds-$name-$round.tsv nice -n 5 "$dir/SearchlightBench" \
      --sizes "$count" --search-only ${SEARCH_FLAGS:-} 2>&1 | grep -E "p50|slowest|first|typos on"
  done
done
