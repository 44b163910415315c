#!/usr/bin/env bash
# e2e_replay: re-watching the last turn, replay speed, the load screen and
# routes through F5/F9, in real windows (Xvfb, xdotool). After a turn has
# played, R (and the Battle panel's button) plays it again — the board
# moves like a replay — and the orders plotted before are still there and
# still the turn's; [ and ] and the panel's speed buttons set the speed and
# settings.ini keeps it; the load screen shows a quick save's map picture
# and its row; a route kept over turns is in the quick save and comes back
# with F9, which on the sea on screen keeps the view and the log. State is
# read from quick saves (F5), the view from screenshots (F12).
set -u
. tests/lib_e2e.sh
XWIN_GAME_ARGS="--sea-life off" XWIN_REST="5 5"
. tests/lib_xwin.sh
xwin_display e2e_replay 240 259 1280x800
# differ A B X0 Y0 X1 Y1: how many pixels of the box differ between two pictures.
differ() {
    "$PY" -c 'import sys
from PIL import Image, ImageChops
a, b = (Image.open(p).convert("RGB") for p in sys.argv[1:3])
box = tuple(map(int, sys.argv[3:7]))
d = ImageChops.difference(a.crop(box), b.crop(box)).convert("L").point(lambda v: 255 if v > 24 else 0)
print(sum(1 for v in d.getdata() if v))' "$@"
}
# hex_px Q,R: the centre of a hex in window px at zoom 1 with the map's
# top-left at the window's (hex size 24, as Open Waters has).
hex_px() {
    "$PY" -c 'import sys; q, r = map(int, sys.argv[1].split(","))
print(round(24 * 3 ** 0.5 * (q + r / 2 + 0.5)), round(36 * r + 24))' "$1"
}
# told FROM PATTERN: a line after line FROM of the test channel matches.
told() { awk -v from="$1" -v pat="$2" 'NR > from && $0 ~ pat { f = 1 } END { exit !f }' "$EV"; }
# turn_now SECONDS PATTERN: wait until the battle's state (its last
# "turn" line: told when it changes) matches PATTERN. (A turn's replay may
# end on its own before the Space that would skip it.)
turn_is() { grep '^turn ' "$EV" | tail -n 1 | grep -Eq "$1"; }
turn_now() {
    wait_for $(($1 * slow)) turn_is "$2" && return 0
    echo "  (waited $(($1 * slow)) s for the battle's state $2; it is: $(grep '^turn ' "$EV" | tail -n 1))"
    return 1
}
# log_top PNG: the top edge of the log box (bottom left): the first row up
# from the bottom, across its right part where lines end short of it, no
# longer darkened by the box.
log_top() {
    "$PY" -c 'import sys
from PIL import Image
im = Image.open(sys.argv[1]).convert("RGB")
w, h = im.size
px = im.load()
y = h - 15
while y > h // 2 and sum(px[x, y][2] for x in range(480, 640, 4)) / 40 < 75:
    y -= 1
print(y + 1)' "$1"
}
# speed_is X: settings.ini keeps anim_speed X (written the frame after the key).
speed_is() { [ "$(setting anim_speed)" = "$1" ]; }

mkdir -p "$XDG_CONFIG_HOME/shoal"
printf 'ask_end_turn = off\nanim_speed = 1.00\n' >"$SETTINGS"
# Open Waters is 1280x800: at zoom 1 in a window its size, window px are map px.
if ! start battle --skirmish --map "$PWD/data/maps/open-waters.png" --ships 3,2 --size 1280x800 --zoom 1 --center 640,400; then
    no "no window for the battle: $(head -c 300 "$T/battle.err")"
    e2e_done e2e_replay
    exit
fi
# east HEX N [DR]: the hex N steps east of HEX (and DR rows down).
east() { "$PY" -c 'import sys; q, r = map(int, sys.argv[1].split(",")); print("%d,%d" % (q + int(sys.argv[2]), r + int(sys.argv[3])))' "$1" "$2" "${3:-0}"; }
PANEL="1040 44 1270 300" # the Battle panel (top right)
FLEET="0 250 420 520"    # where fleet A sails these two turns

# --- a turn played, then watched again -------------------------------------
quicksave || { no "no quick save: $(head -c 300 "$T/battle.err")"; e2e_done e2e_replay; exit; }
# A2, with open water east of her (A1 lies west, A3 north-west), selected
# by a click on her (key 2 would move the view).
a2=$(field ship.1 hex)
# shellcheck disable=SC2046 # two numbers
click $(hex_px "$a2")
# shellcheck disable=SC2046
click $(hex_px "$(east "$a2" 2)")
quicksave
[ "$(field orders.1 steps)" != - ] && ok "A2 has orders for turn 1 ($(field orders.1 steps))" ||
    no "no orders for A2 in turn 1"
# The computer plots, then the turn plays: skipped once it is under way.
end_turn
quicksave
[ "$(field battle turn)" = 2 ] && [ "$(field ship.1 hex)" != "$a2" ] &&
    ok "turn 1 played: A2 sailed $a2 -> $(field ship.1 hex)" ||
    no "turn 1 did not play: turn $(field battle turn), A2 at $(field ship.1 hex)"
