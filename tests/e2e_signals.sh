#!/usr/bin/env bash
# e2e_signals: every binary ends promptly on SIGTERM and SIGINT, with its
# usual clean-up: exit status 128 + the signal, within a second, no temp
# file or half-written output left, and (the editor) unsaved work kept as
# a recovery copy. Headless runs, and the game and editor in real windows
# under Xvfb.
set -u
. tests/lib_e2e.sh
B=${SHOAL_BUILD:-build}
# Sanitizer builds run frames many times slower, and TSan holds a signal
# back until the thread next calls into the C library (a long map
# generation loop makes none for seconds): a longer allowance there; the
# plain build holds every binary to a second.
limit_ms=1000
[ -n "${SHOAL_TEST_LIGHT:-}" ] && [ "${SHOAL_TEST_LIGHT}" != 0 ] && limit_ms=15000
mkdir -p "$T/w"
"$B/shoal-map" gen --seed 4 --size 200x150 -o "$T/w/m.png" >/dev/null || { no "cannot make a map"; e2e_done e2e_signals; exit; }

TICKS=$(getconf CLK_TCK)

# ended PID: PID has exited (a zombie not yet waited for, too).
ended() {
    local line
    [ -e "/proc/$1/status" ] || return 0
    while read -r line; do
        [[ "$line" == State:* ]] && { [[ "$line" == *Z* ]]; return; }
    done 2>/dev/null <"/proc/$1/status"
    return 0
}
# at_work PID SIGNUM MS: PID has ended (nothing to wait for), or has its
# own handler for signal SIGNUM in place (SigCgt: past its start-up) and
# has worked MS ms of CPU time, which a busy machine only makes longer to
# come. Read with builtins alone: polled, it must not load the machine.
at_work() {
    local line mask="" stat ms=$3
    ended "$1" && return 0
    while read -r line; do
        [[ "$line" == SigCgt:* ]] && mask=${line#SigCgt:*[[:space:]]}
    done 2>/dev/null <"/proc/$1/status"
    [ -n "$mask" ] && (((16#$mask >> ($2 - 1)) & 1)) || return 1
    read -r stat 2>/dev/null <"/proc/$1/stat" || return 1
    # shellcheck disable=SC2086 # the fields after "PID (NAME) "
    set -- ${stat##*) }
    # utime and stime, the stat's 14th and 15th fields.
    ((((${12} + ${13}) * 1000 / TICKS) >= ms))
}

# stop_test NAME SIGNAL WANT_RC WORK_MS [PATTERN...] -- CMD...: start CMD
# (its test channel in $EV), wait until it is at work (at_work with
# WORK_MS, then each PATTERN on the channel: the game's and the editor's
# loops say "frame 1"), send SIGNAL, and check it ends within the limit
# with WANT_RC.
stop_test() {
    local name=$1 sig=$2 want=$3 work=$4 pats=()
    shift 4
    while [ "$1" != -- ]; do
        pats+=("$1")
        shift
    done
    shift
    EV="$T/events"
    : >"$EV"
    ev_at=0
    SHOAL_TEST_EVENTS="$EV" "$@" >"$T/out" 2>"$T/err" </dev/null &
    local pid=$!
    if ! wait_for $((30 * slow)) at_work "$pid" "$(kill -l "$sig")" "$work"; then
        no "$name: not at work after $((30 * slow)) s (its own handler for SIG$sig and $work ms of CPU): $(grep -E '^(State|SigCgt)' "/proc/$pid/status" | tr '\n\t' '  ')"
        kill -KILL "$pid"
        wait "$pid"
        return
    fi
    if [ ${#pats[@]} -gt 0 ] && ! ended "$pid" && ! ev_wait 30 "${pats[@]}"; then
        no "$name: not at work: $(head -c 200 "$T/err")"
        kill -KILL "$pid"
        wait "$pid"
        return
    fi
    if ended "$pid"; then
        wait "$pid"
        no "$name: ended before the signal (exit $?): $(head -c 200 "$T/err")"
        return
    fi
    local t0 t1 rc dog
    t0=${EPOCHREALTIME/./}
    kill -"$sig" "$pid"
    # The wait returns as it ends (no polling, no fork, to add to its time
    # on a busy machine); a watchdog kills it for good at ten times the limit.
    { timeout $((limit_ms / 100)) tail -s 0.1 --pid="$pid" -f /dev/null || kill -KILL "$pid"; } 2>/dev/null &
    dog=$!
    wait "$pid"
    rc=$?
    t1=${EPOCHREALTIME/./}
    wait "$dog"
    local ms=$(((t1 - t0) / 1000))
    if [ "$rc" != "$want" ]; then
        no "$name: SIG$sig gave exit $rc after $ms ms, wanted $want ($(head -c 200 "$T/err"))"
    elif [ "$ms" -gt "$limit_ms" ]; then
        no "$name: SIG$sig took $ms ms (limit $limit_ms)"
    else
        ok "$name: SIG$sig ends it in $ms ms (exit $rc)"
    fi
}

# no_leftovers NAME: only the map pair and the expected outputs in $T/w.
no_leftovers() {
    local extra
    extra=$(ls -A "$T/w" | grep -v -x -e m.png -e m.ini -e "${2:-}")
    [ -z "$extra" ] && ok "$1: nothing half-written left" || no "$1: left behind: $extra"
}

# Headless runs: at work once they have half a second of CPU behind them
# (the editor's loop says its first frame as well).
stop_test "shoal --screenshot" TERM 143 500 -- "$B/shoal" --map "$T/w/m.png" --screenshot "$T/w/shot.png" --frames 100000 --size 320x200
no_leftovers "shoal --screenshot"
[ ! -e "$T/w/shot.png" ] && ok "no screenshot from a run that was stopped" || no "a stopped run wrote its screenshot"
stop_test "shoal --compare-sea-life" INT 130 500 -- "$B/shoal" --map "$T/w/m.png" --compare-sea-life --frames 100000 --size 320x200
stop_test "shoal --skirmish --advance" TERM 143 500 -- "$B/shoal" --skirmish --seed 3 --advance 900 --turns 999 --screenshot "$T/w/b.png" --frames 100000 --size 320x200
stop_test "shoal-bench" TERM 143 500 -- "$B/shoal-bench" --map "$T/w/m.png" --fish 20000 --steps 1000000
stop_test "shoal-bench --soak" INT 130 500 -- "$B/shoal-bench" --map "$T/w/m.png" --soak --fish 20000 --ships 0 --steps 10000000
stop_test "shoal-bench --sweep" TERM 143 500 -- "$B/shoal-bench" --sweep --steps 100000
stop_test "shoal-map gen" TERM 143 500 -- "$B/shoal-map" gen --seed 5 --size 16384x16384 -o "$T/w/big.png"
no_leftovers "shoal-map gen"
stop_test "shoal-editor --screenshot" TERM 143 500 '^frame 1$' -- "$B/shoal-editor" "$T/w/m.png" --screenshot "$T/w/e.png" --frames 100000 --size 320x200

# The editor with unsaved work: a stroke, then a long wait; SIGTERM keeps
# the work as a recovery copy (the next start offers it) and saves nothing.
# The stroke is in once its release is read and a frame drawn after it.
cp "$T/w/m.png" "$T/m-orig.png"
printf 'coords map\ndrag 100 60 180 100\nwait 1\nwait 100000\n' >"$T/paint.script"
stop_test "shoal-editor with unsaved work" TERM 143 0 '^input click 1 ' '^frame ' -- \
    "$B/shoal-editor" "$T/w/m.png" --script "$T/paint.script" --size 640x400
grep -q "stopped with unsaved changes; they are kept in" "$T/err" && ok "stderr says where the work is kept" ||
    no "no word of the kept work: $(head -c 200 "$T/err")"
cmp -s "$T/w/m.png" "$T/m-orig.png" && ok "the map itself is untouched" || no "the map was saved"
rec=$(find "$XDG_DATA_HOME/shoal/recovery" -name '*.png' 2>/dev/null | head -n 1)
[ -n "$rec" ] && ok "the unsaved stroke is kept as a recovery copy" || no "no recovery copy of the unsaved work"

# Real windows: the game and the editor under Xvfb.
if command -v Xvfb >/dev/null; then
    for d in $(seq 91 99); do [ -e "/tmp/.X$d-lock" ] || break; done
    # -noreset: by default the server resets when its last client leaves,
    # and a game started in that moment finds no display ("x11 not
    # available"), as CI saw when one game ended and the next began.
    # -displayfd: it writes its display's number once it takes clients.
    Xvfb ":$d" -screen 0 1024x768x24 -nolisten tcp -noreset -displayfd 3 3>"$T/xready" >/dev/null 2>&1 &
    xpid=$!
    wait_for $((10 * slow)) test -s "$T/xready" || no "Xvfb did not start on :$d"
    # Under ASan, SDL's X11 driver leaves allocations in libraries it
    # dlopened and closed again at exit ("unknown module" in LeakSanitizer,
    # so no suppression can name them); the leak check stays on for every
    # headless run above, which goes through the same clean-up.
    x11=(env DISPLAY=":$d" SDL_VIDEODRIVER=x11 ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0")
    # Their loops running: the first frame is up.
    stop_test "shoal in a window" TERM 143 0 '^frame 1$' -- "${x11[@]}" "$B/shoal" --map "$T/w/m.png" --size 640x400
    stop_test "shoal-editor in a window" INT 130 0 '^frame 1$' -- "${x11[@]}" "$B/shoal-editor" "$T/w/m.png" --size 640x400
    kill "$xpid" 2>/dev/null
    wait "$xpid" 2>/dev/null
else
    no "Xvfb is not installed (make check installs it)"
fi
e2e_done e2e_signals
