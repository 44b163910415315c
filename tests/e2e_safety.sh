#!/usr/bin/env bash
# e2e_safety: what keeps a player from losing work or seeing the other
# side's orders, in real windows (Xvfb, keys and clicks by xdotool, F12
# screenshots read with PIL): the end-turn check when ships have no
# orders (once a turn; "Don't ask again" sticks in settings.ini); F9 and
# a new skirmish ask before throwing away unsaved progress; a hot-seat
# turn shows side B nothing of side A's orders, nor the board at the
# curtain behind the menu; the New skirmish panel does not move under
# the pointer; the editor's title reaches X as UTF-8 (xprop) and its
# "Play this map" starts a battle on the map being edited.
set -u
. tests/lib_e2e.sh
if ! command -v xprop >/dev/null; then
    echo "  skip: xprop is not installed (make check installs it)"
    e2e_done e2e_safety
    exit
fi
XWIN_GAME_ARGS="--size 1024x640 --sea-life off" XWIN_REST="20 330"
. tests/lib_xwin.sh
xwin_display e2e_safety 140 169 1024x768
# The steps plotted for ship N in a save ("-": none).
steps_of() { sed -n "/^\[orders.$2\]/,/^steps/s/^steps = //p" "$1"; }
turn_of() { sed -n 's/^turn = //p' "$1"; }
# turn_now SECONDS PATTERN: wait until the battle's state (its last "turn"
# line: told when it changes) matches PATTERN. (A turn's replay may end
# on its own before the Space that would skip it.)
turn_is() { grep '^turn ' "$EV" | tail -n 1 | grep -Eq "$1"; }
turn_now() {
    wait_for $(($1 * slow)) turn_is "$2" && return 0
    echo "  (waited $(($1 * slow)) s for the battle's state $2; it is: $(grep '^turn ' "$EV" | tail -n 1))"
    return 1
}

