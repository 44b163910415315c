#!/usr/bin/env bash
# e2e_skirmish: the skirmish end to end, headless — `shoal --autoplay`
# prints one JSON outcome, the same seed gives the same battle, seeds
# differ, shipped maps work, bad values exit 2 with one line; and a battle
# screenshot (`--skirmish --screenshot`) renders at the size asked for and
# shows ships. Usage: tests/e2e_skirmish.sh BUILD_DIR
set -u
BIN="${1:-build}/shoal"
PY=/usr/bin/python3
tmp=$(mktemp -d /tmp/shoal-skirmish-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
export SDL_AUDIODRIVER=dummy
# Never read or write the real player's settings and saves.
export HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/config" XDG_DATA_HOME="$tmp/home/data"
pass=0
fail=0

ok() { pass=$((pass + 1)); echo "ok   $1"; }
no() { fail=$((fail + 1)); echo "FAIL $1"; }

# The JSON object has every field, with per-side pairs that add up.
check_json() {
    "$PY" - "$1" <<'EOF'
import json, sys
o = json.loads(open(sys.argv[1]).read())
assert isinstance(o, dict), "not an object"
for k in ("seed", "map", "winner", "turns", "turn_limit"):
    assert k in o, "no " + k
assert o["winner"] in ("A", "B", "draw"), o["winner"]
assert 1 <= o["turns"] <= o["turn_limit"], (o["turns"], o["turn_limit"])
for k in ("ships", "sunk", "struck", "broadsides", "shots", "hits", "damage", "points"):
    v = o[k]
    assert isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and x >= 0 for x in v), k
for s in (0, 1):
    assert o["sunk"][s] + o["struck"][s] <= o["ships"][s], "more ships lost than sailed"
    assert o["hits"][s] <= o["shots"][s], "more hits than shots"
# A side wins by taking every enemy, or on points at the turn limit.
if o["winner"] != "draw":
    w = "AB".index(o["winner"]); l = 1 - w
    gone = o["sunk"][l] + o["struck"][l] == o["ships"][l]
    assert gone or (o["turns"] == o["turn_limit"] and o["points"][w] > o["points"][l]), "winner?"
EOF
}

# --- autoplay -------------------------------------------------------------
if "$BIN" --autoplay --ai-vs-ai --seed 11 --json >"$tmp/a1" 2>"$tmp/err"; then
    [ "$(wc -l <"$tmp/a1")" -eq 1 ] && ok "autoplay prints one line" ||
        no "autoplay printed $(wc -l <"$tmp/a1") lines"
    if check_json "$tmp/a1" 2>"$tmp/pyerr"; then ok "autoplay JSON has winner, turns, sunk, struck, shots, hits"
    else no "autoplay JSON: $(tail -1 "$tmp/pyerr"): $(cat "$tmp/a1")"; fi
    grep -q '"seed":11' "$tmp/a1" && ok "the JSON names the seed" || no "seed missing: $(cat "$tmp/a1")"
else
    no "autoplay failed: $(cat "$tmp/err")"
fi

"$BIN" --autoplay --ai-vs-ai --seed 11 --json >"$tmp/a2" 2>/dev/null
cmp -s "$tmp/a1" "$tmp/a2" && ok "the same seed twice: identical outcome" ||
    no "seed 11 twice differs: $(cat "$tmp/a1") / $(cat "$tmp/a2")"

# Different seeds are different battles (different seas and dice): over a
# few seeds at least two outcomes differ beyond the seed field itself.
distinct=$(for s in 1 2 3 4; do
    "$BIN" --autoplay --seed "$s" --turns 30 --json 2>/dev/null | sed 's/"seed":[0-9]*,"map":"[^"]*",//'
done | sort -u | wc -l)
[ "$distinct" -ge 2 ] && ok "different seeds give different battles ($distinct of 4 distinct)" ||
    no "4 seeds gave $distinct distinct outcomes"

