#!/usr/bin/env bash
# e2e_scenario: every shipped scenario played to its end, headless —
# `shoal --autoplay --scenario NAME --json` names the scenario and its
# goals, ends by an objective, a fleet's loss or the limit, and the same
# seed plays the same way; each exit and bay is drawn on the board in its
# side's colour; a bad scenario file, an unknown name and flags
# that clash with a scenario exit 2 with one line. Usage: tests/e2e_scenario.sh BUILD_DIR
set -u
. tests/lib_e2e.sh
BIN="${1:-build}/shoal"
PY=/usr/bin/python3

# The outcome of scenario $2 in file $1: its name, the goals, an end.
check_json() {
    "$PY" - "$1" "$2" <<'PYEOF'
import json, sys
o = json.loads(open(sys.argv[1]).read())
assert o["scenario"] == sys.argv[2], o["scenario"]
assert o["winner"] in ("A", "B", "draw"), o["winner"]
assert 1 <= o["turns"] <= o["turn_limit"], (o["turns"], o["turn_limit"])
goals = ("destroy", "flagship", "escort", "blockade", "hold")
assert all(g in goals for g in o["goal"]), o["goal"]
for s in (0, 1):
    assert o["sunk"][s] + o["struck"][s] + o["escaped"][s] <= o["ships"][s], "more ships out than sailed"
    assert not o["goal_met"][s] or o["winner"] in ("AB"[s], "draw"), "a met goal lost"
# The battle ended: a goal, a fleet gone, or the limit.
w = "AB".index(o["winner"]) if o["winner"] != "draw" else -1
gone = [o["sunk"][s] + o["struck"][s] + o["escaped"][s] == o["ships"][s] for s in (0, 1)]
assert any(o["goal_met"]) or any(gone) or o["turns"] == o["turn_limit"] or w >= 0, "no end"
# What decided it agrees with the winner, the goals and the turns.
by, side = o["decided_by"], o["decided_side"]
assert by in ("goal", "goal_failed", "goals", "all_out", "none_left", "turn_limit",
              "turn_limit_even", "turn_limit_hold", "turn_limit_side"), by
assert (w < 0) == (by in ("goals", "none_left", "turn_limit_even")), (by, o["winner"])
assert o["verdict"] and o["verdict"].endswith("."), o["verdict"]
if by == "goal":
    assert side == o["winner"] and o["goal_met"]["AB".index(side)], (side, o["goal_met"])
if by in ("goal", "goal_failed"):
    assert o["decided_goal"] == o["goal"]["AB".index(side)], (o["decided_goal"], o["goal"])
if by.startswith("turn_limit"):
    assert o["turns"] == o["turn_limit"], (by, o["turns"])
PYEOF
}

