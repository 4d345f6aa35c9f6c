#!/bin/bash
# The components in a real window: runs index.js with `searchlight run --window`
# under Xvfb and asks the page for window.__componentTests() through the window's
# control FIFO ($SEARCHLIGHT_WINDOW_CONTROL). Prints `ok - …` / `not ok - …` lines and
# `N passed, N failed`; exits 1 on any failure.
#   xvfb-run -a bash js/window/components/test/window/run.sh [path/to/searchlight]
set -u
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-$here/../../../../../.build/debug/searchlight}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkfifo "$work/control"
SEARCHLIGHT_WINDOW_CONTROL="$work/control" timeout 60 "$bin" run "$here/index.js" --window \
  --data-dir "$work/data" --app-id org.example.ComponentTests >"$work/out" 2>"$work/err" &
pid=$!
exec 3>"$work/control"
answer() { # answer ID: waits (up to 30 s) for the control channel's answer to ID
  for _ in $(seq 300); do
    line=$(grep -m1 "^searchlight-control: $1 " "$work/out") && { echo "${line#searchlight-control: $1 }"; return 0; }
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  return 1
}
# Wait until the page has its tests, then run them.
ready=""
for i in $(seq 1 50); do
  echo "r$i js return typeof window.__componentTests" >&3
  if [ "$(answer "r$i")" = '"function"' ]; then ready=yes; break; fi
  sleep 0.2
done
status=1
if [ -z "$ready" ]; then
  echo "not ok - the test page did not start"; cat "$work/err"
else
  echo "t js return await window.__componentTests()" >&3
  result=$(answer t) || result=""
  if [ -z "$result" ]; then
    echo "not ok - no answer from the test page"; cat "$work/err"
  else
    /usr/bin/python3 - "$result" <<'PY' && status=0
import json, sys
results = json.loads(sys.argv[1])
failed = 0
for r in results:
    if r["ok"]:
        print(f"ok - {r['name']}")
    else:
        failed += 1
        print(f"not ok - {r['name']}\n  {r.get('message', '')}")
print(f"{len(results) - failed} passed, {failed} failed")
sys.exit(1 if failed or not results else 0)
PY
  fi
fi
echo "q quit" >&3
exec 3>&-
wait "$pid" 2>/dev/null
exit $status