# A shipped map, and the turn limit honoured.
map=$(ls data/maps/*.png | head -1)
if "$BIN" --autoplay --ai-vs-ai --seed 5 --map "$map" --turns 12 --json >"$tmp/m" 2>"$tmp/err" &&
    check_json "$tmp/m" 2>/dev/null; then
    name=$(sed -n 's/^name *= *//p' "${map%.png}.ini" | head -1)
    if [ -n "$name" ] && ! grep -qF "\"map\":\"$name\"" "$tmp/m"; then
        no "--map $map: JSON names another map: $(cat "$tmp/m")"
    else
        ok "--map $(basename "$map") plays"
    fi
    "$PY" -c 'import json,sys; o=json.load(open(sys.argv[1])); assert o["turn_limit"]==12 and o["turns"]<=12' \
        "$tmp/m" && ok "--turns 12 is the turn limit" || no "--turns ignored: $(cat "$tmp/m")"
else
    no "--map $map: $(cat "$tmp/err")"
fi

# Without --json: a readable table.
"$BIN" --autoplay --seed 2 --turns 8 >"$tmp/t" 2>&1 && grep -q "^side" "$tmp/t" && grep -q "^A " "$tmp/t" &&
    ok "autoplay table" || no "autoplay table: $(cat "$tmp/t")"

# Bad values: exit 2 and exactly one line naming the flag.
expect2() {
    local name=$1 grep=$2
    shift 2
    "$BIN" "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ "$rc" -ne 2 ]; then no "$name: exit $rc, wanted 2"; return; fi
    if [ "$(wc -l <"$tmp/err")" -ne 1 ]; then no "$name: wanted one line, got: $(cat "$tmp/err")"; return; fi
    grep -qF -- "$grep" "$tmp/err" && ok "$name" || no "$name: '$grep' not in: $(cat "$tmp/err")"
}
expect2 "--turns 0 exits 2" "--turns" --autoplay --ai-vs-ai --seed 1 --turns 0 --json
expect2 "--turns abc exits 2" "--turns" --autoplay --seed 1 --turns abc
expect2 "--turns 1000 exits 2" "--turns" --autoplay --seed 1 --turns 1000
expect2 "--turns without value exits 2" "--turns" --autoplay --seed 1 --turns
expect2 "--seed -1 exits 2" "--seed" --autoplay --seed -1
expect2 "--ships 9 exits 2" "--ships" --autoplay --ships 9
expect2 "unknown autoplay flag exits 2" "--fish" --autoplay --fish 10
expect2 "missing map exits 2" "nope.png" --autoplay --map "$tmp/nope.png"
expect2 "--skirmish flag without --skirmish" "--ships" --ships 3
expect2 "--advance past the turn limit" "--advance" --skirmish --turns 5 --advance 6
expect2 "--opponent unknown" "--opponent" --skirmish --opponent robot
expect2 "--skirmish on a missing map" "nope.png" --skirmish --map "$tmp/nope.png" --screenshot "$tmp/x.png"

"$BIN" --autoplay --help >"$tmp/h" 2>&1 && grep -q -- "--json" "$tmp/h" && ok "--autoplay --help" ||
    no "--autoplay --help: $(head -3 "$tmp/h")"

# --- a battle on screen ---------------------------------------------------
size_of() { "$PY" -c 'import sys; from PIL import Image; print("%dx%d" % Image.open(sys.argv[1]).size)' "$1"; }

if "$BIN" --skirmish --seed 7 --size 800x500 --screenshot "$tmp/b.png" 2>"$tmp/err"; then
    [ -s "$tmp/b.png" ] && [ "$(size_of "$tmp/b.png")" = "800x500" ] && ok "battle screenshot is 800x500" ||
        no "battle screenshot size $(size_of "$tmp/b.png")"
else
    no "--skirmish --screenshot failed: $(cat "$tmp/err")"
fi

# The ships are where the rules put them: on a shipped map with spawn
# hexes, the battle and the plain sea (same map, same camera, no fish, no
# overlays) differ strongly right at side A's spawn hexes, where the hulls
# and sails are drawn.
cam=(--size 800x500 --zoom 2 --center 200,500 --ui none --sea-life off)
cmap=data/maps/channel-isles.png
if "$BIN" --skirmish --map "$cmap" "${cam[@]}" --screenshot "$tmp/s1.png" 2>"$tmp/err" &&
    "$BIN" --skirmish --map "$cmap" "${cam[@]}" --screenshot "$tmp/s2.png" 2>>"$tmp/err" &&
    "$BIN" --map "$cmap" "${cam[@]}" --screenshot "$tmp/sea.png" 2>>"$tmp/err"; then
    cmp -s "$tmp/s1.png" "$tmp/s2.png" && ok "battle screenshots repeat exactly" ||
        no "the same battle screenshot twice differs"
    if "$PY" - "$tmp/s1.png" "$tmp/sea.png" "${cmap%.png}.ini" <<'EOF'
import math, sys, numpy as np
from PIL import Image
a = np.asarray(Image.open(sys.argv[1]).convert("RGB")).astype(int)
b = np.asarray(Image.open(sys.argv[2]).convert("RGB")).astype(int)
meta = dict((k.strip(), v.strip()) for k, v in (l.split("=", 1) for l in open(sys.argv[3]) if "=" in l and not l.startswith("#")))
size = float(meta["hex_size"].strip())
spawns = [tuple(int(v) for v in p.split(",")) for p in meta["fleet1"].split()][:3]
diff = np.abs(a - b).sum(axis=2)
for q, r in spawns:
    wx = size * math.sqrt(3) * (q + r / 2) + size * math.sqrt(3) / 2
    wy = size * 1.5 * r + size
    sx, sy = int((wx - 200) * 2 + 400), int((wy - 500) * 2 + 250)
    box = diff[max(sy - 6, 0):sy + 7, max(sx - 6, 0):sx + 7]
    assert box.mean() > 60, "nothing drawn at hex %d,%d (%d,%d): %.1f" % (q, r, sx, sy, box.mean())
EOF
    then ok "a ship is drawn on each of side A's spawn hexes"; else no "ships not at their hexes"; fi
else
    no "battle screenshot without UI failed: $(cat "$tmp/err")"
fi

# --advance: the computer plays a few turns first; still a valid picture.
if "$BIN" --skirmish --seed 3 --opponent watch --advance 3 --size 640x400 --frames 20 \
    --screenshot "$tmp/adv.png" 2>"$tmp/err"; then
    [ "$(size_of "$tmp/adv.png")" = "640x400" ] && ok "--advance 3 renders" || no "--advance picture size"
else
    no "--advance failed: $(cat "$tmp/err")"
fi
# The menu renders headless too.
"$BIN" --menu --size 640x400 --screenshot "$tmp/menu.png" 2>"$tmp/err" && [ -s "$tmp/menu.png" ] &&
    ok "--menu renders" || no "--menu: $(cat "$tmp/err")"

# tools/bench/battles.sh: the table of many battles (two seeds here), and a
# bad seed count is exit 2 with one line.
if out=$(BATTLES_MAPS=data/maps/open-waters.png bash tools/bench/battles.sh "${1:-build}" 2 2>"$tmp/err"); then
    [ "$(grep -c '^generated [38]v[38] ' <<<"$out")" = 2 ] && [ "$(grep -c '^open-waters [38]v[38] ' <<<"$out")" = 2 ] &&
        [ "$(grep -c ' against ' <<<"$out")" = 5 ] && grep -q 'first broadside turn [0-9]' <<<"$out" &&
        ok "battles.sh prints both fleet sizes and the ladder" || no "battles.sh printed: $out"
else
    no "battles.sh failed: $(cat "$tmp/err")"
fi
bash tools/bench/battles.sh "${1:-build}" 0 >/dev/null 2>"$tmp/err"
[ $? = 2 ] && [ "$(wc -l <"$tmp/err")" = 1 ] && ok "battles.sh refuses 0 seeds in one line" ||
    no "battles.sh 0: $(cat "$tmp/err")"

echo "e2e_skirmish: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
