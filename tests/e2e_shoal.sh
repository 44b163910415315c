#!/usr/bin/env bash
# e2e_shoal: the shoal binary end to end, headless: flags, exit codes,
# error lines, and a rendered screenshot of the requested size that shows
# more than one flat colour. Usage: tests/e2e_shoal.sh BUILD_DIR
set -u
BIN="${1:-build}/shoal"
PY=/usr/bin/python3
tmp=$(mktemp -d /tmp/shoal-e2e-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
export SDL_AUDIODRIVER=dummy
pass=0
fail=0

ok() { pass=$((pass + 1)); echo "ok   $1"; }
no() { fail=$((fail + 1)); echo "FAIL $1"; }

# expect NAME CODE [GREP] -- ARGS...: exit code CODE; stderr exactly one
# line (when CODE is 2) that contains GREP.
expect() {
    local name=$1 code=$2 grep=$3
    shift 4
    "$BIN" "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ "$rc" -ne "$code" ]; then
        no "$name: exit $rc, wanted $code ($(head -c 300 "$tmp/err"))"
        return
    fi
    if [ "$code" -eq 2 ] && [ "$(wc -l <"$tmp/err")" -ne 1 ]; then
        no "$name: wanted one line on stderr, got: $(cat "$tmp/err")"
        return
    fi
    if [ -n "$grep" ] && ! grep -qF -- "$grep" "$tmp/err"; then
        no "$name: stderr does not mention '$grep': $(cat "$tmp/err")"
        return
    fi
    ok "$name"
}

# The help and the version go to stdout and exit 0.
"$BIN" --help >"$tmp/out" 2>&1 && grep -q -- "--screenshot" "$tmp/out" && ok "--help" || no "--help"
"$BIN" --version >"$tmp/out" 2>&1 && grep -q "^shoal " "$tmp/out" && ok "--version" || no "--version"

expect "unknown flag" 2 "--bogus" -- --bogus
expect "stray argument" 2 "stray" -- stray
expect "seed not a number" 2 "--seed" -- --seed 12abc
expect "seed negative" 2 "--seed" -- --seed -3
expect "seed too big" 2 "--seed" -- --seed 4294967296
expect "seed missing value" 2 "--seed" -- --seed
expect "size malformed" 2 "--size" -- --size 800by600
expect "size too small" 2 "--size" -- --size 10x10
expect "frames zero" 2 "--frames" -- --screenshot "$tmp/x.png" --frames 0
expect "frames alone" 2 "--frames" -- --frames 5
expect "map and seed" 2 "--seed" -- --map a.png --seed 1
expect "help takes no value" 2 "--help" -- --help=yes
expect "fish negative" 2 "--fish" -- --fish -1
expect "fish too many" 2 "--fish" -- --fish 2000001
expect "sharks too many" 2 "--sharks" -- --sharks 65
expect "threads zero" 2 "--threads" -- --threads 0
expect "zoom zero" 2 "--zoom" -- --zoom 0
expect "zoom not a number" 2 "--zoom" -- --zoom big
expect "center one number" 2 "--center" -- --center 5
expect "ui mode unknown" 2 "--ui" -- --ui some
expect "sea-life not on/off" 2 "--sea-life" -- --sea-life maybe
expect "compare takes no value" 2 "--compare-sea-life" -- --compare-sea-life=yes
expect "compare and screenshot" 2 "--compare-sea-life" -- --compare-sea-life --screenshot "$tmp/x.png"

# Maps that will not load: the message names the file.
expect "missing map" 2 "$tmp/nope.png" -- --map "$tmp/nope.png"
printf 'this is not a png\n' >"$tmp/text.png"
expect "non-PNG map" 2 "$tmp/text.png" -- --map "$tmp/text.png"

# A screenshot on a shipped map (or a generated one while none ships).
map=$(ls data/maps/*.png 2>/dev/null | LC_ALL=C sort | head -n 1)
if [ -n "$map" ]; then src=(--map "$map"); else src=(--seed 5); fi
# check_png FILE W H: a readable PNG of W x H with real picture content.
check_png() {
    "$PY" - "$1" "$2" "$3" <<'PYEOF'
import sys, numpy as np
from PIL import Image
try:
    img = np.asarray(Image.open(sys.argv[1]).convert("RGB"))
except OSError as e:
    sys.exit(f"not a readable image: {e}")
h, w = img.shape[:2]
if (w, h) != (int(sys.argv[2]), int(sys.argv[3])):
    sys.exit(f"size {w}x{h}")
colours = len(np.unique(img.reshape(-1, 3), axis=0))
if colours < 50 or img.std() < 8:
    sys.exit(f"flat picture: {colours} colours, std {img.std():.1f}")
# Ocean blues must dominate the picture of a sea.
r, g, b = (img[..., i].astype(int) for i in range(3))
if (b > r).mean() < 0.4:
    sys.exit(f"only {(b > r).mean():.0%} of pixels are water-blue")
PYEOF
}
shot="$tmp/shot.png"
expect "screenshot ${src[*]}" 0 "" -- "${src[@]}" --screenshot "$shot" --size 640x400
if msg=$(check_png "$shot" 640 400 2>&1); then ok "screenshot content"; else no "screenshot content: $msg"; fi
ls "$tmp" | grep -q '\.tmp' && no "temp file left behind" || ok "no temp file left"

# Default size, generated map, more frames.
expect "screenshot --seed 7" 0 "" -- --seed 7 --screenshot "$tmp/s7.png" --frames 5
if msg=$(check_png "$tmp/s7.png" 1280 720 2>&1); then ok "default size"; else no "default size: $msg"; fi

# Same map, same picture apart from the HUD's timing figures: the map
# part of two runs is identical (with the fish, which move, switched off).
"$BIN" --seed 7 --screenshot "$tmp/s7a.png" --frames 5 --sea-life off 2>/dev/null
"$BIN" --seed 7 --screenshot "$tmp/s7b.png" --frames 1 --sea-life off 2>/dev/null
if "$PY" - "$tmp/s7a.png" "$tmp/s7b.png" <<'PYEOF'; then ok "deterministic terrain"; else no "deterministic terrain"; fi
import sys, numpy as np
from PIL import Image
a, b = (np.asarray(Image.open(p).convert("RGB")) for p in sys.argv[1:3])
sys.exit(0 if (a[60:] == b[60:]).all() else 1)
PYEOF

# The sea is deterministic too: without overlays, two runs of the same
# frames are the same picture, fish and all.
"$BIN" --seed 7 --screenshot "$tmp/f1.png" --frames 8 --ui none --size 320x200 2>/dev/null
"$BIN" --seed 7 --screenshot "$tmp/f2.png" --frames 8 --ui none --size 320x200 2>/dev/null
if cmp -s "$tmp/f1.png" "$tmp/f2.png"; then ok "deterministic sea"; else no "deterministic sea"; fi

# --zoom and --center place the opening view: at zoom 4 on a map point,
# the middle of the picture shows that point of the map (land stays land).
"$PY" - "$tmp/isle.png" <<'PYEOF'
import sys, numpy as np
from PIL import Image
img = np.zeros((300, 400), np.uint8)
img[120:180, 180:240] = 255  # a 60x60 px island
Image.fromarray(img).save(sys.argv[1])
PYEOF
expect "zoomed view" 0 "" -- --map "$tmp/isle.png" --size 320x200 --ui none --sea-life off \
    --zoom 4 --center 210,150 --screenshot "$tmp/zoom.png" --frames 1
if "$PY" - "$tmp/zoom.png" <<'PYEOF'; then ok "--zoom and --center"; else no "--zoom and --center"; fi
import sys, numpy as np
from PIL import Image
img = np.asarray(Image.open(sys.argv[1]).convert("RGB")).astype(int)
r, g, b = img[..., 0], img[..., 1], img[..., 2]
land = r > b
# The 60x60 px island fills 240x240 output px around the centre: the
# middle is land, the left and right edges of the view are water.
assert land[60:140, 100:220].all(), "centre is not land"
assert not land[:, :30].any() and not land[:, -30:].any(), "edges are not water"
PYEOF

# With neither --map nor --seed the first shipped map by name is played:
# a data dir whose first map is good and whose second is junk starts fine,
# and the other way round fails naming the junk file.
data="$tmp/data"
mkdir -p "$data/maps"
ln -s "$(pwd)/data/fonts" "$data/fonts"
ln -s "$(pwd)/data/sprites" "$data/sprites"
"$PY" - "$data/maps/a_first.png" <<'PYEOF'
import sys, numpy as np
from PIL import Image
ys, xs = np.mgrid[0:120, 0:160]
img = np.where((xs - 80) ** 2 + (ys - 60) ** 2 <= 30 ** 2, 255, 0).astype(np.uint8)
Image.fromarray(img).save(sys.argv[1])
PYEOF
printf 'junk' >"$data/maps/b_second.png"
SHOAL_DATA="$data" expect "default map is the first by name" 0 "" -- --screenshot "$tmp/d.png" --frames 1
mv "$data/maps/b_second.png" "$data/maps/0_junk.png"
SHOAL_DATA="$data" expect "broken first map" 2 "0_junk.png" -- --screenshot "$tmp/d.png" --frames 1
# No maps at all: a generated sea.
rm "$data/maps/"*
SHOAL_DATA="$data" expect "no shipped maps" 0 "" -- --screenshot "$tmp/d.png" --frames 1
if msg=$(check_png "$tmp/d.png" 1280 720 2>&1); then ok "generated default"; else no "generated default: $msg"; fi

# A data dir without the sprites fails at start, naming the missing file.
rm "$data/sprites"
SHOAL_DATA="$data" expect "missing sprites" 1 "sprites/fish.ini" -- --screenshot "$tmp/d.png" --frames 1

# An unwritable output is a runtime failure naming the file.
expect "unwritable screenshot" 1 "$tmp/no/dir/x.png" -- --seed 3 --screenshot "$tmp/no/dir/x.png"

echo "e2e_shoal: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
