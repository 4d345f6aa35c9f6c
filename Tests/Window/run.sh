#!/bin/bash
# The window tests (SPEC §7): each windowed app opened in a real GTK window under
# Xvfb, typed into with the X keyboard, activated over D-Bus as GNOME Shell does, and
# cold-started by D-Bus activation from the files `install --window` writes; PNG
# screenshots of every screen go to $WINDOW_TEST_OUT (default .build/window-tests).
#
#   xvfb-run -a dbus-run-session -- bash Tests/Window/run.sh
#
# Ends with `N passed, N failed`; exit 1 on any failure.
set -u
cd "$(dirname "$0")/../.."
WORK=$(mktemp -d)
. Tests/Window/lib.sh
OUT=${WINDOW_TEST_OUT:-.build/window-tests}
mkdir -p "$OUT"
trap 'stop_app; rm -rf "$WORK"' EXIT

if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] || [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ]; then
  echo "run me under xvfb-run -a dbus-run-session -- (no display or no session bus)" >&2
  exit 2
fi

# --- without a display: exit 1, one line on stderr ----------------------------------
errors=$(env -u DISPLAY -u WAYLAND_DISPLAY "$SEARCHLIGHT" run Tests/Window/app/index.js --window --data-dir "$WORK/none" 2>&1 >/dev/null)
status=$?
check "--window without a display exits 1" "$status" 1
check "--window without a display says so in one line" "$(printf '%s\n' "$errors" | wc -l)" 1
check_contains "--window without a display names the variables" "$errors" 'neither $WAYLAND_DISPLAY nor $DISPLAY is set'

# --- one windowed app, end to end ----------------------------------------------------
# window_app NAME APP APP_ID TITLE READY TYPED EXPECT_AFTER_TYPING NOT_AFTER_TYPING ACTIVATE_ID EXPECT_DETAIL DETAIL_READY
window_app() {
  local name=$1 app=$2 app_id=$3 title=$4 ready=$5 typed=$6 expect=$7 absent=$8 id=$9 detail=${10} detail_ready=${11}
  start_app "$name" "$app" --window --serve --app-id "$app_id" --data-dir "$WORK/$name-data"
  check "$name: the home screen renders" "$(wait_page "$ready" 30)" true
  sleep 0.5
  snapshot "$OUT/$name-home.png"
  local before
  before=$(page_js 'return document.body.innerText')
  type_into "$title" "$typed"
  check "$name: typing into the window reaches the search box" \
    "$(wait_page "document.activeElement && document.activeElement.value === $(printf '%s' "\"$typed\"")")" true
  check "$name: the results change as the user types" \
    "$(wait_page "document.body.innerText.includes($(printf '"%s"' "$expect")) && !document.body.innerText.includes($(printf '"%s"' "$absent"))")" true
  check "$name: the results are not the home screen's" "$([ "$(page_js 'return document.body.innerText')" != "$before" ] && echo changed)" changed
  sleep 0.3
  snapshot "$OUT/$name-typed.png"
  # And what the X server shows: the whole screen, the window on it.
  import -window root "$OUT/$name-typed-screen.png" 2>/dev/null || true
  activate_result "$app_id" "$id" 0
  check "$name: ActivateResult over D-Bus opens the detail screen" "$(wait_page "$detail_ready && document.body.innerText.includes($(printf '"%s"' "$detail"))")" true
  sleep 0.5
  snapshot "$OUT/$name-detail.png"
  stop_app
}

