#!/usr/bin/env bash
# e2e_net_window: a network battle between two real windows (Xvfb,
# xdotool) on one display. The host opens Network battle from the main
# menu, Host a skirmish, and Host the battle: its panel says it waits for
# side B. The joiner opens Network battle, Join a battle..., types the
# address and presses Enter: it gets the host's battle and commands side
# B. Each ends one turn (Return): while the other has not, the panel says
# whose orders it waits for; then both replay the turn and stand at turn 2
# with the same battle (their quick saves agree, orders aside). The
# joiner's address is kept among the recent hosts; T says a line to the
# other commander; a joiner who leaves has the host say that side B is
# gone and count the seconds, then ask what now: saved, the battle is
# hosted again from the load screen and a joiner comes back through the
# recent hosts to play on. The same from the command line: shoal --host
# (a port in use: one line, exit 1) and shoal --join.
set -u
. tests/lib_e2e.sh
XWIN_GAME_ARGS="--sea-life off --menu" XWIN_REST="1270 790"
. tests/lib_xwin.sh
PORT=$((21000 + $$ % 500))
# How long the host waits for side B to come back (net_rejoin): the
# sanitizer runs get their share, so a picture of the countdown is taken
# before it ends.
REJOIN=$((5 * slow))
mkdir -p "$XDG_CONFIG_HOME/shoal"
# A small generated sea, two ships a side, on a port of the test's own.
printf 'net_port = %d\nnet_rejoin = %d\nmap = \nmap_seed = 7\nfleet_a = 2\nfleet_b = 2\nask_end_turn = off\n' \
    "$PORT" "$REJOIN" >"$XDG_CONFIG_HOME/shoal/settings.ini"
xwin_display e2e_net_window 240 259 2600x900

