#!/usr/bin/env bash
# Real-window smoke test: starts the editor under Xvfb, waits for its window,
# takes a screenshot and fails if no window came up or the screen is blank.
set -euo pipefail
bin=${1:-./hewn}
out=${SMOKE_SHOT:-/tmp/hewn-smoke.png}
export LANG=en_US.UTF-8
display=:$((90 + RANDOM % 100))
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $app $xvfb 2>/dev/null || true' EXIT
export DISPLAY=$display
sleep 1
"$bin" >/tmp/hewn-smoke.log 2>&1 &
app=$!
win=""
for _ in $(seq 1 60); do
  win=$(xdotool search --name "Hewn" 2>/dev/null | head -n1 || true)
  [ -n "$win" ] && break
  kill -0 $app 2>/dev/null || { echo "smoke: hewn exited early"; cat /tmp/hewn-smoke.log; exit 1; }
  sleep 0.5
done
[ -n "$win" ] || { echo "smoke: no Hewn window appeared"; cat /tmp/hewn-smoke.log; exit 1; }
sleep 3
import -window root "$out"
colours=$(convert "$out" -format '%k' info:)
echo "smoke: window $win, screenshot $out with $colours colours"
[ "$colours" -gt 20 ] || { echo "smoke: the screen looks blank"; exit 1; }
