#!/usr/bin/env bash
# e2e_sealife: the sea on screen, headless. --compare-sea-life prints its
# table and shows the sea costing the main thread nothing when switched
# off; fish drawn in a screenshot change water pixels only; the picture
# is the same for any thread count; --bench-batch reports its medians.
# Usage: tests/e2e_sealife.sh BUILD_DIR
set -u
BIN="${1:-build}/shoal"
PY=/usr/bin/python3
tmp=$(mktemp -d /tmp/shoal-sealife-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
export SDL_AUDIODRIVER=dummy
pass=0
fail=0

# The light profile of the sanitizer runs: fewer frames and fish, the
# same checks (20,000 fish are still 80,000 vertices in one draw call).
frames=40 many=50000 batch=20000
[ "${SHOAL_TEST_LIGHT:-0}" != 0 ] && frames=5 many=20000 batch=5000

ok() { pass=$((pass + 1)); echo "ok   $1"; }
no() { fail=$((fail + 1)); echo "FAIL $1"; }

# A 640x400 map drawn here, so its mask is known exactly: two islands and
# a strip of coast along the top, on open water.
map="$tmp/isles.png"
"$PY" - "$map" <<'PYEOF'
import math, sys, numpy as np
from PIL import Image
ys, xs = np.mgrid[0:400, 0:640].astype(float)
disk = (xs - 200) ** 2 + (ys - 180) ** 2 <= 70 ** 2
t = math.radians(20)  # an ellipse 90 x 45 px, turned by 20 degrees
u = (xs - 470) * math.cos(t) + (ys - 260) * math.sin(t)
v = -(xs - 470) * math.sin(t) + (ys - 260) * math.cos(t)
oval = (u / 90) ** 2 + (v / 45) ** 2 <= 1
strip = ys <= 12
Image.fromarray(np.where(disk | oval | strip, 255, 0).astype(np.uint8)).save(sys.argv[1])
PYEOF
# specks(mask): the 8-connected groups of True pixels, each as (width,
# height) of its bounding box; the picture checks below exec this file.
cat >"$tmp/specks.py" <<'PYEOF'
def specks(mask):
    import numpy as np
    todo = set(zip(*np.nonzero(mask)))
    found = []
    while todo:
        stack = [todo.pop()]
        y0 = y1 = stack[0][0]
        x0 = x1 = stack[0][1]
        while stack:
            y, x = stack.pop()
            y0, y1, x0, x1 = min(y0, y), max(y1, y), min(x0, x), max(x1, x)
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    if (y + dy, x + dx) in todo:
                        todo.remove((y + dy, x + dx))
                        stack.append((y + dy, x + dx))
        found.append((x1 - x0 + 1, y1 - y0 + 1))
    return found
PYEOF

# --- the comparison table -------------------------------------------------
if "$BIN" --map "$map" --size 640x400 --compare-sea-life --frames 20 >"$tmp/table" 2>"$tmp/err"; then
    ok "--compare-sea-life runs"
else
    no "--compare-sea-life: exit $? ($(head -c 300 "$tmp/err"))"
fi
cat "$tmp/table"
if "$PY" - "$tmp/table" <<'PYEOF'; then ok "table: sea life off costs the main thread less"; else no "table"; fi
import sys
lines = open(sys.argv[1]).read().splitlines()
head = next(l for l in lines if "frame ms" in l)
for col in ("frame ms", "sea main ms", "sea workers ms", "bake ms", "draw calls", "fish calls"):
    assert col in head, f"no column {col!r} in {head!r}"
def row(name):
    l = next(l for l in lines if l.startswith(name))
    return [float(v) for v in l[len(name):].split()]
on, off = row("sea life on"), row("sea life off")
assert len(on) == len(off) == 8, (on, off)
frame, main, upload, work, bake, calls, fish, sharks = range(8)
assert off[main] < on[main], f"sea main ms: off {off[main]} not below on {on[main]}"
assert off[main] == 0 and off[work] == 0 and off[bake] == 0, off
assert on[main] > 0 and on[work] > 0, on
# One draw call for the whole school; none while it is switched off.
assert on[fish] == 1 and off[fish] == 0, (on[fish], off[fish])
assert on[calls] > off[calls], (on[calls], off[calls])
PYEOF

# One call for the school at any size, 50 fish or 50,000.
for n in 50 "$many"; do
    "$BIN" --map "$map" --size 640x400 --compare-sea-life --frames 3 --fish "$n" >"$tmp/t$n" 2>&1
    calls=$(awk '/^sea life on/ {print $(NF-1)}' "$tmp/t$n")
    if [ "$calls" = "1" ]; then ok "$n fish: one draw call"; else no "$n fish: $calls fish calls"; fi
done

# --- fish change water pixels only ----------------------------------------
# The view shows the map 1:1 from its origin (a 640x400 view of a 640x400
# map fits it at zoom 1), so pixel (x, y) of the picture is map pixel
# (x, y). No overlays: the picture is the world alone.
shot() { "$BIN" --map "$map" --size 640x400 --ui none --screenshot "$@" 2>"$tmp/err"; }
if shot "$tmp/fish.png" --frames "$frames" --fish 3000 --sharks 4 &&
    shot "$tmp/none.png" --frames "$frames" --fish 3000 --sharks 4 --sea-life off; then
    ok "screenshots with and without sea life"
else
    no "screenshots: $(head -c 300 "$tmp/err")"
fi
if msg=$("$PY" - "$tmp/fish.png" "$tmp/none.png" "$map" "$tmp/specks.py" 2>&1 <<'PYEOF'
import sys, numpy as np
from PIL import Image
exec(open(sys.argv[4]).read())
a = np.asarray(Image.open(sys.argv[1]).convert("RGB")).astype(int)
b = np.asarray(Image.open(sys.argv[2]).convert("RGB")).astype(int)
mask = np.asarray(Image.open(sys.argv[3]).convert("L"))
assert a.shape[:2] == b.shape[:2] == mask.shape, (a.shape, b.shape, mask.shape)
land = mask >= 128  # the map colour rule: light pixels are land
diff = np.abs(a - b).sum(axis=2) > 0
# The fish are there: thousands of pixels, in many separate specks.
assert diff.sum() > 5000, f"only {diff.sum()} pixels show fish"
n = len(specks(diff))
assert n > 200, f"only {n} separate specks of fish"
bad = diff & land
if bad.any():
    ys, xs = np.nonzero(bad)
    sys.exit(f"{bad.sum()} land pixels changed, e.g. {list(zip(xs[:5], ys[:5]))}")
PYEOF
); then ok "fish only over water"; else no "fish only over water: $msg"; fi

# Switched off, the sea draws nothing: the same picture as no fish at all.
shot "$tmp/empty.png" --frames "$frames" --fish 0 --sharks 0
if cmp -s "$tmp/empty.png" "$tmp/none.png"; then ok "sea life off draws no fish"; else no "sea life off draws something"; fi

# The sea is deterministic for any thread count, and so is its picture.
shot "$tmp/t1.png" --frames "$frames" --fish 3000 --sharks 4 --threads 1
SHOAL_THREADS=2 shot "$tmp/t2.png" --frames "$frames" --fish 3000 --sharks 4
if cmp -s "$tmp/t1.png" "$tmp/fish.png" && cmp -s "$tmp/t2.png" "$tmp/fish.png"; then
    ok "same picture with 1, 2 and the default threads"
else
    no "pictures differ between thread counts"
fi

# Zoomed in on a fish-filled spot, sprites are drawn big, not as dots.
shot "$tmp/zoom.png" --frames "$frames" --fish 3000 --sharks 0 --zoom 6 --center 320,330
shot "$tmp/zoom0.png" --frames "$frames" --fish 3000 --sharks 0 --zoom 6 --center 320,330 --sea-life off
if msg=$("$PY" - "$tmp/zoom.png" "$tmp/zoom0.png" "$tmp/specks.py" 2>&1 <<'PYEOF'
import sys, numpy as np
from PIL import Image
exec(open(sys.argv[3]).read())
a, b = (np.asarray(Image.open(p).convert("RGB")).astype(int) for p in sys.argv[1:3])
found = specks(np.abs(a - b).sum(axis=2) > 30)
big = [s for s in found if s[0] >= 20 or s[1] >= 20]
assert len(big) >= 3, f"{len(big)} fish drawn 20 px or larger at zoom 6 ({len(found)} specks)"
PYEOF
); then ok "zoomed fish are sprites"; else no "zoomed fish: $msg"; fi

# --- the bake benchmark ----------------------------------------------------
if "$BIN" --map "$map" --bench-batch --fish "$batch" --frames 5 >"$tmp/bench" 2>"$tmp/err" &&
    grep -q "vertex bake, alone" "$tmp/bench" && grep -q "last stage of a sea step" "$tmp/bench"; then
    ok "--bench-batch"
else
    no "--bench-batch: $(cat "$tmp/bench" "$tmp/err" | head -c 300)"
fi

echo "e2e_sealife: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
