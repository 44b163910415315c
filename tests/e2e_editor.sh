#!/usr/bin/env bash
# e2e_editor: shoal-editor driven end to end with no display (SDL's dummy
# video driver and --script): painting lands exactly where painted, save
# and reopen, undo/redo, a failing save that leaves the file intact, the
# unsaved-changes question, the autosave and its restore, spawns and
# validation, generate, flags and bad input. Usage: tests/e2e_editor.sh BUILD
set -u
BUILD="${1:-build}"
BIN="$BUILD/shoal-editor"
MAPBIN="$BUILD/shoal-map"
PY=/usr/bin/python3
. "$(dirname "$0")/lib_e2e.sh"

# expect_bad NAME NEEDLE ARGS...: exit 2, exactly one stderr line holding
# NEEDLE, nothing on stdout.
expect_bad() {
    local name=$1 needle=$2
    shift 2
    "$BIN" "$@" >"$T/out" 2>"$T/err"
    local rc=$?
    if [ $rc -eq 2 ] && [ "$(wc -l <"$T/err")" -eq 1 ] && grep -qF -- "$needle" "$T/err" &&
        [ ! -s "$T/out" ]; then
        ok "$name"
    else
        no "$name (rc=$rc, stderr: $(head -c 300 "$T/err"))"
    fi
}

# run_script NAME SCRIPT ARGS...: run the editor on a script, its panels
# hidden (Tab) so map coordinates are never under one; stdout to
# $T/NAME.out, stderr to $T/NAME.err; returns its exit code.
run_script() {
    local name=$1 script=$2
    shift 2
    printf 'key tab\n%s\n' "$script" >"$T/$name.txt"
    "$BIN" --size 800x600 --script "$T/$name.txt" "$@" >"$T/$name.out" 2>"$T/$name.err"
}

# field NAME KEY [LINE]: a key=value from the LINE-th `print` (default last).
field() {
    local f=$T/$1.out
    local line
    if [ -n "${3:-}" ]; then line=$(sed -n "${3}p" "$f"); else line=$(tail -n 1 "$f"); fi
    printf '%s\n' "$line" | sed -n "s/.* $2=\([^ ]*\).*/\1/p; s/^$2=\"\([^\"]*\)\".*/\1/p" | head -1
}

# ------------------------------------------------------------ flags, input
"$BIN" --help >"$T/h" 2>&1 && grep -q "usage: shoal-editor" "$T/h" && grep -q -- "--script" "$T/h" &&
    ok "--help exits 0 with the usage" || no "--help"
"$BIN" --version | grep -q "^shoal-editor " && ok "--version" || no "--version"
expect_bad "unknown flag" "--frobnicate" --frobnicate
expect_bad "flag missing its value" "--size: missing value" --size
expect_bad "bad window size" "--size" --size 10x10
expect_bad "bad overlay list" "--overlays" --overlays heat,fog
expect_bad "bad autosave interval" "--autosave" --autosave -5
expect_bad "--frames without --screenshot" "--frames" --frames 3
expect_bad "two starting maps" "one of" --new 64x64 --seed 3
expect_bad "missing map file" "$T/nope.png" "$T/nope.png"
printf 'not a png at all\n' >"$T/bad.png"
expect_bad "bad map file" "$T/bad.png" "$T/bad.png"
expect_bad "missing script" "$T/none.txt" --script "$T/none.txt"
printf 'wait 1\nklick 3 4\n' >"$T/typo.txt"
expect_bad "bad script line" "typo.txt:2: unknown command 'klick'" --script "$T/typo.txt"
printf 'key ctrl+nosuchkey\n' >"$T/typo2.txt"
expect_bad "bad key in a script" "unknown key" --script "$T/typo2.txt"

