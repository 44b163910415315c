#!/usr/bin/env bash
# e2e_scenario_window: a scenario picked from the menu in a real window
# (Xvfb, xdotool): the main menu's Scenarios entry opens a list of every
# shipped scenario (a button each, its brief under it, and Back), a click
# on The Indiaman starts it against the computer, and the battle it starts
# is that scenario's (a quick save names it, its escort goal, and the
# merchantman's name); the list fits a 1024x640 window too.
set -u
. tests/lib_e2e.sh
XWIN_GAME_ARGS="--sea-life off --menu" XWIN_REST="1270 790"
. tests/lib_xwin.sh
xwin_display e2e_scenario_window 220 239 1400x900

# button_rows PNG X: the middle of each button crossing column X (left of
# its label), found by its top edge (THEME_BUTTON's light border over its
# fill), top to bottom.
button_rows() {
    "$PY" - "$1" "$2" <<'PYEOF'
import sys, numpy as np
from PIL import Image
a = np.asarray(Image.open(sys.argv[1]).convert("RGB")).astype(int)
col = a[:, int(sys.argv[2])]
edge = np.abs(col - np.array([68, 115, 138])).max(axis=1) <= 14
fill = np.abs(col - np.array([23, 58, 85])).max(axis=1) <= 10
print(" ".join(str(y + 12) for y in range(60, len(col) - 3) if edge[y] and fill[y + 1] and fill[y + 2]))
PYEOF
}
nscen=$(ls data/scenarios/*.ini | wc -l)

name=menu
if ! start menu --size 1280x800; then
    no "no window: $(head -c 300 "$T/menu.err")"
    e2e_done e2e_scenario_window
    exit
fi
# The panel has settled (it centres itself over its first two frames):
# start has had a picture and the pointer's rest drawn since.
shot "$T/menu.png"
read -r -a rows < <(button_rows "$T/menu.png" 495)
# Guided first battle, New skirmish | Scenarios (one row, the right half),
# ... (the one under the pointer is lit, and not found: three are enough).
if [ "${#rows[@]}" -ge 3 ]; then
    ok "the main menu shows ${#rows[@]} buttons"
    # The list's screen told; the click's rest drew a frame after it, and
    # the picture comes later still: its panel has settled.
    await 20 '^menu scenarios$' -- click 725 "${rows[1]}"
else
    no "main menu buttons: '${rows[*]}'"
fi
shot "$T/list.png"
read -r -a rows < <(button_rows "$T/list.png" 495)
if [ "${#rows[@]}" = $((nscen + 1)) ]; then
    ok "Scenarios lists all $nscen and Back"
else
    no "the Scenarios screen has ${#rows[@]} buttons, not $((nscen + 1)): '${rows[*]}'"
fi
# Sorted by file name: blockade, commodore, first-battle, merchant-run, ...
# The battle loads behind a curtain first: a quick save once it is up
# (its first turn told).
await 60 '^turn 1 side A (plot|curtain)$' -- click 640 "${rows[3]:-0}"
if quicksave || quicksave; then
    [ "$(field scenario name)" = merchant-run ] && ok "the click starts merchant-run" ||
        no "the battle's scenario is '$(field scenario name)'"
    [ "$(field goal.A kind)" = escort ] && ok "with side A's escort goal" ||
        no "goal.A kind '$(field goal.A kind)'"
    [ "$(field scenario name.0)" = "Indiaman Ceres" ] && ok "and her name, Indiaman Ceres" ||
        no "name.0 '$(field scenario name.0)'"
else
    no "no quick save from the scenario's battle: $(tail -3 "$T/menu.err")"
fi
shot "$T/battle.png" && ok "the battle draws" || no "no picture of the battle"
stop_game

# The list fits a small window: every button on screen.
name=small
# The pointer rests in this window's corner, off the panel.
XWIN_REST="1020 636"
if start small --size 1024x640; then
    shot "$T/small-menu.png"
    read -r -a rows < <(button_rows "$T/small-menu.png" 367)
    await 20 '^menu scenarios$' -- click 597 "${rows[1]:-0}"
    shot "$T/small-list.png"
    read -r -a rows < <(button_rows "$T/small-list.png" 367)
    [ "${#rows[@]}" = $((nscen + 1)) ] && [ "${rows[-1]}" -lt 640 ] &&
        ok "at 1024x640 the list fits (${rows[*]})" || no "at 1024x640: '${rows[*]}'"
    stop_game
else
    no "no small window: $(head -c 300 "$T/small.err")"
fi

e2e_done e2e_scenario_window