# --- the error screen: a render error mapped to App.js, warnings counted, reload ------
start_app errors Tests/Window/errorapp/index.js --window --app-id org.searchlight.ErrorTest --data-dir "$WORK/errors-data"
check "errors: the app renders" "$(wait_page "document.querySelector('[data-testid=home]')" 30)" true
page_js "document.querySelector('[data-testid=warn]').click(); return true" >/dev/null
check "errors: a console.warn is counted in the bar" "$(wait_page "document.body.innerText.includes('1 warning')" 5)" true
errors_bar="await new Promise((r) => setTimeout(r, 300)); return document.getElementById('searchlight-errors').innerText.trim()"
page_js "document.querySelector('[data-testid=noisy]').click(); return true" >/dev/null
check "errors: what LogBox.ignoreLogs matches (a string, a RegExp) is not counted" "$(page_js "$errors_bar")" '"⚠ 1 warning"'
check_contains "errors: an ignored warning still goes to stderr" "$(cat "$WORK/errors.err")" 'Require cycle: App.js -> Basket.js'
check_contains "errors: an ignored console.error still goes to stderr" "$(cat "$WORK/errors.err")" 'Deprecated: Basket.weigh()'
page_js "document.querySelector('[data-testid=durian]').click(); return true" >/dev/null
check "errors: a render error covers the window" "$(wait_page "document.querySelector('[data-searchlight-error=\"Render Error\"]')" 5)" true
shown=$(page_js "return document.querySelector('[data-searchlight-error]').innerText")
check_contains "errors: the screen shows the message" "$shown" 'No durians in the basket'
check_contains "errors: the source is App.js at the throw" "$shown" 'App.js:6:'
check_contains "errors: the code frame shows the line" "$shown" "throw new Error('No durians in the basket')"
snapshot "$OUT/errors-render-error.png"
check_contains "errors: stderr has the stack mapped to App.js" "$(cat "$WORK/errors.err")" 'at Basket (App.js:6:'
# React logs the error it caught (console.error) before throwing it again: one error, once.
check_contains "errors: the render error is counted once (the warning, then it)" "$shown" 'RENDER ERROR · 2 OF 2'
check "errors: stderr has the render error once, without bundle paths" \
  "$(grep -c 'No durians in the basket' "$WORK/errors.err") $(grep -c '/bundles/' "$WORK/errors.err")" "1 0"
page_js "document.querySelector('[data-searchlight-error-action=dismiss]').click(); return true" >/dev/null
check "errors: after Dismiss the bar shows the warning alone" \
  "$(wait_page "!document.querySelector('[data-searchlight-error]') && document.getElementById('searchlight-errors').innerText.trim() === '⚠ 1 warning'" 5)" true
snapshot "$OUT/errors-dismissed.png"
press_keys ErrorTest ctrl+r
check "errors: Ctrl+R reloads" \
  "$(until_page "document.querySelector('[data-testid=basket]') && !document.querySelector('[data-searchlight-error]')")" true
page_js "document.querySelector('[data-testid=quiet]').click(); document.querySelector('[data-testid=warn]').click(); return true" >/dev/null
check "errors: after LogBox.ignoreAllLogs() no bar counts the warning" "$(page_js "$errors_bar")" '""'
snapshot "$OUT/errors-ignore-all-logs.png"
page_js "document.querySelector('[data-testid=durian]').click(); return true" >/dev/null
check "errors: a render error still covers the window after ignoreAllLogs" "$(wait_page "document.querySelector('[data-searchlight-error=\"Render Error\"]')" 5)" true
page_js "document.querySelector('[data-searchlight-error-action=reload]').click(); return true" >/dev/null
check "errors: Reload runs the app again in the same window" \
  "$(until_page "document.querySelector('[data-testid=basket]') && !document.querySelector('[data-searchlight-error]')")" true
stop_app

