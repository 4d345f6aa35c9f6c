#!/usr/bin/env bash
# How long the D-Bus providers take per call at 100k items (issue 5: "a few ms").
#
#   bench/dbus/measure.sh            (after `swift build -c release`)
#
# Generates 100k items from the Debian word list (seeded), imports them with
# `searchlight import`, serves them with `searchlight serve` on a private session
# bus, and times GetInitialResultSet, GetSubsearchResultSet, GetResultMetas and
# KRunner Match from a python3-dbus client (median of 5 calls each, client
# overhead included).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=${SEARCHLIGHT:-$root/.build/release/searchlight}
work=${WORK:-$root/.build/bench/dbus}
command -v dbus-run-session >/dev/null || { echo "needs dbus (apt-get install dbus)"; exit 1; }
/usr/bin/python3 -c 'import dbus' 2>/dev/null || { echo "needs python3-dbus (apt-get install python3-dbus)"; exit 1; }
mkdir -p "$work"
if [ ! -f "$work/data/index.sqlite3" ]; then
  /usr/bin/python3 "$here/items.py" 100000 > "$work/items.jsonl"
  "$bin" import "$work/items.jsonl" --app-id org.example.Big --data-dir "$work/data"
fi
dbus-run-session -- bash -c '
  "$1" serve --app-id org.example.Big --data-dir "$2/data" > "$2/serve.log" 2>&1 &
  server=$!
  for _ in $(seq 100); do gdbus introspect --session --dest org.example.Big --object-path /org/example/Big/SearchProvider >/dev/null 2>&1 && break; sleep 0.1; done
  /usr/bin/python3 "$3/time_calls.py"
  kill $server' _ "$bin" "$work" "$here" 2>&1 | grep -v 'fd limit'