# away: the pointer to the screen's corner, in no game's window, so that
# its next move into one is a move that game sees (one to where it already
# rests is none, and `rest` would wait for it in vain).
away() { xdotool mousemove 0 0; }
# use NAME: the next keys, clicks and waits go to that game (its window
# focused, the pointer resting in it as it has seen, its events in $EV).
use() {
    if [ "$1" = host ]; then
        pid=$hpid win=$hwin EV=$hev
    else
        pid=$jpid win=$jwin EV=$jev
    fi
    xdotool windowfocus --sync "$win" 2>/dev/null
    away
    rest
}
# enter TEXT: typed into the open field, then Return; back once the game
# has read that Return and drawn a frame after it.
enter() {
    ev_mark
    xdotool type --delay 20 "$1"
    xdotool key Return
    ev_wait "$XWIN_INPUT_SECS" '^input key Return$' '^frame '
}
# skip_replay: once the turn's replay plays, Space skips what is left of it;
# then the game stands at a turn's plotting (its line in $ev_line).
skip_replay() {
    local at
    ev_wait 30 '^turn ([0-9]+ side . animate|[0-9]+ side . plot)$' || return 1
    [[ "$ev_line" == *plot ]] && return 0
    at=$ev_at
    key space
    ev_at=$at
    ev_wait 30 '^turn [0-9]+ side . plot$'
}
# panel_shown PNG: a panel is on the picture, wherever its text puts it
# (its width is the text's): a box of dark fill (over sea or land) centred
# on the window in its top half, at least 30 rows deep, its title's gold at
# its left. Which panel, and its words, the test channel has told.
panel_shown() {
    "$PY" - "$1" <<'PYEOF'
import sys, numpy as np
from PIL import Image
a = np.asarray(Image.open(sys.argv[1]).convert("RGB")).astype(int)
h, w = a.shape[:2]
cx, GAP = w // 2, 16
top_half = a[: h // 2]
dark = top_half.max(axis=2) < 72
gold = np.abs(top_half - np.array([245, 214, 140])).max(axis=2) <= 40
# Each row's dark run through the middle, text in it leaving gaps narrower
# than GAP: from the last GAP of light left of the middle to the first right.
c = np.concatenate([np.zeros((len(dark), 1), int), np.cumsum(~dark, axis=1)], axis=1)
full = c[:, GAP:] - c[:, :-GAP] == GAP
xs = np.arange(full.shape[1])
x0 = np.where(full & (xs < cx - GAP), xs, -GAP).max(axis=1) + GAP
x1 = np.where(full & (xs > cx), xs, w).min(axis=1) - 1
box = dark[:, cx - GAP:cx + GAP].any(axis=1) & (x1 - x0 >= 300) & (np.abs((x0 + x1) / 2 - cx) <= 4)
# 30 rows alike, then the title's gold at the box's left.
for y in range(40, len(dark) - 30):
    rows = slice(y, y + 30)
    if box[rows].all() and np.ptp(x0[rows]) <= 3 and np.ptp(x1[rows]) <= 3:
        if gold[rows, x0[y]:x0[y] + 250].sum() > 40:
            sys.exit(0)
sys.exit(1)
PYEOF
}
# The quick save's battle without what differs by who saved it: its
# orders and the routes plotted.
battle_of() { awk '/^\[/ { skip = ($0 ~ /^\[(orders|route)\./) } !skip && !/^submitted/' "$1"; }
# ship_hex SAVE N: where ship N is.
ship_hex() { awk -v sec="[ship.$2]" '$0 == sec { on = 1; next } /^\[/ { on = 0 } on && $1 == "hex" { print $3 }' "$1"; }
turn_of() { sed -n 's/^turn = //p' "$1" | head -1; }
# said N PATTERN FILE: FILE has N lines with PATTERN (read anew each time).
said() { [ "$(grep -c "$2" "$3")" = "$1" ]; }

away
if ! start host --size 1280x800; then
    no "no host window: $(head -c 300 "$T/host.err")"
    e2e_done e2e_net_window
    exit
fi
hpid=$pid hwin=$win hev=$EV
use host
await 20 '^menu network$' -- click 720 395 # Network battle (beside Load a saved battle)
shot "$T/network.png"
await 20 '^menu new$' -- click 640 359 # Host a skirmish: New skirmish, side B over the network
shot "$T/new.png"
ev_mark
at=$ev_at
click 640 597 # Host the battle
wait_for $((20 * slow)) grep -q "hosting on UDP port $PORT" "$T/host.err" &&
    ok "the host listens on port $PORT" || no "not hosting: $(tail -2 "$T/host.err")"
# The battle on screen, its panel told: a picture of it.
ev_at=$at
ev_wait 40 "^net panel open: hosting on port $PORT: waiting for side B to join" &&
    shot "$T/hosting.png" && panel_shown "$T/hosting.png" && ok "its panel says it waits for side B" ||
    no "no network panel on the host's battle"

away
if ! start join --size 1280x800; then
    no "no joiner window: $(head -c 300 "$T/join.err")"
    e2e_done e2e_net_window
    exit
fi
jpid=$pid jwin=$win jev=$EV
xdotool windowmove --sync "$jwin" 1300 0
use join
await 20 '^menu network$' -- click 720 395 # Network battle
await 20 '^dialog open$' -- click 640 479  # Join a battle...
ev_mark
at=$ev_at
enter "127.0.0.1:$PORT"
wait_for $((20 * slow)) grep -q "joined as side B" "$T/host.err" &&
    ok "the joiner joins from the menu" || no "no join: $(tail -2 "$T/join.err")"
# The host's battle on the joiner's screen.
ev_at=$at
ev_wait 40 '^turn [0-9]+ side . plot$'
shot "$T/joined.png"
[ "$(setting net_recent)" = "127.0.0.1:$PORT" ] && ok "the address is kept among the recent hosts" ||
    no "net_recent is '$(setting net_recent)'"

# T opens a line to say: the host's reaches the joiner's log.
use host
await 20 '^dialog open$' -- key t
enter "Fair winds"
wait_for $((10 * slow)) grep -q "says: Fair winds$" "$T/join.err" &&
    ok "T says a line to the other commander" || no "no chat on the joiner: $(tail -2 "$T/join.err")"

# Side A sends A1 four hexes east (she is selected as the turn opens)
# and ends its turn: it waits for side B's orders.
quicksave && cp "$save" "$T/first.sav"
# A1 (selected with 1: a click on her own hex would turn her), then a hex
# east of her; her orders (a step ahead, F) are in the quick save before
# the turn ends (a second try if they are not).
for try in 1 2 3; do
    key 1
    click 180 399
    quicksave
    steps=$(awk '$0 == "[orders.0]" { on = 1; next } /^\[/ { on = 0 } on && $1 == "steps" { print $3 }' "$save")
    case "$steps" in *F*) break ;; esac
done
case "$steps" in
*F*) ok "A1 has orders to sail ($steps)" ;;
*) no "A1 has no orders to sail: '$steps'" ;;
esac
await 20 "^net panel open: waiting for side B [(]red[)]'s orders" -- key Return &&
    shot "$T/host-waits.png" && panel_shown "$T/host-waits.png" &&
    ok "the host, its turn ended, shows it waits for side B" || no "no waiting panel on the host"
# Side B ends its turn: both replay it (Space skips the rest), then stand
# at the next turn.
hat=$(wc -l <"$hev")
use join
ev_mark
at=$ev_at
key Return
ev_at=$at
skip_replay
use host
ev_at=$hat
skip_replay
if quicksave; then
    cp "$save" "$T/host.sav"
    ok "the host saves"
fi
use join
if quicksave; then
    cp "$save" "$T/join.sav"
    ok "the joiner saves"
fi
if [ -s "$T/host.sav" ] && [ -s "$T/join.sav" ]; then
    ht=$(turn_of "$T/host.sav")
    jt=$(turn_of "$T/join.sav")
    [ "$ht" = 2 ] && [ "$jt" = 2 ] && ok "one turn each: both stand at turn 2" ||
        no "turns: host $ht, joiner $jt"
    # A1 sailed on the joiner's screen too: the host's orders crossed.
    from=$(ship_hex "$T/first.sav" 0) to=$(ship_hex "$T/join.sav" 0)
    [ -n "$to" ] && [ "$to" != "$from" ] &&
        ok "A1 sailed from $from to $to on the joiner's screen: the host's orders crossed" ||
        no "A1 on the joiner: from '$from' to '$to'"
    if diff <(battle_of "$T/host.sav") <(battle_of "$T/join.sav") >"$T/diff.txt"; then
        ok "both hold the same battle"
    else
        no "the battles differ: $(head -c 400 "$T/diff.txt")"
    fi
