#!/usr/bin/env bash
# e2e_net: two shoal processes play one battle over the network on
# 127.0.0.1 — `shoal --autoplay --host` and `--autoplay --join` print the
# very JSON that `--autoplay` alone prints for the same flags (a generated
# sea, 8 a side, a scenario, a shipped map), and so they do through a relay
# that loses, delays and reorders packets; a desync (the joiner's battle
# spoilt on purpose) is said with both hashes and repaired by the host's
# battle; a map file of the host's own goes over the wire, and a watcher
# sees the battle to the same end; a joiner killed with -9 mid-battle can
# rejoin and the battle ends
# the same; a silent peer, no host, a wrong passphrase (the host waits on), a taken port and bad
# flags each end with one line and the right exit code, never a hang.
# Usage: tests/e2e_net.sh BUILD_DIR
set -u
. tests/lib_e2e.sh
BIN="${1:-build}/shoal"
# Ports of our own, apart from a parallel run's and below the ephemeral
# range (32768 up), where a client socket could take one.
PORT=$((20000 + ($$ % 500) * 20))
# Waits stretch with the sanitizers' slowness (lib_e2e.sh's slow).
long=$((20 * slow))
short=$((3 * slow))
# listening ERRFILE: wait until that host says it listens (it sets its
# battle up first, which a sanitizer build takes a while over).
listening() { wait_for $((30 * slow)) grep -qs "hosting on UDP port" "$1"; }

# host_join NAME PORT [JOIN_ENV] -- FLAGS...: both ends of one battle;
# their JSON in $T/NAME.host and $T/NAME.join, logs in .herr and .jerr,
# exit codes in $hrc and $jrc.
host_join() {
    local name=$1 port=$2 jenv=$3
    shift 4
    "$BIN" --autoplay --host --port "$port" --wait "$long" "$@" --json >"$T/$name.host" 2>"$T/$name.herr" &
    local hp=$!
    listening "$T/$name.herr"
    env $jenv "$BIN" --autoplay --join "127.0.0.1:$port" --wait "$long" --json >"$T/$name.join" 2>"$T/$name.jerr"
    jrc=$?
    wait "$hp"
    hrc=$?
}

# --- the same battle as --autoplay -------------------------------------------
n=0
for flags in "--seed 7" "--seed 12 --ships 8" "--scenario trafalgar" \
    "--map data/maps/channel-isles.png --seed 3"; do
    n=$((n + 1))
    # shellcheck disable=SC2086
    "$BIN" --autoplay $flags --json >"$T/local$n" 2>/dev/null
    # shellcheck disable=SC2086
    host_join "b$n" $((PORT + 1)) "" -- $flags
    if [ "$hrc" = 0 ] && [ "$jrc" = 0 ] && [ -s "$T/local$n" ] &&
        cmp -s "$T/local$n" "$T/b$n.host" && cmp -s "$T/local$n" "$T/b$n.join"; then
        ok "$flags: host and joiner print --autoplay's JSON"
    else
        no "$flags: host $hrc, joiner $jrc: $(head -c 300 "$T/b$n.herr" "$T/b$n.jerr")"
    fi
done

# --- a desync found and repaired ---------------------------------------------
host_join desync $((PORT + 2)) "SHOAL_NET_TEST_DESYNC=4" -- --seed 7
grep -q "desync at turn 4: our battle hashes [0-9a-f]\{16\}, peer 127.0.0.1:[0-9]*'s [0-9a-f]\{16\}; sending ours" "$T/desync.herr" &&
    grep -q "desync at turn 4: .*waiting for the host's" "$T/desync.jerr" &&
    grep -q "took the host's battle at turn 4" "$T/desync.jerr" &&
    ok "a desync is said with both hashes on both sides" || no "desync not said: $(cat "$T/desync.herr" "$T/desync.jerr")"
[ "$hrc" = 0 ] && [ "$jrc" = 0 ] && cmp -s "$T/local1" "$T/desync.host" && cmp -s "$T/local1" "$T/desync.join" &&
    ok "the host's battle repairs it: the same JSON as --autoplay" || no "the repaired battle differs (host $hrc, joiner $jrc)"