# -------------------------------------------------------------- screenshot
"$MAPBIN" gen --seed 3 --size 400x300 --land 0 --islands 0 -o "$T/sea.png" >/dev/null
cp "$T/sea.png" "$T/sea-orig.png"
cp "$T/sea.ini" "$T/sea-orig.ini"
if "$BIN" "$T/sea.png" --size 640x400 --overlays all --screenshot "$T/shot.png" 2>"$T/shot.err" &&
    $PY - "$T/shot.png" <<'EOF'; then
import sys, numpy as np
from PIL import Image
im = np.asarray(Image.open(sys.argv[1]).convert("RGB"))
assert im.shape[:2] == (400, 640), "wrong size"
assert len({tuple(p) for p in im.reshape(-1, 3)[::97]}) > 20, "flat picture"
EOF
    ok "--screenshot writes a PNG of the window size"
else
    no "--screenshot ($(head -c 300 "$T/shot.err"))"
fi

# ------------------------------------------------- paint, save, reopen
# A land stroke on an all-water map, brush 8, from (100,150) to (300,150)
# in map pixels; Ctrl+S; then the file must differ exactly along it.
run_script paint "coords map
print
drag 100 150 300 150
wait 1
print
key ctrl+s
wait 1
print" "$T/sea.png"
[ "$(field paint dirty 2)" = 1 ] && [ "$(field paint undo 2)" = 1 ] && ok "a stroke makes one undo step and a dirty map" ||
    no "stroke state: $(sed -n 2p "$T/paint.out")"
grep -q '^title="\*sea.png' <(sed -n 2p "$T/paint.out") && ok "the title carries '*' while unsaved" ||
    no "title mark: $(sed -n 2p "$T/paint.out")"
[ "$(field paint dirty)" = 0 ] && grep -q 'status="Saved ' "$T/paint.out" && ok "Ctrl+S saves and clears the mark" ||
    no "Ctrl+S: $(tail -n 1 "$T/paint.out") $(cat "$T/paint.err")"
if n=$($PY - "$T/sea-orig.png" "$T/sea.png" <<'EOF'

import sys, numpy as np
from PIL import Image
def land(p):
    im = np.asarray(Image.open(p).convert("RGB"))
    r, g, b = [im[:, :, i].astype(int) for i in range(3)]
    return (77 * r + 150 * g + 29 * b) // 256 >= 128
a, b = land(sys.argv[1]), land(sys.argv[2])
assert not a.any(), "the original has land"
ys, xs = np.mgrid[0:a.shape[0], 0:a.shape[1]]
cx, cy = xs + 0.5, ys + 0.5
# Distance from each pixel centre to the segment (100,150)-(300,150).
dx = np.where(cx < 100, 100 - cx, np.where(cx > 300, cx - 300, 0))
d = np.hypot(dx, cy - 150)
must, may = d <= 3.5, d <= 5.5
changed = a != b
assert changed[must].all(), "a pixel under the stroke was not painted"
assert not changed[~may].any(), "a pixel away from the stroke changed: %s" % (np.argwhere(changed & ~may)[:3],)
assert b[changed].all(), "the stroke painted water"
print(int(changed.sum()))
EOF
); then
    ok "the saved PNG differs from the original exactly along the stroke ($n px)"
else
    no "saved pixels"
fi
run_script reopen "print" "$T/sea.png"
[ "$(field reopen dirty)" = 0 ] && [ "$(field reopen dialog)" = none ] && [ "$(field reopen map)" = 400x300 ] &&
    ok "the saved map reopens clean (no recovery offered)" || no "reopen: $(cat "$T/reopen.out" "$T/reopen.err")"
"$MAPBIN" info "$T/sea.png" | grep -q "islands: *1" && ok "shoal-map reads the saved map (one island)" ||
    no "shoal-map info on the saved map"
cmp -s "$T/sea.ini" "$T/sea-orig.ini" && ok "the sidecar keeps its settings" || no "sidecar changed"

