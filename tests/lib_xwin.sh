# lib_xwin: what the window scripts share, sourced after lib_e2e.sh: an
# Xvfb display of their own, the game started in $T/run with its test
# channel in $T/NAME.events ($EV, lib_e2e.sh's ev_wait) and its window
# found, F12 pictures and F5 quick saves read back once the game says they
# are written, input that returns once the game has handled it and drawn a
# frame after it, and a clean-up that kills every game and the display. A script
# sets XWIN_GAME_ARGS (flags every `start` adds) and XWIN_REST (where
# the pointer waits) before starting games;
# SHOAL_E2E_KEEP=DIR keeps the pictures and logs to look at.
#
#   xwin_display NAME FIRST LAST WxH   start Xvfb on the first free :FIRST..LAST
#                                       (exits the script with a FAIL if it can't)
#   start NAME ARGS...                  a game; $pid, $win, $EV; its first picture in
#                                       $T/NAME-first.png
#   shot OUT [SECONDS]                  F12, the picture moved to OUT once written
#   quicksave                           F5, and wait for the game's "saved" note
#   field SECTION KEY                   a value of the quick save
#   stop_game                           SIGTERM the game and wait for it
#   key KEY... / click X Y [BUTTON]     xdotool, then wait until the game has handled
#                                       it and drawn a frame (a click then rests the
#                                       pointer at XWIN_REST the same way)
#   since CMD...                        CMD (a key, a click), with the mark put back
#                                       to before it: what its press already told is
#                                       still there for the next ev_wait
#   await SECONDS PATTERN -- CMD...     CMD (a key, a click), then PATTERN told since
#                                       CMD began
#   point X Y                           the pointer to X Y, once the game has seen it
#                                       there and drawn a frame
#   end_turn                            Enter ends the turn, Space skips its replay:
#                                       back to plotting (or the battle's end)
#   tap KEY... / tap_click X Y          the same with no wait: for what only lasts a
#                                       while (a replay), seen by the next shot or poll
#   setting KEY                         a value of settings.ini
#   dialog_shown PNG                    a question box fills the picture's middle
B=${SHOAL_BUILD:-build}
B_ABS=$(cd "$B" && pwd)
PY=/usr/bin/python3
XWIN_GAME_ARGS=${XWIN_GAME_ARGS:-}
# Never the tester's own settings, saves or recovery copies.
export HOME="$T/home" XDG_CONFIG_HOME="$T/config"
mkdir -p "$HOME" "$T/run"
SETTINGS="$XDG_CONFIG_HOME/shoal/settings.ini"
SAVES="$XDG_DATA_HOME/shoal/saves"
save="$SAVES/quicksave.sav"
pid=
pids=()
xpid=
# The deadline (plain build's seconds) for a key or click to be handled: a
# busy machine is waited for; only a game that has stopped reading input
# runs it out.
XWIN_INPUT_SECS=${XWIN_INPUT_SECS:-30}

xwin_cleanup() {
    for p in "${pids[@]}"; do kill -KILL "$p" 2>/dev/null; done
    [ -n "$xpid" ] && kill "$xpid" 2>/dev/null
    wait 2>/dev/null
    [ -n "${SHOAL_E2E_KEEP:-}" ] && mkdir -p "$SHOAL_E2E_KEEP" &&
        cp "$T"/*.png "$T"/*.err "$SHOAL_E2E_KEEP"/ 2>/dev/null
    rm -rf "$T"
}

xwin_display() {
    local name=$1 first=$2 last=$3 size=$4 d
    if ! command -v Xvfb >/dev/null || ! command -v xdotool >/dev/null; then
        echo "  skip: Xvfb or xdotool is not installed (make check installs them)"
        e2e_done "$name"
        exit
    fi
    for d in $(seq "$first" "$last"); do [ -e "/tmp/.X$d-lock" ] || break; done
    # -noreset: a game started as the last one leaves must still find a
    # display (the server resets when its last client goes).
    Xvfb ":$d" -screen 0 "${size}x24" -nolisten tcp -noreset >/dev/null 2>&1 &
    xpid=$!
    export DISPLAY=":$d" SDL_VIDEODRIVER=x11
    # Under ASan, SDL's X11 driver leaves allocations in libraries it
    # unloads at exit, which LeakSanitizer cannot name (see e2e_signals).
    export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
    trap xwin_cleanup EXIT
    if ! wait_for $((10 * slow)) xdotool getdisplaygeometry >/dev/null 2>&1 || ! kill -0 "$xpid" 2>/dev/null; then
        no "Xvfb did not start on :$d"
        e2e_done "$name"
        exit
    fi
}

# The game's window, by its title: SDL may first make a short-lived window
# of the same process with none, which a search by pid alone can find
# just before it goes (make asan saw "no window" that way).
window_of() { xdotool search --pid "$1" --name shoal 2>/dev/null | head -n 1; }
has_window() {
    win=$(window_of "$pid")
    [ -n "$win" ]
}

start() {
    local name=$1
    shift
    EV="$T/$name.events"
    : >"$EV"
    ev_at=0
    # Off the window to come: a pointer left where this game's XWIN_REST
    # is (by the last game's window) would never tell it a move there.
    xdotool mousemove 0 0
    # shellcheck disable=SC2086 # XWIN_GAME_ARGS is a list of flags
    (cd "$T/run" && SHOAL_TEST_EVENTS="$EV" exec "$B_ABS/shoal" $XWIN_GAME_ARGS "$@") \
        >"$T/$name.out" 2>"$T/$name.err" &
    pid=$!
    pids+=("$pid")
    win=""
    # The loop has drawn its first frame: the window is the one it keeps
    # (an accelerated renderer makes SDL destroy the first window and open
    # another of the same title, and a window found before that is gone).
    # A deadline for a hang only: a busy machine takes long over a big map.
    ev_wait 90 '^frame 1$' || return 1
    wait_for $((10 * slow)) has_window || return 1
    shot "$T/$name-first.png" || return 1
    # XWIN_REST="X Y": where the pointer waits, off the panels.
    [ -n "${XWIN_REST:-}" ] && rest
    return 0
}

stop_game() {
    kill -TERM "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
}

# F12, then the picture the game says it wrote (whole: a temp file renamed).
shot() {
    local out=$1 secs=${2:-20}
    ev_mark
    xdotool key F12
    ev_wait "$secs" '^shot ' || return 1
    mv "${ev_line#shot }" "$out"
}

quicksave() {
    rm -f "$save"
    ev_mark
    xdotool key F5
    ev_wait 20 '^note saved ' && test -s "$save"
}

field() {
    awk -v sec="[$1]" -v key="$2" '$0 == sec { on = 1; next } /^\[/ { on = 0 }
        on && $1 == key { sub(/^[^=]*= */, ""); print; exit }' "$save"
}

