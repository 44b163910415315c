#!/usr/bin/env bash
# e2e_loading: loading a battle on an 8192x8192 map in a real window (Xvfb,
# keys by xdotool) keeps the window alive: F12 still saves a screenshot
# mid-load, Esc cancels and leaves the old view (the window title names
# the old map, even once the cancelled load's thread has ended), a load left alone
# puts the battle on screen, and SIGTERM mid-load still ends the game
# promptly.
set -u
. tests/lib_e2e.sh
# The pointer rests in the window: keys go where it is (no window manager).
XWIN_REST="320 200"
. tests/lib_xwin.sh
xwin_display e2e_loading 71 89 1024x768
mkdir -p "$T/w"
"$B/shoal-map" gen --seed 5 --size 8192x8192 -o "$T/w/big.png" >/dev/null || { no "cannot make the big map"; e2e_done e2e_loading; exit; }
"$B/shoal-map" gen --seed 4 --size 400x300 -o "$T/w/small.png" >/dev/null || { no "cannot make the small map"; e2e_done e2e_loading; exit; }

title() { xdotool getwindowname "$win" 2>/dev/null; }
titled() { title | grep -q -- "$1"; }
# The game's threads: a load runs on its own (and paints with a pool).
threads() { ls "/proc/$pid/task" 2>/dev/null | wc -l; }
threads_back() { [ "$(threads)" -le "$1" ]; }
# Whether a line matching $2 came between line $1 of the test channel and
# the mark.
told_since() { awk -v from="$1" -v to="$ev_at" -v pat="$2" 'NR > from && NR <= to && $0 ~ pat { f = 1 } END { exit !f }' "$EV"; }

# The save: the game's own quick save (F5) of a battle on the big map.
if ! start big --skirmish --map "$T/w/big.png" --size 640x400; then
    if [ -z "$win" ]; then
        no "no window for the battle on the big map: $(head -c 300 "$T/big.err")"
    else
        no "the battle on the big map never ran its loop"
    fi
    e2e_done e2e_loading
    exit
fi
# (Its battle is told from the first frame on.)
ev_at=0
ev_wait 20 '^turn 1 side A plot$' && quicksave && ok "the game saved a battle on the 8192x8192 map" ||
    no "no quick save: $(head -c 300 "$T/big.err")"
stop_game

# The game on the small map, then F9 loads the big battle.
start small --map "$T/w/small.png" --size 640x400 ||
    { no "no window for the small map: $(head -c 300 "$T/small.err")"; e2e_done e2e_loading; exit; }
old=$(title)
titled "Sea 4" && ok "the small map is on screen ($old)" || no "unexpected title: $old"

# F9, then Esc while the map is still being read (0.8 s of the ~1.5 s).
idle=$(threads)
since key F9
if ev_wait 20 '^loading$'; then
    titled "Sea 4" && ok "the old view stays while loading" || no "the load ended too soon to test a cancel ($(title))"
else
    no "F9 started no load"
fi
since key Escape
ev_wait 20 '^note load cancelled$' '^not loading$'
kill -0 "$pid" 2>/dev/null && ok "the game runs on after Esc cancelled the load" || no "the game ended at Esc"
# Once the cancelled load's thread (and its painters) have ended, nothing
# of it can come on screen any more.
wait_for $((20 * slow)) threads_back "$idle" || echo "  (the game still runs $(threads) threads, $idle before F9)"
titled "Sea 4" && ok "after the cancel the old map is still on screen ($(title))" || no "the cancelled load came on screen anyway: $(title)"
shot "$T/cancelled.png" && ok "the window still answers after the cancel" || no "no screenshot after the cancel"
grep -q "cannot load" "$T/small.err" && no "a load failed: $(head -c 300 "$T/small.err")" || ok "no load failed"

# Left alone, the load comes on screen; meanwhile the window answers F12.
since key F9
ev_wait 20 '^loading$' || no "the second F9 started no load"
loading_at=$ev_at
t0=$(date +%s%N)
if shot "$T/midload.png"; then
    t1=$(date +%s%N)
    ms=$(((t1 - t0) / 1000000))
    # Said in this order: the picture came before the load ended.
    ! told_since "$loading_at" '^not loading$' && ok "F12 mid-load saves a screenshot in $ms ms: the window keeps running" ||
        ok "F12 saved a screenshot in $ms ms (the load had ended by then)"
else
    no "no screenshot of F12 mid-load: the window froze"
fi
ev_at=$loading_at
ev_wait 30 '^note loaded ' '^not loading$' && wait_for $((10 * slow)) titled "Sea 5" &&
    ok "a load left alone puts the big battle on screen ($(title))" ||
    no "the big battle never came on screen ($(title); $(head -c 300 "$T/small.err"))"

# SIGTERM mid-load: the game still ends promptly (the loader is let go).
since key F9
ev_wait 20 '^loading$' || no "the third F9 started no load"
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
