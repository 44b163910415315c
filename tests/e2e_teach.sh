#!/usr/bin/env bash
# e2e_teach: the battle's teaching aids in a real window (Xvfb, xdotool).
# The points-of-sail rose is drawn round a ship once she is clicked and
# is gone with no ship selected; a field of the ship panel shows its tip
# once the pointer has rested on it, not at once; F1 turns the help from
# the keys to the rules and then closes it, and the Rules page fits a
# 1024x640 window. The view is read from screenshots (F12).
set -u
. tests/lib_e2e.sh
XWIN_GAME_ARGS="--sea-life off"
. tests/lib_xwin.sh
xwin_display e2e_teach 220 239 1400x900

# rosy PNG X Y R: pixels of the rose's mint edges (THEME_SAIL_EDGE) within
# R px of (X, Y).
rosy() {
    "$PY" -c 'import sys
from PIL import Image
im = Image.open(sys.argv[1]).convert("RGB")
x0, y0, r = map(int, sys.argv[2:5])
px = im.load()
n = 0
for y in range(max(0, y0 - r), min(im.size[1], y0 + r)):
    for x in range(max(0, x0 - r), min(im.size[0], x0 + r)):
        p = px[x, y]
        # Mint: green well above blue (the glow of the shore is nearly as blue
        # as it is green) and red well below both.
        if p[1] > 225 and p[1] - p[2] > 25 and p[2] > 160 and p[0] < p[1] - 60:
            n += 1
print(n)' "$@"
}
# changed A B X Y W H: pixels that differ clearly between two pictures in
# the box at (X, Y) of W x H (the whole picture when no box is given).
changed() {
    "$PY" -c 'import sys
from PIL import Image, ImageChops
a = Image.open(sys.argv[1]).convert("RGB")
b = Image.open(sys.argv[2]).convert("RGB")
if len(sys.argv) > 3:
    x, y, w, h = map(int, sys.argv[3:7])
    a, b = a.crop((x, y, x + w, y + h)), b.crop((x, y, x + w, y + h))
d = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > 30 else 0)
print(sum(1 for v in d.getdata() if v))' "$@"
}
# ship_panel SHOWN HIDDEN: "X Y" of the ship panel's top-left corner:
# where the pictures with the panels shown and put away (P) differ, the
# tallest run up from the bottom of the two corners the panel may take
# (the log, the other box down there, is shorter).
ship_panel() {
    "$PY" -c 'import sys
from PIL import Image, ImageChops
a = Image.open(sys.argv[1]).convert("RGB")
d = ImageChops.difference(a, Image.open(sys.argv[2]).convert("RGB")).convert("L")
w, h = a.size
px = d.load()
best = (0, 0, 0)
for x in (w - 372 - 10 + 2, 10 + 2):
    y = h - 12
    while y > 0 and px[x, y] > 3:
        y -= 1
    if h - 12 - y > best[0]:
        best = (h - 12 - y, x - 2, y + 1)
print(best[1], best[2])' "$1" "$2"
}
# press KEY PATTERN: KEY, once the game has said PATTERN (a state its press
# tells, maybe before its release is read) and handled the key.
press() {
    local from at
    ev_mark
    from=$ev_at
    xdotool key "$1"
    ev_wait 30 "$2" || return 1
    at=$ev_at
    ev_at=$from
    ev_wait "$XWIN_INPUT_SECS" '^input key ' '^frame ' || return 1
    [ "$ev_at" -lt "$at" ] && ev_at=$at
    return 0
}
# first_look X Y OUT: the pointer to X Y and F12 together, OUT the picture
# of the frame that first saw the pointer there (a tip's delay starts in
# it). The two may fall into two frames: then the pointer goes away and
# comes back, up to 10 times.
first_look() {
    local k from
    for ((k = 0; k < 10; k++)); do
        point 640 120 || return 1
        ev_mark
        from=$ev_at
        xdotool mousemove --window "$win" "$1" "$2" key F12
        ev_wait 20 "^input motion $1 $2\$" || return 1
        ev_wait 20 '^shot ' || return 1
        mv "${ev_line#shot }" "$3"
        # No frame between the pointer's arrival and the picture.
        awk -v from="$from" -v to="$ev_at" -v m="input motion $1 $2" \
            'NR > from && NR < to { if ($0 == m) seen = 1; else if (seen && /^frame /) f = 1 }
             END { exit !(seen && !f) }' "$EV" && return 0
        echo "  (the pointer and F12 came in two frames; again)"
    done
    return 1
}

MAPS="$PWD/data/maps"
mkdir -p "$XDG_CONFIG_HOME/shoal"
echo "ask_end_turn = off" >"$XDG_CONFIG_HOME/shoal/settings.ini"
# At zoom 1 in a window the size of the map, window px are map px.
# Three turns in, the fleets are clear of the map's edges.
if ! start battle --skirmish --map "$MAPS/open-waters.png" --ships 3,3 --advance 3 --size 1280x800 --zoom 1 --center 640,400; then
    no "no window for the battle: $(head -c 300 "$T/battle.err")"
    e2e_done e2e_teach
    exit