names=$(ls data/scenarios/*.ini | sed 's|.*/||; s|\.ini$||')
[ "$(wc -w <<<"$names")" -ge 6 ] && ok "at least six scenarios ship" || no "scenarios: $names"
for s in $names; do
    if "$BIN" --autoplay --scenario "$s" --json >"$T/$s.json" 2>"$T/err"; then
        if check_json "$T/$s.json" "$s" 2>"$T/pyerr"; then
            ok "$s plays to its end: $(sed 's/.*"winner":"\([^"]*\)".*"turns":\([0-9]*\).*/\1 after \2 turns/' "$T/$s.json")"
        else
            no "$s: $(tail -1 "$T/pyerr"): $(cat "$T/$s.json")"
        fi
    else
        no "$s failed: $(cat "$T/err")"
    fi
done
"$BIN" --autoplay --scenario trafalgar --seed 3 --json >"$T/t1" 2>/dev/null
"$BIN" --autoplay --scenario trafalgar --seed 3 --json >"$T/t2" 2>/dev/null
cmp -s "$T/t1" "$T/t2" && grep -q '"seed":3' "$T/t1" && ok "a scenario's seed plays the same way twice" ||
    no "trafalgar seed 3 twice: $(cat "$T/t1") / $(cat "$T/t2")"
"$BIN" --autoplay --scenario blockade >"$T/table" 2>&1 &&
    grep -q "^blockade on Crescent Reef (seed 2207)" "$T/table" && grep -q "escaped" "$T/table" &&
    sed -n 2p "$T/table" | grep -q "[.]$" &&
    ok "the table names the scenario, says what decided it and counts ships escaped" ||
    no "table: $(cat "$T/table")"

# The objectives on the board: each scenario's exits or bay drawn over its
# sea. A screenshot of the battle (watched, so no ship is selected and the
# camera stays put; no sea life, so no fish) against one of the same map
# with no battle, at the same camera: at each goal hex's centre the colour
# has moved towards the owning side's (an exit's arrow: nearly all the
# way; the bay's tint: a little), and at the centres of other hexes away
# from the ships it has not moved at all.
check_marks() { # check_marks SCENARIO MAP CENTRE_X,CENTRE_Y
    local args=(--frames 2 --size 800x600 --zoom 1 --center "$3" --ui none --sea-life off)
    "$BIN" --scenario "$1" --opponent watch --screenshot "$T/$1-marks.png" "${args[@]}" \
        >/dev/null 2>"$T/err" &&
        "$BIN" --map "data/maps/$2.png" --screenshot "$T/$1-sea.png" "${args[@]}" >/dev/null 2>>"$T/err" ||
        { no "$1: no screenshots: $(cat "$T/err")"; return; }
    if "$PY" - "data/scenarios/$1.ini" "$T/$1-marks.png" "$T/$1-sea.png" "$3" >"$T/marks" 2>&1 <<'PYEOF'; then
import math, re, sys
import numpy as np
from PIL import Image
ini, marks, sea, centre = sys.argv[1:5]
size = 24.0  # both maps' hex_size
side_ink = {"A": np.array([120, 170, 255]), "B": np.array([255, 120, 105])}  # THEME_SIDE_*
a = np.asarray(Image.open(marks).convert("RGB")).astype(float)
b = np.asarray(Image.open(sea).convert("RGB")).astype(float)
cx, cy = map(float, centre.split(","))
h, w = a.shape[:2]
def screen(q, r):  # hex_to_pixel, then the camera at zoom 1
    x = size * (math.sqrt(3) * (q + r / 2) + math.sqrt(3) / 2)
    y = size * (1.5 * r + 1)
    return int(round(x - cx + w / 2)), int(round(y - cy + h / 2))
text = open(ini).read()
ships = [tuple(map(int, m)) for m in re.findall(r"^at = (-?\d+),(-?\d+)", text, re.M)]
def dist(p, q):
    dq, dr = p[0] - q[0], p[1] - q[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2
goals = {}  # hex -> (side, kind)
for side, body in re.findall(r"^\[objective\.([AB])\]\n((?:[^\[].*\n?)*)", text, re.M):
    kind = re.search(r"^kind = (\w+)", body, re.M).group(1)
    m = re.search(r"^(?:exit|area) = (.*)$", body, re.M)
    for hx in (m.group(1).split() if m else []):
        goals[tuple(map(int, hx.split(",")))] = (side, kind)
assert goals, "no goal hexes in " + ini
seen = 0
for hx, (side, kind) in goals.items():
    x, y = screen(*hx)
    if not (0 <= x < w and 0 <= y < h) or min(dist(hx, s) for s in ships) < 1:
        continue
    seen += 1
    want = side_ink[side] - b[y, x]
    t = float(np.dot(a[y, x] - b[y, x], want) / np.dot(want, want))
    lo, hi = (0.8, 1.05) if kind != "hold" else (0.1, 0.3)
    assert lo <= t <= hi, f"{kind} hex {hx}: {b[y, x]} -> {a[y, x]}, {t:.2f} of the way to side {side}'s colour, not {lo}..{hi}"
assert seen >= 5, f"only {seen} goal hexes in view"
quiet = 0
for q in range(-20, 50):
    for r in range(0, 45):
        x, y = screen(q, r)
        if (q, r) in goals or not (8 <= x < w - 8 and 8 <= y < h - 8):
            continue
        if min(dist((q, r), s) for s in ships) < 4:
            continue
        d = np.abs(a[y, x] - b[y, x]).max()
        assert d <= 6, f"hex {(q, r)} away from the goals changed by {d}: {b[y, x]} -> {a[y, x]}"
        quiet += 1
assert quiet >= 20, f"only {quiet} other hexes in view"
print(f"{seen} goal hexes marked, {quiet} others untouched")
PYEOF
        ok "$1: the objective hexes are marked in the side's colour ($(cat "$T/marks"))"
    else
        no "$1: $(tail -1 "$T/marks")"
    fi
}
check_marks merchant-run channel-isles 1200,450
check_marks blockade crescent-reef 1200,450
check_marks the-nile crescent-reef 900,450

# Bad input: exit 2, one line, naming what is wrong.
refuse() { # refuse WHAT WANT ARGS...: exit 2 and one line holding WANT
    local what=$1 want=$2
    shift 2
    "$BIN" "$@" >/dev/null 2>"$T/err"
    local rc=$?
    if [ $rc = 2 ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -qF -- "$want" "$T/err"; then
        ok "$what: exit 2, one line"
    else
        no "$what: rc $rc: $(cat "$T/err")"
    fi
}
refuse "an unknown scenario" "no such scenario (known: blockade," --autoplay --scenario nowhere
refuse "a name with a path in it" "a name of data/scenarios" --autoplay --scenario ../maps/open-waters
refuse "--scenario with --map" "drop --map" --autoplay --scenario trafalgar --map x.png
refuse "--scenario with --ships" "drop --map, --turns and --ships" --autoplay --scenario trafalgar --ships 2
# A broken file in a data folder of its own: each refusal names file:line.
mkdir -p "$T/data/scenarios" "$T/data/maps"
cp data/maps/open-waters.png data/maps/open-waters.ini "$T/data/maps/"
bad() { # bad WHAT WANT < FILE: FILE as data/scenarios/bad.ini is refused with WANT
    cat >"$T/data/scenarios/bad.ini"
    SHOAL_DATA="$T/data" refuse "$1" "$2" --autoplay --scenario bad
}
head_ok='name = Bad
brief = a broken one
map = open-waters
seed = 1
turn_limit = 10'
bad "a bad class" "bad.ini:7: class 'galleon' must be sloop, frigate or line" < <(printf '%s\n[ship.A1]\nclass = galleon\nat = 7,12\n[ship.B1]\nclass = sloop\nat = 10,9\n' "$head_ok")
bad "a ship on land" "bad.ini:8: ship hex 2,4 is land" < <(printf '%s\n[ship.A1]\nclass = line\nat = 2,4\n[ship.B1]\nclass = sloop\nat = 10,9\n' "$head_ok")
bad "two ships in a hex" "bad.ini:11: ship B1 at 7,12: A1 is in that hex already" < <(printf '%s\n[ship.A1]\nclass = line\nat = 7,12\n[ship.B1]\nclass = sloop\nat = 7,12\n' "$head_ok")
bad "a flagship objective with no flagship" "a flagship objective, but side B has no ship with flagship = yes" < <(printf '%s\n[ship.A1]\nclass = line\nat = 7,12\n[ship.B1]\nclass = sloop\nat = 10,9\n[objective.A]\nkind = flagship\n' "$head_ok")
bad "a missing key" "needs name, brief, map, seed and turn_limit (missing: brief)" < <(printf 'name = Bad\nmap = open-waters\n')
bad "an unknown key" "bad.ini:6: unknown key 'speed'" < <(printf '%s\nspeed = 3\n' "$head_ok")

e2e_done e2e_scenario