# --- a line between commanders ------------------------------------------------
"$BIN" --autoplay --host --port $((PORT + 2)) --seed 7 --wait "$long" --say "Fair winds, Captain." --json >"$T/chat.host" 2>"$T/chat.herr" &
hp=$!
listening "$T/chat.herr"
"$BIN" --autoplay --join "127.0.0.1:$((PORT + 2))" --wait "$long" --say "And to you, sir." --json >"$T/chat.join" 2>"$T/chat.jerr"
jrc=$?
wait "$hp"
hrc=$?
grep -q "^shoal: 127.0.0.1:$((PORT + 2)) says: Fair winds, Captain.$" "$T/chat.jerr" &&
    grep -q "^shoal: 127.0.0.1:[0-9]* says: And to you, sir.$" "$T/chat.herr" &&
    [ "$hrc" = 0 ] && [ "$jrc" = 0 ] && cmp -s "$T/local1" "$T/chat.join" &&
    ok "--say: each commander's line reaches the other, and the battle is the same" ||
    no "chat: host $hrc, joiner $jrc: $(cat "$T/chat.herr" "$T/chat.jerr")"

# --- a map of the host's own, and a watcher ----------------------------------
# The map is no shipped one: the joiner and the watcher read it from the
# host's bytes. The watcher comes first (the host still waits for side B),
# so it sees every turn: its report is --autoplay's too.
mkdir -p "$T/own"
cp data/maps/crescent-reef.png "$T/own/my-reef.png"
sed 's/^name = .*/name = My Reef/' data/maps/crescent-reef.ini >"$T/own/my-reef.ini"
own="--map $T/own/my-reef.png --seed 5"
# shellcheck disable=SC2086
"$BIN" --autoplay $own --json >"$T/own.local" 2>/dev/null
# shellcheck disable=SC2086
"$BIN" --autoplay --host --port $((PORT + 10)) --wait "$long" $own --json >"$T/own.host" \
    2>"$T/own.herr" &
hp=$!
listening "$T/own.herr"
"$BIN" --autoplay --watch "127.0.0.1:$((PORT + 10))" --wait "$long" --json >"$T/own.watch" \
    2>"$T/own.werr" &
wp=$!
wait_for $((10 * slow)) grep -q "watches the battle from turn 1" "$T/own.herr"
(cd "$T/own" && rm -f my-reef.ini) # the joiner has no sidecar of its own either
"$BIN" --autoplay --join "127.0.0.1:$((PORT + 10))" --wait "$long" --json >"$T/own.join" \
    2>"$T/own.jerr"
jrc=$?
wait "$hp"
hrc=$?
wait "$wp"
wrc=$?
if [ "$hrc$jrc" = 00 ] && [ -s "$T/own.local" ] && cmp -s "$T/own.local" "$T/own.host" &&
    cmp -s "$T/own.local" "$T/own.join"; then
    ok "a map of the host's own (not shipped): the joiner plays it from the host's bytes"
else
    no "own map: host $hrc, joiner $jrc: $(head -c 300 "$T/own.herr" "$T/own.jerr")"
fi
if [ "$wrc" = 0 ] && cmp -s "$T/own.local" "$T/own.watch" &&
    grep -q "watching 127.0.0.1:$((PORT + 10))'s battle at turn 1" "$T/own.werr"; then
    ok "a watcher sees each turn and ends with --autoplay's JSON"
else
    no "watcher: exit $wrc: $(head -c 300 "$T/own.werr")"
fi

# --- a bad network: 10% loss, 200 ms delay, reordering ---------------------------
# tests/net_relay.py stands between joiner and host (on 127.0.0.1 only; it
# stops by itself); ENet must still make the same battle of it.
/usr/bin/python3 tests/net_relay.py "$PORT" $((PORT + 9)) 0.10 0.20 0.08 $((200 * slow)) 7 2>"$T/relay.err" &
rp=$!
"$BIN" --autoplay --host --port $((PORT + 9)) --seed 7 --wait "$long" --json >"$T/lossy.host" 2>"$T/lossy.herr" &
hp=$!
listening "$T/lossy.herr"
timeout $((20 * long)) "$BIN" --autoplay --join "127.0.0.1:$PORT" --wait "$long" --json >"$T/lossy.join" 2>"$T/lossy.jerr"
jrc=$?
wait "$hp"
hrc=$?
kill "$rp" 2>/dev/null
wait "$rp" 2>/dev/null
[ "$hrc" = 0 ] && [ "$jrc" = 0 ] && cmp -s "$T/local1" "$T/lossy.host" && cmp -s "$T/local1" "$T/lossy.join" &&
    ok "through 10% loss, 200 ms delay and reordering: the same JSON as --autoplay" ||
    no "lossy relay: host $hrc, joiner $jrc: $(cat "$T/lossy.herr" "$T/lossy.jerr" "$T/relay.err")"