fi
# The last of those turns is still playing: Space skips it to plotting.
xdotool key space
ev_at=0
ev_wait 30 '^turn [0-9]+ side A plot$'
quicksave || { no "no quick save: $(head -c 300 "$T/battle.err")"; e2e_done e2e_teach; exit; }
read -r sx sy < <("$PY" -c 'import sys; q, r = map(int, sys.argv[1].split(","))
print(round(24 * 3 ** 0.5 * (q + r / 2 + 0.5)), round(36 * r + 24))' "$(field ship.0 hex)")

# --------------------------------------------------------------- the rose
# The battle opens with A1 selected: Esc puts her down first.
point 640 120
key Escape
shot "$T/none.png"
click "$sx" "$sy"
point 640 120
shot "$T/rose.png"
n0=$(rosy "$T/none.png" "$sx" "$sy" 170)
n1=$(rosy "$T/rose.png" "$sx" "$sy" 170)
[ "$n0" -lt 30 ] && ok "no rose with no ship selected ($n0 px of rose mint round A1)" ||
    no "rose colours round A1 with nothing selected ($n0 px)"
[ "$n1" -gt 300 ] && ok "clicking A1 draws her rose ($n1 px of rose mint round her)" ||
    no "no rose round A1 once clicked ($n1 px of rose mint)"

# --------------------------------------------------------------- the tips
key p
shot "$T/hidden.png"
key p
read -r px py < <(ship_panel "$T/rose.png" "$T/hidden.png")
# The hull row: the title and standing rows above it, each a line (17 px)
# and a gap (7 px), under the panel's padding (10 px).
hx=$((px + 30))
hy=$((py + 10 + 2 * 24 + 8))
# A box beside the pointer: compare with the panel before the pointer came.
bx=$((hx - 400)); by=$((hy - 60))
[ "$bx" -lt 0 ] && bx=0
first_look "$hx" "$hy" "$T/tip-early.png" || no "no picture of the first frame on the hull field"
d_early=$(changed "$T/rose.png" "$T/tip-early.png" "$bx" "$by" 800 200)
# The tip comes once the pointer has rested (UI_TIP_DELAY_S): a picture a
# frame until it has (each F12 leaves the pointer resting).
tip_up() {
    shot "$T/tip.png" || return 1
    d_late=$(changed "$T/rose.png" "$T/tip.png" "$bx" "$by" 800 200)
    [ "$d_late" -gt 1500 ]
}
d_late=0
end=$((SECONDS + 10 * slow))
until tip_up; do
    [ "$SECONDS" -ge "$end" ] && echo "  (waited $((10 * slow)) s for a tip in the pictures)" && break
done
point 640 120
[ "$d_late" -gt 1500 ] && ok "resting on the hull field shows a tip ($d_late px changed by the panel at $px,$py)" ||
    no "no tip over the hull field at $hx,$hy ($d_late px changed)"
# The picture is of the frame the pointer came in, at any build's speed.
[ "$d_early" -lt $((d_late / 3)) ] && ok "no tip at once ($d_early px changed right after the pointer came)" ||
    no "the tip came before its delay ($d_early px changed at once, $d_late later)"

# ------------------------------------------------------------ F1 and rules
press F1 '^help open$'
shot "$T/help-keys.png"
key F1
shot "$T/help-rules.png"
press F1 '^help closed$'
shot "$T/help-closed.png"
k=$(changed "$T/rose.png" "$T/help-keys.png")
r=$(changed "$T/help-keys.png" "$T/help-rules.png" 300 200 680 400)
c=$(changed "$T/rose.png" "$T/help-closed.png")
[ "$k" -gt 20000 ] && ok "F1 opens the help ($k px changed)" || no "F1 showed no help ($k px changed)"
# Another page, and still a page: the middle differs from the battle too.
rb=$(changed "$T/rose.png" "$T/help-rules.png" 300 200 680 400)
[ "$r" -gt 3000 ] && [ "$rb" -gt 20000 ] && ok "F1 again turns to the Rules page ($r px changed in the middle, $rb from the battle)" ||
    no "the second F1 did not turn to another page ($r px changed from the keys, $rb from the battle)"
[ "$c" -lt 2000 ] && ok "a third F1 closes it ($c px left changed)" ||
    no "the help stayed after the third F1 ($c px changed)"
stop_game

# The Rules page in the smallest window the tests use: inside it, with
# the window's top and bottom rows untouched.
if start small --skirmish --map "$MAPS/open-waters.png" --size 1024x640; then
    shot "$T/small.png"
    key F1 F1
    shot "$T/small-rules.png"
    in=$(changed "$T/small.png" "$T/small-rules.png" 200 200 624 240)
    edge=$(($(changed "$T/small.png" "$T/small-rules.png" 0 0 1024 2) + $(changed "$T/small.png" "$T/small-rules.png" 0 638 1024 2)))
    [ "$in" -gt 20000 ] && [ "$edge" -eq 0 ] && ok "the Rules page fits 1024x640 ($in px inside, $edge at the edges)" ||
        no "the Rules page at 1024x640: $in px inside, $edge px at the top and bottom edges"
    stop_game
else
    no "no window at 1024x640: $(head -c 300 "$T/small.err")"
fi
e2e_done e2e_teach
