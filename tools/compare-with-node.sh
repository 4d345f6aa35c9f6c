#!/bin/sh
# DEVELOPMENT AID: runs tools/random-cases.js under node and under the built
# searchlight for a range of seeds and reports every seed whose output differs.
#   tools/compare-with-node.sh [FIRST_SEED [LAST_SEED]]
set -u
cd "$(dirname "$0")/.."
BIN=${SEARCHLIGHT:-.build/debug/searchlight}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
for seed in $(seq "${1:-1}" "${2:-10}"); do
  for mode in inspect colors assert; do
    node tools/random-cases.js "$mode" "$seed" > "$tmp/node.txt"
    "$BIN" run tools/random-cases.js "$mode" "$seed" > "$tmp/searchlight.txt" 2>&1
    if ! cmp -s "$tmp/node.txt" "$tmp/searchlight.txt"; then
      echo "differs: $mode seed $seed"
      diff "$tmp/node.txt" "$tmp/searchlight.txt" | head -20
      status=1
    fi
  done
done
[ "$status" = 0 ] && echo "same output as node $(node --version) for every seed"
exit "$status"
