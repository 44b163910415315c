#!/usr/bin/env bash
# e2e_reading: reading the battle at whole-map zoom in a real window (Xvfb,
# xdotool) on Channel Isles: both fleets' name labels show in their sides'
# colours; hovering over water says what a click will do (and the click
# does it); P hides every panel and shows them again; a click on the
# Battle panel's title folds it to the title and back; the log shows 3
# lines until its title is clicked. The view is read from F12 screenshots,
# the state from quick saves (F5).
set -u
. tests/lib_e2e.sh
XWIN_GAME_ARGS="--sea-life off"
. tests/lib_xwin.sh
xwin_display e2e_reading 90 109 1400x900
# count PNG R G B X0 Y0 X1 Y1: pixels within 28 of the colour in the box.
count() {
    "$PY" -c 'import sys
from PIL import Image
im = Image.open(sys.argv[1]).convert("RGB")
r, g, b, x0, y0, x1, y1 = map(int, sys.argv[2:9])
px = im.load()
n = 0
for y in range(max(y0, 0), min(y1, im.size[1])):
    for x in range(max(x0, 0), min(x1, im.size[0])):
        p = px[x, y]
        if abs(p[0] - r) < 28 and abs(p[1] - g) < 28 and abs(p[2] - b) < 28:
            n += 1
print(n)' "$@"
}
# diff A B X0 Y0 X1 Y1: the mean difference (0..255) of two pictures in the box.
diff() {
    "$PY" -c 'import sys
from PIL import Image, ImageChops, ImageStat
x0, y0, x1, y1 = map(int, sys.argv[3:7])
a = Image.open(sys.argv[1]).convert("RGB").crop((x0, y0, x1, y1))
b = Image.open(sys.argv[2]).convert("RGB").crop((x0, y0, x1, y1))
print(int(sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3))' "$@"
}

mkdir -p "$XDG_CONFIG_HOME/shoal"
echo "ask_end_turn = off" >"$XDG_CONFIG_HOME/shoal/settings.ini"
# The whole map (1600x1000) in a 1280x800 window: zoom 0.8, where a hex is
# 19 px and a ship some 30.
MAP="$(pwd)/data/maps/channel-isles.png"
if ! start battle --skirmish --map "$MAP" --ships 4,4 --size 1280x800 --zoom 0.8 --center 800,500; then
    no "no window for the battle: $(head -c 300 "$T/battle.err")"
    e2e_done e2e_reading
    exit
fi
# The pointer rests on the Battle panel: no hover there.
point 1150 240
shot "$T/base.png" || { no "no screenshot: $(head -c 300 "$T/battle.err")"; e2e_done e2e_reading; exit; }

# Labels: the ships' names in blue (side A, west) and red (side B, east).
a=$(count "$T/base.png" 120 170 255 0 300 300 560)
b=$(count "$T/base.png" 255 120 105 1000 300 1280 560)
[ "$a" -gt 60 ] && ok "side A's labels and markers show in blue at whole-map zoom ($a px)" ||
    no "side A barely shows at whole-map zoom ($a px of blue)"
[ "$b" -gt 60 ] && ok "side B's labels and markers show in red at whole-map zoom ($b px)" ||
    no "side B barely shows at whole-map zoom ($b px of red)"

# Hover: water three hexes east of A1 (-7,14): the hint by the cursor.
# Hex -4,14 is at map (145, 528), window (116, 422).
hx=116 hy=422
g0=$(count "$T/base.png" 245 214 140 $((hx + 10)) $((hy + 10)) $((hx + 260)) $((hy + 44)))
point $hx $hy
shot "$T/hover.png"
g1=$(count "$T/hover.png" 245 214 140 $((hx + 10)) $((hy + 10)) $((hx + 260)) $((hy + 44)))
[ "$g1" -gt $((g0 + 40)) ] && ok "hovering over water shows what a click does ($g0 -> $g1 px of hint)" ||
    no "no hint by the cursor over water ($g0 -> $g1 px of gold)"
click $hx $hy
quicksave
steps=$(field orders.0 steps)
[ -n "$steps" ] && [ "$steps" != - ] && ok "the click plots A1's route there, as the hint said ($steps)" ||
    no "the click gave A1 no orders ($steps)"

# P hides every panel (the Battle panel top right, the ship panel bottom
# right, the log bottom left) and shows them again.
point 640 30
shot "$T/shown.png"
key p
shot "$T/hidden.png"
key p
shot "$T/again.png"
d1=$(diff "$T/shown.png" "$T/hidden.png" 1045 90 1265 260)
d2=$(diff "$T/shown.png" "$T/hidden.png" 900 690 1270 790)
d3=$(diff "$T/shown.png" "$T/again.png" 1045 90 1265 260)
[ "$d1" -gt 15 ] && [ "$d2" -gt 10 ] && ok "P hides the panels (mean change $d1, $d2)" ||
    no "P left the panels on screen (mean change $d1, $d2)"
[ "$d3" -lt 3 ] && ok "P again shows them as they were (mean change $d3)" ||
    no "P again did not bring the panels back (mean change $d3)"

# A click on the Battle panel's title folds it to its title, and back.
click 1100 62
point 640 30
shot "$T/folded.png"
click 1100 62
point 640 30
shot "$T/unfolded.png"
f1=$(diff "$T/shown.png" "$T/folded.png" 1045 100 1265 260)
f0=$(diff "$T/shown.png" "$T/folded.png" 1045 48 1265 74)
f2=$(diff "$T/shown.png" "$T/unfolded.png" 1045 48 1265 260)
[ "$f1" -gt 15 ] && [ "$f0" -lt 8 ] && ok "a click on its title folds the Battle panel (buttons $f1, title $f0)" ||
    no "the Battle panel did not fold to its title (buttons $f1, title $f0)"
[ "$f2" -lt 3 ] && ok "a second click unfolds it ($f2)" || no "the Battle panel did not unfold ($f2)"

# The log: after some turns it holds more than 3 lines but shows 3 until
# its title is clicked.
for t in 1 2 3 4 5; do end_turn; done
point 640 30
shot "$T/log3.png"
# The log's title row: find its gold "Log" at the left above the lines.
ly=$("$PY" -c 'import sys
from PIL import Image
im = Image.open(sys.argv[1]).convert("RGB")
px = im.load()
for y in range(560, 790):
    if sum(1 for x in range(18, 50) if abs(px[x, y][0] - 245) < 28 and abs(px[x, y][1] - 214) < 28 and abs(px[x, y][2] - 140) < 28) >= 3:
        print(y + 4)
        break
else:
    print(-1)' "$T/log3.png")
if [ "$ly" -lt 0 ]; then
    no "no log title in the bottom left"
else
    click 30 "$ly"
    point 640 30
    shot "$T/log12.png"
    l1=$(diff "$T/log3.png" "$T/log12.png" 10 $((ly - 180)) 640 $((ly - 20)))
    [ "$l1" -gt 10 ] && ok "a click on the log's title opens it upwards (mean change $l1)" ||
        no "the log did not open (mean change $l1 above it)"
fi

kill -TERM "$pid"
wait "$pid" 2>/dev/null
pid=
e2e_done e2e_reading