# A press on a panel belongs to the panel: it never paints the map below.
printf 'drag 60 200 300 200\nwait 1\nprint\n' >"$T/panel.txt"
"$BIN" --size 800x600 --script "$T/panel.txt" "$T/sea.png" >"$T/panel.out" 2>&1
[ "$(field panel undo)" = 0 ] && [ "$(field panel dirty)" = 0 ] && ok "a drag that starts on a panel does not paint" ||
    no "panel drag: $(cat "$T/panel.out")"

# ------------------------------------------------------------ undo / redo
cp "$T/sea-orig.png" "$T/u.png"
cp "$T/sea-orig.ini" "$T/u.ini"
run_script undo "coords map
drag 50 50 120 200
wait 1
keydown shift
click 350 250
keyup shift
wait 1
print
key ctrl+z
wait 1
print
key ctrl+z
wait 1
print
key ctrl+y
wait 1
print
key ctrl+shift+z
wait 1
print
key ctrl+z
key ctrl+z
wait 1
key ctrl+shift+s
type -2
key return
wait 1
print" "$T/u.png"
[ "$(field undo undo 1)" = 2 ] && ok "Shift+click draws a line as its own step" || no "line step: $(sed -n 1p "$T/undo.out")"
[ "$(field undo undo 2)" = 1 ] && [ "$(field undo redo 2)" = 1 ] && [ "$(field undo dirty 3)" = 0 ] &&
    ok "Ctrl+Z undoes back to the clean state" || no "undo: $(sed -n 2,3p "$T/undo.out")"
[ "$(field undo undo 4)" = 1 ] && [ "$(field undo undo 5)" = 2 ] && ok "Ctrl+Y and Ctrl+Shift+Z redo" ||
    no "redo: $(sed -n 4,5p "$T/undo.out")"
if [ -f "$T/u.png-2.png" ] && $PY - "$T/sea-orig.png" "$T/u.png-2.png" <<'EOF'; then
import sys, numpy as np
from PIL import Image
a, b = (np.asarray(Image.open(p).convert("RGB")) for p in sys.argv[1:3])
assert a.shape == b.shape and (a == b).all()
EOF
    ok "after undoing everything the saved pixels equal the original"
else
    no "undone save ($(ls "$T"))"
fi

# ---------------------------------------- a failing save keeps the file
cp "$T/sea-orig.png" "$T/f.png"
cp "$T/sea-orig.ini" "$T/f.ini"
mkdir "$T/dir.png"
run_script failsave "coords map
drag 60 60 200 60
wait 1
key ctrl+shift+s
key ctrl+u
type $T/no/such/folder/x.png
key return
wait 1
print
key return
key ctrl+shift+s
key ctrl+u
type $T/dir.png
key return
wait 1
key r
wait 1
print
key return
wait 1
print" "$T/f.png"
[ "$(field failsave dialog 1)" = "Could" ] && grep -q "$T/no/such/folder/x" "$T/failsave.err" &&
    ok "Save As into a missing folder reports the error" || no "failed save report: $(cat "$T/failsave.out" "$T/failsave.err")"
[ "$(field failsave dialog 2)" = "Could" ] && ok "Save As onto a folder reports the error" ||
    no "save onto a folder: $(sed -n 2p "$T/failsave.out")"
[ "$(field failsave dirty 3)" = 1 ] && ok "after failed saves the work is still unsaved" || no "dirty after failure"
cmp -s "$T/f.png" "$T/sea-orig.png" && cmp -s "$T/f.ini" "$T/sea-orig.ini" && [ ! -e "$T/no" ] &&
    ok "the original file is untouched" || no "original changed by a failed save"