else
    no "no quick saves to compare"
fi

# The joiner leaves: the host waits for side B to rejoin, counting down.
hat=$(wc -l <"$hev")
stop_game
use host
ev_at=$hat
wait_for $((20 * slow)) grep -q "waiting up to $REJOIN s for side B to rejoin" "$T/host.err" &&
    ok "the joiner gone, the host waits for side B" || no "host: $(tail -2 "$T/host.err")"
ev_wait 20 '^net panel open: side B dropped: waiting for them to rejoin'
seen=$?
at=$ev_at
[ "$seen" = 0 ] && shot "$T/away.png" && panel_shown "$T/away.png" && ok "and its panel counts the seconds" ||
    no "no panel while side B is away"
# Side B never comes back: the host is asked (told after the countdown,
# whatever the picture's wait took), and saves.
ev_at=$at
ev_wait $((REJOIN + 20)) '^dialog open$' && shot "$T/down.png" && dialog_shown "$T/down.png" &&
    ok "after net_rejoin's $REJOIN s the host is asked what now" ||
    no "no question after the wait: $(tail -2 "$T/host.err")"
await 20 '^menu load$' -- key Return # Save and leave
wait_for $((10 * slow)) grep -q "saved .*network-turn2-" "$T/host.err" &&
    ok "Save and leave keeps the battle" || no "not saved: $(tail -2 "$T/host.err")"
shot "$T/load.png"
# Hosted again from the load screen (Play it: ... the fourth way), the
# save at the top; a new joiner comes back through the recent host.
click 640 462
click 640 462
click 640 462
shot "$T/load-hosted.png"
click 691 328
wait_for $((20 * slow)) said 2 "hosting on UDP port $PORT" "$T/host.err" &&
    ok "the saved battle is hosted again" || no "not hosted again: $(tail -2 "$T/host.err")"
away
if start join2 --size 1280x800; then
    jpid=$pid jwin=$win jev=$EV
    xdotool windowmove --sync "$jwin" 1300 0
    use join
    await 20 '^menu network$' -- click 720 395 # Network battle
    shot "$T/recent.png"
    ev_mark
    at=$ev_at
    click 640 495 # Join 127.0.0.1:PORT (the recent host, under Join a battle...; the panel grew)
    wait_for $((20 * slow)) said 2 "joined as side B" "$T/host.err" &&
        ok "a joiner comes back through the recent host" || no "no rejoin: $(tail -2 "$T/join2.err")"
    # The battle on the joiner's screen, then its quick save.
    ev_at=$at
    if ev_wait 40 '^turn [0-9]+ side . plot$' && quicksave; then
        [ "$(turn_of "$save")" = 2 ] &&
            ok "and plays on from turn 2" || no "the joiner's battle is at turn $(turn_of "$save")"
    else
        no "no quick save from the joiner"
    fi
    stop_game
fi
pid=$hpid
stop_game

# From the command line: shoal --host with a skirmish's flags, and shoal
# --join; a second --host on the same port says so and exits 1.
P2=$((PORT + 1))
XWIN_GAME_ARGS="--sea-life off"
away
if start hostcli --size 1280x800 --host --port "$P2" --seed 3 --ships 1; then
    hpid=$pid hwin=$win
    wait_for $((20 * slow)) grep -q "hosting on UDP port $P2" "$T/hostcli.err" &&
        ok "shoal --host --port $P2 --seed 3 --ships 1 hosts its battle" ||
        no "not hosting: $(tail -2 "$T/hostcli.err")"
    "$B_ABS/shoal" --host --port "$P2" --seed 3 >/dev/null 2>"$T/taken.err" &
    tp=$!
    wait_for $((30 * slow)) sh -c "! kill -0 $tp 2>/dev/null"
    wait "$tp"
    trc=$?
    [ "$trc" = 1 ] && grep -q "can't listen on UDP port $P2" "$T/taken.err" &&
        ok "a second --host on that port: one line, exit 1" ||
        no "port taken: rc $trc: $(head -c 300 "$T/taken.err")"
    away
    if start joincli --size 1280x800 --join "127.0.0.1:$P2"; then
        wait_for $((20 * slow)) grep -q "joined as side B" "$T/hostcli.err" &&
            ok "shoal --join 127.0.0.1:$P2 joins it" || no "no join: $(tail -2 "$T/joincli.err")"
        stop_game
    fi
    pid=$hpid
    stop_game
else
    no "shoal --host did not start: $(head -c 300 "$T/hostcli.err")"
fi
e2e_done e2e_net_window
