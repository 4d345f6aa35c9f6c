#!/usr/bin/env bash
# check-no-orphans.sh RUN-ID: fails when a `searchlight` process started by a test run
# is still alive once the run is over. `make test` exports SEARCHLIGHT_TEST_RUN=RUN-ID
# to everything it starts; every process it starts (D-Bus-activated apps included:
# the bus daemons inherit the variable) carries it, so this finds exactly the run's
# own processes and not another user's or another checkout's.
#
# A serving app ends when its session bus goes away (SPEC §6), a moment after the
# test that made the bus finished: stragglers get 10 s before they count.
set -uo pipefail

id=${1:?usage: check-no-orphans.sh RUN-ID}

left() {
  local pid
  for pid in $(pgrep -x searchlight); do
    if { tr '\0' '\n' <"/proc/$pid/environ"; } 2>/dev/null | grep -qxF "SEARCHLIGHT_TEST_RUN=$id"; then
      echo "$pid"
    fi
  done
}

for _ in $(seq 100); do
  [ -z "$(left)" ] && { echo "no searchlight process of this test run is left"; exit 0; }
  sleep 0.1
done
echo "FAIL: searchlight processes of this test run are still running:" >&2
for pid in $(left); do
  echo "  $pid: $(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null)" >&2
done
exit 1