# Ctrl+S onto the map itself while its sidecar path is a folder: the save
# fails and the PNG on disk stays as it was.
# The folder appears once the map is open (a sidecar folder would stop
# the load itself): the script waits for it.
cp "$T/sea-orig.png" "$T/g.png"
cp "$T/sea-orig.ini" "$T/g.ini"
(
    if wait_for $((20 * slow)) test -e "$T/g-ready.png"; then
        rm "$T/g.ini" && mkdir "$T/g.ini" && touch "$T/g-go"
    else
        echo "  (waited $((20 * slow)) s for the editor's $T/g-ready.png)"
    fi
) &
run_script failsave2 "coords map
drag 60 60 200 60
wait 1
screenshot $T/g-ready.png
wait_file $T/g-go
key ctrl+s
wait 1
print" "$T/g.png"
wait
[ "$(field failsave2 dialog)" = "Could" ] && cmp -s "$T/g.png" "$T/sea-orig.png" && [ -s "$T/failsave2.err" ] &&
    ok "a failed Ctrl+S leaves the map's PNG intact and says why" ||
    no "failed Ctrl+S: $(cat "$T/failsave2.out" "$T/failsave2.err")"

# ------------------------------------------------ unsaved changes on quit
cp "$T/sea-orig.png" "$T/q.png"
cp "$T/sea-orig.ini" "$T/q.ini"
run_script quit "coords map
drag 60 60 200 60
wait 1
quit
wait 1
print
key escape
wait 1
print
quit
wait 1
key d
wait 1
print
wait 5
print" "$T/q.png"
rc=$?
[ "$(field quit dialog 1)" = "Unsaved" ] && ok "closing with unsaved changes asks first" || no "quit question: $(sed -n 1p "$T/quit.out")"
[ "$(field quit dialog 2)" = "none" ] && [ "$(field quit dirty 2)" = 1 ] && ok "Cancel keeps editing" ||
    no "cancel: $(sed -n 2p "$T/quit.out")"
[ $rc -eq 0 ] && [ "$(wc -l <"$T/quit.out")" -eq 2 ] && cmp -s "$T/q.png" "$T/sea-orig.png" &&
    ok "Discard closes without writing" || no "discard (rc=$rc): $(cat "$T/quit.out")"
run_script quitsave "coords map
drag 60 60 200 60
wait 1
quit
wait 1
key s
wait 1
print" "$T/q.png"
[ ! -s "$T/quitsave.out" ] && ! cmp -s "$T/q.png" "$T/sea-orig.png" && ok "Save in the question saves, then closes" ||
    no "save on quit: $(cat "$T/quitsave.out")"

# ------------------------------------------------ autosave and recovery
cp "$T/sea-orig.png" "$T/r.png"
cp "$T/sea-orig.ini" "$T/r.ini"
run_script crash "coords map
drag 40 250 360 250
wait 90
print" "$T/r.png" --autosave 1
rec=$(ls "$XDG_DATA_HOME"/shoal/recovery/r-*.png 2>/dev/null | head -1)
[ -n "$rec" ] && [ -f "${rec%.png}.ini" ] && grep -q "Autosaved" "$T/crash.out" &&
    ok "unsaved work is autosaved to the recovery folder" || no "autosave: $(cat "$T/crash.out") $(ls -R "$XDG_DATA_HOME")"
run_script restore "print
key r
wait 1
print
key ctrl+z
wait 1
print" "$T/r.png"
[ "$(field restore dialog 1)" = "Recover" ] && ok "the next start offers the recovery copy" ||
    no "restore offer: $(sed -n 1p "$T/restore.out")"
[ "$(field restore dirty 2)" = 1 ] && [ "$(field restore undo 2)" = 1 ] && [ "$(field restore dirty 3)" = 0 ] &&
    ok "Restore brings the work back as an undoable step" || no "restore: $(cat "$T/restore.out")"
run_script discard "key d
wait 1
print" "$T/r.png"
[ -z "$(ls "$XDG_DATA_HOME"/shoal/recovery/r-*.png 2>/dev/null)" ] && [ "$(field discard dirty)" = 0 ] &&
    ok "Discard deletes the recovery copy" || no "discard recovery"

