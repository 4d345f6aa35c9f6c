#!/bin/bash
# The windowed-app benchmarks (SPEC §7, issue 13), each against a baseline measured in
# the same run:
#   1. start to first painted screen: `searchlight run examples/audiobooks/index.js
#      --window` (spawn → first-contentful-paint), against a bare WebKitGTK window
#      (bare-window.c) loading the same bundle without Searchlight;
#   2. `search` from the page at SIZE items, p50/p99 including the bridge, against the
#      same searches from the headless host (same index, same queries);
#   3. a desktop request (ActivateResult over D-Bus, as GNOME Shell sends it) to the
#      detail screen painted in a running window, against the same screen opened by a
#      click in the page;
#   4. the peak memory (VmHWM) of the window's processes: the UI process (searchlight)
#      and WebKit's web and network processes;
#   5. a render error to the error screen painted (its stack mapped to App.js, the
#      source map read on this first error), against a click that re-renders the same
#      component without an error;
#   6. `--watch`: a save of App.js to the edit painted in the window (polling, esbuild,
#      page reload), against a reload of the page without rebuilding (Ctrl+R).
# Prints a Markdown table.
#   xvfb-run -a dbus-run-session -- bash bench/window/measure.sh [SEARCHLIGHT]
set -u
cd "$(dirname "$0")/../.."
SEARCHLIGHT=${1:-.build/release/searchlight}
SIZE=${SIZE:-100000}
RUNS=${RUNS:-5}
QUERIES=${QUERIES:-300}
WORK=$(mktemp -d)
. Tests/Window/lib.sh
trap 'stop_app; rm -rf "$WORK"' EXIT
now_ms() { date +%s%3N; }
# add ARRAY VALUE T0 : appends VALUE - T0 (VALUE's whole milliseconds) when VALUE is a number.
add() { local v=${2%%.*}; [[ $v =~ ^[0-9]+$ ]] && eval "$1+=($((v - $3)))"; return 0; }
stats() { node -e '
  const xs = JSON.parse(process.argv[1]).sort((a, b) => a - b);
  const q = (p) => xs[Math.min(xs.length - 1, Math.ceil(p * xs.length) - 1)];
  console.log(JSON.stringify({ n: xs.length, p50: q(0.5), p99: q(0.99), min: xs[0], max: xs[xs.length - 1] }));' "$1"; }
field() { node -e 'const v = JSON.parse(process.argv[1])[process.argv[2]]; console.log(typeof v === "object" ? JSON.stringify(v) : v)' "$1" "$2"; }
ratio() { node -e 'const [a, b] = process.argv.slice(1).map(Number); console.log(b > 0 ? (a / b).toFixed(2) : "n/a")' "$1" "$2"; }
fixed() { node -e 'console.log(Number(process.argv[1]).toFixed(process.argv[2] || 1))' "$1" "${2:-1}"; }
peak_kb() { # peak_kb PID: VmHWM of PID and its children, summed, and each
  local total=0 p kb parts=""
  for p in $1 $(pgrep -P "$1"); do
    kb=$(awk '/VmHWM/ {print $2}' "/proc/$p/status" 2>/dev/null || echo 0)
    total=$((total + ${kb:-0}))
    parts="$parts $(basename "$(readlink "/proc/$p/exe" 2>/dev/null)"):$((${kb:-0} / 1024))MB"
  done
  echo "$total$parts"
}

cc -O2 -o "$WORK/bare-window" bench/window/bare-window.c $(pkg-config --cflags --libs webkit2gtk-4.1) || exit 1

# --- 1. start to first painted screen -----------------------------------------------
AB=$WORK/audiobooks
FCP='const p = performance.getEntriesByType("paint").find((e) => e.name === "first-contentful-paint"); return p ? performance.timeOrigin + p.startTime : null'
# A first, unmeasured run indexes the catalog and fills the bundle cache.
start_app warm examples/audiobooks/index.js --window --app-id org.example.Audiobooks --data-dir "$AB"
wait_page "document.querySelector('[data-testid^=result-work-]')" 60 >/dev/null
bundle=$(page_js 'return document.scripts[0].src' | tr -d '"')
stop_app
cat > "$WORK/bare.html" <<HTML
<!DOCTYPE html><html><head><meta charset="utf-8"><base href="file://$PWD/examples/audiobooks/">
<style>html, body { margin: 0; padding: 0; height: 100%; overflow: hidden; } #root { display: flex; flex-direction: column; height: 100%; }</style>
</head><body><div id="root"></div><script src="$bundle"></script></body></html>
HTML
startups=() bares=() memory="" bare_memory="0"
for i in $(seq 1 "$RUNS"); do
  t0=$(now_ms)
  start_app "start$i" examples/audiobooks/index.js --window --app-id org.example.Audiobooks --data-dir "$AB"
  wait_page "performance.getEntriesByType('paint').length > 0" 30 >/dev/null
  add startups "$(page_js "$FCP")" "$t0"
  wait_page "document.querySelector('[data-testid^=result-work-]')" 30 >/dev/null
  [ "$i" = 1 ] && memory=$(peak_kb "$app_pid")
  stop_app
  t0=$(now_ms)
  bare_out=$("$WORK/bare-window" "file://$WORK/bare.html" 2>/dev/null)
  add bares "$(echo "$bare_out" | awk '/^fcp/ {print $2}')" "$t0"
  [ "$i" = 1 ] && bare_memory=$(echo "$bare_out" | awk '/^memory/ { total = 0; for (i = 2; i <= NF; i++) total += $i; printf "%d UI:%dMB", total, $2 / 1024; for (i = 3; i <= NF; i++) printf " child:%dMB", $i / 1024 }')
done
start_stats=$(stats "[$(IFS=,; echo "${startups[*]}")]")
bare_stats=$(stats "[$(IFS=,; echo "${bares[*]}")]")

# --- 2. search from the page vs the headless host -----------------------------------
BIG=$WORK/big
headless=$("$SEARCHLIGHT" run bench/window/search-headless.js "$SIZE" "$QUERIES" --data-dir "$BIG" | sed -n 's/^BENCH //p')
start_app search bench/window/search-page.js --window --app-id org.searchlight.SearchBench --data-dir "$BIG"
for i in $(seq 1 1200); do grep -q '^BENCH ' "$app_out" && break; sleep 0.1; done
page=$(sed -n 's/^BENCH //p' "$app_out" | head -1)
search_memory=$(peak_kb "$app_pid")
stop_app
page_stats=$(stats "$(field "$page" latencies)")
headless_stats=$(stats "$(field "$headless" latencies)")

# --- 3. desktop request → detail screen painted -------------------------------------
start_app request examples/audiobooks/index.js --window --serve --app-id org.example.Audiobooks --data-dir "$AB"
wait_page "document.querySelector('[data-testid^=result-work-]')" 30 >/dev/null
WATCH='window.__detailAt = null; const seen = () => document.querySelector("[data-testid=detail-screen]"); const observer = new MutationObserver(() => { if (seen()) { observer.disconnect(); requestAnimationFrame(() => requestAnimationFrame(() => { window.__detailAt = performance.timeOrigin + performance.now(); })); } }); observer.observe(document.body, { subtree: true, childList: true }); return true'
BACK='document.querySelector("[data-testid=back-button]").click(); for (let i = 0; i < 100 && !document.querySelector("[data-testid^=result-work-]"); i++) await new Promise((r) => setTimeout(r, 20)); return true'
requests=() clicks=()
for i in $(seq 1 10); do
  id=work-00$(( (i % 8) + 1 ))
  page_js "$WATCH" >/dev/null
  t0=$(now_ms)
  activate_result org.example.Audiobooks "$id" 0
  wait_page "window.__detailAt" 10 >/dev/null
  add requests "$(page_js 'return window.__detailAt')" "$t0"
  page_js "$BACK" >/dev/null
  page_js "$WATCH" >/dev/null
  add clicks "$(page_js "const t0 = performance.timeOrigin + performance.now(); document.querySelector('[data-testid=result-$id]').click(); for (let i = 0; i < 500 && !window.__detailAt; i++) await new Promise((r) => setTimeout(r, 5)); return Math.round(window.__detailAt - t0)")" 0
  page_js "$BACK" >/dev/null
done
stop_app
request_stats=$(stats "[$(IFS=,; echo "${requests[*]}")]")
click_stats=$(stats "[$(IFS=,; echo "${clicks[*]}")]")

# --- 5. render error → error screen painted -----------------------------------------
start_app errors Tests/Window/errorapp/index.js --window --app-id org.searchlight.ErrorTest --data-dir "$WORK/errors"
wait_page "document.querySelector('[data-testid=home]')" 30 >/dev/null
# PAINTED SELECTOR TESTID : ms from a click on TESTID to the frame after SELECTOR appears.
painted() {
  page_js "window.__at = null; const observer = new MutationObserver(() => { if (document.querySelector('$1')) { observer.disconnect(); requestAnimationFrame(() => requestAnimationFrame(() => { window.__at = performance.now(); })); } }); observer.observe(document.body, { subtree: true, childList: true, characterData: true }); const t0 = performance.now(); document.querySelector('[data-testid=$2]').click(); for (let i = 0; i < 1000 && !window.__at; i++) await new Promise((r) => setTimeout(r, 2)); return Math.round(window.__at - t0)"
}
error_screens=() rerenders=()
for i in $(seq 1 10); do
  add error_screens "$(painted '[data-searchlight-error]' durian)" 0
  page_js "setTimeout(() => location.reload(), 0); return true" >/dev/null
  sleep 0.3
  wait_page "document.querySelector('[data-testid=home]') && !document.querySelector('[data-searchlight-error]')" 30 >/dev/null
  add rerenders "$(painted '[data-testid=basket]:not(:empty)' pears)" 0
  page_js "setTimeout(() => location.reload(), 0); return true" >/dev/null
  sleep 0.3
  wait_page "document.querySelector('[data-testid=home]')" 30 >/dev/null
done
stop_app
error_stats=$(stats "[$(IFS=,; echo "${error_screens[*]}")]")
rerender_stats=$(stats "[$(IFS=,; echo "${rerenders[*]}")]")

# --- 6. --watch: an edit of App.js to the edit painted ------------------------------
mkdir -p "$WORK/watchapp"
cp Tests/Window/errorapp/index.js Tests/Window/errorapp/App.js "$WORK/watchapp/"
start_app watch "$WORK/watchapp/index.js" --window --watch --app-id org.searchlight.WatchBench --data-dir "$WORK/watch"
wait_page "document.querySelector('[data-testid=basket]')" 30 >/dev/null
# shown TEXT : the wall-clock ms at which the basket showed TEXT, painted (across reloads).
shown() {
  local i at
  for i in $(seq 1 200); do
    at=$(page_js "const b = document.querySelector('[data-testid=basket]'); if (!b || b.innerText !== '$1') return null; await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))); return Math.round(performance.timeOrigin + performance.now())" 2>/dev/null)
    [[ ${at%%.*} =~ ^[0-9]+$ ]] && { echo "$at"; return; }
    sleep 0.02
  done
}
edits=() reloads=() previous=basket
for i in $(seq 1 5); do
  t0=$(now_ms)
  sed -i "s/A $previous of /A crate$i of /" "$WORK/watchapp/App.js"
  previous=crate$i
  add edits "$(shown "A crate$i of apples")" "$t0"
  t0=$(now_ms)
  page_js "setTimeout(() => location.reload(), 0); return true" >/dev/null
  sleep 0.05
  add reloads "$(shown "A crate$i of apples")" "$t0"
done
stop_app
edit_stats=$(stats "[$(IFS=,; echo "${edits[*]}")]")
reload_stats=$(stats "[$(IFS=,; echo "${reloads[*]}")]")

# --- the table ----------------------------------------------------------------------
s50=$(field "$start_stats" p50); b50=$(field "$bare_stats" p50)
p50=$(field "$page_stats" p50); p99=$(field "$page_stats" p99); h50=$(field "$headless_stats" p50); h99=$(field "$headless_stats" p99)
r50=$(field "$request_stats" p50); r99=$(field "$request_stats" p99); c50=$(field "$click_stats" p50)
met() { node -e 'console.log(Number(process.argv[1]) <= Number(process.argv[2]) ? "yes" : "no")' "$1" "$2"; }
cat <<TABLE
| figure | measured | baseline (same run) | ratio | goal | met |
|---|---|---|---|---|---|
| start to first painted screen (audiobooks, median of $RUNS) | $s50 ms | bare WebKitGTK window, same bundle: $b50 ms | $(ratio "$s50" "$b50") | ≤ 600 ms | $(met "$s50" 600) |
| \`search\` from the page, $SIZE items, p50 ($QUERIES queries) | $(fixed "$p50" 2) ms | headless host, same calls: $(fixed "$h50" 2) ms | $(ratio "$p50" "$h50") | | |
| \`search\` from the page, $SIZE items, p99 | $(fixed "$p99" 2) ms | headless host: $(fixed "$h99" 2) ms | $(ratio "$p99" "$h99") | ≤ 5 ms | $(met "$p99" 5) |
| \`search\` from the page, $SIZE items, mean (one interval) | $(fixed "$(field "$page" meanMs)" 2) ms | headless host: $(fixed "$(field "$headless" meanMs)" 2) ms | $(ratio "$(field "$page" meanMs)" "$(field "$headless" meanMs)") | | |
| desktop request (ActivateResult) → detail screen painted, p50 of 10 | $r50 ms (p99 $r99 ms) | a click in the page → same screen: $c50 ms | $(ratio "$r50" "$c50") | ≤ 150 ms | $(met "$r99" 150) |
| peak memory, audiobooks window (all its processes) | $(echo "$memory" | cut -d' ' -f1 | awk '{printf "%d MB", $1/1024}') ($(echo "$memory" | cut -d' ' -f2-)) | bare window, same bundle: $(echo "$bare_memory" | cut -d' ' -f1 | awk '{printf "%d MB", $1/1024}') ($(echo "$bare_memory" | cut -d' ' -f2-)) | $(ratio "$(echo "$memory" | cut -d' ' -f1)" "$(echo "$bare_memory" | cut -d' ' -f1)") | | |
| render error → error screen painted (App.js:LINE), p50 of 10 | $(field "$error_stats" p50) ms (max $(field "$error_stats" max) ms) | a click re-rendering the same component: $(field "$rerender_stats" p50) ms | $(ratio "$(field "$error_stats" p50)" "$(field "$rerender_stats" p50)") | ≤ 1000 ms | $(met "$(field "$error_stats" max)" 1000) |
| \`--watch\`: App.js saved → the edit painted, p50 of 5 | $(field "$edit_stats" p50) ms (max $(field "$edit_stats" max) ms) | a reload without rebuilding: $(field "$reload_stats" p50) ms | $(ratio "$(field "$edit_stats" p50)" "$(field "$reload_stats" p50)") | ≤ 1000 ms | $(met "$(field "$edit_stats" max)" 1000) |
| peak memory, search bench window ($SIZE items) | $(echo "$search_memory" | cut -d' ' -f1 | awk '{printf "%d MB", $1/1024}') ($(echo "$search_memory" | cut -d' ' -f2-)) | | | | |
TABLE
echo
echo "raw: startup ${startups[*]} | bare ${bares[*]} | requests ${requests[*]} | clicks ${clicks[*]} | error screens ${error_screens[*]} | re-renders ${rerenders[*]} | edits ${edits[*]} | reloads ${reloads[*]}"
echo "raw: page $page_stats | headless $headless_stats"