a2=$(field ship.1 hex)
# shellcheck disable=SC2046
click $(hex_px "$a2")
# South now: the island lies east of her.
# shellcheck disable=SC2046
click $(hex_px "$(east "$a2" -1 3)")
quicksave
steps=$(field orders.1 steps)
[ "$steps" != - ] && ok "A2 has orders for turn 2 ($steps)" || no "no orders for A2 in turn 2"
cp "$save" "$T/plotted.sav"
key bracketleft
wait_for $((5 * slow)) speed_is 0.50 && ok "[ slows replays to 0.5x, kept in settings.ini" ||
    no "after [ anim_speed = '$(setting anim_speed)'"
# (Its note, like the quick saves' below, is drawn at the top, outside
# the boxes compared.)
shot "$T/plot.png"
# R plays the turn again at once; the picture after it shows its start.
since tap r
ev_wait 20 '^turn 2 side A animate replay$'
shot "$T/rw1.png"
# The battle as saved while the replay plays (it has only just begun).
quicksave
during_turn=$(field battle turn) during_steps=$(field orders.1 steps)
# shellcheck disable=SC2086 # the boxes are four numbers
{
    p=$(differ "$T/plot.png" "$T/rw1.png" $PANEL)
    [ "$p" -gt 300 ] && ok "R starts a replay: the Battle panel changes ($p px)" ||
        no "R did not change the Battle panel ($p px)"
    f=$(differ "$T/plot.png" "$T/rw1.png" $FLEET)
    # A later moment of it: pictures until the fleet has moved, the last
    # one after the replay has ended (then she has sailed the whole turn).
    replaying=$ev_at
    m=0
    for ((k = 0; k < 60 * slow; k++)); do
        over=0
        told "$replaying" '^turn 2 side A plot$' && over=1
        shot "$T/rw2.png"
        m=$(differ "$T/rw1.png" "$T/rw2.png" $FLEET)
        { [ "$m" -gt 200 ] || [ "$over" = 1 ]; } && break
    done
    [ "$f" -gt 200 ] && [ "$m" -gt 200 ] && ok "the ships go back and sail the turn again ($f, $m px)" ||
        no "no ships moving in the re-watch ($f px from the plot, $m px between two moments)"
}
[ "$during_turn" = 2 ] && [ "$during_steps" = "$steps" ] &&
    ok "while it plays the battle is still at turn 2 with A2's orders ($steps)" ||
    no "during the re-watch: turn $during_turn, A2's steps $during_steps"
key space
turn_now 20 '^turn 2 side A plot$'
shot "$T/back.png"
quicksave
diff -q <(grep -v '^dice' "$T/plotted.sav") <(grep -v '^dice' "$save") >/dev/null &&
    ok "after the re-watch the save is the same as before it: orders, ships, turn" ||
    no "the re-watch changed the battle: $(diff "$T/plotted.sav" "$save" | head -c 300)"
# shellcheck disable=SC2086
{
    p=$(differ "$T/plot.png" "$T/back.png" $PANEL)
    f=$(differ "$T/plot.png" "$T/back.png" $FLEET)
    [ "$p" -lt 100 ] && [ "$f" -lt 100 ] && ok "and the board is back as it was ($p, $f px differ)" ||
        no "after the re-watch the board differs ($p px panel, $f px fleet)"
}
# The Battle panel's button (its second row), and ] twice while it plays.
since tap_click 1155 121
ev_wait 20 '^turn 2 side A animate replay$'
shot "$T/button.png"
rest
# shellcheck disable=SC2086
{
    p=$(differ "$T/plot.png" "$T/button.png" $PANEL)
    f=$(differ "$T/plot.png" "$T/button.png" $FLEET)
    [ "$p" -gt 300 ] && [ "$f" -gt 200 ] && ok "the Re-watch button replays the turn too ($p, $f px)" ||
        no "the Re-watch button did nothing ($p px panel, $f px fleet)"
}
key bracketright
key bracketright
wait_for $((5 * slow)) speed_is 2.00 && ok "] twice during the replay: 2x, kept in settings.ini" ||
    no "after ] ] anim_speed = '$(setting anim_speed)'"
key space
turn_now 20 '^turn 2 side A plot$'
# The panel's speed buttons (its third row while plotting: 0.5x 1x 2x 4x).
click 1236 154
wait_for $((5 * slow)) speed_is 4.00 && ok "the Battle panel's 4x button: 4x, kept in settings.ini" ||
    no "after the 4x button anim_speed = '$(setting anim_speed)'"
click 1127 154
wait_for $((5 * slow)) speed_is 1.00 && ok "and its 1x button: 1x again" ||
    no "after the 1x button anim_speed = '$(setting anim_speed)'"

