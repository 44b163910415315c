#!/usr/bin/env bash
# e2e_setup: the New skirmish screen's fleet, computer and wind buttons in a
# real window (Xvfb, clicks by xdotool, F12 pictures compared with PIL):
# each click changes what starts (read back from an F5 quick save and
# settings.ini), and the panel's top and its Start button stay where they
# are while the rows change under them.
# The layout clicked below is the 1024x640 window's on a generated sea with
# three ships a side (seed rows shown): New skirmish at (511, 267), side A's
# ships on the row at y 267, side B's at 344, the computer at 408, the wind
# row at 440 (direction left, strength right), Start the battle at 517.
set -u
. tests/lib_e2e.sh
XWIN_GAME_ARGS="--sea-life off --size 1024x640"
XWIN_REST="5 5"
. tests/lib_xwin.sh
mkdir -p "$XDG_CONFIG_HOME/shoal"
xwin_display e2e_setup 260 279 1280x800
# same A.png B.png X0 Y0 X1 Y1: the box is pixel for pixel the same in both.
same() {
    "$PY" - "$@" <<'PY'
import sys
from PIL import Image, ImageChops
a, b = Image.open(sys.argv[1]).convert("RGB"), Image.open(sys.argv[2]).convert("RGB")
box = tuple(int(v) for v in sys.argv[3:7])
sys.exit(0 if ImageChops.difference(a.crop(box), b.crop(box)).getbbox() is None else 1)
PY
}

printf 'ask_end_turn = off\nmap =\nmap_seed = 5\nfleet_a = 3\nfleet_b = 3\n' >"$SETTINGS"
if start setup --menu; then
    click 430 283 # New skirmish (the left half of its row), under Guided first battle
    shot "$T/new-before.png"
    click 343 267 # A1: line -> sloop
    click 455 267 # A2: frigate -> line
    click 567 344 # B3: sloop -> frigate
    click 511 408 # the computer: normal -> hard
    click 400 440 # wind: the map's own -> E
    click 400 440 # E -> NE
    click 620 440 # strength 3 -> 4
    shot "$T/new-after.png"
    # The title row and the first button (the panel's top, below the status
    # line, where the first picture's note may still show), and Start.
    same "$T/new-before.png" "$T/new-after.png" 283 68 741 128 &&
        ok "the panel's top stays put as its rows change" || no "the panel's top moved (see new-before/after.png)"
    same "$T/new-before.png" "$T/new-after.png" 283 500 741 535 &&
        ok "Start the battle stays under the pointer" || no "Start the battle moved"
    same "$T/new-before.png" "$T/new-after.png" 283 255 741 280 &&
        no "side A's row looks the same after three clicks" || ok "side A's row shows the classes clicked"
    click 511 517 # Start the battle
    if ev_wait 30 '^turn 1 side A plot$' && quicksave; then
        got=$(for i in 0 1 2 3 4 5; do field "ship.$i" class; done | tr '\n' ' ')
        [ "$got" = "sloop line sloop line frigate frigate " ] &&
            ok "the battle has the classes clicked (A: sloop line sloop, B: line frigate frigate)" ||
            no "the ships' classes are '$got'"
        [ "$(field battle wind)" = NE ] && [ "$(field battle wind_strength)" = 4 ] &&
            ok "the battle opens with the wind chosen (NE, 4)" ||
            no "the wind is $(field battle wind) $(field battle wind_strength), wanted NE 4"
        [ "$(field side.B computer)" = hard ] && [ "$(field side.A computer)" = none ] &&
            ok "the save keeps side B's hard computer, side A a player's (none)" || no "computer: A $(field side.A computer), B $(field side.B computer)"
    else
        no "F5 wrote no quick save: $(head -c 300 "$T/setup.err")"
    fi
    stop_game
    [ "$(setting classes_a)" = sloop,line,sloop ] && [ "$(setting classes_b)" = line,frigate,frigate ] &&
        [ "$(setting wind)" = NE ] && [ "$(setting wind_strength)" = 4 ] && [ "$(setting computer)" = hard ] &&
        ok "settings.ini remembers the fleets, the wind and the computer" ||
        no "settings.ini: $(grep -E '^(classes|wind|computer)' "$SETTINGS" | tr '\n' ';')"
else
    no "the game did not start: $(head -c 300 "$T/setup.err")"
fi
e2e_done e2e_setup
