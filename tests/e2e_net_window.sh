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
mkdir -p "$XDG_CONFIG_HOME/shoal"
# A small generated sea, two ships a side, on a port of the test's own.
printf 'net_port = %d\nnet_rejoin = 5\nmap = \nmap_seed = 7\nfleet_a = 2\nfleet_b = 2\nask_end_turn = off\n' "$PORT" \
    >"$XDG_CONFIG_HOME/shoal/settings.ini"
xwin_display e2e_net_window 240 259 2600x900

# use NAME: the next keys and clicks go to that game's window.
use() {
    if [ "$1" = host ]; then pid=$hpid win=$hwin; else pid=$jpid win=$jwin; fi
    xdotool windowfocus --sync "$win" 2>/dev/null
    xdotool mousemove --window "$win" 1270 790
    sleep 0.2
}
# panel_text PNG: the network panel (under the top bar) is there: its
# dark box with the title's gold, between y 118 and 175 in the middle.
panel_shown() {
    "$PY" - "$1" <<'PYEOF'
import sys, numpy as np
from PIL import Image
a = np.asarray(Image.open(sys.argv[1]).convert("RGB")).astype(int)
box = a[120:175, 420:860]
gold = (np.abs(box - np.array([245, 214, 140])).max(axis=2) <= 40).sum()
sys.exit(0 if gold > 40 else 1)
PYEOF
}
# The quick save's battle without what differs by who saved it: its
# orders and the routes plotted.
battle_of() { awk '/^\[/ { skip = ($0 ~ /^\[(orders|route)\./) } !skip && !/^submitted/' "$1"; }
# ship_hex SAVE N: where ship N is.
ship_hex() { awk -v sec="[ship.$2]" '$0 == sec { on = 1; next } /^\[/ { on = 0 } on && $1 == "hex" { print $3 }' "$1"; }

if ! start host --size 1280x800; then
    no "no host window: $(head -c 300 "$T/host.err")"
    e2e_done e2e_net_window
    exit
fi
hpid=$pid hwin=$win
use host
sleep 1
click 720 395 # Network battle (beside Load a saved battle)
sleep 1
shot "$T/network.png"
click 640 359 # Host a skirmish: New skirmish, side B over the network
sleep 1
shot "$T/new.png"
click 640 597 # Host the battle
wait_for $((20 * slow)) grep -q "hosting on UDP port $PORT" "$T/host.err" &&
    ok "the host listens on port $PORT" || no "not hosting: $(tail -2 "$T/host.err")"
sleep $((2 * slow))
shot "$T/hosting.png"
panel_shown "$T/hosting.png" && ok "its panel says it waits for side B" ||
    no "no network panel on the host's battle"

if ! start join --size 1280x800; then
    no "no joiner window: $(head -c 300 "$T/join.err")"
    e2e_done e2e_net_window
    exit
fi
jpid=$pid jwin=$win
xdotool windowmove "$jwin" 1300 0
use join
sleep 1
click 720 395 # Network battle
click 640 479 # Join a battle...
sleep 0.5
xdotool type --delay 20 "127.0.0.1:$PORT"
key Return
wait_for $((20 * slow)) grep -q "joined as side B" "$T/host.err" &&
    ok "the joiner joins from the menu" || no "no join: $(tail -2 "$T/join.err")"
sleep $((3 * slow))
use join
shot "$T/joined.png"
[ "$(setting net_recent)" = "127.0.0.1:$PORT" ] && ok "the address is kept among the recent hosts" ||
    no "net_recent is '$(setting net_recent)'"

# T opens a line to say: the host's reaches the joiner's log.
use host
key t
xdotool type --delay 20 "Fair winds"
key Return
wait_for $((10 * slow)) grep -q "says: Fair winds$" "$T/join.err" &&
    ok "T says a line to the other commander" || no "no chat on the joiner: $(tail -2 "$T/join.err")"

# Side A sends A1 four hexes east (she is selected as the turn opens)
# and ends its turn: it waits for side B's orders.
use host
quicksave && cp "$save" "$T/first.sav"
# A1 (selected with 1: a click on her own hex would turn her), then a hex
# east of her; her orders (a step ahead, F) are in the quick save before
# the turn ends (a slow machine gets a second try).
for try in 1 2 3; do
    key 1
    click 180 399
    quicksave
    steps=$(awk '$0 == "[orders.0]" { on = 1; next } /^\[/ { on = 0 } on && $1 == "steps" { print $3 }' "$save")
    case "$steps" in *F*) break ;; esac
    sleep 1
done
case "$steps" in
*F*) ok "A1 has orders to sail ($steps)" ;;
*) no "A1 has no orders to sail: '$steps'" ;;
esac
key Return
sleep $((1 * slow))
shot "$T/host-waits.png"
panel_shown "$T/host-waits.png" && ok "the host, its turn ended, shows it waits for side B" ||
    no "no waiting panel on the host"
# Side B ends its turn: both replay it.
use join
key Return
sleep $((4 * slow))
use join
key space # skip the replay's end
use host
key space
sleep 1
use host
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
    ht=$(sed -n 's/^turn = //p' "$T/host.sav" | head -1)
    jt=$(sed -n 's/^turn = //p' "$T/join.sav" | head -1)
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
use join
stop_game
use host
wait_for $((20 * slow)) grep -q "waiting up to 5 s for side B to rejoin" "$T/host.err" &&
    ok "the joiner gone, the host waits for side B" || no "host: $(tail -2 "$T/host.err")"
sleep 1
shot "$T/away.png"
panel_shown "$T/away.png" && ok "and its panel counts the seconds" || no "no panel while side B is away"
# Side B never comes back: the host is asked, and saves.
wait_for $((20 * slow)) grep -q "side B did not rejoin within 5 s" "$T/host.err"
sleep 1
shot "$T/down.png"
dialog_shown "$T/down.png" && ok "after net_rejoin's 5 s the host is asked what now" ||
    no "no question after the wait: $(tail -2 "$T/host.err")"
key Return # Save and leave
wait_for $((10 * slow)) grep -q "saved .*network-turn2-" "$T/host.err" &&
    ok "Save and leave keeps the battle" || no "not saved: $(tail -2 "$T/host.err")"
sleep 1
shot "$T/load.png"
# Hosted again from the load screen (Play it: ... the fourth way), the
# save at the top; a new joiner comes back through the recent host.
click 640 462
click 640 462
click 640 462
shot "$T/load-hosted.png"
click 691 328
wait_for $((20 * slow)) test "$(grep -c "hosting on UDP port $PORT" "$T/host.err")" = 2 &&
    ok "the saved battle is hosted again" || no "not hosted again: $(tail -2 "$T/host.err")"
if start join2 --size 1280x800; then
    jpid=$pid jwin=$win
    xdotool windowmove "$jwin" 1300 0
    use join
    sleep 1
    click 720 395 # Network battle
    shot "$T/recent.png"
    click 640 495 # Join 127.0.0.1:PORT (the recent host, under Join a battle...; the panel grew)
    wait_for $((20 * slow)) grep -q "joined as side B" <(tail -n 3 "$T/host.err") &&
        ok "a joiner comes back through the recent host" || no "no rejoin: $(tail -2 "$T/join2.err")"
    sleep $((2 * slow))
    use join
    if quicksave; then
        [ "$(sed -n 's/^turn = //p' "$save" | head -1)" = 2 ] &&
            ok "and plays on from turn 2" || no "the joiner's battle is at turn $(sed -n 's/^turn = //p' "$save" | head -1)"
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