# --- faults: one line, the right code, no hang -------------------------------
# A host that falls silent mid-battle (it stops itself as turn 3 is
# plotted): the joiner gives up after --wait, or sooner when ENet finds the
# connection dead, one line, exit 1; then the host is killed with -9 as it
# lies, which must not upset anyone.
SHOAL_NET_TEST_STALL=3 "$BIN" --autoplay --host --port $((PORT + 3)) --seed 12 --ships 8 --wait "$long" >/dev/null 2>"$T/stop.herr" &
hp=$!
listening "$T/stop.herr"
timeout $((10 * short)) "$BIN" --autoplay --join "127.0.0.1:$((PORT + 3))" --wait "$short" >/dev/null 2>"$T/stop.jerr"
jrc=$?
[ "$jrc" = 1 ] && [ "$(wc -l <"$T/stop.jerr")" = 2 ] && grep -q "^shoal: peer 127.0.0.1:$((PORT + 3)): \(no word for $short s\|the connection dropped\)$" "$T/stop.jerr" &&
    ok "a host gone silent at turn 3: the joiner says so and exits 1" || no "silent host: rc $jrc: $(cat "$T/stop.jerr")"
kill -KILL "$hp" 2>/dev/null
wait "$hp" 2>/dev/null
[ $? = 137 ] && ok "the stalled host killed with -9" || no "the host was not stalled"

# The joiner killed with -9 mid-battle (it stops itself at turn 3 first):
# the host waits for side B to rejoin; a second joiner comes aboard at
# turn 3 and they play on to the very end --autoplay reaches. The second
# joiner saw only the turns from 3 on, so its census (ship_turns, still,
# quiet_max) is its own; the rest of its JSON is the same.
"$BIN" --autoplay --host --port $((PORT + 4)) --seed 7 --wait "$short" --json >"$T/rejoin.host" 2>"$T/rejoin.herr" &
hp=$!
listening "$T/rejoin.herr"
SHOAL_NET_TEST_STALL=3 "$BIN" --autoplay --join "127.0.0.1:$((PORT + 4))" --wait "$long" >/dev/null 2>/dev/null &
jp=$!
# Killed once it has stopped itself at turn 3 (its state in /proc: T).
stopped() { [ "$(cut -d' ' -f3 "/proc/$1/stat" 2>/dev/null)" = T ]; }
wait_for $((10 * slow)) stopped "$jp"
kill -KILL "$jp" 2>/dev/null
wait "$jp" 2>/dev/null
wait_for $((10 * short)) grep -q "waiting up to $short s for side B to rejoin at turn 3" "$T/rejoin.herr" &&
    ok "a joiner killed with -9: the host waits for side B to rejoin at turn 3" ||
    no "the host did not wait for a rejoin: $(cat "$T/rejoin.herr")"
timeout $((10 * long)) "$BIN" --autoplay --join "127.0.0.1:$((PORT + 4))" --wait "$long" --json >"$T/rejoin.join" 2>"$T/rejoin.jerr"
jrc=$?
wait "$hp"
hrc=$?
[ "$hrc" = 0 ] && [ "$jrc" = 0 ] && cmp -s "$T/local1" "$T/rejoin.host" &&
    grep -q "joined 127.0.0.1:$((PORT + 4)) as side B at turn 3" "$T/rejoin.jerr" &&
    /usr/bin/python3 -c '
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
for k in ("ship_turns", "still", "quiet_max"):
    a.pop(k); b.pop(k)
sys.exit(a != b)' "$T/local1" "$T/rejoin.join" &&
    ok "rejoined at turn 3: the battle ends as --autoplay's does, on both sides" ||
    no "rejoin: host $hrc, joiner $jrc: $(cat "$T/rejoin.herr" "$T/rejoin.jerr")"

# A joiner that never comes back: the host gives up after --wait, exit 1.
"$BIN" --autoplay --host --port $((PORT + 5)) --seed 7 --wait "$short" >/dev/null 2>"$T/gone.herr" &
hp=$!
listening "$T/gone.herr"
SHOAL_NET_TEST_STALL=3 "$BIN" --autoplay --join "127.0.0.1:$((PORT + 5))" --wait "$long" >/dev/null 2>/dev/null &
jp=$!
wait_for $((10 * slow)) stopped "$jp"
kill -KILL "$jp" 2>/dev/null
wait "$jp" 2>/dev/null
timeout $((20 * short)) tail --pid="$hp" -f /dev/null
wait "$hp"
hrc=$?
[ "$hrc" = 1 ] && tail -n 1 "$T/gone.herr" | grep -q "^shoal: side B did not rejoin within $short s$" &&
    ok "side B never back: the host says so and exits 1" || no "gone joiner: rc $hrc: $(cat "$T/gone.herr")"