# --- --watch: a source edit reloads the page; a build error is shown, then fixed -----
mkdir -p "$WORK/watchapp"
cp Tests/Window/errorapp/index.js Tests/Window/errorapp/App.js "$WORK/watchapp/"
start_app watch "$WORK/watchapp/index.js" --window --watch --app-id org.searchlight.WatchTest --data-dir "$WORK/watch-data"
check "watch: the app renders" "$(wait_page "document.querySelector('[data-testid=basket]')" 30)" true
sed -i 's/A basket of /A crate of /' "$WORK/watchapp/App.js"
check "watch: an edit of App.js is on screen" "$(until_page "document.querySelector('[data-testid=basket]').innerText === 'A crate of apples'")" true
sed -i 's/A crate of /A crate of {/' "$WORK/watchapp/App.js"
check "watch: a syntax error shows the build error" "$(until_page "document.querySelector('[data-searchlight-error=\"Build Error\"]')")" true
check_contains "watch: the build error names App.js and its line" "$(page_js "return document.querySelector('[data-searchlight-error]').innerText")" 'App.js:8:'
sed -i 's/A crate of {/A box of /' "$WORK/watchapp/App.js"
check "watch: the fix is on screen, the error gone" \
  "$(until_page "document.querySelector('[data-testid=basket]').innerText === 'A box of apples' && !document.querySelector('[data-searchlight-error]')")" true
stop_app
check_contains "watch: stderr says what changed" "$(cat "$WORK/watch.err")" 'searchlight run --watch: App.js changed; bundled in'

# --- a package from node_modules: its `react-native` entry, our react-native inside ---
start_app toast js/test/fixtures/toast-app/index.js --window --app-id org.searchlight.ToastApp --data-dir "$WORK/toast-data"
check "toast: an app using react-native-basket-toast renders" "$(wait_page "document.querySelector('[data-testid=save]')" 30)" true
page_js "document.querySelector('[data-testid=save]').click(); return true" >/dev/null
check "toast: the package's provider and hook show the toast" \
  "$(wait_page "document.querySelector('[data-testid=toast]') && document.body.innerText.includes('Basket saved')" 5)" true
snapshot "$OUT/toast-shown.png"
stop_app
check "toast: no error (not the package's main entry, not node_modules' react-native)" "$(cat "$WORK/toast.err")" ""

# --- React Native's documentation examples, one screen per component -------------
. Tests/Window/docs-examples.sh

# --- compatibility: Recipe Box, written as react-native-search-with-spotlight apps are ---
start_app recipes js/test/fixtures/compat/recipes/index.js --window --serve --app-id org.searchlight.RecipeBox --data-dir "$WORK/recipes-data"
check "recipes: the TypeScript screens render in SafeAreaView + ScrollView" "$(wait_page "document.querySelector('[data-testid=add]') && document.body.innerText.includes('Pierogi')" 30)" true
check "recipes: a Pressable's style function draws it pressed" \
  "$(page_js "const b = document.querySelector('[data-testid=add]'); b.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0, pointerId: 1, isPrimary: true })); await new Promise((r) => setTimeout(r, 50)); const pressed = getComputedStyle(b).backgroundColor; b.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, button: 0, pointerId: 1, isPrimary: true })); await new Promise((r) => setTimeout(r, 50)); return pressed + ' / ' + getComputedStyle(b).backgroundColor")" \
  '"rgb(94, 53, 177) / rgb(237, 231, 246)"'
page_js "document.querySelector('[data-testid=add]').click(); return true" >/dev/null
check "recipes: indexing through the package shows its toast" "$(wait_page "document.body.innerText.includes('Added 3 recipes')" 5)" true
page_js "document.querySelector('[data-testid=listen]').click(); return true" >/dev/null
check "recipes: the desktop finds a recipe" "$(gdbus call --session --dest org.searchlight.RecipeBox --object-path /org/searchlight/RecipeBox/SearchProvider --method org.gnome.Shell.SearchProvider2.GetInitialResultSet "['laksa']")" "(['recipe-laksa'],)"
activate_result org.searchlight.RecipeBox recipe-laksa 0
check "recipes: opening it from the desktop reaches the package's listener" "$(wait_page "document.body.innerText.includes('Opened Laksa')" 5)" true
snapshot "$OUT/compat-recipes.png"
stop_app

