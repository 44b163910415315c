#!/usr/bin/env bash
# e2e_loading: loading a battle on an 8192x8192 map in a real window (Xvfb,
# keys by xdotool) keeps the window alive: F12 still saves a screenshot
# mid-load, Esc cancels and leaves the old view (the window title names
# the old map, even after the load would have ended), a load left alone
# puts the battle on screen, and SIGTERM mid-load still ends the game
# promptly.
set -u
. tests/lib_e2e.sh
. tests/lib_xwin.sh
xwin_display e2e_loading 71 89 1024x768
mkdir -p "$T/w" "$T/shots"
"$B/shoal-map" gen --seed 5 --size 8192x8192 -o "$T/w/big.png" >/dev/null || { no "cannot make the big map"; e2e_done e2e_loading; exit; }
"$B/shoal-map" gen --seed 4 --size 400x300 -o "$T/w/small.png" >/dev/null || { no "cannot make the small map"; e2e_done e2e_loading; exit; }

title() { xdotool getwindowname "$win" 2>/dev/null; }
titled() { title | grep -q -- "$1"; }
shot_taken() { ls "$T/shots"/shoal-*.png >/dev/null 2>&1; }
# The game runs its loop once F12 gives a screenshot.
shot_within() {
    rm -f "$T/shots"/shoal-*.png
    xdotool key F12
    wait_for "$1" shot_taken
}

# The save: the game's own quick save (F5) of a battle on the big map.
# The games run in shots/, where F12 puts its screenshots.
(cd "$T/shots" && exec "$B_ABS/shoal" --skirmish --map "$T/w/big.png" --size 640x400) >"$T/out1" 2>"$T/err1" &
pid=$!
pids+=("$pid")
if ! wait_for $((20 * slow)) has_window; then
    no "no window for the battle on the big map: $(head -c 300 "$T/err1")"
    e2e_done e2e_loading
    exit
fi
wait_for $((30 * slow)) shot_within 1 || no "the battle on the big map never ran its loop"
# Found again now the loop runs (see lib_xwin's start: the first window
# may be gone).
has_window
xdotool mousemove --window "$win" 320 200
xdotool key F5
wait_for 5 test -s "$save" && ok "the game saved a battle on the 8192x8192 map" || no "no quick save: $(head -c 300 "$T/err1")"
kill -TERM "$pid"
wait "$pid" 2>/dev/null

# The game on the small map, then F9 loads the big battle.
(cd "$T/shots" && exec "$B_ABS/shoal" --map "$T/w/small.png" --size 640x400) >"$T/out2" 2>"$T/err2" &
pid=$!
pids+=("$pid")
wait_for $((20 * slow)) has_window || { no "no window for the small map: $(head -c 300 "$T/err2")"; e2e_done e2e_loading; exit; }
wait_for $((20 * slow)) shot_within 1 || no "the game on the small map never ran its loop"
has_window
xdotool mousemove --window "$win" 320 200
old=$(title)
titled "Sea 4" && ok "the small map is on screen ($old)" || no "unexpected title: $old"

# F9, then Esc while the map is still being read (0.8 s of the ~1.5 s).
xdotool key F9
sleep 0.2
titled "Sea 4" && ok "the old view stays while loading" || no "the load ended too soon to test a cancel ($(title))"
xdotool key Escape
sleep $((2 * slow))
kill -0 "$pid" 2>/dev/null && ok "the game runs on after Esc cancelled the load" || no "the game ended at Esc"
titled "Sea 4" && ok "after the cancel the old map is still on screen ($(title))" || no "the cancelled load came on screen anyway: $(title)"
shot_within 1 && ok "the window still answers after the cancel" || no "no screenshot after the cancel"
grep -q "cannot load" "$T/err2" && no "a load failed: $(head -c 300 "$T/err2")" || ok "no load failed"

# Left alone, the load comes on screen; meanwhile the window answers F12.
xdotool key F9
sleep 0.2
t0=$(date +%s%N)
if shot_within 1; then
    t1=$(date +%s%N)
    ms=$(((t1 - t0) / 1000000))
    titled "Sea 4" && ok "F12 mid-load saves a screenshot in $ms ms: the window keeps running" ||
        ok "F12 saved a screenshot in $ms ms (the load had ended by then)"
else
    no "no screenshot within a second of F12 mid-load: the window froze"
fi
wait_for $((30 * slow)) titled "Sea 5" && ok "a load left alone puts the big battle on screen ($(title))" ||
    no "the big battle never came on screen ($(title); $(head -c 300 "$T/err2"))"
wait_for 5 shot_within 1 || true

# SIGTERM mid-load: the game still ends promptly (the loader is let go).
xdotool key F9
sleep 0.3
t0=$(date +%s%N)
kill -TERM "$pid"
gone() { ! kill -0 "$pid" 2>/dev/null; }
wait_for $((3 * slow)) gone
kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
wait "$pid"
rc=$?
t1=$(date +%s%N)
ms=$(((t1 - t0) / 1000000))
[ "$rc" = 143 ] && [ "$ms" -le $((2000 * slow)) ] && ok "SIGTERM mid-load ends the game in $ms ms (exit $rc)" ||
    no "SIGTERM mid-load: exit $rc after $ms ms"
e2e_done e2e_loading
