#!/usr/bin/env bash
# e2e_probe: shoal-bench's probes end to end (the cursor, a shark, a hull
# against a control sea): the same figures on 1 and 2 threads, ratios of
# plausible size. Apart from e2e_bench because it is long under TSan, which
# watches the same threaded step in e2e_bench's soak.
set -u
. tests/lib_e2e.sh
BUILD="${1:-build}"
BIN="$BUILD/shoal-bench"
PYTHON=/usr/bin/python3

# field FILE KEY: a top-level value of the one-line JSON (quotes stripped).
field() {
    sed -n "s/.*\"$2\":\"\{0,1\}\([^,\"}]*\).*/\1/p" "$1" | head -n 1
}

[ -x "$BIN" ] || { no "$BIN is not built"; e2e_done e2e_probe; exit; }

# --probe: the same figures on 1 and 2 threads; ratios of plausible size;
# a hull leaves almost no fish inside it.
PROBE=(--fish 600 --warmup 60 --json)
for p in cursor shark hull; do
    "$BIN" --probe $p "${PROBE[@]}" --threads 1 >"$T/p1.json" 2>"$T/p1.err"
    rc1=$?
    "$BIN" --probe $p "${PROBE[@]}" --threads 2 >"$T/p2.json" 2>/dev/null
    [ $rc1 -eq 0 ] && [ "$(wc -l <"$T/p1.json")" -eq 1 ] && cmp -s <(sed 's/"threads":[0-9]*//' "$T/p1.json") \
        <(sed 's/"threads":[0-9]*//' "$T/p2.json") && ok "--probe $p: same on 1 and 2 threads" ||
        no "--probe $p: 1 vs 2 threads (rc=$rc1: $(head -c 300 "$T/p1.err"))"
    cp "$T/p1.json" "$T/probe_$p.json"
done
# of 24 passes, one whose every start is off the water is left out
passes=$(field "$T/probe_cursor.json" passes)
[ "$passes" -ge 20 ] && [ "$passes" -le 24 ] && [ "$(field "$T/probe_cursor.json" fish)" = 600 ] &&
    ok "--probe echoes the run ($passes passes, 600 fish)" || no "--probe echoes the run"
$PYTHON - "$T" <<'PY' && ok "--probe ratios in range, disks sampled" || no "--probe ratios"
import json, sys
t = sys.argv[1]
want = {"cursor": ["inside", "track_1s", "track_2s"], "shark": ["r20", "r32", "r40", "track_1s", "track_2s", "track_3s"],
        "hull": ["along", "wake_1s", "wake_2s"]}
for p, slots in want.items():
    d = json.load(open(f"{t}/probe_{p}.json"))
    for s in slots:
        r, n = d[s + "_ratio"], d[s + "_samples"]
        assert n > 50 and 0 <= r < 3, (p, s, r, n)
assert json.load(open(f"{t}/probe_hull.json"))["along_ratio"] < 0.5
assert json.load(open(f"{t}/probe_shark.json"))["r32_radius"] == 32
PY

e2e_done e2e_probe