# --- compatibility: Farm Stand, written as react-native-spotlight-search's example is ---
start_app farm js/test/fixtures/compat/farm-stand/index.js --window --serve --app-id org.searchlight.FarmStand --data-dir "$WORK/farm-data"
check "farm: the rows render with Image.resizeMode" "$(wait_page "document.querySelector('[data-testid=row-veg-radish]')" 30)" true
check "farm: the iOS asset names are the pictures beside the script" \
  "$(wait_page "['beet', 'leek', 'radish'].every((n) => { const img = document.querySelector('[data-testid=picture-veg-' + n + '] img'); return img && img.complete && img.naturalWidth === 96 && getComputedStyle(img).visibility !== 'hidden'; })" 10)" true
# The app indexes as it starts (indexItems resolves after the rows render): ask again
# for up to 5 s, as a user typing a moment later would.
for _ in $(seq 1 50); do
  farm_found=$(gdbus call --session --dest org.searchlight.FarmStand --object-path /org/searchlight/FarmStand/SearchProvider --method org.gnome.Shell.SearchProvider2.GetInitialResultSet "['leek']")
  [ "$farm_found" = "(['veg-leek'],)" ] && break
  sleep 0.1
done
check "farm: the desktop finds the indexed vegetables" "$farm_found" "(['veg-leek'],)"
check_contains "farm: thumbnailName found the picture beside the script: the result has an icon" \
  "$(gdbus call --session --dest org.searchlight.FarmStand --object-path /org/searchlight/FarmStand/SearchProvider --method org.gnome.Shell.SearchProvider2.GetResultMetas "['veg-leek']")" "'icon':"
activate_result org.searchlight.FarmStand veg-leek 0
check "farm: a tap from the desktop shows the app's alert, titled with its name" \
  "$(wait_page "document.body.innerText.includes('You picked Leek!') && document.body.innerText.includes('Farm Stand')" 10)" true
snapshot "$OUT/compat-farm-stand.png"
stop_app
check "farm: no warning about thumbnailName" "$(grep -c thumbnailName "$WORK/farm.err")" 0

# --- compatibility: Linking for the app's own deep links (an item's url) ----------------
start_app links js/test/fixtures/compat/deep-links/index.js --window --serve --app-id org.searchlight.TrailNotes --data-dir "$WORK/links-data"
check "links: started by hand, getInitialURL is null" "$(wait_page "document.querySelector('[data-testid=initial-url]').innerText === 'none'" 30)" true
found=""
for i in $(seq 1 20); do
  found=$(gdbus call --session --dest org.searchlight.TrailNotes --object-path /org/searchlight/TrailNotes/SearchProvider --method org.gnome.Shell.SearchProvider2.GetInitialResultSet "['lake']" 2>/dev/null)
  [ "$found" = "(['trail-lake'],)" ] && break; sleep 0.25
done
check "links: the desktop finds a trail" "$found" "(['trail-lake'],)"
activate_result org.searchlight.TrailNotes trail-lake 0
check "links: opening an item from the desktop fires a url event with its url" \
  "$(wait_page "document.querySelector('[data-testid=link-0]') && document.querySelector('[data-testid=link-0]').innerText === 'trailnotes://trail/lake'" 10)" true
sleep 0.3
snapshot "$OUT/compat-deep-links-warm.png"
stop_app
start_app links-cold js/test/fixtures/compat/deep-links/index.js --window --activate trail-ridge --app-id org.searchlight.TrailNotes --data-dir "$WORK/links-data"
check "links: an item that starts the app is getInitialURL's answer" \
  "$(wait_page "document.querySelector('[data-testid=initial-url]').innerText === 'trailnotes://trail/ridge'" 30)" true
check "links: ... and not also a url event" "$(sleep 0.5; page_js "return document.querySelector('[data-testid=no-links]') !== null")" true
sleep 0.3
snapshot "$OUT/compat-deep-links-cold.png"
stop_app

window_app testapp Tests/Window/app/index.js org.searchlight.WindowTest WindowTest \
  "document.querySelector('[data-testid=search-box]') && document.body.innerText.includes('Carrot')" \
  apr Apricot Carrot veg-carrot Carrot "document.querySelector('[data-testid=detail-screen]')"