# Nobody hosting.
"$BIN" --autoplay --join "127.0.0.1:$((PORT + 8))" --wait 2 >/dev/null 2>"$T/none.err"
rc=$?
[ "$rc" = 1 ] && [ "$(wc -l <"$T/none.err")" = 1 ] && grep -q "127.0.0.1:$((PORT + 8)): no shoal host answered" "$T/none.err" &&
    ok "no host: one line, exit 1" || no "no host: rc $rc: $(cat "$T/none.err")"

# A wrong passphrase: the joiner is refused (exit 2); the host says so in
# one line and goes on waiting for the real one (a stranger ends no battle).
"$BIN" --autoplay --host --port $((PORT + 6)) --pass harbour --wait "$long" >/dev/null 2>"$T/pass.herr" &
hp=$!
listening "$T/pass.herr"
"$BIN" --autoplay --join "127.0.0.1:$((PORT + 6))" --pass reef --wait "$long" >/dev/null 2>"$T/pass.jerr"
jrc=$?
wait_for $((10 * slow)) grep -q "refused: wrong passphrase" "$T/pass.herr"
[ "$jrc" = 2 ] && grep -q "refused us: wrong passphrase" "$T/pass.jerr" && kill -0 "$hp" 2>/dev/null &&
    [ "$(grep -c "peer 127.0.0.1:[0-9]* refused: wrong passphrase" "$T/pass.herr")" = 1 ] &&
    ok "a wrong passphrase: the joiner refused (exit 2), the host says so once and waits on" ||
    no "passphrase: joiner $jrc, host $(kill -0 "$hp" 2>/dev/null && echo waiting || echo gone): $(cat "$T/pass.herr" "$T/pass.jerr")"
kill "$hp" 2>/dev/null
wait "$hp" 2>/dev/null

# A port already taken.
"$BIN" --autoplay --host --port $((PORT + 7)) --wait "$long" >/dev/null 2>"$T/taken1.err" &
hp=$!
listening "$T/taken1.err"
"$BIN" --autoplay --host --port $((PORT + 7)) --wait 5 >/dev/null 2>"$T/taken.err"
rc=$?
kill "$hp" 2>/dev/null
wait "$hp" 2>/dev/null
[ "$rc" = 1 ] && grep -q "can't listen on UDP port $((PORT + 7))" "$T/taken.err" &&
    ok "a port in use: one line, exit 1" || no "port in use: rc $rc: $(cat "$T/taken.err")"

# Bad flags: exit 2, one line naming the flag.
bad() {
    local want=$1
    shift
    "$BIN" --autoplay "$@" >/dev/null 2>"$T/flag.err"
    local rc=$?
    [ "$rc" = 2 ] && [ "$(wc -l <"$T/flag.err")" = 1 ] && grep -q -- "$want" "$T/flag.err" &&
        ok "$* -> exit 2 naming $want" || no "$*: rc $rc: $(cat "$T/flag.err")"
}
bad "--join" --join 127.0.0.1 --seed 4
bad "--join" --join 127.0.0.1:99999
bad "--join" --join :4000
bad "--port" --port 4000
bad "--port" --host --port 0
bad "--host" --join 127.0.0.1 --host
bad "--pass" --pass secret
bad "--wait" --host --wait 0
bad "--say" --say ahoy
bad "--say" --host --say "$(printf 'a\tb')"
# A map larger than a joiner takes (its PNG header says 16384x16384; the
# rest is missing, so a load would say something else): refused from the
# header before the map is loaded, naming the file.
printf '\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\x40\0\0\0\x40\0\x08\0\0\0\0' >"$T/bomb.png"
bad "$T/bomb.png is 16384x16384 pixels; a network battle takes maps up to 4096x4096" \
    --host --port $((PORT + 9)) --map "$T/bomb.png"
# The game's own flags (a window's network battle) refuse the same way,
# before any window opens.
gbad() {
    local want=$1
    shift
    "$BIN" "$@" >/dev/null 2>"$T/flag.err"
    local rc=$?
    [ "$rc" = 2 ] && [ "$(wc -l <"$T/flag.err")" = 1 ] && grep -q -- "$want" "$T/flag.err" &&
        ok "shoal $* -> exit 2 naming $want" || no "shoal $*: rc $rc: $(cat "$T/flag.err")"
}
gbad "--join" --join 127.0.0.1 --seed 4
gbad "--join" --join 127.0.0.1:0
gbad "--watch" --join 127.0.0.1 --watch 127.0.0.1
gbad "--host" --host --opponent hotseat
gbad "--host" --host --screenshot "$T/x.png"
gbad "--port" --port 4000
gbad "--pass" --pass secret
gbad "--pass" --host --pass "$(printf 'a\tb')"

e2e_done e2e_net
