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
XWIN_GAME_ARGS="--sea-life off" XWIN_REST="5 5"
. tests/lib_xwin.sh
mkdir -p "$XDG_CONFIG_HOME/shoal"
# A screen larger than every size Settings offers, so none is clipped.
xwin_display e2e_settings 170 199 2000x1200
size_of() { "$PY" -c 'import sys; from PIL import Image; w, h = Image.open(sys.argv[1]).size; print(f"{w}x{h}")' "$1"; }
turn_of() { sed -n 's/^turn = //p' "$1"; }
# setting_is KEY VALUE: settings.ini says so (read anew each time it is asked).
setting_is() { [ "$(setting "$1")" = "$2" ]; }

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
# On the Keys screen (1024x640: Settings, Keys, End the turn), K for End
# turn: taken at once and written once it rests, with no Apply (the one
# model of Settings, Keys and Sound). Turns end at once (no idle-ships
# question).
printf 'ask_end_turn = off\n' >"$SETTINGS"
if start keys --size 1024x640; then
    # Each screen told before the next click: its panel has settled by
    # the frame that takes it.
    await 20 '^menu settings$' -- click 511 347 # Settings
    await 20 '^menu keys$' -- click 511 403     # Keys
    click 511 119                                # End the turn: Return (the first of fourteen actions)
    key k
    shot "$T/keys.png"
    # The file written once the binding has rested.
    wait_for $((10 * slow)) setting_is key.end_turn K &&
        ok "the Keys screen binds End turn to K in settings.ini" ||
        no "key.end_turn = '$(setting key.end_turn)'"
    [ "$(setting ask_end_turn)" = off ] && [ "$(setting key.grid)" = G ] &&
        ok "and keeps the file's other settings" || no "ask_end_turn '$(setting ask_end_turn)', key.grid '$(setting key.grid)'"
    stop_game
else
    no "the game did not start for the Keys screen"
fi
# A restart keeps K; a bad key name costs only that key (one line on stderr).
sed -i 's/^key.grid = G$/key.grid = Bogus/' "$SETTINGS"
save="$SAVES/quicksave.sav"
if start endkey --skirmish --seed 3 --opponent ai --size 1024x640; then
    msg=$(grep -c "settings.ini:[0-9]*: key.grid 'Bogus' is not a key name; using G" "$T/endkey.err")
    [ "$msg" = 1 ] && ok "a bad key name is told in one line naming the file and key" ||
        { no "no one-line message for key.grid = Bogus"; cat "$T/endkey.err"; }
    # The battle's first turn up, plotting.
    ev_at=0
    ev_wait 40 '^turn 1 side A plot$'
    quicksave
    [ "$(turn_of "$save")" = 1 ] || no "the quick save is not at turn 1: $(turn_of "$save")"
    # Return, then a quick save: its F5 is read after a frame drawn after
    # Return's, when an end of the turn it asked for would be applied, so
    # the save and the events since say whether it did.
    ev_mark
    at=$ev_at
    key Return
    quicksave
    ended=$(awk -v from="$at" 'NR > from && /^turn / && !/^turn 1 side A plot$/' "$EV" | head -n 1)
    [ "$(turn_of "$save")" = 1 ] && [ -z "$ended" ] && ok "Return no longer ends the turn" ||
        no "Return ended the turn: turn $(turn_of "$save") ${ended:+($ended)}"
    await 30 '^turn 2 side A plot$' -- key k && quicksave && [ "$(turn_of "$save")" = 2 ] &&
        ok "K (bound before the restart) ends the turn" || no "K did not end the turn: turn $(turn_of "$save")"
    stop_game
else
    no "the game did not start a skirmish"
fi
e2e_done e2e_settings