# ------------------------------------- spawns, validation, mirror, fill
cp "$T/sea-orig.png" "$T/v.png"
printf 'name = V\nhex_size = 24\n' >"$T/v.ini"
# Hexes of size 24: (2,2) has its centre at (145.5, 96), (6,3) at
# (332.6, 132) (hex.h: x = 24 (sqrt 3 (q + r/2) + sqrt 3 / 2), y = 24 (1.5 r + 1)).
run_script spawns "coords map
key v
wait 1
print
key 1
click 145.5 96
key 2
click 332.6 132
wait 1
key v
wait 1
print
key 2
click 332.6 132
wait 1
print
key b
key m
drag 20 20 60 20
wait 1
print
key f
key x
click 200 100
wait 1
print" "$T/v.png"
[ "$(field spawns findings 1)" -ge 1 ] && grep -q 'findings=' "$T/spawns.out" &&
    ok "V validates on demand (a map without spawns gets warnings)" || no "validate: $(sed -n 1p "$T/spawns.out")"
[ "$(field spawns spawns 2)" = "1,1" ] && [ "$(field spawns errors 2)" = 0 ] &&
    ok "the spawn tools place fleet 1 and fleet 2 hexes; the map validates" || no "spawns: $(sed -n 2p "$T/spawns.out")"
[ "$(field spawns spawns 3)" = "1,0" ] && ok "clicking a spawn hex again removes it" || no "spawn removal: $(sed -n 3p "$T/spawns.out")"
[ "$(field spawns mirror 4)" = 1 ] && ok "M turns mirror painting on" || no "mirror"
[ "$(field spawns tool 5)" = fill ] && [ "$(field spawns value 5)" = water ] && ok "F and X pick fill and water" ||
    no "fill tool: $(sed -n 5p "$T/spawns.out")"

# ------------------------------------------------------------------ open
# Ctrl+O: a typed path, Tab completes it (to the .png, not its .ini), and
# with unsaved changes the editor asks before replacing the map.
mkdir "$T/sub"
"$MAPBIN" gen --seed 4 --size 200x100 --land 0.3 -o "$T/sub/open-me.png" >/dev/null
run_script open "coords map
drag 60 60 200 60
wait 1
key ctrl+o
key ctrl+u
type $T/sub/op
key tab
key return
wait 1
print
key d
wait 1
print" "$T/sea-orig.png"
[ "$(field open dialog 1)" = "Unsaved" ] && ok "opening over unsaved changes asks first" || no "open question: $(cat "$T/open.out")"
grep -q '^title="open-me.png' <(sed -n 2p "$T/open.out") && [ "$(field open map 2)" = 200x100 ] &&
    [ "$(field open dirty 2)" = 0 ] && ok "Ctrl+O with Tab completion opens the map" ||
    no "open: $(cat "$T/open.out" "$T/open.err")"

# ------------------------------------------------------------- generate
# Ctrl+G asks first (it replaces the whole map); Enter answers Generate.
run_script gen "key ctrl+g
wait 1
print
key return
wait 1
print
key ctrl+z
wait 1
print" --new 64x48
[ "$(field gen dialog 1)" = "Generate" ] && [ "$(field gen undo 1)" = 0 ] &&
    ok "Ctrl+G asks before generating" || no "Ctrl+G question: $(sed -n 1p "$T/gen.out")"
[ "$(field gen map 2)" = 64x48 ] && [ "$(field gen undo 2)" = 1 ] && [ "$(field gen dirty 2)" = 1 ] &&
    [ "$(field gen map 3)" = 64x48 ] && [ "$(field gen dirty 3)" = 0 ] && ok "Ctrl+G generates undoably" ||
    no "generate: $(cat "$T/gen.out")"
run_script genbig "key ctrl+g
wait 1
key return
wait 1
print" --seed 9
[ "$(field genbig undo)" = 1 ] && ok "generate on a generated map" || no "generate 2: $(cat "$T/genbig.out")"

e2e_done e2e_editor