# --- a route kept through F5 / F9 ------------------------------------------
shot "$T/noroute.png"
goal=$(east "$a2" 16)
# shellcheck disable=SC2046
click $(hex_px "$goal")
quicksave
[ "$(field route.1 goal)" = "$goal" ] && ok "the quick save holds A2's route to $goal ($(field route.1 first_turns) turns)" ||
    no "no route in the save: route.1 goal '$(field route.1 goal)' (wanted $goal)"
turns=$(field route.1 first_turns)
shot "$T/route.png"
# The load runs beside the game: an F5 before it is done is not taken.
since key F9
ev_wait 30 '^note loaded ' '^not loading$'
shot "$T/f9.png"
# The same sea: the world stays (nothing is painted again), and so do the
# zoom and the centre (the islands north of the route are where they were;
# a view put on the fleet would be zoomed to 150 %; the fleet's own marks
# change with the selection) and the log, which runs on a line longer (the
# loaded battle's turn, then "loaded ..."), so its box reaches higher.
{
    m=$(differ "$T/route.png" "$T/f9.png" 300 110 1030 370)
    l0=$(log_top "$T/route.png") l1=$(log_top "$T/f9.png")
    [ "$m" -lt 200 ] && ok "F9 on the same sea keeps the view ($m px of the board differ)" ||
        no "F9 moved the view ($m px of the board differ)"
    # Its two lines before, three after (the old ones scroll up).
    [ $((l0 - l1)) -ge 16 ] && ok "and the log runs on: its box reaches from y $l0 up to $l1" ||
        no "the log did not run on after F9: its box's top went from y $l0 to $l1"
}
quicksave
[ "$(field route.1 goal)" = "$goal" ] && [ "$(field route.1 first_turns)" = "$turns" ] &&
    [ "$(field orders.1 steps)" != - ] &&
    ok "after F9 the route is back and steers her ($(field orders.1 steps))" ||
    no "after F9: route.1 goal '$(field route.1 goal)', first_turns '$(field route.1 first_turns)', steps '$(field orders.1 steps)'"
key 2 # A2 (and the view on her, from the next frame: the picture's)
shot "$T/loaded.png"
# Loaded, there is no turn in memory to watch: R leaves the board alone.
key r
shot "$T/norewatch.png"
# shellcheck disable=SC2086
{
    p=$(differ "$T/loaded.png" "$T/norewatch.png" $PANEL)
    [ "$p" -lt 100 ] && ok "after a load R has no turn to replay (the panel stays, $p px)" ||
        no "R after a load changed the panel ($p px)"
}
key BackSpace
shot "$T/cleared.png"
# Her later turns lie well away from her (key 2 put the view on her): what
# Backspace takes away there is the route.
far=$(differ "$T/loaded.png" "$T/cleared.png" 200 480 890 700)
[ "$far" -gt 100 ] && ok "and the loaded route is drawn ($far px go when it is cleared)" ||
    no "the loaded route is not drawn ($far px differ once cleared)"

# --- the load screen -------------------------------------------------------
printf 'shoal-save 1\n[battle]\nturn = x\n' >"$SAVES/torn.sav"
touch -d '2020-01-01' "$SAVES/torn.sav" # older: the quick save's row comes first
since click 1155 282 # Main menu
ev_wait 20 '^menu main$'
shot "$T/menu.png"
# Load a saved battle (beside Network battle, under Resume battle, Guided
# first battle and New skirmish): its rows and pictures are made as it is drawn.
since click 557 427
ev_wait 20 '^menu load$'
shot "$T/load.png"
# The picture: water and land of its colours where the main menu had none;
# then text (near white) beside it.
read -r water land ink < <("$PY" -c 'import sys
from PIL import Image
a, b = (Image.open(p).convert("RGB") for p in sys.argv[1:3])
pa, pb = a.load(), b.load()
w, h = b.size
def near(c, want): return all(abs(c[k] - want[k]) < 6 for k in range(3))
WATER, LAND = (28, 84, 130), (104, 150, 78)
wa = la = 0
box = [w, h, 0, 0]
for y in range(h):
    for x in range(w):
        c = pb[x, y]
        if near(c, WATER) and not near(pa[x, y], WATER):
            wa += 1
            box = [min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y)]
        elif near(c, LAND) and not near(pa[x, y], LAND):
            la += 1
ink = 0
for y in range(box[1], box[3] + 1):
    for x in range(box[2] + 8, min(box[2] + 500, w)):
        c = pb[x, y]
        if min(c) > 200:
            ink += 1
print(wa, la, ink)' "$T/menu.png" "$T/load.png")
[ "$water" -gt 2000 ] && [ "$land" -gt 300 ] && ok "the load screen shows the save's map: $water px of water, $land of land" ||
    no "no map picture on the load screen ($water px water, $land px land)"
[ "$ink" -gt 150 ] && ok "with its row of text beside it ($ink px of text)" || no "no text beside the picture ($ink px)"
kill -0 "$pid" 2>/dev/null && ok "a save that can't be read is listed without harm" || no "the game died on the load screen"
stop_game
e2e_done e2e_replay
