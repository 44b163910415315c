#!/usr/bin/env bash
# e2e_route: routes, the anchor and ship keys in a real window (Xvfb,
# xdotool). Esc cancels a route; N lets go her anchor and she holds her
# hex, N again weighs it, which takes the turn. With the wind from the
# east, a click on a hex 8 east of a ship of the line plans a route over
# several turns; ending turns, she beats up to it (closer turn by turn),
# her orders planned afresh each turn. Key 2 selects A2 and brings her into view
# after the camera was panned away. State is read from quick saves (F5),
# the view from screenshots (F12).
set -u
. tests/lib_e2e.sh
XWIN_GAME_ARGS="--sea-life off"
. tests/lib_xwin.sh
xwin_display e2e_route 71 89 1400x900
mkdir -p "$T/w"
# Open Waters with the wind from the east, where fleet A (west) must beat up
# to the enemy.
cp data/maps/open-waters.png "$T/w/east.png"
sed -e 's/^wind = .*/wind = E/' -e 's/^wind_strength = .*/wind_strength = 2/' \
    data/maps/open-waters.ini >"$T/w/east.ini"

# hexdist Q1,R1 Q2,R2: hex steps between two axial hexes.
hexdist() {
    "$PY" -c 'import sys
a, b = [tuple(map(int, s.split(","))) for s in sys.argv[1:3]]
dq, dr = a[0] - b[0], a[1] - b[1]
print((abs(dq) + abs(dr) + abs(dq + dr)) // 2)' "$1" "$2"
}
# routeish PNG: pixels of the route's pale blue (THEME_ROUTE) in the map area.
routeish() {
    "$PY" -c 'import sys
from PIL import Image
im = Image.open(sys.argv[1]).convert("RGB")
w, h = im.size
px = im.load()
n = 0
for y in range(100, h - 160):
    for x in range(0, w - 400):
        r, g, b = px[x, y]
        if abs(r - 190) < 25 and abs(g - 235) < 25 and b > 230:
            n += 1
print(n)' "$1"
}

# The turns here end with ships left idle on purpose: no question first.
mkdir -p "$XDG_CONFIG_HOME/shoal"
echo "ask_end_turn = off" >"$XDG_CONFIG_HOME/shoal/settings.ini"
# At zoom 1 in a window the size of the map, window px are map px.
if ! start battle --skirmish --map "$T/w/east.png" --ships 3,1 --size 1280x800 --zoom 1 --center 640,400; then
    no "no window for the battle: $(head -c 300 "$T/battle.err")"
    e2e_done e2e_route
    exit
fi
quicksave || { no "no quick save: $(head -c 300 "$T/battle.err")"; e2e_done e2e_route; exit; }
start=$(field ship.0 hex)
[ "$(field ship.0 class)" = line ] && ok "A1 is a ship of the line at $start" || no "A1 is a $(field ship.0 class)"

# A route, then Esc: cancelled, she stays put.
q=$start
# (to the hex the upwind route below makes for: sea, 8 hexes east)
back=$("$PY" -c 'import sys; q, r = map(int, sys.argv[1].split(",")); print("%d,%d" % (q + 8, r))' "$q")
read -r bx by < <("$PY" -c 'import sys; q, r = map(int, sys.argv[1].split(","))
print(round(24 * 3 ** 0.5 * (q + r / 2 + 0.5)), round(36 * r + 24))' "$back")
key 1
click "$bx" "$by"
quicksave
[ -n "$(field route.0 goal)" ] || no "the click planned no route to cancel ($(field orders.0 steps))"
key Escape
quicksave
[ "$(field orders.0 steps)" = - ] && ok "Esc cancels the route and this turn's part" ||
    no "after Esc A1 still has orders $(field orders.0 steps)"
# Lying still she would drift with the wind: N lets go her anchor (the
# panel's button and the key are one order), and she holds her hex.
key n
quicksave
[ "$(field orders.0 anchor)" = 1 ] && ok "N orders A1 to anchor" ||
    no "after N A1's anchor order is '$(field orders.0 anchor)'"
end_turn
quicksave
[ "$(field ship.0 hex)" = "$q" ] && [ "$(field ship.0 anchored)" = 1 ] &&
    ok "with the route cancelled she lies at anchor at $q" ||
    no "she is at $(field ship.0 hex), anchored '$(field ship.0 anchored)', after the cancel"
key 1
key n
quicksave
[ "$(field orders.0 anchor)" = 0 ] && ok "N again weighs her anchor" ||
    no "after N again A1's anchor order is '$(field orders.0 anchor)'"
end_turn
quicksave
[ "$(field ship.0 anchored)" = 0 ] && [ "$(field ship.0 hex)" = "$q" ] &&
    ok "weighing takes the turn: under way at $q" ||
    no "after weighing she is at $(field ship.0 hex), anchored '$(field ship.0 anchored)'"

# The goal: 8 hexes east of A1, dead upwind; its centre in map px.
goal=$("$PY" -c 'import sys; q, r = map(int, sys.argv[1].split(",")); print("%d,%d" % (q + 8, r))' "$start")
read -r gx gy < <("$PY" -c 'import sys; q, r = map(int, sys.argv[1].split(","))
print(round(24 * 3 ** 0.5 * (q + r / 2 + 0.5)), round(36 * r + 24))' "$goal")
key 1
shot "$T/before.png"
click "$gx" "$gy"
quicksave
steps=$(field orders.0 steps)
[ -n "$steps" ] && [ "$steps" != - ] && ok "a click 8 hexes upwind gives A1 orders ($steps)" ||
    no "no orders for A1 after the click ($steps)"
shot "$T/route.png"
p0=$(routeish "$T/before.png")
p1=$(routeish "$T/route.png")
[ "$p1" -gt $((p0 + 200)) ] && ok "the route's later turns are drawn ($p0 -> $p1 px of route blue)" ||
    no "no route drawn beyond this turn ($p0 -> $p1 px of route blue)"

# Turn after turn she closes in and gets there.
d0=$(hexdist "$start" "$goal")
best=$d0
reached=0
for t in $(seq 1 24); do
    end_turn
    quicksave || break
    d=$(hexdist "$(field ship.0 hex)" "$goal")
    [ "$d" -lt "$best" ] && best=$d
    [ "$t" = 6 ] && six=$d
    if [ "$d" = 0 ]; then
        reached=$t
        break
    fi
    st=$(field orders.0 steps)
    [ "$(field ship.0 status)" = afloat ] || break
    [ "$(field battle over)" = 1 ] && ended=$t && break
    [ "$st" = - ] && [ "$d" -gt 0 ] && echo "  (turn $t: A1 $d hexes off, no orders this turn)"
done
[ "${six:-0}" -lt "$d0" ] || [ "$reached" -gt 0 ] && ok "after 6 turns A1 is closer (${six:-there}, from $d0)" ||
    no "no net progress in 6 turns (${six:-?} hexes off, from $d0)"
# A ship of the line in a light breeze comes about through the wind in two
# turns, the first ending in irons (she may drift), and the enemy is about
# her: she gets there, or half way in 24 turns, or the battle ends first
# (the fleets meet on her way) with her closer than she began.
if [ "$reached" -gt 0 ]; then
    ok "A1 reached the upwind hex in $reached turns"
elif [ -n "${ended:-}" ]; then
    [ "$best" -lt "$d0" ] && ok "the battle ended on turn $ended with A1 closer ($best hexes, from $d0)" ||
        no "the battle ended on turn $ended with A1 no nearer (from $d0)"
else
    [ "$best" -le $((d0 / 2)) ] && ok "A1 closed from $d0 to $best hexes upwind in 24 turns" ||
        no "A1 got no nearer than $best hexes of the upwind hex (from $d0)"
fi

kill -TERM "$pid"
wait "$pid" 2>/dev/null

# Key 2: a new battle at zoom 2 looking at the east, A2 out of view. She is
# selected and the camera centres on her (as far as the map's edge lets
# it): her gold ring is where the clamped centre puts her, and was not
# there before.
start second --skirmish --map "$T/w/east.png" --ships 3,1 --size 1280x800 --zoom 2 --center 960,400 ||
    { no "no window for the second battle"; e2e_done e2e_route; exit; }
point 640 790
quicksave
a2=$(field ship.1 hex)
shot "$T/away.png"
key 2
shot "$T/two.png"
# ring PNG HEX: the share of points round HEX's ship (a frigate's ring:
# 0.55 x 1.8 hexes of 24 px, at zoom 2) that are gold, the camera centred
# on her and clamped to the map (1280x800, a 640x400 view of it).
ring() {
    "$PY" -c 'import sys, math
from PIL import Image
q, r = map(int, sys.argv[2].split(","))
wx, wy = 24 * 3 ** 0.5 * (q + r / 2 + 0.5), 36 * r + 24
cx, cy = min(max(wx, 320), 960), min(max(wy, 200), 600)
sx, sy = (wx - cx) * 2 + 640, (wy - cy) * 2 + 400
rad = 0.55 * 1.8 * 24 * 2
im = Image.open(sys.argv[1]).convert("RGB")
px = im.load()
hit = 0
for k in range(72):
    a = k * math.pi / 36
    for d in (-2, -1, 0, 1, 2):
        x, y = int(round(sx + math.cos(a) * (rad + d))), int(round(sy + math.sin(a) * (rad + d)))
        if 0 <= x < im.size[0] and 0 <= y < im.size[1]:
            p = px[x, y]
            if abs(p[0] - 245) < 30 and abs(p[1] - 214) < 30 and abs(p[2] - 140) < 30:
                hit += 1
                break
print(hit * 100 // 72)' "$1" "$2"
}
r0=$(ring "$T/away.png" "$a2")
r1=$(ring "$T/two.png" "$a2")
[ "$r0" -lt 20 ] && ok "looking east: no ring where A2 would be centred ($r0%)" ||
    no "a ring where A2 would be centred before key 2 ($r0%)"
[ "$r1" -ge 60 ] && ok "key 2 selects A2 and centres the view on her ($r1% of her ring)" ||
    no "key 2: no ring round A2 where the camera should have put her ($r1%)"

kill -TERM "$pid"
wait "$pid" 2>/dev/null
pid=
e2e_done e2e_route
