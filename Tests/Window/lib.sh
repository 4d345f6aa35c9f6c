# Helpers of the window tests (run.sh) and the window benchmarks: start an app with
# `searchlight run --window`, drive it through its control FIFO
# ($SEARCHLIGHT_WINDOW_CONTROL, Sources/WindowHost/ControlChannel.swift), type into
# the real X window with xdotool, and call it over D-Bus as GNOME Shell does.

SEARCHLIGHT=${SEARCHLIGHT:-.build/debug/searchlight}
# No accessibility bus: nothing here reads it, and starting it costs a D-Bus activation.
export NO_AT_BRIDGE=1 GTK_A11Y=none
WORK=${WORK:-$(mktemp -d)}
control_id=0
app_pid=
app_out=
passed=0
failed=0

# start_app NAME ARGS… : runs `searchlight run ARGS…` in the background with a control
# FIFO; its stdout is $WORK/NAME.out, stderr $WORK/NAME.err.
start_app() {
  local name=$1; shift
  prepare_control "$name"
  SEARCHLIGHT_WINDOW_CONTROL=$control_fifo "$SEARCHLIGHT" run "$@" >"$app_out" 2>"$WORK/$name.err" &
  app_pid=$!
  exec 3>"$control_fifo"
}

# prepare_control NAME : makes the FIFO a window will read ($control_fifo) and names its output.
prepare_control() {
  control_fifo=$WORK/$1.control
  app_out=$WORK/$1.out
  rm -f "$control_fifo"
  mkfifo "$control_fifo"
}

# control COMMAND… : sends one command and prints its answer (waits up to 20 s).
control() {
  # Callers use $(control …), a subshell: the counter lives in a file.
  control_id=$(( $(cat "$WORK/control.id" 2>/dev/null || echo 0) + 1 ))
  echo "$control_id" > "$WORK/control.id"
  printf '%s %s\n' "$control_id" "$*" >&3
  local i line
  for i in $(seq 1 400); do
    line=$(grep -a -m1 "^searchlight-control: $control_id " "$app_out" 2>/dev/null)
    if [ -n "$line" ]; then
      printf '%s\n' "${line#searchlight-control: $control_id }"
      return 0
    fi
    sleep 0.05
  done
  echo "error no answer to control command $control_id ($1)"
  return 1
}

# page_js BODY : the JSON of what BODY (an async function body) returns in the page.
page_js() { control js "$*"; }

# wait_page CONDITION [SECONDS] : waits until the JS expression is truthy in the page.
wait_page() {
  local seconds=${2:-15}
  page_js "for (let i = 0; i < $((seconds * 20)); i++) { try { if ($1) return true; } catch (e) {} await new Promise((r) => setTimeout(r, 50)); } return false"
}

# until_page CONDITION : as wait_page (up to 20 s), across page reloads (a reload ends
# the page's pending answer, so each try is short).
until_page() {
  local i
  for i in $(seq 1 20); do [ "$(wait_page "$1" 1)" = true ] && { echo true; return; }; done
  echo false
}

# snapshot FILE : what the web view painted, as a PNG (WebKit's snapshot).
snapshot() { control snapshot "$1" >/dev/null; }

# stop_app : closes the window and waits for the process.
stop_app() {
  if [ -n "$app_pid" ] && kill -0 "$app_pid" 2>/dev/null; then
    control quit >/dev/null || true
    local i
    for i in $(seq 1 100); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.05; done
    kill "$app_pid" 2>/dev/null || true
    wait "$app_pid" 2>/dev/null || true
  fi
  exec 3>&- 2>/dev/null || true
  app_pid=
}

# check NAME ACTUAL EXPECTED : one assertion, counted.
check() {
  if [ "$2" = "$3" ]; then
    passed=$((passed + 1)); echo "ok - $1"
  else
    failed=$((failed + 1)); echo "not ok - $1: got '$2', expected '$3'"
  fi
}

# check_contains NAME TEXT PART
check_contains() {
  case "$2" in
    *"$3"*) passed=$((passed + 1)); echo "ok - $1" ;;
    *) failed=$((failed + 1)); echo "not ok - $1: '$3' not in '$2'" ;;
  esac
}

# object_path APP_ID : the SearchProvider object path of SPEC §6.
object_path() { echo "/$(echo "$1" | tr . /)/SearchProvider"; }

# activate_result APP_ID ID TIMESTAMP : org.gnome.Shell.SearchProvider2.ActivateResult, as GNOME Shell calls it.
activate_result() {
  gdbus call --session --dest "$1" --object-path "$(object_path "$1")" \
    --method org.gnome.Shell.SearchProvider2.ActivateResult "$2" "[]" "uint32 $3" >/dev/null
}

# x_window TITLE : the X window id of the app's window (waits up to 10 s).
x_window() {
  local i id
  for i in $(seq 1 100); do
    id=$(xdotool search --limit 1 --name "^$1\$" 2>/dev/null | head -1)
    [ -n "$id" ] && { echo "$id"; return 0; }
    sleep 0.1
  done
  return 1
}

# type_into TITLE TEXT : focuses the app's window and types TEXT on the X keyboard.
type_into() {
  local window
  window=$(x_window "$1") || { echo "no window titled $1" >&2; return 1; }
  # Without a window manager, focus is given directly; the keys go through XTEST,
  # as a keyboard's would (GTK ignores synthetic XSendEvent keys).
  xdotool windowfocus --sync "$window" 2>/dev/null || xdotool windowfocus "$window"
  xdotool type --delay 80 "$2"
}

# press_keys TITLE KEYS… : focuses the app's window and presses key combinations (xdotool names, e.g. ctrl+r).
press_keys() {
  local window
  window=$(x_window "$1") || { echo "no window titled $1" >&2; return 1; }
  shift
  xdotool windowfocus --sync "$window" 2>/dev/null || xdotool windowfocus "$window"
  xdotool key "$@"
}