# Each key sent is released (one "input key" line), then a frame is drawn.
key() {
    local k pats=()
    for k in "$@"; do pats+=('^input key '); done
    ev_mark
    xdotool key "$@"
    ev_wait "$XWIN_INPUT_SECS" "${pats[@]}" '^frame '
}

# The game may tell a key's effect in the frame that handles its press,
# before the release that key and click wait for: the next ev_wait looks
# from before the input.
since() {
    local from rc
    ev_mark
    from=$ev_at
    "$@"
    rc=$?
    ev_at=$from
    return $rc
}

await() {
    local secs=$1 pat=$2
    shift 3
    since "$@" || return 1
    ev_wait "$secs" "$pat"
}

# A move to where the game last saw the pointer makes no event: none is
# waited for then.
point() {
    [ "$(grep '^input motion ' "$EV" | tail -n 1)" = "input motion $1 $2" ] && return 0
    ev_mark
    xdotool mousemove --window "$win" "$1" "$2"
    ev_wait "$XWIN_INPUT_SECS" "^input motion $1 $2\$" '^frame '
}

# The pointer to XWIN_REST, once the game has seen it there.
rest() {
    # shellcheck disable=SC2086
    point $XWIN_REST
}

# Enter's press starts the replay (told before its release is read), Space
# skips it; then the next side plots, or the battle is over.
end_turn() {
    ev_mark
    xdotool key Return
    ev_wait 30 '^turn [0-9]+ side A (animate|over)$' || return 1
    [[ "$ev_line" == *over ]] && return 0
    xdotool key space
    ev_wait 30 '^turn [0-9]+ side . (plot|over)$'
}

click() {
    ev_mark
    xdotool mousemove --window "$win" "$1" "$2" click "${3:-1}"
    ev_wait "$XWIN_INPUT_SECS" "^input click ${3:-1} $1 $2\$" '^frame ' || return 1
    [ -n "${XWIN_REST:-}" ] && [ "$XWIN_REST" != "$1 $2" ] && rest
    return 0
}

# panel_at NAME DX DY: the point DX,DY into the battle's panel NAME
# (battle, ship or log) where the game last told it is ("panels ..." on
# the test channel; battle_layout places them), as "X Y"; fails when it
# has not been told or the panel is not shown.
panel_at() {
    awk -v name="$1" -v dx="$2" -v dy="$3" '/^panels / { line = $0 } END {
        n = split(line, f, " ")
        for (i = 2; i < n; i += 2) if (f[i] == name) { split(f[i + 1], r, ","); if (r[3] > 0) { print r[1] + dx, r[2] + dy; ok = 1 } }
        exit !ok }' "$EV"
}

# A tick under TSan is seconds long: a replay started by a key would be over
# before the picture that should show it.
tap() { xdotool key "$@"; }
tap_click() { xdotool mousemove --window "$win" "$1" "$2" click 1; }

setting() { sed -n "s/^$1 = //p" "$SETTINGS"; }

# The dialog box (THEME_DIALOG, nearly opaque) over the middle.
dialog_shown() {
    "$PY" - "$1" <<'EOF'
import sys, numpy as np
from PIL import Image
a = np.asarray(Image.open(sys.argv[1]).convert("RGB")).astype(int)
h, w = a.shape[:2]
mid = a[h // 2 - 40:h // 2 + 40, w // 2 - 250:w // 2 + 250]
near = (np.abs(mid - np.array([8, 26, 44])).max(axis=2) <= 8).mean()
sys.exit(0 if near > 0.5 else 1)
EOF
}