# The windowed examples (their screens: examples/*/index.js).
window_app audiobooks examples/audiobooks/index.js org.example.Audiobooks Audiobooks \
  "document.querySelector('[data-testid=search-input]') && document.querySelector('[data-testid^=result-work-]')" \
  メロス 走れメロス 銀河鉄道の夜 work-003 銀河鉄道の夜 "document.querySelector('[data-testid=detail-cover]')"
window_app foodbuds examples/foodbuds/index.js org.example.FoodBuds FoodBuds \
  "document.querySelector('[data-testid=search-input]') && document.querySelector('[data-testid^=result-]')" \
  tofu 'Mapo Tofu' Guacamole bud-marco 'Marco Bellini' "document.querySelector('[data-testid=detail-title]')"

# --- a request while the window is open raises it and navigates: searchlight activate --
start_app raise Tests/Window/app/index.js --window --serve --app-id org.searchlight.WindowRaise --data-dir "$WORK/raise-data"
wait_page "document.querySelector('[data-testid=search-box]') && document.body.innerText.includes('Carrot')" 30 >/dev/null
# Cover the window with another (no window manager here: the newest is on top) …
app_window=$(printf '0x%x' "$(x_window WindowRaise)")
xmessage -geometry 600x900+0+0 "covering the app's window" & cover_pid=$!
for i in $(seq 1 50); do cover=$(xdotool search --name '^xmessage$' 2>/dev/null | head -1); [ -n "$cover" ] && break; sleep 0.1; done
cover=$(printf '0x%x' "${cover:-0}")
# xwininfo lists the root's children top-most first.
topmost() { xwininfo -root -children | grep -oE "^ +(${app_window}|${cover}) " | head -1 | tr -d ' '; }
sleep 0.3
check "another window covers the app's window" "$(topmost)" "$cover"
"$SEARCHLIGHT" activate fruit-apple --app-id org.searchlight.WindowRaise
check "searchlight activate opens the item in the running window" \
  "$(wait_page "document.querySelector('[data-testid=detail-title]') && document.querySelector('[data-testid=detail-title]').innerText === 'Apple'")" true
sleep 0.3
check "a request from the desktop raises the window above the other" "$(topmost)" "$app_window"
import -window root "$OUT/raised-screen.png" 2>/dev/null || true
kill "$cover_pid" 2>/dev/null; wait "$cover_pid" 2>/dev/null
check_contains "the page's console reaches stdout" "$(cat "$app_out")" 'request: {"id":"fruit-apple"'
stop_app

# --- cold start from the command line: run --window --activate ID -----------------------
start_app activate Tests/Window/app/index.js --window --activate fruit-apricot --app-id org.searchlight.WindowActivate --data-dir "$WORK/activate-data"
check "run --window --activate opens the item's screen" \
  "$(wait_page "document.querySelector('[data-testid=detail-title]') && document.querySelector('[data-testid=detail-title]').innerText === 'Apricot'" 30)" true
check "getInitialRequest() in the page answers the request that started the app" \
  "$(page_js 'return true' >/dev/null; grep -c '^initial request: {"id":"fruit-apricot"' "$app_out")" 1
stop_app

# --- cold start: D-Bus activation through the files install --window writes ----------
prefix=$WORK/share
"$SEARCHLIGHT" install --window --script Tests/Window/app/index.js --app-id org.searchlight.WindowCold \
  --data-dir "$WORK/cold-data" --prefix "$prefix" >/dev/null
service=$prefix/dbus-1/services/org.searchlight.WindowCold.service
check_contains "install --window writes an Exec line that runs the window" "$(cat "$service")" "--window --serve"
prepare_control cold
# A bus of its own whose daemon reads the service file, and passes the control FIFO
# and the display on to the app it starts.
XDG_DATA_HOME=$prefix SEARCHLIGHT_WINDOW_CONTROL=$control_fifo dbus-run-session -- bash -c '
  . Tests/Window/lib.sh
  gdbus call --session --dest org.searchlight.WindowCold --object-path /org/searchlight/WindowCold/SearchProvider \
    --method org.gnome.Shell.SearchProvider2.ActivateResult veg-asparagus "[]" "uint32 0" >/dev/null
  exec 3>"$1"
  app_out=$2
  wait_page "document.querySelector(\"[data-testid=detail-title]\") && document.querySelector(\"[data-testid=detail-title]\").innerText === \"Asparagus\"" 30 > "$3"
  sleep 0.5
  snapshot "$4"
  control quit >/dev/null
  sleep 1
