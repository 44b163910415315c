#!/usr/bin/env bash
# e2e_settings: the window and key settings in real windows (Xvfb, keys
# by xdotool, F12 screenshots measured with PIL): F11 toggles fullscreen
# and settings.ini remembers it; window_size sizes the window at the
# start (and --size beats it); End turn rebound in settings.ini ends a
# battle's turn by its new key, not its old one, and a bad key name is
# reported in one line and the default used.
# With no window manager in Xvfb the X window itself never grows: SDL
# draws at the screen's size, so a picture as big as the screen is what
# "fullscreen" is here (_NET_WM_STATE needs a window manager to be set).
set -u
. tests/lib_e2e.sh
B=${SHOAL_BUILD:-build}
PY=/usr/bin/python3
if ! command -v Xvfb >/dev/null || ! command -v xdotool >/dev/null; then
    echo "  skip: Xvfb or xdotool is not installed (make check installs them)"
    e2e_done e2e_settings
    exit
fi
B_ABS=$(cd "$B" && pwd)
export HOME="$T/home" XDG_CONFIG_HOME="$T/config"
mkdir -p "$HOME" "$T/run" "$XDG_CONFIG_HOME/shoal"
SETTINGS="$XDG_CONFIG_HOME/shoal/settings.ini"
SAVES="$XDG_DATA_HOME/shoal/saves"