# --- the end-turn check ----------------------------------------------------
# Against the computer, on a generated sea: A1 is selected; a click on
# the open sea south-west, beyond the island (a route round its south), gives
# her a path, A2 and A3 have none.
if start endturn --skirmish --seed 3 --opponent ai; then
    click 130 470
    # End turn, the Battle panel's first button, where the layout put it.
    read -r ex ey < <(panel_at battle 114 46) || no "the game told no place for the Battle panel"
    since click "${ex:-898}" "${ey:-90}" # End turn (the Battle panel's button)
    ev_wait 20 '^dialog open$'
    shot "$T/ask.png" && dialog_shown "$T/ask.png" && ok "End turn with ships idle asks before the turn ends" ||
        no "no end-turn question on screen"
    # The dialog's buttons (1024x640, three of them): left, middle, right.
    click 564 355 # Keep plotting
    quicksave
    [ "$(turn_of "$save")" = 1 ] && grep -q '^submitted = none' "$save" &&
        ok "Keep plotting: still turn 1, nothing submitted" || no "Keep plotting ended the turn: $(grep -E '^(turn|submitted) =' "$save")"
    [ "$(steps_of "$save" 0)" != "-" ] && ok "A1's path is still plotted" || no "A1's path was lost"
    since key Return # asked once this turn: it ends now
    ev_wait 20 '^turn 2 side A (animate|plot)$'
    shot "$T/noask.png" && ! dialog_shown "$T/noask.png" && ok "the second Enter of a turn does not ask again" ||
        no "asked twice in one turn"
    key space
    turn_now 20 '^turn 2 side A plot$'
    quicksave
    [ "$(turn_of "$save")" = 2 ] && ok "the turn ended: turn 2 is plotted" || no "the turn did not end: turn $(turn_of "$save")"
    since key Return
    ev_wait 20 '^dialog open$'
    shot "$T/ask2.png" && dialog_shown "$T/ask2.png" && ok "a new turn asks again" || no "turn 2 did not ask"
    since click 707 355 # Don't ask again
    ev_wait 20 '^turn 3 side A (animate|plot)$'
    wait_for $((3 * slow)) grep -q '^ask_end_turn = off' "$SETTINGS" && ok "Don't ask again is kept in settings.ini" ||
        no "settings.ini: $(grep ask_end_turn "$SETTINGS" 2>&1)"
    key space
    turn_now 20 '^turn 3 side A plot$'
    since key Return
    ev_wait 20 '^turn 4 side A (animate|plot)$'
    shot "$T/ask3.png" && ! dialog_shown "$T/ask3.png" && ok "after Don't ask again no question comes" ||
        no "asked after Don't ask again"
    # Save, then load: F9 over a fresh path keeps it in a new save first.
    # (A1's route from turn 1 goes on giving her orders each turn: clear
    # it before the save, so the click after it is new.)
    key space
    turn_now 20 '^turn 4 side A plot$'
    key BackSpace
    quicksave
    click 130 470
    since key F9
    ev_wait 20 '^dialog open$'
    # Save, then load: the dated save is told once written, then the load.
    since click 421 355
    if ev_wait 20 '^note saved .*/turn[0-9]+-[^/]*\.sav$'; then
        dated=${ev_line#note saved }
        [ "$(steps_of "$dated" 0)" != "-" ] && ok "Save, then load keeps the battle with A1's path in $(basename "$dated")" ||
            no "the dated save lacks A1's path"
        ev_wait 30 '^note loaded ' '^not loading$' && quicksave && [ "$(steps_of "$save" 0)" = "-" ] &&
            ok "... then loads the quick save" || no "the quick save was not loaded"
    else
        no "Save, then load wrote no save: $(ls "$SAVES")"
    fi
    stop_game
else
    no "no window for the battle: $(head -c 300 "$T/endturn.err")"
fi

# --- F9 and New skirmish with unsaved progress -----------------------------
rm -rf "$SAVES" "$XDG_CONFIG_HOME"
if start discard --skirmish --seed 3 --opponent ai; then
    quicksave # no orders yet
    cp "$save" "$T/clean.sav"
    click 130 470 # A1's path: progress since the save
    since key F9
    ev_wait 20 '^dialog open$'
    shot "$T/f9.png" && dialog_shown "$T/f9.png" && ok "F9 with unsaved orders asks first" || no "F9 loaded without asking"
    click 707 355 # Cancel
    quicksave
    [ "$(steps_of "$save" 0)" != "-" ] && ok "Cancel keeps the battle as it was (A1's path)" ||
        no "Cancel lost A1's path"
    # The load shows its progress panel while the sea is made again; once
    # it is on screen a question would be there.
    since key F9
    ev_wait 30 '^note loaded ' '^not loading$'
    shot "$T/f9b.png" && ! dialog_shown "$T/f9b.png" && ok "F9 right after a save loads without asking" ||
        no "F9 asked with nothing to lose"
    key 1 # A1, whose loaded path is cleared: progress again
    key BackSpace
    # New skirmish from the menu (under Resume battle), then Start.
    key Escape # deselects A1
    since key Escape
    ev_wait 20 '^menu main$' # drawn before its buttons are clicked
    since click 430 315 # New skirmish (the left half of its row), under Resume battle and Guided first battle
    ev_wait 20 '^menu new$'
    since click 510 479 # Start the battle
    ev_wait 20 '^dialog open$'
    shot "$T/new.png" && dialog_shown "$T/new.png" && ok "Start the battle over unsaved orders asks first" ||
        no "a new battle started without asking"
    click 705 355 # Cancel
    [ -e "$SETTINGS" ] && no "Cancel still started the battle (settings.ini written)" ||
        ok "Cancel: no new battle"
    since click 510 479 # Start the battle
    ev_wait 20 '^dialog open$'
    since click 560 355 # Don't save
    wait_for $((10 * slow)) test -e "$SETTINGS" && ok "Don't save starts the new battle" || no "Don't save started nothing"
    # F5 once the new battle is on screen (keys are dropped while it loads).
    # (The old one was on a generated sea, the menu's is Channel Isles.)
    ev_wait 30 '^not loading$' '^turn 1 side A plot$' && quicksave && grep -q '^map = .*channel-isles.png' "$save" &&
        ok "the new battle is on screen" || no "the new battle never came: $(grep '^map' "$save")"
    stop_game
else
    no "no window for the battle: $(head -c 300 "$T/discard.err")"
fi

# --- hot-seat: nothing of A's orders on B's screen -------------------------
# The same battle twice: A plots a path (its note "A1 sails as far as she
# can towards it this turn" on screen as the turn ends) or nothing; after
# the curtain B's screen must be the same picture both times.
hotseat() {
    local name=$1 plot=$2
    # Each key here hands the screen on: the next waits until it has (a
    # loaded machine lost the hand-over at a fixed 0.3 s).
    rm -rf "$XDG_CONFIG_HOME" "$SAVES"
    start "$name" --skirmish --seed 3 --opponent hotseat || { hs_why="$name: no window or first picture"; return 1; }
    since key Return # A lifts the curtain
    ev_wait 20 '^turn 1 side A plot$' || { hs_why="$name: A's curtain stayed"; return 1; }
    [ "$plot" = 1 ] && click 130 470
    since key Return # end turn: asked about idle ships
    ev_wait 20 '^dialog open$' || { hs_why="$name: A's end of turn asked nothing"; return 1; }
    since key Return # End turn
    ev_wait 20 '^turn 1 side B curtain$' || { hs_why="$name: no curtain for B"; return 1; }
    # (No F12 at the curtain: its "saved ..." note would reach B's screen.)
    since key Return # B lifts the curtain
    ev_wait 20 '^turn 1 side B plot$' || { hs_why="$name: B's curtain stayed"; return 1; }
    shot "$T/$name-b.png" || { hs_why="$name: no picture of B's screen"; return 1; }
    # B ends the turn; after the replay, A's curtain of turn 2.
    since key Return
    ev_wait 20 '^dialog open$' || { hs_why="$name: B's end of turn asked nothing"; return 1; }
    since key Return
    ev_wait 20 '^turn 2 side ' || { hs_why="$name: turn 1 did not play"; return 1; }
    key space
    turn_now 20 '^turn 2 side A curtain$' || { hs_why="$name: no curtain for A in turn 2"; return 1; }
    shot "$T/$name-curtain.png" || { hs_why="$name: no picture of the curtain"; return 1; }
    since key Escape # the menu, at the curtain
    ev_wait 20 '^menu main$' || { hs_why="$name: no menu at the curtain"; return 1; }
    shot "$T/$name-menu.png" || { hs_why="$name: no picture of the menu"; return 1; }
    stop_game
    return 0
}
hs_why=
if hotseat hs-plot 1 && hotseat hs-none 0; then
    if "$PY" - "$T/hs-plot-b.png" "$T/hs-none-b.png" <<'EOF'; then
import sys, numpy as np
from PIL import Image
a = np.asarray(Image.open(sys.argv[1]).convert("RGB")).astype(int)
b = np.asarray(Image.open(sys.argv[2]).convert("RGB")).astype(int)
d = np.abs(a - b).max(axis=2)
d[:70, :] = 0  # the status line (frame rate) and its message
ys, xs = np.nonzero(d > 24)
if len(ys) > 20:
    sys.exit("B's screens differ in %d px, within x %d..%d, y %d..%d" % (len(ys), xs.min(), xs.max(), ys.min(), ys.max()))
EOF
        ok "hot-seat: B's screen is the same whether A plotted or not (no toast, no path)"
    else
        no "hot-seat: A's orders show on B's screen"
    fi
    # The curtain hides the board; so does the curtain behind the menu.
    if "$PY" - "$T/hs-plot-curtain.png" "$T/hs-plot-menu.png" <<'EOF'; then
import sys, numpy as np
from PIL import Image
for f in sys.argv[1:]:
    a = np.asarray(Image.open(f).convert("RGB")).astype(int)
    # The left fifth, below the status line, holds no panel: flat curtain.
    side = a[40:-60, : a.shape[1] // 5]
    spread = side.reshape(-1, 3).std(axis=0).max()
    if spread > 3:
        sys.exit("%s: the board shows beside the panels (spread %.1f)" % (f, spread))
EOF
        ok "hot-seat: the curtain, and the menu opened at it, show nothing of the board"
    else
        no "hot-seat: the board shows at the curtain"
    fi
else
    no "hot-seat runs failed ($hs_why): $(head -c 300 "$T/hs-plot.err" 2>/dev/null) $(head -c 300 "$T/hs-none.err" 2>/dev/null)"
fi

# --- New skirmish: the panel stays put under the pointer --------------------
rm -rf "$XDG_CONFIG_HOME" "$SAVES"
if start menu --menu; then
    since click 430 283 # New skirmish (the left half of its row), under Guided first battle
    ev_wait 20 '^menu new$'
    shot "$T/menu0.png"
    # Every map in turn, the generated sea (two more rows), and back.
    nmaps=$(ls data/maps/*.png | wc -l)
    for ((k = 0; k <= nmaps; k++)); do click 510 152; done
    shot "$T/menu1.png"
    if "$PY" - "$T/menu0.png" "$T/menu1.png" <<'EOF'; then
import sys, numpy as np
from PIL import Image
a = np.asarray(Image.open(sys.argv[1]).convert("RGB")).astype(int)
b = np.asarray(Image.open(sys.argv[2]).convert("RGB")).astype(int)
d = np.abs(a - b).max(axis=2)
d[:70, :] = 0  # the status line (frame rate) and its message
n = int((d > 24).sum())
if n > 20:
    sys.exit("the panel differs in %d px" % n)
EOF
        ok "clicking Map › round every map comes back to the same panel"
    else
        no "the Map › clicks landed elsewhere (the panel moved)"
    fi
    # Start the battle: its choices are kept in settings.ini as its load begins.
    since click 510 479
    ev_wait 20 '^loading$'
    grep -q '^map = channel-isles.png' "$SETTINGS" && grep -q '^map_seed = 1$' "$SETTINGS" &&
        ok "the battle starts on the first map, seed untouched" ||
        no "settings after the clicks: $(grep -E '^map' "$SETTINGS" 2>&1 | tr '\n' ' ')"
    stop_game
else
    no "no window for the menu: $(head -c 300 "$T/menu.err")"
fi

# --- the editor: its title in X, Ctrl+G asks, Play this map ---------------
mkdir -p "$T/maps"
cp data/maps/channel-isles.png data/maps/channel-isles.ini "$T/maps/"
user="$T/maps/channel-isles.png"
cp "$user" "$T/user-before.png"
EV="$T/editor.events"
: >"$EV"
ev_at=0
(cd "$T/run" && SHOAL_TEST_EVENTS="$EV" exec "$B_ABS/shoal-editor" --size 1024x700 "$user") >"$T/editor.out" 2>"$T/editor.err" &
pid=$!
pids+=("$pid")
win=""
wait_for $((20 * slow)) has_window
if [ -n "$win" ]; then
    # xprop prints UTF8_STRING values as they are: the em dash must be whole.
    want=$(printf 'channel-isles.png \xE2\x80\x94 Channel Isles \xE2\x80\x94 shoal-editor')
    # The window comes before the map is loaded and titled (slow builds
    # took seconds): strokes before that would be lost. Found afresh each
    # try: the accelerated renderer may replace the first window (as the
    # game's below), and the titled one is the one that stays.
    titled() {
        win=$(window_of "$pid")
        [ -n "$win" ] && [ "$(xprop -id "$win" _NET_WM_NAME 2>/dev/null)" = "_NET_WM_NAME(UTF8_STRING) = \"$want\"" ]
    }
    wait_for $((10 * slow)) titled
    # The pointer over the map, once the editor has seen it there.
    point 300 300
    net=$(xprop -id "$win" _NET_WM_NAME)
    [ "$net" = "_NET_WM_NAME(UTF8_STRING) = \"$want\"" ] && ok "the editor's _NET_WM_NAME is its title ($want)" ||
        no "_NET_WM_NAME: $net"
    wm=$(xprop -id "$win" WM_NAME)
    [ "$wm" = "WM_NAME(UTF-8) = \"$want\"" ] && ok "WM_NAME holds the title in UTF-8, no mojibake" || no "WM_NAME: $wm"
    # A stroke of land: the title says there are unsaved changes.
    xdotool mousemove --window "$win" 400 400 mousedown 1 mousemove --window "$win" 430 420 \
        mousemove --window "$win" 460 430 mouseup 1
    dirty() { xprop -id "$win" _NET_WM_NAME | grep -qF "= \"*$want\""; }
    wait_for $((3 * slow)) dirty && ok "an edit puts * in front of the title" || no "no *: $(xprop -id "$win" _NET_WM_NAME)"
    # Play this map (the Map settings panel's button): the game starts on
    # a copy with the stroke; the user's file is not written.
    xdotool mousemove --window "$win" 882 319 click 1
    gp=""
    # The editor's child called shoal, from /proc (fields: pid (comm) state ppid).
    playing() {
        local f c comm st pp
        for f in /proc/[0-9]*/stat; do
            read -r c comm st pp _ 2>/dev/null <"$f" || continue
            [ "$pp" = "$pid" ] && [ "$comm" = "(shoal)" ] && gp=$c && return 0
        done
        return 1
    }
    if wait_for $((10 * slow)) playing; then
        pids+=("$gp")
        args=$(tr '\0' ' ' </proc/"$gp"/cmdline)
        copy=$(sed -n 's/.*--skirmish --map \([^ ]*\).*/\1/p' <<<"$args")
        case "$copy" in
        */shoal-play-*/channel-isles.png) ok "Play this map starts shoal --skirmish on a temp copy" ;;
        *) no "the game was started as: $args" ;;
        esac
        # Found afresh on every try, and read with its errors kept out: an
        # accelerated renderer makes SDL destroy the game's first window
        # and open another of the same title (CI's make tsan read the
        # first just as it went, BadWindow).
        gt=""
        gwant="_NET_WM_NAME(UTF8_STRING) = \"$(printf 'shoal \xE2\x80\x94 Channel Isles')\""
        game_titled() {
            local w
            w=$(window_of "$gp")
            [ -n "$w" ] && gt=$(xprop -id "$w" _NET_WM_NAME 2>/dev/null) && [ "$gt" = "$gwant" ]
        }
        if wait_for $((20 * slow)) game_titled; then
            ok "the game's window opens on the map, its title whole"
        elif [ -n "$gt" ]; then
            no "the game's title: $gt"
        else
            no "the game opened no window: $(head -c 300 "$T/editor.err")"
        fi
        [ -s "$copy" ] && ! cmp -s "$copy" "$user" && ok "the copy holds the unsaved stroke" ||
            no "the copy is missing or lacks the stroke"
        cmp -s "$user" "$T/user-before.png" && ok "the user's map file is untouched" || no "Play wrote the user's file"
        kill -TERM "$gp"
        # (The editor removes the copy once it has reaped the game.)
        gone() { [ ! -e "$copy" ]; }
        wait_for $((20 * slow)) gone && ok "the copy goes when the game ends" || no "the copy stays: $copy"
    else
        no "Play this map started no game: $(head -c 300 "$T/editor.err")"
    fi
    # Ctrl+G: the Generate panel opens and a question comes; Cancel
    # leaves the map (and its name) alone; Generate replaces it.
    # (The editor asks and answers as it handles the keys: a frame after
    # them shows the question, or the answer done.)
    xdotool windowfocus "$win"
    point 300 300
    key ctrl+g
    shot "$T/ed-gen.png" && dialog_shown "$T/ed-gen.png" && ok "Ctrl+G asks first" ||
        no "Ctrl+G asked nothing"
    key Escape
    dirty && ok "Cancel: the map keeps its name" || no "Cancel still generated: $(xprop -id "$win" _NET_WM_NAME)"
    key ctrl+g
    key Return
    renamed() { ! xprop -id "$win" _NET_WM_NAME | grep -q "Channel Isles"; }
    wait_for $((10 * slow)) renamed && ok "Generate replaces the map ($(xprop -id "$win" _NET_WM_NAME | sed 's/.*= //'))" ||
        no "Generate did nothing"
    kill -KILL "$pid"
    wait "$pid" 2>/dev/null
else
    no "no editor window: $(head -c 300 "$T/editor.err")"
fi

e2e_done e2e_safety