' _ "$control_fifo" "$app_out" "$WORK/cold.result" "$OUT/coldstart-detail.png" >"$app_out" 2>"$WORK/cold.err" || true
check "a D-Bus activation that starts the app opens the requested screen" "$(cat "$WORK/cold.result" 2>/dev/null)" true

# --- AppState follows the window's X focus ---------------------------------------------
start_app appstate Tests/Window/appstate/index.js --window --app-id org.searchlight.WindowAppState --data-dir "$WORK/appstate-data"
wait_page "document.querySelector('[data-testid=app-state]')" 30 >/dev/null
app_window=$(x_window WindowAppState)
xdotool windowfocus --sync "$app_window" 2>/dev/null || xdotool windowfocus "$app_window"
check "AppState is active when the window gets the focus" \
  "$(wait_page "document.querySelector('[data-testid=app-state]').innerText === 'active'")" true
xmessage -geometry 300x100+0+0 "taking the focus" & cover_pid=$!
for i in $(seq 1 50); do cover=$(xdotool search --name '^xmessage$' 2>/dev/null | head -1); [ -n "$cover" ] && break; sleep 0.1; done
xdotool windowfocus --sync "$cover" 2>/dev/null || xdotool windowfocus "$cover"
check "AppState is inactive when another window takes the focus" \
  "$(wait_page "document.querySelector('[data-testid=app-state]').innerText === 'inactive'")" true
kill "$cover_pid" 2>/dev/null; wait "$cover_pid" 2>/dev/null
snapshot "$OUT/appstate-inactive.png"
check "AppState's change events, in order" "$(page_js 'return window.__appStateChanges.join(" ")')" '"active inactive"'
stop_app

# --- Linking.openURL through the desktop's handler ------------------------------------
# A handler of our own, made the default for https, mailto and tel in XDG dirs of the
# test's own, records the URLs GIO launches it with (as xdg-open would pick it).
links=$WORK/links
mkdir -p "$links/data/applications" "$links/config"
printf '#!/bin/sh\nprintf "%%s\\n" "$1" >> "%s"\n' "$links/opened" > "$links/record.sh"
chmod +x "$links/record.sh"
printf '[Desktop Entry]\nType=Application\nName=Link recorder\nExec=%s %%u\nMimeType=x-scheme-handler/https;x-scheme-handler/mailto;x-scheme-handler/tel;\n' \
  "$links/record.sh" > "$links/data/applications/searchlight-link-recorder.desktop"
printf '[Default Applications]\nx-scheme-handler/https=searchlight-link-recorder.desktop\nx-scheme-handler/mailto=searchlight-link-recorder.desktop\nx-scheme-handler/tel=searchlight-link-recorder.desktop\n' \
  > "$links/config/mimeapps.list"
links_out=$(XDG_DATA_HOME=$links/data XDG_CONFIG_HOME=$links/config NO_AT_BRIDGE=1 \
  "$SEARCHLIGHT" test --window js/window/components/test/linking 2>&1)
check_contains "Linking.openURL in the page resolves for https, mailto and tel" "$links_out" "1 passed, 0 failed"
for _ in 1 2 3 4 5 6 7 8 9 10; do [ "$(wc -l < "$links/opened" 2>/dev/null || echo 0)" -ge 3 ] && break; sleep 0.5; done
check "the desktop's handler gets each URL, as given" "$(cat "$links/opened" 2>/dev/null | sort | tr '\n' ' ')" \
  "https://example.org/fruit?name=banana mailto:someone@example.org?subject=Banana tel:+15551234567 "

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
