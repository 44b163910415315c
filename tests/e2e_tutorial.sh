#!/usr/bin/env bash
# e2e_tutorial: the guided first battle in a real window (Xvfb, xdotool).
# A first start (no settings.ini) asks once whether to play it, and never
# again; from the main menu's entry, every step is done with the mouse and
# keys as a player would (select A1, point at her reach, plot, turn, the
# wind's button in the panel, right-click the sloop, rake from astern, end
# the turn, skip the replay), each step checked to come only when it is
# done (the step line the game prints, the panel's own button found in an
# F12 picture), then the fight ended turn after turn to the win, the panel's
# last step and tutorial = done in settings.ini, and the last panel's A real
# skirmish on the menu; a first start answered yes starts the lesson.
set -u
. tests/lib_e2e.sh
XWIN_GAME_ARGS="--size 1280x800 --sea-life off" XWIN_REST="1270 790"
. tests/lib_xwin.sh
xwin_display e2e_tutorial 200 219 1400x900
# Clicks here leave the pointer where they were: the lesson reads what it
# hovers. Each returns once the game has handled it and drawn a frame.
click() {
    ev_mark
    xdotool mousemove --window "$win" "$1" "$2" click "${3:-1}"
    ev_wait "$XWIN_INPUT_SECS" "^input click ${3:-1} $1 $2\$" '^frame '
}
# settle: two more frames, each after a Shift (which does nothing alone).
# The lesson checks what an input did in the frame after it (the pointer's
# hover, a panel button's act come to it then): by these it has.
settle() { key shift && key shift; }
# step N: the game has printed that the guided battle is at step N.
at_step() { grep -q "^shoal: tutorial step $1:" "$T/$name.out"; }
last_step() { sed -n 's/^shoal: tutorial step \([0-9]*\):.*/\1/p' "$T/$name.out" | tail -n 1; }
# expect N WHAT: step N comes (and no later one).
expect() {
    if wait_for $((30 * slow)) at_step "$1" && [ "$(last_step)" = "$1" ]; then
        ok "$2 (step $1)"
    else
        no "$2: the last step is $(last_step), not $1"
    fi
}
# stays N WHAT: still at step N once the lesson has checked what came before.
stays() {
    settle
    [ "$(last_step)" = "$1" ] && ok "$2" || no "$2: step $(last_step), not $1"
}
# hexpx Q R: where hex (Q, R) is in the window. The tutorial centres the
# view between its two ships (A1 7,12 and B1 10,9) at the battle's zoom,
# 36 points a hex of 24 px.
hexpx() {
    "$PY" -c 'import sys
q, r = map(int, sys.argv[1:3])
def px(q, r): return 24 * 3 ** 0.5 * (q + r / 2 + 0.5), 36 * r + 24
ax, ay = px(7, 12); bx, by = px(10, 9); x, y = px(q, r)
print(round(640 + (x - (ax + bx) / 2) * 1.5), round(400 + (y - (ay + by) / 2) * 1.5))' "$1" "$2"
}
# button_rows PNG X: the middle of each button (THEME_BUTTON) row crossing
# column X below the top bar, top to bottom.
button_rows() {
    "$PY" - "$1" "$2" <<'EOF'
import sys, numpy as np
from PIL import Image
a = np.asarray(Image.open(sys.argv[1]).convert("RGB")).astype(int)
col = a[:, int(sys.argv[2])]
on = (np.abs(col - np.array([24, 60, 86])).max(axis=1) <= 12)
ys, y = [], 80
while y < len(on):
    if on[y]:
        e = y
        while e < len(on) and on[e]: e += 1
        if e - y >= 12: ys.append((y + e) // 2)
        y = e
    y += 1
print(" ".join(map(str, ys)))
EOF
}

# --- the first start asks once -------------------------------------------
name=first
if start first; then
    dialog_shown "$T/first-first.png" && ok "a first start asks about the guided battle" ||
        no "no question on the first start"
    [ "$(setting tutorial)" = offered ] && ok "settings.ini keeps tutorial = offered" ||
        no "settings.ini: tutorial = '$(setting tutorial)'"
    # Not now: the question closes on its press.
    ev_mark
    from=$ev_at
    xdotool key n
    ev_wait 30 '^dialog closed$'
    ev_at=$from
    ev_wait "$XWIN_INPUT_SECS" '^input key ' '^frame '
    shot "$T/notnow.png" && ! dialog_shown "$T/notnow.png" && ok "Not now closes it on the menu" ||
        no "the question is still up"
    stop_game
else
    no "no window on the first start: $(head -c 300 "$T/first.err")"
fi
# The turns below end with A1 idle on purpose: no question first.
sed -i 's/^ask_end_turn = .*/ask_end_turn = off/' "$SETTINGS"

# --- from the menu, every step -------------------------------------------
# The pointer off where the last window had it: the next one's rest is a move.
xdotool mousemove 0 0
name=guided
if ! start guided; then
    no "no window for the second start: $(head -c 300 "$T/guided.err")"
    e2e_done e2e_tutorial
    exit
fi
dialog_shown "$T/guided-first.png" && no "the second start asked again" ||
    ok "the second start asks nothing"
grep -q "tutorial step" "$T/guided.out" && no "the menu alone started a lesson" || ok "the menu alone starts nothing"
click 640 331 # Guided first battle, the menu's first entry
expect 1 "the menu's entry starts the guided battle at Select your ship"
read -r ax ay < <(hexpx 7 12)
read -r nx ny < <(hexpx 8 12)
read -r rx ry < <(hexpx 10 12)
read -r bx by < <(hexpx 10 9)
point "$nx" "$ny"
stays 1 "pointing at the sea before selecting does nothing"
click "$ax" "$ay"
expect 2 "clicking A1 selects her: Her reach"
point 1270 790
stays 2 "the pointer off her reach does not do it"
point "$nx" "$ny"
expect 3 "the pointer on her reach: Plot a move"
click "$nx" "$ny"
expect 4 "a click on the hex east of her plots: Turn her"
click "$nx" "$ny"
expect 5 "a click on the path's end turns her: Read the wind"
stays 5 "the wind waits for its button"
shot "$T/wind.png"
# The panel's first button (its own, above Leave) in its column.
read -r -a rows < <(button_rows "$T/wind.png" 30)
if [ "${#rows[@]}" -ge 2 ]; then
    ok "the panel shows two buttons at the left (${rows[*]})"
    click 200 "${rows[0]}"
else
    no "no buttons in the panel's column: '${rows[*]}'"
fi
expect 6 "its button: Aim a broadside"
shot "$T/aim.png"
# Headed NE she has the sloop off her bow: the end's click cycles her
# heading until a right click finds a broadside bearing.
for ((k = 0; k < 3; k++)); do
    click "$bx" "$by" 3
    settle
    at_step 7 && break
    stays 6 "no broadside bears on this heading: still Aim a broadside"
    click "$nx" "$ny"
done
expect 7 "a right click on the sloop aims: Rake her"
stays 7 "abeam of her is no rake"
# The step draws the sloop's raking lines: gold on the water astern of
# her (the hex between her and the rake), not there a step before.
shot "$T/rake.png"
read -r lx ly < <(hexpx 10 11)
gold_near() {
    "$PY" -c 'import sys
from PIL import Image
im = Image.open(sys.argv[1]).convert("RGB"); px = im.load(); x, y = int(sys.argv[2]), int(sys.argv[3])
print(sum(1 for i in range(x - 24, x + 25) for j in range(y - 24, y + 25)
          if 0 <= i < im.width and 0 <= j < im.height and px[i, j][0] > 170 and px[i, j][1] > 150 and px[i, j][0] - px[i, j][2] > 50))' "$1" "$2" "$3"
}
g7=$(gold_near "$T/rake.png" "$lx" "$ly") g6=$(gold_near "$T/aim.png" "$lx" "$ly")
[ "$g7" -ge $((g6 + 40)) ] && ok "Rake her draws her raking line astern ($g6 -> $g7 px of gold)" ||
    no "no raking line astern of the sloop ($g6 -> $g7 px of gold)"
click "$rx" "$ry"
expect 8 "three hexes east, dead astern of her: End the turn"
quicksave && [ "$(field orders.1 steps)" = - ] && ok "the sloop holds her place" ||
    no "the sloop's orders: $(field orders.1 steps)"
tap Return # no wait: the replay it starts must still be playing when looked for
expect 9 "Enter ends the turn: Watch the replay"
key space
expect 10 "Space skips to the fight"

# --- fight on to the end ---------------------------------------------------
for ((k = 0; k < 12; k++)); do
    at_step 11 && break
    end_turn || break
    [[ "$ev_line" == *over ]] && break
done
expect 11 "the fight ends the guided battle"
quicksave
[ "$(field battle over)" = 1 ] && [ "$(field battle winner)" = A ] &&
    ok "side A won on turn $(field battle turn)" ||
    no "over $(field battle over), winner $(field battle winner)"
shot "$T/won.png"
wait_for $((30 * slow)) grep -q '^tutorial = done' "$SETTINGS" && ok "settings.ini keeps tutorial = done" ||
    no "settings.ini: tutorial = '$(setting tutorial)'"
# The panel's first button at the end: A real skirmish, on the menu's New
# skirmish screen (centred), the panel gone.
read -r -a rows < <(button_rows "$T/won.png" 30)
if [ "${#rows[@]}" -ge 3 ]; then
    # The panel's act comes to the game a frame after the click.
    ev_mark
    from=$ev_at
    click 200 "${rows[0]}"
    ev_at=$from
    ev_wait 30 '^menu new$'
    point 1270 790
    shot "$T/after.png"
    left=" $(button_rows "$T/after.png" 30) "
    read -r -a mid < <(button_rows "$T/after.png" 450)
    gone=1
    for y in "${rows[@]}"; do [[ "$left" == *" $y "* ]] && gone=0; done
    [ "$gone" = 1 ] && [ "${#mid[@]}" -ge 4 ] &&
        ok "A real skirmish opens the menu's New skirmish screen, the panel gone" ||
        no "after A real skirmish: the panel's rows ${rows[*]} at the left:$left; in the middle '${mid[*]}'"
else
    no "the last panel has no three buttons: '${rows[*]}'"
fi
stop_game

# --- a first start answered yes --------------------------------------------
rm -rf "$XDG_CONFIG_HOME"
xdotool mousemove 0 0
name=yes
if start yes; then
    key g # Guided first battle
    expect 1 "answering the first start's question with its first button starts the guided battle"
    stop_game
else
    no "no window for the last first start: $(head -c 300 "$T/yes.err")"
fi
e2e_done e2e_tutorial