for d in $(seq 170 199); do [ -e "/tmp/.X$d-lock" ] || break; done
# A screen larger than every size Settings offers, so none is clipped.
Xvfb ":$d" -screen 0 2000x1200x24 -nolisten tcp -noreset >/dev/null 2>&1 &
xpid=$!
export DISPLAY=":$d" SDL_VIDEODRIVER=x11
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill -KILL "$p" 2>/dev/null; done
    kill "$xpid" 2>/dev/null
    wait 2>/dev/null
    [ -n "${SHOAL_E2E_KEEP:-}" ] && mkdir -p "$SHOAL_E2E_KEEP" && cp "$T"/*.png "$T"/*.err "$SHOAL_E2E_KEEP"/ 2>/dev/null
    rm -rf "$T"
}
trap cleanup EXIT
sleep 1
kill -0 "$xpid" 2>/dev/null || { no "Xvfb did not start on :$d"; e2e_done e2e_settings; exit; }
window_of() { xdotool search --pid "$1" 2>/dev/null | head -n 1; }
has_window() { [ -n "$(window_of "$pid")" ]; }
# start NAME ARGS...: the game in $T/run (F12 writes there), its window in $win.
start() {
    local name=$1
    shift
    rm -f "$T/run"/shoal-*.png
    (cd "$T/run" && exec "$B_ABS/shoal" --sea-life off "$@") >"$T/$name.out" 2>"$T/$name.err" &
    pid=$!
    pids+=("$pid")
    win=""
    wait_for $((20 * slow)) has_window && win=$(window_of "$pid")
    [ -n "$win" ] || return 1
    # The loop runs once F12 gives a picture; an F12 sent while the game is
    # still starting may never reach it, so ask again every few seconds.
    local k
    for ((k = 0; k < 5; k++)); do shot "$T/$name-first.png" $((4 * slow)) && return 0; done
    return 1
}
stop_game() {
    kill -TERM "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
}
# shot OUT [SECONDS]: F12, and the picture it wrote moved to OUT.
shot() {
    local out=$1 secs=${2:-$((3 * slow))} f
    rm -f "$T/run"/shoal-*.png
    xdotool key F12
    for ((k = 0; k < secs * 10; k++)); do
        f=$(ls "$T/run"/shoal-*.png 2>/dev/null | head -n 1)
        if [ -n "$f" ]; then
            sleep 0.1 # written whole: a temp file renamed
            mv "$f" "$out"
            return 0
        fi
        sleep 0.1
    done
    return 1
}
key() { xdotool key "$@"; sleep 0.4; }
size_of() { "$PY" -c 'import sys; from PIL import Image; w, h = Image.open(sys.argv[1]).size; print(f"{w}x{h}")' "$1"; }
setting() { sed -n "s/^$1 = //p" "$SETTINGS"; }
turn_of() { sed -n 's/^turn = //p' "$1"; }

# --- window size -----------------------------------------------------------
printf 'window_size = 1600x900\n' >"$SETTINGS"
if start size; then
    [ "$(size_of "$T/size-first.png")" = 1600x900 ] && ok "window_size = 1600x900 sizes the window at the start" ||
        no "window_size 1600x900 gave a $(size_of "$T/size-first.png") picture"
    geo=$(xdotool getwindowgeometry "$win" | sed -n 's/.*Geometry: //p')
    [ "$geo" = 1600x900 ] && ok "the X window is 1600x900 too" || no "the X window is $geo"
    # --- F11 -----------------------------------------------------------------
    key F11
    shot "$T/full.png" && [ "$(size_of "$T/full.png")" = 2000x1200 ] &&
        ok "F11 fills the screen (2000x1200)" || no "after F11 the picture is $(size_of "$T/full.png" 2>/dev/null)"
    [ "$(setting fullscreen)" = on ] && ok "settings.ini keeps fullscreen = on" || no "fullscreen = '$(setting fullscreen)'"
    key F11
    shot "$T/window.png" && [ "$(size_of "$T/window.png")" = 1600x900 ] &&
        ok "F11 again gives the 1600x900 window back" || no "after F11 twice the picture is $(size_of "$T/window.png" 2>/dev/null)"
    [ "$(setting fullscreen)" = off ] && ok "settings.ini keeps fullscreen = off" || no "fullscreen = '$(setting fullscreen)'"
    [ "$(setting window_size)" = 1600x900 ] && ok "and window_size as it was" || no "window_size = '$(setting window_size)'"
    stop_game
else
    no "the game did not start with window_size set"
fi
# Fullscreen from the file, and --size beats window_size.
sed -i 's/^fullscreen = off/fullscreen = on/' "$SETTINGS"
if start fullstart; then
    [ "$(size_of "$T/fullstart-first.png")" = 2000x1200 ] && ok "fullscreen = on starts fullscreen" ||
        no "fullscreen = on started at $(size_of "$T/fullstart-first.png")"
    stop_game
else
    no "the game did not start fullscreen: $(head -c 300 "$T/fullstart.err")"
fi
sed -i 's/^fullscreen = on/fullscreen = off/' "$SETTINGS"
if start sizeflag --size 1024x640; then
    [ "$(size_of "$T/sizeflag-first.png")" = 1024x640 ] && ok "--size 1024x640 beats window_size" ||
        no "--size 1024x640 gave $(size_of "$T/sizeflag-first.png")"
    stop_game
else
    no "the game did not start with --size"
fi

# --- key rebinding ---------------------------------------------------------
# On the Keys screen (1024x640: Settings, Keys, End the turn), E for End
# turn; Apply and keep writes it. Turns end at once (no idle-ships question).
click() { xdotool mousemove --window "$win" "$1" "$2" click 1; sleep 0.4; xdotool mousemove --window "$win" 5 5; sleep 0.2; }
printf 'ask_end_turn = off\n' >"$SETTINGS"
if start keys --size 1024x640; then
    click 511 331 # Settings
    click 511 431 # Keys
    click 511 215 # End the turn: Return
    key e
    shot "$T/keys.png"
    click 511 439 # Apply and keep
    [ "$(setting key.end_turn)" = E ] && ok "the Keys screen binds End turn to E in settings.ini" ||
        no "key.end_turn = '$(setting key.end_turn)'"
    [ "$(setting ask_end_turn)" = off ] && [ "$(setting key.grid)" = G ] &&
        ok "and keeps the file's other settings" || no "ask_end_turn '$(setting ask_end_turn)', key.grid '$(setting key.grid)'"
    stop_game
else
    no "the game did not start for the Keys screen"
fi
# A restart keeps E; a bad key name costs only that key (one line on stderr).
sed -i 's/^key.grid = G$/key.grid = Bogus/' "$SETTINGS"
save="$SAVES/quicksave.sav"
if start endkey --skirmish --seed 3 --opponent ai --size 1024x640; then
    msg=$(grep -c "settings.ini:[0-9]*: key.grid 'Bogus' is not a key name; using G" "$T/endkey.err")
    [ "$msg" = 1 ] && ok "a bad key name is told in one line naming the file and key" ||
        { no "no one-line message for key.grid = Bogus"; cat "$T/endkey.err"; }
    key F5
    [ "$(turn_of "$save")" = 1 ] || no "the quick save is not at turn 1: $(turn_of "$save")"
    key Return
    sleep 1
    key F5
    [ "$(turn_of "$save")" = 1 ] && ok "Return no longer ends the turn" || no "Return ended the turn: turn $(turn_of "$save")"
    key e
    ended() { key F5; [ "$(turn_of "$save")" = 2 ]; }
    wait_for $((10 * slow)) ended && ok "E (bound before the restart) ends the turn" || no "E did not end the turn: turn $(turn_of "$save")"
    stop_game
else
    no "the game did not start a skirmish"
fi
e2e_done e2e_settings
